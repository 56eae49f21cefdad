"""One QPainter renderer per form, shared by screen, PDF and printer."""
