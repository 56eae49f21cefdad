"""Terrain, mines and monsters on the hex map (issue 15).

* :func:`battlefield_view` reads what to draw from a game's battlefield
  (:class:`~sfb_desk.rules.systems.battlefield.BattlefieldState`) for one viewer: the side
  looking at the map sees its own mines in full (size, type, detection number) and the
  enemy's only as M7 reveals them (located: size and hex, M7.22; identified: type, M7.54). At a
  shared table (no viewer) only the mines some other side has located are shown: each owner
  keeps his minefield record (M6.1) and may look with :meth:`MapBridge.view_as`.
* :class:`BattlefieldItem` paints it over the grid and under the counters.
* :func:`show_battlefield` adds the item to a :class:`~.view.MapView` (once) and updates it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QRadialGradient
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.systems.mines import MineView
from sfb_desk.rules.systems.terrain import nova_front
from sfb_desk.rules.systems.terrain.asteroids import cluster_hexes
from sfb_desk.rules.systems.terrain.waves import motion_text

from .geometry import hex_center, hex_polygon
from .looks import R
from .view_item import ViewItem

#: Fill and edge colours by terrain kind (alpha in the fill).
DRAGON_WING = QColor(40, 170, 120, 170)
DRAGON_EDGE = QColor("#9dffd6")
WHOLE_MAP_TAB = Hex.from_offset(4, 1)  # where an area terrain over the whole map is named

TERRAIN_LOOK: dict[str, tuple[QColor, QColor]] = {
    "planet": (QColor(40, 120, 200, 230), QColor("#9fd3ff")),
    "moon": (QColor(150, 150, 160, 230), QColor("#e0e0e8")),
    "gas_giant": (QColor(200, 150, 80, 220), QColor("#ffd9a0")),
    "asteroids": (QColor(120, 90, 60, 120), QColor("#b08a60")),
    "asteroid": (QColor(120, 90, 60, 220), QColor("#d0a070")),
    "star": (QColor(255, 190, 40, 230), QColor("#fff2a0")),
    "black_hole": (QColor(0, 0, 0, 255), QColor("#a070ff")),
    "pulsar": (QColor(160, 200, 255, 200), QColor("#ffffff")),
    "nebula": (QColor(150, 70, 200, 70), QColor("#c090ff")),
    "dust": (QColor(170, 140, 90, 70), QColor("#c8a878")),
    "intense_dust": (QColor(170, 120, 60, 110), QColor("#d8a060")),
    "ion_storm": (QColor(80, 200, 220, 70), QColor("#80f0ff")),
    "gravity_wave": (QColor(120, 255, 160, 60), QColor("#80ffb0")),
    "heat_zone": (QColor(255, 90, 40, 60), QColor("#ff9060")),
    "sunspots": (QColor(255, 200, 60, 50), QColor("#ffd060")),
    "nova": (QColor(255, 240, 200, 200), QColor("#ffffff")),
    "radiation_zone": (QColor(200, 255, 60, 55), QColor("#d0ff60")),
    "neutron_star": (QColor(220, 230, 255, 240), QColor("#ffffff")),
    "white_dwarf": (QColor(240, 240, 255, 240), QColor("#ffffff")),
    "web": (QColor(200, 200, 255, 40), QColor("#d8d8ff")),
    "minefield": (QColor(255, 60, 60, 0), QColor("#ff6060")),
    "other": (QColor(200, 200, 200, 60), QColor("#dddddd")),
}
BODIES = frozenset({"planet", "moon", "gas_giant", "asteroid", "star", "black_hole", "pulsar",
                    "neutron_star", "white_dwarf"})
#: Rocks drawn in an asteroid hex: (x, y, size) in hex radii from its centre.
ROCKS = ((-0.35, -0.25, 0.13), (0.3, -0.3, 0.09), (0.05, 0.05, 0.16), (-0.3, 0.3, 0.08),
         (0.38, 0.22, 0.11))
MINE_OWN = QColor("#ff5a5a")
MINE_FOUND = QColor("#ffd27a")
SNAKE = QColor("#ff7a1a")


@dataclass(frozen=True, slots=True)
class Marked:
    """One terrain feature as drawn: its kind, hexes and label."""

    kind: str
    hexes: tuple[Hex, ...]
    label: str


@dataclass(frozen=True, slots=True)
class MonsterMark:
    """A monster as drawn; ``struck``: the hexes of the units it struck this turn (SM5.45)."""

    kind: str
    hex: Hex
    name: str
    struck: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class DragonMark:
    """A Space Dragon under its counter: its record (SM7.462) and whether it ravages."""

    hex: Hex
    name: str
    record: str
    ravaging: bool = False


@dataclass(frozen=True, slots=True)
class BattlefieldView:
    terrain: tuple[Marked, ...] = ()
    mines: tuple[MineView, ...] = ()
    monsters: tuple[MonsterMark, ...] = ()
    nova: tuple[Hex, ...] = ()
    viewer: str | None = None
    dragons: tuple[DragonMark, ...] = ()


def _public_mines(field, viewer: str | None) -> tuple[MineView, ...]:  # noqa: ANN001
    if viewer is not None:
        return field.mines.view_for(viewer)
    out = []
    for m in field.mines.live():
        others = m.located_by - {m.owner}
        if others:
            kind = m.type_label if (m.identified_by - {m.owner}) else "unknown"
            out.append(MineView(m.id, m.hex, m.size, kind, False))
    return tuple(out)


def battlefield_view(combat, viewer: str | None = None, state=None) -> BattlefieldView:  # noqa: ANN001
    """What the map shows of the battlefield now (module docstring); with the game ``state``
    the units a monster struck this turn are marked."""
    field = getattr(combat, "battlefield", None)
    if field is None or not field:
        return BattlefieldView(viewer=viewer)
    terrain = tuple(Marked(f.kind, tuple(sorted(f.hexes, key=lambda h: (h.col, h.row))),
                           _terrain_label(f)) for f in field.terrain.features)
    terrain += tuple(  # P12.53: a nova's 7-hex clusters, counter hex first
        Marked("asteroids", (c.hex, *sorted(cluster_hexes(c.hex) - {c.hex},
                                              key=lambda h: (h.col, h.row))),
               "") for c in getattr(field, "clusters", ()))  # many: no name tabs
    units = {u.id: u for u in getattr(state, "units", ())}
    monsters = tuple(MonsterMark(m.kind, m.hex, m.id,
                                 tuple(units[i].hex for i in sorted(m.struck) if i in units))
                     for m in field.monsters if not m.gone)
    nova: tuple[Hex, ...] = ()
    if field.nova_turn is not None:
        nova = tuple(nova_front(field.terrain.hexes_of("star"), field.nova_radius))
    dragons = tuple(
        DragonMark(units[d.id].hex, d.id, f"body {d.record.body} · wings {d.record.wings} · "
                   f"tail {d.record.tail} · claws {d.record.claws}", d.ravage_turns > 0)
        for d in getattr(field, "dragons", ()) if d.id in units and units[d.id].active)
    return BattlefieldView(terrain, _public_mines(field, viewer), monsters, nova, viewer,
                           dragons)


def _terrain_label(feature) -> str:  # noqa: ANN001 - a terrain Feature
    """The tab under a feature: a wave's points and motion (P9.12); an area terrain given
    without hexes says it covers the whole map (P13.0, P14.0)."""
    if feature.kind == "gravity_wave" and feature.motion is not None:
        return f"{feature.label}: {feature.strength} points, moving {motion_text(feature.motion)}"
    if feature.covers_map:
        return f"{feature.label}: the whole map ({feature.info.rule})"
    return feature.label


class BattlefieldItem(ViewItem):
    """Terrain, mines, the nova and monsters (module docstring)."""

    MARGIN = 2.0

    def __init__(self) -> None:
        super().__init__(BattlefieldView(), z=2, font_scale=0.24)

    def hexes_of(self, view: BattlefieldView) -> list[Hex]:
        hexes = [h for t in view.terrain for h in t.hexes] + [m.hex for m in view.mines]
        return (hexes + [h for m in view.monsters for h in (m.hex, *m.struck)]
                + list(view.nova) + [d.hex for d in view.dragons])

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self._font)
        for mark in sorted(self.view.terrain, key=lambda t: t.kind in BODIES):
            self._paint_terrain(painter, mark)
        if self.view.nova:
            self._paint_area(painter, self.view.nova, *TERRAIN_LOOK["nova"])
        stacked: dict = {}
        for mine in self.view.mines:  # mines sharing a hex (M6.4: 2006) sit side by side
            stacked.setdefault(mine.hex, []).append(mine)
        for group in stacked.values():
            for i, mine in enumerate(group):
                self._paint_mine(painter, mine, (i - (len(group) - 1) / 2) * 0.5 * R,
                                 len(group) > 1)
        for monster in self.view.monsters:
            self._paint_snake(painter, monster)
        for dragon in self.view.dragons:
            self._paint_dragon(painter, dragon)

    # -- pieces --------------------------------------------------------------------------------
    def _paint_area(self, painter: QPainter, hexes, fill: QColor, edge: QColor,  # noqa: ANN001
                    dashed: bool = False) -> None:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(hex_polygon(h, scale=0.98))
        painter.fillPath(path, fill)
        pen = QPen(edge, 0.04 * R, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _paint_terrain(self, painter: QPainter, mark: Marked) -> None:
        fill, edge = TERRAIN_LOOK.get(mark.kind, TERRAIN_LOOK["other"])
        if not mark.hexes:  # an area terrain over the whole map: its name at the top left
            self._label(painter, WHOLE_MAP_TAB, mark.label, edge)
            return
        if mark.kind not in BODIES:
            self._paint_area(painter, mark.hexes, fill, edge,
                             dashed=mark.kind in ("web", "minefield"))
            if mark.kind == "asteroids":
                self._paint_rocks(painter, mark.hexes, edge)
            at = mark.hexes[len(mark.hexes) // 2 if mark.kind == "gravity_wave" else 0]
            if mark.label:
                self._label(painter, at, mark.label, edge)  # a wave's name at its middle
            return
        for h in mark.hexes:
            c = hex_center(h)
            radius = 0.78 * R if mark.kind in ("planet", "gas_giant", "star") else 0.5 * R
            glow = QRadialGradient(c, radius * 1.25)
            glow.setColorAt(0.0, edge)
            glow.setColorAt(0.55, fill)
            glow.setColorAt(1.0, QColor(fill.red(), fill.green(), fill.blue(), 0))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawEllipse(c, radius * 1.25, radius * 1.25)
            painter.setPen(QPen(edge, 0.04 * R))
            painter.setBrush(fill)
            painter.drawEllipse(c, radius, radius)
        self._label(painter, mark.hexes[0], mark.label, edge)

    def _paint_rocks(self, painter: QPainter, hexes, edge: QColor) -> None:  # noqa: ANN001
        """A few rocks in each asteroid hex (the same pattern everywhere, so it reads as
        terrain, not as counters)."""
        painter.setPen(QPen(edge, 0.025 * R))
        painter.setBrush(QColor(95, 75, 55, 230))
        for h in hexes:
            c = hex_center(h)
            for dx, dy, size in ROCKS:
                painter.drawEllipse(QPointF(c.x() + dx * R, c.y() + dy * R), size * R,
                                    0.8 * size * R)

    def _label(self, painter: QPainter, h: Hex, text: str, colour: QColor) -> None:
        """The feature's name on a dark tab under its first hex."""
        c = hex_center(h)
        metrics = painter.fontMetrics()
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, round(5 * R))
        width = metrics.horizontalAdvance(text) + 0.2 * R
        box = QRectF(c.x() - width / 2, c.y() + 0.62 * R, width, 0.34 * R)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(10, 14, 24, 200))
        painter.drawRoundedRect(box, 0.08 * R, 0.08 * R)
        painter.setPen(colour)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_mine(self, painter: QPainter, mine: MineView, dx: float = 0.0,
                    shared: bool = False) -> None:
        c = hex_center(mine.hex)
        c = QPointF(c.x() + dx, c.y())
        colour = MINE_OWN if mine.own else MINE_FOUND
        size = (0.3 if mine.size == "large" else 0.2) * R
        pen = QPen(colour, 0.04 * R)
        if mine.own and not mine.armed:  # laid in play, not armed yet (M2.3, M5.1132)
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 90))
        painter.drawEllipse(c, size, size)
        for k in range(8):  # the spikes of a mine symbol
            a = math.radians(45 * k)
            painter.drawLine(QPointF(c.x() + size * math.cos(a), c.y() + size * math.sin(a)),
                             QPointF(c.x() + 1.45 * size * math.cos(a),
                                     c.y() + 1.45 * size * math.sin(a)))
        letter = {"explosive": "E", "captor": "C", "sensor": "S", "dummy": "d"}.get(
            mine.type.split("-")[0], "?")
        painter.setPen(QColor("#ffffff"))
        painter.drawText(QRectF(c.x() - size, c.y() - size, 2 * size, 2 * size),
                         Qt.AlignmentFlag.AlignCenter, letter)
        if mine.own and mine.detection is not None:
            painter.setPen(colour)
            arming = "" if mine.armed else (" arm" if shared else " arming")
            painter.drawText(QRectF(c.x() - R, c.y() + 0.3 * R, 2 * R, 0.3 * R),
                             Qt.AlignmentFlag.AlignCenter, f"#{mine.detection}{arming}")

    def _paint_snake(self, painter: QPainter, monster: MonsterMark) -> None:
        c = hex_center(monster.hex)
        for target in monster.struck:  # the venom of this turn's strikes (SM5.45)
            painter.setPen(QPen(QColor(255, 140, 30, 200), 0.07 * R, Qt.PenStyle.DashLine,
                                Qt.PenCapStyle.RoundCap))
            painter.drawLine(c, hex_center(target))
        glow = QRadialGradient(c, 1.3 * R)
        glow.setColorAt(0.0, QColor(255, 230, 120, 220))
        glow.setColorAt(0.5, QColor(255, 120, 20, 140))
        glow.setColorAt(1.0, QColor(255, 60, 0, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawEllipse(c, 1.3 * R, 1.3 * R)
        body = QPainterPath(QPointF(c.x() - 0.8 * R, c.y()))
        for k in range(1, 9):  # an S-shaped body
            x = c.x() - 0.8 * R + k * 0.2 * R
            body.lineTo(x, c.y() + 0.28 * R * math.sin(k * math.pi / 2.5))
        painter.setPen(QPen(SNAKE, 0.16 * R, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(body)
        painter.setPen(QColor("#fff0c0"))
        painter.drawText(QRectF(c.x() - 2 * R, c.y() - 0.95 * R, 4 * R, 0.4 * R),
                         Qt.AlignmentFlag.AlignCenter, monster.name)

    def _paint_dragon(self, painter: QPainter, dragon: DragonMark) -> None:
        """Wings spread behind the dragon's counter and its record on a tab below it."""
        c = hex_center(dragon.hex)
        glow = QRadialGradient(c, 1.4 * R)
        glow.setColorAt(0.0, QColor(120, 255, 200, 200))
        glow.setColorAt(0.5, QColor(40, 180, 140, 120))
        glow.setColorAt(1.0, QColor(20, 120, 100, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawEllipse(c, 1.4 * R, 1.4 * R)
        painter.setPen(QPen(DRAGON_EDGE, 0.05 * R))
        painter.setBrush(DRAGON_WING)
        for side in (-1, 1):  # a bat's wing each side (SM7.464: its speed is in its wings)
            wing = QPainterPath(QPointF(c.x() + side * 0.35 * R, c.y() - 0.1 * R))
            wing.lineTo(c.x() + side * 1.25 * R, c.y() - 0.55 * R)
            wing.lineTo(c.x() + side * 1.05 * R, c.y() + 0.05 * R)
            wing.lineTo(c.x() + side * 0.8 * R, c.y() - 0.1 * R)
            wing.lineTo(c.x() + side * 0.6 * R, c.y() + 0.25 * R)
            wing.closeSubpath()
            painter.drawPath(wing)
        text = dragon.record + (" · ravaging" if dragon.ravaging else "")
        metrics = painter.fontMetrics()
        width = metrics.horizontalAdvance(text) + 0.2 * R
        box = QRectF(c.x() - width / 2, c.y() + 0.95 * R, width, 0.34 * R)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(10, 14, 24, 210))
        painter.drawRoundedRect(box, 0.08 * R, 0.08 * R)
        painter.setPen(DRAGON_EDGE)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def show_battlefield(map_view, view: BattlefieldView) -> BattlefieldItem:  # noqa: ANN001
    """Add a :class:`BattlefieldItem` to ``map_view``'s scene once and show ``view`` on it."""
    item = getattr(map_view, "_battlefield_item", None)
    if item is None:
        item = BattlefieldItem()
        map_view.scene().addItem(item)
        map_view._battlefield_item = item
    item.set_view(view)
    return item
