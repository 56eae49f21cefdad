"""The ``anchor_buoys`` form (G26.32): a check box per ship of the side that carries a charged
web anchor buoy (G26.10) and stands in a web hex, "drop a buoy in 2210" (the hex it stands in,
the only place a buoy is dropped); the answer ``{ship: "drop"}`` for each one ticked (``{}``,
the default, drops none). The sequencer refuses, with the rule, a hex whose web is not anchored
(G26.32, G26.36). The JSON is behind "Details" as in the other ship-systems forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.systems import web_anchor
from .details import DetailsForm
from .editor import note

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext


def droppers(prompt: Prompt, ctx: OrdersContext | None) -> list[tuple[str, str, int, str]]:
    """(ship, hex, charged buoys aboard, web) of the side's ships able to drop a buoy now."""
    webs = getattr(getattr(getattr(ctx, "combat", None), "c2", None), "webs", None)
    if ctx is None or webs is None:
        return []
    out = []
    for unit in ctx.side_units(prompt.side):
        aboard = web_anchor.carried(webs, unit.id)
        web = webs.any_at(unit.hex)
        if aboard and web is not None:
            out.append((unit.id, unit.hex.label, aboard, web.id))
    return out


class AnchorBuoysEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.drops: dict[str, QCheckBox] = {}
        for uid, where, aboard, web in droppers(prompt, ctx):
            box = QCheckBox(f"drop a buoy in {where}")
            box.setObjectName(f"dropBuoy_{uid}")
            box.setToolTip(f"{uid} drops one of its {aboard} charged web anchor buoy(s) in "
                           f"{where}, in web {web}: it anchors the web and stays there "
                           "(G26.32, G26.33)")
            box.toggled.connect(self.mark_edited)
            self.heading(uid)
            self.form.addRow(f"{aboard} aboard", box)
            self.drops[uid] = box
        if not self.drops:
            self.form.addRow(note("No ship of this side stands in a web hex with a charged "
                                  "buoy aboard (G26.32)."))

    def form_value(self) -> object:
        return {uid: "drop" for uid, box in self.drops.items() if box.isChecked()}
