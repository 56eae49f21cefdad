"""The orders panel: where the table answers every prompt of the sequencer that is not dice.

It follows the game controller's pending prompt (:meth:`OrdersPanel.bind`) and shows what is
asked (the purpose, the unit or side, the rule) with an editor for it:

* a :class:`~sfb_desk.engine.prompts.Choice`: a button per option, keys 1..9
  (:mod:`.choice`);
* Orders by kind: ``movement`` (:class:`~.choice.MovementEditor`), ``fire``
  (:mod:`.fire`), ``launches`` (:mod:`.launch`), ``announce`` and ``speed_plot``
  (:mod:`.announce`), ``reserve_reinforcement`` (:mod:`.reserve`), ``disengage``
  (yes/no), ``lay_mines`` (:mod:`.mines`), ``cloak`` and ``self_destruct``
  (:mod:`.ship_orders`), ``panels`` (:mod:`.panels`), ``tractors``, ``marines`` (:mod:`.systems`),
  ``displacement``, ``sat_ships`` (:mod:`.devices`), ``tractor_bid`` (:mod:`.tractor_bid`),
  ``anchor_buoys`` (:mod:`.buoys`) (JSON behind "Details"); any other kind,
  or fire and launches of units without ship records, as JSON (:mod:`.json_editor`);
* ``energy_allocation`` is the EA sheet's: the panel only says so. Dice are the dice panel's.

With the pass policy's "one form per impulse" switch (on by default), a movement or fire prompt
that other prompts of the same impulse step follow for the ships the table plays comes as one
joint form (:mod:`.joint`, :mod:`sfb_desk.engine.orders.joint`): its answer answers the pending
prompt and the controller holds the other rows for their prompts.

"Give orders" (Ctrl+Enter) sends the editor's answer; "Pass" (Enter, while nothing has been
changed in the editor) answers the prompt's default. A refusal (the controller's
``refused``) is shown in red with its rule and the editor keeps what was entered.

The pass policy (:mod:`.pass_policy`, :class:`~sfb_desk.engine.orders.pass_policy.PassPolicy`) lets
the program pass announcements, idle launches and fire when nothing can fire; the panel hands
it to ``controller.set_pass_policy``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.log import EVENT
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders, Prompt
from sfb_desk.engine.orders.pass_policy import PassPolicy
from ..common.names import titled
from .choice import ButtonEditor, ChoiceEditor, NumberEditor, numeric_options
from .editor import RED, OrderEditor, OrdersInputError
from .pass_policy import PassPolicyBox

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext


@cache
def editors() -> dict[str, type[OrderEditor]]:
    """Editors by Orders kind (anything else is typed as JSON), imported with the first
    prompt: their fire and launch options need the combat and seeking rules, which the app's
    start does not (issue 13: start-up)."""
    from .announce import AnnounceEditor, SpeedPlotEditor
    from .choice import MovementEditor, YesNoEditor
    from .fire import FireEditor
    from .launch import LaunchEditor
    from .mines import MineLayingEditor
    from .reserve import ReserveEditor
    from .panels import PanelsEditor
    from .ship_orders import CloakEditor, SelfDestructEditor
    from .devices import DisplacementEditor, SatShipsEditor
    from .systems import MarinesEditor, TractorsEditor  # ship systems (forms with details)
    from .tractor_bid import TractorBidEditor
    from .buoys import AnchorBuoysEditor

    return {
        "movement": MovementEditor,
        "fire": FireEditor,
        "launches": LaunchEditor,
        "announce": AnnounceEditor,
        "speed_plot": SpeedPlotEditor,
        "reserve_reinforcement": ReserveEditor,
        "disengage": YesNoEditor,
        "lay_mines": MineLayingEditor,
        "cloak": CloakEditor,
        "self_destruct": SelfDestructEditor,
        "panels": PanelsEditor,
        "tractors": TractorsEditor, "marines": MarinesEditor,
        "displacement": DisplacementEditor, "sat_ships": SatShipsEditor,
        "tractor_bid": TractorBidEditor, "anchor_buoys": AnchorBuoysEditor,
    }
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def is_orders_prompt(prompt: object) -> bool:
    """A prompt the panel answers: a Choice, or Orders other than the energy allocation."""
    if isinstance(prompt, Choice):
        return True
    return isinstance(prompt, Orders) and prompt.kind != "energy_allocation"


def no_lock_on(log, turn: int) -> frozenset[str]:  # noqa: ANN001
    """Ships whose lock-on failed this turn, from the log's ``lock_on`` events (D6.11)."""
    out = set()
    for r in log:
        data = r.data
        if r.kind == EVENT and r.turn == turn and getattr(data, "kind", "") == "lock_on" \
                and dict(data.data).get("success") is False:
            out.add(data.unit)
    return frozenset(out)


