"""The robot's ship systems where they pay: tractor beams (G7), the cloak (G13), transporters,
hit-and-run raids and boarding (G8, D7.8, D7).

* **Energy** (:func:`tractor_power`): one point of tractor power (G7.15) a working tractor,
  as many as enemy drones are in flight toward the ship (one when none is yet but the enemy
  carries drone racks), at the levels that defend against drones (``point_defence``); up to 3
  hexes of speed give way for it (energy.py).
* **Operate Tractors** (:func:`tractor_answer`): grab an enemy drone within range 1 that is
  aimed at one of its ships (a held drone does not strike, G7.52/G7.32), nearest first; with
  power to spare, hold an enemy ship at range 1 that it out-sizes (size class, G7.36: the
  smaller ship is dragged) so its weapons keep the range. Each order is checked with the
  session's own check; a refused one is dropped.
* **Cloak** (:func:`cloak_wanted`, :func:`cloak_answer`): a cloaking ship (G13) that holds no
  loaded plasma torpedo at the start of the turn (it has fired, or is still arming) pays its
  cloak (speed gives way) and cloaks at its first Cloaking Device Stage; the turn its torpedoes
  are loaded again it does not pay, so it fades in on impulse 1 (G13.116) to fire. It decloaks
  by order when an enemy ship comes within range 2 (to fight rather than be pounded blind).
* **Transporters** (:func:`transporter_power`, :func:`marines_answer`): raids and boarding
  only where they pay (spare parties, a shield already down, a box worth a party).
* Self-destruction is never ordered (D5.5 is not an attack tactic; the prompt's default).
"""

from __future__ import annotations

from ..rules.energy.ledger import cloak_cost
from ..rules.hexes import hex_range
from ..rules.systems import cloak as ck
from ..rules.units import clock_of
from ..rules.units import DRONE, SHIP
from .view import enemies, ship, verdict


def tractor_power(session, me, lv) -> int:  # noqa: ANN001
    """Tractor power to allocate this turn (module docstring)."""
    if not lv.point_defence or not me.spec.count("tractor"):
        return 0
    working = me.spec.count("tractor") - sum(
        1 for b in me.unit.destroyed if b.startswith("tractor#"))
    if working <= 0:
        return 0
    state = session.state
    inbound = sum(1 for u in state.units if u.kind == DRONE and u.active
                  and u.side != me.unit.side and u.target == me.id)
    if inbound:
        return min(working, inbound)
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


def cloak_wanted(session, me, lv) -> bool:  # noqa: ANN001
    """Pay the cloak this turn (module docstring)."""
    if lv.name == "cadet" or cloak_cost(me.spec) is None:
        return False
    if any(b.startswith("cloak#") for b in me.unit.destroyed):
        return False
    energy = session.energy_state(me.id)
    plasma = [w for w in energy.weapons if (w.mode or w.type).upper().startswith("PLASMA")]
    if not plasma or any(w.complete for w in plasma):
        return False
    foes = enemies(session, me.unit.side)
    return any(hex_range(f.unit.hex, me.unit.hex) <= 30 for f in foes)


def cloak_answer(prompt, session, lv) -> dict:  # noqa: ANN001
    """The robot's ``cloak`` orders (module docstring)."""
    state = session.state
    clock = clock_of(state.turn, state.impulse)
    orders: dict = {}
    for unit in state.units:
        if unit.side != prompt.side or not unit.active:
            continue
        me = ship(session, unit.id)
        if me is None or cloak_cost(me.spec) is None:
            continue
        status = ck.now(me.record.systems.cloak, clock)
        near = any(hex_range(f.unit.hex, unit.hex) <= 2 for f in enemies(session, unit.side))
        paid = me.record.allocation is not None and me.record.allocation.cloak
        if status == ck.OFF and paid and not near:
            want = "cloak"
        elif status in (ck.FADING_OUT, ck.CLOAKED) and near:
            want = "decloak"
        else:
            continue
        trial = dict(orders, **{unit.id: want})
        if verdict(session, prompt, trial) is None:
            orders = trial
    return orders


def transporter_power(session, me, lv) -> int:  # noqa: ANN001
    """Transporter uses to pay for this turn (G8.13: 1 power runs up to 5 uses), for the levels
    that raid, only where a raid or a boarding can pay: an enemy ship within 10 hexes with a
    shield already down and either a box worth a raid (:func:`raid_boxes`) for a spare party
    (:func:`spare_parties`), or few enough defenders to board (:func:`marines_answer`). One use
    a working transporter, at most one a party that could go."""
    if lv.name == "cadet" or not me.spec.count("transporter"):
        return 0
    spare, boarders = spare_parties(me), _aboard(me) - 2
    sending = 0
    for foe in enemies(session, me.unit.side):
        if hex_range(foe.unit.hex, me.unit.hex) > 10 or not _any_shield_down(foe):
            continue
        if spare > 0 and raid_boxes(foe):
            sending = max(sending, spare)
        if _worth_boarding(boarders, _aboard(foe), _aboard(me), foe.crippled):
            sending = max(sending, boarders)
    if not sending:
        return 0
    working = sum(1 for n in range(1, me.spec.count("transporter") + 1)
                  if f"transporter#{n}" not in me.unit.destroyed)
    return min(working, sending)


def _worth_boarding(boarders: int, defenders: int, aboard: int = 0,
                    crippled: bool = False) -> bool:
    """Board (D7) with 3 or more parties against 2 or fewer defenders, or half as many as go,
    or a crippled ship (S2.4) whose defenders the ship's own parties (all but 2) outnumber:
    more go over turn after turn (D7.4: the casualty table favours the larger force; a
    capture, D7.50, is worth them)."""
    return boarders >= 3 and (defenders <= 2 or boarders >= 2 * defenders
                              or (crippled and aboard - 2 > defenders))


