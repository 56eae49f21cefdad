"""Where gravity waves are and how they move (Advanced Missions P9.1, P9.2, P14.2).

A gravity wave is a straight row of hexes across the map between two counters on its edges
(P9.11), written "20-point gravity wave in 0501-0103, moving in direction C/D" (P9.12). It moves
one hex per impulse (P9.2) at right angles to its row: the two directions of its motion lie on
either side of that square angle, and a row shifted one hex in either of them is the same row
(so "C/D" names one motion). When an edge of the hex grid makes a counter move two hexes (the
P9.2 example: 2101 to 2301), that is the row re-drawn from edge to edge, as here.

Pure geometry of frozen hexes; the engine moves the waves and applies their effects
(``engine/terrain_steps.py``).
"""

from __future__ import annotations

from ...hexes import STANDARD_MAP, Hex, MapBounds, hex_range, neighbor

FACING_LETTERS = "ABCDEF"
_REACH = 90  # further than any two hexes of the 42x30 map are apart


def parse_motion(text: str) -> tuple[int, int]:
    """``"C/D"`` (or ``"C-D"``) as the pair of directions (2, 3); ValueError naming P9.12
    when it is not two adjacent directions A-F."""
    parts = [p.strip().upper() for p in text.replace("-", "/").split("/")]
    if len(parts) != 2 or any(len(p) != 1 or p not in FACING_LETTERS for p in parts):
        raise ValueError(f"a gravity wave moves in two adjacent directions such as 'C/D', "
                         f"not {text!r} (P9.12)")
    first, second = (FACING_LETTERS.index(p) for p in parts)
    if (second - first) % 6 == 5:
        first, second = second, first
    if (second - first) % 6 != 1:
        raise ValueError(f"{text!r}: the two directions of a gravity wave are adjacent, "
                         "like C/D (P9.12)")
    return first, second


def motion_text(motion: tuple[int, int]) -> str:
    return f"{FACING_LETTERS[motion[0]]}/{FACING_LETTERS[motion[1]]}"


def row_axis(a: Hex, b: Hex) -> int:
    """The direction (0-5) from ``a`` along the straight hex row to ``b``; ValueError naming
    P9.11 when the two hexes are not on one row."""
    steps = hex_range(a, b)
    if steps == 0:
        raise ValueError(f"a gravity wave runs between two different hexes, not {a.label} "
                         "twice (P9.11)")
    for d in range(6):
        h = a
        for _ in range(steps):
            h = neighbor(h, d)
        if h == b:
            return d
    raise ValueError(f"{a.label}-{b.label} is not a straight row of hexes (P9.11)")


def axis_of_motion(motion: tuple[int, int]) -> int:
    """The row direction at right angles to ``motion`` (C/D moves a row running B-E)."""
    return (motion[0] - 1) % 6


def check_motion(axis: int, motion: tuple[int, int]) -> None:
    """A wave along ``axis`` moves at right angles to it (P9.12: 0501-0103 moves C/D)."""
    if axis_of_motion(motion) % 3 != axis % 3:
        raise ValueError(f"a wave running {FACING_LETTERS[axis]}-{FACING_LETTERS[(axis + 3) % 6]}"
                         f" moves across its row, not {motion_text(motion)} (P9.12)")


def row_through(h: Hex, axis: int, bounds: MapBounds = STANDARD_MAP) -> frozenset[Hex]:
    """Every map hex of the row through ``h`` along ``axis`` (``h`` may be off the map)."""
    out = set()
    for d in (axis, (axis + 3) % 6):
        here = h
        for _ in range(_REACH):
            if bounds.contains(here):
                out.add(here)
            here = neighbor(here, d)
    return frozenset(out)


def wave_row(a: Hex, b: Hex, motion: tuple[int, int],
             bounds: MapBounds = STANDARD_MAP) -> frozenset[Hex]:
    """The hexes of the wave "in a-b moving ``motion``" (P9.11, P9.12), edge to edge."""
    axis = row_axis(a, b)
    check_motion(axis, motion)
    return row_through(a, axis, bounds)


def advance(hexes: frozenset[Hex], motion: tuple[int, int],
            bounds: MapBounds = STANDARD_MAP) -> frozenset[Hex]:
    """The wave one impulse later (P9.2): its row moved one hex; empty once it has left."""
    if not hexes:
        return frozenset()
    start = min(hexes, key=lambda h: (h.col, h.row))
    return row_through(neighbor(start, motion[0]), axis_of_motion(motion), bounds)


def upwind_row(motion: tuple[int, int], bounds: MapBounds = STANDARD_MAP) -> frozenset[Hex]:
    """The first row of the map a wave moving ``motion`` crosses: where an ion storm's waves
    come in (P14.2)."""
    axis = axis_of_motion(motion)
    here = Hex.from_offset(1, 1)
    back = (motion[0] + 3) % 6
    while row_through(neighbor(here, back), axis, bounds):
        here = neighbor(here, back)
    while not row_through(here, axis, bounds):  # pragma: no cover - (1, 1) is on the map
        here = neighbor(here, motion[0])
    return row_through(here, axis, bounds)


#: P14.2: ion storm waves come 32 hexes apart; at one hex an impulse, one a turn.
ION_STORM_WAVE_EVERY = 32


def ion_storm_motion(roll: int) -> tuple[int, int]:
    """P14.2: the direction the storm's waves come from, rolled before the scenario: the die
    names the first of the two directions they move in (1: A/B ... 6: F/A)."""
    if not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    return roll - 1, roll % 6


def ring_motion(hole: Hex, here: Hex) -> tuple[int, int] | int:
    """How a black hole's expanding ring (P9.41) moves through ``here``: the pair of adjacent
    directions it moves in (as a straight wave, P9.31), or one direction on a corner of the
    ring, where only one shield faces it (P9.43)."""
    from ...hexes import DIRECTIONS

    radius = hex_range(hole, here)
    if radius == 0:
        raise ValueError("the black hole's own hex is not on its ring")
    delta = here - hole
    for d in range(6):
        if delta == DIRECTIONS[d] * radius:
            return d
    for d in range(6):
        for a in range(1, radius):
            if delta == DIRECTIONS[d] * a + DIRECTIONS[(d + 1) % 6] * (radius - a):
                return d, (d + 1) % 6
    raise AssertionError(f"{here.label} is on no sector of the ring")  # pragma: no cover


def corner_shields(facing: int, direction: int) -> tuple[int, int, int]:
    """P9.43: on a corner the one shield facing the ring (the way it comes from) and its two
    neighbours share the damage."""
    struck = ((direction + 3 - facing) % 6) + 1
    return tuple(sorted(((struck - 1 + k) % 6) + 1 for k in (-1, 0, 1)))  # type: ignore[return-value]
