"""Counters sharing a hex fan out around its centre, so each one is seen and can be clicked.

A unit alone sits at its hex's centre. Two or more (a ship and its shuttle, a ship and the
drones that reached it, ships at range 0, D3.42) are set out in rows around the centre: ships
first, then seekers, as many a row as the square root of their number rounded up, each in a
cell the size of its counter's bounds, so no two counters overlap. The layout is in counter
units times the counters' enlargement (:func:`~sfb_desk.ui.map.zoom.counter_scale`), so it holds
at every zoom; a crowded hex spills over its neighbours rather than hiding anyone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF

from sfb_desk.rules.units import Unit

from .counters import SeekerCounter, ShipCounter
from .looks import R

#: The space left between two fanned counters, in scene units at the natural size.
FAN_GAP = 0.08 * R


def footprint(unit: Unit) -> QRectF:
    """The bounds of ``unit``'s counter at its natural size, round its centre."""
    return SeekerCounter.BOUNDS if unit.is_seeker else ShipCounter.BOUNDS


def fan_offsets(units: Sequence[Unit], enlarged: float = 1.0) -> list[tuple[Unit, QPointF]]:
    """Where each unit of one hex sits, from the hex's centre, in scene units, its counter
    drawn ``enlarged`` times its natural size (module docstring)."""
    if len(units) <= 1:
        return [(u, QPointF()) for u in units]
    ordered = [u for u in units if not u.is_seeker] + [u for u in units if u.is_seeker]
    per_row = math.ceil(math.sqrt(len(ordered)))
    rows = [ordered[i:i + per_row] for i in range(0, len(ordered), per_row)]
    gap = FAN_GAP * enlarged
    heights = [max(footprint(u).height() for u in row) * enlarged for row in rows]
    y = -(sum(heights) + gap * (len(rows) - 1)) / 2
    placed: list[tuple[Unit, QPointF]] = []
    for row, height in zip(rows, heights):
        widths = [footprint(u).width() * enlarged for u in row]
        x = -(sum(widths) + gap * (len(row) - 1)) / 2
        for u, width in zip(row, widths):
            placed.append((u, QPointF(x + width / 2, y + height / 2)))
            x += width + gap
        y += height + gap
    return placed
