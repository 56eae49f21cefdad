"""Module C2 on the hex map: Tholian webs and PPD wave-locks (issue 17).

* :func:`webs_view` reads from a game's :class:`~sfb_desk.engine.records.Combat` (its
  :class:`~sfb_desk.rules.systems.c2_play.C2Play`) what to draw: each web's hexes, strength and
  state (forming, with the impulse it holds from; holding, with the impulses left for a
  free-standing web, E12.55, E12.26), the units caught in it and the movement points they have
  paid (G10.5 as decisions.md reads it), each web anchor buoy laid (G26.33), and each PPD
  pulse train still running (firer, target,
  whether the wave-lock holds, E11.311: the pulses left stay sealed).
* :class:`WebsItem` paints them over the terrain and under the counters: a web as strands
  across its hexes (dashed while it forms), its strength on a tab; a caught unit ringed with
  "paid/strength"; a wave-lock as a rippled line from the PPD to its target.
* :func:`show_webs` adds the item to a :class:`~.view.MapView` once and updates it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.units import clock_of

from .geometry import hex_center, hex_polygon
from .looks import R
from .view_item import ViewItem

STRAND = QColor("#cfd8ff")
FORMING = QColor(200, 210, 255, 150)
CAUGHT = QColor("#ff9ad5")
WAVE = QColor("#7dffb0")
BUOY = QColor("#ffd36b")


@dataclass(frozen=True, slots=True)
class WebMark:
    """One web as drawn."""

    id: str
    hexes: tuple[Hex, ...]
    strength: int
    formed: bool
    anchored: bool
    label: str


@dataclass(frozen=True, slots=True)
class CaughtMark:
    unit: str
    hex: Hex
    paid: int
    strength: int


@dataclass(frozen=True, slots=True)
class LockMark:
    """A PPD train: from the firer's hex to the target's; ``locked``: the wave-lock holds."""

    firer: Hex
    target: Hex
    locked: bool
    label: str
    row: int = 0  # the label's row when several trains share a line


@dataclass(frozen=True, slots=True)
class BuoyMark:
    """A web anchor buoy on the map (Advanced Missions G26.33): its hex and id."""

    id: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class WebsView:
    webs: tuple[WebMark, ...] = ()
    caught: tuple[CaughtMark, ...] = ()
    locks: tuple[LockMark, ...] = ()
    buoys: tuple[BuoyMark, ...] = ()


def webs_view(combat, state=None) -> WebsView:  # noqa: ANN001
    """What the map shows of the webs and PPD trains now (module docstring)."""
    c2 = getattr(combat, "c2", None)
    if c2 is None or not c2:
        return WebsView()
    clock = clock_of(state.turn, state.impulse) if state is not None else None
    marks = []
    for w in c2.webs.webs:
        if not w.formed:
            tag = f"web {w.strength}: forming" + (
                f", holds in {w.forms_at - clock}" if clock is not None else "")
        elif w.dissipates_at is not None and clock is not None:
            tag = f"web {w.strength}: {max(w.dissipates_at - clock, 0)} imp. left"
        else:
            tag = f"web {w.strength}" + (" (anchored)" if w.anchored else "")
        marks.append(WebMark(w.id, w.hexes, w.strength, w.formed, w.anchored, tag))
    caught = []
    for c in c2.webs.caught:
        web = c2.webs.web(c.web)
        caught.append(CaughtMark(c.unit, c.hex, c.paid, web.strength if web else 0))
    units = {u.id: u for u in getattr(state, "units", ())}
    locks = []
    for t in c2.trains:
        a, b = units.get(t.firer), units.get(t.target)
        if a is None or b is None:
            continue
        what = "wave-lock" if t.locked else "no lock yet"
        row = sum(1 for lk in locks if (lk.firer, lk.target) == (a.hex, b.hex))
        locks.append(LockMark(a.hex, b.hex, t.locked,
                              f"{t.box.replace('#', ' ').upper()}: {what}, {t.fired} pulse(s) "
                              "fired", row))
    buoys = tuple(BuoyMark(b[0], b[1]) for b in c2.webs.buoys)
    return WebsView(tuple(marks), tuple(caught), tuple(locks), buoys)


class WebsItem(ViewItem):
    """Webs, caught units and PPD wave-locks (module docstring)."""

    MARGIN = 1.5

    def __init__(self) -> None:
        super().__init__(WebsView(), z=3, font_scale=0.22)

    def hexes_of(self, view: WebsView) -> list[Hex]:
        out = [h for w in view.webs for h in w.hexes] + [c.hex for c in view.caught]
        out += [b.hex for b in view.buoys]
        return out + [h for lk in view.locks for h in (lk.firer, lk.target)]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self._font)
        for web in self.view.webs:
            self._paint_web(painter, web)
        for c in self.view.caught:
            self._paint_caught(painter, c)
        for lock in self.view.locks:
            self._paint_lock(painter, lock)
        for buoy in self.view.buoys:
            self._paint_buoy(painter, buoy)

    def _paint_buoy(self, painter: QPainter, buoy: BuoyMark) -> None:
        """A small diamond low in the hex, "anchor buoy" under it (G26.33)."""
        c = hex_center(buoy.hex)
        y = c.y() + 0.45 * R
        d = 0.16 * R
        path = QPainterPath(QPointF(c.x(), y - d))
        for x, yy in ((c.x() + d, y), (c.x(), y + d), (c.x() - d, y), (c.x(), y - d)):
            path.lineTo(x, yy)
        painter.setPen(QPen(BUOY, 0.03 * R))
        painter.setBrush(QColor(BUOY.red(), BUOY.green(), BUOY.blue(), 160))
        painter.drawPath(path)
        box = QRectF(c.x() - R, y + d, 2 * R, 0.28 * R)
        painter.setPen(BUOY)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "anchor buoy")

    def _paint_web(self, painter: QPainter, web: WebMark) -> None:
        colour = STRAND if web.formed else FORMING
        fill = QColor(colour.red(), colour.green(), colour.blue(), 55 if web.formed else 20)
        style = Qt.PenStyle.SolidLine if web.formed else Qt.PenStyle.DashLine
        for h in web.hexes:
            poly = hex_polygon(h, scale=0.96)
            path = QPainterPath()
            path.addPolygon(poly)
            painter.fillPath(path, fill)
            painter.setPen(QPen(colour, 0.035 * R, style))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            c = hex_center(h)
            pts = [poly.at(k) for k in range(6)]
            painter.setPen(QPen(colour, 0.025 * R, style))
            for p in pts:  # radial strands
                painter.drawLine(c, p)
            for f in (0.35, 0.7):  # and two rings of thread
                ring = QPainterPath(_mix(c, pts[0], f))
                for p in pts[1:] + pts[:1]:
                    ring.lineTo(_mix(c, p, f))
                painter.drawPath(ring)
        self._tab(painter, web.hexes[0], web.label, colour)

    def _paint_caught(self, painter: QPainter, c: CaughtMark) -> None:
        centre = hex_center(c.hex)
        painter.setPen(QPen(CAUGHT, 0.06 * R, Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, 0.72 * R, 0.72 * R)
        box = QRectF(centre.x() - R, centre.y() + 0.7 * R, 2 * R, 0.3 * R)
        painter.setPen(CAUGHT)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                         f"caught {c.paid}/{c.strength}")

    def _paint_lock(self, painter: QPainter, lock: LockMark) -> None:
        a, b = hex_center(lock.firer), hex_center(lock.target)
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        wave = QPainterPath(a)
        steps = max(int(length / (0.12 * R)), 2)
        for k in range(1, steps + 1):
            t = k / steps
            amp = 0.12 * R * math.sin(t * length / (0.35 * R))
            wave.lineTo(a.x() + dx * t + nx * amp, a.y() + dy * t + ny * amp)
        alpha = 230 if lock.locked else 120
        pen = QPen(QColor(WAVE.red(), WAVE.green(), WAVE.blue(), alpha), 0.06 * R,
                   Qt.PenStyle.SolidLine if lock.locked else Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(wave)
        mid = QPointF(a.x() + dx / 2, a.y() + dy / 2 + lock.row * 0.38 * R)
        self._tab(painter, None, lock.label, WAVE, at=mid)

    def _tab(self, painter: QPainter, h: Hex | None, text: str, colour: QColor,
             at: QPointF | None = None) -> None:
        c = at if at is not None else hex_center(h)
        metrics = painter.fontMetrics()
        width = metrics.horizontalAdvance(text) + 0.2 * R
        y = c.y() + (-0.98 * R if at is None else -0.17 * R)  # a web's tab above its hex
        box = QRectF(c.x() - width / 2, y, width, 0.34 * R)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(10, 14, 24, 210))
        painter.drawRoundedRect(box, 0.08 * R, 0.08 * R)
        painter.setPen(colour)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _mix(a: QPointF, b: QPointF, f: float) -> QPointF:
    return QPointF(a.x() + (b.x() - a.x()) * f, a.y() + (b.y() - a.y()) * f)


def show_webs(map_view, view: WebsView) -> WebsItem:  # noqa: ANN001
    """Add a :class:`WebsItem` to ``map_view``'s scene once and show ``view`` on it."""
    item = getattr(map_view, "_webs_item", None)
    if item is None:
        item = WebsItem()
        map_view.scene().addItem(item)
        map_view._webs_item = item
    item.set_view(view)
    return item
