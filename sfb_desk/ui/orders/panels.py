"""The ``panels`` editor (Module C2, D10.25, D10.26): an Andromedan's power absorber panels
during the turn.

One group per ship of the side whose panels the sequencer asks about (energy held, reinforced,
or a bank dropped: :meth:`~sfb_desk.engine.panel_orders.PanelOrders._panel_ships`): a level
combo (off / standard / reinforced, D10.22; the current level selected), a "drop" checkbox per
raised bank and a "raise" checkbox per dropped bank (D10.25), with each bank's energy held. The
answer is ``{ship: {"level": ..., "drop": [bank], "raise": [bank]}}`` with only what changed;
nothing changed is the default ``{}``. The sequencer refuses, with the rule, a level changed
less than 8 impulses ago (D10.261), a bank raised before a quarter turn (D10.25) or a release
nothing can hold (D10.423); the form keeps what was set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.energy.absorbers import REINFORCED
from sfb_desk.rules.energy.panels import LEVELS, PanelState, new_panels, panel_keys
from .editor import OrderEditor, note, ship_form
from .ship_orders import side_ships

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext

_LEVEL_TEXT = {"off": "off (D10.23)", "standard": "standard", "reinforced": "reinforced (D10.26)"}


def panel_state(record, spec) -> PanelState | None:  # noqa: ANN001
    """The ship's panels as the sequencer reads them (None: it has shields)."""
    if not panel_keys(spec):
        return None
    state = record.panels
    return state if state.keys else new_panels(spec)


def asked(state: PanelState | None) -> bool:
    """Panels the sequencer asks about: a bank dropped, reinforced, or energy held."""
    return state is not None and bool(state.dropped or state.level == REINFORCED
                                      or any(b.held for b in state.banks))


class PanelsEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        form = ship_form(self)
        self.states: dict[str, PanelState] = {}
        self.levels: dict[str, QComboBox] = {}
        self.banks: dict[str, dict[str, QCheckBox]] = {}
        for uid, record, spec in side_ships(prompt, ctx):
            state = panel_state(record, spec)
            if asked(state):
                self._ship(form, uid, state)
        if not self.states:
            form.addRow(note("No ship of this side with power absorber panels is known "
                             "(D10.25)."))
        form.addRow(note("A level is kept 8 impulses after a change (D10.261); a dropped bank "
                         "stays down a quarter turn (D10.25)."))

    def _ship(self, form: QFormLayout, uid: str, state: PanelState) -> None:
        self.states[uid] = state
        combo = QComboBox()
        combo.setObjectName(f"panels_level_{uid}")
        for level in LEVELS:
            combo.addItem(_LEVEL_TEXT.get(level, level), level)
        combo.setCurrentIndex(LEVELS.index(state.level))
        combo.currentIndexChanged.connect(self.mark_edited)
        form.addRow(f"{uid} ({state.summary()})", combo)
        self.levels[uid] = combo
        row = QHBoxLayout()
        boxes = {}
        for key, bank in zip(state.keys, state.banks):
            name = key[3:]
            if key in state.dropped:
                box = QCheckBox(f"raise {name} (dropped)")
            else:
                box = QCheckBox(f"drop {name} ({bank.held} held)")
            box.setObjectName(f"panels_{uid}_{key}")
            box.toggled.connect(self.mark_edited)
            row.addWidget(box)
            boxes[key] = box
        row.addStretch(1)
        form.addRow("  banks (D10.25)", row)
        self.banks[uid] = boxes

    def value(self) -> object:
        out = {}
        for uid, state in self.states.items():
            order = {}
            level = self.levels[uid].currentData()
            if level != state.level:
                order["level"] = level
            ticked = [k for k, box in self.banks[uid].items() if box.isChecked()]
            drop = [k for k in ticked if k not in state.dropped]
            raise_ = [k for k in ticked if k in state.dropped]
            if drop:
                order["drop"] = drop
            if raise_:
                order["raise"] = raise_
            if order:
                out[uid] = order
        return out
