"""The energy allocation sheet: one ship, one turn, every line of the form (B3), live totals.

:class:`EaSheet` shows an :class:`~sfb_desk.qt.ea_model.EaSheetModel`: the lines grouped like
the paper form (power, housekeeping, weapons, shields, movement, repair and batteries,
tractors and transporters, miscellaneous, totals), each with the paper form's line number,
an entry, its energy and the issues it causes (rule number and message, beside the line).

Keyboard first: Tab and Enter move from entry to entry in form order; energies accept
``2``, ``1/2`` or ``0.5``; the speed plot is ``16`` or ``1:16, 17:20``. "Same as last turn"
copies the previous turn's allocation; the history box shows an earlier turn read-only. A
concealed sheet (hot-seat play: the other side's ship) shows "hidden" in place of every value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.qt.ea_model import (
    EaSheetModel,
    format_energy,
    format_plot,
    parse_energy,
    parse_ints,
    parse_plot,
)
from sfb_desk.rules.energy import ERROR, NOTE, WARNING, Allocation, Issue, Ledger, WeaponOrder
from sfb_desk.rules.energy.allocation import (
    FIRE_CONTROL_MODES,
    GROUPS,
    LIFE_SUPPORT_MODES,
    LINES,
    PA_LEVELS,
    SHIELD_MODES,
    WEAPONS,
    Line,
    weapon_line,
)
from sfb_desk.rules.energy.ledger import cloak_cost, pa_cost

HIDDEN = "hidden"
_COLOURS = {ERROR: "#b00020", WARNING: "#a15c00", NOTE: "#555555"}
_MODES = {"life_support": LIFE_SUPPORT_MODES, "fire_control": FIRE_CONTROL_MODES,
          "shields": SHIELD_MODES, "pa_level": PA_LEVELS}
_BOOLS = ("em", "sublight_tac", "cloak", "engine_doubling")
_COUNTS = {"general_reinforcement": 99, "impulse_hexes": 1, "hets": 9, "em_impulse_hexes": 6,
           "warp_tacs": 4, "transporters": 99, "ecm": 18, "eccm": 18, "edr_labs": 20,
           "scout_channels": 6}
_ENERGIES = ("battery_discharge", "phaser_capacitor", "damage_control", "battery_recharge",
             "reserve_warp", "tractors", "negative_tractor")
_MODE_CHOICES = {
    "PLASMA-S": ("", "PLASMA-S", "PLASMA-F"), "PLASMA-G": ("", "PLASMA-G", "PLASMA-F"),
    "TR-H": ("", "TR-H", "TR-L"), "PROBE": ("info", "weapon"),
    "SHUTTLE": ("", "suicide", "wild-weasel"), "FUSION": ("", "suicide"),
    "OPTION": ("", "PHOTON", "DISRUPTOR", "PLASMA-F", "PLASMA-G", "PLASMA-S", "FUSION"),
}
_ACTIONS = (("—", "none"), ("arm", "arm"), ("hold", "hold"), ("roll", "roll"))
#: Lines with no energy of their own (part of another line's cost, or a choice).
_NO_COST = frozenset({"impulse_hexes", "em_impulse_hexes", "repair_shields", "reserve_warp",
                      "edr_dc_box", "total"})


@dataclass
class _Row:
    """One line of the sheet: its widgets and how to read and write its entry."""

    key: str
    editors: list[QWidget] = field(default_factory=list)
    energy: QLabel | None = None
    issues: QLabel | None = None
    hidden: QLabel | None = None
    read: Callable[[], object] | None = None
    write: Callable[[object], None] | None = None


class _EnterMovesOn(QObject):
    """Enter / Return in an entry moves to the next entry, as Tab does (keyboard-first)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return,
                                                                    Qt.Key.Key_Enter):
            widget = watched if isinstance(watched, QWidget) else None
            if widget is not None:
                widget.focusNextChild()
                return True
        return False


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
        self._enter = _EnterMovesOn(self)
        self.rows: dict[str, _Row] = {}
        self.entries: list[QWidget] = []
        self.setObjectName("EaSheet")

        spec = model.spec
        self.title = QLabel(f"<b>{spec.race_name} {spec.class_code}</b> — {spec.name} "
                            f"({spec.id})")
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
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(3)
        self.grid.setColumnStretch(4, 1)
        self._build_rows()
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

    # -- construction ----------------------------------------------------------------------
    def _shown(self, line: Line) -> bool:
        """Lines the ship can use (the printed form leaves the others out, too)."""
        spec, k = self.model.spec, line.key
        has = spec.count
        if k in ("battery_discharge", "batteries_available", "battery_recharge", "reserve_warp",
                 "battery_used"):
            return has("battery") > 0
        if k in ("shields", "general_reinforcement", "specific_reinforcement", "damage_control",
                 "repair_shields"):
            return spec.shields is not None
        if k == "pa_level":
            return pa_cost(spec, "standard") is not None
        if k in ("tractors", "negative_tractor"):
            return has("tractor") > 0
        if k == "transporters":
            return has("transporter") > 0
        if k == "cloak":
            return cloak_cost(spec) is not None
        if k in ("edr_labs", "edr_dc_box"):
            return has("lab") > 0 and bool(spec.damage_control_track)
        if k == "scout_channels":
            return "scout" in spec.flags
        if k == "sfg_fields":
            return any(w.type == "SFG" for w in spec.weapons)
        if k == "engine_doubling":
            return spec.race == "ORI"
        if k == "weapons":
            return False  # one row per weapon instead
        return True

    def _build_rows(self) -> None:
        r = 0
        header = ("Line", "Entry", "", "Energy", "Issues")
        for col, text in enumerate(header):
            lab = QLabel(f"<i>{text}</i>")
            align = Qt.AlignmentFlag.AlignRight if col == 3 else Qt.AlignmentFlag.AlignLeft
            self.grid.addWidget(lab, r, col, align)
        r += 1
        for group in GROUPS:
            lines = [ln for ln in LINES if ln.group == group and self._shown(ln)]
            weapons = self.model.state.weapons if group == WEAPONS else ()
            if not lines and not weapons:
                continue
            title = QLabel(group)
            f = QFont(title.font())
            f.setBold(True)
            title.setFont(f)
            title.setStyleSheet("padding-top: 6px; border-bottom: 1px solid #999;")
            self.grid.addWidget(title, r, 0, 1, 5)
            r += 1
            for line in lines:
                r = self._add_line(r, line)
            for w in weapons:
                r = self._add_weapon(r, w.box, w.type)
            if group == "Totals":
                r = self._add_other_issues(r)
        self.grid.setRowStretch(r, 1)

    def _labels(self, r: int, form: int | str, text: str, key: str) -> _Row:
        middle = Qt.AlignmentFlag.AlignVCenter
        self.grid.addWidget(QLabel(str(form)), r, 0, middle)
        label = QLabel(text)
        self.grid.addWidget(label, r, 1, middle)
        row = _Row(key)
        row.energy = QLabel()
        row.energy.setAlignment(Qt.AlignmentFlag.AlignRight | middle)
        row.energy.setMinimumWidth(48)
        row.energy.setObjectName(f"energy:{key}")
        self.grid.addWidget(row.energy, r, 3, middle)
        row.issues = QLabel()
        row.issues.setWordWrap(True)
        row.issues.setMinimumWidth(260)
        row.issues.setObjectName(f"issues:{key}")
        row.issues.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.grid.addWidget(row.issues, r, 4, middle)
        row.hidden = QLabel(HIDDEN)
        row.hidden.setStyleSheet("color: #777;")
        row.hidden.hide()
        self.grid.addWidget(row.hidden, r, 2, middle)
        self.rows[key] = row
        return row

    def _entry(self, row: _Row, widget: QWidget, r: int) -> None:
        widget.setObjectName(f"entry:{row.key}")
        widget.installEventFilter(self._enter)
        row.editors.append(widget)
        self.entries.append(widget)

    def _add_line(self, r: int, line: Line) -> int:
        row = self._labels(r, line.form, line.label, line.key)
        if not line.entry:
            return r + 1
        key = line.key
        box = QHBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        holder = QWidget()
        holder.setLayout(box)
        if key in _MODES:
            w = QComboBox()
            w.addItems(list(_MODES[key]))
            w.currentIndexChanged.connect(self._edited)
            row.read = lambda w=w: w.currentText()
            row.write = lambda v, w=w: w.setCurrentText(str(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key in _BOOLS:
            w = QCheckBox()
            w.toggled.connect(self._edited)
            row.read = w.isChecked
            row.write = lambda v, w=w: w.setChecked(bool(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key in _COUNTS:
            w = QSpinBox()
            w.setRange(0, _COUNTS[key])
            w.valueChanged.connect(self._edited)
            row.read = w.value
            row.write = lambda v, w=w: w.setValue(int(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key == "edr_dc_box":
            w = QSpinBox()
            w.setRange(0, max(len(self.model.spec.damage_control_track), 1))
            w.setSpecialValueText("none")
            w.valueChanged.connect(self._edited)
            row.read = lambda w=w: w.value() or None
            row.write = lambda v, w=w: w.setValue(v or 0)
            self._entry(row, w, r)
            box.addWidget(w)
        elif key == "specific_reinforcement":
            spins = []
            for k in range(6):
                s = QSpinBox()
                s.setRange(0, 99)
                s.setPrefix(f"#{k + 1} ")
                s.valueChanged.connect(self._edited)
                spins.append(s)
                self._entry(row, s, r)
                box.addWidget(s)
            row.read = lambda spins=spins: tuple(s.value() for s in spins)

            def write(v, spins=spins):
                for s, x in zip(spins, tuple(v) + (0,) * 6):
                    s.setValue(int(x))
            row.write = write
        else:
            w = QLineEdit()
            w.setMaximumWidth(150 if key != "speed_plot" else 220)
            parse, fmt, hint = self._text_codec(key)
            w.setPlaceholderText(hint)
            w.textEdited.connect(self._edited)
            row.read = lambda w=w, parse=parse: parse(w.text())
            row.write = lambda v, w=w, fmt=fmt: w.setText(fmt(v))
            self._entry(row, w, r)
            box.addWidget(w)
        box.addStretch(1)
        self.grid.addWidget(holder, r, 2)
        return r + 1

    @staticmethod
    def _text_codec(key: str):
        if key in _ENERGIES:
            return (lambda t: parse_energy(t) if t.strip() else Fraction(0),
                    lambda v: format_energy(v) if v else "", "0")
        if key == "speed_plot":
            return parse_plot, format_plot, "16  or  1:16, 17:20"
        return parse_ints, lambda v: ", ".join(str(x) for x in v), "e.g. 1, 3"

    def _add_weapon(self, r: int, box: str, kind: str) -> int:
        line = weapon_line(box)
        row = self._labels(r, 10, f"{box}  ({kind.lower()})", line)
        holder = QWidget()
        h = QHBoxLayout(holder)
        h.setContentsMargins(0, 0, 0, 0)
        action = QComboBox(holder)
        for text, value in _ACTIONS:
            action.addItem(text, value)
        energy = QLineEdit(holder)
        energy.setMaximumWidth(64)
        energy.setPlaceholderText("std")
        energy.setToolTip("Energy for this weapon; blank = the standard amount for the action")
        overload = QCheckBox("OL", holder)
        overload.setToolTip("Overload (E3.5, E4.4, E7.4, E10.6, E11.6)")
        env = QCheckBox("Env", holder)
        env.setToolTip("Enveloping plasma torpedo (FP5)")
        env.setVisible(kind.startswith("PLASMA"))
        overload.setVisible(kind in ("PHOTON", "DISRUPTOR", "FUSION", "HELLBORE", "PPD",
                                     "OPTION"))
        mode = QComboBox(holder)
        mode.setEditable(kind == "OPTION")
        for m in _MODE_CHOICES.get(kind, ("",)):
            mode.addItem(m)
        mode.setVisible(kind in _MODE_CHOICES)
        widgets = [action, energy, overload, env, mode]
        for w in widgets:
            h.addWidget(w)
            if w.isVisibleTo(holder) or w in (action, energy):
                self._entry(row, w, r)
        h.addStretch(1)
        action.currentIndexChanged.connect(self._edited)
        energy.textEdited.connect(self._edited)
        overload.toggled.connect(self._edited)
        env.toggled.connect(self._edited)
        mode.currentTextChanged.connect(self._edited)

        def read(action=action, energy=energy, overload=overload, env=env, mode=mode):
            text = energy.text().strip()
            return WeaponOrder(box, action.currentData(), parse_energy(text) if text else None,
                               overload.isChecked(), env.isChecked(), mode.currentText())

        def write(order: WeaponOrder | None, action=action, energy=energy, overload=overload,
                  env=env, mode=mode):
            o = order or WeaponOrder(box, "none")
            action.setCurrentIndex(max(action.findData(o.action), 0))
            energy.setText(format_energy(o.energy) if o.energy is not None else "")
            overload.setChecked(o.overload)
            env.setChecked(o.enveloping)
            mode.setCurrentText(o.mode)

        row.read, row.write = read, write
        self.grid.addWidget(holder, r, 2)
        return r + 1

    def _add_other_issues(self, r: int) -> int:
        self._labels(r, "", "Other issues", "total")
        return r + 1

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
                     f"{_escape(i.message)}</span>" for i in found]
            if key in self._input_errors:
                texts.insert(0, f"<span style='color:{_COLOURS[ERROR]}'>"
                                f"{_escape(self._input_errors[key])}</span>")
            if row.issues is not None:
                row.issues.setText("<br>".join(texts))
                row.issues.setToolTip("\n".join(str(i) for i in found))
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
                row.issues.setVisible(not concealed)
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
