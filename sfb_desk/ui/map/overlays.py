"""Overlays of the hex map, each one graphics item: a set of hexes filled as one path (firing-arc
shading, :class:`HexSetItem`), the hexes a click may choose (:class:`TargetsItem`, a ghost pointer
of the facing each leaves the unit in and a short tag), and the hovered hex with the line to it
from the selected unit (:class:`HoverItem`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex

from .geometry import hex_center, hex_polygon
from .looks import R, TEXT, facing_pointer


class HexSetItem(QGraphicsItem):
    """A set of hexes filled as one path (the firing-arc shading)."""

    def __init__(self, colour: QColor, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._colour = colour
        self._path = QPainterPath()
        self.hexes: tuple[Hex, ...] = ()

    def set_hexes(self, hexes: Sequence[Hex]) -> None:
        self.prepareGeometryChange()
        self.hexes = tuple(hexes)
        path = QPainterPath()
        for h in self.hexes:
            path.addPolygon(hex_polygon(h, scale=0.97))
        self._path = path
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._path.boundingRect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.fillPath(self._path, self._colour)


@dataclass(frozen=True, slots=True)
class Target:
    """One clickable hex of the overlay: where, the facing to ghost (or -1) and a tag."""

    hex: Hex
    facing: int
    tag: str


class TargetsItem(QGraphicsItem):
    """The hexes a click may choose, outlined, each with a ghost pointer and a tag."""

    def __init__(self, colour: QColor, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._colour = colour
        self._font = QFont()
        self._font.setPixelSize(round(0.24 * R))
        self.targets: tuple[Target, ...] = ()
        self._rect = QRectF()

    def set_targets(self, targets: Sequence[Target]) -> None:
        self.prepareGeometryChange()
        self.targets = tuple(targets)
        rect = QRectF()
        for t in self.targets:
            rect = rect.united(hex_polygon(t.hex).boundingRect())
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(self._colour)
        fill.setAlpha(70)
        painter.setFont(self._font)
        for t in self.targets:
            painter.setPen(QPen(self._colour, 0.07 * R))
            painter.setBrush(fill)
            painter.drawPolygon(hex_polygon(t.hex, scale=0.9))
            centre = hex_center(t.hex)
            if t.facing >= 0:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(self._colour)
                painter.drawPolygon(facing_pointer(t.facing, 0.72 * R, 0.3 * R, 0.12 * R).translated(centre))
            painter.setPen(TEXT)
            box = QRectF(centre.x() - R, centre.y() + 0.2 * R, 2 * R, 0.4 * R)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, t.tag)


class HoverItem(QGraphicsItem):
    """The hovered hex, and the line of fire to it from the selected unit."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(5)  # under the counters, so their captions stay readable
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._hex: Hex | None = None
        self._from: Hex | None = None
        self._rect = QRectF()

    def set_hover(self, hovered: Hex | None, origin: Hex | None) -> None:
        if (hovered, origin) == (self._hex, self._from):
            return
        self.prepareGeometryChange()
        self._hex, self._from = hovered, origin
        rect = QRectF()
        if hovered is not None:
            rect = hex_polygon(hovered).boundingRect()
            if origin is not None:  # a line's rect may have no width (a null rect unites as nothing)
                rect = rect.united(hex_polygon(origin).boundingRect())
        self._rect = rect.adjusted(-4, -4, 4, 4)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._hex is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self._from is not None and self._from != self._hex:
            painter.setPen(QPen(QColor(255, 255, 255, 150), 0.05 * R, Qt.PenStyle.DashLine))
            painter.drawLine(QLineF(hex_center(self._from), hex_center(self._hex)))
        painter.setPen(QPen(QColor("white"), 0.08 * R))
        painter.drawPolygon(hex_polygon(self._hex, scale=0.95))
