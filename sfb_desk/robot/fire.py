"""The robot's fire declarations (D6.315), launches (FD2, FP1) and reserve reinforcement (H7.134).

**Fire.** For each of the side's ships, each live weapon that holds a load (heavy weapons:
the record's ``armed``, E1.2; phasers: the capacitor, H6) is considered against the nearest
enemy ship, and phasers also against drones closing on the ship (point defence, FD1.5):

* the expected damage of the shot comes from the weapon charts (:mod:`.view`, the analysis
  layer's matrices), overloaded when the weapon was armed so (E3.5, E4.4; an overload fires
  only within 8 hexes, D6.126, so an overloaded load waits until then);
* the cadet fires whatever can score; the other levels fire a heavy weapon when the shot is
  worth at least half of what the weapon does at its best range (three quarters for weapons
  that take two turns to arm again: photons at 4 or closer, E4.2; disruptors about 10, E3),
  and anything that would otherwise be lost at the end of the turn (a load that cannot be
  held, E3.24);
* fire is concentrated: the phasers that bear go with the heavy weapons in one volley (D4.22:
  one volley against one shield), and fire alone only inside the level's phaser range when
  no loaded heavy weapon is waiting, or at the end of the turn;
* point defence (captain, commodore): at a drone at range 1, or within 3 hexes when it could
  strike before the next fire step, the fewest and weakest phasers that destroy it with an 80%
  chance (FD1.54); the phasers each drone on its way will need are kept back;
* the commodore also holds its fire while the range is still closing fast (a forecast of both
  ships moving straight, C1.4) and the turn leaves time to fire later.

Each shot is added only if the session's own check of the declaration accepts it (fire
control D6.6, arcs D2, rate of fire E1.50, range, capacitor H6.3), so the answer is never
refused. **Launches**: a drone from each rack that may launch (FD2.42 rate, F3.2 control, D2
arc) at the nearest enemy in reach; a complete plasma torpedo (FP1) when the target is close
enough or the load would be lost. **Reserve**: battery power as specific reinforcement on the
shield struck (1 a point, D3.342) or general for enveloping damage (2 a point, D3.341), just
enough to stop the internals, within what the batteries hold (H7.134).
"""

from __future__ import annotations

import re

from ..analysis.weapon_matrices import UnsupportedWeapon, weapon_matrix
from ..rules.arcs import arc_mask
from ..rules.charts.impulse import moves_on
from ..rules.combat.weapons import option_weapon
from ..rules.energy.costs import PHASER_CAPACITY
from ..rules.energy.reserve import reserve_available
from ..rules.hexes import hex_range
from ..rules.seeking.defense import destroy_value
from ..rules.units import DRONE
from .levels import Level
from .webs import cast_candidates
from .view import (
    Ship,
    bears,
    expected,
    incoming_seekers,
    live_weapons,
    nearest_enemy,
    own_ships,
    ship,
    straight_ahead,
    verdict,
    weapon_curve,
)

#: A heavy weapon fires when its shot is worth this share of its best (ranges 2 and out).
WORTH = 0.5
WORTH_SLOW = 0.75
#: Expected damage a phaser shot needs to join a heavy volley, or to fire on its own.
PHASER_WITH_VOLLEY = 0.5
PHASER_ALONE = 1.5
#: From this impulse on, a load that cannot be held fires at any range it can score at.
LAST_CALL = 29
#: Commodore: impulses of forecast, and how much better a later shot must be to wait for it.
FORECAST = 4
WAIT_GAIN = 1.25
#: Drones fly at speed 20 for several turns (FD2); launch within this range.
DRONE_RANGE = 15
PLASMA_RANGE = 10
#: Point defence: phasers fire at drones this close, for this margin over what destroys them,
#: and are kept back for drones within the inbound range.
DEFENCE_RANGE = 3
#: Point defence fires the fewest phasers that destroy the drone with this chance (FD1.54).
KILL_CHANCE = 0.8
INBOUND_RANGE = 12
REFIRE_GAP = 8  # no weapon fires twice within 8 impulses (E1.50)
DRONE_SPEED = 20
OVERLOAD_RANGE = 8


def fire_answer(prompt, session, lv: Level) -> dict:  # noqa: ANN001
    """``{ship: [shots]}`` for the side's ships that fire this impulse ({} when none)."""
    out: dict[str, list[dict]] = {}
    for me in own_ships(session, prompt.side):
        shots = _ship_shots(prompt, me, session, lv, out)
        if shots:
            out[me.id] = shots
    if out and verdict(session, prompt, out) is not None:
        return {}  # cannot happen: every shot was checked in turn; never risk a refusal
    return out


