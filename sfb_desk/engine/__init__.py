"""The sequencer session: prompts, answers, dice sources, event log, replay. No Qt."""
