"""The hex map: geometry, grid, counters and overlays, input, the view and its bridge to a game."""
