"""The joint form of the owner's DAC choices of one volley (D4.3221-D4.3223, D4.324).

After a volley's DAC rolls, the chart leaves some points to the damaged ship's owner (which
phaser takes a Phaser hit, which heavy weapon a Torp hit, which drone rack a Drone hit, "any
weapon" ...). The session asks them one at a time; with the pass policy's "one form per
impulse" switch the table gets them as ONE form (:func:`sfb_desk.engine.orders.joint.dac_form`):
a row per point, in the order the DAC scores them, each with a button per box it may take, the
program's pick (the default) chosen. A row follows the answers above it (a phaser chosen for
one point is not offered again below: :class:`sfb_desk.engine.dac_plan.DacPlan` replays the
volley's DAC with the rows given).

Keyboard first: the marked row (▶) takes 1-9 (its n-th box), then the mark goes to the next
row; Backspace goes back; Ctrl+Enter gives every row; Enter on an untouched form takes every
default. The answer is a :class:`~sfb_desk.engine.orders.joint.JointAnswer` by prompt key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from sfb_desk.engine.orders.joint import JointAnswer, JointForm
from sfb_desk.rules.box_names import option_words
from .choice import _DIGITS
from .editor import OrderEditor, note
from .marked_rows import MARK

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext

COLUMNS = 3  # box buttons a line (the orders dock is about 250 pixels wide at 1366x768)


def row_text(purpose: str) -> str:
    """``KLI-D7 DAC point 7: roll 4, column A (Phaser) - which box? (D4.3221 ...)`` ->
    ``Point 7: roll 4, column A (Phaser)`` (the form's title names the ship and the rule)."""
    head = purpose.split(" - which box?")[0]
    return head.split(" DAC ", 1)[-1].replace("point", "Point", 1)


class JointDacEditor(OrderEditor):
    """See the module docstring."""

    def __init__(self, form: JointForm, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(form.prompts[0], ctx, parent)
        self.form = form
        self.picks: dict[str, object] = {}
        self.current = 0
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.setToolTip("The owner chooses the box each of these DAC points destroys (D4.3221 "
                        "phasers, D4.3222 heavy weapons, D4.3223 drone racks, D4.324 any "
                        "weapon). Keys 1-9 choose for the marked row (▶) and go to the next; "
                        "Backspace goes back; Ctrl+Enter gives them all")
        self.body: QWidget | None = None
        self.info = note("Keys 1-9 choose the ▶ row's box, then the next; Backspace: back")
        self._layout.addWidget(self.info)
        self._layout.addStretch(1)
        self.rows: list[tuple[object, object, dict[str, QToolButton]]] = []
        self._build()

    def _build(self) -> None:
        """(Re)draw the rows as they follow from the picks so far."""
        if self.body is not None:
            self._layout.removeWidget(self.body)
            self.body.deleteLater()
        self.body = QWidget()
        grid = QGridLayout(self.body)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        self.rows = []
        at = 0
        for n, (prompt, value) in enumerate(self.form.rows_for(self.picks)):
            mark = QLabel(MARK if n == self.current else "")
            label = QLabel(row_text(prompt.purpose))
            label.setObjectName(f"dacRow_{n}")
            label.setToolTip(prompt.purpose)
            label.setWordWrap(True)
            grid.addWidget(mark, at, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, at, 1, 1, COLUMNS)
            buttons: dict[str, QToolButton] = {}
            for k, option in enumerate(prompt.options):
                button = QToolButton()
                button.setText(option_words(option))
                button.setCheckable(True)
                button.setChecked(option == value)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
                button.setObjectName(f"dac_{n}_{option}")
                tip = f"{option_words(option)} (key {k + 1})" if k < 9 else option_words(option)
                button.setToolTip(tip + (": the program's pick (default)"
                                         if option == prompt.default else ""))
                button.clicked.connect(lambda _c=False, key=prompt.key, o=option, i=n:
                                       self.choose(key, o, i))
                grid.addWidget(button, at + 1 + k // COLUMNS, 1 + k % COLUMNS)
                buttons[option] = button
            self.rows.append((prompt, value, buttons))
            at += 1 + (len(prompt.options) + COLUMNS - 1) // COLUMNS
        grid.setColumnStretch(COLUMNS + 1, 1)
        self._layout.insertWidget(0, self.body)

    def choose(self, key: str, option: str, row: int) -> None:
        """``option`` for the row of ``key``; the rows below follow; the mark goes on."""
        self.picks[key] = option
        self.mark_edited()
        self.current = min(row + 1, len(self.form.rows_for(self.picks)) - 1)
        self._build()

    def handle_key(self, event: QKeyEvent) -> bool:
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.key() == Qt.Key.Key_Backspace:
            self.current = max(0, self.current - 1)
            self._build()
            return True
        digit = _DIGITS.get(event.key())
        if digit is None or not self.rows:
            return False
        prompt = self.rows[self.current][0]
        if digit > len(prompt.options):
            return False
        self.choose(prompt.key, prompt.options[digit - 1], self.current)
        return True

    def value(self) -> object:
        return JointAnswer(tuple((p.key, v) for p, v in self.form.rows_for(self.picks)))

    def pass_value(self) -> object:
        return JointAnswer(tuple((p.key, v) for p, v in self.form.rows_for({})))
