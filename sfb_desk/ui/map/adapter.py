"""A tiny stand-in controller for the map: applies requested moves with the rules functions.

The map view never changes game state. In the application the sequencer session answers its
movement prompts from ``MapView.move_requested``; for standalone use (a demo, the tests, the
screenshot) :class:`LocalMoves` plays that part: it applies each order with
:func:`~sfb_desk.rules.movement.core.apply_order` (and, for an HET, the breakdown roll of C6.5 from
a dice callable, then the scheduled move ahead, as the session does) and hands the new units
back to the view with ``set_units``. It keeps the clock too: :meth:`LocalMoves.next_impulse`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal, Slot

from sfb_desk.rules.movement.core import STRAIGHT, Moved, MoveOrder, earn_warp_tac
from sfb_desk.rules.movement.het import apply_breakdown_facing, resolve_breakdown_roll
from sfb_desk.rules.results import Event, Refusal
from sfb_desk.rules.units import IMPULSES, Unit

from .moves import check_order
from .view import MapView


class LocalMoves(QObject):
    """Applies the view's requested moves to a private list of units.

    ``dice`` returns a 1d6 roll when an HET calls for the breakdown roll (C6.5) and, on a
    breakdown, the new facing roll (C6.54); without it an HET that needs the roll is refused
    back to the view, since the rules cannot be completed.
    """

    applied = Signal(object)  # the rules' Event objects of each accepted move

    def __init__(
        self, view: MapView, units: Iterable[Unit], *, dice: Callable[[str], int] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self.units: dict[str, Unit] = {u.id: u for u in units}
        self.dice = dice
        self.log: list[Event] = []
        view.move_requested.connect(self.apply)
        view.set_units(self.units.values())

    @Slot(str, object)
    def apply(self, unit_id: str, order: MoveOrder) -> None:
        ctx = self.view.context
        unit = self.units[unit_id]
        result = check_order(unit, order, ctx)
        if isinstance(result, Refusal):  # the view checked; the state may have moved on
            self.view.refused.emit(result.rule, result.message)
            return
        if result.breakdown_roll and self.dice is None:
            self.view.refused.emit("C6.5", "an HET needs the breakdown roll; no dice source")
            return
        events = list(result.events)
        unit = result.unit
        broken = False
        if result.breakdown_roll:
            unit, more, broken = resolve_breakdown_roll(
                unit, self.dice("breakdown (C6.5)"), ctx.options, turn=ctx.turn,
                impulse=ctx.impulse, clock=ctx.clock)
            events += more
            if broken:
                unit, ev = apply_breakdown_facing(unit, self.dice("facing after breakdown (C6.54)"))
                events.append(ev)
        if result.then_move and not broken:  # the scheduled hex, ahead in the new facing
            after = check_order(unit, MoveOrder(STRAIGHT), ctx)
            if isinstance(after, Moved):
                unit = after.unit
                events += after.events
        self.units[unit_id] = unit
        self.log += events
        self.view.set_units(self.units.values())
        self.applied.emit(tuple(events))

    def next_impulse(self) -> None:
        """Advance the clock one impulse (warp TACs earned on their impulses, C5.2). Speed
        changes of the plots (C12) are the sequencer's; this stand-in keeps speeds as they are."""
        ctx = self.view.context
        turn, impulse = (ctx.turn, ctx.impulse + 1) if ctx.impulse < IMPULSES else (ctx.turn + 1, 1)
        self.units = {uid: earn_warp_tac(u, impulse) for uid, u in self.units.items()}
        self.view.set_impulse(impulse, turn)
        self.view.set_units(self.units.values())

