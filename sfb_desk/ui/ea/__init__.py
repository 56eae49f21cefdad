"""The energy allocation sheet and the EA dock of a game in play."""
