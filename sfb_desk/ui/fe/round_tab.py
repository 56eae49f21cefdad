"""The combat round as a step-through (311.3): the steps on the left with their status, the
selected step's question, computation and result on the right with its editor, the dice
(typed at the table or rolled from a seed) and their log below."""

from __future__ import annotations

import copy
import html
import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.fe import combat_round, forms
from sfb_desk.fe.combat_round import DONE, NOT_USED, PLAYERS, WAITING
from sfb_desk.fe.procedures import ROUNDINGS

from .form_widgets import FieldsForm, RowsTable

STATUS_COLOURS = {DONE: "#1b6e20", WAITING: "#b00020", NOT_USED: "#777777", PLAYERS: "#0b3d91"}
#: Computed steps whose entries are made elsewhere.
FROM_ELSEWHERE = {
    "4B": "Type each side's die in the Dice box below when the step waits for it, or tick "
          "'Roll the dice not typed' to roll them from the seed.",
    "4C": "Computed from the intensity (3X1), the EW shift (4A2, recalculated in 4A3), the "
          "combat potential (4A5) and the dice (4B); the table and the rounding are chosen "
          "above.",
    "6S": "Computed from the shock ships announced in 4A4 and their two dice each.",
}
BLANK_ROUND: dict = {"table": "standard", "rounding": "half-up", "dice": {}}


