"""The rows of the energy allocation sheet (:class:`~sfb_desk.ui.ea.sheet.EaSheet`): one row per
line of the form the ship can use, in the paper form's groups and order, each with its line
number, label, entry widgets, energy and issues labels, and how to read and write its entry.

The sheet fits a narrow dock (the right-hand column at 1366x768) without scrolling sideways:
four columns (line, label, entry, energy), a long label wrapped (its whole text in the
tooltip), the six specific reinforcements in two rows of three, and a line's issues on a row
of their own under it, across the sheet (hidden while there are none).

:class:`SheetRows` builds them into a grid; the sheet reads and writes the entries through
:attr:`SheetRows.rows` and keeps the tab order of :attr:`SheetRows.entries`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from sfb_desk.qt.ea_model import format_energy, format_plot, parse_energy, parse_ints, parse_plot
from sfb_desk.rules.energy import WeaponOrder
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
from sfb_desk.rules.box_names import weapon_name
from sfb_desk.rules.ship import ShipSpec

HIDDEN = "hidden"

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

#: The widest a line's label may be before it wraps (pixels); energies' column width.
LABEL_WIDTH = 150
ENERGY_WIDTH = 36
#: Grid columns: line number, label, entry, energy; the issues row spans label to energy.
LINE_COL, LABEL_COL, ENTRY_COL, ENERGY_COL = 0, 1, 2, 3


@dataclass
class Row:
    """One line of the sheet: its widgets and how to read and write its entry."""

    key: str
    editors: list[QWidget] = field(default_factory=list)
    energy: QLabel | None = None
    issues: QLabel | None = None
    hidden: QLabel | None = None
    read: Callable[[], object] | None = None
    write: Callable[[object], None] | None = None


class EnterMovesOn(QObject):
    """Enter / Return in an entry moves to the next entry, as Tab does (keyboard-first)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return,
                                                                    Qt.Key.Key_Enter):
            widget = watched if isinstance(watched, QWidget) else None
            if widget is not None:
                widget.focusNextChild()
                return True
        return False

