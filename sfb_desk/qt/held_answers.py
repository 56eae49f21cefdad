"""The answers of a joint form waiting for their prompts (:mod:`sfb_desk.engine.orders.joint`).

The orders panel's joint form answers the pending prompt and fills the rows of the prompts
still to come in the same impulse step; :class:`HeldAnswers` keeps those rows by prompt key on
the GUI thread, hands them to each request's automatic answerer (:class:`.game_record.
AutoAnswers`, which gives each as the table's answer when its prompt arrives and the session
accepts it) and keeps what is left afterwards. They are dropped on undo, load and new game
(the controller calls :meth:`clear`) and when the game leaves the impulse they were given in.
No Qt here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.prompts import Prompt
    from ..rules.game_state import GameState
    from .game_record import Step


class HeldAnswers:
    """See the module docstring. ``values``: prompt key -> the table's answer."""

    def __init__(self) -> None:
        self.values: dict[str, object] = {}

    def __bool__(self) -> bool:
        return bool(self.values)

    def take(self, value: object, pending: Prompt) -> object:
        """The answer for ``pending``: ``value`` itself, or a joint form's row for it (its other
        rows are held from now on, replacing any held before). ValueError (the message says
        what is asked now) for a joint form without a row for ``pending``."""
        from ..engine.orders.joint import JointAnswer

        if not isinstance(value, JointAnswer):
            return value
        if pending.key not in dict(value.answers):
            raise ValueError(f"the joint form was for an earlier prompt: {pending.purpose} is "
                             "asked now")
        self.values = value.held()
        return value.value_for(pending.key)

    def settle(self, step: Step, state: GameState | None) -> tuple[str, ...]:
        """After a request: keep the rows its answerer did not use (``step.held``), only those
        of the impulse the game is in; the notes of rows refused (asked again, and why)."""
        if step.record is None:
            self.values = {}  # the form's own answer was refused: the form is asked again
            return ()
        prefix = f"T{state.turn}.I{state.impulse}." if state is not None else ""
        self.values = {k: v for k, v in step.held if prefix and k.startswith(prefix)}
        return step.notes

    def clear(self) -> None:
        self.values = {}
