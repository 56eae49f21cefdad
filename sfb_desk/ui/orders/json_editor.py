"""The JSON editor: orders of a kind the panel has no form for, typed as JSON.

It shows what the kind's answer looks like (:data:`sfb_desk.engine.prompts.ORDER_KINDS`) and
starts from the prompt's default. Ctrl+Enter gives the orders (the text box leaves that key to
the panel); text that is not JSON is refused with the line and column.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QKeyEvent
from PySide6.QtWidgets import QPlainTextEdit, QVBoxLayout, QWidget

from sfb_desk.data.safe_load import BadFile, parse_json
from sfb_desk.engine.prompts import ORDER_KINDS, Prompt
from .editor import OrderEditor, OrdersInputError, note

if TYPE_CHECKING:  # the fire options (the combat rules) come with the first game
    from sfb_desk.engine.orders.fire_options import OrdersContext


class _Text(QPlainTextEdit):
    """A plain text box that lets Ctrl+Enter through to the panel."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            event.ignore()
            return
        super().keyPressEvent(event)


class JsonEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        kind = getattr(prompt, "kind", "")
        shape = ORDER_KINDS.get(kind, "no form is known for this kind")
        layout.addWidget(note(f"Orders of kind '{kind}' as JSON: {shape}"))
        self.text = _Text()
        self.text.setObjectName("ordersJson")
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        default = prompt.default
        self.text.setPlainText(json.dumps(default, indent=1) if default is not None else "")
        self.text.textChanged.connect(self.mark_edited)
        layout.addWidget(self.text)

    def value(self) -> object:
        text = self.text.toPlainText().strip()
        if not text:
            raise OrdersInputError("type the orders as JSON (ORDER_KINDS)")
        try:
            return parse_json(text)
        except BadFile as exc:
            raise OrdersInputError(f"not JSON: it {exc.problem}") from None