def _ship_shots(prompt, me: Ship, session, lv: Level, others: dict) -> list[dict]:  # noqa: ANN001
    enemy = nearest_enemy(session, me.unit)
    impulse = session.state.impulse
    chosen: list[dict] = []

    def allowed(shot: dict) -> bool:
        return verdict(session, prompt, {**others, me.id: chosen + [shot]}) is None

    def accept(shot: dict) -> bool:
        if not allowed(shot):
            return False
        chosen.append(shot)
        return True

    weapons = live_weapons(me)
    phasers = sorted((w for w in weapons if w.type in PHASER_CAPACITY),
                     key=lambda w: weapon_curve(w.type.strip().upper())[1])
    spent: set[str] = set()
    reserved: set[str] = set()
    if lv.point_defence:
        spent, reserved = _point_defence(me, session, phasers, accept, allowed)
    if enemy is None:
        return chosen
    rng = hex_range(me.unit.hex, enemy.unit.hex)
    later = _forecast(me, enemy, impulse) if lv.timing else rng
    ready: list[tuple[dict, bool, float]] = []  # (shot, is phaser, expected damage)
    waiting = False  # a loaded heavy weapon bears but holds out for a better shot
    for w in weapons:
        box = w.box_ids[0]
        if box in spent or box in reserved or w.family in ("drone", "plasma", "add"):
            continue  # reserved: kept for the drones on their way (FD1.5)
        is_phaser = w.type in PHASER_CAPACITY
        if w.type == "WEB-CASTER":  # a web across a closing enemy's path (E12), or a fist
            if any(accept(c) for c in cast_candidates(me, enemy, box, _stored(session, me, box))):
                continue
            fist = _web_fist(session, me, box, rng, impulse)
            if fist and bears(w, me.unit, enemy.unit.hex):
                ready.append(({"box": box, "target": enemy.id}, False, fist))
            continue
        if not is_phaser and box not in me.record.armed:
            continue
        if not bears(w, me.unit, enemy.unit.hex):
            continue
        arming = None if is_phaser else session.arming_now(me.id, box)
        w = option_weapon(w, arming)  # G15.4: an option mount fires as what it holds
        overload = bool(arming is not None and arming.overload)
        now = expected(w, rng, overload=overload) if rng <= OVERLOAD_RANGE or not overload else 0
        shot = {"box": box, "target": enemy.id}
        if overload:
            shot["mode"] = "overload"  # an overload fires within 8 hexes only (D6.126)
        if is_phaser:
            if now > 0:
                ready.append((shot, True, now))
            continue
        worth = now > 0 and (lv.fire_any or _worth(w, rng, now, overload, lv, impulse, arming))
        if worth and lv.timing and impulse < LAST_CALL - 2 and later < rng:
            if expected(w, later, overload=overload) > WAIT_GAIN * now:
                worth = False  # the range is closing: a better shot comes soon
        if worth:
            ready.append((shot, False, now))
        else:
            waiting = waiting or (box in me.record.armed and not lv.fire_any)
    heavy_now = [r for r in ready if not r[1]]
    phasers_now = [r for r in ready if r[1]]
    if lv.fire_any:
        volley = ready
    elif heavy_now:
        # Concentrate: the phasers that bear go with the heavy weapons, one volley (D4.22),
        # so that the damage gets through the shield.
        volley = heavy_now + [r for r in phasers_now if r[2] >= PHASER_WITH_VOLLEY]
    elif impulse >= LAST_CALL + 2 or (rng <= lv.phaser_range and not waiting):
        volley = [r for r in phasers_now if r[2] >= PHASER_ALONE or impulse >= LAST_CALL + 2]
    else:
        volley = []
    for shot, _, _ in volley:
        accept(shot)
    return chosen


def _web_fist(session, me: Ship, box: str, rng: int, impulse: int) -> float:  # noqa: ANN001
    """The expected damage of a web fist now (E14.22 to hit, E14.31 damage), or 0: only at
    1-10 hexes (its best band), or 11-20 late in the turn, while the caster stores energy."""
    from ..rules.charts.c2 import web_fist_hit

    energy = _stored(session, me, box)
    if not energy or not 1 <= rng <= (20 if impulse >= LAST_CALL else 10):
        return 0.0
    return sum(web_fist_hit(rng, die, energy).damage for die in range(1, 7)) / 6


def _stored(session, me: Ship, box: str) -> int:  # noqa: ANN001
    arming = session.arming_now(me.id, box)
    return int(arming.stored_at(session.state.turn)) if arming is not None else 0