class RoundTab(QWidget):
    """``data`` is the round (a plain dict, :mod:`sfb_desk.fe.combat_round`)."""

    evaluated = Signal(object)  # the RoundReport

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: dict = copy.deepcopy(BLANK_ROUND)
        self.report = combat_round.evaluate(self.data)
        self.current = "3X1"

        self.table_box = QComboBox()
        self.table_box.addItems(["standard", "advanced"])
        self.table_box.setToolTip("Combat coefficient table, the same in every battle (311.1)")
        self.rounding_box = QComboBox()
        self.rounding_box.addItems(list(ROUNDINGS))
        self.rounding_box.setToolTip("Rounding of combat damage: the core rules decide; "
                                     "(311.4) allows one or two decimals by consent")
        self.sfg_box = QComboBox()
        self.sfg_box.addItems(["full", "simple"])
        self.sfg_box.setToolTip("SFGs by the full rules (312.2) or the optional alternative "
                                "rule (312.5), by mutual consent")
        self.seeded = QCheckBox("Roll the dice not typed, seed")
        self.seed = QSpinBox()
        self.seed.setRange(0, 999999)
        for w in (self.table_box, self.rounding_box, self.sfg_box):
            w.currentIndexChanged.connect(self._options_changed)
        self.seeded.toggled.connect(self._options_changed)
        self.seed.valueChanged.connect(self._options_changed)
        options = QHBoxLayout()
        for label, w in (("Table", self.table_box), ("Rounding", self.rounding_box),
                         ("SFG rule", self.sfg_box)):
            options.addWidget(QLabel(label))
            options.addWidget(w)
        self.name = QLineEdit("round")
        self.name.setToolTip("the round's name in the campaign store (e.g. 'T7 2716 round 1')")
        self.name.setMaximumWidth(200)
        options.addWidget(QLabel("Name"))
        options.addWidget(self.name)
        options.addWidget(self.seeded)
        options.addWidget(self.seed)
        options.addStretch(1)

        self.steps = QListWidget()
        self.steps.setMinimumWidth(300)
        self.steps.currentRowChanged.connect(self._select_row)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.editor_box = QGroupBox("The players' entries")
        self.editor_layout = QVBoxLayout(self.editor_box)
        self.form: FieldsForm | None = None
        self.rows: RowsTable | None = None
        self.note: QLineEdit | None = None
        back, nxt = QPushButton("< Back"), QPushButton("Next step >")
        back.clicked.connect(lambda: self._step_by(-1))
        nxt.clicked.connect(lambda: self._step_by(1))
        nav = QHBoxLayout()
        nav.addWidget(back)
        nav.addWidget(nxt)
        nav.addStretch(1)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.addWidget(self.details)
        rl.addWidget(self.editor_box, 1)
        rl.addLayout(nav)

        self.waiting = QLabel()
        self.waiting.setWordWrap(True)
        self.die_entry = QLineEdit()
        self.die_entry.setPlaceholderText("dice as read at the table, e.g. 4 or 6 6")
        self.die_entry.returnPressed.connect(self._type_dice)
        enter = QPushButton("Enter dice")
        enter.clicked.connect(self._type_dice)
        self.dice_log = QTableWidget(0, 3)
        self.dice_log.setHorizontalHeaderLabels(["Purpose", "Dice", "Source"])
        self.dice_log.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.dice_log.verticalHeader().setVisible(False)
        dice_box = QGroupBox("Dice")
        dl = QFormLayout(dice_box)
        entry = QHBoxLayout()
        entry.addWidget(self.die_entry, 1)
        entry.addWidget(enter)
        dl.addRow(self.waiting)
        dl.addRow("Type:", entry)
        dl.addRow(self.dice_log)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.steps)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(split)
        vertical.addWidget(dice_box)
        vertical.setStretchFactor(0, 3)
        vertical.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(options)
        layout.addWidget(vertical, 1)
        self.set_round(self.data)

    # ------------------------------------------------------------------ data

    def set_round(self, data: dict) -> None:
        self.data = copy.deepcopy(data)
        for box, key, default in ((self.table_box, "table", "standard"),
                                  (self.rounding_box, "rounding", "half-up"),
                                  (self.sfg_box, "sfg_rule", "full")):
            box.blockSignals(True)
            box.setCurrentText(str(self.data.get(key, default)))
            box.blockSignals(False)
        self.seeded.blockSignals(True)
        self.seeded.setChecked(self.data.get("seed") is not None)
        self.seeded.blockSignals(False)
        self.seed.blockSignals(True)
        self.seed.setValue(int(self.data.get("seed") or 0))
        self.seed.blockSignals(False)
        self.refresh(rebuild_editor=True)

    def _options_changed(self) -> None:
        self.data["table"] = self.table_box.currentText()
        self.data["rounding"] = self.rounding_box.currentText()
        self.data["sfg_rule"] = self.sfg_box.currentText()
        if self.seeded.isChecked():
            self.data["seed"] = self.seed.value()
        else:
            self.data.pop("seed", None)
        self.refresh()

    def refresh(self, rebuild_editor: bool = False) -> None:
        self.report = combat_round.evaluate(self.data)
        self.steps.blockSignals(True)
        self.steps.clear()
        for view in self.report.steps:
            item = QListWidgetItem(f"{view.id}  {view.title}  [{view.status}]")
            item.setData(Qt.ItemDataRole.UserRole, view.id)
            item.setForeground(QBrush(QColor(STATUS_COLOURS.get(view.status, "#000"))))
            item.setToolTip(view.result or view.asks)
            self.steps.addItem(item)
        ids = [v.id for v in self.report.steps]
        self.steps.setCurrentRow(ids.index(self.current) if self.current in ids else 0)
        self.steps.blockSignals(False)
        self._show_details()
        if rebuild_editor:
            self._build_editor()
        self._show_dice()
        self.evaluated.emit(self.report)

    def _select_row(self, row: int) -> None:
        if row < 0:
            return
        self.current = self.report.steps[row].id
        self._show_details()
        self._build_editor()

    def select_step(self, step_id: str) -> None:
        ids = [v.id for v in self.report.steps]
        self.steps.setCurrentRow(ids.index(step_id))

    def _step_by(self, delta: int) -> None:
        row = self.steps.currentRow() + delta
        if 0 <= row < self.steps.count():
            self.steps.setCurrentRow(row)

    def _show_details(self) -> None:
        view = self.report.step(self.current)
        parts = [f"<h3>{html.escape(view.id)} {html.escape(view.title)} "
                 f"<small>{html.escape(view.rule)}</small></h3>",
                 f"<p><b>The players:</b> {html.escape(view.asks)}</p>"]
        if view.computes:
            parts.append(f"<p><b>The assistant computes:</b> {html.escape(view.computes)}</p>")
        colour = STATUS_COLOURS.get(view.status, "#000")
        if view.result:
            parts.append(f"<p style='color:{colour}'><b>{html.escape(view.status)}:</b> "
                         f"{html.escape(view.result)}</p>")
        else:
            parts.append(f"<p style='color:{colour}'><b>{html.escape(view.status)}</b></p>")
        for problem in view.problems:
            parts.append(f"<p style='color:#b00020'>&#9888; {html.escape(problem)}</p>")
        self.details.setText("".join(parts))

    def _build_editor(self) -> None:
        while self.editor_layout.count():
            w = self.editor_layout.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.form = self.rows = self.note = None
        sp = forms.spec(self.current)
        if sp is None and self.current in FROM_ELSEWHERE:
            label = QLabel(FROM_ELSEWHERE[self.current])
            label.setWordWrap(True)
            self.editor_layout.addWidget(label)
            self.editor_layout.addStretch(1)
            return
        if sp is None:
            self.note = QLineEdit(str(self.data.get("notes", {}).get(self.current, "")))
            self.note.setPlaceholderText("what the players decided (kept with the round)")
            self.note.textEdited.connect(self._note_changed)
            self.editor_layout.addWidget(QLabel("Decided by the core F&E rules; a note:"))
            self.editor_layout.addWidget(self.note)
            self.editor_layout.addStretch(1)
            return
        values, rows = forms.read(self.current, self.data)
        if sp.fields:
            self.form = FieldsForm(sp.fields)
            self.form.set_values(values)
            self.form.changed.connect(self._edited)
            self.editor_layout.addWidget(self.form)
        if sp.columns:
            self.rows = RowsTable(sp.columns)
            self.rows.set_rows(rows)
            self.rows.changed.connect(self._edited)
            self.editor_layout.addWidget(self.rows, 1)
        else:
            self.editor_layout.addStretch(1)

    def _note_changed(self, text: str) -> None:
        self.data.setdefault("notes", {})[self.current] = text
        self.report = combat_round.evaluate(self.data)

    def _edited(self) -> None:
        values = self.form.values() if self.form else {}
        rows = self.rows.rows() if self.rows else []
        forms.write(self.current, self.data, values, rows)
        self.refresh()

    # ------------------------------------------------------------------ dice

    def _show_dice(self) -> None:
        log = self.report.dice_log
        self.dice_log.setRowCount(len(log))
        for r, d in enumerate(log):
            for c, text in enumerate((d["purpose"], " ".join(map(str, d["dice"])), d["source"])):
                self.dice_log.setItem(r, c, QTableWidgetItem(text))
        at = self.report.summary["waiting_at"]
        view = self.report.step(at) if at else None
        self.waiting.setText(f"Waiting at {at}: {view.result}" if view else
                             "Every computed step is done.")
        self.die_entry.setEnabled(bool(view and "type" in view.result))

    def waiting_key(self) -> str | None:
        at = self.report.summary["waiting_at"]
        if not at:
            return None
        text = self.report.step(at).result
        start = text.find("(key '")
        return text[start + 6:text.find("'", start + 6)] if start >= 0 else None

    def _type_dice(self) -> None:
        key = self.waiting_key()
        parts = self.die_entry.text().replace(",", " ").split()
        if key is None or not parts:
            return
        if not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
            self.waiting.setText(f"Dice are whole numbers 1-6, not {self.die_entry.text()!r}")
            return
        wanted = re.search(r"type (\d+)", self.report.step(self.report.summary["waiting_at"])
                           .result)
        if wanted and int(wanted.group(1)) != len(parts):
            self.waiting.setText(f"{key}: {wanted.group(1)} dice wanted, {len(parts)} typed")
            return
        self.data.setdefault("dice", {})[key] = [int(p) for p in parts]
        self.die_entry.clear()
        self.refresh()
