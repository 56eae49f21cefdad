"""Joint forms of the orders panel: one form for the simultaneous decisions of an impulse step
when the table plays several sides (hot seat) or several ships (:mod:`sfb_desk.engine.orders.
joint` says which prompts a form covers; the pass policy's "one form per impulse" switch).

* :class:`JointMovementEditor`: a row per ship with a real movement choice, in C1.313 order
  (slowest first: the first row is the ship the sequencer asks now), each with the buttons of
  its legal orders (C1.4; ``het`` becomes HET A..F, C6.3), the default (the scheduled move)
  chosen. Keyboard first: the marked row (▶) takes W straight, A/D turn, Q/E sideslip, Z/C
  TAC, X stay, 1..6 HET to A..F, then the mark moves to the next row; Backspace moves it back.
  One submit (Give orders, Ctrl+Enter); Enter on an untouched form moves every ship as
  scheduled.
* :class:`JointFireEditor`: a tab per side with that side's fire declarations (the fire
  editor of :mod:`.fire`): fire is declared secretly and simultaneously (D6.315), so each
  player fills his own tab (Ctrl+Tab: the next side); one submit for all.
* :class:`~.joint_shields.JointShieldEditor`: the boundary shield choices of one volley
  (D3.43), grouped by firer and target, one shield for the group by default.
* :class:`~.joint_dac.JointDacEditor`: the owner's DAC choices of one volley (D4.322), each
  row following the answers above it.

The answer is a :class:`~sfb_desk.engine.orders.joint.JointAnswer`: the controller answers the
pending prompt with its first row and holds the others for their prompts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.orders.joint import (
    DAC,
    JOINT_KINDS,
    SHIELD,
    JointAnswer,
    JointForm,
    joint_form,
)
from sfb_desk.engine.orders.pass_policy import PassPolicy
from sfb_desk.engine.prompts import Choice, Orders, Prompt
from sfb_desk.rules.units import FACING_LETTERS
from .choice import _DIGITS, _MOVES, MOVE_COLUMNS, SHORT_MOVES
from .editor import GREY, OrderEditor, note
from .marked_rows import MARK, MarkedRows
from .room_width import FollowsRoomWidth

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext

#: Buttons of a row a line (the orders dock is about 250 pixels wide at 1366x768).
COLUMNS = MOVE_COLUMNS


def form_title(form: JointForm) -> str:
    """The purpose line of a joint form (short: the orders below get the room)."""
    first = form.prompts[0]
    impulse = first.key.split(".")[1][1:] if ".I" in first.key else "?"
    if form.kind == "movement":
        ships = ", then ".join(p.unit or "?" for p in form.prompts)
        return f"Movement, impulse {impulse}: {ships} (C1.313)"
    if form.kind == SHIELD:
        return (f"Shots on a hex spine, impulse {impulse}: which shield each strikes "
                "(D3.43: the target's owner chooses)")
    if form.kind == DAC:
        return (f"Damage to {first.unit}, impulse {impulse}: the owner chooses the boxes the "
                "DAC leaves open (D4.322)")
    return f"Fire, impulse {impulse} (D6.315)"  # the sides are the tabs


def _orders(prompt: Orders) -> list[tuple[str, str, str, list[int]]]:
    """(button text, tool tip, answer, keys) of a movement prompt's legal orders."""
    out = []
    for option in prompt.options:
        if option == "het":
            for n, letter in enumerate(FACING_LETTERS, 1):
                out.append((f"{n} HET {letter}", f"High energy turn to facing {letter} (C6.3)",
                            f"het {letter}", [k for k, d in _DIGITS.items() if d == n]))
        elif option in _MOVES:
            text, key, keys = _MOVES[option]
            out.append((f"{key} {SHORT_MOVES[option]}", f"{text} (key {key})", option,
                        list(keys)))
        else:
            out.append((option, option, option, []))
    return out


