"""The analysis charts: one ship's panel (pyqtgraph) and the dock bound to a game in play."""
