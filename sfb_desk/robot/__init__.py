"""The robot opponent: answers the session's prompts as a player would."""
