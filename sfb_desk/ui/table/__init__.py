"""The game table's panels: dice, event log, impulse tracker, victory."""