#: Raid targets in order of worth: heavy weapons, then drone racks (D7.81). Phasers are not
#: worth a party: two raids in three lose it, one in three destroys the box.
RAID_FAMILIES = ("photon", "disruptor", "plasma", "fusion", "hellbore", "drone")
#: A ship drops its own facing shield to raid only when that shield has this many boxes or
#: fewer left (D3.5: the shield stays down for 8 impulses; it hardly stops anything).
DROP_TO_RAID = 5


def spare_parties(me) -> int:  # noqa: ANN001
    """Boarding parties a ship may send raiding (D7.8): those aboard beyond half its printed
    parties (at least 2 stay home to guard and to fight boarders, D7.4)."""
    printed = me.spec.boarding_parties or 0
    keep = max(2, (printed + 1) // 2)
    return max(_aboard(me) - keep, 0)


def _aboard(me) -> int:  # noqa: ANN001
    return ((me.spec.boarding_parties or 0) - me.record.boarding_parties_lost
            - me.record.systems.parties_away)


def raid_boxes(foe) -> list[str]:  # noqa: ANN001
    """The boxes of ``foe`` worth a hit-and-run raid (D7.81: the raider names the box), best
    first: undestroyed heavy weapons (loaded ones first), then drone racks; never a guarded
    box (D7.83: the guard meets the raid first)."""
    guarded = foe.record.systems.guards
    armed = foe.record.armed
    boxes = [w.box_ids[0] for fam in RAID_FAMILIES for w in foe.spec.weapons
             if w.family == fam and w.box_ids[0] not in foe.unit.destroyed
             and w.box_ids[0] not in guarded]
    return sorted(boxes, key=lambda b: (b not in armed, boxes.index(b)))


def _any_shield_down(s) -> bool:  # noqa: ANN001
    st = s.record.shields
    return any(st.status[k] != "up" or st.boxes[k] == 0 for k in range(len(st.boxes)))


def marines_answer(prompt, session, lv) -> dict:  # noqa: ANN001
    """The robot's ``marines`` orders, only where they pay:

    * hit-and-run raids (D7.8) with spare parties only (:func:`spare_parties`), against boxes
      worth a party (:func:`raid_boxes`), when the enemy's shield facing the ship is already
      down (G8.21) within transporter range (G8.14); the ship drops its own facing shield for
      it only when that shield has :data:`DROP_TO_RAID` boxes or fewer left;
    * boarding parties beamed over (D7), all but 2 of those aboard as far as the transporters
      go, when 3 or more can go and the enemy has 2 or fewer parties left to defend, or half
      as many as go, or is crippled and outnumbered by the ship's parties (:func:`_worth_boarding`).

    Every order is checked with the session's own check (range, lock-on, shields, transporters
    and their energy, the raid's target box: D7.81, D7.823, G8) before it is given."""
    from ..rules.arcs import shield_struck

    state = session.state
    orders: dict = {}
    for unit in state.units:
        if unit.side != prompt.side or unit.kind != SHIP or not unit.active:
            continue
        me = ship(session, unit.id)
        if me is None or not me.spec.count("transporter"):
            continue
        sysrec = me.record.systems
        alloc = me.record.allocation
        uses = min((int(alloc.transporters) if alloc else 0) - sysrec.transporter_uses,
                   sum(1 for n in range(1, me.spec.count("transporter") + 1)
                       if f"transporter#{n}" not in unit.destroyed) - sysrec.transporter_uses)
        parties = spare_parties(me)
        if uses <= 0 or _aboard(me) <= 2:
            continue
        for foe in sorted(enemies(session, unit.side), key=lambda f: hex_range(f.unit.hex, unit.hex)):
            if hex_range(foe.unit.hex, unit.hex) > 5:
                break
            theirs = _shields_toward(foe, unit.hex, shield_struck)
            if not any(foe.record.shields.status[k - 1] != "up" or foe.record.shields.boxes[k - 1] == 0
                       for k in theirs):
                continue
            n = min(uses, parties)
            defenders = max((foe.spec.boarding_parties or 0) - foe.record.boarding_parties_lost
                            - foe.record.systems.parties_away, 0)
            boarders = min(uses, _aboard(me) - 2)  # a capture is worth all but 2 (D7.50)
            order: dict = {}
            if _worth_boarding(boarders, defenders, _aboard(me), foe.crippled):
                order["board"] = [{"target": foe.id, "parties": boarders}]
            else:
                boxes = raid_boxes(foe)
                if not boxes or n <= 0:
                    continue
                order["raids"] = [{"target": foe.id, "box": b} for b in boxes[:n]]
            mine = _shields_toward(me, foe.unit.hex, shield_struck)
            if not any(me.record.shields.status[k - 1] != "up" or me.record.shields.boxes[k - 1] == 0
                       for k in mine):
                weakest = min(mine, key=lambda k: me.record.shields.boxes[k - 1])
                if me.record.shields.boxes[weakest - 1] > DROP_TO_RAID:
                    continue
                order["drop"] = [weakest]
            trial = dict(orders, **{unit.id: order})
            if verdict(session, prompt, trial) is None:
                orders = trial
            break
    return orders


def _shields_toward(s, where, shield_struck) -> tuple[int, ...]:  # noqa: ANN001
    hit = shield_struck(s.unit.hex, s.unit.facing, where)
    return hit.shields or tuple(range(1, 7))
