"""The base of the orders panel's editors: one editor per prompt, reading what the table set.

An :class:`OrderEditor` shows one pending prompt and builds its answer in the session's format
(:data:`sfb_desk.engine.prompts.ORDER_KINDS`). :meth:`~OrderEditor.value` returns the answer
or raises :class:`OrdersInputError` naming the problem and the rule; nothing the table typed
is cleared. Editors whose every click is an answer (a choice, a movement order) emit
:attr:`~OrderEditor.submitted` instead. :attr:`~OrderEditor.edited` tells the panel that the
table changed something (then Enter no longer passes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from sfb_desk.engine.prompts import Prompt

if TYPE_CHECKING:  # the fire options (the combat rules) come with the first game
    from sfb_desk.engine.orders.fire_options import OrdersContext

#: Colours shared by the editors: a rule's refusal, a note, what may be done.
RED = "#b00020"
GREY = "#666666"
GREEN = "#1b6e20"


class OrdersInputError(ValueError):
    """Orders that cannot be sent as they stand; the message names the problem and the rule."""


class OrderEditor(QWidget):
    """See the module docstring. ``ctx`` is None when the panel has no game to read."""

    edited = Signal()
    submitted = Signal(object)

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = prompt
        self.ctx = ctx
        self._edited = False

    @property
    def is_edited(self) -> bool:
        return self._edited

    def mark_edited(self, *_: object) -> None:
        """Connected to the editor's input widgets: the table changed something."""
        if not self._edited:
            self._edited = True
            self.edited.emit()

    def value(self) -> object:
        """The answer as the editor stands (OrdersInputError if it cannot be sent)."""
        raise NotImplementedError

    def pass_value(self) -> object:
        """The answer of "Pass": the prompt's default (a joint form: every row's)."""
        return self.prompt.default

    def handle_key(self, event: QKeyEvent) -> bool:
        """A key the panel did not use (shortcuts of choices and movement); True if used."""
        return False


def note(text: str = "", colour: str = GREY) -> QLabel:
    """A small word-wrapped label in ``colour``."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {colour};")
    return label


def ship_form(editor: QWidget) -> QFormLayout:
    """The form of a per-ship orders editor: one row a ship, no margins, fields at their own
    width (a combo stretched across a 1366-pixel dock reads as a banner)."""
    form = QFormLayout(editor)
    form.setContentsMargins(0, 0, 0, 0)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    return form
