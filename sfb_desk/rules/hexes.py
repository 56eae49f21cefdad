"""Hex geometry of the SFB map: coordinates, labels, neighbours, true range and lines (bearings on
the 24-point compass: :mod:`sfb_desk.rules.bearing`).

Conventions (DESIGN.md section 5; reference basic-set-facts.md Part 2, G0):

* **Cube coordinates inside, SFB labels at the edges.** A :class:`Hex` is a cube coordinate
  ``(q, r, s)`` with ``q + r + s == 0``. The printed label ``CCRR`` (column, row, 1-based; 0101
  top-left, 4230 bottom-right on the standard 42x30 map) is converted only when reading or
  showing a hex: ``q = c``, ``r = row - ceil(c / 2)``, ``s = -q - r`` (G0).
* **Flat-topped hexes in vertical columns; even-numbered columns sit half a hex lower** than odd
  ones (G0, High): the neighbours of 2215 in facings A-F are 2214, 2315, 2316, 2216, 2116, 2115
  (the orbit example, P8.1, seed 000 L6722).
* **Facings** are :class:`Facing` values ``A``..``F`` = ints 0..5, A up (toward row 01), B-F
  clockwise. Every function takes a plain int 0..5 (a :class:`Facing` is one); letters and the
  SFB direction numbers 1..6 are converted at the edges by :func:`parse_facing`.
* **Every label a player reads is four digits** (``Hex.label``). A floating map (or a hex beyond
  an edge) has columns and rows outside 01..99, or negative ones; their numbers are taken modulo
  100 (``LABEL_PERIOD``), so the numbering of the standard map goes on past its edges and wraps
  from 99 to 00: column -1 is ``99``, row 100 is ``00``. A label therefore names one hex in every
  block of 100 x 100; read back with :func:`hex_from_label` ``near`` a hex of the battle, it is the
  one nearest (within 50 columns and rows), which every unit still in play is, units more than 50
  hexes from all enemies having disengaged (C7.2). Without ``near`` it is the hex of those
  digits, column and row 00..99 (the standard map and around it). decisions.md, "Hex labels".
* **Files keep the exact hex** (``Hex.key``): ``CCRR`` when column and row are in 0..99, else
  ``C.R`` (``101.05``, ``-3.12``, row zero-padded to two digits). :func:`hex_from_label` reads
  ``C.R`` for any hex, and an all-digit label of even length of 6 or more split in half
  (``101015`` is column 101, row 15).
Everything is integer arithmetic (no angles, no floats), and the functions that run in inner
loops (:func:`hex_range`, :func:`neighbor`) allocate nothing but their result.
"""

from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum

# ---------------------------------------------------------------------------------------------
# Coordinates


_new = tuple.__new__  # builds a Hex without re-checking q + r + s == 0 (internal fast path)


# (q, r, s): a plain named tuple, without the typing module (the light CLI commands' start-up)
_Cube = namedtuple("_Cube", ("q", "r", "s"))


