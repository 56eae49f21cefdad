"""A plain drawing of a ship's boxes (the full SSD widget builds on the same renderer)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from sfb_desk.printing.ssd_boxes import font_measure, render_ssd_boxes
from sfb_desk.printing.ssd_layout import SsdLayout, layout_ssd
from sfb_desk.rules.ship import ShipSpec

MARGIN = 12.0


class SsdView(QWidget):
    """Paints :func:`layout_ssd` for one ship; hovering a box shows its id."""

    box_hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None, scale: float = 16.0) -> None:
        super().__init__(parent)
        self._scale = scale
        self._spec: ShipSpec | None = None
        self._layout: SsdLayout | None = None
        self._destroyed: frozenset[str] = frozenset()
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(self.backgroundRole(), QColor("white"))
        self.setPalette(palette)

    def set_ship(self, spec: ShipSpec | None, destroyed: frozenset[str] = frozenset()) -> None:
        self._spec = spec
        self._destroyed = destroyed
        self._relayout()

    @property
    def layout_model(self) -> SsdLayout | None:
        return self._layout

    def _compute_layout(self) -> SsdLayout | None:
        if self._spec is None:
            return None
        measure = font_measure(self.font(), self._scale, self)
        return layout_ssd(self._spec, self._width_units(), measure)

    def _width_units(self) -> float:
        return max((self.width() - 2 * MARGIN) / self._scale, 30.0)

    def _relayout(self) -> None:
        self._layout = self._compute_layout()
        self.updateGeometry()
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if self._spec is not None:
            self._layout = self._compute_layout()
            self.setMinimumHeight(int(self._layout.height * self._scale + 2 * MARGIN))

    def sizeHint(self) -> QSize:  # noqa: N802
        if self._layout is None:
            return QSize(600, 400)
        return QSize(int(self._layout.width * self._scale + 2 * MARGIN),
                     int(self._layout.height * self._scale + 2 * MARGIN))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        if self._layout is None:
            painter.setPen(QColor("#666666"))
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "No ship selected")
            return
        render_ssd_boxes(painter, QPointF(MARGIN, MARGIN), self._scale, self._layout,
                         self._destroyed)
        painter.end()

    def box_at(self, x: float, y: float) -> str | None:
        if self._layout is None:
            return None
        cell = self._layout.cell_at((x - MARGIN) / self._scale, (y - MARGIN) / self._scale)
        return cell.box_id if cell else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        box = self.box_at(event.position().x(), event.position().y())
        self.setToolTip(box or "")
        if box:
            self.box_hovered.emit(box)
        super().mouseMoveEvent(event)