def _point_defence(me: Ship, session, phasers, accept, allowed):  # noqa: ANN001, ANN202
    """FD1.5 point defence, one drone aimed at the ship at a time (nearest first).

    A phaser does most to a drone at the shortest range (E2 charts), so the ship waits while a
    later fire step is certain: it fires at a drone at range 1, or at :data:`DEFENCE_RANGE` or
    less when the drone could strike before the next fire step (the drone and the ship may
    both move on the next impulse, C1.4). It fires the fewest, weakest phasers that destroy
    the drone (FD1.54) with a chance of :data:`KILL_CHANCE` or more (:func:`_kill_set`).
    Phasers are kept back for drones that can reach the ship this turn: the set each needs at
    range 1, of the phasers whose arcs hold it now (D2), the widest arcs first."""
    spent: set[str] = set()
    drones = [d for d in incoming_seekers(session, me.id) if d.kind == DRONE]
    seeking = session.combat.seeking
    impulse = session.state.impulse
    waiting = []
    for drone in sorted(drones, key=lambda d: (hex_range(me.unit.hex, d.hex), d.id)):
        rng = hex_range(me.unit.hex, drone.hex)
        record = seeking.record(drone.id)
        if rng > DEFENCE_RANGE or record is None:
            continue
        if rng > 1 and rng - _closing(me.unit, drone, impulse) >= 1:
            waiting.append(drone)  # a closer, surer shot comes on a later impulse
            continue
        left = (destroy_value(record) or 0) - record.damage
        free = [w for w in phasers if w.box_ids[0] not in spent and bears(w, me.unit, drone.hex)
                and allowed({"box": w.box_ids[0], "target": drone.id})]
        for w in _kill_set(free, rng, left):
            if accept({"box": w.box_ids[0], "target": drone.id}):
                spent.add(w.box_ids[0])
    # Only drones that can reach the ship before a phaser fired now could fire again keep
    # phasers back (FD2: speed 20, one hex on most impulses, C1.4): the turn's end (E2.22,
    # fresh capacitors, H6), or 8 impulses on late in the turn (E1.50).
    horizon = max(33 - impulse, REFIRE_GAP)
    reach = min(INBOUND_RANGE, (DRONE_SPEED * horizon) // 32 + 1)
    free = [w for w in phasers if w.box_ids[0] not in spent]
    reserved: set[str] = set()
    for drone in drones:
        rng = hex_range(me.unit.hex, drone.hex)
        record = seeking.record(drone.id)
        if record is None or not (drone in waiting or DEFENCE_RANGE < rng <= reach):
            continue
        left = (destroy_value(record) or 0) - record.damage
        keep = _kill_set(sorted((w for w in free if w.box_ids[0] not in reserved
                                 and bears(w, me.unit, drone.hex)), key=_keep_first), 1, left)
        reserved.update(w.box_ids[0] for w in keep)
    return spent, reserved


def _keep_first(w) -> tuple[float, int]:  # noqa: ANN001
    """The order phasers are kept back for drones: the weakest first, and of equals the widest
    arc (D2: it still bears when the ship has turned)."""
    return (weapon_curve(w.type.strip().upper())[1],
            -bin(arc_mask(w.arcs, w.extra_bearings)).count("1"))


def _closing(me, drone, impulse: int) -> int:  # noqa: ANN001
    """Hexes the drone and the ship may close on the next impulse: one each that moves then
    (C1.4); both at a turn's end (next turn's speeds are not known yet)."""
    nxt = impulse + 1
    if nxt > 32:
        return 2
    return int(bool(drone.speed) and moves_on(drone.speed, nxt)) + int(
        bool(me.speed) and moves_on(me.speed, nxt))


def _kill_set(phasers, rng: int, left: int) -> list:  # noqa: ANN001
    """The fewest of ``phasers`` (weakest first) whose damage at ``rng`` reaches ``left`` with
    a chance of :data:`KILL_CHANCE` or more (E2 charts, 1d6 each); all of them when even that
    falls short."""
    if left <= 0:
        return []
    chosen: list = []
    sums = {0: 1.0}
    for w in phasers:
        chosen.append(w)
        row = _damage_row(w.type.strip().upper(), rng)
        nxt: dict[int, float] = {}
        for total, p in sums.items():
            for dmg in row:
                key = min(total + dmg, left)
                nxt[key] = nxt.get(key, 0.0) + p / len(row)
        sums = nxt
        if sums.get(left, 0.0) >= KILL_CHANCE:
            break
    return chosen


def _damage_row(code: str, rng: int) -> tuple[int, ...]:
    """The damage of a phaser of type ``code`` at ``rng`` for each die roll (E2 charts)."""
    row = _DAMAGE_ROWS.get((code, rng))
    if row is None:
        try:
            m = weapon_matrix(code, max(rng, 1))
            row = tuple(int(x) for x in m.damage[rng])
        except (UnsupportedWeapon, ValueError):
            row = (0,)
        _DAMAGE_ROWS[(code, rng)] = row
    return row


_DAMAGE_ROWS: dict[tuple[str, int], tuple[int, ...]] = {}


def _worth(w, rng: int, now: float, overload: bool, lv: Level, impulse: int,  # noqa: ANN001
           arming) -> bool:  # noqa: ANN001
    """Is a heavy weapon's shot worth firing now (module docstring)?"""
    best = max(weapon_curve(w.type.strip().upper(), overload, w.max_range)[2:16])
    if now >= _share(arming) * best:
        return True
    holdable = _holdable(w, arming)
    return not holdable and impulse >= LAST_CALL


def _share(arming) -> float:  # noqa: ANN001
    """The share of its best a shot must be worth: more for a weapon that takes more than a
    turn to arm again (photons E4.2, hellbores E10.2), which holds out for a closer shot."""
    from ..rules.energy.costs import ARMING

    table = ARMING.get(arming.mode or arming.type) if arming is not None else None
    return WORTH_SLOW if table is not None and len(table.turns) > 1 else WORTH


def _holdable(w, arming) -> bool:  # noqa: ANN001
    """Can the load wait for next turn (E4.22 photons; not disruptors E3.24, not overloaded
    fusion E7.412, not plasma-R FP2.51)?"""
    from ..rules.energy.costs import ARMING

    if arming is None:
        return False
    table = ARMING.get(arming.mode or arming.type)
    if table is None:
        return False
    if arming.overload:
        return table.overload_hold is not None
    return table.hold is not None


def _forecast(me: Ship, enemy: Ship, impulse: int) -> int:
    """The shortest range over the next few impulses if both ships fly straight (C1.4)."""
    best = hex_range(me.unit.hex, enemy.unit.hex)
    for k in range(1, FORECAST + 1):
        if impulse + k > 32:
            break
        a = straight_ahead(me.unit, k, impulse)
        b = straight_ahead(enemy.unit, k, impulse)
        best = min(best, hex_range(a.hex, b.hex))
    return best


# -- launches --------------------------------------------------------------------------------


def launch_answer(prompt, session, lv: Level) -> dict:  # noqa: ANN001
    """``{ship: {"drones": [...], "plasma": [...]}}`` for the side's ships ({} when none)."""
    if not lv.drones:
        return {}
    side = prompt.side
    out: dict[str, dict] = {}
    state = session.state
    for me in own_ships(session, side):
        enemy = nearest_enemy(session, me.unit)
        if enemy is None:
            continue
        rng = hex_range(me.unit.hex, enemy.unit.hex)
        record: dict[str, list] = {}

        def accept(kind: str, item: dict, me=me, record=record) -> bool:  # noqa: ANN001
            trial_record = {**record, kind: record.get(kind, []) + [item]}
            trial = {**out, me.id: trial_record}
            if verdict(session, prompt, trial) is not None:
                return False
            record[kind] = trial_record[kind]
            return True

        reach = 25 if lv.fire_any else DRONE_RANGE
        for w in live_weapons(me):
            box = w.box_ids[0]
            tag = f"{me.id}.T{state.turn}I{state.impulse}.{w.family}{w.designator}"
            if w.family == "drone" and rng <= reach:
                rack = session.combat.seeking.rack(me.id, box)
                if rack is None or not rack.drones:
                    continue
                accept("drones", {"box": box, "id": tag, "target": enemy.id})
            elif w.family == "plasma" and box in me.record.armed:
                arming = session.arming_now(me.id, box)
                late = state.impulse >= LAST_CALL and not _holdable(w, arming)
                if rng <= PLASMA_RANGE or (late and rng <= 2 * PLASMA_RANGE):
                    accept("plasma", {"box": box, "id": tag, "target": enemy.id})
        if record:
            out[me.id] = record
    if out and verdict(session, prompt, out) is not None:
        return {}
    return out


# -- reserve reinforcement -------------------------------------------------------------------

_DAMAGE = re.compile(r"^(\d+) damage scored on \S+ (shield #(\d)|all shields)")


def reserve_answer(prompt, session, lv: Level) -> dict:  # noqa: ANN001
    """H7.134: enough battery power to stop the volley's internals, or none."""
    if not lv.reserve:
        return {}
    me = ship(session, prompt.unit)
    match = _DAMAGE.match(prompt.purpose)
    if me is None or match is None or me.record.allocation is None:
        return {}
    damage = int(match.group(1))
    available = reserve_available(me.record.energy, me.record.allocation, me.spec)
    if available < 1:
        return {}
    shields = me.shields
    if match.group(3):
        k = int(match.group(3))
        if shields.is_down(k):
            return {}
        need = damage - shields.strength(k) - shields.general
        points = min(max(need, 0), int(available))
        return {"specific": points} if points > 0 else {}
    weakest = min(shields.strength(k) for k in range(1, 7))
    need = damage - weakest - shields.general
    points = min(max(need, 0), int(available // 2))
    return {"general": points} if points > 0 else {}

