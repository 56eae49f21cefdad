"""Editors where one click is the answer: a Choice, a movement order, a yes/no order.

* :class:`ChoiceEditor`: a :class:`~sfb_desk.engine.prompts.Choice` (which shield a boundary
  shot strikes D3.43, which box a DAC hit takes D4.3, D22 choices ...): one button per option,
  keys 1..9 pick the first nine, the default is highlighted (Enter in the panel passes, which
  answers it).
* :class:`MovementEditor`: the ``movement`` Orders of one unit (C1.4): a button per legal
  order of the prompt (``het`` becomes HET A..F, C6.3), with keys W straight, A/D turn,
  Q/E sideslip, Z/C tactical maneuver, X stay, 1..6 HET to facing A..F (arrow keys too);
  the default (the scheduled move, or staying) is highlighted.
* :class:`NumberEditor`: a Choice of many numbers in order (damage points asked at the table:
  asteroid damage P3.2, a sweep's phaser damage M8.41) as a number box answered with Give.
* :class:`YesNoEditor`: an Orders prompt answered yes or no (``disengage``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.box_names import option_words
from sfb_desk.rules.units import FACING_LETTERS
from .editor import OrderEditor, note

if TYPE_CHECKING:  # the fire options (the combat rules) come with the first game
    from sfb_desk.engine.orders.fire_options import OrdersContext

_DIGITS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(1, 10)}


class ButtonEditor(OrderEditor):
    """Buttons in a grid; each answers its value when clicked (or its key is pressed)."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None, parent: QWidget | None = None,
                 *, info: str = "") -> None:
        super().__init__(prompt, ctx, parent)
        self.buttons: list[QAbstractButton] = []
        self._values: list[object] = []
        self._keys: dict[int, object] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if info:
            self.info = note(info)
            layout.addWidget(self.info)
        self._grid = QGridLayout()
        layout.addLayout(self._grid)
        layout.addStretch(1)

    def _add(self, text: str, value: object, keys: Sequence[int] = (), *,
             columns: int = 2, tip: str = "") -> QAbstractButton:
        """A button answering ``value``. ``tip`` given: a compact tool button (no push button's
        80-pixel minimum, so three fit a line of the orders dock at 1366x768), the whole order
        in its tool tip."""
        n = len(self.buttons)
        button: QAbstractButton
        if tip:
            button = QToolButton()
            button.setText(text)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setToolTip(tip)
        else:
            button = QPushButton(text)
        button.setObjectName(f"option_{n}")
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        button.clicked.connect(self._clicked)
        if value == self.prompt.default:
            font = button.font()
            font.setBold(True)
            button.setFont(font)
            if isinstance(button, QPushButton):
                button.setDefault(True)
                button.setText(f"{text}  (default)")
            else:
                button.setToolTip(f"{tip}: the default (Enter)")
        self._grid.addWidget(button, n // columns, n % columns)
        self.buttons.append(button)
        self._values.append(value)
        for k in keys:
            self._keys[k] = value
        return button

    def _clicked(self) -> None:
        button = self.sender()
        for b, v in zip(self.buttons, self._values):
            if b is button:
                self.submitted.emit(v)

    def value(self) -> object:
        return self.prompt.default

    def handle_key(self, event: QKeyEvent) -> bool:
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        value = self._keys.get(event.key(), _NONE)
        if value is _NONE:
            return False
        self.submitted.emit(value)
        return True

    def default_button(self) -> QAbstractButton | None:
        return next((b for b, v in zip(self.buttons, self._values) if v == self.prompt.default),
                    None)

    def button_for(self, value: object) -> QAbstractButton:
        return self.buttons[self._values.index(value)]


_NONE = object()


class ChoiceEditor(ButtonEditor):
    """A Choice: a button per option, keys 1..9 (module docstring)."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        options = tuple(getattr(prompt, "options", ()))
        columns = 1 if len(options) <= 4 else 2
        for n, option in enumerate(options, 1):
            keys = [k for k, d in _DIGITS.items() if d == n]
            text = option_words(option) if isinstance(option, str) else str(option)  # disruptor A
            self._add(f"{n}  {text}" if n <= 9 else text, option, keys, columns=columns)


def numeric_options(options: Sequence[object]) -> range | None:
    """The range a Choice's options spell when they are the numbers lo..hi in order and too
    many for buttons (damage points asked at the table, P3.2, M8.41), else None."""
    if len(options) <= NUMBER_BUTTONS or not all(isinstance(o, str) and o.isdigit()
                                                 for o in options):
        return None
    lo = int(options[0])
    return range(lo, lo + len(options)) if [int(o) for o in options] == list(
        range(lo, lo + len(options))) else None


#: More numeric options than this are asked with a number box, not a grid of buttons.
NUMBER_BUTTONS = 12


class NumberEditor(OrderEditor):
    """A Choice of many numbers (0-50 damage points): a number box; Give (or Enter) answers
    it with the number as the option's text."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        span = numeric_options(getattr(prompt, "options", ()))
        assert span is not None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.number = QSpinBox()
        self.number.setObjectName("number")
        self.number.setRange(span.start, span.stop - 1)
        default = prompt.default
        if isinstance(default, str) and default.isdigit():
            self.number.setValue(int(default))
        self.number.valueChanged.connect(self.mark_edited)
        row.addWidget(QLabel("Points"))
        row.addWidget(self.number)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(note(f"A whole number {span.start}-{span.stop - 1}; Give answers it."))
        layout.addStretch(1)

    def value(self) -> object:
        return str(self.number.value())


class YesNoEditor(ButtonEditor):
    """An Orders prompt answered ``yes`` or ``no`` (keys Y, N)."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self._add("Yes  [Y]", "yes", [Qt.Key.Key_Y])
        self._add("No  [N]", "no", [Qt.Key.Key_N])


#: Movement orders: (button text, shortcut letter shown, keys).
_MOVES: dict[str, tuple[str, str, tuple[int, ...]]] = {
    "straight": ("Straight", "W", (Qt.Key.Key_W, Qt.Key.Key_Up)),
    "turn left": ("Turn left", "A", (Qt.Key.Key_A, Qt.Key.Key_Left)),
    "turn right": ("Turn right", "D", (Qt.Key.Key_D, Qt.Key.Key_Right)),
    "slip left": ("Sideslip left", "Q", (Qt.Key.Key_Q,)),
    "slip right": ("Sideslip right", "E", (Qt.Key.Key_E,)),
    "tac left": ("TAC left", "Z", (Qt.Key.Key_Z,)),
    "tac right": ("TAC right", "C", (Qt.Key.Key_C,)),
    "stay": ("Stay", "X", (Qt.Key.Key_X, Qt.Key.Key_Down)),
}
#: Short button texts of the movement orders (the key first; the whole order in the tool tip).
SHORT_MOVES = {"straight": "straight", "turn left": "turn L", "turn right": "turn R",
               "slip left": "slip L", "slip right": "slip R", "tac left": "TAC L",
               "tac right": "TAC R", "stay": "stay"}
#: Movement buttons a line (the orders dock is about 250 pixels wide at 1366x768).
MOVE_COLUMNS = 3


class MovementEditor(ButtonEditor):
    """Movement orders of one unit (module docstring)."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        unit = ctx.unit(prompt.unit) if ctx is not None else None
        info = ""
        if unit is not None:
            info = (f"{unit.id} in {unit.hex.label} facing "
                    f"{unit.facing_letter}, speed {unit.speed} (C1.4). Keys: W straight, A/D "
                    "turn, Q/E sideslip, Z/C TAC, X stay, 1-6 HET to A-F.")
        super().__init__(prompt, ctx, parent, info=info)
        for option in getattr(prompt, "options", ()):
            if option == "het":
                for n, letter in enumerate(FACING_LETTERS, 1):
                    self._add(f"{n} HET {letter}", f"het {letter}",
                              [k for k, d in _DIGITS.items() if d == n], columns=MOVE_COLUMNS,
                              tip=f"High energy turn to facing {letter} (C6.3; key {n})")
            elif option in _MOVES:
                text, key, keys = _MOVES[option]
                self._add(f"{key} {SHORT_MOVES[option]}", option, keys, columns=MOVE_COLUMNS,
                          tip=f"{text} (key {key})")
            else:
                self._add(option, option, (), columns=MOVE_COLUMNS)