class Hex(_Cube):
    """One hex as a cube coordinate ``(q, r, s)``, ``q + r + s == 0`` (G0).

    A tuple subclass rather than a dataclass: hashing and equality run in C, which matters for
    the map's dict look-ups in inner loops. It is immutable like the rest of the rules state.
    ``+``, ``-`` (binary and unary) and ``*`` by an int are vector arithmetic, so
    ``target - firer`` is the cube delta. Note that a Hex compares equal to the plain tuple
    ``(q, r, s)``.
    """

    __slots__ = ()

    def __new__(cls, q: int, r: int, s: int | None = None) -> Hex:
        if s is None:
            s = -q - r
        elif q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return _new(cls, (q, r, s))

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex in printed column ``col`` and row ``row`` (G0: r = row - ceil(col / 2))."""
        r = row - (col + 1) // 2
        return _new(cls, (col, r, -col - r))

    @property
    def col(self) -> int:
        """The printed column (the ``CC`` of ``CCRR``)."""
        return self[0]

    @property
    def row(self) -> int:
        """The printed row (the ``RR`` of ``CCRR``); even columns sit half a hex lower (G0)."""
        return self[1] + (self[0] + 1) // 2

    @property
    def label(self) -> str:
        """The four-digit label ``CCRR`` players read (modulo 100 off the map; module
        docstring)."""
        return format_label(self[0], self[1] + (self[0] + 1) // 2)

    @property
    def key(self) -> str:
        """The exact label files keep: ``CCRR``, or ``C.R`` off 00..99 (module docstring)."""
        return format_key(self[0], self[1] + (self[0] + 1) // 2)

    def __str__(self) -> str:
        return self.label

    def __add__(self, other: tuple[int, int, int]) -> Hex:  # type: ignore[override]
        return _new(Hex, (self[0] + other[0], self[1] + other[1], self[2] + other[2]))

    def __sub__(self, other: tuple[int, int, int]) -> Hex:
        return _new(Hex, (self[0] - other[0], self[1] - other[1], self[2] - other[2]))

    def __neg__(self) -> Hex:
        return _new(Hex, (-self[0], -self[1], -self[2]))

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return _new(Hex, (self[0] * k, self[1] * k, self[2] * k))

    __rmul__ = __mul__


ORIGIN = Hex(0, 0, 0)


# ---------------------------------------------------------------------------------------------
# Labels


class LabelError(ValueError):
    """A hex label that cannot be read."""


_LABEL_4 = re.compile(r"(\d\d)(\d\d)")
_LABEL_DOTTED = re.compile(r"([+-]?\d+)\.([+-]?\d+)")
_LABEL_DIGITS = re.compile(r"\d{4,}")

LABEL_HELP = (
    "expected CCRR (column and row, e.g. 2215), or C.R for a hex by its exact column and row "
    "(e.g. 101.05 or -3.12)"
)
#: Four-digit labels repeat every this many columns and rows (module docstring).
LABEL_PERIOD = 100


def format_label(col: int, row: int) -> str:
    """The four-digit label ``CCRR`` of column ``col``, row ``row``, each modulo 100."""
    return f"{col % LABEL_PERIOD:02d}{row % LABEL_PERIOD:02d}"


def format_key(col: int, row: int) -> str:
    """The exact label: ``CCRR`` when column and row are both in 0..99, else ``C.R``."""
    if 0 <= col <= 99 and 0 <= row <= 99:
        return f"{col:02d}{row:02d}"
    return f"{col:02d}.{row:02d}"


def _nearest(digits: int, near: int) -> int:
    """The number ending in ``digits`` (modulo 100) nearest ``near`` (``near - 50`` to
    ``near + 49``)."""
    return near - 50 + (digits - near + 50) % LABEL_PERIOD


def parse_label(label: str, near: tuple[int, int, int] | None = None) -> tuple[int, int]:
    """``(column, row)`` of a label; a four-digit one is taken nearest the hex ``near`` when
    given (module docstring). Raises :class:`LabelError` with what was expected."""
    text = label.strip() if isinstance(label, str) else ""
    m = _LABEL_4.fullmatch(text)
    if m:
        col, row = int(m[1]), int(m[2])
        if near is not None:
            col = _nearest(col, near[0])
            row = _nearest(row, near[1] + (near[0] + 1) // 2)
        return col, row
    m = _LABEL_DOTTED.fullmatch(text)
    if m:
        return int(m[1]), int(m[2])
    if _LABEL_DIGITS.fullmatch(text) and len(text) % 2 == 0:
        half = len(text) // 2
        return int(text[:half]), int(text[half:])
    raise LabelError(f"bad hex label {label!r}: {LABEL_HELP}")


def hex_from_label(label: str, near: tuple[int, int, int] | None = None) -> Hex:
    """The hex a label names, e.g. ``hex_from_label("2215")`` (G0); a four-digit label is taken
    nearest the hex ``near`` when given, so ``hex_from_label(h.label, near=n) == h`` for every
    hex within 50 columns and rows of ``n`` (module docstring)."""
    col, row = parse_label(label, near)
    return Hex.from_offset(col, row)


# ---------------------------------------------------------------------------------------------
# Map bounds


@dataclass(frozen=True, slots=True)
class MapBounds:
    """The playing area: ``columns`` x ``rows`` hexes from 0101, or unbounded where ``None``.

    ``STANDARD_MAP`` is the 42x30 map; ``FLOATING_MAP`` has no edges (every hex, including
    negative columns and rows, is on it).
    """

    columns: int | None
    rows: int | None

    def contains(self, h: tuple[int, int, int]) -> bool:
        col = h[0]
        if self.columns is not None and not 1 <= col <= self.columns:
            return False
        if self.rows is not None and not 1 <= h[1] + (col + 1) // 2 <= self.rows:
            return False
        return True

    def hexes(self) -> Iterator[Hex]:
        """Every hex of a bounded map, column by column (0101, 0102, ...)."""
        if self.columns is None or self.rows is None:
            raise ValueError("a floating map has no finite list of hexes")
        for col in range(1, self.columns + 1):
            for row in range(1, self.rows + 1):
                yield Hex.from_offset(col, row)


STANDARD_MAP = MapBounds(42, 30)
FLOATING_MAP = MapBounds(None, None)


# ---------------------------------------------------------------------------------------------
# Facings and neighbours


class Facing(IntEnum):
    """The six SFB directions, A up (toward row 01), B-F clockwise; ``int(Facing.A) == 0``."""

    A = 0
    B = 1
    C = 2
    D = 3
    E = 4
    F = 5

    @property
    def letter(self) -> str:
        return self.name

    @property
    def number(self) -> int:
        """The SFB direction number 1..6 (A = 1)."""
        return self.value + 1

    def turned(self, k: int) -> Facing:
        """This facing turned ``k`` hexsides clockwise (negative: counter-clockwise)."""
        return Facing((self.value + k) % 6)


def parse_facing(value: str | int) -> Facing:
    """A :class:`Facing` from a letter ``"A"``..``"F"`` (any case), an SFB direction number
    1..6 (int or string; 1 = A), or a :class:`Facing` (returned as is).

    Plain ints are read as SFB numbers 1..6, not as the 0..5 index: pass a :class:`Facing`
    to be unambiguous. Raises ``ValueError`` with what was expected.
    """
    if isinstance(value, Facing):
        return value
    if isinstance(value, str):
        text = value.strip().upper()
        if len(text) == 1 and "A" <= text <= "F":
            return Facing[text]
        if text in {"1", "2", "3", "4", "5", "6"}:
            return Facing(int(text) - 1)
    elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return Facing(value - 1)
    raise ValueError(f"bad facing {value!r}: expected a letter A-F or a direction number 1-6")


#: Unit cube vectors of the six directions A..F (G0).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1, 1),
    Hex(1, -1, 0),
    Hex(1, 0, -1),
    Hex(0, 1, -1),
    Hex(-1, 1, 0),
    Hex(-1, 0, 1),
)


def neighbor(h: tuple[int, int, int], facing: int) -> Hex:
    """The hex adjacent to ``h`` across its hexside in direction ``facing`` (0..5 = A..F)."""
    d = DIRECTIONS[facing]
    return _new(Hex, (h[0] + d[0], h[1] + d[1], h[2] + d[2]))


def neighbors(h: tuple[int, int, int]) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` in direction order A..F."""
    return tuple(neighbor(h, f) for f in range(6))


