"""The robot opponent: answers the session's prompts as a player would.

* :class:`Robot` - an answer source for one side at one of the :data:`LEVELS`
  (:mod:`.robot`; its decisions in :mod:`.energy`, :mod:`.moves`, :mod:`.fire`,
  :mod:`.choices`, reading the position through :mod:`.view`);
* :func:`play_duel` - two robots fight a duel headless (:mod:`.duel`); many duels and their
  spread in :mod:`.series`.
"""

from .duel import DuelError, DuelResult, play_duel
from .levels import LEVELS, Level
from .robot import Robot

__all__ = ["LEVELS", "DuelError", "DuelResult", "Level", "Robot", "play_duel"]