class MoveRow:
    """One ship's row: the mark, what the ship is, a button per legal order."""

    def __init__(self, editor: JointMovementEditor, prompt: Orders, ctx: OrdersContext | None,
                 grid: QGridLayout, at: int) -> None:
        self.prompt = prompt
        unit = ctx.unit(prompt.unit) if ctx is not None and prompt.unit else None
        self.mark = QLabel(MARK)
        self.mark.setObjectName(f"jointMark_{prompt.unit}")
        if unit is not None:
            text = f"{unit.id} in {unit.hex.label} facing {unit.facing_letter}, speed {unit.speed}"
        else:
            text = prompt.purpose
        self.label = QLabel(text)
        self.label.setObjectName(f"jointShip_{prompt.unit}")
        if unit is not None and unit.name:
            self.label.setToolTip(f"{unit.id} — {unit.name}")
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        grid.addWidget(self.mark, at, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(self.label, at, 1, 1, COLUMNS)
        self.group = QButtonGroup(editor)
        self.group.setExclusive(True)
        self.buttons: dict[str, QToolButton] = {}
        self.keys: dict[int, str] = {}
        for n, (text, tip, value, keys) in enumerate(_orders(prompt)):
            button = QToolButton()  # no 80-pixel minimum of a push button: three fit a line
            button.setText(text)
            button.setCheckable(True)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setObjectName(f"joint_{prompt.unit}_{value.replace(' ', '_')}")
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.setToolTip(f"{tip}: the scheduled move (default)" if value == prompt.default
                              else tip)
            self.group.addButton(button)
            grid.addWidget(button, at + 1 + n // COLUMNS, 1 + n % COLUMNS)
            self.buttons[value] = button
            for k in keys:
                self.keys[k] = value
        self.rows_used = 1 + (len(self.buttons) + COLUMNS - 1) // COLUMNS
        chosen = self.buttons.get(prompt.default) if isinstance(prompt.default, str) else None
        if chosen is not None:
            chosen.setChecked(True)

    @property
    def value(self) -> str | None:
        return next((v for v, b in self.buttons.items() if b.isChecked()), None)

    def choose(self, value: str) -> None:
        self.buttons[value].setChecked(True)


class JointMovementEditor(MarkedRows, OrderEditor):
    """See the module docstring."""

    def __init__(self, form: JointForm, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(form.prompts[0], ctx, parent)
        self.form = form
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.setToolTip("Slowest first (C1.313): each ship's row is its move on this impulse, in "
                        "the order the ships move. Keys order the marked ship (▶) and go to the "
                        "next: W straight, A/D turn, Q/E sideslip, Z/C TAC, X stay, 1-6 HET to "
                        "A-F; Backspace goes back; Ctrl+Enter gives the orders")
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(COLUMNS + 1, 1)
        layout.addLayout(grid)
        self.rows: list[MoveRow] = []
        at = 0
        for prompt in form.prompts:
            row = MoveRow(self, prompt, ctx, grid, at)
            row.group.buttonClicked.connect(lambda _b, r=row: self.row_answered(r))
            self.rows.append(row)
            at += row.rows_used
            if prompt is not form.prompts[-1]:
                line = QFrame()
                line.setFrameShape(QFrame.Shape.HLine)
                line.setStyleSheet(f"color: {GREY};")
                grid.addWidget(line, at, 0, 1, COLUMNS + 1)
                at += 1
        self.info = note("Keys order the ▶ ship, then the next; Backspace: back")
        layout.addWidget(self.info)
        layout.addStretch(1)
        self.current = 0
        self.show_mark()

    def marked_rows(self) -> list[MoveRow]:
        return self.rows

    def handle_key(self, event: QKeyEvent) -> bool:
        cursor = self.cursor_key(event)
        if cursor is not None:
            return cursor
        row = self.rows[self.current]
        value = row.keys.get(event.key())
        if value is None:
            return False
        row.choose(value)
        self.row_answered(row)
        return True

    def value(self) -> object:
        return JointAnswer(tuple((r.prompt.key, r.value or r.prompt.default) for r in self.rows))

    def pass_value(self) -> object:
        return JointAnswer(tuple((p.key, p.default) for p in self.form.prompts))


class JointFireEditor(FollowsRoomWidth, OrderEditor):
    """See the module docstring."""

    def __init__(self, form: JointForm, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(form.prompts[0], ctx, parent)
        from .fire import FireEditor

        self.form = form
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        # a bare tab bar over the side's fire editor: no frame, so the weapon rows keep the
        # width and height they have in a one-side prompt (six rows in view at 1366x768)
        self.tabs = QTabBar()
        self.tabs.setObjectName("jointFire")
        self.tabs.setDocumentMode(True)
        self.tabs.setExpanding(False)
        self.tabs.setStyleSheet(  # one text line high; the side shown underlined in bold
            "QTabBar::tab { padding: 1px 10px; border-bottom: 2px solid transparent; }"
            "QTabBar::tab:selected { font-weight: bold; border-bottom-color: palette(highlight); }")
        self.tabs.setToolTip("Fire is declared secretly and at the same time (D6.315): each "
                             "side fills its own tab (Ctrl+Tab: the next side); Ctrl+Enter "
                             "gives every side's fire at once")
        self.pages = QStackedWidget()
        self.editors: list[FireEditor] = []
        for prompt in form.prompts:
            editor = FireEditor(prompt, ctx)
            editor.edited.connect(self.mark_edited)
            self.editors.append(editor)
            self.tabs.addTab(prompt.side or prompt.key)
            self.pages.addWidget(editor)
        self.tabs.currentChanged.connect(self._show_side)
        layout.addWidget(self.tabs)
        layout.addWidget(self.pages, 1)
        self._show_side(0)

    def fit_width(self, width: int) -> None:
        """The sides' fire editors follow the view the form is shown in (their own parent, the
        stack of pages, is only as narrow as they are)."""
        for editor in self.editors:
            fit = getattr(editor, "fit_width", None)
            if fit is not None:
                fit(width)

    def _show_side(self, index: int) -> None:
        """Show a side's page; only it counts for the form's size (another side's longer rows
        do not make this one scroll sideways)."""
        self.pages.setCurrentIndex(index)
        for n, page in enumerate(self.editors):
            policy = QSizePolicy.Policy.Preferred if n == index else QSizePolicy.Policy.Ignored
            page.setSizePolicy(policy, policy)
        self.pages.adjustSize()

    def handle_key(self, event: QKeyEvent) -> bool:
        """Ctrl+Tab (or Ctrl+PgDown) shows the next side's tab, Ctrl+Shift+Tab the one before."""
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        step = {Qt.Key.Key_Tab: 1, Qt.Key.Key_Backtab: -1, Qt.Key.Key_PageDown: 1,
                Qt.Key.Key_PageUp: -1}.get(event.key())
        if step is None or not mods & Qt.KeyboardModifier.ControlModifier:
            return False
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % self.tabs.count())
        return True

    def value(self) -> object:
        return JointAnswer(tuple((e.prompt.key, e.value()) for e in self.editors))

    def pass_value(self) -> object:
        return JointAnswer(tuple((p.key, p.default) for p in self.form.prompts))


def table_form(prompt: Prompt, ctx: OrdersContext | None, policy: PassPolicy,
               controller: object) -> JointForm | None:
    """The joint form the orders panel shows for ``prompt`` (:func:`~sfb_desk.engine.orders.
    joint.joint_form` for the sides no robot of ``controller`` plays, leaving out the rows it
    holds already), or None. Fire of a side without ship records (a version-1 game) is typed
    as JSON, a side at a time: no form."""
    record = getattr(controller, "record", None)
    plan = getattr(record, "shield_plan", ())
    dac = getattr(record, "dac_plan", None)
    if ctx is None or not (isinstance(prompt, Orders) and prompt.kind in JOINT_KINDS
                           or isinstance(prompt, Choice) and (plan or dac is not None)):
        return None
    robots = set(controller.robots()) if hasattr(controller, "robots") else set()
    sides = {u.side for u in ctx.state.units} - robots
    form = joint_form(prompt, ctx.state, ctx.combat, ctx.specs, policy, sides,
                      held=getattr(controller, "held_answers", {}), plan=plan, dac=dac)
    if form is not None and form.kind == "fire" and not all(
            any(ctx.record(u.id) is not None for u in ctx.side_units(p.side))
            for p in form.prompts):
        return None  # a side without ship records gives its fire as JSON, a prompt a side
    return form


def joint_editor(form: JointForm, ctx: OrdersContext | None) -> OrderEditor:
    """The editor of a joint form."""
    if form.kind == "movement":
        return JointMovementEditor(form, ctx)
    if form.kind == SHIELD:
        from .joint_shields import JointShieldEditor

        return JointShieldEditor(form, ctx)
    if form.kind == DAC:
        from .joint_dac import JointDacEditor

        return JointDacEditor(form, ctx)
    return JointFireEditor(form, ctx)
