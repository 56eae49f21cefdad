"""What the table may order now and which prompts the program may pass for it (no Qt):
fire and launch options of each ship, and the pass policy the app and the command line share."""