def context_from(controller) -> OrdersContext | None:  # noqa: ANN001
    """What the editors read, from a game controller (state with the hand marks, ship
    records, ship classes, lock-ons), or None without a game."""
    state = controller.state
    if state is None:
        return None
    from sfb_desk.engine.orders.fire_options import OrdersContext

    record = controller.record
    setup = getattr(record, "setup", None) or {}
    return OrdersContext(state, getattr(record, "combat", None), setup.get("specs") or {},
                         no_lock_on(controller.log, state.turn))


def editor_for(prompt: Prompt, ctx: OrdersContext | None) -> OrderEditor:
    """The editor of ``prompt`` (module docstring)."""
    if isinstance(prompt, Choice):
        if numeric_options(prompt.options) is not None:
            return NumberEditor(prompt, ctx)
        return ChoiceEditor(prompt, ctx)
    kind = getattr(prompt, "kind", "")
    from .json_editor import JsonEditor

    cls = editors().get(kind, JsonEditor)
    if kind in ("fire", "launches") and not _has_records(prompt, ctx):
        cls = JsonEditor  # units without ship records: free-form records (v1 games)
    return cls(prompt, ctx)


def _has_records(prompt: Prompt, ctx: OrdersContext | None) -> bool:
    if ctx is None:
        return False
    return any(ctx.record(u.id) is not None for u in ctx.side_units(getattr(prompt, "side", None)))


POLICY_KEY = "orders/pass_policy"
POLICY_VERSION = 2
_FLAGS = ("skip_announcements", "skip_idle_announcements", "skip_idle_launches",
          "fire_when_able", "skip_self_destruct", "skip_idle_tractors",
          "skip_idle_marines", "skip_forced_moves", "skip_idle_mines",
          "skip_idle_panels", "skip_idle_displacement", "joint_forms")
DEFAULT_POLICY = PassPolicy()


def remembered_policy(settings) -> PassPolicy:  # noqa: ANN001 - QSettings
    """The pass switches the table left on last time ("pass all until" is for one game only
    and is not kept). A value that cannot be read, or one written before the defaults became
    "ask only what can matter" (no ``version``), gives the default policy."""
    raw = settings.value(POLICY_KEY)
    try:
        doc = json.loads(raw) if isinstance(raw, str) else {}
        if doc.get("version") != POLICY_VERSION:
            return PassPolicy()
        flags = {name: bool(doc.get(name, getattr(DEFAULT_POLICY, name))) for name in _FLAGS}
        return PassPolicy(**flags,
                          fire_max_range=max(0, min(100, int(doc.get("fire_max_range", 0)))))
    except (ValueError, TypeError, AttributeError):
        return PassPolicy()


def remember_policy(settings, policy: PassPolicy) -> None:  # noqa: ANN001 - QSettings
    doc = {name: getattr(policy, name) for name in _FLAGS}
    settings.setValue(POLICY_KEY, json.dumps({"version": POLICY_VERSION, **doc,
                                              "fire_max_range": policy.fire_max_range}))


