"""The base of the ship-systems forms (tractors, marines, displacement, satellite ships): a form
built from the game, with the orders as JSON behind a "Details" switch for power users.

A :class:`DetailsForm` shows its form (:attr:`DetailsForm.form`, one row a choice: ship, target
and box from lists of the game, counts in spin boxes) and, with "Details: the orders as JSON"
ticked, the JSON editor (:class:`~.json_editor.JsonEditor`) filled with what the form says at
that moment; the answer is then the JSON as typed. Unticked again, the form is shown as it was
(the JSON is not read back into it). The form's answer is exactly the session's value for the
kind (:data:`sfb_desk.engine.prompts.ORDER_KINDS`): nothing set is the default ``{}``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.box_names import box_name
from ..common.names import titled
from .editor import OrderEditor, ship_form
from .json_editor import JsonEditor

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext


class DetailsForm(OrderEditor):
    """See the module docstring. Subclasses fill :attr:`form` and give :meth:`form_value`."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.body = QWidget()
        self.form: QFormLayout = ship_form(self.body)
        # a field too wide for its row goes under its label (the orders dock of a 1366x768
        # screen is about 320 pixels wide)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.details = QCheckBox("Details: the orders as JSON")
        self.details.setObjectName("ordersDetails")
        self.details.setToolTip("Show and give these orders as JSON (the shape the program "
                                "reads); the form's choices are filled in when it is ticked")
        self.json = JsonEditor(prompt, ctx)
        self.json.edited.connect(self.mark_edited)
        self.json.hide()
        self.details.toggled.connect(self._switch)
        layout.addWidget(self.body)
        layout.addWidget(self.details)
        layout.addWidget(self.json, 1)

    def _switch(self, on: bool) -> None:
        if on:
            self.json.text.blockSignals(True)
            self.json.text.setPlainText(json.dumps(self.form_value(), indent=1))
            self.json.text.blockSignals(False)
        self.body.setVisible(not on)
        self.json.setVisible(on)

    def heading(self, uid: str) -> None:
        """A bold row naming the ship whose rows follow."""
        unit = self.ctx.unit(uid) if self.ctx is not None else None
        label = QLabel(titled(uid, unit.name) if unit is not None else uid)
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        self.form.addRow(label)

    def form_value(self) -> object:
        """The form's answer (OrdersInputError if it cannot be sent)."""
        raise NotImplementedError

    def value(self) -> object:
        return self.json.value() if self.details.isChecked() else self.form_value()


def combo(name: str, items: list[tuple[str, object]], tip: str = "", length: int = 12
          ) -> QComboBox:
    """A combo box of (text, data) items, ``length`` letters wide."""
    box = QComboBox()
    box.setObjectName(name)
    # as wide as ``length`` letters whatever its items (a drone's id is long): the list shows
    # them whole, the tool tip says what is chosen
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(length)
    box.currentTextChanged.connect(lambda text: box.setToolTip(
        f"{text}\n{tip}" if tip else text))
    for text, data in items:
        box.addItem(text, data)
    box.setToolTip(f"{box.currentText()}\n{tip}" if tip else box.currentText())
    return box


def box_items(boxes: list[str] | tuple[str, ...]) -> list[tuple[str, str]]:
    """Boxes as (words, id) combo items: ``Phaser 1``, ``phaser#1``."""
    return [(box_name(b), b) for b in boxes]