class SheetRows:
    """Builds the sheet's rows into ``grid`` for one ship; every entry change calls ``edited``."""

    def __init__(self, grid: QGridLayout, spec: ShipSpec, weapons: Sequence,
                 edited: Callable[..., None], enter: QObject) -> None:
        self.grid = grid
        self.spec = spec
        self.weapons = weapons
        self.edited = edited
        self.enter = enter
        self.rows: dict[str, Row] = {}
        self.entries: list[QWidget] = []

    def shown(self, line: Line) -> bool:
        """Lines the ship can use (the printed form leaves the others out, too)."""
        spec, k = self.spec, line.key
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

    def build(self) -> None:
        r = 0
        header = ("Line", "Entry", "", "Energy")
        for col, text in enumerate(header):
            lab = QLabel(f"<i>{text}</i>")
            align = Qt.AlignmentFlag.AlignRight if col == ENERGY_COL else Qt.AlignmentFlag.AlignLeft
            self.grid.addWidget(lab, r, col, align)
        self.grid.setColumnStretch(ENTRY_COL, 1)
        r += 1
        for group in GROUPS:
            lines = [ln for ln in LINES if ln.group == group and self.shown(ln)]
            weapons = self.weapons if group == WEAPONS else ()
            if not lines and not weapons:
                continue
            title = QLabel(group)
            f = QFont(title.font())
            f.setBold(True)
            title.setFont(f)
            title.setStyleSheet("padding-top: 6px; border-bottom: 1px solid #999;")
            self.grid.addWidget(title, r, 0, 1, 4)
            r += 1
            for line in lines:
                r = self._add_line(r, line)
            for w in weapons:
                r = self._add_weapon(r, w.box, w.type)
            if group == "Totals":
                r = self._add_other_issues(r)
        self.grid.setRowStretch(r, 1)

    def _labels(self, r: int, form: int | str, text: str, key: str) -> Row:
        """The labels of the line on grid row ``r`` and its issues row ``r + 1``."""
        middle = Qt.AlignmentFlag.AlignVCenter
        self.grid.addWidget(QLabel(str(form)), r, LINE_COL, middle)
        label = QLabel(text)
        label.setObjectName(f"label:{key}")
        if label.fontMetrics().horizontalAdvance(text) > LABEL_WIDTH:
            label.setWordWrap(True)  # a narrow dock: two lines, not a wider sheet
            label.setMaximumWidth(LABEL_WIDTH)
            label.setToolTip(text)
        self.grid.addWidget(label, r, LABEL_COL, middle)
        row = Row(key)
        row.energy = QLabel()
        row.energy.setAlignment(Qt.AlignmentFlag.AlignRight | middle)
        row.energy.setMinimumWidth(ENERGY_WIDTH)
        row.energy.setObjectName(f"energy:{key}")
        self.grid.addWidget(row.energy, r, ENERGY_COL, middle)
        row.issues = QLabel()
        row.issues.setWordWrap(True)
        row.issues.setObjectName(f"issues:{key}")
        row.issues.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row.issues.setContentsMargins(12, 0, 0, 2)
        row.issues.hide()  # shown by the sheet when the line has issues
        self.grid.addWidget(row.issues, r + 1, LABEL_COL, 1, 3)
        row.hidden = QLabel(HIDDEN)
        row.hidden.setStyleSheet("color: #777;")
        row.hidden.hide()
        self.grid.addWidget(row.hidden, r, ENTRY_COL, middle)
        self.rows[key] = row
        return row

    def _entry(self, row: Row, widget: QWidget, r: int) -> None:
        widget.setObjectName(f"entry:{row.key}")
        widget.installEventFilter(self.enter)
        row.editors.append(widget)
        self.entries.append(widget)

    def _add_line(self, r: int, line: Line) -> int:
        row = self._labels(r, line.form, line.label, line.key)
        if not line.entry:
            return r + 2
        key = line.key
        box = QHBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        holder = QWidget()
        holder.setLayout(box)
        if key in _MODES:
            w = QComboBox()
            w.addItems(list(_MODES[key]))
            w.currentIndexChanged.connect(self.edited)
            row.read = lambda w=w: w.currentText()
            row.write = lambda v, w=w: w.setCurrentText(str(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key in _BOOLS:
            w = QCheckBox()
            w.toggled.connect(self.edited)
            row.read = w.isChecked
            row.write = lambda v, w=w: w.setChecked(bool(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key in _COUNTS:
            w = QSpinBox()
            w.setRange(0, _COUNTS[key])
            w.valueChanged.connect(self.edited)
            row.read = w.value
            row.write = lambda v, w=w: w.setValue(int(v))
            self._entry(row, w, r)
            box.addWidget(w)
        elif key == "edr_dc_box":
            w = QSpinBox()
            w.setRange(0, max(len(self.spec.damage_control_track), 1))
            w.setSpecialValueText("none")
            w.valueChanged.connect(self.edited)
            row.read = lambda w=w: w.value() or None
            row.write = lambda v, w=w: w.setValue(v or 0)
            self._entry(row, w, r)
            box.addWidget(w)
        elif key == "specific_reinforcement":
            spins = []
            three = QGridLayout()  # two rows of three: the sheet stays narrow
            three.setContentsMargins(0, 0, 0, 0)
            three.setHorizontalSpacing(4)
            three.setVerticalSpacing(2)
            for k in range(6):
                s = QSpinBox()
                s.setRange(0, 99)
                s.setPrefix(f"#{k + 1} ")
                s.setToolTip(f"Points reinforcing shield #{k + 1} (D3.3)")
                s.valueChanged.connect(self.edited)
                spins.append(s)
                self._entry(row, s, r)
                three.addWidget(s, k // 3, k % 3)
            box.addLayout(three)
            row.read = lambda spins=spins: tuple(s.value() for s in spins)

            def write(v, spins=spins):
                for s, x in zip(spins, tuple(v) + (0,) * 6):
                    s.setValue(int(x))
            row.write = write
        else:
            w = QLineEdit()
            w.setMaximumWidth(100 if key != "speed_plot" else 150)
            parse, fmt, hint = self._text_codec(key)
            w.setPlaceholderText(hint)
            w.textEdited.connect(self.edited)
            row.read = lambda w=w, parse=parse: parse(w.text())
            row.write = lambda v, w=w, fmt=fmt: w.setText(fmt(v))
            self._entry(row, w, r)
            box.addWidget(w)
        box.addStretch(1)
        self.grid.addWidget(holder, r, ENTRY_COL)
        return r + 2

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
        row = self._labels(r, 10, weapon_name(box, kind), line)
        label = self.grid.itemAtPosition(r, LABEL_COL).widget()  # the id: to check the SSD
        label.setToolTip("\n".join(t for t in (label.toolTip(), f"SSD box {box} ({kind})") if t))
        holder = QWidget()
        h = QHBoxLayout(holder)
        h.setContentsMargins(0, 0, 0, 0)
        action = QComboBox(holder)
        for text, value in _ACTIONS:
            action.addItem(text, value)
        energy = QLineEdit(holder)
        energy.setMaximumWidth(44)
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
        action.currentIndexChanged.connect(self.edited)
        energy.textEdited.connect(self.edited)
        overload.toggled.connect(self.edited)
        env.toggled.connect(self.edited)
        mode.currentTextChanged.connect(self.edited)

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
        self.grid.addWidget(holder, r, ENTRY_COL)
        return r + 2

    def _add_other_issues(self, r: int) -> int:
        self._labels(r, "", "Other issues", "total")
        return r + 2