class OrdersPanel(QWidget):
    """See the module docstring. ``answered(object)`` carries the answer for the pending
    prompt; ``policy_changed(PassPolicy)`` the pass policy."""

    answered = Signal(object)
    policy_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ordersPanel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._prompt: Prompt | None = None
        self._editor: OrderEditor | None = None
        self.joint = None  # the JointForm shown, if any (sfb_desk.engine.orders.joint)
        self._context_source = None
        self.purpose = QLabel("Nothing to order now")
        self.purpose.setObjectName("ordersPurpose")
        self.purpose.setWordWrap(True)
        font = self.purpose.font()
        font.setBold(True)
        self.purpose.setFont(font)
        self.who = QLabel("")
        self.who.setObjectName("ordersWho")
        self.who.setWordWrap(True)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll.setMinimumHeight(110)
        self.message = QLabel("")
        self.message.setObjectName("ordersMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {RED};")
        self.message.hide()
        self.give_button = QPushButton("Give orders (Ctrl+Enter)")
        self.give_button.setObjectName("giveOrders")
        self.give_button.clicked.connect(self.give)
        self.pass_button = QPushButton("Pass (Enter)")
        self.pass_button.setObjectName("passOrders")
        self.pass_button.clicked.connect(self.pass_)
        self.policy_box = PassPolicyBox()
        self.policy_box.policy_changed.connect(self.policy_changed)
        self.policy_changed.connect(self._refresh)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.pass_button)
        buttons.addWidget(self.give_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        layout.addWidget(self.purpose)
        layout.addWidget(self.who)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        layout.addWidget(self.policy_box)
        self.set_prompt(None)

    # -- wiring --------------------------------------------------------------------------------
    def bind(self, controller) -> None:  # noqa: ANN001
        """Follow a GameController: its prompts and refusals; answer it; hand it the pass
        policy (``set_pass_policy``)."""
        self._context_source = controller
        controller.prompt_changed.connect(self.set_prompt)
        controller.refused.connect(self.show_refusal)
        busy = getattr(controller, "busy_changed", None)
        if busy is not None:
            busy.connect(self._busy)
        self.answered.connect(controller.answer)
        settings = getattr(controller, "settings", None)
        if settings is not None:  # the table's standing switches, remembered between sessions
            self.policy_box.set_policy(remembered_policy(settings))
            self.policy_changed.connect(lambda policy: remember_policy(settings, policy))
        setter = getattr(controller, "set_pass_policy", None)
        if setter is not None:
            self.policy_changed.connect(setter)
            setter(self.policy)
        self.set_prompt(controller.pending)

    @property
    def policy(self) -> PassPolicy:
        return self.policy_box.policy

    def set_policy(self, policy: PassPolicy) -> None:
        """Show ``policy`` and hand it on (:attr:`policy_changed`)."""
        self.policy_box.set_policy(policy)
        self.policy_changed.emit(self.policy)

    def context(self) -> OrdersContext | None:
        source = self._context_source
        return context_from(source) if source is not None else None

    # -- what is asked -------------------------------------------------------------------------
    @property
    def prompt(self) -> Prompt | None:
        return self._prompt

    @property
    def editor(self) -> OrderEditor | None:
        return self._editor

    @Slot(object)
    def set_prompt(self, prompt: object, ctx: OrdersContext | None = None) -> None:
        """Show ``prompt`` (read with ``ctx``, or the bound controller's game). The same prompt
        again keeps the editor and what was entered."""
        if prompt is not None and prompt == self._prompt and self._editor is not None:
            return
        self._prompt = prompt if isinstance(prompt, (Choice, Orders)) else None
        self._say("")
        self._set_editor(None)
        self.who.setText("")
        self.joint = None
        if isinstance(prompt, DiceRequest):
            shots = prompt.purpose.split(", one per shot")[0] if prompt.lines else ""
            self.purpose.setText(f"Waiting for dice: {shots} (each shot in the dice panel)"
                                 if shots else f"Waiting for dice: {prompt.purpose}")
        elif isinstance(prompt, Orders) and prompt.kind == "energy_allocation":
            self.purpose.setText(f"Energy allocation for {prompt.unit}: fill in the EA sheet")
            self.who.setText(f"Rule {prompt.rule}" if prompt.rule else "")
        elif self._prompt is not None:
            p, ctx = self._prompt, ctx or self.context()
            from .joint import form_title, joint_editor, table_form

            self.joint = form = table_form(p, ctx, self.policy, self._context_source)
            self.purpose.setText(form_title(form) if form else p.purpose)
            self.who.setText("" if form else self._who(p, ctx))  # a form's title says it
            self._set_editor(joint_editor(form, ctx) if form else editor_for(p, ctx))
        else:
            self.purpose.setText("Nothing to order now" if prompt is None else str(prompt))
        self.who.setVisible(bool(self.who.text()))
        self.pass_button.setText("Take the default (Enter)" if isinstance(prompt, Choice)
                                 else "Pass (Enter)")
        editing = self._editor is not None
        clicks = isinstance(self._editor, ButtonEditor)
        self.give_button.setEnabled(editing and not clicks)
        has_default = self._prompt is not None and self._prompt.default is not None
        self.pass_button.setEnabled(editing and has_default)
        self._take_focus()

    @Slot(object)
    def _refresh(self, _policy: object = None) -> None:
        """The switches changed: show the pending prompt again (a joint form or not)."""
        prompt, self._prompt = self._prompt, None
        if prompt is not None:
            self.set_prompt(prompt)

    def _who(self, prompt: Prompt, ctx: OrdersContext | None) -> str:
        """Unit or side, rule, turn and impulse: what the purpose line does not say already
        (a line that would repeat it is left empty, and hidden, to give the orders its room)."""
        said = prompt.purpose
        parts = []
        if prompt.unit:
            unit = ctx.unit(prompt.unit) if ctx is not None else None
            title = titled(prompt.unit, unit.name) if unit is not None else prompt.unit
            if title not in said:
                parts.append(f"Unit {title}")
        elif getattr(prompt, "side", None) and f"side {prompt.side}" not in said:
            parts.append(f"Side {prompt.side}")
        if prompt.rule and prompt.rule not in said:
            parts.append(f"Rule {prompt.rule}")
        if ctx is not None and ctx.state.impulse and f"impulse {ctx.state.impulse}" not in said:
            parts.append(f"Turn {ctx.state.turn}, impulse {ctx.state.impulse}")
        return " · ".join(parts)

    def _set_editor(self, editor: OrderEditor | None) -> None:
        old = self._editor
        self._editor = editor
        if old is not None:
            self.scroll.takeWidget()
            old.deleteLater()
        if editor is not None:
            editor.submitted.connect(self._submitted)
            self.scroll.setWidget(editor)
        else:  # nothing to scroll: no leftover scroll bars of the last editor (Qt keeps them)
            for bar in (self.scroll.horizontalScrollBar(), self.scroll.verticalScrollBar()):
                bar.setRange(0, 0)

    def _take_focus(self) -> None:
        """Focus the panel for a new prompt unless another widget of the window has it."""
        if self._editor is None or not self.isVisible():
            return
        focus = QApplication.focusWidget()
        if focus is None or focus is self or self.isAncestorOf(focus):
            self.setFocus()

    # -- answering -----------------------------------------------------------------------------
    @Slot()
    def give(self) -> None:
        """Send the editor's orders (the message names what is wrong, and nothing is lost)."""
        if self._editor is None:
            return
        try:
            value = self._editor.value()
        except OrdersInputError as exc:
            self._say(str(exc))
            return
        self._say("")
        self.answered.emit(value)

    @Slot()
    def pass_(self) -> None:
        """Answer the prompt's default."""
        prompt = self._prompt
        if prompt is None:
            return
        if prompt.default is None:
            self._say(f"{prompt.purpose}: there is no default; an answer is needed")
            return
        self._say("")
        self.answered.emit(self._editor.pass_value() if self._editor is not None
                           else prompt.default)

    @Slot(object)
    def _submitted(self, value: object) -> None:
        self._say("")
        self.answered.emit(value)

    @Slot(str)
    def show_refusal(self, message: str) -> None:
        """A refused answer: shown in red until the next prompt; the editor keeps its entries."""
        if self._prompt is not None:
            self._say(f"Refused: {message}")

    @Slot(bool)
    def _busy(self, busy: bool) -> None:
        editing = self._editor is not None and not busy
        self.give_button.setEnabled(editing and not isinstance(self._editor, ButtonEditor))
        self.pass_button.setEnabled(editing and self._prompt is not None
                                    and self._prompt.default is not None)

    def _say(self, message: str) -> None:
        self.message.setText(message)
        self.message.setVisible(bool(message))

    # -- keys ----------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Ctrl+Enter gives the orders; Enter passes while nothing was changed; the editor's
        shortcuts (choices 1..9, movement letters)."""
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if event.key() in _ENTER and self._editor is not None:
            if mods == Qt.KeyboardModifier.ControlModifier:
                if self.give_button.isEnabled():
                    self.give()
            elif mods == Qt.KeyboardModifier.NoModifier:
                if not self._editor.is_edited:
                    if self.pass_button.isEnabled():
                        self.pass_()
                else:
                    self._say("Enter passes only untouched orders: Ctrl+Enter gives these "
                              "orders, the Pass button discards them")
            event.accept()
            return
        if self._editor is not None and self._editor.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)
