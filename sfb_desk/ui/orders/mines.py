"""The mine-laying editor: a side's Mine Laying Step (M9.0, M9.21, M2.11, R1.F6B).

For each unit of the side with mines to lay (a minesweeper's or minelayer's racks, a ship's
nuclear space mines, a minelaying shuttle's load): one row for each place a mine can come
from, with a check box, the size, and the programming the owner writes before it is laid
(M2.14, M6.1): detection number, zone 0 or 1 (M5.111), the size classes it accepts (M5.151)
and the Nth-target delay (M2.15). Each row says whether it may lay now or the rule that
forbids it (:func:`sfb_desk.rules.systems.mines.laying.lay_problems`); the session checks
again when the orders are given.

The answer is the session's: ``{"MS": [{"from": "rack#1", "size": "large", "detection": 3,
"zone": 1, "sizes": [1, 2, 3, 4], "nth": 0}]}``; units with nothing checked are left out.
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

from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.systems.mines.laying import (
    NSM,
    MineStores,
    lay_problems,
    program_problems,
    racks_destroyed,
    ship_stores,
)
from sfb_desk.rules.units import Unit
from ..common.names import titled
from .editor import GREEN, RED, OrderEditor, OrdersInputError, note

SOURCE_NAMES = {NSM: "nuclear space mine (hatch)", "mls": "shuttle's load"}


def source_name(source: str, stores: MineStores) -> str:
    """A source as the player reads it: "mine rack 2 (3 large, 2 small)", the hatch, the load."""
    if not source.startswith("rack#"):
        return SOURCE_NAMES.get(source, source)
    n = source.removeprefix("rack#")
    rack = stores.racks[int(n) - 1]
    held = ", ".join(f"{k} {size}" for k, size in ((rack.large, "large"), (rack.small, "small"))
                     if k)
    return f"mine rack {n} ({held or 'empty'})"


def mine_stores(ctx: OrdersContext, unit: Unit) -> MineStores | None:
    """What ``unit`` can still lay (the battlefield's record, else its class's boxes)."""
    field = ctx.combat.battlefield if ctx.combat is not None else None
    kept = field.stores_of(unit.id) if field is not None else None
    if kept is not None:
        return kept if kept.kind != "mss" else None
    record = ctx.record(unit.id)
    spec = ctx.spec_of(record) if record is not None else None
    return ship_stores(unit.id, spec.special) if spec is not None else None


def parse_sizes(text: str) -> list[int]:
    """``"1-4"``, ``"1,2,6"`` or ``"all"`` -> size classes (M5.151)."""
    text = text.strip().lower()
    if text in ("", "all"):
        return list(range(1, 9))
    out: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise OrdersInputError(f"target sizes {text!r}: size classes like 1-4 or 1,2,6 "
                                   "(M5.151)")
        out.update(range(int(low), int(high or low) + 1))
    return sorted(out)


class MineRow:
    """One source of mines of one unit (a rack box, the hatch, a shuttle's load)."""

    def __init__(self, editor: MineLayingEditor, unit: Unit, stores: MineStores, source: str,
                 grid: QGridLayout, row: int) -> None:
        self.editor, self.unit, self.stores, self.source = editor, unit, stores, source
        name = f"{unit.id}_{source}"
        self.check = QCheckBox(source_name(source, stores))
        self.check.setObjectName(f"lay_{name}")
        self.size = QComboBox()
        self.size.setObjectName(f"size_{name}")
        for size in ("large", "small"):
            if self._holds(size):
                self.size.addItem(size, size)
        self.detection = QSpinBox()
        self.detection.setRange(1, 6)
        self.detection.setPrefix("detection ")
        self.detection.setObjectName(f"detection_{name}")
        self.detection.setToolTip("The mine's detection number (M6.1, M7.22)")
        self.zone = QComboBox()
        self.zone.addItem("zone 1", 1)
        self.zone.addItem("zone 0", 0)
        self.zone.setToolTip("Detection range: its hex and the six beside it, or only its "
                             "hex (M5.111)")
        self.sizes = QLineEdit("1-8")
        self.sizes.setPlaceholderText("sizes 1-8")
        self.sizes.setToolTip("Size classes it accepts as targets, e.g. 1-4 (M5.151)")
        self.nth = QSpinBox()
        self.nth.setRange(0, 6)
        self.nth.setPrefix("skip ")
        self.nth.setToolTip("Acceptable targets it lets pass before one sets it off (M2.15)")
        self.info = QLabel()
        self.info.setWordWrap(True)
        # two narrow columns, five lines a source: the orders dock is narrow at 1366x768
        top = row * 5
        grid.addWidget(self.check, top, 0, 1, 2)
        grid.addWidget(self.size, top + 1, 0)
        grid.addWidget(self.zone, top + 1, 1)
        grid.addWidget(self.detection, top + 2, 0)
        grid.addWidget(self.nth, top + 2, 1)
        grid.addWidget(QLabel("target sizes"), top + 3, 0)
        grid.addWidget(self.sizes, top + 3, 1)
        grid.addWidget(self.info, top + 4, 0, 1, 2)
        for signal in (self.check.toggled, self.size.currentIndexChanged,
                       self.detection.valueChanged, self.zone.currentIndexChanged,
                       self.sizes.textChanged, self.nth.valueChanged):
            signal.connect(self._changed)
        self._show()

    def _holds(self, size: str) -> bool:
        s = self.stores
        if self.source.startswith("rack#"):
            rack = s.racks[int(self.source.removeprefix("rack#")) - 1]
            return rack.holds(size) > 0
        if self.source == NSM:
            return size == "large"
        return (s.load_large if size == "large" else s.load_small) > 0

    def _changed(self, *_: object) -> None:
        self.editor.mark_edited()
        self._show()

    def problems(self) -> list[str]:
        ctx = self.editor.ctx
        assert ctx is not None
        record = ctx.record(self.unit.id)
        spec = ctx.spec_of(record) if record is not None else None
        flags = set(spec.flags) if spec is not None else set()
        out = lay_problems(self.stores, self.source, self.size.currentData() or "large",
                           clock=ctx.clock, turn=ctx.state.turn, em=self.unit.em.active,
                           minelayer=bool(flags & {"minelayer", "minesweeper"}),
                           destroyed_racks=racks_destroyed(self.unit.destroyed))
        try:
            sizes = parse_sizes(self.sizes.text())
        except OrdersInputError as exc:
            return out + [str(exc)]
        return out + program_problems(self.detection.value(), self.zone.currentData(), sizes,
                                      self.nth.value())

    def _show(self) -> None:
        problems = self.problems()
        self.info.setText("; ".join(problems) if problems else "may lay now")
        self.info.setStyleSheet(f"color: {RED if problems else GREEN};")

    def order(self) -> dict[str, object]:
        return {"from": self.source, "size": self.size.currentData() or "large",
                "detection": self.detection.value(), "zone": self.zone.currentData(),
                "sizes": parse_sizes(self.sizes.text()), "nth": self.nth.value()}


class MineLayingEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.rows: dict[str, list[MineRow]] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(note("A mine is laid in the unit's own hex and armed once the unit is "
                              "out of its zone (M2.3). The enemy sees the counter, never what "
                              "you set."))
        units = ctx.side_units(getattr(prompt, "side", None)) if ctx is not None else []
        for unit in units:
            stores = mine_stores(ctx, unit)  # type: ignore[arg-type]
            if stores is not None and stores.sources():
                layout.addWidget(self._unit_box(unit, stores))
        if not self.rows:
            layout.addWidget(note("No unit of this side has mines to lay: pass."))
        layout.addStretch(1)

    def _unit_box(self, unit: Unit, stores: MineStores) -> QGroupBox:
        box = QGroupBox(titled(unit.id, unit.name, unit.spec_id, unit.kind))
        box.setObjectName(f"layMines_{unit.id}")
        grid = QGridLayout(box)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        self.rows[unit.id] = [MineRow(self, unit, stores, source, grid, n)
                              for n, source in enumerate(stores.sources())]
        return box

    def row(self, unit: str, source: str) -> MineRow:
        return next(r for r in self.rows[unit] if r.source == source)

    def value(self) -> object:
        out: dict[str, list[dict[str, object]]] = {}
        for uid, rows in self.rows.items():
            orders = [r.order() for r in rows if r.check.isChecked()]
            if orders:
                out[uid] = orders
        return out
