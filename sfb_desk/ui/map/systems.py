"""Ship systems on the hex map: tractor links, explosions and cloaked ships.

* :func:`systems_view` reads what to draw from a game (its units, the ship records' tractor
  links and cloaks, and the log's explosions of this impulse) for one viewer: ``viewer`` is
  the side looking at the map (the only human side against the robot), None at a shared table.
  A cloaked ship's position is known to all (hidden cloaks, G13.61, are not modelled), so the
  enemy sees a ghost marked "cloaked" (its facing and speed are not shown, and it is not
  selectable information); its owner sees the ship faded with its cloak status and the range
  penalty (G13.302).
* :class:`SystemsItem` draws the links (a beam from the holder to the held unit, G7) and the
  explosions of this impulse and the one before (the zone's hexes ringed and the exploding
  ship's hex burst, D5.41).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex, hex_from_label, neighbors
from sfb_desk.rules.systems import cloak as ck
from sfb_desk.rules.units import clock_of

from .geometry import hex_center, hex_polygon
from .looks import R
from .view_item import ViewItem

BEAM = QColor("#5ff0ff")
BLAST = QColor("#ffb347")


@dataclass(frozen=True, slots=True)
class Cloaked:
    """A ship under its cloak as one viewer may see it: ``own`` (the viewer's ship, or a shared
    table) shows the status and the range penalty; otherwise only "cloaked"."""

    unit: str
    status: str
    bonus: int
    own: bool
    hex: Hex

    @property
    def tag(self) -> str:
        if not self.own:
            return "cloaked"
        return f"{self.status.replace('_', ' ')} (+{self.bonus})"


@dataclass(frozen=True, slots=True)
class SystemsView:
    links: tuple[tuple[Hex, Hex], ...] = ()
    explosions: tuple[tuple[Hex, int], ...] = ()
    cloaked: tuple[Cloaked, ...] = ()


def systems_view(state, combat, log: Iterable = (), viewer: str | None = None) -> SystemsView:  # noqa: ANN001
    """What the map shows of the ship systems now (module docstring)."""
    units = {u.id: u for u in state.units}
    links = []
    tractors = getattr(combat, "tractors", None)
    for link in (tractors.links if tractors is not None else ()):
        a, b = units.get(link.holder), units.get(link.target)
        if a is not None and b is not None:
            links.append((a.hex, b.hex))
    clock = clock_of(state.turn, state.impulse)
    cloaked = []
    for record in (combat.ships if combat is not None else ()):
        status = ck.now(record.systems.cloak, clock)
        unit = units.get(record.id)
        if status == ck.OFF or unit is None or not unit.active:
            continue
        cloaked.append(Cloaked(record.id, status, ck.cloak_bonus(record.systems.cloak, clock),
                               viewer is None or unit.side == viewer, unit.hex))
    booms = []
    for r in reversed(tuple(log)):  # the last impulse's records are at the end
        if clock_of(r.turn, r.impulse) < clock - 1:
            break
        data = r.data
        if r.kind == "event" and getattr(data, "kind", "") == "explosion" and data.get("hex"):
            near = units.get(str(getattr(data, "unit", ""))) or next(iter(units.values()), None)
            where = hex_from_label(str(data.get("hex")), near=near.hex if near else None)
            booms.append((where, int(data.get("radius") or 0)))  # four digits: the battle's hex
    booms.reverse()
    return SystemsView(tuple(links), tuple(booms), tuple(cloaked))


class SystemsItem(ViewItem):
    """Tractor beams and explosions (module docstring), over the grid and under the counters."""

    def __init__(self) -> None:
        super().__init__(SystemsView(), z=4, font_scale=0.26)

    def hexes_of(self, view: SystemsView) -> list[Hex]:
        hexes = [h for link in view.links for h in link]
        for h, radius in view.explosions:
            hexes += [h, *(neighbors(h) if radius else ())]
        return hexes + [c.hex for c in view.cloaked]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for h, radius in self.view.explosions:
            self._paint_blast(painter, h, radius)
        for a, b in self.view.links:
            self._paint_beam(painter, hex_center(a), hex_center(b))
        painter.setFont(self._font)
        for c in self.view.cloaked:
            centre = hex_center(c.hex)
            painter.setPen(QPen(QColor("#b8f5c8"), 0.05 * R, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(hex_polygon(c.hex, scale=0.9))
            painter.setPen(QColor("#b8f5c8"))
            painter.drawText(QRectF(centre.x() - 1.2 * R, centre.y() + 0.52 * R, 2.4 * R, 0.4 * R),
                             Qt.AlignmentFlag.AlignCenter, c.tag)

    def _paint_beam(self, painter: QPainter, a: QPointF, b: QPointF) -> None:
        glow = QColor(BEAM)
        glow.setAlpha(70)
        painter.setPen(QPen(glow, 0.34 * R, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QLineF(a, b))
        painter.setPen(QPen(BEAM, 0.08 * R, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QLineF(a, b))
        mid = (a + b) / 2
        painter.setFont(self._font)
        painter.setPen(BEAM)
        painter.drawText(QRectF(mid.x() - R, mid.y() - 0.55 * R, 2 * R, 0.4 * R),
                         Qt.AlignmentFlag.AlignCenter, "tractor")

    def _paint_blast(self, painter: QPainter, h: Hex, radius: int) -> None:
        zone = QPainterPath()
        for z in (h, *(neighbors(h) if radius else ())):
            zone.addPolygon(hex_polygon(z, scale=0.96))
        fill = QColor(BLAST)
        fill.setAlpha(60)
        painter.fillPath(zone, fill)
        painter.setPen(QPen(BLAST, 0.06 * R))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(zone)
        centre = hex_center(h)
        burst = QRadialGradient(centre, 1.1 * R)
        burst.setColorAt(0.0, QColor(255, 255, 220, 240))
        burst.setColorAt(0.45, QColor(255, 160, 40, 200))
        burst.setColorAt(1.0, QColor(255, 80, 0, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(burst)
        painter.drawEllipse(centre, 1.1 * R, 1.1 * R)


def counter_opacity(cloaked: Sequence[Cloaked], unit_id: str) -> tuple[float, str]:
    """How a counter is drawn under its cloak: opacity and the tag ('' when not cloaked)."""
    for c in cloaked:
        if c.unit == unit_id:
            return (0.55 if c.own else 0.3), c.tag
    return 1.0, ""
