"""The orders panel and its editors: one editor per kind of prompt the table answers."""
