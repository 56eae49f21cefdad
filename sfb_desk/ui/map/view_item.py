"""One map overlay drawn from a frozen view (the battlefield's terrain, mines and monsters in
:mod:`.battlefield`, tractor beams, explosions and cloaks in :mod:`.systems`): a graphics item
that takes no clicks, keeps the last view it was given, repaints only when the view changes and
bounds itself by the hexes the view touches (plus a margin for labels and glows)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGraphicsItem

from sfb_desk.rules.hexes import Hex

from .geometry import hex_polygon
from .looks import R


class ViewItem(QGraphicsItem):
    """The shared part of a view-drawn overlay; a subclass names the hexes its view touches
    (:meth:`hexes_of`) and paints."""

    MARGIN = 1.0  # hex radii of room around the touched hexes

    def __init__(self, view: Any, z: float, font_scale: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.view = view
        self._rect = QRectF()
        self._font = QFont()
        self._font.setPixelSize(round(font_scale * R))
        self._font.setBold(True)

    def hexes_of(self, view: Any) -> Iterable[Hex]:  # noqa: ANN401 (each subclass's view)
        raise NotImplementedError

    def set_view(self, view: Any) -> None:  # noqa: ANN401
        if view == self.view:
            return
        self.prepareGeometryChange()
        self.view = view
        rect = QRectF()
        for h in self.hexes_of(view):
            rect = rect.united(hex_polygon(h).boundingRect())
        m = self.MARGIN * R
        self._rect = rect.adjusted(-m, -m, m, m)
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect
