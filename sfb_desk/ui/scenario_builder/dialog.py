"""The scenario builder: ships, hexes, facings, speeds, terrain, mines and victory conditions,
saved as a scenario file that validates like the library's (data/scenario_builder.py).

Left, the ship library (the new-game dialog's picker: double-click or Add); below it the units
(the same table: unit id, side, hex, facing, speed, weapon status). Right, the scenario: title,
year, map, length; the terrain (kind, hexes, name: any of the rulebooks' terrain types); the
mines placed one by one (owner, hex, size, type, control, detection number) or a standard
minefield laid as the M6.4 sample in a belt of columns; the victory conditions. Every problem
the loader finds is listed live with its field and rule, and Save stays disabled until there
are none; Save writes ``PRACTICE-<TITLE>.toml`` into the user's scenarios folder, where the
new-game dialog lists it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.custom_setup import UnitEntry, entries_from_scenario
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenario_builder import (
    DRAGON_AGES,
    BuiltMine,
    BuiltMonster,
    BuiltScenario,
    BuiltTerrain,
    check_built,
    save_built,
)
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.data.scenarios import ScenarioLibrary, load_scenarios
from sfb_desk.rules.systems.monsters import MONSTERS
from sfb_desk.rules.systems.terrain import KINDS
from sfb_desk.ui.setup.ship_picker import ShipPicker
from sfb_desk.ui.setup.units_table import UnitsTable

MINE_TYPES = ("explosive", "dummy", "sensor") + tuple(f"captor-{c}" for c in "ABCDEFGH")
CONTROLS = ("automatic", "command", "chain", "deadman")
VICTORY_KINDS = ("standard", "modified", "task")


def _combo(items, current: str = "") -> QComboBox:  # noqa: ANN001
    box = QComboBox()
    box.addItems(list(items))
    if current:
        box.setCurrentText(current)
    return box


class _Rows(QTableWidget):
    """A table of rows whose cells are text items or combo boxes (``columns``: name -> items
    for a combo, or None for text)."""

    changed = Signal()

    def __init__(self, columns: dict[str, tuple[str, ...] | None]) -> None:
        super().__init__(0, len(columns))
        self.columns = columns
        self.setHorizontalHeaderLabels([c.replace("_", " ") for c in columns])
        self.horizontalHeader().setStretchLastSection(True)
        self.itemChanged.connect(lambda _item: self.changed.emit())

    def add(self, **values: str) -> int:
        row = self.rowCount()
        self.insertRow(row)
        for col, (name, items) in enumerate(self.columns.items()):
            if items is None:
                self.setItem(row, col, QTableWidgetItem(values.get(name, "")))
            else:
                box = _combo(items, values.get(name, ""))
                box.currentTextChanged.connect(lambda _t: self.changed.emit())
                self.setCellWidget(row, col, box)
                self.setColumnWidth(col, max(self.columnWidth(col), box.sizeHint().width()))
        self.changed.emit()
        return row

    def remove_selected(self) -> None:
        for row in sorted({i.row() for i in self.selectedIndexes()}, reverse=True):
            self.removeRow(row)
        self.changed.emit()

    def value(self, row: int, name: str) -> str:
        col = list(self.columns).index(name)
        widget = self.cellWidget(row, col)
        if isinstance(widget, QComboBox):
            return widget.currentText()
        item = self.item(row, col)
        return item.text().strip() if item is not None else ""

    def rows(self) -> list[dict[str, str]]:
        return [{n: self.value(r, n) for n in self.columns} for r in range(self.rowCount())]


def _table_box(title: str, table: _Rows, add_text: str) -> tuple[QGroupBox, QPushButton]:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.addWidget(table)
    buttons = QHBoxLayout()
    add, remove = QPushButton(add_text), QPushButton("Remove selected")
    remove.clicked.connect(table.remove_selected)
    buttons.addWidget(add)
    buttons.addWidget(remove)
    buttons.addStretch(1)
    layout.addLayout(buttons)
    return box, add


class ScenarioBuilder(QDialog):
    """See the module docstring. ``folder``: where Save writes (default the user's folder)."""

    def __init__(self, library: ShipLibrary, parent: QWidget | None = None,
                 folder: Path | None = None, scenarios: ScenarioLibrary | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Scenario builder")
        self.library = library
        self.folder = folder
        self.scenarios = load_scenarios(ships=library) if scenarios is None else scenarios
        self.start_box = QComboBox()  # start from a library scenario (README)
        self.start_box.setObjectName("startFrom")
        self.start_box.addItem("a blank scenario", "")
        for scenario in self.scenarios.sorted():
            self.start_box.addItem(f"{scenario.id} — {scenario.title}", scenario.id)
        self.start_box.setToolTip("Fill the builder with a scenario of the library (its units, "
                                  "terrain and mines) and change it from there; it is saved "
                                  "as your own practice scenario")
        self.start_box.activated.connect(self._start_chosen)
        self.saved: Path | None = None
        self.ships = ShipPicker(library)
        self.units = UnitsTable(library)
        self.title_edit = QLineEdit("My scenario")
        self.year = QSpinBox()
        self.year.setRange(0, 250)
        self.year.setSpecialValueText("players choose")
        self.map_kind = _combo(("fixed", "floating"))
        self.turns = QSpinBox()
        self.turns.setRange(0, 99)
        self.turns.setSpecialValueText("until one side is gone")
        self.terrain = _Rows({"kind": tuple(KINDS), "hexes": None, "name": None,
                              "strength": None, "motion": None})
        self.terrain.setToolTip("A gravity wave: its two end hexes, its points (strength) and "
                                "the two directions it moves in, e.g. C/D (P9.12); an ion "
                                "storm may give its waves' motion (P14.2). Dust, heat, "
                                "radiation, ion storms with no hexes cover the whole map.")
        self.monsters = _Rows({"side": None, "monster": tuple(MONSTERS), "hex": None,
                               "facing": tuple("ABCDEF"), "age": ("", *DRAGON_AGES)})
        self.monsters.setToolTip("The Sun Snake (SM5) and the Mind Monster (SM6) move by "
                                 "themselves; the Space Dragon (SM7) is flown by its side's "
                                 "player, its age from the SM7.461 chart (adult if none)")
        self.mines = _Rows({"side": None, "hex": None, "size": ("large", "small"),
                            "type": MINE_TYPES, "control": CONTROLS, "detection": None,
                            "range": None})
        self.belts = _Rows({"side": None, "first_column": None, "last_column": None})
        self.victory_kind = _combo(VICTORY_KINDS)
        self.victory_text = QLineEdit("Standard Victory Conditions (S2.20).")
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Close)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self._layout()
        self.ships.add_requested.connect(self.add_ship)
        for signal in (self.units.model.entries_changed, self.terrain.changed,
                       self.monsters.changed, self.mines.changed,
                       self.belts.changed, self.title_edit.textChanged, self.year.valueChanged,
                       self.map_kind.currentTextChanged, self.turns.valueChanged,
                       self.victory_kind.currentTextChanged, self.victory_text.textChanged):
            signal.connect(self.recheck)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self.recheck()
        self.resize(1280, 760)

    def _layout(self) -> None:
        head = QFormLayout()
        head.addRow("Start from", self.start_box)
        head.addRow("Title", self.title_edit)
        head.addRow("Year", self.year)
        head.addRow("Map", self.map_kind)
        head.addRow("Turns", self.turns)
        head.addRow("Victory", self.victory_kind)
        head.addRow("", self.victory_text)
        terrain_box, add_terrain = _table_box("Terrain (P)", self.terrain, "Add terrain")
        add_terrain.clicked.connect(lambda: self.terrain.add(kind="planet", hexes="2215"))
        monsters_box, add_monster = _table_box("Monsters (SM5-SM7)", self.monsters,
                                               "Add monster")
        add_monster.clicked.connect(self._add_monster)
        mines_box, add_mine = _table_box("Mines placed by hand (M6.1)", self.mines, "Add mine")
        add_mine.clicked.connect(self._add_mine)
        belts_box, add_belt = _table_box("Standard minefields (M6.2, laid as M6.4)", self.belts,
                                         "Add minefield")
        add_belt.clicked.connect(lambda: self.belts.add(
            side=self._sides()[-1] if self._sides() else "", first_column="20",
            last_column="24"))
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addLayout(head)
        self.parts = QTabWidget()  # one page each: the dialog fits 1366x768
        for box, name in ((terrain_box, "Terrain"), (monsters_box, "Monsters"),
                          (mines_box, "Mines"), (belts_box, "Minefields")):
            self.parts.addTab(box, name)
        right_layout.addWidget(self.parts, 1)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.ships)
        left.addWidget(self.units)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([640, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.buttons)

    # -- filling -----------------------------------------------------------------------------
    def _sides(self) -> list[str]:
        return list(dict.fromkeys(e.side for e in self.units.model.entries() if e.side))

    def _add_mine(self) -> int:
        sides = self._sides()
        return self.mines.add(side=sides[-1] if sides else "", hex="2015", size="large",
                              type="explosive", control="automatic", detection="1", range="1")

    def _add_monster(self) -> int:
        return self.monsters.add(side="Space Dragon", monster="Space Dragon", hex="4201",
                                 facing="E", age="adult")

    def add_ship(self, ship_id: str) -> int:
        spec = self.library.get(ship_id)
        taken = {e.unit_id for e in self.units.model.entries()}
        uid, n = spec.id, 2
        while uid in taken:
            uid, n = f"{spec.id}-{n}", n + 1
        return self.units.model.add(UnitEntry(spec.id, uid, spec.race_name, "2215", "A", 8, 2))

    def _start_chosen(self, index: int) -> None:
        scenario_id = self.start_box.itemData(index)
        if scenario_id:
            self.start_from(self.scenarios.get(scenario_id))

    def start_from(self, scenario: Scenario) -> None:
        """Fill the builder from a scenario of the library (its units, terrain and mines), in
        place of what was typed in."""
        entries, _problems = entries_from_scenario(scenario, self.library)
        for rows in (self.terrain, self.monsters, self.mines, self.belts):
            rows.setRowCount(0)
        self.title_edit.setText(f"{scenario.title} (my version)")
        self.year.setValue(scenario.scenario.year or 0)
        self.map_kind.setCurrentText(scenario.map.kind)
        self.turns.setValue(scenario.length.turns or 0)
        self.units.model.set_entries(entries)
        for t in scenario.terrain:
            self.terrain.add(kind=t.kind, hexes=" ".join(t.hexes), name=t.name,
                             strength=str(t.strength or ""), motion=t.motion)
        for side, unit in scenario.units():
            if unit.monster in MONSTERS and unit.hex:
                self.monsters.add(side=side.name, monster=unit.monster, hex=unit.hex,
                                  facing=unit.facing if unit.facing in tuple("ABCDEF") else "A",
                                  age=unit.age or "")
        for field in scenario.minefields:
            if field.package == "standard" and len(field.columns) == 2:
                self.belts.add(side=field.side, first_column=str(field.columns[0]),
                               last_column=str(field.columns[1]))
            for m in field.mines:
                self.mines.add(side=field.side, hex=m.hex, size=m.size, type=m.type,
                               control=m.control, detection=str(m.detection),
                               range=str(m.detection_range))
        self.recheck()

    # -- the result --------------------------------------------------------------------------
    def built(self) -> BuiltScenario | str:
        """What is typed in as a :class:`BuiltScenario`, or why it cannot be read."""
        try:
            mines = tuple(BuiltMine(r["side"], r["hex"], r["size"], r["type"], r["control"],
                                    int(r["detection"]), int(r["range"] or 0))
                          for r in self.mines.rows())
            belts = tuple((r["side"], int(r["first_column"]), int(r["last_column"]))
                          for r in self.belts.rows())
        except ValueError:
            return "Mines: detection number, range and columns are whole numbers (M6.1)"
        try:
            terrain = tuple(BuiltTerrain(r["kind"], tuple(r["hexes"].replace(",", " ").split()),
                                         r["name"], int(r["strength"]) if r["strength"] else None,
                                         r["motion"]) for r in self.terrain.rows())
        except ValueError:
            return "Terrain: a gravity wave's strength is a whole number of points (P9.12)"
        monsters = tuple(BuiltMonster(r["side"], r["monster"], r["hex"], r["facing"], r["age"])
                         for r in self.monsters.rows())
        return BuiltScenario(
            self.title_edit.text().strip(), tuple(self.units.model.entries()),
            map_kind=self.map_kind.currentText(), turns=self.turns.value() or None,
            year=self.year.value() or None, terrain=terrain, monsters=monsters, mines=mines,
            standard_fields=belts, victory_kind=self.victory_kind.currentText(),
            victory_text=self.victory_text.text().strip() or "As agreed by the players.")

    def problems(self) -> list[str]:
        built = self.built()
        if isinstance(built, str):
            return [built]
        if not built.units:
            return ["No units yet: add ships from the library (at least one side)"]
        if any(m.age and m.monster != "Space Dragon" for m in built.monsters):
            return ["Monsters: only a Space Dragon has an age (SM7.461)"]
        checked = check_built(built, self.library)
        if isinstance(checked, list):
            return [f"{p.field or 'file'}: {p.message}" for p in checked]
        return []

    def recheck(self, *_args: object) -> None:
        problems = self.problems()
        self.save_button.setEnabled(not problems)
        if problems:
            self.problems_label.setText("<b>To fix before saving:</b> " + "; ".join(problems))
        else:
            built = self.built()
            self.problems_label.setText(f"Valid: saves as <b>{built.id}.toml</b>")

    def save(self) -> Path | None:
        built = self.built()
        if isinstance(built, str):
            return None
        result = save_built(built, self.library, self.folder)
        if isinstance(result, list):
            self.recheck()
            return None
        self.saved = result
        self.problems_label.setText(f"Saved {result}")
        return result