# Rotation by k * 60 degrees clockwise as a signed permutation of (q, r, s): one clockwise step
# maps (q, r, s) -> (-r, -s, -q), so k steps give sign * (v[i0], v[i1], v[i2]).
def _rotation_table() -> tuple[tuple[int, int, int, int], ...]:
    table = []
    idx, sign = (0, 1, 2), 1
    for _ in range(6):
        table.append((*idx, sign))
        idx, sign = (idx[1], idx[2], idx[0]), -sign
    return tuple(table)


_ROT_CW = _rotation_table()


def rotate(h: tuple[int, int, int], k: int, center: tuple[int, int, int] = ORIGIN) -> Hex:
    """``h`` rotated ``k`` x 60 degrees clockwise about ``center`` (negative k: anticlockwise)."""
    i0, i1, i2, sign = _ROT_CW[k % 6]
    cq, cr, cs = center
    v = (h[0] - cq, h[1] - cr, h[2] - cs)
    return _new(Hex, (cq + sign * v[i0], cr + sign * v[i1], cs + sign * v[i2]))


def rotate_facing(facing: int, k: int) -> Facing:
    """``facing`` turned ``k`` hexsides clockwise."""
    return Facing((facing + k) % 6)


def to_ship_frame(firer: tuple[int, int, int], facing: int, target: tuple[int, int, int]) -> Hex:
    """The delta ``target - firer`` rotated into the frame of a unit facing ``facing``, in
    which the unit faces A (G1.3 step 2: ``facing`` counter-clockwise 60 degree steps)."""
    i0, i1, i2, sign = _ROT_CW[-facing % 6]
    v = (target[0] - firer[0], target[1] - firer[1], target[2] - firer[2])
    return _new(Hex, (sign * v[i0], sign * v[i1], sign * v[i2]))


