"""The robot's ship systems: tractor beams (G7) where they pay.

* **Energy** (:func:`tractor_power`): one point of tractor power (G7.15) for a ship with a
  working tractor when an enemy drone is in play or the enemy carries drone racks, at the
  levels that defend against drones (``point_defence``).
* **Operate Tractors** (:func:`tractor_answer`): grab an enemy drone within range 1 that is
  aimed at one of its ships (a held drone does not strike, G7.52/G7.32), nearest first; with
  power to spare, hold an enemy ship at range 1 that it out-sizes (size class, G7.36: the
  smaller ship is dragged) so its weapons keep the range. Each order is checked with the
  session's own check; a refused one is dropped.
* Self-destruction is never ordered (D5.5 is not an attack tactic; the prompt's default).
"""

from __future__ import annotations

from ..rules.hexes import hex_range
from ..rules.units import DRONE, SHIP
from .view import enemies, ship, verdict


def tractor_power(session, me, lv) -> int:  # noqa: ANN001
    """Tractor power to allocate this turn (module docstring)."""
    if not lv.point_defence or not me.spec.count("tractor"):
        return 0
    if sum(1 for b in me.unit.destroyed if b.startswith("tractor#")) >= me.spec.count("tractor"):
        return 0
    state = session.state
    if any(u.kind == DRONE and u.active and u.side != me.unit.side for u in state.units):
        return 1
    for foe in enemies(session, me.unit.side):
        if any(w.family == "drone" for w in foe.spec.weapons):
            return 1
    return 0


def tractor_answer(prompt, session, lv) -> dict:  # noqa: ANN001
    """The robot's ``tractors`` orders (module docstring)."""
    state = session.state
    tractors = session.combat.tractors
    orders: dict = {}
    for unit in state.units:
        if unit.side != prompt.side or unit.kind != SHIP or not unit.active:
            continue
        me = ship(session, unit.id)
        if me is None:
            continue
        boxes = [f"tractor#{n}" for n in range(1, me.spec.count("tractor") + 1)
                 if f"tractor#{n}" not in unit.destroyed
                 and not any(k.holder == unit.id and k.box == f"tractor#{n}"
                             for k in tractors.links)]
        held = {k.target for k in tractors.links}
        drones = sorted((u for u in state.units if u.kind == DRONE and u.active
                         and u.side != unit.side and u.id not in held
                         and hex_range(u.hex, unit.hex) <= 1), key=lambda u: (
            u.target not in {s.id for s in state.units if s.side == unit.side}, u.id))
        links = []
        for drone, box in zip(drones, boxes):
            links.append({"box": box, "target": drone.id, "power": 1})
        spare = boxes[len(links):]
        if spare and not links:
            for foe in enemies(session, unit.side):
                if (hex_range(foe.unit.hex, unit.hex) <= 1 and foe.id not in held
                        and (foe.spec.size_class or 9) > (me.spec.size_class or 9)):
                    links.append({"box": spare[0], "target": foe.id, "power": 1})
                    break
        for link in links:
            trial = dict(orders)
            trial[unit.id] = {"link": orders.get(unit.id, {}).get("link", []) + [link]}
            if verdict(session, prompt, trial) is None:
                orders = trial
    return orders
