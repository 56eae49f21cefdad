"""The SSD widget, its status texts and box facts, and the SSD tabs of a game in play."""
