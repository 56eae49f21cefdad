"""The SSDs of a game in play: one tab per ship, marked as the game goes.

:class:`SsdTabs` follows a :class:`~sfb_desk.qt.controller.GameController` (:meth:`SsdTabs.bind`):
one :class:`~sfb_desk.ui.ssd.widget.SsdWidget` per ship with a class in the game (tab text: unit
id and class). Each shows the unit's destroyed boxes of the controller's state (the hand marks
included) and its weapons' arming status (:func:`sfb_desk.qt.game_ships.arming_now`, texts from
:mod:`sfb_desk.ui.ssd.status`; "fired" for a weapon fired this turn).

Damage that lands (boxes the sequencer destroyed since the last state; the table's own marks
are not flashed) is highlighted on the SSD (:meth:`SsdWidget.highlight`) until the next damage
to that ship, an undo that takes it back, or the end of the turn; the ship's tab is marked
(red, with a star) until the tab has been looked at (chosen, or left after damage landed on the
ship shown). A click on a box (or Space) asks the controller to mark or unmark it
(:meth:`GameController.mark_box`, undoable there); a click on a crew-unit or boarding-party
tick marks one lost or restored the same way (:mod:`.counters`; the ticks crossed out are
the ship record's counts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTabWidget, QWidget

from sfb_desk.qt.game_ships import (
    GameShip,
    arming_now,
    destroyed_by_play,
    game_ships,
    human_side,
    new_damage,
    panel_texts,
    rack_texts,
)

from .counters import counter_marks
from .status import FIRED, arming_texts
from .widget import SsdWidget

if TYPE_CHECKING:  # pragma: no cover
    from sfb_desk.qt.controller import GameController
    from sfb_desk.qt.game_record import GameRecord
    from sfb_desk.rules.game_state import GameState

DAMAGE_MARK = "\u2739 "  # a star before the tab text of a ship that took damage
DAMAGE_COLOUR = QColor("#b00020")


class SsdTabs(QTabWidget):
    """See the module docstring. ``unit_selected(unit_id)`` when another ship's tab is shown."""

    unit_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SsdTabs")
        self.setDocumentMode(True)
        self._controller = None
        self._initial = None
        self._ships: tuple[GameShip, ...] = ()
        self._widgets: dict[str, SsdWidget] = {}
        self._by_play: dict[str, frozenset[str]] = {}
        self._turn: int | None = None
        self._damaged: set[str] = set()
        self._last_index = -1
        self.currentChanged.connect(self._tab_changed)

    # -- binding -------------------------------------------------------------------------------
    def bind(self, controller: GameController) -> None:
        """Follow a GameController's state; clicks on boxes mark them through it."""
        self._controller = controller
        controller.state_changed.connect(self._state_changed)
        if controller.record is not None:
            self._state_changed(controller.state)

    def widget_of(self, unit_id: str) -> SsdWidget:
        """The SSD of ``unit_id`` (KeyError if the game has no such ship)."""
        return self._widgets[unit_id]

    def units(self) -> list[str]:
        return [s.unit_id for s in self._ships]

    def show_unit(self, unit_id: str) -> None:
        """Bring ``unit_id``'s tab forward (ignored for a unit without an SSD)."""
        w = self._widgets.get(unit_id)
        if w is not None:
            self.setCurrentWidget(w)

    def current_unit(self) -> str | None:
        i = self.currentIndex()
        return self._ships[i].unit_id if 0 <= i < len(self._ships) else None

    def damage_marked(self, unit_id: str) -> bool:
        """Whether ``unit_id``'s tab carries the mark of damage not yet looked at."""
        return unit_id in self._damaged

    # -- the game changed ----------------------------------------------------------------------
    @Slot(object)
    def _state_changed(self, state: object) -> None:
        c = self._controller
        record = c.record if c is not None else None
        if record is None:
            return
        ships = game_ships(record)
        by_play = destroyed_by_play(record)
        if record.initial is not self._initial or [s.unit_id for s in ships] != self.units():
            self._initial = record.initial
            self._rebuild(ships)
            self._by_play = by_play
            self._turn = c.state.turn
        table = c.state
        turn_over = self._turn is not None and table.turn != self._turn
        self._turn = table.turn
        landed = new_damage(self._by_play, by_play)
        self._by_play = by_play
        combat = record.combat
        for ship in ships:
            w = self._widgets[ship.unit_id]
            unit = table.find(ship.unit_id)
            destroyed = unit.destroyed if unit is not None else frozenset()
            ship_record = combat.ship(ship.unit_id) if combat is not None else None
            if ship_record is not None:  # crew units and boarding parties lost (G9.21, D7)
                destroyed = destroyed | counter_marks(ship.spec, ship_record.crew_units_lost,
                                                      ship_record.boarding_parties_lost)
            if destroyed != w.marked:
                w.set_destroyed(destroyed)
            self._update_highlight(w, ship.unit_id, landed.get(ship.unit_id), by_play,
                                   turn_over)
            w.set_status(self._status(record, ship.unit_id, table))
        for uid in landed:
            self._damaged.add(uid)
            self._mark_tab(uid)

    def _rebuild(self, ships: tuple[GameShip, ...]) -> None:
        self.blockSignals(True)
        try:
            while self.count():
                w = self.widget(0)
                self.removeTab(0)
                w.deleteLater()
            self._ships = ships
            self._widgets = {}
            self._damaged.clear()
            for ship in ships:
                w = SsdWidget()
                w.setObjectName(f"ssd:{ship.unit_id}")
                w.set_ship(ship.spec)
                w.box_toggled.connect(
                    lambda box, marked, uid=ship.unit_id: self._box_toggled(uid, box, marked))
                self._widgets[ship.unit_id] = w
                i = self.addTab(w, ship.label)
                self.setTabToolTip(i, f"{ship.name} ({ship.unit_id}): {ship.spec.race_name} "
                                      f"{ship.spec.class_code}, {ship.side}")
        finally:
            self.blockSignals(False)
        self._last_index = self.currentIndex()

    @staticmethod
    def _update_highlight(w: SsdWidget, unit_id: str, landed: frozenset[str] | None,
                          by_play: dict[str, frozenset[str]], turn_over: bool) -> None:
        if landed:
            w.clear_highlight()  # only the latest damage to this ship flashes
            w.highlight(landed)
            return
        still = w.highlighted & by_play.get(unit_id, frozenset())
        if turn_over or still != w.highlighted:
            w.clear_highlight()  # the turn ended, or an undo took the damage back
            if still and not turn_over:
                w.highlight(still)

    @staticmethod
    def _status(record: GameRecord, unit_id: str, state: GameState) -> dict[str, str]:
        weapons, fired = arming_now(record, unit_id, state)
        texts = arming_texts(w for w in weapons if w.box not in fired)
        texts.update({box: FIRED for box in fired})
        texts.update(panel_texts(record, unit_id))  # D10: each bank's level
        # M9.11: the mines in each rack, for its owner's eyes only
        texts.update(rack_texts(record, unit_id, state, human_side(record, state)))
        return texts

    # -- tabs ----------------------------------------------------------------------------------
    def _mark_tab(self, unit_id: str) -> None:
        i = self.indexOf(self._widgets[unit_id])
        ship = self._ships[i]
        marked = unit_id in self._damaged
        self.setTabText(i, (DAMAGE_MARK if marked else "") + ship.label)
        self.tabBar().setTabTextColor(i, DAMAGE_COLOUR if marked else QColor())

    @Slot(int)
    def _tab_changed(self, index: int) -> None:
        left = self._ships[self._last_index].unit_id if 0 <= self._last_index < len(
            self._ships) else None
        self._last_index = index
        unit = self.current_unit()
        for uid in (left, unit):
            if uid is not None and uid in self._damaged:
                self._damaged.discard(uid)  # looked at
                self._mark_tab(uid)
        if unit is not None:
            self.unit_selected.emit(unit)

    def _box_toggled(self, unit_id: str, box: str, marked: bool) -> None:
        if self._controller is not None:
            self._controller.mark_box(unit_id, box, marked)
