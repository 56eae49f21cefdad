"""The energy allocation sheet: one ship, one turn, every line of the form (B3), live totals.

:class:`EaSheet` shows an :class:`~sfb_desk.qt.ea_model.EaSheetModel`: the lines grouped like
the paper form (power, housekeeping, weapons, shields, movement, repair and batteries,
tractors and transporters, miscellaneous, totals), each with the paper form's line number,
an entry, its energy and the issues it causes (rule number and message, under the line).

Keyboard first: Tab and Enter move from entry to entry in form order; energies accept
``2``, ``1/2`` or ``0.5``; the speed plot is ``16`` or ``1:16, 17:20``. "Same as last turn"
copies the previous turn's allocation; the history box shows an earlier turn read-only. A
concealed sheet (hot-seat play: the other side's ship) shows "hidden" in place of every value.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.qt.ea_model import (
    EaSheetModel,
    format_energy,
)
from sfb_desk.rules.box_names import boxes_in_words
from sfb_desk.rules.energy import ERROR, NOTE, WARNING, Allocation, Issue, Ledger, WeaponOrder

from .rows import HIDDEN, EnterMovesOn, Row, SheetRows

_COLOURS = {ERROR: "#b00020", WARNING: "#a15c00", NOTE: "#555555"}
#: Lines with no energy of their own (part of another line's cost, or a choice).
_NO_COST = frozenset({"impulse_hexes", "em_impulse_hexes", "repair_shields", "reserve_warp",
                      "edr_dc_box", "total"})


class EaSheet(QWidget):
    """The energy allocation sheet of one ship (see the module docstring)."""

    def __init__(self, model: EaSheetModel, parent: QWidget | None = None, *,
                 concealed: bool = False) -> None:
        super().__init__(parent)
        self.model = model
        self.concealed = False
        self._viewing = model.turn
        self._loading = False
        self._input_errors: dict[str, str] = {}
        self.setObjectName("EaSheet")

        spec = model.spec
        self.title = QLabel(f"<b>{spec.race_name} {spec.class_code}</b> — {spec.name} "
                            f"({spec.id})")
        self.title.setWordWrap(True)  # a narrow dock (1366x768) wraps the name, not the sheet
        self.turn_label = QLabel()
        self.history = QComboBox()
        self.history.setToolTip("Earlier turns, shown read-only")
        self.same_button = QPushButton("Same as last turn")
        self.template_button = QPushButton("Fill in")
        self.template_button.setToolTip("A starting allocation: housekeeping, weapons on their "
                                        "cycles, the capacitor, speed from the rest")
        self.status = QLabel()
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.turn_label)
        head.addWidget(self.history)
        head.addWidget(self.same_button)
        head.addWidget(self.template_button)

        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(3)
        self.grid.setContentsMargins(4, 4, 4, 4)
        built = SheetRows(self.grid, spec, model.state.weapons, self._edited, EnterMovesOn(self))
        built.build()
        self.rows: dict[str, Row] = built.rows
        self.entries: list[QWidget] = built.entries
        for first, second in zip(self.entries, self.entries[1:]):
            QWidget.setTabOrder(first, second)  # form order (keyboard-first)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.grid_host)

        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)

        self.same_button.clicked.connect(self._same_as_last_turn)
        self.template_button.clicked.connect(self._fill_in)
        self.history.currentIndexChanged.connect(self._history_chosen)
        model.changed.connect(self._model_changed)
        self._fill_history()
        self._load(model.allocation)
        self._show(model.allocation, model.ledger, model.issues)
        self.set_concealed(concealed)

    # -- model <-> widgets -----------------------------------------------------------------
    def _load(self, a: Allocation) -> None:
        """Write an allocation into the entries (without reacting to it)."""
        self._loading = True
        try:
            self._input_errors.clear()
            for key, row in self.rows.items():
                if row.write is None:
                    continue
                if key.startswith("weapon:"):
                    row.write(a.order(key.split(":", 1)[1]))
                else:
                    row.write(getattr(a, key))
        finally:
            self._loading = False

    def _collect(self) -> Allocation:
        """The allocation the entries show; unreadable entries keep the model's value and are
        reported beside their line."""
        a = self.model.allocation
        self._input_errors.clear()
        values: dict[str, object] = {}
        orders: list[WeaponOrder] = []
        for key, row in self.rows.items():
            if row.read is None:
                continue
            try:
                value = row.read()
            except ValueError as error:
                self._input_errors[key] = str(error)
                if key.startswith("weapon:"):
                    old = a.order(key.split(":", 1)[1])
                    if old is not None:
                        orders.append(old)
                continue
            if key.startswith("weapon:"):
                if isinstance(value, WeaponOrder) and (value.action != "none" or value.energy):
                    orders.append(value)
            else:
                values[key] = value
        return replace(a, weapons=tuple(orders), **values)

    def _edited(self, *args: object) -> None:
        if self._loading or self._viewing != self.model.turn:
            return
        allocation = self._collect()
        if allocation == self.model.allocation:
            self._show(allocation, self.model.ledger, self.model.issues)
        else:
            self.model.set_allocation(allocation)  # -> _model_changed

    def _model_changed(self) -> None:
        if self._viewing == self.model.turn:
            if self._collect_quietly() != self.model.allocation:
                self._load(self.model.allocation)
            self._show(self.model.allocation, self.model.ledger, self.model.issues)
        self._fill_history()

    def _collect_quietly(self) -> Allocation:
        errors = dict(self._input_errors)
        try:
            return self._collect()
        finally:
            self._input_errors = errors

    def _show(self, a: Allocation, led: Ledger, issues: list[Issue]) -> None:
        """Energies, totals and issues beside their lines."""
        placed: set[int] = set()
        by_line: dict[str, list[Issue]] = {}
        for n, i in enumerate(issues):
            key = i.line if i.line in self.rows else "total"
            by_line.setdefault(key, []).append(i)
            placed.add(n)
        for key, row in self.rows.items():
            if row.energy is not None and key not in _NO_COST:
                value = led.value(key) if not key.startswith("weapon:") else led.costs.get(
                    key, Fraction(0))
                row.energy.setText(format_energy(value))
            found = by_line.get(key, [])
            texts = [f"<span style='color:{_COLOURS[i.severity]}'>({i.rule}) "
                     f"{_escape(boxes_in_words(i.message))}</span>" for i in found]
            if key in self._input_errors:
                texts.insert(0, f"<span style='color:{_COLOURS[ERROR]}'>"
                                f"{_escape(self._input_errors[key])}</span>")
            if row.issues is not None:
                row.issues.setText("<br>".join(texts))
                row.issues.setToolTip("\n".join(str(i) for i in found))
                row.issues.setVisible(bool(texts) and not self.concealed)
        bad = sum(1 for i in issues if i.is_error)
        s = led.supply
        summary = (f"Power {format_energy(s.total)} + batteries {format_energy(led.battery_used)}"
                   f" · used {format_energy(led.total_used)} · unallocated "
                   f"{format_energy(led.unallocated)}")
        verdict = ("<span style='color:#1b5e20'>legal</span>" if not bad else
                   f"<span style='color:{_COLOURS[ERROR]}'>{bad} rule(s) broken</span>")
        if self._input_errors:
            verdict += f" · <span style='color:{_COLOURS[ERROR]}'>check the marked entries</span>"
        self.status.setText(f"{summary} — {verdict}")

    # -- history, same as last turn, concealment ---------------------------------------------
    def _fill_history(self) -> None:
        turns = self.model.turns()
        self.history.blockSignals(True)
        self.history.clear()
        for t in turns:
            self.history.addItem(f"Turn {t}" + (" (this turn)" if t == self.model.turn else ""),
                                 t)
        self.history.setCurrentIndex(max(self.history.findData(self._viewing), 0))
        self.history.blockSignals(False)
        self.same_button.setEnabled(self.model.record(self.model.turn - 1) is not None
                                    and self._viewing == self.model.turn)

    def _history_chosen(self, index: int) -> None:
        turn = self.history.itemData(index)
        if turn is None:
            return
        self.show_turn(int(turn))

    def show_turn(self, turn: int) -> None:
        """Show ``turn``: this turn for editing, an earlier one read-only."""
        view = self.model.view(turn)
        if view is None:
            return
        self._viewing = turn
        a, led, issues = view
        self._load(a)
        editable = turn == self.model.turn
        for w in self.entries:
            w.setEnabled(editable)
        self.template_button.setEnabled(editable)
        self._show(a, led, issues)
        self._fill_history()

    def _same_as_last_turn(self) -> None:
        if self.model.same_as_last_turn():
            self._load(self.model.allocation)
            self._show(self.model.allocation, self.model.ledger, self.model.issues)

    def _fill_in(self) -> None:
        self.model.fill_template()
        self._load(self.model.allocation)
        self._show(self.model.allocation, self.model.ledger, self.model.issues)

    def set_concealed(self, concealed: bool) -> None:
        """Hot-seat play: the other side sees this ship's sheet only as "hidden"."""
        self.concealed = concealed
        for row in self.rows.values():
            for w in row.editors:
                w.parentWidget().setVisible(not concealed)
            if row.hidden is not None:
                row.hidden.setVisible(concealed)
            if row.energy is not None:
                row.energy.setVisible(not concealed)
            if row.issues is not None:
                row.issues.setVisible(not concealed and bool(row.issues.text()))
        for w in (self.history, self.same_button, self.template_button, self.status):
            w.setVisible(not concealed)
        self.turn_label.setText(f"Turn {self._viewing}: {HIDDEN}" if concealed else "")
        self.turn_label.setVisible(concealed)

    def row_issue_text(self, key: str) -> str:
        """The plain text of the issues beside line ``key`` (for tests and accessibility)."""
        row = self.rows[key]
        return row.issues.toolTip() if row.issues is not None else ""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
