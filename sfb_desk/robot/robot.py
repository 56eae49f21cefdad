"""The robot opponent as an answer source (:mod:`sfb_desk.engine.answers`).

``Robot(side, level, seed).answer(prompt, session)`` returns ``(value, "robot")`` for the
prompts of its side and :data:`~sfb_desk.engine.answers.NO_ANSWER` for everything else, so it
chains with the GUI or another robot. A prompt belongs to a side through ``prompt.side`` or the
side of ``prompt.unit``; a prompt with neither is answered (dice and choices only) when the
robot is told every side is a robot (``solo=True``).

The robot is **stateless**: every answer is a pure function of the prompt, the session's state,
combat records and ship classes, the level and the seed. Undo, redo, replay and answering on a
worker thread are therefore safe. Its dice are the seeded dice of the engine
(:class:`~sfb_desk.engine.answers.SeededDice`), derived from the prompt key and the seed.

Every order is built from the prompt's options and the rules functions and checked with the
session's own check of the pending prompt before it is given, so the session never refuses it.
"""

from __future__ import annotations

from .andro import displacement_answer, sat_ships_answer
from ..engine.answers import NO_ANSWER, SeededDice
from ..engine.prompts import Choice, DiceRequest, Orders
from .choices import choice_answer
from .energy import NoLegalAnswer, allocation_answer
from .fire import fire_answer, launch_answer, reserve_answer
from .levels import DEFAULT_LEVEL
from .levels import level as find_level
from .moves import announce_answer, movement_answer
from .systems import cloak_answer, marines_answer, tractor_answer
from .view import side_of

SOURCE = "robot"


class Robot:
    """An answer source playing ``side`` at ``level`` (see :data:`.levels.LEVELS`)."""

    def __init__(self, side: str, level: str = DEFAULT_LEVEL, seed: int = 0, *,
                 solo: bool = False) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the robot's seed is a whole number, not {seed!r}")
        self.side = side
        self.style = find_level(level)  # ValueError names the levels
        self.level = self.style.name
        self.seed = seed
        self.solo = solo

    def __repr__(self) -> str:
        return f"Robot({self.side!r}, {self.level!r}, seed={self.seed})"

    def mine(self, prompt, session) -> bool:  # noqa: ANN001
        """Is ``prompt`` for this robot to answer?"""
        side = side_of(prompt, session)
        if side is None:
            return self.solo and not isinstance(prompt, Orders)
        return side == self.side

    def answer(self, prompt, session):  # noqa: ANN001, ANN201
        """``(value, "robot")``, or NO_ANSWER for another side's prompt or when no legal answer
        exists (:class:`~.energy.NoLegalAnswer`: the prompt is left to the table)."""
        if not self.mine(prompt, session):
            return NO_ANSWER
        try:
            return self.decide(prompt, session), SOURCE
        except NoLegalAnswer:
            return NO_ANSWER

    def decide(self, prompt, session) -> object:  # noqa: ANN001
        """The answer to ``prompt`` (which must be this robot's)."""
        lv = self.style
        if isinstance(prompt, DiceRequest):
            return SeededDice(self.seed).roll(prompt, self.seed)
        if isinstance(prompt, Choice):
            return choice_answer(prompt, session, lv)
        kind = prompt.kind
        if kind == "energy_allocation":
            if session.combat.ship(prompt.unit) is not None:
                return allocation_answer(prompt, session, lv)
            return {}  # a ship without a record: movement lines only, none used (B3)
        if kind == "speed_plot":
            unit = session.state.find(prompt.unit)
            return unit.prev_plot[-1][1] if unit is not None and unit.prev_plot else 0
        if kind == "movement":
            return movement_answer(prompt, session, lv)
        if kind == "announce":
            return announce_answer(prompt, session, lv)
        if kind == "fire":
            return fire_answer(prompt, session, lv)
        if kind == "launches":
            return launch_answer(prompt, session, lv)
        if kind == "reserve_reinforcement":
            return reserve_answer(prompt, session, lv)
        if kind == "disengage":
            return "no"
        if kind == "tractors":
            return tractor_answer(prompt, session, lv)
        if kind == "cloak":
            return cloak_answer(prompt, session, lv)
        if kind == "marines":
            return marines_answer(prompt, session, lv)
        if kind == "lay_mines":
            from .mines import lay_answer

            return lay_answer(prompt, session, lv)
        if kind == "sat_ships":  # Module C2 (robot/andro.py)
            return sat_ships_answer(prompt, session, lv)
        if kind == "displacement":
            return displacement_answer(prompt, session, lv)
        if prompt.default is not None:
            return prompt.default
        raise ValueError(f"the robot cannot answer a {kind!r} prompt ({prompt.key})")
