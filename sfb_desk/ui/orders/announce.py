"""Speed editors: a side's movement announcements (C12.36) and a unit's speed plot (C12.12).

* :class:`AnnounceEditor` (Orders kind ``announce``): for each ship of the side, an unplotted
  acceleration to a new speed from the next impulse until an impulse (C12.24, paid from
  reserve power; ``impulse_reserve`` for reserve impulse power), erratic maneuvers started or
  stopped (C10.311) and emergency deceleration (C8). The answer is
  ``{unit: {"speed": n, "until": i, "impulse_reserve": true, "em": "start", "decel": true}}``
  with only what was set; ships without announcements are left out.
* :class:`SpeedPlotEditor` (Orders kind ``speed_plot``, units without a ship record): the
  speed from impulse 1 and the changes, typed ``17:10, 25:12`` (impulse:speed). The answer is
  a speed, or ``[[1, s], [i, s2], ...]``.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.prompts import Prompt
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.rules.movement.speed import FIRST_CHANGE, LAST_CHANGE, speed_at
from sfb_desk.rules.units import IMPULSES, Unit
from ..common.names import titled
from .editor import OrderEditor, OrdersInputError, note


class ShipAnnouncement:
    """The announcement widgets of one ship."""

    def __init__(self, editor: AnnounceEditor, unit: Unit, impulse: int) -> None:
        self.unit = unit
        self.box = QGroupBox(titled(unit.id, unit.name, unit.spec_id))
        self.box.setObjectName(f"announce_{unit.id}")
        form = QFormLayout(self.box)
        now = speed_at(unit.plot, max(impulse, 1))
        nxt = speed_at(unit.plot, min(impulse + 1, IMPULSES))
        form.addRow(note(f"Speed {now} now; plotted {nxt} on impulse {min(impulse + 1, IMPULSES)}"
                         f"; erratic maneuvers {'on' if unit.em.active else 'off'}"))
        self.accelerate = QCheckBox("Change speed to")
        self.accelerate.setObjectName(f"accelerate_{unit.id}")
        top = unit.profile.max_speed
        self.speed = QSpinBox()
        self.speed.setObjectName(f"speed_{unit.id}")
        self.speed.setRange(-top, top)
        self.speed.setValue(nxt)
        self.until = QSpinBox()
        self.until.setObjectName(f"until_{unit.id}")
        self.until.setRange(min(impulse + 1, IMPULSES), IMPULSES)
        self.until.setValue(IMPULSES)
        self.until.setPrefix("until impulse ")
        self.reserve = QCheckBox("impulse reserve")
        row = QHBoxLayout()
        for w in (self.speed, self.until, self.reserve):
            row.addWidget(w)
        row.addStretch(1)
        form.addRow(self.accelerate, row)
        if not FIRST_CHANGE <= impulse + 1 <= LAST_CHANGE:
            for w in (self.accelerate, self.speed, self.until, self.reserve):
                w.setEnabled(False)
            form.addRow(note(f"No mid-turn speed change takes effect before impulse "
                             f"{FIRST_CHANGE} or after {LAST_CHANGE} (C12.313)"))
        self.em = QComboBox()
        self.em.setObjectName(f"em_{unit.id}")
        self.em.addItem("no change", None)
        self.em.addItem("stop" if unit.em.active else "start",
                        "stop" if unit.em.active else "start")
        form.addRow("Erratic maneuvers (C10.311)", self.em)
        self.decel = QCheckBox("Emergency deceleration (C8)")
        self.decel.setObjectName(f"decel_{unit.id}")
        form.addRow(self.decel)
        for signal in (self.accelerate.toggled, self.speed.valueChanged, self.until.valueChanged,
                       self.reserve.toggled, self.em.currentIndexChanged, self.decel.toggled):
            signal.connect(editor.mark_edited)
        self.speed.valueChanged.connect(self._speed_typed)

    def _speed_typed(self, *_: object) -> None:
        self.accelerate.setChecked(True)

    def announcement(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.accelerate.isChecked():
            out["speed"] = self.speed.value()
            if self.until.value() != IMPULSES:
                out["until"] = self.until.value()
            if self.reserve.isChecked():
                out["impulse_reserve"] = True
        if self.em.currentData():
            out["em"] = self.em.currentData()
        if self.decel.isChecked():
            out["decel"] = True
        return out


class AnnounceEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.ships: dict[str, ShipAnnouncement] = {}
        units = ctx.side_units(getattr(prompt, "side", None)) if ctx is not None else []
        impulse = ctx.state.impulse if ctx is not None else 0
        for unit in units:
            self.ships[unit.id] = ShipAnnouncement(self, unit, impulse)
            layout.addWidget(self.ships[unit.id].box)
        if not self.ships:
            layout.addWidget(note("No unit of this side can announce anything: pass."))
        layout.addStretch(1)

    def value(self) -> object:
        return {uid: a for uid, s in self.ships.items() if (a := s.announcement())}


class SpeedPlotEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        unit = ctx.unit(prompt.unit) if ctx is not None else None
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.speed = QSpinBox()
        self.speed.setObjectName("plotSpeed")
        top = unit.profile.max_speed if unit is not None else 31
        self.speed.setRange(-top, top)
        self.speed.setValue(unit.speed if unit is not None else 0)
        self.changes = QLineEdit()
        self.changes.setObjectName("plotChanges")
        self.changes.setPlaceholderText("impulse:speed, e.g. 17:10, 25:12")
        form.addRow("Speed from impulse 1", self.speed)
        form.addRow("Changes", self.changes)
        self.speed.valueChanged.connect(self.mark_edited)
        self.changes.textEdited.connect(self.mark_edited)

    def value(self) -> object:
        text = self.changes.text().strip()
        if not text:
            return self.speed.value()
        plot = [[1, self.speed.value()]]
        for part in text.replace(";", ",").split(","):
            bits = part.strip().split(":")
            try:
                impulse, speed = (int(b) for b in bits)
            except ValueError:
                raise OrdersInputError(f"'{part.strip()}' is not impulse:speed (C12.12)") from None
            plot.append([impulse, speed])
        return plot
