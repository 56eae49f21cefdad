"""Pixels of the hex map: hex <-> scene point, hex outlines, and the extent of the drawn grid.

DESIGN.md section 5: pixels exist only in the map view. The rules work in cube coordinates
(:class:`~sfb_desk.rules.hexes.Hex`); this module is the one place that turns them into scene
coordinates and back.

Flat-topped hexes in vertical columns (G0), ``HEX_SIZE`` the distance from centre to corner:
the centre of cube hex ``(q, r)`` is ``x = 1.5 * R * q``, ``y = sqrt(3) * R * (r + q / 2)``.
With the label form ``r = row - ceil(col / 2)`` this puts even-numbered columns half a hex lower
than odd ones, and facing A (cube ``(0, -1, +1)``) straight up: the neighbours of 2215 are 2214
above, 2315 upper right, 2316 lower right, 2216 below, 2116 lower left and 2115 upper left.

:class:`MapExtent` is the block of columns and rows the grid is drawn for: the whole standard
map, or on a floating map a window around the units that recentres when they near its edge.
Every hex is labelled with its own four-digit label (:attr:`Hex.label
<sfb_desk.rules.hexes.Hex.label>`, modulo 100 off the standard map), the same as the event log,
the panels and the command line say, so a label read anywhere names one hex.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from sfb_desk.rules.hexes import Hex, MapBounds, format_label

#: Centre-to-corner distance of a hex, in scene units.
HEX_SIZE = 30.0
SQRT3 = math.sqrt(3.0)
#: Corner offsets of a flat-topped hex, clockwise from the right-hand corner (y grows down):
#: 0 right, 1 lower right, 2 lower left, 3 left, 4 upper left, 5 upper right.
CORNERS: tuple[tuple[float, float], ...] = tuple(
    (HEX_SIZE * math.cos(math.radians(60 * i)), HEX_SIZE * math.sin(math.radians(60 * i)))
    for i in range(6)
)
#: The corners bounding the hexside crossed in each direction A..F (facing 0..5).
SIDE_CORNERS: tuple[tuple[int, int], ...] = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))


def hex_center(h: tuple[int, int, int], size: float = HEX_SIZE) -> QPointF:
    """The scene point at the centre of hex ``h``."""
    q, r = h[0], h[1]
    return QPointF(1.5 * size * q, SQRT3 * size * (r + q / 2.0))


def hex_center_xy(q: int, r: int, size: float = HEX_SIZE) -> tuple[float, float]:
    return 1.5 * size * q, SQRT3 * size * (r + q / 2.0)


def hex_at(x: float, y: float, size: float = HEX_SIZE) -> Hex:
    """The hex containing scene point ``(x, y)`` (cube rounding, Red Blob Games)."""
    fq = (2.0 / 3.0) * x / size
    fr = (-x / 3.0 + SQRT3 / 3.0 * y) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def hex_polygon(h: tuple[int, int, int], size: float = HEX_SIZE, scale: float = 1.0) -> QPolygonF:
    """The outline of hex ``h`` (``scale`` < 1 shrinks it about its centre)."""
    cx, cy = hex_center_xy(h[0], h[1], size)
    k = scale * size / HEX_SIZE
    return QPolygonF([QPointF(cx + k * dx, cy + k * dy) for dx, dy in CORNERS])


def facing_vector(facing: int) -> tuple[float, float]:
    """Unit vector of direction ``facing`` (0 = A = up, clockwise) in scene coordinates."""
    angle = math.radians(60 * facing)
    return math.sin(angle), -math.cos(angle)


@dataclass(frozen=True, slots=True)
class MapExtent:
    """``columns`` x ``rows`` hexes from printed column ``col0``, row ``row0`` (absolute).

    ``relative`` extents (floating maps) move with the units; ``col0`` is then always odd (the
    window's first column is drawn higher, as column 01 is, G0).
    """

    col0: int
    row0: int
    columns: int
    rows: int
    relative: bool = False

    @classmethod
    def of_bounds(cls, bounds: MapBounds) -> MapExtent:
        if bounds.columns is None or bounds.rows is None:
            raise ValueError("a floating map has no fixed extent; use MapExtent.around")
        return cls(1, 1, bounds.columns, bounds.rows)

    @classmethod
    def around(
        cls, hexes: Iterable[tuple[int, int, int]], columns: int = 42, rows: int = 30,
        margin: int = 4,
    ) -> MapExtent:
        """A floating-map window of at least ``columns`` x ``rows`` centred on ``hexes``,
        grown so every hex is at least ``margin`` hexes inside its edge."""
        cols = [h[0] for h in hexes]
        if not cols:
            return cls(1, 1, columns, rows, relative=True)
        rws = [h[1] + (h[0] + 1) // 2 for h in hexes]
        lo_c, hi_c, lo_r, hi_r = min(cols), max(cols), min(rws), max(rws)
        columns = max(columns, hi_c - lo_c + 1 + 2 * margin + 2)
        rows = max(rows, hi_r - lo_r + 1 + 2 * margin + 2)
        col0 = (lo_c + hi_c) // 2 - columns // 2
        col0 -= (col0 + 1) % 2  # odd: keep column parity (G0)
        row0 = (lo_r + hi_r) // 2 - rows // 2
        return cls(col0, row0, columns, rows, relative=True)

    def contains(self, h: tuple[int, int, int], margin: int = 0) -> bool:
        col, row = h[0], h[1] + (h[0] + 1) // 2
        return (self.col0 + margin <= col < self.col0 + self.columns - margin
                and self.row0 + margin <= row < self.row0 + self.rows - margin)

    def hexes(self) -> Iterator[Hex]:
        for col in range(self.col0, self.col0 + self.columns):
            for row in range(self.row0, self.row0 + self.rows):
                yield Hex.from_offset(col, row)

    def label(self, h: tuple[int, int, int]) -> str:
        """The label printed in ``h``: its four digits (:attr:`Hex.label`), on any map."""
        return format_label(h[0], h[1] + (h[0] + 1) // 2)

    def scene_rect(self, size: float = HEX_SIZE) -> QRectF:
        """The scene rectangle covering every hex of the extent."""
        c0, c1 = self.col0, self.col0 + self.columns - 1
        x0 = 1.5 * size * c0 - size
        x1 = 1.5 * size * c1 + size
        h = SQRT3 * size
        # Odd columns sit half a hex higher (their top), even ones half a hex lower (bottom).
        top = self.row0 * h - h
        bottom = (self.row0 + self.rows - 1) * h + h / 2
        return QRectF(x0, top, x1 - x0, bottom - top)
