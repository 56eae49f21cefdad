"""The hex map bound to a game in play: :class:`MapBridge`.

:class:`MapBridge` keeps a :class:`~.view.MapView` in step with a
:class:`~sfb_desk.qt.controller.GameController` and turns the moves asked on the map into the
session's movement answers. It plays the part :class:`~.adapter.LocalMoves` plays without a
session, except that the sequencer applies every move:

* each ``state_changed``: the units (ships, shuttles and seeking weapons), the clock (the movers
  of the impulse are highlighted, C1.4), the map (fixed or floating) and the rule options;
* each ``prompt_changed``: when the session asks for the movement of unit X (an ``Orders``
  prompt of kind ``movement``; its options are the legal orders, C1.4), X is selected and the
  map shows where it may go;
* ``MapView.move_requested(unit, order)``: the order becomes the answer string of
  :data:`~sfb_desk.engine.prompts.ORDER_KINDS` ``["movement"]`` (``straight``, ``turn left``,
  ``slip right``, ``het C``, ``tac left``; :func:`movement_answer`) and goes to
  ``controller.answer``. A move of a unit that is not being asked, or not among the prompt's
  options, is refused with the rule (:func:`movement_answer`), shown on the map and emitted as
  ``refused(str)`` (for the status bar); so are the map's own refusals (C3, C4, C6 ...) and an
  answer the engine refuses;
* the map's message line follows the prompt: the asked unit's orders and keys during its move,
  else what is asked and which panel answers it (:func:`waiting_text`). The view frames the
  units at the start of a game and follows them (:meth:`~.zoom.MapZoom.keep_units_in_view`).

Keys added to the map's: S (or X, as on the orders form) answers "stay" for the selected unit, Enter the prompt's default
(straight ahead, or no move). Selecting a unit on the map emits ``unit_selected(str)``;
:meth:`MapBridge.show_unit` selects one from elsewhere (the SSD tabs).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot

from sfb_desk.engine.prompts import DiceRequest, Orders, Prompt
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.movement.core import HET, STAY, MoveOrder, parse_move_order
from sfb_desk.rules.results import Refusal

from .battlefield import battlefield_view, show_battlefield
from .systems import systems_view
from .view import MapView
from .webs import show_webs, webs_view


def asked_unit(prompt: Prompt | None) -> str | None:
    """The unit whose movement ``prompt`` asks for, or None."""
    if isinstance(prompt, Orders) and prompt.kind == "movement" and prompt.unit:
        return prompt.unit
    return None


def movement_answer(prompt: Prompt | None, unit_id: str, order: MoveOrder | str) -> str | Refusal:
    """The answer to ``prompt`` for ``order`` of ``unit_id``, or why it cannot be given now.

    The answer is the order's text (``het C``: a prompt's option ``het`` stands for any new
    facing, C6). Refused: nothing is asked (the game is over); another prompt is pending
    (units move only in the Movement Segment, C1.4); another unit is asked (units move one at
    a time in the order of precedence, C1.313); an order not among the options (the prompt's
    rule, C1.4: they are every legal order of the unit now).
    """
    parsed = parse_move_order(order)
    if isinstance(parsed, Refusal):
        return parsed
    text = str(parsed)
    if prompt is None:
        return Refusal("C1.4", "nothing is asked: the game is over")
    asked = asked_unit(prompt)
    if asked is None:
        return Refusal("C1.4", f"{unit_id} cannot move now: the game is waiting for "
                               f"{_lower_first(prompt.purpose)}")
    if asked != unit_id:
        return Refusal("C1.313", f"{asked} moves now (order of precedence); "
                                 f"{unit_id} is not being asked")
    options = prompt.options  # type: ignore[union-attr]
    if text in options or (parsed.action == HET and HET in options):
        return text
    legal = ", ".join(options)
    if parsed.action == STAY:
        return Refusal(prompt.rule or "C1.4", f"{unit_id} moves a hex this impulse: choose one "
                                              f"of {legal}")
    return Refusal(prompt.rule or "C1.4", f"{text} is not a legal order of {unit_id} now; legal: "
                                          f"{legal}")


def waiting_text(prompt: Prompt | None, in_game: bool = True) -> str:
    """The map's message line while the game asks something other than a move: what is asked
    and the panel that answers it; ``""`` (nothing) when there is no game."""
    if prompt is None:
        return "The game is over: the Victory panel says who won." if in_game else ""
    if isinstance(prompt, DiceRequest):
        panel = "Dice"
    elif isinstance(prompt, Orders) and prompt.kind == "energy_allocation":
        panel = "Energy allocation"
    else:
        panel = "Orders"
    return f"Now: {prompt.purpose} ({panel} panel)"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


class MapBridge(QObject):
    """See the module docstring. ``refused(str)``: a refused move, worded for the status bar;
    ``unit_selected(str)``: the unit selected on the map (``""`` for none); ``answered(str,
    str)``: the unit and the movement answer sent to the controller."""

    refused = Signal(str)
    unit_selected = Signal(str)
    answered = Signal(str, str)

    def __init__(self, map_view: MapView, controller, parent: QObject | None = None) -> None:  # noqa: ANN001
        super().__init__(parent or map_view)
        self.view = map_view
        self.controller = controller
        self._sent: tuple[str, str] | None = None  # the answer being worked on
        self._initial: object = None  # the initial state of the game shown
        self._view_as: str | None = None  # the battlefield seen as this side (view_as)
        controller.state_changed.connect(self._state_changed)
        controller.prompt_changed.connect(self._prompt_changed)
        controller.refused.connect(self._engine_refused)
        controller.answer_done.connect(self._answer_done)
        map_view.move_requested.connect(self._move_requested)
        map_view.refused.connect(self._map_refused)
        map_view.unit_selected.connect(self._unit_selected)
        map_view.installEventFilter(self)
        if controller.state is not None:
            self._state_changed(controller.state)
            self._prompt_changed(controller.pending)

    # -- out -----------------------------------------------------------------------------------
    def asked_unit(self) -> str | None:
        """The unit whose movement the game is asking for now, or None."""
        return asked_unit(self.controller.pending)

    def show_unit(self, unit_id: str | None) -> bool:
        """Select ``unit_id`` on the map (None: nothing); False if it is not on the map."""
        if unit_id is not None and unit_id not in self.view.units:
            return False
        self.view.select_unit(unit_id)
        return True

    def request(self, unit_id: str, order: MoveOrder | str) -> bool:
        """Answer the movement prompt with ``order`` for ``unit_id`` (what a move on the map
        does); True if the answer was sent, else ``refused`` says why."""
        answer = movement_answer(self.controller.pending, unit_id, order)
        if isinstance(answer, Refusal):
            self._refuse(f"Refused ({answer.rule}): {answer.message}")
            return False
        if not self.controller.answer(answer):
            self._refuse(f"{unit_id}: {answer} not sent, the last answer is still being worked on")
            return False
        self._sent = (unit_id, answer)
        self.answered.emit(unit_id, answer)
        return True

    # -- the game in ---------------------------------------------------------------------------
    @Slot(object)
    def _state_changed(self, state: GameState) -> None:
        view = self.view
        view.set_units(state.units)
        if state.map != view.bounds:
            view.set_map(state.map)
        if state.options != view.context.options:
            view.set_rules(state.options)
        view.set_impulse(state.impulse, state.turn)
        record = self.controller.record
        view.set_systems(systems_view(state, getattr(record, "combat", None),
                                      getattr(self.controller, "log", ()) or (),
                                      self.viewer()))
        show_battlefield(view, battlefield_view(getattr(record, "combat", None),
                                                self._view_as or self.viewer(), state))
        show_webs(view, webs_view(getattr(record, "combat", None), state))  # Module C2
        initial = record.initial if record is not None else state
        if initial is not self._initial:  # a new or loaded game (undo keeps it): frame it
            self._initial = initial
            self._frame()
        # else the view frames the units again itself when one would leave the view or they
        # closed in (MapView.keep_units_in_view), until the player pans or zooms

    def _frame(self) -> None:
        """Frame the units and follow them again (F or Home on the map does the same)."""
        self.view.fit_units()

    @Slot(object)
    def _prompt_changed(self, prompt: Prompt | None) -> None:
        unit = asked_unit(prompt)
        if unit is not None and unit in self.view.units:
            self.view.select_unit(unit)
        # the hint follows the prompt: a move's orders and keys only while a move is asked
        self.view.set_waiting(None if unit is not None else waiting_text(
            prompt, self.controller.record is not None))

    def view_as(self, side: str | None) -> None:
        """Show the battlefield as ``side`` sees it (its own mines in full, M6.1), or as the
        shared table does (None: only mines located by another side)."""
        self._view_as = side
        state = self.controller.state
        if state is not None:
            self._state_changed(state)

    def viewer(self) -> str | None:
        """The side looking at the map: the only side not played by the robot, else None."""
        record = self.controller.record
        table = getattr(record, "table", None)
        robots = set(getattr(table, "robot_sides", {}) or {}) if table is not None else set()
        state = self.controller.state
        sides = {u.side for u in state.units} if state is not None else set()
        humans = sides - robots
        return next(iter(humans)) if robots and len(humans) == 1 else None

    # -- moves from the map --------------------------------------------------------------------
    @Slot(str, object)
    def _move_requested(self, unit_id: str, order: MoveOrder) -> None:
        self.request(unit_id, order)

    @Slot(str, str)
    def _map_refused(self, rule: str, message: str) -> None:
        self.refused.emit(f"Refused ({rule}): {message}")  # the map shows it already

    @Slot(str)
    def _unit_selected(self, unit_id: str) -> None:
        self.unit_selected.emit(unit_id)

    @Slot(str)
    def _engine_refused(self, message: str) -> None:
        if self._sent is not None:
            unit_id, answer = self._sent
            self._refuse(f"Refused: {unit_id} {answer}: {message}")

    @Slot(bool)
    def _answer_done(self, moved_on: bool) -> None:
        self._sent = None

    def _refuse(self, text: str) -> None:
        self.view.show_message(text, error=True)
        self.refused.emit(text)

    # -- keys ------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.view and event.type() == QEvent.Type.KeyPress and self.view.prompt is None:
            key = event.key()
            if key in (Qt.Key.Key_S, Qt.Key.Key_X) and self.view.selected_unit is not None:
                self.request(self.view.selected_unit.id, STAY)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                prompt = self.controller.pending
                unit = asked_unit(prompt)
                if unit is not None and prompt.default is not None:  # type: ignore[union-attr]
                    self.request(unit, str(prompt.default))  # type: ignore[union-attr]
                    return True
        return super().eventFilter(watched, event)
