"""Scenarios 609-616 (set-up from the chart, income overrides, release triggers, the 609
victory tally) and the ship information lookup (SIT excerpts linked to library ships)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.fe import scenarios, sit
from sfb_desk.fe.forms import Field

from .form_widgets import FieldsForm

TALLY_FIELDS = tuple(Field(key, what, "int", default=0, high=99)
                     for key, _v, what in scenarios.TALLY_609) + tuple(
    Field(key, label, "float", default=0.0, high=9999) for key, label in (
        ("klingon_start", "Klingon offensive strength at start"),
        ("klingon_end", "Klingon offensive strength, end of Turn #9"),
        ("fed_start", "Federation offensive strength at start"),
        ("fed_end", "Federation offensive strength, end of Turn #9")))


class ScenarioTab(QWidget):
    ship_requested = Signal(str)  # a library ship id
    folio_requested = Signal(dict)  # a race's folio for the scenario's first turn

    def __init__(self, library=None, parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(parent)
        self.library = library
        self.setup: dict | None = None
        self.listing = QListWidget()
        for s in scenarios.listing():
            item = QListWidgetItem(f"({s['id']}) {s['title']}")
            item.setData(Qt.ItemDataRole.UserRole, s["id"])
            self.listing.addItem(item)
        self.listing.currentRowChanged.connect(self._show)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.set_up = QPushButton("Set up from the chart")
        self.set_up.clicked.connect(self.set_up_current)
        self.folios = QComboBox()
        self.folios.setToolTip("open a race's folio for the first turn in the Folio tab")
        self.folios.activated.connect(self._folio)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Fleet / counter", "Count", "SIT factors", "SFB ship",
                                   "Linked by"])
        self.tree.itemDoubleClicked.connect(self._open_ship)
        # income calculator
        self.inc_race = QComboBox()
        self.inc_turn = QSpinBox()
        self.inc_turn.setRange(1, 60)
        self.inc_amount = QDoubleSpinBox()
        self.inc_amount.setRange(-999, 9999)
        self.inc_result = QLabel()
        self.inc_result.setWordWrap(True)
        for w in (self.inc_race,):
            w.currentIndexChanged.connect(self._income)
        self.inc_turn.valueChanged.connect(self._income)
        self.inc_amount.valueChanged.connect(self._income)
        income_box = QGroupBox("Income with the scenario's overrides")
        il = QFormLayout(income_box)
        il.addRow("Race", self.inc_race)
        il.addRow("Turn #", self.inc_turn)
        il.addRow("Income computed (core rules)", self.inc_amount)
        il.addRow(self.inc_result)
        self.tally = FieldsForm(TALLY_FIELDS)
        self.tally.changed.connect(self._tally)
        self.tally_result = QLabel()
        self.tally_result.setWordWrap(True)
        self.tally_box = QGroupBox("Victory tally (609.3)")
        tl = QVBoxLayout(self.tally_box)
        tl.addWidget(self.tally)
        tl.addWidget(self.tally_result)

        middle = QWidget()
        ml = QVBoxLayout(middle)
        ml.addWidget(self.details)
        row = QHBoxLayout()
        row.addWidget(self.set_up, 1)
        row.addWidget(QLabel("Folio of"))
        row.addWidget(self.folios)
        ml.addLayout(row)
        ml.addWidget(self.tree, 1)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.addWidget(income_box)
        rl.addWidget(self.tally_box)
        rl.addStretch(1)
        split = QSplitter(Qt.Orientation.Horizontal)
        for w in (self.listing, middle, right):
            split.addWidget(w)
        split.setStretchFactor(1, 3)
        split.setStretchFactor(2, 1)
        QVBoxLayout(self).addWidget(split)
        self.listing.setCurrentRow(0)

    def current_id(self) -> str:
        item = self.listing.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else "609"

    def _show(self, _row: int) -> None:
        sc = scenarios.scenario(self.current_id())
        turns = sc["turns"]
        parts = [f"<h3>({sc['id']}) {html.escape(sc['title'])}</h3>",
                 f"<p>{scenarios.turns_text(turns).capitalize()}; "
                 f"{html.escape(', '.join(sc['races']))}; the {sc['first']} moves first.</p>"]
        if sc.get("income"):
            parts.append("<p><b>Income:</b><br>" + "<br>".join(
                f"{html.escape(i['race'])}: {html.escape(i['what'])} {i['rule']}"
                for i in sc["income"]) + "</p>")
        parts.append("<p><b>Fleet releases:</b><br>" + "<br>".join(
            f"{html.escape(r['race'])} {html.escape(r['fleet'])}: {html.escape(r['trigger'])} "
            f"{r['rule']}" for r in sc["releases"]) + "</p>")
        parts.append(f"<p><b>Victory {sc['victory'].get('rule', sc['rule'])}:</b><br>"
                     + "<br>".join(html.escape(_level(lv)) for lv in sc["victory"]["levels"])
                     + "</p>")
        self.details.setText("".join(parts))
        has_chart = sc["id"] in scenarios.SETUP_CHARTS
        self.set_up.setEnabled(has_chart)
        self.set_up.setToolTip("" if has_chart else "this scenario uses the historical orders "
                               "of battle: F&E Combined Operations has no set-up chart for it")
        self.tree.clear()
        self.tally_box.setVisible(sc["id"] == "609")
        self.folios.clear()
        try:
            self.starting = scenarios.starting_folios(sc["id"])
        except ValueError:
            self.starting = []
        self.folios.addItems([f["race"] for f in self.starting])
        self.folios.setEnabled(bool(self.starting))
        self.inc_race.blockSignals(True)
        self.inc_race.clear()
        self.inc_race.addItems(list(sc["races"]))
        self.inc_race.blockSignals(False)
        if isinstance(turns[0], int):
            self.inc_turn.setValue(turns[0])
        self._income()

    def set_up_current(self) -> dict | None:
        try:
            self.setup = scenarios.setup(self.current_id(), self.library)
        except ValueError as exc:
            self.details.setText(self.details.text() + f"<p style='color:#b00020'>"
                                 f"{html.escape(str(exc))}</p>")
            return None
        self.tree.clear()
        for race, info in self.setup["races"].items():
            top = QTreeWidgetItem([race, str(sum(f["total"] for f in info["fleets"])), "", "",
                                   ""])
            top.setToolTip(0, f"treasury {info['treasury']} EP, command points "
                              f"{info['command_points']}")
            self.tree.addTopLevelItem(top)
            for fleet in info["fleets"]:
                node = QTreeWidgetItem([fleet["fleet"], str(fleet["total"]), "", "", ""])
                node.setToolTip(0, fleet["where"])
                top.addChild(node)
                for u in fleet["units"]:
                    leaf = QTreeWidgetItem([u["counter"], str(u["count"]), u["sit"], u["ship"],
                                            u["link"]])
                    leaf.setData(3, Qt.ItemDataRole.UserRole, u["ship"])
                    if u["ship"]:
                        leaf.setToolTip(3, "double-click to show this SFB ship")
                    node.addChild(leaf)
            top.setExpanded(True)
            for k in range(top.childCount()):
                top.child(k).setExpanded(True)
        for column in range(5):
            self.tree.resizeColumnToContents(column)
        order = ", then ".join(self.setup["setup_order"])
        money = "; ".join(f"{race} treasury {info['treasury']} EP, {info['command_points']} "
                          "command point(s)" for race, info in self.setup["races"].items())
        self.details.setText(self.details.text() + f"<p><b>Set up:</b> {html.escape(order)} "
                             f"(609.14); {html.escape(money)} (609.13, 609.16).</p>")
        return self.setup

    def _folio(self, index: int) -> None:
        if 0 <= index < len(self.starting):
            self.folio_requested.emit(self.starting[index])

    def _open_ship(self, item: QTreeWidgetItem, _column: int) -> None:
        ship = item.data(3, Qt.ItemDataRole.UserRole)
        if ship:
            self.ship_requested.emit(ship)

    def _income(self) -> None:
        race = self.inc_race.currentText()
        if not race:
            return
        value, lines = scenarios.income(self.current_id(), race, self.inc_turn.value(),
                                        self.inc_amount.value())
        self.inc_result.setText(f"<b>{value:g} EP</b>" + "".join(
            f"<br>{html.escape(line)}" for line in lines))

    def _tally(self) -> None:
        values = self.tally.values()
        if not any(values[k] for k in ("klingon_start", "klingon_end", "fed_start", "fed_end")):
            values = {k: v for k, v in values.items()
                      if k not in ("klingon_start", "klingon_end", "fed_start", "fed_end")}
        try:
            t = scenarios.tally_609(values)
        except ValueError as exc:
            self.tally_result.setText(str(exc))
            return
        self.tally_result.setText(f"<b>{t['points']} points: {html.escape(t['level'])}</b>"
                                  + "".join(f"<br>{html.escape(x)}" for x in t["lines"]))


def _level(level) -> str:  # noqa: ANN001
    """A victory level as a line: (low, high, name), (threshold, name) or text."""
    if isinstance(level, str):
        return level
    if len(level) == 2:
        return f"{level[0]} BATS: {level[1]}"
    low, high, name = level
    if low is None:
        return f"{high} or less: {name}"
    if high is None:
        return f"{low} or more: {name}"
    return f"{low}: {name}" if low == high else f"{low} to {high}: {name}"


class SitTab(QWidget):
    """Search the Ship Information Table excerpts; double-click a linked row to see the ship."""

    ship_requested = Signal(str)
    COLUMNS = ("Race", "Unit", "SFB ship", "Linked by", "SFB ref", "Factors", "Cmd", "Date",
               "Hull", "Conversion", "Build", "Salvage", "EW", "Notes")

    def __init__(self, library=None, parent: QWidget | None = None) -> None:  # noqa: ANN001
        super().__init__(parent)
        self.index = sit.library_index(library) if library is not None else {}
        self.search = QLineEdit()
        self.search.setPlaceholderText("designation or note, e.g. D7A, scout, shock")
        self.race = QComboBox()
        self.race.addItems(["all races", *sit.RACE_SECTIONS])
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.cellDoubleClicked.connect(self._open)
        self.search.textChanged.connect(self.refresh)
        self.race.currentIndexChanged.connect(self.refresh)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.race)
        note = QLabel(f"{sit.SINGLE_SOURCE}. SFB links: the SFB ref read as an R-number of the "
                      "race's section (an inference), else the same class code.")
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(note)
        self.refresh()

    def refresh(self) -> None:
        race = None if self.race.currentIndex() == 0 else self.race.currentText()
        entries = sit.lookup(self.search.text(), race)
        self.table.setRowCount(len(entries))
        for r, e in enumerate(entries):
            link = sit.link_entry(e, self.index) if self.index else None
            cells = (e.race, e.designation, link.ship_id if link else "",
                     link.how if link else "", e.sfb_ref, e.factors, e.command, e.date, e.hull,
                     e.conversion, e.build, e.salvage, e.ew, e.notes)
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self.table.setColumnWidth(13, min(self.table.columnWidth(13), 320))

    def _open(self, row: int, _column: int) -> None:
        item = self.table.item(row, 2)
        if item and item.text():
            self.ship_requested.emit(item.text())
