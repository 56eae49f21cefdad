"""Replay and undo: a game is its initial state plus the answers it was given (DESIGN.md 4).

Feeding the accepted answers of a log, in order, to a new session started from the same initial
state (and ship records, :mod:`.records`) reproduces the game exactly (the dice are among the
answers). Undo is replaying one answer fewer; redo is replaying it again.

Undo is fast: a session keeps a :class:`~.session.Snapshot` at the start of every impulse
(units and ship records: a few pointers each). :func:`undo` resumes from the latest snapshot
taken at or before the answer it goes back to and replays only the answers after it (at most
one impulse's worth), keeping the log records before the snapshot as they were.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence

from ..rules.game_state import GameState
from ..rules.results import Refusal
from ..rules.ship import ShipSpec
from .answers import Replay
from .log import GameLog
from .records import Combat
from .session import Session


class ReplayError(ValueError):
    """The answers do not replay from this initial state (a corrupt or mismatched log)."""


def _run(session: Session, answers: Sequence[tuple[object, str]], offset: int = 0,
         keys: Sequence[str] | None = None) -> Session:
    source = Replay(answers, keys)
    outcome = session.run(source)
    if isinstance(outcome, Refusal):
        raise ReplayError(f"answer {offset + len(answers) - source.remaining} was refused: {outcome}")
    if source.remaining:
        first = len(answers) - source.remaining
        to = f" (to {keys[first]!r})" if keys is not None else ""
        raise ReplayError(
            f"{source.remaining} answer(s) left over from answer {offset + first}{to}: the game "
            "ended or stopped before them"
        )
    return session


def replay(
    initial: GameState,
    answers: Sequence[tuple[object, str]],
    combat: Combat | None = None,
    specs: Mapping[str, ShipSpec] | None = None,
    *,
    keys: Sequence[str] | None = None,
) -> Session:
    """A session from ``initial`` with ``answers`` (``(value, source)`` pairs) given in order
    (``keys``: their prompt keys, so prompts added since are passed; :class:`Replay`)."""
    return _run(Session(initial, combat, specs), answers, keys=keys)


def undo(session: Session, steps: int = 1) -> Session:
    """The session as it was ``steps`` answers ago, replayed from the nearest snapshot."""
    answers = session.log.answers()
    if not 0 <= steps <= len(answers):
        raise ValueError(f"cannot undo {steps} of {len(answers)} answers")
    keep = len(answers) - steps
    snaps = session.snapshots
    i = bisect.bisect_right([s.answers for s in snaps], keep) - 1
    if i < 0:
        return replay(session.initial, answers[:keep], session.initial_combat, session.specs)
    snap = snaps[i]
    resumed = Session(
        session.initial, session.initial_combat, session.specs, resume=snap,
        log=GameLog(list(session.log.records[: snap.records])), snapshots=snaps[: i + 1],
    )
    return _run(resumed, answers[snap.answers:keep], snap.answers)