# ---------------------------------------------------------------------------------------------
# Range, rings, lines


def hex_range(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    """True range (D1.4): hexes counted from ``a`` to ``b``, the target's hex counted and the
    firer's not; adjacent is 1 and the same hex 0. Equals the cube distance (G1.1)."""
    aq, ar, as_ = a
    bq, br, bs = b
    dq = aq - bq
    if dq < 0:
        dq = -dq
    dr = ar - br
    if dr < 0:
        dr = -dr
    ds = as_ - bs
    if ds < 0:
        ds = -ds
    return (dq + dr + ds) >> 1


def hex_ring(center: tuple[int, int, int], radius: int) -> list[Hex]:
    """The hexes at range exactly ``radius`` from ``center``, clockwise from the one straight
    up (direction A). This is the order of the standard orbits: P8.1 (radius 1), P8.51
    (radius 2) and P8.52 (radius 3) list their hexes exactly so."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    start = Hex(*center) + DIRECTIONS[0] * radius
    if radius == 0:
        return [start]
    ring = []
    h = start
    for leg in range(6):  # legs run C, D, E, F, A, B
        step = DIRECTIONS[(leg + 2) % 6]
        for _ in range(radius):
            ring.append(h)
            h = h + step
    return ring


def hexes_within(center: tuple[int, int, int], radius: int) -> list[Hex]:
    """Every hex at range 0..``radius`` from ``center``, nearest first, each ring clockwise."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(hex_ring(center, k))
    return out


# hex_line nudge: the exact line is shifted by epsilon * (1, 2, -3) (times ``nudge``), i.e. a
# hair toward direction D-and-a-little-C (about 160 degrees, "down the map"). With
# coordinates scaled by _NUDGE_SCALE, the rounding below has no ties left at all: a coordinate
# can never be exactly half-way (2*u is never a multiple of 16), and two rounding errors can
# never be equal (their residues +-1, +-2, +-3 mod 16 differ), so the result is exact.
_NUDGE = (1, 2, -3)
_NUDGE_SCALE = 16


def hex_line(a: tuple[int, int, int], b: tuple[int, int, int], nudge: int = 1) -> list[Hex]:
    """The hexes whose centres are nearest the straight line from the centre of ``a`` to the
    centre of ``b``, in order, ``a`` and ``b`` included (range(a, b) + 1 hexes, each adjacent
    to the next).

    Where the line runs exactly along a hexside (between two hexes equally near it, e.g. along
    a hex spine) the tie is broken by shifting the whole line a hair toward direction D (down
    the map; ``nudge=-1`` shifts it toward A instead). The same rule applies everywhere on the
    line, so a line never zig-zags between the two sides, and ``hex_line(b, a)`` is
    ``hex_line(a, b)`` reversed. When a question (line of sight, terrain) must consider both
    sides of a hexside, ask for both nudges. Matches the straight-web example E12.25 (seed 002
    L942): 3306-3406-3506-3606-3706, or with the other nudge 3306-3405-3506-3605-3706, never a
    mix of the two.
    """
    if nudge not in (1, -1):
        raise ValueError(f"nudge must be +1 or -1, got {nudge}")
    n = hex_range(a, b)
    if n == 0:
        return [Hex(*a)]
    k = _NUDGE_SCALE
    den = k * n
    aq, ar, as_ = a
    dq, dr, ds = b[0] - aq, b[1] - ar, b[2] - as_
    uq, ur, us = (nudge * u for u in _NUDGE)
    out = []
    for i in range(n + 1):
        # The point a + (b - a) * i / n, nudged, as numerators over den.
        xq = k * (aq * n + dq * i) + uq
        xr = k * (ar * n + dr * i) + ur
        xs = k * (as_ * n + ds * i) + us
        q = (2 * xq + den) // (2 * den)
        r = (2 * xr + den) // (2 * den)
        s = (2 * xs + den) // (2 * den)
        eq, er, es = abs(q * den - xq), abs(r * den - xr), abs(s * den - xs)
        if eq > er and eq > es:
            q = -r - s
        elif er > es:
            r = -q - s
        else:
            s = -q - r
        out.append(_new(Hex, (q, r, s)))
    return out
