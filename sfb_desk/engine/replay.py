"""Replay and undo: a game is its initial state plus the answers it was given (DESIGN.md 4).

Feeding the accepted answers of a log, in order, to a new session started from the same initial
state reproduces the game exactly (the dice are among the answers). Undo is replaying one answer
fewer; redo is replaying it again. Nothing is stored but the initial state and the answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.game_state import GameState
from ..rules.results import Refusal
from .answers import Replay
from .session import Session


class ReplayError(ValueError):
    """The answers do not replay from this initial state (a corrupt or mismatched log)."""


def replay(initial: GameState, answers: Sequence[tuple[object, str]]) -> Session:
    """A session from ``initial`` with ``answers`` (``(value, source)`` pairs) given in order."""
    session = Session(initial)
    source = Replay(answers)
    outcome = session.run(source)
    if isinstance(outcome, Refusal):
        raise ReplayError(f"answer {len(answers) - source.remaining} was refused: {outcome}")
    if source.remaining:
        raise ReplayError(
            f"{source.remaining} answer(s) left over: the game ended or stopped before them"
        )
    return session


def undo(session: Session, steps: int = 1) -> Session:
    """The session as it was ``steps`` answers ago (replaying all but the last ``steps``)."""
    answers = session.log.answers()
    if not 0 <= steps <= len(answers):
        raise ValueError(f"cannot undo {steps} of {len(answers)} answers")
    return replay(session.initial, answers[: len(answers) - steps])
