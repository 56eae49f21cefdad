"""The joint form of the boundary shield choices of one volley (D3.43, E4.431).

When shots of one fire step strike along hex spines, the session asks, shot by shot, which of
the two shields each strikes (a Choice per shot; :mod:`sfb_desk.engine.shield_choices`). With
the pass policy's "one form per impulse" switch the table gets them as ONE form
(:func:`sfb_desk.engine.orders.joint.shield_form`): a group per firer and target (all its
shots share the geometry, so the same two shields are offered), each with the group's shield
buttons, "Same shield for all N shots" ticked by default, and a row per shot that takes its
own shield once the box is unticked (the owner may still choose per shot). The owner of the
struck shield chooses: the target's for a hit (D3.43), the firer's for overload feedback
(E4.431).

Keyboard first: the marked group (▶) takes 1-6 (the shield's number), then the mark goes to
the next group; Backspace goes back; Ctrl+Enter gives every answer. The answer is a
:class:`~sfb_desk.engine.orders.joint.JointAnswer` (a row per shot, by prompt key).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.orders.joint import JointAnswer, JointForm, shield_groups
from sfb_desk.rules.box_names import option_words
from .choice import _DIGITS
from .editor import OrderEditor, OrdersInputError, note
from .marked_rows import MARK, MarkedRows

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext



def _buttons(editor: OrderEditor, options: tuple[str, ...], grid: QGridLayout, at: int,
             column: int, name: str) -> tuple[QButtonGroup, dict[str, QToolButton]]:
    group = QButtonGroup(editor)
    group.setExclusive(True)
    out: dict[str, QToolButton] = {}
    for n, option in enumerate(options):
        button = QToolButton()
        button.setText(f"{option.split()[-1]}" if option.startswith("shield ") else option)
        button.setToolTip(option_words(option))
        button.setCheckable(True)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        button.setObjectName(f"{name}_{option.replace(' ', '_')}")
        group.addButton(button)
        grid.addWidget(button, at, column + n)
        out[option] = button
    return group, out


class ShieldGroup:
    """One firer's shots at one target (or their feedback): the group's shield, the "same for
    all" box and a row per shot."""

    def __init__(self, editor: JointShieldEditor, form: JointForm, what: tuple[str, str, bool],
                 rows: list[int], grid: QGridLayout, at: int, n: int) -> None:
        firer, target, feedback = what
        self.prompts = [form.prompts[i] for i in rows]
        self.options = tuple(self.prompts[0].options)
        shots = [form.shots[i] for i in rows]
        shields = "/".join(o.split()[-1] for o in self.options)
        weapons = ", ".join(option_words(s.box) for s in shots)
        if feedback:
            text = f"Feedback of {firer}'s {weapons} on its own shields {shields} (E4.431)"
        else:
            text = f"{firer} → {target}: {weapons} on the {shields} spine (D3.43)"
        self.mark = QLabel(MARK)
        self.label = QLabel(text)
        self.label.setObjectName(f"shieldGroup_{n}")
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        owner = firer if feedback else target
        self.label.setToolTip(f"{owner}'s owner chooses which shield takes each shot")
        width = len(self.options)
        grid.addWidget(self.mark, at, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.label, at, 1, 1, width + 1)
        grid.addWidget(QLabel("Shield"), at + 1, 1)
        self.group, self.buttons = _buttons(editor, self.options, grid, at + 1, 2,
                                            f"shieldGroup_{n}")
        self.same: QCheckBox | None = None
        self.shot_buttons: list[dict[str, QToolButton]] = []
        self.rows_used = 2
        if len(shots) > 1:
            self.same = QCheckBox(f"Same shield for all {len(shots)} shots")
            self.same.setObjectName(f"shieldSame_{n}")
            self.same.setChecked(True)
            self.same.setToolTip("All shots of one ship at one target strike along the same "
                                 "spine; untick to choose shot by shot")
            grid.addWidget(self.same, at + 2, 1, 1, width + 1)
            for k, shot in enumerate(shots):
                grid.addWidget(QLabel(option_words(shot.box)), at + 3 + k, 1)
                group, buttons = _buttons(editor, self.options, grid, at + 3 + k, 2,
                                          f"shieldShot_{n}_{k}")
                group.buttonClicked.connect(editor.mark_edited)
                self.shot_buttons.append(buttons)
            self.rows_used = 3 + len(shots)
            self.same.toggled.connect(self._follow)
            self._follow()
        self.group.buttonClicked.connect(lambda _b: self._follow())

    def _follow(self) -> None:
        """While "same" is ticked the shots' rows show the group's shield and are locked."""
        same = self.same is None or self.same.isChecked()
        picked = self.picked
        for buttons in self.shot_buttons:
            for option, button in buttons.items():
                button.setEnabled(not same)
                if same and picked is not None:
                    button.setChecked(option == picked)
        if self.same is not None:
            for button in self.buttons.values():
                button.setEnabled(same)

    @property
    def picked(self) -> str | None:
        return next((o for o, b in self.buttons.items() if b.isChecked()), None)

    def choose(self, option: str) -> None:
        if self.same is not None and not self.same.isChecked():
            self.same.setChecked(True)
        self.buttons[option].setChecked(True)
        self._follow()

    def values(self) -> list[str | None]:
        if self.same is None or self.same.isChecked():
            return [self.picked] * len(self.prompts)
        return [next((o for o, b in buttons.items() if b.isChecked()), None)
                for buttons in self.shot_buttons]


class JointShieldEditor(MarkedRows, OrderEditor):
    """See the module docstring."""

    def __init__(self, form: JointForm, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(form.prompts[0], ctx, parent)
        self.form = form
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.setToolTip("Which shield each shot on a hex spine strikes (D3.43: the target's "
                        "owner chooses; overload feedback: the firer, E4.431). Keys 1-6 give "
                        "the marked (▶) group's shield and go to the next; Backspace goes "
                        "back; Ctrl+Enter gives them all")
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        layout.addLayout(grid)
        self.groups: list[ShieldGroup] = []
        at = 0
        for n, (what, rows) in enumerate(shield_groups(form)):
            group = ShieldGroup(self, form, what, rows, grid, at, n)
            group.group.buttonClicked.connect(lambda _b, g=group: self.row_answered(g))
            if group.same is not None:
                group.same.toggled.connect(self.mark_edited)
            self.groups.append(group)
            at += group.rows_used
        grid.setColumnStretch(grid.columnCount(), 1)
        self.info = note("Keys 1-6 give the ▶ group's shield, then the next; Backspace: back")
        layout.addWidget(self.info)
        layout.addStretch(1)
        self.current = 0
        self.show_mark()

    def marked_rows(self) -> list[ShieldGroup]:
        return self.groups

    def handle_key(self, event: QKeyEvent) -> bool:
        cursor = self.cursor_key(event)
        if cursor is not None:
            return cursor
        digit = _DIGITS.get(event.key())
        group = self.groups[self.current]
        option = f"shield {digit}"
        if digit is None or option not in group.options:
            return False
        group.choose(option)
        self.row_answered(group)
        return True

    def value(self) -> object:
        answers: dict[str, object] = {}
        for group in self.groups:
            for prompt, value in zip(group.prompts, group.values()):
                if value is None:
                    raise OrdersInputError(f"{group.label.text()}: choose a shield for every "
                                           "shot (D3.43)")
                answers[prompt.key] = value
        return JointAnswer(tuple((p.key, answers[p.key]) for p in self.form.prompts))

    def pass_value(self) -> object:
        return self.value()  # a boundary shot has no default: the owner chooses (D3.43)
