"""The launch editor: a side's launches in the Seeking Weapons Stage of 6B (F2, FD, FP, J1).

For each ship of the side (:mod:`sfb_desk.engine.orders.launch_options`): its drone racks with the drones
they hold (which one, FD2.4; its speed comes with the drone, FD2), its plasma launchers (a
pseudo torpedo FP6 if wanted) and its shuttle boxes (mission administrative, suicide or wild
weasel, J1.50, J2.2, J3; a minesweeper's or minelayer's minesweeping or minelaying shuttle,
M8.312, R1.F6), each with a check box, a target, the new unit's id (filled with an
unused one) and whether it may launch at that target now, or the rule that forbids it.

The answer is the session's: ``{"KRT": {"drones": [{"box": "drone#1", "id": "KRT-D1",
"target": "ENT"}], "plasma": [...], "shuttles": [...]}}``; ships with nothing checked are
left out.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.prompts import Prompt
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.orders.launch_options import SHUTTLE_SPEED, LaunchOption, launch_options, new_seeker_id
from sfb_desk.rules.box_names import box_name
from sfb_desk.rules.units import Unit
from ..common.names import titled
from .editor import GREEN, GREY, RED, OrderEditor, OrdersInputError, note

_LETTER = {"drones": "D", "plasma": "P", "shuttles": "S"}
MISSIONS = ("admin", "suicide", "weasel")
MINE_CRAFT = ("mss", "mls")  # minesweepers' and minelayers' shuttles (M8.312, M9.181)
MINE_CRAFT_NOTE = {"mss": "minesweeping shuttle under remote control (R1.F2, M8.32)",
                   "mls": "minelaying shuttle with two large mines (R1.F6)"}


def _mine_craft(ctx: OrdersContext | None, unit: Unit) -> tuple[str, ...]:
    """The mine missions a minesweeper or minelayer may give a shuttle (M8.312, M9.181)."""
    record = ctx.record(unit.id) if ctx is not None else None
    spec = ctx.spec_of(record) if record is not None else None
    return MINE_CRAFT if spec is not None and {"minesweeper", "minelayer"} & set(spec.flags) \
        else ()


class LaunchRow:
    """One rack, launcher or shuttle box of a ship."""

    def __init__(self, editor: LaunchEditor, unit: Unit, option: LaunchOption,
                 grid: QGridLayout, row: int, taken: set[str]) -> None:
        self.editor, self.unit, self.option = editor, unit, option
        name = f"{unit.id}_{option.box}"
        self.check = QCheckBox(box_name(option.box))
        self.check.setObjectName(f"launch_{name}")
        self.check.setToolTip(f"SSD box {option.box}")
        self.what = QComboBox()  # drones: which drone; shuttles: the mission
        self.what.setObjectName(f"what_{name}")
        if option.kind == "drones":
            for slot in option.slots:
                self.what.addItem(slot.label, slot.index)
        elif option.kind == "shuttles":
            for m in MISSIONS + _mine_craft(editor.ctx, unit):
                self.what.addItem(m, m)
        self.pseudo = QCheckBox("pseudo (FP6)")
        self.speed = QSpinBox()
        self.speed.setRange(1, 32)
        self.speed.setValue(SHUTTLE_SPEED)
        self.speed.setPrefix("speed ")
        self.target = QComboBox()
        self.target.setObjectName(f"target_{name}")
        for t, _ in option.targets:
            self.target.addItem(t, t)
        best = option.best_target()
        if best is not None:
            self.target.setCurrentIndex(self.target.findData(best))
        ctx = editor.ctx
        assert ctx is not None
        self.id = QLineEdit(new_seeker_id(ctx, unit.id, _LETTER[option.kind], taken))
        self.id.setObjectName(f"id_{name}")
        self.id.setMaximumWidth(90)
        taken.add(self.id.text())
        self.info = QLabel()
        self.info.setWordWrap(True)
        extra = {"drones": self.what, "plasma": self.pseudo, "shuttles": self.what}[option.kind]
        grid.addWidget(self.check, row, 0)
        grid.addWidget(extra, row, 1)
        if option.kind == "shuttles":
            grid.addWidget(self.speed, row, 2)
        grid.addWidget(self.target, row, 3)
        grid.addWidget(self.id, row, 4)
        grid.addWidget(self.info, row, 5)
        for signal in (self.check.toggled, self.pseudo.toggled, self.what.currentIndexChanged,
                       self.target.currentIndexChanged, self.id.textEdited,
                       self.speed.valueChanged):
            signal.connect(self._changed)
        self.check.setEnabled(option.not_ready is None)
        self._show()

    def _changed(self, *_: object) -> None:
        self.editor.mark_edited()
        self._show()

    def _show(self) -> None:
        option = self.option
        if option.not_ready is not None:
            text, colour = str(option.not_ready), GREY
        elif option.kind == "shuttles":
            mission = self.what.currentData()
            text = ("an administrative shuttle has no target" if mission == "admin"
                    else MINE_CRAFT_NOTE.get(mission)
                    or f"{mission} shuttle at {self.target.currentData()}")
            colour = GREY
        else:
            refusal = option.refusal(self.target.currentData() or "")
            text, colour = (str(refusal), RED) if refusal else ("may launch", GREEN)
        self.info.setText(text)
        self.info.setStyleSheet(f"color: {colour};")

    def order(self) -> dict[str, object]:
        sid = self.id.text().strip()
        what = f"{box_name(self.option.box)} of {self.unit.id}"
        if not sid:
            raise OrdersInputError(f"{what}: the launched unit needs an id (F2)")
        target = self.target.currentData()
        kind = self.option.kind
        out: dict[str, object] = {"box": self.option.box, "id": sid}
        if kind == "shuttles":
            mission = self.what.currentData()
            out.update(bay=self.option.bay, speed=self.speed.value(), mission=mission)
            if mission not in ("admin", *MINE_CRAFT):
                if target is None:
                    raise OrdersInputError(f"{what}: a {mission} shuttle needs a target (J2.2)")
                out["target"] = target
            return out
        if target is None:
            raise OrdersInputError(f"{what}: pick a target (F3.0)")
        out["target"] = target
        if kind == "drones" and self.what.currentData():
            out["index"] = self.what.currentData()
        if kind == "plasma" and self.pseudo.isChecked():
            out["pseudo"] = True
        return out


class LaunchEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.rows: dict[str, list[LaunchRow]] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        units = ctx.side_units(getattr(prompt, "side", None)) if ctx is not None else []
        taken: set[str] = set()
        for unit in units:
            options = launch_options(ctx, unit)  # type: ignore[arg-type]
            if options:
                layout.addWidget(self._ship_box(unit, options, taken))
        if not self.rows:
            layout.addWidget(note("No ship of this side has racks, launchers or shuttles the "
                                  "program tracks: pass."))
        layout.addStretch(1)

    def _ship_box(self, unit: Unit, options: list[LaunchOption], taken: set[str]) -> QGroupBox:
        box = QGroupBox(titled(unit.id, unit.name, unit.spec_id))
        box.setObjectName(f"launchShip_{unit.id}")
        lay = QVBoxLayout(box)
        rows: list[LaunchRow] = []
        for kind, title in (("drones", "Drone racks"), ("plasma", "Plasma launchers"),
                            ("shuttles", "Shuttles")):
            mine = [o for o in options if o.kind == kind]
            if not mine:
                continue
            lay.addWidget(QLabel(f"<b>{title}</b>"))
            grid = QGridLayout()
            grid.setColumnStretch(5, 1)
            lay.addLayout(grid)
            for n, option in enumerate(mine):
                rows.append(LaunchRow(self, unit, option, grid, n, taken))
        self.rows[unit.id] = rows
        return box

    def row(self, unit: str, box: str) -> LaunchRow:
        return next(r for r in self.rows[unit] if r.option.box == box)

    def value(self) -> object:
        out: dict[str, dict[str, list[dict[str, object]]]] = {}
        for uid, rows in self.rows.items():
            ship: dict[str, list[dict[str, object]]] = {}
            for r in rows:
                if r.check.isChecked():
                    ship.setdefault(r.option.kind, []).append(r.order())
            ids = [o["id"] for orders in ship.values() for o in orders]
            if len(set(ids)) != len(ids):
                raise OrdersInputError(f"{uid}: two launches share an id (F2)")
            if ship:
                out[uid] = ship
        return out
