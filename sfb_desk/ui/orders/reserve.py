"""The reserve reinforcement editor (H7.134): reserve power committed to a volley's shields.

After a volley's damage is scored and before it is applied, the target's owner may turn
battery power left as reserve (:func:`sfb_desk.rules.energy.reserve.reserve_available`) into
general reinforcement (2 energy a point, D3.341) or specific reinforcement of the shield struck
(1 energy a point, D3.342). The answer is ``{"general": g, "specific": s}`` (the default,
``{}``, commits nothing); the spin boxes stop at what the reserve can pay.
"""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QSpinBox, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.rules.energy.reserve import reserve_available
from .editor import OrderEditor, OrdersInputError, note


class ReserveEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.available = _available(prompt, ctx)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        top = int(self.available) if self.available is not None else 99
        if self.available is not None:
            form.addRow(note(f"Reserve power left: {self.available} (H7.134)"))
        self.general = QSpinBox()
        self.general.setObjectName("reserveGeneral")
        self.general.setRange(0, top // 2)
        self.general.setSuffix(" points (2 energy each, D3.341)")
        self.specific = QSpinBox()
        self.specific.setObjectName("reserveSpecific")
        self.specific.setRange(0, top)
        self.specific.setSuffix(" points (1 energy each, D3.342)")
        form.addRow("General reinforcement", self.general)
        form.addRow("Specific reinforcement", self.specific)
        self.general.valueChanged.connect(self.mark_edited)
        self.specific.valueChanged.connect(self.mark_edited)

    def value(self) -> object:
        general, specific = self.general.value(), self.specific.value()
        if self.available is not None and 2 * general + specific > self.available:
            raise OrdersInputError(f"{2 * general + specific} energy of reinforcement, but only "
                                   f"{self.available} reserve power is left (H7.134)")
        out = {}
        if general:
            out["general"] = general
        if specific:
            out["specific"] = specific
        return out


def _available(prompt: Prompt, ctx: OrdersContext | None):  # noqa: ANN202
    """The unit's reserve power left, when its record and class are known."""
    if ctx is None or not prompt.unit:
        return None
    record = ctx.record(prompt.unit)
    spec = ctx.spec_of(record) if record is not None else None
    if record is None or spec is None or record.allocation is None:
        return None
    return reserve_available(record.energy, record.allocation, spec)
