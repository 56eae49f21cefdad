"""The folio tab: the economic form per supply grid and the base status form, edited as
tables on the left, shown on the right as the printed page (the same renderer as the PDF)."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.fe import folio
from sfb_desk.fe.forms import Field
from sfb_desk.fe.races import CO_COSTS, RACES

from .form_widgets import FieldsForm, RowsTable
from .sheet_view import SheetView

F = Field
COLUMNS = {
    "grids": (F("grid", "Supply grid (413.4)", "text", default="main"),
              F("treasury", "Treasury", "float", default=0.0, low=-999, high=9999),
              F("income", "Income (core rules)", "float", default=0.0, low=-999, high=9999),
              F("multiplier", "Income x", "float", default=1.0, high=10),
              F("convoy_deliveries", "Convoys in (443.51)", "int", default=0, high=4),
              F("convoy_raid_loss", "Raid loss (443.24)", "int", default=0, high=10)),
    "expenses": (F("grid", "Grid", "text", default="main"),
                 F("item", "Item", "choice", ("", *CO_COSTS, "other"), ""),
                 F("count", "Count", "float", default=1.0, high=999),
                 F("label", "Other: what", "text", default=""),
                 F("cost", "Other: EP each", "float", default=0.0, high=999)),
    "pods": (F("grid", "Grid", "text", default="main"), F("pod", "Pod type", "text", default=""),
             F("count", "In pool", "int", default=0, high=20)),
    "bases": (F("name", "Base", "text", default=""),
              F("kind", "Kind", "choice", folio.BASE_KINDS, "SB"),
              F("grid", "Grid", "text", default="main"), F("sids", "SIDS", "int", default=0),
              F("sfgs", "SFGs (312.124)", "int", default=0, high=2),
              F("fighters", "Fighters", "int", default=0), F("igce", "IND GCE", "int", default=0),
              F("notes", "Notes", "text", default="")),
    "convoys": (F("name", "Commercial convoy (443)", "text", default=""),
                F("at", "At hex", "text", default=""),
                F("heading", "Heading to", "text", default=""),
                F("raid_loss", "Raid loss (443.24)", "int", default=0, high=10)),
}
STATUS = (F("prime_teams", "Prime teams in service (522.13)", "int", default=0, high=20),
          F("prime_wounded", "Wounded prime teams (522.5)", "int", default=0, high=20),
          F("police_called", "Police ships called up (531.12)", "int", default=0, high=20),
          F("sfg_kits", "SFG kits saved (312.13)", "int", default=0, high=20),
          F("LAV", "LAV in service (762)", "int", default=0, high=20),
          F("SAV", "SAV in service (762)", "int", default=0, high=20),
          F("monitors", "Monitors (519.1)", "int", default=0, high=20))
TITLES = {"grids": "Supply grids", "expenses": "Expenses", "pods": "Pod pools (517.23)",
          "bases": "Base status form", "convoys": "Convoys"}


class FolioTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.race = QComboBox()
        self.race.addItems(list(RACES))
        self.turn = QSpinBox()
        self.turn.setRange(1, 60)
        self.no_deficit = QCheckBox("No deficit spending now (e.g. 609.12)")
        head = QFormLayout()
        head.addRow("Race", self.race)
        head.addRow("Turn #", self.turn)
        head.addRow(self.no_deficit)
        self.tables = {k: RowsTable(cols) for k, cols in COLUMNS.items()}
        tabs = QTabWidget()
        for key, table in self.tables.items():
            tabs.addTab(table, TITLES[key])
            table.changed.connect(self.refresh)
        self.status = FieldsForm(STATUS)
        self.status.changed.connect(self.refresh)
        tabs.addTab(self.status, "Status")
        self.race.currentIndexChanged.connect(self.refresh)
        self.turn.valueChanged.connect(self.refresh)
        self.no_deficit.toggled.connect(self.refresh)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        left = QWidget()
        ll = QVBoxLayout(left)
        ll.addLayout(head)
        ll.addWidget(tabs, 1)
        ll.addWidget(self.problem)
        self.view = SheetView()
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.view)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(split)
        self.set_folio(folio.EXAMPLE)

    def set_folio(self, data: dict) -> None:
        data = copy.deepcopy(data)
        for w in (self.race, self.turn, self.no_deficit, self.status, *self.tables.values()):
            w.blockSignals(True)
        self.race.setCurrentText(str(data.get("race", "Federation")))
        self.turn.setValue(int(data.get("turn", 1)))
        self.no_deficit.setChecked(not data.get("deficit_allowed", True))
        for key, rows in folio.to_tables(data).items():
            self.tables[key].set_rows(rows)
        self.status.set_values(data.get("status") or {})
        for w in (self.race, self.turn, self.no_deficit, self.status, *self.tables.values()):
            w.blockSignals(False)
        self.refresh()

    def folio(self) -> dict:
        head = {"race": self.race.currentText(), "turn": self.turn.value(),
                "deficit_allowed": not self.no_deficit.isChecked(),
                "status": self.status.values()}
        return folio.from_tables(head, {k: t.rows() for k, t in self.tables.items()})

    def refresh(self) -> None:
        data = self.folio()
        try:
            sections = folio.sections(data)
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        problems = [p for t in folio.economic_form(data) for p in t.problems]
        self.problem.setText("; ".join(problems))
        year, season = folio.turn_date(data["turn"])
        self.view.show_sections("F&E Combined Operations - folio",
                                f"{data['race']}, Turn #{data['turn']} ({season} Y{year})",
                                sections)

    def next_turn(self) -> None:
        try:
            self.set_folio(folio.next_turn(self.folio()))
        except ValueError as exc:
            self.problem.setText(str(exc))
