"""The SSD widget: one ship's SSD at the table, drawn by the printing renderer.

The page is laid out exactly as it prints (Letter, orientation chosen as for printing, by
:func:`sfb_desk.printing.output.plan_sheet` and :func:`~sfb_desk.printing.ssd_form
.layout_ssd_form`) and painted by :func:`sfb_desk.printing.form.paint_form`, the one renderer of
screen, PDF and printer (DESIGN.md section 8). On top of it the widget draws what only a screen
has: the weapons' arming status beside their boxes, a keyboard cursor, the hovered box and a
flashing ring around damage that has just landed.

The widget never changes damage itself. A click (or Space on the cursor box) emits
``box_toggled(box_id, marked)``, for a system box or a crew or boarding-party tick
(:mod:`.counters`); a controller (the game's through :class:`~.tabs.SsdTabs`, or
:class:`sfb_desk.ui.ssd.controller.SsdController`) applies it and calls :meth:`set_destroyed`.

API: :meth:`set_ship`, :meth:`set_destroyed`, :meth:`set_status` (``box_id -> "2/4"``, see
:mod:`sfb_desk.ui.ssd.status`), :meth:`highlight` / :meth:`clear_highlight`, :meth:`zoom_in`,
:meth:`zoom_out`, :meth:`zoom_to_fit`, :meth:`set_cursor_box`, :meth:`box_at`,
:meth:`box_rect`, :meth:`tooltip_for`; signals ``box_toggled``, ``box_hovered`` (``""`` on
leaving a box) and ``cursor_moved``. Keys: arrows move the cursor, Space/Enter toggles,
``+``/``-`` zoom, ``0`` fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPageSize,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from sfb_desk.printing.form import FormLayout, paint_form
from sfb_desk.printing.output import SsdSheet, plan_sheet
from sfb_desk.rules.ship import ShipSpec

from .counters import clickable_rects, counter_tooltip, marked_form
from .info import box_info
from .cursor import nearest_box, pan_into_view
from .status import STATUS_FILLS, row_pitch, status_kind, status_tags

MARGIN = 12.0  # pixels around the page
ZOOM_STEP = 1.25
ZOOM_MIN, ZOOM_MAX = 0.3, 8.0
FLASH_MS = 350
SCREEN_STATUS = "on screen: click a box to mark or unmark it"
CURSOR_COLOUR = QColor("#0066cc")
FLASH_COLOURS = (QColor("#d40000"), QColor("#ffd400"))


class SsdWidget(QWidget):
    """One ship's SSD, clickable box by box (see the module doc for the API)."""

    box_toggled = Signal(str, bool)  # box id, marked (True = destroy)
    box_hovered = Signal(str)  # box id under the mouse, "" when none
    cursor_moved = Signal(str)

    def __init__(self, parent: QWidget | None = None, page: str = "letter") -> None:
        super().__init__(parent)
        self._page_size = QPageSize(QPageSize.PageSizeId.A4 if page == "a4"
                                    else QPageSize.PageSizeId.Letter)
        self._spec: ShipSpec | None = None
        self._base: FormLayout | None = None  # the page with nothing marked
        self._form: FormLayout | None = None  # the page as drawn (marks applied)
        self._boxes: dict[str, QRectF] = {}  # box id -> rect in page points
        self._ticks: dict[str, QRectF] = {}  # crew and boarding-party ticks, the same
        self._destroyed: frozenset[str] = frozenset()
        self._highlighted: frozenset[str] = frozenset()
        self._status: dict[str, str] = {}
        self._status_drawn: dict[str, tuple[QRectF, str]] = {}
        self._pitch: dict[str, float] | None = None  # box id -> room for a tag, in points
        self._cursor: str | None = None
        self._hover: str = ""
        self._zoom = 1.0
        self._offset = QPointF(MARGIN, MARGIN)
        self._fit = True  # keep the page fitted while the user has not zoomed
        self._pixmap: QPixmap | None = None
        self._flash_phase = 0
        self._flash = QTimer(self)
        self._flash.setInterval(FLASH_MS)
        self._flash.timeout.connect(self._on_flash)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)

    # -- data ------------------------------------------------------------------------------------
    def set_ship(self, spec: ShipSpec | None, destroyed: Iterable[str] = ()) -> None:
        """Show ``spec`` (None: nothing) with the boxes ``destroyed`` marked; resets highlight,
        arming status and cursor."""
        self._spec = spec
        self._base = None
        self._boxes, self._ticks = {}, {}
        self._highlighted = frozenset()
        self._flash.stop()
        self._status = {}
        self._pitch = None
        self._cursor = None
        self._hover = ""
        if spec is not None:
            page = plan_sheet(SsdSheet(spec, frozenset(), SCREEN_STATUS), self._page_size, "auto")
            self._base = page.form
            self._boxes, self._ticks = clickable_rects(page.form)
        self._destroyed = frozenset()
        self.set_destroyed(destroyed)
        if self._fit:
            self.zoom_to_fit()
        self.updateGeometry()

    def set_destroyed(self, destroyed: Iterable[str]) -> None:
        """Cross out exactly these boxes (the controller calls this after each command)."""
        self._destroyed = frozenset(destroyed)
        self._form = None if self._base is None else marked_form(self._base, self._destroyed)
        self._invalidate()

    def set_status(self, texts: Mapping[str, str]) -> None:
        """Arming status drawn beside weapon boxes: ``{box_id: "2/4" | "armed" | "OL" ...}``.
        Ids the ship does not have are ignored."""
        self._status = {k: v for k, v in texts.items() if v and k in self._boxes}
        self.update()

    def highlight(self, box_ids: Iterable[str]) -> None:
        """Fill and flash these boxes (damage as it lands) until :meth:`clear_highlight`."""
        new = frozenset(b for b in box_ids if b in self._boxes)
        if not new - self._highlighted:
            return
        self._highlighted |= new
        self._flash_phase = 0
        self._flash.start()
        self._invalidate()

    def clear_highlight(self) -> None:
        self._flash.stop()
        if self._highlighted:
            self._highlighted = frozenset()
            self._invalidate()

    @property
    def spec(self) -> ShipSpec | None:
        return self._spec

    @property
    def form(self) -> FormLayout | None:
        """The page as drawn (its items carry the marks)."""
        return self._form

    @property
    def marked(self) -> frozenset[str]:
        """The boxes shown crossed out (``destroyed`` is QObject's signal)."""
        return self._destroyed

    @property
    def highlighted(self) -> frozenset[str]:
        return self._highlighted

    @property
    def status_texts(self) -> dict[str, str]:
        return dict(self._status)

    @property
    def status_drawn(self) -> dict[str, tuple[QRectF, str]]:
        """What the last paint drew for arming status: box id -> (widget rect, text)."""
        return dict(self._status_drawn)

    @property
    def flash_timer(self) -> QTimer:
        return self._flash

    @property
    def flashing(self) -> bool:
        return self._flash.isActive()

    # -- geometry --------------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        """Pixels per point of the page."""
        return self._zoom

    def box_ids(self) -> tuple[str, ...]:
        return tuple(self._boxes)

    def counter_ids(self) -> tuple[str, ...]:
        """The crew-unit and boarding-party ticks (``crew#1`` ...), clickable like boxes."""
        return tuple(self._ticks)

    def box_rect(self, box_id: str) -> QRectF:
        """Where a box or tick is drawn, in widget pixels (KeyError for an unknown id)."""
        r = self._boxes[box_id] if box_id in self._boxes else self._ticks[box_id]
        z = self._zoom
        return QRectF(self._offset.x() + r.x() * z, self._offset.y() + r.y() * z,
                      r.width() * z, r.height() * z)

    def box_at(self, pos: QPointF) -> str | None:
        """The box drawn at widget position ``pos``, or None."""
        if self._form is None:
            return None
        x = (pos.x() - self._offset.x()) / self._zoom
        y = (pos.y() - self._offset.y()) / self._zoom
        for box_id, r in (*self._boxes.items(), *self._ticks.items()):
            if r.left() <= x <= r.right() and r.top() <= y <= r.bottom():
                return box_id
        return None

    def tooltip_for(self, box_id: str) -> str:
        """``left_warp#12 — Left warp engine (power, H2) — DAC entries 'Left W En', ...``."""
        if self._spec is None:
            return ""
        if box_id in self._ticks:
            return counter_tooltip(self._spec, box_id, box_id in self._destroyed)
        text = box_info(self._spec, box_id).tooltip()
        state = "destroyed" if box_id in self._destroyed else "intact"
        status = self._status.get(box_id)
        return f"{text}\n{state}" + (f"; arming: {status}" if status else "")

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Zoom to ``zoom`` pixels per point keeping ``anchor`` (default: the centre) still."""
        zoom = min(max(zoom, ZOOM_MIN), ZOOM_MAX)
        anchor = anchor if anchor is not None else QPointF(self.width() / 2, self.height() / 2)
        page_x = (anchor.x() - self._offset.x()) / self._zoom
        page_y = (anchor.y() - self._offset.y()) / self._zoom
        self._zoom = zoom
        self._offset = QPointF(anchor.x() - page_x * zoom, anchor.y() - page_y * zoom)
        self._fit = False
        self._invalidate()

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def zoom_to_fit(self) -> None:
        """The whole page in the widget, centred; it stays fitted as the widget is resized."""
        self._fit = True
        if self._base is None:
            return
        w, h = self._base.width, self._base.height
        room_w = max(self.width() - 2 * MARGIN, 50.0)
        room_h = max(self.height() - 2 * MARGIN, 50.0)
        self._zoom = min(room_w / w, room_h / h)
        self._offset = QPointF((self.width() - w * self._zoom) / 2,
                               (self.height() - h * self._zoom) / 2)
        self._invalidate()

    def pan(self, dx: float, dy: float) -> None:
        self._offset += QPointF(dx, dy)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        if self._base is None:
            return QSize(600, 800)
        scale = 1.3  # a comfortable reading size: about 15 px boxes on Letter
        return QSize(int(self._base.width * scale + 2 * MARGIN),
                     int(self._base.height * scale + 2 * MARGIN))

    # -- cursor ----------------------------------------------------------------------------------
    @property
    def cursor_box(self) -> str | None:
        return self._cursor

    def set_cursor_box(self, box_id: str | None) -> None:
        if box_id is not None and box_id not in self._boxes and box_id not in self._ticks:
            raise KeyError(box_id)
        if box_id == self._cursor:
            return
        self._cursor = box_id
        if box_id is not None:
            self._ensure_visible(box_id)
            self.cursor_moved.emit(box_id)
        self.update()

    def move_cursor(self, dx: int, dy: int) -> str | None:
        """Move the cursor to the nearest box in direction (dx, dy) (one of them 0)."""
        if not self._boxes:
            return None
        target = nearest_box({**self._boxes, **self._ticks}, self._cursor, dx, dy)
        if target is not None:
            self.set_cursor_box(target)
        return self._cursor

    def toggle_box(self, box_id: str) -> None:
        """Ask for ``box_id`` to be marked (or unmarked if it is marked): emits the signal."""
        self.box_toggled.emit(box_id, box_id not in self._destroyed)

    def _ensure_visible(self, box_id: str) -> None:
        dx, dy = pan_into_view(self.box_rect(box_id), self.width(), self.height(), MARGIN)
        if dx or dy:
            self.pan(dx, dy)

    # -- painting --------------------------------------------------------------------------------
    def _invalidate(self) -> None:
        self._pixmap = None
        self.update()

    def _page_pixmap(self) -> QPixmap:
        """The page at the current zoom, drawn by the printing renderer (cached)."""
        if self._pixmap is None:
            assert self._form is not None
            ratio = self.devicePixelRatioF()
            w = max(1, round(self._form.width * self._zoom * ratio))
            h = max(1, round(self._form.height * self._zoom * ratio))
            pixmap = QPixmap(w, h)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(QColor("white"))
            painter = QPainter(pixmap)
            painter.scale(self._zoom, self._zoom)
            paint_form(painter, self._form, QPointF(0.0, 0.0), self._highlighted)
            painter.end()
            self._pixmap = pixmap
        return self._pixmap

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#c9ccd1"))
        self._status_drawn = {}
        if self._form is None:
            painter.setPen(QColor("#444444"))
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "No ship selected")
            painter.end()
            return
        pixmap = self._page_pixmap()
        page = QRectF(self._offset.x(), self._offset.y(), self._form.width * self._zoom,
                      self._form.height * self._zoom)
        painter.fillRect(page.translated(3, 3), QColor(0, 0, 0, 60))
        painter.drawPixmap(self._offset, pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self._paint_flash(painter)
        self._paint_status(painter)
        for box_id, colour, width, style in (
                (self._hover, QColor("#0066cc"), 1.5, Qt.PenStyle.SolidLine),
                (self._cursor, CURSOR_COLOUR, 2.0, Qt.PenStyle.DashLine)):
            if box_id:
                painter.setPen(QPen(colour, width, style))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(self.box_rect(box_id).adjusted(-2, -2, 2, 2))
        painter.end()

    def _paint_flash(self, painter: QPainter) -> None:
        if not self._highlighted:
            return
        colour = FLASH_COLOURS[self._flash_phase % 2]
        width = max(1.5, 0.12 * self._boxes[next(iter(self._highlighted))].width() * self._zoom)
        painter.setPen(QPen(colour, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for box_id in self._highlighted:
            painter.drawRect(self.box_rect(box_id).adjusted(-1, -1, 1, 1))

    def _paint_status(self, painter: QPainter) -> None:
        """A small tag straddling the bottom edge of each weapon box with a status, coloured
        by what it says (:data:`STATUS_FILLS`). Each tag stays within its box's share of the
        row; when the words do not fit every tag at a readable size (the whole page fitted to
        a small window) all tags show their short form (:func:`~.status.short_text`)."""
        for box_id, (tag, text, font) in self._status_layout().items():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(STATUS_FILLS[status_kind(self._status[box_id])])
            painter.drawRoundedRect(tag, 2, 2)
            painter.setPen(QColor("white"))
            painter.setFont(font)
            painter.drawText(tag, int(Qt.AlignmentFlag.AlignCenter), text)
            self._status_drawn[box_id] = (tag, text)

    def _status_layout(self) -> dict[str, tuple[QRectF, str, QFont]]:
        """Where each status tag goes, its text (the words or the short form) and font."""
        if not self._status:
            return {}
        if self._pitch is None:
            self._pitch = row_pitch(self._boxes)
        rooms = {b: self._pitch[b] * self._zoom - 2 for b in self._status}  # a hair between
        base = QFont(self.font())
        base.setBold(True)
        return status_tags(self._status, {b: self.box_rect(b) for b in self._status}, rooms, base)

    def _on_flash(self) -> None:
        self._flash_phase += 1
        self.update()

    # -- events ----------------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        if self._fit:
            self.zoom_to_fit()
        super().resizeEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            box_id = self.box_at(event.position())
            if box_id is not None:
                self.setFocus(Qt.FocusReason.MouseFocusReason)
                self.set_cursor_box(box_id)
                self.toggle_box(box_id)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        box_id = self.box_at(event.position()) or ""
        if box_id != self._hover:
            self._hover = box_id
            # Qt shows the widget's tool tip on hover; it names the box under the mouse.
            self.setToolTip(self.tooltip_for(box_id) if box_id else "")
            self.box_hovered.emit(box_id)
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        if self._hover:
            self._hover = ""
            self.setToolTip("")
            self.box_hovered.emit("")
            self.update()
        super().leaveEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        delta = event.angleDelta()
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            factor = ZOOM_STEP ** (delta.y() / 120.0)
            self.set_zoom(self._zoom * factor, event.position())
        else:
            self.pan(delta.x() / 2.0, delta.y() / 2.0)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        moves = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0),
                 Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        if key in moves:
            self.move_cursor(*moves[key])
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self._cursor is not None:
                self.toggle_box(self._cursor)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key == Qt.Key.Key_Minus:
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.zoom_to_fit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
