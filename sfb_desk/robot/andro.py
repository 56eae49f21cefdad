"""The robot flies an Andromedan (Module C2): it launches its satellite ships and uses its
displacement devices when that pays.

* **Satellite ships** (G19.411): every satellite ship in the hangar is launched by transporter
  as soon as an enemy ship is in play, into the hex beside the mothership nearest the enemy,
  facing the enemy, at speed 10 (G19.442). The robot does not recover them.
* **Displacement** (G18): a ship whose panels hold three quarters of what they can displaces
  itself 12 hexes away from the nearest enemy within 10 hexes (G18.51: the panels dissipate
  while the enemy closes again); otherwise an enemy within 8 hexes (inside overload range) is
  displaced, the direction that would bring it closer swapped for the opposite one (G18.41).
Each order is checked with the session before it is given (never a refused answer).
"""

from __future__ import annotations

from ..rules.hexes import hex_range, neighbor
from ..rules.systems.satships import LAUNCH_SPEED
from .view import enemies, nearest_enemy, own_ships, verdict

SELF_DISPLACE_FULL = 0.75
SELF_DISPLACE_RANGE = 10
DISPLACE_ENEMY_RANGE = 8


def toward(a, b) -> int:  # noqa: ANN001
    """The direction 0..5 from hex ``a`` that comes nearest hex ``b``."""
    return min(range(6), key=lambda d: (hex_range(neighbor(a, d), b), d))


def sat_ships_answer(prompt, session, lv) -> dict:  # noqa: ANN001
    out: dict = {}
    for me in own_ships(session, prompt.side):
        aboard = me.record.andro.aboard
        enemy = nearest_enemy(session, me.unit)
        if not aboard or enemy is None:
            continue
        d = toward(me.unit.hex, enemy.unit.hex)
        where = neighbor(me.unit.hex, d)
        face = toward(where, enemy.unit.hex) + 1
        launches = []
        for uid in aboard:
            item = {"ship": uid, "hex": where.label, "facing": face, "speed": LAUNCH_SPEED}
            if verdict(session, prompt, {**out, me.id: {"launch": [*launches, item]}}) is None:
                launches.append(item)
        if launches:
            out[me.id] = {"launch": launches}
    return out


def _panels_full(session, uid: str) -> float:  # noqa: ANN001
    state = session.panels(uid)
    if state is None:
        return 0.0
    room = sum(b.capacity(state.level) for b in state.banks)
    return sum(b.held for b in state.banks) / room if room else 0.0


def displacement_answer(prompt, session, lv) -> dict:  # noqa: ANN001
    out: dict = {}
    for me in own_ships(session, prompt.side):
        boxes = [w.box_ids[0] for w in me.spec.weapons if w.type.upper() == "DISPLACEMENT"
                 and w.box_ids[0] in me.record.armed and w.box_ids[0] not in me.record.fired]
        enemy = nearest_enemy(session, me.unit)
        if not boxes or enemy is None:
            continue
        rng = hex_range(me.unit.hex, enemy.unit.hex)
        wish = None
        if rng <= SELF_DISPLACE_RANGE and _panels_full(session, me.id) >= SELF_DISPLACE_FULL:
            away = (toward(me.unit.hex, enemy.unit.hex) + 3) % 6
            wish = {"box": boxes[0], "target": me.id, "direction": "ABCDEF"[away]}
        elif 1 <= rng <= DISPLACE_ENEMY_RANGE and enemy in enemies(session, me.unit.side):
            closer = toward(enemy.unit.hex, me.unit.hex) + 1
            wish = {"box": boxes[0], "target": enemy.id,
                    "swap": [closer, (closer + 2) % 6 + 1]}
        if wish and verdict(session, prompt, {**out, me.id: [wish]}) is None:
            out[me.id] = [wish]
    return out
