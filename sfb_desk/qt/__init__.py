"""Qt adapters without widgets: game controller, undo stack, sequencer worker thread."""
