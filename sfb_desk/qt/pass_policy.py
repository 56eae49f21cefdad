"""When the program may answer a prompt's default for the table (the table's pass policy).

The session asks each side for announcements, launches and fire on each of the 32 impulses
(C12.36, F2, D6.315). Most of those answers are "nothing" (the prompt's default); a
:class:`PassPolicy` says which of them the program may give by itself, so the table is asked
only when it has something to decide. The automatic answerer of the worker
(:class:`sfb_desk.qt.game_record.AutoAnswers`) calls :meth:`PassPolicy.passes` for each
prompt and answers the default when it returns True.

The policy is a frozen, picklable value (it crosses to the worker thread) and
:meth:`~PassPolicy.passes` is a pure function of the prompt and the game now:

* ``skip_announcements``: the Announce Movement Changes Step (C12.36, C10.311, C8) passes;
* ``skip_idle_launches``: the Seeking Weapons Stage passes when no ship of the side can launch
  a drone or a plasma torpedo at anyone (:func:`.launch_options.side_can_launch`: rack loaded,
  rate and spacing FD4, arc D2, control limit F3.2, a complete torpedo FP2.1);
* ``fire_when_able``: the Fire Decision Step passes unless a ready weapon of the side has a
  target in range and arc that it could damage (:func:`.fire_options.side_can_fire`: loads
  E1.2, capacitor H6.3, rate of fire E1.50, fire control D6.6, arcs D2, ranges D1.4); with
  ``fire_max_range`` above 0, only targets at most that many hexes away count;
* ``until``: every prompt with a default passes before impulse ``until = (turn, impulse)``.

A prompt without a default (dice, the energy allocation) never passes. Where the program
cannot tell (a ship without a ship record or class), the table is asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..engine.prompts import Orders, Prompt
from ..engine.records import Combat
from ..rules.game_state import GameState
from ..rules.ship import ShipSpec
from ..rules.units import clock_of
from .fire_options import OrdersContext, side_can_fire
from .launch_options import side_can_launch


@dataclass(frozen=True, slots=True)
class PassPolicy:
    """See the module docstring. The default policy passes nothing."""

    skip_announcements: bool = False
    skip_idle_launches: bool = False
    fire_when_able: bool = False
    fire_max_range: int = 0
    until: tuple[int, int] | None = None  # (turn, impulse): pass defaults before it

    @property
    def active(self) -> bool:
        return (self.skip_announcements or self.skip_idle_launches or self.fire_when_able
                or self.until is not None)

    def passes(self, prompt: Prompt | None, state: GameState, combat: Combat | None = None,
               specs: Mapping[str, ShipSpec] | None = None) -> bool:
        """May the program answer ``prompt``'s default for the table? ``state`` and ``combat``
        are the session's now; ``specs`` its ship classes (when None they are read from the
        ship library by spec id)."""
        if prompt is None or prompt.default is None:
            return False
        if self.until is not None and clock_of(state.turn, state.impulse) < clock_of(*self.until):
            return True
        if not isinstance(prompt, Orders):
            return False
        if prompt.kind == "announce":
            return self.skip_announcements
        if prompt.kind == "launches" and self.skip_idle_launches:
            return not side_can_launch(_context(state, combat, specs), prompt.side)
        if prompt.kind == "fire" and self.fire_when_able:
            return not side_can_fire(_context(state, combat, specs), prompt.side,
                                     max_range=self.fire_max_range)
        return False

    def describe(self) -> str:
        """The policy in a few words (status lines, tooltips)."""
        parts = []
        if self.until is not None:
            parts.append(f"pass until turn {self.until[0]} impulse {self.until[1]}")
        if self.skip_announcements:
            parts.append("skip announcements")
        if self.skip_idle_launches:
            parts.append("skip launches when nothing can launch")
        if self.fire_when_able:
            within = f" within {self.fire_max_range}" if self.fire_max_range > 0 else ""
            parts.append(f"ask for fire only when a weapon can fire{within}")
        return "; ".join(parts) or "ask for everything"


NEVER = PassPolicy()


def _context(state: GameState, combat: Combat | None,
             specs: Mapping[str, ShipSpec] | None) -> OrdersContext:
    if specs is None and combat is not None:
        specs = _library_specs(tuple(sorted({r.spec_id for r in combat.ships})))
    return OrdersContext(state, combat, specs or {})


@lru_cache(maxsize=8)
def _library_specs(ids: tuple[str, ...]) -> dict[str, ShipSpec]:
    from ..data.library import load_library

    library = load_library()
    out = {}
    for i in ids:
        try:
            out[i] = library.get(i)
        except KeyError:
            continue  # unknown class: that ship counts as "cannot tell" (asked)
    return out
