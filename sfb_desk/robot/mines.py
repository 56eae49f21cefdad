"""The robot lays mines where they pay (M9.0, M2.7): behind itself, in the path of a pursuer.

In the Mine Laying Step (``lay_mines``) each of its units with a mine to lay drops one when an
enemy ship is within five hexes in its rear arcs (only its shields 3, 4 and 5 face it): the
enemy follows, and the mine arms once the layer has moved on (M2.3). A stopped layer lays
nothing (it would sit on its own mine). The mine is set for the size classes of the enemy ships in play (M5.151), zone 1,
no Nth-target delay; its detection number comes from the prompt's key, so a replay lays the
same one. One mine a unit an impulse, the rack with most mines first. Every order is checked
with the session's own check (:func:`.view.verdict`); a refused one is dropped.
"""

from __future__ import annotations

import zlib

from ..rules.arcs import shield_struck
from ..rules.hexes import hex_range
from ..rules.systems.mines.laying import lose_destroyed, racks_destroyed, ship_stores
from .view import enemies, verdict

REAR_SHIELDS = frozenset({3, 4, 5})
PURSUIT_RANGE = 5


def _stores(session, unit):  # noqa: ANN001
    field = session.combat.battlefield
    kept = field.stores_of(unit.id)
    if kept is None:
        record = session.combat.ship(unit.id)
        if record is None:
            return None
        kept = ship_stores(unit.id, session.specs[record.spec_id].special)
    if kept is None or kept.kind == "mss":
        return None
    return lose_destroyed(kept, racks_destroyed(unit.destroyed))[0]  # M9.13


def _pursued(session, unit) -> list[int]:  # noqa: ANN001
    """Size classes of the enemy ships following ``unit`` (module docstring)."""
    sizes = []
    for foe in enemies(session, unit.side):
        rng = hex_range(foe.unit.hex, unit.hex)
        if not 1 <= rng <= PURSUIT_RANGE:
            continue
        hit = shield_struck(unit.hex, unit.facing, foe.unit.hex)
        shields = set(hit.shields or ())
        if shields and shields <= REAR_SHIELDS:
            sizes.append(foe.spec.size_class or 3)
    return sizes


def _source(stores, size: str) -> str | None:  # noqa: ANN001
    racks = [(r.holds(size), n) for n, r in enumerate(stores.racks, 1) if r.holds(size)]
    if racks:
        return f"rack#{max(racks)[1]}"
    if size == "large" and stores.nsm:
        return "nsm"
    held = stores.load_large if size == "large" else stores.load_small
    return "mls" if stores.kind == "mls" and held else None


def lay_answer(prompt, session, lv) -> dict:  # noqa: ANN001, ARG001 - every level lays
    """The robot's ``lay_mines`` orders (module docstring)."""
    orders: dict = {}
    for unit in session.state.units:
        if unit.side != prompt.side or not unit.active or unit.speed <= 0:
            continue
        stores = _stores(session, unit)
        if stores is None or not stores.anything:
            continue
        sizes = _pursued(session, unit)
        if not sizes:
            continue
        for size in ("large", "small"):
            source = _source(stores, size)
            if source is None:
                continue
            number = zlib.crc32(f"{prompt.key}.{unit.id}".encode()) % 6 + 1
            item = {"from": source, "size": size, "detection": number, "zone": 1,
                    "sizes": sorted(set(sizes)), "nth": 0}
            trial = {**orders, unit.id: [item]}
            if verdict(session, prompt, trial) is None:
                orders = trial
                break
    return orders
