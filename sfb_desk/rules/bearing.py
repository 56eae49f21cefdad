"""Bearings on the 24-point compass (G1.2, D2, D3.4): where a hex lies as seen from a unit.

Ship files carry ``extra_bearings`` on it (1 = dead ahead, 13 = dead astern). Point ``2m + 1`` is the exact direction ``30m`` degrees clockwise
from the bow: points 1, 5, 9, 13, 17, 21 lie on the six **hex rows** (through the hexsides, at
0/60/.../300 degrees) and points 3, 7, 11, 15, 19, 23 on the six **hex spines** (through the
vertices, at 30/90/.../330 degrees; G1.2). Point ``2m + 2`` is every direction strictly between
``30m`` and ``30m + 30`` degrees. Point 0 means the same hex (range 0). Every arc (D2) and
shield sector (D3.4) is bounded by rows or spines, so arc and shield membership depend only on
this point; that is how :mod:`sfb_desk.rules.arcs` answers with table look-ups.

Integer arithmetic only; :func:`bearing` runs in inner loops and allocates nothing but its result."""

from __future__ import annotations

SAME_HEX = 0
#: Compass points lying exactly on a hex row (through the hexsides; G1.2) and on a hex spine.
ROW_POINTS = (1, 5, 9, 13, 17, 21)
SPINE_POINTS = (3, 7, 11, 15, 19, 23)

# _RELATIVE[f][p]: absolute point p (as seen by a unit facing A) seen by a unit facing f.
# Turning one hexside is 60 degrees = 4 points; point 0 (same hex) stays 0.
_RELATIVE: tuple[tuple[int, ...], ...] = tuple(
    (0, *((p - 1 - 4 * f) % 24 + 1 for p in range(1, 25))) for f in range(6)
)


def bearing(
    firer: tuple[int, int, int],
    facing: int,
    target: tuple[int, int, int],
    same_hex_direction: int | None = None,
) -> int:
    """Where ``target`` lies as seen from a unit in ``firer`` facing ``facing``: a point 1..24
    of the 24-point compass (module docstring; 1 dead ahead, 13 dead astern; odd points exactly
    on a hex row or spine, even points strictly between), or 0 for the same hex.

    For the same hex the direction comes from D3.42 (how the units came together), which the
    rules leave to the table: pass it as ``same_hex_direction`` (the absolute direction A..F of
    the target from the firer) to get the point of that hex row, else 0 is returned.

    Integer classification of the cube delta into the six 60-degree wedges of G1.3 and, within
    each, against its spine; rotating into the ship frame is subtracting 4 points per facing.
    """
    q = target[0] - firer[0]
    r = target[1] - firer[1]
    s = target[2] - firer[2]
    if q == 0:
        if r < 0:
            p = 1
        elif r > 0:
            p = 13
        elif same_hex_direction is None:
            return 0
        else:
            p = 1 + 4 * same_hex_direction
    elif r == 0:
        p = 9 if q > 0 else 21
    elif s == 0:
        p = 5 if q > 0 else 17
    elif q > 0:
        if r < 0:
            if s > 0:  # RF wedge, 0-60 degrees; spine q == s at 30
                p = 2 if q < s else (3 if q == s else 4)
            else:  # R wedge, 60-120; spine r == s at 90
                p = 6 if s > r else (7 if s == r else 8)
        else:  # RR wedge, 120-180; spine q == r at 150
            p = 10 if r < q else (11 if r == q else 12)
    elif r > 0:
        if s < 0:  # LR wedge, 180-240; spine q == s at 210
            p = 14 if q > s else (15 if q == s else 16)
        else:  # L wedge, 240-300; spine r == s at 270
            p = 18 if s < r else (19 if s == r else 20)
    else:  # LF wedge, 300-360; spine q == r at 330
        p = 22 if r > q else (23 if r == q else 24)
    return _RELATIVE[facing][p]


def describe_bearing(point: int) -> str:
    """A compass point in words, e.g. ``"30 deg (on a hex spine)"``."""
    if point == SAME_HEX:
        return "same hex"
    if not 1 <= point <= 24:
        raise ValueError(f"compass point must be 0..24, got {point}")
    if point % 2:
        degrees = 15 * (point - 1)
        where = "hex row" if point in ROW_POINTS else "hex spine"
        return f"{degrees} deg (on a {where})"
    low = 15 * (point - 2)
    return f"between {low} and {low + 30} deg"
