"""Pieces the library lists and details panes share."""
