"""Counters sharing a hex fan out around its centre, so each one is seen and can be clicked.

A unit alone sits at its hex's centre. Two or more (a ship and its shuttle, a ship and the
drones that reached it, ships at range 0, D3.42) are set out in rows around the centre: ships
first, then seekers, as many a row as the square root of their number rounded up, each in a
cell the size of what its counter covers (:meth:`~.counters._Counter.footprint`), so no two
overlap. The layout is in counter units times the counters' enlargement
(:func:`~sfb_desk.ui.map.zoom.counter_scale`), so it holds at every zoom; a crowded hex spills
over its neighbours rather than hiding anyone, and :class:`FanItem` frames the counters of a
shared hex together under its number, so the eye finds where they are.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.units import Unit

from .counters import SeekerCounter, ShipCounter
from .looks import R

#: The space left between two fanned counters, in scene units at the natural size.
FAN_GAP = 0.06 * R
FAN_COLOUR = QColor(255, 225, 140, 200)
FAN_FILL = QColor(10, 14, 24, 225)  # the hex numbers under it would mislead
FAN_TEXT = QColor(10, 14, 24)


def bounds_of(unit: Unit) -> QRectF:
    """The bounds of ``unit``'s counter at its natural size, round its centre (the footprint
    when no counter is at hand)."""
    return SeekerCounter.BOUNDS if unit.is_seeker else ShipCounter.BOUNDS


def fan_offsets(
    units: Sequence[Unit], enlarged: float = 1.0, footprint: Callable[[Unit], QRectF] = bounds_of,
) -> list[tuple[Unit, QPointF]]:
    """Where each unit of one hex sits (its counter's origin), from the hex's centre, in scene
    units, its counter drawn ``enlarged`` times its natural size and covering ``footprint(u)``
    of its own coordinates (module docstring)."""
    if len(units) <= 1:
        return [(u, QPointF()) for u in units]
    ordered = [u for u in units if not u.is_seeker] + [u for u in units if u.is_seeker]
    per_row = math.ceil(math.sqrt(len(ordered)))
    rows = [ordered[i:i + per_row] for i in range(0, len(ordered), per_row)]
    feet = {u.id: footprint(u) for u in ordered}
    gap = FAN_GAP * enlarged
    heights = [max(feet[u.id].height() for u in row) * enlarged for row in rows]
    top = -(sum(heights) + gap * (len(rows) - 1)) / 2
    placed: list[tuple[Unit, QPointF]] = []
    for row, height in zip(rows, heights):
        widths = [feet[u.id].width() * enlarged for u in row]
        left = -(sum(widths) + gap * (len(row) - 1)) / 2
        for u, width in zip(row, widths):
            foot = feet[u.id]
            # The cell's left edge at ``left``, the footprint centred in the row's height.
            x = left - foot.left() * enlarged
            y = top + (height - foot.height() * enlarged) / 2 - foot.top() * enlarged
            placed.append((u, QPointF(x, y)))
            left += width + gap
        top += height + gap
    return placed


class FanItem(QGraphicsItem):
    """Each shared hex's counters framed together, tagged with the hex's number (drawn at a
    readable size at every zoom), so a fanned counter is not read as standing in the hex it
    spills over."""

    TAG_PX = 11  # the hex number's height on screen at the least, in pixels

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(6)  # over the grid and the ship-system overlays, under the counters
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.fans: tuple[tuple[Hex, QRectF], ...] = ()
        self._rect = QRectF()
        self._font = QFont()
        self._font.setPixelSize(self.TAG_PX)
        self._font.setBold(True)

    def set_fans(self, fans: Sequence[tuple[Hex, QRectF]]) -> None:
        """``fans``: each shared hex and the scene rectangle its counters cover."""
        fans = tuple((h, QRectF(block)) for h, block in fans)
        if fans == self.fans:
            return
        self.prepareGeometryChange()
        self.fans = fans
        rect = QRectF()
        for _h, block in fans:
            rect = rect.united(block)
        self._rect = rect.adjusted(-R, -R, R, R)  # the tag above a block may take room
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        to_device = painter.worldTransform()
        painter.save()
        painter.resetTransform()  # frames and tags in screen pixels: the same at every zoom
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # As large as the grid's own numbers when zoomed in (map.grid), readable zoomed out.
        self._font.setPixelSize(max(self.TAG_PX, min(18, round(0.3 * R * to_device.m11()))))
        painter.setFont(self._font)
        metrics = QFontMetricsF(self._font)
        for h, block in self.fans:
            frame = to_device.mapRect(block).adjusted(-3, -3, 3, 3)
            painter.setPen(QPen(FAN_COLOUR, 1.5))
            painter.setBrush(FAN_FILL)
            painter.drawRoundedRect(frame, 6, 6)
            tag = h.label
            w, th = metrics.horizontalAdvance(tag) + 8, metrics.height() + 2
            plate = QRectF(frame.center().x() - w / 2, frame.top() - th + 1, w, th)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(FAN_COLOUR)
            painter.drawRoundedRect(plate, 3, 3)
            painter.setPen(FAN_TEXT)
            painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, tag)
        painter.restore()
