"""The ``tractor_bid`` form (G7.414, the sealed auction of reserve power, an option): when a
tractor link is contested, each side may add reserve power to it (the holder to hold it, the
target against it), written down unseen by the other side. A spin box from 0 to the reserve
power the ship has left (:func:`sfb_desk.rules.energy.reserve.reserve_available`, as the
sequencer counts it); the answer ``{"power": n}`` (0, the default, adds nothing). The JSON is
behind "Details" as in the other ship-systems forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QSpinBox, QWidget

from sfb_desk.engine.prompts import Prompt
from .details import DetailsForm
from .editor import OrdersInputError, note
from .reserve import _available

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext


class TractorBidEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        left = _available(prompt, ctx)
        self.available = int(left) if left is not None else None
        self.power = QSpinBox()
        self.power.setObjectName("tractorBid")
        self.power.setRange(0, self.available if self.available is not None else 99)
        self.power.setSuffix(" energy")
        self.power.setToolTip("Reserve power added to the tractor link (G7.414): the other "
                              "side bids without seeing it")
        self.power.valueChanged.connect(self.mark_edited)
        if prompt.unit:
            self.heading(prompt.unit)
        self.form.addRow("Reserve power to add", self.power)
        if self.available is not None:
            self.form.addRow(note(f"Reserve power left: {self.available}. The bid is sealed: "
                                  "the other side's is written unseen, then both are shown "
                                  "(G7.414)."))

    def form_value(self) -> object:
        n = self.power.value()
        if self.available is not None and n > self.available:
            raise OrdersInputError(f"a bid of {n} energy, but only {self.available} reserve "
                                   "power is left (G7.414)")
        return {"power": n}
