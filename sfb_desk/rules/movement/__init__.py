"""Movement (C1-C12): moves and turns (core), speed changes (speed), high energy turns
(het), erratic maneuvers (em), seeking weapons' moves (seekers), disengagement (disengage)."""
