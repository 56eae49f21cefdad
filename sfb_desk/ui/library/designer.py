"""The ship designer: the SSD widget's edit mode, a side panel that edits a ship class.

:class:`ShipDesigner` edits an immutable :class:`~sfb_desk.rules.ship.ShipSpec`: every change
(identity, BPV, data, flags, crew, tracks, shields, system counts, weapons, shuttle bays,
special systems) makes a new value with :func:`dataclasses.replace` and is pushed on a
:class:`QUndoStack`. A live list shows the ship-file validator's problems (the loader's own
check, :func:`sfb_desk.ui.library.design_edits.problems_of`) with their field names; "Save as…" is enabled
only when there are none and writes the file atomically to the user's ships folder or a chosen
path. An incomplete library ship offers "Mark complete" once every missing fact is filled.

:class:`~sfb_desk.ui.library.editor.ShipEditor` puts the designer beside an SSD that previews
every edit. The pure parts (field texts, table rows, edits of the spec, validation) are in
:mod:`sfb_desk.ui.library.design_edits`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data import paths
from sfb_desk.data.ship_file import FileProblem, save_ship
from sfb_desk.data.ship_schema import FLAGS, KINDS, WEAPON_CODES
from sfb_desk.printing.ssd_layout import system_label
from sfb_desk.rules.ship import COUNTED_SYSTEMS, ShipSpec, ShuttleBay, SpecialSystem

from ..common.tables import add_remove_row, edit_table, fill_table, table_cells
from . import design_edits as d

WEAPON_COLUMNS = ("Designator", "Type", "Arcs", "Rack", "Reloads", "Boxes")
BAY_COLUMNS = ("Boxes", "Contents", "Launch tubes")
SPECIAL_COLUMNS = ("Key", "Name", "Boxes", "Damageable")



class SpecEdit(QUndoCommand):
    """One designer edit: the spec before and after."""

    def __init__(self, designer: ShipDesigner, before: ShipSpec, after: ShipSpec,
                 text: str, merge_id: int = -1) -> None:
        super().__init__(text)
        self._designer, self._before, self._after = designer, before, after
        self._merge_id = merge_id

    def id(self) -> int:  # noqa: A003 (Qt name): edits typed into one field merge
        return self._merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt name)
        if not isinstance(other, SpecEdit) or other._merge_id != self._merge_id:
            return False
        self._after = other._after
        return True

    def redo(self) -> None:
        self._designer._show(self._after)

    def undo(self) -> None:
        self._designer._show(self._before)


class ShipDesigner(QWidget):
    """Side panel editing one ship class (see the module doc). ``spec`` is the current value."""

    spec_changed = Signal(object)  # ShipSpec
    saved = Signal(str)  # the path written

    def __init__(self, spec: ShipSpec, undo_stack: QUndoStack | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        self._spec = spec
        self._input_problems: dict[str, str] = {}  # field -> what could not be read
        self._problems: list[FileProblem] = []
        self._loading = False
        self._typing: str | None = None  # the field being typed into (its text is kept)
        self.lines: dict[str, QLineEdit] = {}
        self.kind = QComboBox()
        self.kind.addItems(KINDS)
        self.flags: dict[str, QCheckBox] = {f: QCheckBox(f) for f in FLAGS}
        self.shields = [QSpinBox() for _ in range(6)]
        self.systems: dict[str, QSpinBox] = {s: QSpinBox() for s in COUNTED_SYSTEMS}
        self.weapons = edit_table(WEAPON_COLUMNS)
        self.bays = edit_table(BAY_COLUMNS)
        self.special = edit_table(SPECIAL_COLUMNS)
        self.new_weapon_type = QComboBox()
        self.new_weapon_type.addItems(WEAPON_CODES)
        self.problem_list = QListWidget()
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.complete_button = QPushButton("Mark complete")
        self.save_button = QPushButton("Save as\u2026")
        self._build()
        self._show(spec)

    # -- construction ----------------------------------------------------------------------------
    def _line(self, name: str, kind: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.editingFinished.connect(lambda n=name, k=kind: self._line_edited(n, k))
        edit.textEdited.connect(lambda _text, n=name, k=kind: self._typed(n, k))
        self.lines[name] = edit
        return edit

    def _build(self) -> None:
        kinds = {name: kind for name, _label, kind in d.LINE_FIELDS}
        labels = {name: label for name, label, _kind in d.LINE_FIELDS}

        def form(names: tuple[str, ...]) -> QFormLayout:
            layout = QFormLayout()
            for name in names:
                layout.addRow(labels[name], self._line(name, kinds[name]))
            return layout

        ship = QWidget()
        ship_layout = QVBoxLayout(ship)
        ident = QGroupBox("Identity")
        ident_form = form(("id", "race", "race_name", "class_code", "name", "rule",
                           "year_in_service"))
        ident_form.addRow("Kind", self.kind)
        ident.setLayout(ident_form)
        data = QGroupBox("Ship data")
        data.setLayout(form(("bpv_combat", "bpv_economic", "size_class", "move_cost",
                             "turn_mode", "breakdown")))
        flags = QGroupBox("Flags")
        flag_grid = QGridLayout(flags)
        for k, box in enumerate(self.flags.values()):
            flag_grid.addWidget(box, k // 4, k % 4)
            box.toggled.connect(self._flags_edited)
        crew = QGroupBox("Crew, tracks and excess damage")
        crew.setLayout(form(("crew_units", "boarding_parties", "deck_crews", "spare_shuttles",
                             "sensor_track", "scanner_track", "damage_control_track",
                             "excess_damage")))
        for group in (ident, data, flags, crew):
            ship_layout.addWidget(group)
        ship_layout.addStretch(1)
        self.kind.currentTextChanged.connect(
            lambda text: self._edit(replace(self._spec, kind=text), "Change kind"))

        boxes = QWidget()
        boxes_layout = QVBoxLayout(boxes)
        shields = QGroupBox("Shields (#1 forward, clockwise; ? = not known)")
        shield_row = QHBoxLayout(shields)
        for k, spin in enumerate(self.shields, start=1):
            spin.setRange(-1, 99)
            spin.setSpecialValueText("?")
            spin.setPrefix(f"#{k}: ")
            spin.valueChanged.connect(self._shields_edited)
            shield_row.addWidget(spin)
        systems = QGroupBox("Systems (boxes)")
        grid = QGridLayout(systems)
        for k, (system, spin) in enumerate(self.systems.items()):
            spin.setRange(0, 99)
            spin.valueChanged.connect(lambda value, s=system: self._edit(
                d.with_count(self._spec, s, value), f"{system_label(s)}: {value} boxes"))
            grid.addWidget(QLabel(system_label(system)), k // 3, (k % 3) * 2)
            grid.addWidget(spin, k // 3, (k % 3) * 2 + 1)
        boxes_layout.addWidget(shields)
        boxes_layout.addWidget(systems)
        boxes_layout.addStretch(1)

        weapons = QWidget()
        weapons_layout = QVBoxLayout(weapons)
        weapons_layout.addWidget(self.weapons)
        add_row = QHBoxLayout()
        self.add_weapon_button = QPushButton("Add weapon")
        self.remove_weapon_button = QPushButton("Remove selected")
        add_row.addWidget(QLabel("Type"))
        add_row.addWidget(self.new_weapon_type)
        add_row.addWidget(self.add_weapon_button)
        add_row.addStretch(1)
        add_row.addWidget(self.remove_weapon_button)
        weapons_layout.addLayout(add_row)
        hint = QLabel("Arcs: D2 names separated by spaces or +, e.g. LF+L. Rack: drone rack "
                      "type A..G (FD3). Designators are unique within a weapon family.")
        hint.setWordWrap(True)
        weapons_layout.addWidget(hint)
        self.add_weapon_button.clicked.connect(
            lambda: self.add_weapon(self.new_weapon_type.currentText()))
        self.remove_weapon_button.clicked.connect(
            lambda: self._remove_selected(self.weapons, "weapons"))
        self.weapons.itemChanged.connect(self._weapons_edited)

        bays = QWidget()
        bays_layout = QVBoxLayout(bays)
        bays_layout.addWidget(QLabel("Shuttle bays"))
        bays_layout.addWidget(self.bays)
        bays_layout.addLayout(add_remove_row(
            "Add shuttle bay", lambda: self._edit(
                d.with_item(self._spec, "shuttle_bays", ShuttleBay(1, ("admin",))),
                "Add shuttle bay"),
            lambda: self._remove_selected(self.bays, "shuttle_bays")))
        bays_layout.addWidget(QLabel("Special systems"))
        bays_layout.addWidget(self.special)
        bays_layout.addLayout(add_remove_row(
            "Add special system", lambda: self._edit(
                d.with_item(self._spec, "special", SpecialSystem(
                    f"special_{len(self._spec.special) + 1}", "New system", 1)),
                "Add special system"),
            lambda: self._remove_selected(self.special, "special")))
        self.bays.itemChanged.connect(self._bays_edited)
        self.special.itemChanged.connect(self._special_edited)

        tabs = QTabWidget()
        for widget, title in ((ship, "Ship"), (boxes, "Shields && systems"),
                              (weapons, "Weapons"), (bays, "Bays && special")):
            scroll = QScrollArea()
            scroll.setWidget(widget)
            scroll.setWidgetResizable(True)
            tabs.addTab(scroll, title)
        self.tabs = tabs

        status_row = QHBoxLayout()
        status_row.addWidget(self.status_label, 1)
        status_row.addWidget(self.complete_button)
        self.complete_button.clicked.connect(
            lambda: self._edit(d.completed(self._spec), "Mark complete"))
        bottom = QHBoxLayout()
        self.problem_title = QLabel()
        bottom.addWidget(self.problem_title, 1)
        bottom.addWidget(self.save_button)
        self.save_button.clicked.connect(self.save_as)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(status_row)
        layout.addWidget(tabs, 1)
        layout.addLayout(bottom)
        self.problem_list.setMaximumHeight(130)
        self.problem_list.setWordWrap(True)
        layout.addWidget(self.problem_list)

    # -- state -----------------------------------------------------------------------------------
    @property
    def spec(self) -> ShipSpec:
        return self._spec

    @property
    def problems(self) -> list[str]:
        """What stops the ship being saved: unreadable inputs, then the validator's problems
        (``field: message (expected ...)``)."""
        own = [f"{field}: {message}" for field, message in self._input_problems.items()]
        return own + [d.problem_text(p) for p in self._problems]

    @property
    def can_save(self) -> bool:
        return not self._input_problems and not self._problems

    def _edit(self, new: ShipSpec, text: str, merge_id: int = -1) -> None:
        """Push ``new`` as an undoable edit (nothing when loading widgets or unchanged)."""
        if self._loading or new == self._spec:
            return
        self.undo_stack.push(SpecEdit(self, self._spec, new, text, merge_id))

    def _show(self, spec: ShipSpec) -> None:
        """Make ``spec`` current: widgets, validator, completion offer; emits spec_changed."""
        self._spec = spec
        self._input_problems = {}
        self._loading = True
        try:
            self._fill(spec)
        finally:
            self._loading = False
        self._revalidate()
        self.spec_changed.emit(spec)

    def _fill(self, spec: ShipSpec) -> None:
        kinds = {name: kind for name, _label, kind in d.LINE_FIELDS}
        for name, edit in self.lines.items():
            if name != self._typing:
                edit.setText(d.field_text(spec, name, kinds[name]))
        self.kind.setCurrentText(spec.kind)
        for flag, box in self.flags.items():
            box.setChecked(flag in spec.flags)
        for k, spin in enumerate(self.shields):
            spin.setValue(spec.shields[k] if spec.shields is not None else -1)
        for system, spin in self.systems.items():
            spin.setValue(spec.count(system))
        fill_table(self.weapons, [d.weapon_cells(w) for w in spec.weapons])
        fill_table(self.bays, [d.bay_cells(b) for b in spec.shuttle_bays])
        fill_table(self.special, [d.special_cells(x) for x in spec.special])

    def _revalidate(self) -> None:
        self._problems = d.problems_of(self._spec)
        self.problem_list.clear()
        self.problem_list.addItems(self.problems)
        count = len(self.problems)
        self.problem_title.setText("No problems: the ship file will load." if not count
                                   else f"{count} problem{'s' if count > 1 else ''}: "
                                   "fix them to save")
        self.problem_title.setStyleSheet("" if not count else "color: #b00020")
        self.save_button.setEnabled(self.can_save)
        spec = self._spec
        if spec.complete:
            self.status_label.setText(f"{spec.id}: complete ship file")
            self.complete_button.setVisible(False)
            return
        left = d.unfilled(spec)
        self.complete_button.setVisible(True)
        self.complete_button.setEnabled(not left)
        text = f"{spec.id} is incomplete (missing: {', '.join(spec.missing) or '?'})."
        text += (f" Still to fill: {', '.join(left)}." if left
                 else " Every missing count is filled: mark it complete?")
        self.status_label.setText(text)

    # -- edits from the widgets --------------------------------------------------------------
    def _line_edited(self, name: str, kind: str, merge: bool = False) -> None:
        if self._loading:
            return
        text = self.lines[name].text()
        try:
            value = d.parse_field(kind, text)
        except ValueError as error:
            self._input_problems[name] = str(error)
            self._revalidate()
            return
        if self._input_problems.pop(name, None) is not None:
            self._revalidate()
        self._edit(replace(self._spec, **{name: value}), f"Change {name.replace('_', ' ')}",
                   list(self.lines).index(name) if merge else -1)

    def _typed(self, name: str, kind: str) -> None:
        """As the player types: a value that reads is applied at once (the SSD redraws; the
        keystrokes of one field are one undo step), one that does not is shown as a problem."""
        self._typing = name
        try:
            self._line_edited(name, kind, merge=True)
        finally:
            self._typing = None

    def _flags_edited(self) -> None:
        flags = frozenset(f for f, box in self.flags.items() if box.isChecked())
        self._edit(replace(self._spec, flags=flags), "Change flags")

    def _shields_edited(self) -> None:
        values = tuple(spin.value() for spin in self.shields)
        shields = None if any(v < 0 for v in values) else values
        self._edit(replace(self._spec, shields=shields), "Change shields")

    def _rows(self, table: QTableWidget, name: str, build) -> tuple | None:
        """Each row's cells through ``build(row, cells)``; None (and an input problem) if a row
        cannot be read."""
        out = []
        for r in range(table.rowCount()):
            try:
                out.append(build(r, table_cells(table, r)))
            except ValueError as error:
                self._input_problems[f"{name}[{r}]"] = str(error)
                self._revalidate()
                return None
        for key in [k for k in self._input_problems if k.startswith(f"{name}[")]:
            del self._input_problems[key]
        return tuple(out)

    def _weapons_edited(self) -> None:
        weapons = self._rows(self.weapons, "weapons",
                             lambda r, cells: d.weapon_of(cells, self._spec.weapons[r]))
        if weapons is not None:
            self._edit(replace(self._spec, weapons=weapons), "Edit weapon")

    def _bays_edited(self) -> None:
        bays = self._rows(self.bays, "shuttle_bays", lambda r, cells: d.bay_of(cells))
        if bays is not None:
            self._edit(replace(self._spec, shuttle_bays=bays), "Edit shuttle bay")

    def _special_edited(self) -> None:
        special = self._rows(self.special, "special",
                             lambda r, cells: d.special_of(cells, self._spec.special[r]))
        if special is not None:
            self._edit(replace(self._spec, special=special), "Edit special system")

    def _remove_selected(self, table: QTableWidget, name: str) -> None:
        row = table.currentRow()
        if 0 <= row < len(getattr(self._spec, name)):
            self._edit(d.without(self._spec, name, row), f"Remove {name.replace('_', ' ')}")

    # -- public edits (the buttons call these; so can a controller) ----------------------------
    def set_count(self, system: str, count: int) -> None:
        self.systems[system].setValue(count)

    def set_shields(self, values: tuple[int, ...]) -> None:
        """All six shields in one undoable edit."""
        self._edit(replace(self._spec, shields=tuple(values)), "Change shields")

    def add_weapon(self, type_code: str, designator: str | None = None,
                   arcs: tuple[str, ...] = (), rack_type: str | None = None) -> None:
        code = type_code.strip().upper()
        if code == "DRONE" and rack_type is None:
            rack_type = "A"
        weapon = d.make_weapon(designator or d.next_designator(self._spec, code), code, arcs,
                               rack_type)
        self._edit(d.with_weapon(self._spec, weapon), f"Add {code} {weapon.designator}")

    def remove_system(self, system: str) -> None:
        self._edit(d.with_count(self._spec, system, 0), f"Remove {system_label(system)}")

    def default_path(self) -> Path:
        return paths.user_data_dir() / "ships" / f"{self._spec.id}.toml"

    def save_to(self, path: str | Path | None = None) -> Path:
        """Write the ship file (default: the user's ships folder); refuses an invalid ship."""
        if not self.can_save:
            raise ValueError("the ship has problems: " + "; ".join(self.problems))
        written = save_ship(self._spec, path if path is not None else self.default_path())
        self.saved.emit(str(written))
        return written

    def save_as(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(self, "Save ship file",
                                                    str(self.default_path()),
                                                    "Ship files (*.toml)")
        if path:
            self.save_to(path)
