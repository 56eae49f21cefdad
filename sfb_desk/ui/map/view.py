"""The hex map widget: the map, the counters, who moves, legal moves, arcs, range and shields.

A reusable :class:`MapView` (QGraphicsView). It shows game state and asks for moves; it never
changes the state itself. The controller listens to :attr:`MapView.move_requested`, applies the
move (the sequencer, or :class:`~sfb_desk.ui.map.adapter.LocalMoves` standalone) and calls
:meth:`MapView.set_units` again. Every rule question goes to the rules layer
(:mod:`sfb_desk.ui.map.moves`, :mod:`sfb_desk.ui.map.info`); pixels live in
:mod:`sfb_desk.ui.map.geometry`.

Signals:

* ``unit_selected(str)``: the selected unit's id, ``""`` when none.
* ``move_requested(str, object)``: unit id and a legal
  :class:`~sfb_desk.rules.movement.core.MoveOrder`.
* ``refused(str, str)``: rule number and message of an illegal move asked for.
* ``hover_info(str)``: the hover overlay's text (hex, range, shield struck, in arc or not).

Counters keep a readable size at every zoom (:mod:`.zoom`) and fan out when they share a hex
(:mod:`.fan`); a click on a counter selects that unit.

Mouse: click a counter to select it (Ctrl+click selects even in a highlighted hex); click a
highlighted hex to move there (Shift+click: the sideslip where a turn enters the same hex);
wheel zooms; drag with the middle or right button, or with Space held, pans.
Keys (see :mod:`sfb_desk.ui.map.input`), those of the orders panel's movement form first (the
message line names them): W/Up straight, A/D or Left/Right turn, Q/E or Shift+Left/Right
sideslip, Z/C tactical maneuver (or T then Left/Right), 1-6 high energy turn to A-F (or H then
A-F, or click a hex), Esc cancels/deselects, Tab/N next unit moving this impulse, +/- zoom,
F/Home frame the units (and follow them again), 0 the whole map, arrows pan when nothing is
selected. Zooming or panning stops the map following the units (:mod:`.zoom`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QLabel, QWidget

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import STANDARD_MAP, Hex, MapBounds
from sfb_desk.rules.movement.core import MoveOrder
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import GONE, Unit

from .fan import FanItem
from .geometry import HEX_SIZE, MapExtent, hex_at, hex_center
from .grid import GridItem
from .info import ArcCoverCache, WeaponArcs, hover_lines
from .input import MapInput
from .counters import _Counter
from .placing import CounterPlacing
from .overlays import HexSetItem, HoverItem, Target, TargetsItem
from .systems import SystemsItem, SystemsView, counter_opacity
from .moves import (MoveContext, MoveOption, check_order, click_hint, moves_this_impulse, options_by_hex,
                    selection_text, target_tag)
from .zoom import MAX_ZOOM, MIN_ZOOM, MapZoom, counter_scale

__all__ = ["MAX_ZOOM", "MIN_ZOOM", "MapView"]
BACKGROUND = QColor("#0a0e18")
FLOAT_EDGE = 2  # a floating map recentres when a unit comes this near its edge
_OVERLAY_STYLE = "background: rgba(10, 14, 24, 200); color: %s; padding: 4px 6px; border-radius: 4px;"


class MapView(MapInput, MapZoom, CounterPlacing, QGraphicsView):
    """The hex map. See the module docstring for signals, mouse and keys."""

    unit_selected = Signal(str)
    move_requested = Signal(str, object)
    refused = Signal(str, str)
    hover_info = Signal(str)

    def __init__(
        self, bounds: MapBounds = STANDARD_MAP, options: RuleOptions | None = None,
        parent: QWidget | None = None,
    ) -> None:
        QGraphicsView.__init__(self, parent)
        MapInput.__init__(self)
        self.setScene(QGraphicsScene(self))
        self.setBackgroundBrush(BACKGROUND)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)  # scaled counter caches
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self._ctx = MoveContext(impulse=0, options=options or RuleOptions(), bounds=bounds)
        self._units: dict[str, Unit] = {}
        self._by_hex: dict[Hex, list[Unit]] = {}
        self._counters: dict[str, _Counter] = {}
        self._counter_scale = counter_scale(1.0)  # counters' enlargement at this zoom (map.zoom)
        self._following = False  # framing the units as they move (map.zoom.fit_units)
        self._waiting: str | None = None  # the hint while another prompt is pending
        self._clock_shown = True  # the clock overlay (set_clock_shown)
        self._selected: str | None = None
        self._legal: dict[Hex, list[MoveOption]] = {}
        self._weapon: WeaponArcs | None = None
        self._arc_cache = ArcCoverCache()
        self._hovered: Hex | None = None
        self._hover_text = ""
        self._area: tuple[Hex, ...] = ()

        extent = self._initial_extent(bounds, ())
        self.grid = GridItem(extent)
        self.arcs_item = HexSetItem(QColor(255, 200, 70, 42), -50)
        self.targets_item = TargetsItem(QColor("#3ddc84"), -40)
        self.hover_item = HoverItem()
        self.systems_item = SystemsItem()
        self.fan_item = FanItem()
        for item in (self.grid, self.arcs_item, self.targets_item, self.hover_item,
                     self.systems_item, self.fan_item):
            self.scene().addItem(item)
        self._set_extent(extent)

        self.info_label = self._overlay("#dfe6f5")
        self.message_label = self._overlay("#ff8a80")
        self.clock_label = self._overlay("#ffd27a")
        self.info_label.hide()
        self.message_label.hide()
        self.clock_label.hide()

    # -- state in ------------------------------------------------------------------------
    @property
    def bounds(self) -> MapBounds:
        return self._ctx.bounds

    @property
    def context(self) -> MoveContext:
        return self._ctx

    @property
    def extent(self) -> MapExtent:
        return self.grid.extent

    def set_map(self, bounds: MapBounds) -> None:
        """Show the standard map (a bounded ``MapBounds``) or a floating map around the units."""
        self._ctx = MoveContext(self._ctx.turn, self._ctx.impulse, self._ctx.options, bounds)
        self._set_extent(self._initial_extent(bounds, [u.hex for u in self._units.values()]))
        self._refresh()

    def set_rules(self, options: RuleOptions) -> None:
        self._ctx = MoveContext(self._ctx.turn, self._ctx.impulse, options, self._ctx.bounds)
        self._refresh()

    def set_units(self, units: Iterable[Unit]) -> None:
        """Show ``units`` (units gone from the map are left out); keeps the selection."""
        shown = [u for u in units if u.status not in GONE]
        self._units = {u.id: u for u in shown}
        by_hex: dict[Hex, list[Unit]] = {}
        for u in shown:
            by_hex.setdefault(u.hex, []).append(u)
        self._by_hex = by_hex
        if self._extent_needs_recentre():
            self._set_extent(MapExtent.around([u.hex for u in shown]))
        for uid in set(self._counters) - set(self._units):
            self.scene().removeItem(self._counters.pop(uid))
        self._place_all()
        if self._selected not in self._units:
            self._selected = None
        self._refresh()
        self._describe_selection()
        self.keep_units_in_view()

    def set_systems(self, view: SystemsView) -> None:
        """Tractor links, explosions and cloaked ships (:mod:`.systems`): the overlay, and each
        cloaked counter faded (more for the enemy's view)."""
        self.systems_item.set_view(view)
        for uid, counter in self._counters.items():
            counter.setOpacity(counter_opacity(view.cloaked, uid)[0])

    def set_impulse(self, impulse: int, turn: int | None = None) -> None:
        """Highlight the units moving on ``impulse`` (C1.4) and judge moves on it."""
        self._ctx = MoveContext(self._ctx.turn if turn is None else turn, impulse,
                                self._ctx.options, self._ctx.bounds)
        self._refresh()
        self._describe_selection()

    def show_weapon_arcs(self, unit_id: str, arcs: Sequence[str], extra_bearings: Sequence[int] = ()) -> None:
        """Shade the hexes in ``arcs`` (plus ``extra_bearings``) of ``unit_id``'s weapon (D2)."""
        weapon = WeaponArcs(unit_id, tuple(arcs), tuple(extra_bearings))
        weapon.mask  # noqa: B018 - raises ValueError for an unknown arc now, not on hover
        self._weapon = weapon
        self._refresh()

    def clear_weapon_arcs(self) -> None:
        self._weapon = None
        self._refresh()

    def select_unit(self, unit_id: str | None) -> None:
        if unit_id is not None and unit_id not in self._units:
            raise KeyError(unit_id)
        self._cancel_prompt()
        if unit_id == self._selected:
            return
        self._selected = unit_id
        self._refresh_selection()
        self._refresh_targets()
        self._update_hover()
        self._describe_selection()
        self.unit_selected.emit(unit_id or "")

    def set_waiting(self, text: str | None) -> None:
        """What the message line says while the game asks something other than a move of the
        selected unit (``text``; ``""`` says nothing); None: the selected unit's orders and
        their keys again."""
        self._waiting = text
        self._describe_selection()

    def _describe_selection(self) -> None:
        if self._waiting is not None:
            if self._waiting:
                self.show_message(self._waiting)
            else:
                self.message_label.hide()
            return
        unit = self.selected_unit
        if unit is None or self._ctx.impulse < 1:
            self.message_label.hide()
            return
        self.show_message(selection_text(unit, self._ctx))

    # -- state out -----------------------------------------------------------------------
    @property
    def selected_unit(self) -> Unit | None:
        return self._units.get(self._selected) if self._selected else None

    @property
    def units(self) -> dict[str, Unit]:
        return dict(self._units)

    def counter(self, unit_id: str) -> _Counter:
        return self._counters[unit_id]

    def legal_targets(self) -> dict[Hex, list[MoveOption]]:
        """The hexes the selected unit may enter now, with the orders that enter each."""
        return {h: list(opts) for h, opts in self._legal.items()}

    def movers(self) -> list[str]:
        """Ids of the units highlighted as moving this impulse."""
        return sorted(uid for uid, c in self._counters.items() if c.moving)

    def hex_label(self, h: Hex) -> str:
        return self.extent.label(h)

    def hex_to_view(self, h: Hex) -> QPointF:
        """The viewport point at the centre of ``h`` (for clicks in tests and tools)."""
        return QPointF(self.mapFromScene(hex_center(h)))

    def hex_at_view(self, pos: QPointF) -> Hex:
        scene = self.mapToScene(pos.toPoint())
        return hex_at(scene.x(), scene.y())

    # -- moves ---------------------------------------------------------------------------
    def request_move(self, order: MoveOrder) -> bool:
        """Ask for ``order`` for the selected unit: emits ``move_requested`` when the rules
        allow it, else ``refused`` with the rule. Returns whether it was requested."""
        unit = self.selected_unit
        self._cancel_prompt()
        if unit is None:
            self._refuse(Refusal("C1.4", "select a unit first"))
            return False
        if not 1 <= self._ctx.impulse <= 32:
            self._refuse(Refusal("C1.4", "units move in the impulses of the Movement Phase (1-32)"))
            return False
        result = check_order(unit, order, self._ctx)
        if isinstance(result, Refusal):
            self._refuse(result)
            return False
        self.message_label.hide()
        self.move_requested.emit(unit.id, order)
        return True

    def _refuse(self, refusal: Refusal) -> None:
        self.show_message(f"Refused ({refusal.rule}): {refusal.message}", error=True)
        self.refused.emit(refusal.rule, refusal.message)

    def show_message(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the message overlay at the foot of the map: a refusal in red
        (``error``), else a hint in amber. It stays until replaced or a move is requested."""
        label = self.message_label
        style = _OVERLAY_STYLE % ("#ff8a80" if error else "#ffe082")
        if label.styleSheet() != style:
            label.setStyleSheet(style)
        label.setToolTip(text)  # the whole text; the line is cut to the map's width
        label.show()
        self._place_overlays()

    # -- refreshing ----------------------------------------------------------------------
    def _refresh(self) -> None:
        ctx = self._ctx
        moving = 0
        for uid, counter in self._counters.items():
            counter.set_moving(ctx.impulse >= 1 and moves_this_impulse(self._units[uid], ctx))
            moving += counter.moving
        if ctx.impulse >= 1 and (self._clock_shown or self._weapon is not None):
            text = f"Turn {ctx.turn}, impulse {ctx.impulse}: {moving} unit{'s' * (moving != 1)} move (C1.4)"
            weapon = self._weapon
            if weapon is not None and weapon.unit_id in self._units:
                unit = self._units[weapon.unit_id]
                text += f"\nShaded: arc {weapon.title} of {unit.id}"
            self.clock_label.setText(text)
            self.clock_label.adjustSize()
            self.clock_label.show()
            self._place_overlays()
        else:
            self.clock_label.hide()
        self._refresh_selection()
        self._refresh_targets()
        self._refresh_arcs()
        self._update_hover()

    def _refresh_selection(self) -> None:
        for uid, counter in self._counters.items():
            counter.set_selected(uid == self._selected)

    def _refresh_targets(self) -> None:
        unit = self.selected_unit
        self._legal = {}
        if unit is not None and self._prompt is None and self._ctx.impulse >= 1:
            self._legal = options_by_hex(unit, self._ctx)
        targets = [Target(h, options[0].facing, target_tag(options))
                   for h, options in self._legal.items()]
        if self._prompt is None:
            self.targets_item.set_targets(targets)

    def _refresh_arcs(self) -> None:
        weapon = self._weapon
        unit = self._units.get(weapon.unit_id) if weapon else None
        if weapon is None or unit is None:
            self.arcs_item.set_hexes(())
            return
        cover = self._arc_cache.cover(unit.hex, unit.facing, weapon.mask, self.extent, self._area)
        if cover is not self.arcs_item.hexes:
            self.arcs_item.set_hexes(cover)

    def _update_hover(self) -> None:
        """Refresh the hover outline and overlay; ``hover_info`` is emitted when the text
        changes (``""`` when the mouse leaves the map)."""
        h = self._hovered
        selected = self.selected_unit
        self.hover_item.set_hover(h, selected.hex if selected else None)
        if h is None:
            self.info_label.hide()
            self.viewport().setToolTip("")
            if self._hover_text:
                self._hover_text = ""
                self.hover_info.emit("")
            return
        weapon_unit = self._units.get(self._weapon.unit_id) if self._weapon else None
        lines = hover_lines(self.extent.label(h), h, selected, self._by_hex.get(h, ()),
                            self._weapon, weapon_unit)
        options = self._legal.get(h)
        if options:
            lines.append(click_hint(options))
        text = "\n".join(lines)
        self.viewport().setToolTip(text if options else "")
        self.info_label.setText(text)
        self.info_label.adjustSize()
        self.info_label.show()
        self._place_overlays()
        if text != self._hover_text:
            self._hover_text = text
            self.hover_info.emit(text)

    # -- extent, overlays, zoom ----------------------------------------------------------
    def _initial_extent(self, bounds: MapBounds, hexes: Iterable[Hex]) -> MapExtent:
        if bounds.columns is not None and bounds.rows is not None:
            return MapExtent.of_bounds(bounds)
        return MapExtent.around(list(hexes))

    def _extent_needs_recentre(self) -> bool:
        if not self.extent.relative or not self._units:
            return False
        return any(not self.extent.contains(u.hex, FLOAT_EDGE) for u in self._units.values())

    def _set_extent(self, extent: MapExtent) -> None:
        self.grid.set_extent(extent)
        self._area = tuple(extent.hexes())
        rect = extent.scene_rect()
        pad = 8 * HEX_SIZE
        self.setSceneRect(rect.adjusted(-pad, -pad, pad, pad))

    def _overlay(self, colour: str) -> QLabel:
        label = QLabel(self)  # not the viewport's child: scrolling the viewport moves those
        label.setStyleSheet(_OVERLAY_STYLE % colour)
        label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        label.setWordWrap(False)
        return label

    def set_clock_shown(self, shown: bool) -> None:
        """Show the clock overlay (turn, impulse, how many move) at the top right, or only
        while a weapon's arc is shaded (the main window's turn tracker shows the clock)."""
        self._clock_shown = shown
        self._refresh()

    def overlay_strips(self) -> tuple[int, int]:
        """Pixels at the top and at the foot of the view the overlays cover in a game (the
        clock above, the message line below): a fit keeps counters out of them (:mod:`.zoom`)."""
        strip = self.message_label.fontMetrics().height() + 8 + 8
        in_game = self._ctx.impulse >= 1 or self._waiting is not None
        top = strip if self.clock_label.isVisible() or (in_game and self._clock_shown) else 0
        bottom = strip if self.message_label.isVisible() or in_game else 0
        return top, bottom

    def _place_overlays(self) -> None:
        area = self.viewport().geometry()
        label = self.message_label
        text = label.toolTip()
        width = max(40, area.width() - 16 - 12)  # the line within the map (padding 6 a side)
        shown = label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, width)
        if label.text() != shown:
            label.setText(shown)
            label.adjustSize()
        self.info_label.move(area.left() + 8, area.top() + 8)
        self.message_label.move(area.left() + 8,
                                max(area.top() + 8, area.bottom() - self.message_label.height() - 8))
        self.clock_label.move(max(area.left() + 8, area.right() - self.clock_label.width() - 8),
                              area.top() + 8)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 (Qt name)
        _Counter.new_frame()  # each frame may render a few counter pixmaps (map.counters)
        if counter_scale(self.zoom()) != self._counter_scale:  # zoomed by a plain Qt call
            QTimer.singleShot(0, self._zoomed)
        super().drawBackground(painter, rect)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._place_overlays()
        if self._following and self._units:
            self.fit_units()  # the dock laid out or the window resized: frame them again
