"""The scenario builder (ships, hexes, terrain, mines, victory -> a scenario file)."""
