"""The new-game dialog: a scenario or ships by hand, the units table, and the game options.

Two tabs pick the units: "Scenario" (the scenario library; choosing one fills the table) and
"By hand" (ship classes from the library, added one at a time). The units table is shared and
editable; the problems :func:`sfb_desk.data.custom_setup.check_entries` finds are listed live
under it and "Start game" stays disabled while there are any. :meth:`GameSetupDialog.result`
gives a :class:`~sfb_desk.data.custom_setup.GameChoice`, set up by
:func:`~sfb_desk.data.custom_setup.setup_from_entries` (the one set-up path, through
data/game_setup.py units_from_scenario).

The main window's "New duel vs robot" uses :meth:`GameSetupDialog.the_duel_vs_robot`: SG1 "The
Duel" chosen, the Klingon side played by the robot.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.custom_setup import (
    monster_sides,
    player_monster_sides,
    CUSTOM_TITLE,
    GameChoice,
    SetupProblem,
    UnitEntry,
    check_entries,
    entries_from_scenario,
    entry_notes,
    setup_from_entries,
    ship_max_speed,
)
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.data.scenarios import ScenarioLibrary, load_scenarios
from sfb_desk.ui.setup.options import GameOptions
from sfb_desk.ui.setup.scenario_tab import ScenarioPicker
from sfb_desk.ui.setup.ship_picker import ShipPicker
from sfb_desk.ui.setup.units_table import UnitsTable

__all__ = ["GameChoice", "GameSetupDialog"]

DUEL_ID = "SG1"
DUEL_ROBOT_SIDE = "Klingon"
#: Set-up hexes offered to ships added by hand: two lines ten hexes apart, bows toward each
#: other (the first side faces A, the others D), then further along.
START_HEXES = ("2220", "2210", "2020", "2010", "2420", "2410", "1820", "1810", "2620", "2610")
DEFAULT_SPEED = 8
DEFAULT_WEAPON_STATUS = 2  # as the practice duels (S4.0); the table may roll instead


class GameSetupDialog(QDialog):
    """See the module docstring. ``library`` and ``scenarios`` default to the loaded ones."""

    def __init__(self, library: ShipLibrary | None = None,
                 scenarios: ScenarioLibrary | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.library = library if library is not None else load_library()
        self.scenarios = (scenarios if scenarios is not None
                          else load_scenarios(ships=self.library))
        self._scenario: Scenario | None = None  # the scenario the units came from, unchanged
        self._scenario_problems: list[SetupProblem] = []
        self._problems: list[SetupProblem] = []

        self.scenario_tab = ScenarioPicker(self.scenarios, ships=self.library)
        self.scenario_tab.open_ship.connect(self.open_in_designer)
        self.ship_tab = ShipPicker(self.library)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.scenario_tab, "&Scenario")
        self.tabs.addTab(self.ship_tab, "&By hand")
        self.units = UnitsTable(self.library)
        self.options = GameOptions()
        units_box = QGroupBox("Units (type in a cell, or double-click it, to edit)")
        units_layout = QVBoxLayout(units_box)
        units_layout.addWidget(self.units)
        options_box = QGroupBox("Game options")
        options_layout = QVBoxLayout(options_box)
        options_layout.addWidget(self.options)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button: QPushButton = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Start &game")

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(units_box)
        bottom.addWidget(options_box)
        bottom.setChildrenCollapsible(False)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        bottom.setSizes([640, 420])
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tabs)
        splitter.addWidget(bottom)
        splitter.setChildrenCollapsible(False)
        splitter.setSizes([330, 310])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        # Enter = Start game (when there are no problems): the one default button; the others
        # are pressed with Space or their Alt shortcut (set once they are in the dialog)
        for button in (self.units.remove_button, self.ship_tab.add_button):
            button.setAutoDefault(False)
        self.ok_button.setDefault(True)

        self.scenario_tab.scenario_chosen.connect(self.choose_scenario)
        self.ship_tab.add_requested.connect(self.add_ship)
        self.units.model.entries_changed.connect(self._recheck)
        self.units.model.rowsInserted.connect(self._units_added_or_removed)
        self.units.model.rowsRemoved.connect(self._units_added_or_removed)
        self.options.changed.connect(self._recheck)
        self.tabs.currentChanged.connect(self._focus_search)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._recheck()
        self.resize(1100, 700)

    # -- choosing ------------------------------------------------------------------------------
    def choose_scenario(self, scenario_id: str) -> None:
        """Fill the units table from a scenario (its map, length and year too)."""
        scenario = self.scenarios.get(scenario_id)
        if self.scenario_tab.current_id() != scenario.id:
            if not self.scenario_tab.select(scenario.id):  # hidden by the filter
                self.scenario_tab.search.clear()
                self.scenario_tab.select(scenario.id)
            if self.scenario_tab.current_id() == scenario.id:
                return  # filled when the list's current item changed (scenario_chosen)
        entries, problems = entries_from_scenario(scenario, self.library)
        self._scenario = scenario
        self._scenario_problems = problems
        self.options.set_map(scenario.map.kind)
        self.options.set_turns(scenario.length.turns)
        self.units.model.set_entries(entries)
        self._recheck()

    def add_ship(self, ship_id: str, **fields: object) -> int:
        """Add a unit of class ``ship_id`` with free defaults (``fields`` override them);
        returns its row. The game becomes a custom game."""
        spec = self.library.get(ship_id)
        entries = self.units.model.entries()
        taken = {e.unit_id for e in entries}
        uid, n = spec.id, 2
        while uid in taken:
            uid, n = f"{spec.id}-{n}", n + 1
        used = {e.hex for e in entries}
        hex_label = next((h for h in START_HEXES if h not in used), START_HEXES[0])
        sides = list(dict.fromkeys(e.side for e in entries))
        side = spec.race_name
        facing = "A" if not sides or side == sides[0] else "D"
        speed = min(DEFAULT_SPEED, ship_max_speed(spec))
        entry = UnitEntry(spec.id, uid, side, hex_label, facing, speed, DEFAULT_WEAPON_STATUS)
        if fields:
            entry = replace(entry, **fields)
        return self.units.model.add(entry)

    # -- state ---------------------------------------------------------------------------------
    def entries(self) -> list[UnitEntry]:
        return self.units.model.entries()

    def problems(self) -> list[SetupProblem]:
        return list(self._problems)

    @property
    def scenario_id(self) -> str | None:
        return self._scenario.id if self._scenario is not None else None

    def title(self) -> str:
        return self._scenario.title if self._scenario is not None else CUSTOM_TITLE

    def _units_added_or_removed(self, *_args: object) -> None:
        if self._scenario is not None:
            # units added or removed by hand: no longer the scenario as written
            self._scenario = None
            self._scenario_problems = []

    def _recheck(self) -> None:
        entries = self.entries()
        map_kind = self.options.map_value()
        self._problems = self._scenario_problems + check_entries(
            entries, self.library, map_kind=map_kind, turns=self.options.turns_value(),
            other_sides=monster_sides(self._scenario))
        self.units.show_problems(self._problems, entry_notes(entries, self.library))
        self.options.set_sides([e.side.strip() for e in entries]
                               + player_monster_sides(self._scenario))  # SM7: the Dragon
        self.ok_button.setEnabled(not self._problems)
        where = f"{self._scenario.id}: {self._scenario.title}" if self._scenario else CUSTOM_TITLE
        self.setWindowTitle(f"New game — {where}")
        self._set_tab_order()

    # -- the result ----------------------------------------------------------------------------
    def result(self) -> GameChoice:  # type: ignore[override]
        """The game chosen (call after ``exec()`` returned Accepted). Raises
        :class:`~sfb_desk.data.custom_setup.CustomSetupError` while there are problems.
        Note: this replaces QDialog.result(); ``exec()`` still returns the dialog code."""
        scenario = self._scenario
        setup = setup_from_entries(
            self.entries(), self.library, turns=self.options.turns_value(),
            dice_seed=self.options.seed.value(),
            year=scenario.scenario.year if scenario is not None else None,
            map_kind=self.options.map_value(), title=self.title(), scenario=scenario)
        state = setup.state
        rules = replace(state.options, systems=self.options.systems_options())
        setup = replace(setup, state=replace(state, options=rules))
        return GameChoice(setup, self.title(), self.options.robot_sides(),
                          self.options.auto_dice_sides(), self.scenario_id)

    choice = result

    def accept(self) -> None:
        if self._problems:  # Enter with problems left does nothing
            return
        super().accept()

    # -- keyboard ------------------------------------------------------------------------------
    def showEvent(self, event) -> None:  # noqa: N802, ANN001
        super().showEvent(event)
        self._focus_search()

    def _focus_search(self, *_args: object) -> None:
        tab = self.tabs.currentWidget()
        tab.search.setFocus(Qt.FocusReason.TabFocusReason)

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [
            self.tabs.tabBar(), self.scenario_tab.search, self.scenario_tab.list,
            self.ship_tab.search, self.ship_tab.race_filter, self.ship_tab.complete_only,
            self.ship_tab.list,
            self.ship_tab.add_button, self.units.view, self.units.remove_button,
            *self.options.focus_widgets(), self.ok_button,
            self.buttons.button(QDialogButtonBox.StandardButton.Cancel),
        ]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    # -- presets -------------------------------------------------------------------------------
    def open_in_designer(self, ship_id: str) -> QDialog | None:
        """Open ``ship_id`` in the ship designer (a scenario's ship to complete); a ship with no
        file yet is explained instead (create it in the designer from a similar class)."""
        from PySide6.QtWidgets import QMessageBox

        from sfb_desk.ui.library.editor import ShipEditor

        if ship_id not in self.library:
            QMessageBox.information(
                self, "No ship file yet",
                f"The library has no ship {ship_id}. Make it in the ship designer (Library menu) "
                f"from a similar class and save it as {ship_id}: the scenario then uses it.")
            return None
        spec = self.library.get(ship_id)
        dialog = QDialog(self)
        dialog.setWindowTitle(f"Ship designer — {spec.id}")
        layout = QVBoxLayout(dialog)
        layout.addWidget(ShipEditor(spec, dialog))
        dialog.resize(1200, 800)
        dialog.open()
        return dialog

    @classmethod
    def the_duel_vs_robot(cls, library: ShipLibrary | None = None,
                          scenarios: ScenarioLibrary | None = None,
                          parent: QWidget | None = None,
                          level: str | None = None) -> GameSetupDialog:
        """The dialog with SG1 "The Duel" chosen and the Klingon side played by the robot at
        ``level`` (default "captain", the middle level, else the first), rolling with the
        seeded generator. The weapon
        status SG1 says to roll (S4.0) is still the players' to enter."""
        dialog = cls(library, scenarios, parent)
        dialog.choose_scenario(DUEL_ID)
        levels = dialog.options.levels
        default = "captain" if "captain" in levels else levels[0]
        dialog.options.set_played_by(DUEL_ROBOT_SIDE, level or default)
        dialog.options.set_auto_dice(DUEL_ROBOT_SIDE, True)
        return dialog

