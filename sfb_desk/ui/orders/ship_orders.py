"""Editors of per-ship orders of a side: the cloaking device (G13.14, G13.15) and
self-destruction (D5.5).

* :class:`CloakEditor` (``cloak``): one row per ship of the side with a cloaking device
  (the cost in its ship file and a cloak box or flag, as the sequencer decides, G13.21), with
  its cloak status now and a combo "no change / cloak / decloak". The answer is
  ``{ship: "cloak" | "decloak"}``; no change everywhere is the default ``{}``.
* :class:`SelfDestructEditor` (``self_destruct``): a checkbox "Destroy this ship (D5.5)" per
  ship of the side; the answer is ``{ship: true}`` for each one ticked (``{}``: none). The
  sequencer refuses, with the rule, a ship D5.51 does not allow.

Keys: Tab moves between rows, the arrow keys change a combo, Space ticks a checkbox.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.energy.ledger import cloak_cost
from sfb_desk.rules.systems import cloak as ck
from sfb_desk.rules.units import SHIP
from .editor import OrderEditor, note, ship_form

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext

#: The cloak combo: (text, answer; None is no change).
CLOAK_CHOICES = (("no change", None), ("cloak (G13.14)", "cloak"), ("decloak (G13.15)", "decloak"))


def side_ships(prompt: Prompt, ctx: OrdersContext | None) -> list[tuple[str, object, object]]:
    """(id, ship record, ship class) of the side's active ships with records, in id order."""
    if ctx is None:
        return []
    out = []
    for unit in ctx.side_units(prompt.side):
        record = ctx.record(unit.id) if unit.kind == SHIP else None
        spec = ctx.spec_of(record) if record is not None else None
        if spec is not None:
            out.append((unit.id, record, spec))
    return out


def can_cloak(spec) -> bool:  # noqa: ANN001
    """A cloaking device: a cost in the ship file and a cloak box or flag (G13.21), as the
    sequencer's ``_can_cloak`` decides."""
    if cloak_cost(spec) is None:
        return False
    return any(b.startswith("cloak#") for b in spec.box_ids()) or "cloak" in spec.flags


class CloakEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        form = ship_form(self)
        self.combos: dict[str, QComboBox] = {}
        ships = [(uid, r) for uid, r, spec in side_ships(prompt, ctx) if can_cloak(spec)]
        if not ships:
            form.addRow(note("No ship of this side with a cloaking device is known (G13.21)."))
        for uid, record in ships:
            status = ck.now(record.systems.cloak, ctx.clock).replace("_", " ")
            combo = QComboBox()
            combo.setObjectName(f"cloak_{uid}")
            for text, _ in CLOAK_CHOICES:
                combo.addItem(text)
            combo.setToolTip(f"{uid}: cloak now {status}. Cloaking or decloaking takes 5 "
                             "impulses of fading (G13.14, G13.15).")
            combo.currentIndexChanged.connect(self.mark_edited)
            form.addRow(f"{uid} (now {status})", combo)
            self.combos[uid] = combo
        form.addRow(note("The cloak cost is paid in Energy Allocation, once a turn (G13.21); unpaid, a cloaked ship fades in (G13.116)."))

    def value(self) -> object:
        out = {}
        for uid, combo in self.combos.items():
            answer = CLOAK_CHOICES[combo.currentIndex()][1]
            if answer is not None:
                out[uid] = answer
        return out


class SelfDestructEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        form = ship_form(self)
        self.boxes: dict[str, QCheckBox] = {}
        ships = side_ships(prompt, ctx)
        if not ships:
            form.addRow(note("No ship of this side is known."))
        for uid, _record, _spec in ships:
            box = QCheckBox("Destroy this ship (D5.5)")
            box.setObjectName(f"self_destruct_{uid}")
            box.setToolTip(f"{uid} self-destructs at once and explodes (D5.5); only as D5.51 "
                           "allows.")
            box.toggled.connect(self.mark_edited)
            form.addRow(uid, box)
            self.boxes[uid] = box
        form.addRow(note("A ticked ship is destroyed now: it cannot be undone."))

    def value(self) -> object:
        return {uid: True for uid, box in self.boxes.items() if box.isChecked()}
