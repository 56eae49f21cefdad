"""When the Mine Laying Step can matter to the table (the pass policy's ``skip_idle_mines``).

:func:`side_can_lay`: a unit of the side can lay a mine now - a source of its stores with no
problem (:func:`sfb_desk.rules.systems.mines.laying.lay_problems`: racks M9.21, the hatch
M2.11/M2.115, a minelaying shuttle R1.F6B) - and an enemy ship is within
:data:`IDLE_MINE_RANGE` hexes of it. A unit whose class is not given counts as "cannot tell"
(asked). Qt-free, like the rest of the pass policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...rules.game_state import GameState
from ...rules.hexes import hex_range
from ...rules.ship import ShipSpec
from ...rules.systems.mines.laying import lay_problems, racks_destroyed, ship_stores
from ...rules.units import SHIP, clock_of

if TYPE_CHECKING:
    from ..records import Combat

IDLE_MINE_RANGE = 10  # decisions.md "Mines in play": beyond it the step passes by default


def side_can_lay(state: GameState, combat: Combat | None, specs: Mapping[str, ShipSpec],
                 side: str | None) -> bool:
    """See the module docstring."""
    if combat is None:
        return True
    field = combat.battlefield
    clock = clock_of(state.turn, state.impulse)
    foes = [u for u in state.units if u.active and u.kind == SHIP and u.side != side]
    for unit in state.units:
        if not unit.active or unit.is_seeker or unit.side != side:
            continue
        stores = field.stores_of(unit.id)
        record = combat.ship(unit.id)
        spec = specs.get(record.spec_id) if record is not None else None
        if stores is None:
            if record is None:
                continue
            if spec is None:
                return True  # cannot tell: ask
            stores = ship_stores(unit.id, spec.special)
        if stores is None or stores.kind == "mss" or not stores.anything:
            continue
        if not any(hex_range(f.hex, unit.hex) <= IDLE_MINE_RANGE for f in foes):
            continue
        flags = set(spec.flags) if spec is not None else set()
        for source in stores.sources():
            for size in ("large", "small"):
                if not lay_problems(stores, source, size, clock=clock, turn=state.turn,
                                    minelayer=bool(flags & {"minelayer", "minesweeper"}),
                                    em=unit.em.active,
                                    destroyed_racks=racks_destroyed(unit.destroyed)):
                    return True
    return False
