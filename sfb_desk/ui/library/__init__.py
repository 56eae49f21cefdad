"""The ship library: the browser and the ship designer."""
