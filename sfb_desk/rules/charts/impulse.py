"""The Impulse Chart (C1.4): on which of the 32 impulses of a turn a unit at each speed moves.

The chart is the rule "a unit at speed S moves on impulse i exactly when
floor(S*i/32) > floor(S*(i-1)/32)", which spreads S moves as evenly as possible over the turn
and always includes impulse 32 (../shared/reference/basic-set-facts.md section 5.2, High: five
peers agree, one verified against the SFB Online client's own chart). It is computed once, here,
into :data:`IMPULSE_CHART` for speeds 0..32; the sequencer, the CLI and the GUI all read that.

Speeds run 0..32: ships reach at most 31 (30 from warp plus 1 from impulse, C2.112); seeking
weapons move at up to 32. Anything else is a programmer error (ValueError).
"""

from __future__ import annotations

IMPULSES_PER_TURN = 32
MAX_SPEED = 32


def _moves(speed: int, impulse: int) -> bool:
    """The C1.4 rule itself."""
    return speed * impulse // IMPULSES_PER_TURN > speed * (impulse - 1) // IMPULSES_PER_TURN


#: IMPULSE_CHART[speed] is the tuple of impulses (1..32) on which a unit at that speed moves.
IMPULSE_CHART: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(1, IMPULSES_PER_TURN + 1) if _moves(speed, i))
    for speed in range(MAX_SPEED + 1)
)

# _MOVES[speed][impulse]: the same chart as booleans, for the sequencer's 32-per-turn lookups.
_MOVES: tuple[tuple[bool, ...], ...] = tuple(
    tuple(i in set(IMPULSE_CHART[speed]) for i in range(IMPULSES_PER_TURN + 1))
    for speed in range(MAX_SPEED + 1)
)

# _MOVERS[impulse]: the speeds that move on that impulse (index 0 unused).
_MOVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(MAX_SPEED + 1) if i and _MOVES[s][i])
    for i in range(IMPULSES_PER_TURN + 1)
)


def _check_speed(speed: int) -> None:
    if not isinstance(speed, int) or not 0 <= speed <= MAX_SPEED:
        raise ValueError(
            f"speed must be 0..{MAX_SPEED} (C1.4; ships at most 31, C2.112), not {speed!r}"
        )


def _check_impulse(impulse: int) -> None:
    if not isinstance(impulse, int) or not 1 <= impulse <= IMPULSES_PER_TURN:
        raise ValueError(f"impulse must be 1..{IMPULSES_PER_TURN} (C1.4), not {impulse!r}")


def moves_on(speed: int, impulse: int) -> bool:
    """Does a unit at ``speed`` move on ``impulse`` (C1.4)?"""
    if 0 <= speed <= MAX_SPEED and 1 <= impulse <= IMPULSES_PER_TURN:
        try:
            return _MOVES[speed][impulse]
        except TypeError:
            pass  # a float or other non-int: report it below
    _check_speed(speed)
    _check_impulse(impulse)
    raise AssertionError("unreachable")  # pragma: no cover


def impulses_for(speed: int) -> tuple[int, ...]:
    """The impulses on which a unit at ``speed`` moves, in order (C1.4); () at speed 0."""
    _check_speed(speed)
    return IMPULSE_CHART[speed]


def speeds_moving_on(impulse: int) -> tuple[int, ...]:
    """The speeds (1..32) whose units move on ``impulse`` (C1.4), ascending."""
    _check_impulse(impulse)
    return _MOVERS[impulse]
