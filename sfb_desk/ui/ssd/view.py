"""The SSD on screen: the printed SSD page, drawn by the same renderer as PDF and printer.

The page is laid out as it prints on Letter paper (orientation chosen as for printing) and
shown zoomed so that one box is ``scale`` pixels; hovering a box shows its id.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPageSize, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from sfb_desk.printing.form import FormLayout, paint_form
from sfb_desk.printing.output import SsdSheet, plan_sheet
from sfb_desk.printing.ssd_form import ssd_box_layout
from sfb_desk.printing.ssd_layout import SsdLayout
from sfb_desk.rules.ship import ShipSpec

MARGIN = 12.0


class SsdView(QWidget):
    """Paints the SSD form of one ship; ``layout_model`` has its boxes in units of ``scale``
    pixels from (MARGIN, MARGIN)."""

    box_hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None, scale: float = 16.0) -> None:
        super().__init__(parent)
        self._scale = scale
        self._zoom = 1.0
        self._spec: ShipSpec | None = None
        self._form: FormLayout | None = None
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
        self._form = None
        self._layout = None
        if spec is not None:
            page = plan_sheet(SsdSheet(spec, destroyed), QPageSize(QPageSize.PageSizeId.Letter),
                              "auto")
            self._form = page.form
            self._zoom = self._scale / float(page.form.info_value("unit"))
            self._layout = ssd_box_layout(page.form)
            self.setMinimumSize(self.sizeHint())
        else:
            self.setMinimumSize(0, 0)
        self.updateGeometry()
        self.update()

    def fit_to_width(self, width: int, most: float = 18.0) -> None:
        """Zoom so that the form fills ``width`` pixels, a box between the scale given and
        ``most`` pixels (the campaign window's SSD grows with the room it has)."""
        if self._form is None or self._form.width <= 0:
            return
        unit = float(self._form.info_value("unit"))
        fit = (width - 2 * MARGIN) / self._form.width
        zoom = max(self._scale / unit, min(fit, most / unit))
        if abs(zoom - self._zoom) > 1e-3:
            self._zoom = zoom
            self.setMinimumSize(self.sizeHint())
            self.updateGeometry()
            self.update()

    @property
    def layout_model(self) -> SsdLayout | None:
        return self._layout

    @property
    def form(self) -> FormLayout | None:
        return self._form

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        if self._form is None:
            return QSize(600, 400)
        return QSize(int(self._form.width * self._zoom + 2 * MARGIN),
                     int(self._form.height * self._zoom + 2 * MARGIN))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        if self._form is None:
            painter.setPen(QColor("#666666"))
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "No ship selected")
            painter.end()
            return
        painter.translate(MARGIN, MARGIN)
        painter.scale(self._zoom, self._zoom)
        paint_form(painter, self._form, QPointF(0.0, 0.0))
        painter.end()

    def box_at(self, x: float, y: float) -> str | None:
        if self._form is None:
            return None
        return self._form.box_at((x - MARGIN) / self._zoom, (y - MARGIN) / self._zoom)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        box = self.box_at(event.position().x(), event.position().y())
        self.setToolTip(box or "")
        if box:
            self.box_hovered.emit(box)
        super().mouseMoveEvent(event)
