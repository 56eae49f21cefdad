"""The robot's energy allocation (B3) and speed plot (C12.12).

It starts from the energy template (:func:`sfb_desk.rules.energy.template`: life support, fire
control, shields, weapons on their cycles, capacitor, speed from what is left) and adapts it to
the fight and the level:

* **speed** (C12.12, C2.21): the cadet keeps the template's top speed; other levels run fast
  while far from the range they want and slow down near it, freeing power;
* **overloads** (E3.5 disruptors, E4.4 photons on their last arming turn or held, E7.4
  fusion): armed when the enemy is near enough to be inside 8 hexes this turn (D6.126);
* **photons** (captain, commodore): overloads are paid for by slowing down to
  :data:`PHOTON_SLOW_FLOOR` (E4.41: 16 damage within 8); on a turn when no photon can be ready
  (the first of the two arming turns, E4.2) the ship plots its top speed to keep the range open;
* **reinforcement** (D3.34): the power left goes to the batteries (H5, kept for reserve
  reinforcement H7.134) and then to reinforcement: general (D3.341, 2 a point) or, for the
  commodore, specific on the shield that faces the enemy (D3.342, 1 a point).

Every candidate goes through :func:`sfb_desk.rules.energy.validate` (errors only) and the
session's own check of the pending prompt before it is answered; if a candidate is refused the
next, plainer one is tried, down to the bare template and then the template at the slowest
legal speed (decisions.md, "Robot opponent").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..engine.codec import encode
from ..rules.ship import SHIELD_COUNT
from ..rules.energy import Allocation, ledger, template, validate
from ..rules.energy.allocation import WeaponOrder
from ..rules.energy.costs import ARMING, GENERAL_REINFORCEMENT, MAX_WARP_HEXES
from ..rules.hexes import hex_range
from ..rules.results import Refusal
from .levels import Level
from .systems import cloak_wanted, tractor_power, transporter_power
from .view import Ship, best_range, facing_shield, nearest_enemy, ship, verdict

ZERO = Fraction(0)
#: Disruptors, photons and fusion beams may overload within 8 hexes (D6.126); the robot arms
#: them overloaded when the enemy is at most this far at the start of the turn (it closes).
OVERLOAD_START_RANGE = 12
OVERLOADABLE = frozenset({"DISRUPTOR", "PHOTON", "FUSION"})
#: The slowest a photon ship plots to pay for its overloads (E4.41): still fast enough to turn
#: and keep the enemy in its arcs.
PHOTON_SLOW_FLOOR = 8
#: What the robot arms an Orion option mount with (G15.4: the owner's choice among the weapons
#: of its operating zone): a disruptor, armed each turn, fires every turn (E3).
OPTION_LOAD = "DISRUPTOR"
#: Hexes of speed the ship gives up at most to power its tractors against drones (G7.15).
TRACTOR_SPEED = 3


def allocation_answer(prompt, session, lv: Level) -> dict:  # noqa: ANN001
    """The robot's allocation for ``prompt.unit`` as the prompt's answer (a dict of lines)."""
    me = ship(session, prompt.unit)
    assert me is not None, f"no ship record for {prompt.unit}"
    energy = session.energy_state(me.id)  # crippled now (S2.4): emergency life support
    base = _with_option_mounts(template(me.spec, energy), me, energy)
    enemy = nearest_enemy(session, me.unit)
    last: Refusal | None = None
    for candidate in _candidates(base, me, enemy, energy, lv, session):
        value = _answer(candidate)
        refused = verdict(session, prompt, value)
        if refused is None:
            return value
        last = refused
    raise NoLegalAnswer(prompt.key, f"{last.rule}: {last.message}" if last else "")


class NoLegalAnswer(RuntimeError):
    """No candidate the session accepts was found; the message says why. The session accepts a
    bare form for every ship (emergency life support when crippled, S2.4; life support alone
    when even that cannot be paid, decisions.md B3.3), so this means a gap in the robot or the
    engine."""

    def __init__(self, key: str, why: str) -> None:
        super().__init__(f"{key}: no legal answer ({why})")
        self.key = key
        self.why = why


def _with_option_mounts(alloc: Allocation, me: Ship, energy) -> Allocation:  # noqa: ANN001
    """G15.4: the template leaves an Orion's option mounts to the player; the robot arms each
    undestroyed one with :data:`OPTION_LOAD` (decisions.md, "Robot opponent")."""
    from ..rules.energy.state import weapon_destroyed

    have = {o.box for o in alloc.weapons}
    extra = tuple(WeaponOrder(w.box, "arm", mode=OPTION_LOAD) for w in energy.weapons
                  if w.type == "OPTION" and w.box not in have
                  and not weapon_destroyed(me.spec, w.box, me.unit.destroyed))
    return replace(alloc, weapons=alloc.weapons + extra) if extra else alloc


def _fit_speed(alloc: Allocation, me: Ship, energy) -> Allocation:  # noqa: ANN001
    """Take speed off until the allocation is within the power (the template's priorities)."""
    speed = alloc.top_speed
    while ledger(alloc, me.spec, energy).unallocated < 0 and speed > 0:
        speed -= 1
        alloc = _with_speed(alloc, me, speed, speed)
    return alloc


def _answer(alloc: Allocation) -> dict:
    doc = encode(alloc)
    doc.pop("ship", None)
    doc.pop("turn", None)
    doc.pop("note", None)
    return doc


def _candidates(base: Allocation, me: Ship, enemy: Ship | None, energy, lv: Level, session):  # noqa: ANN001
    options = session.initial.options
    top = base.top_speed
    rng = hex_range(me.unit.hex, enemy.unit.hex) if enemy is not None else 99
    want = best_range(me, enemy) if enemy is not None else 0
    speed = top if lv.full_speed else _cruise(top, rng, want, enemy)
    overload = lv.overload and _closing_in(me, enemy, rng)
    photons = _photon_orders(base, energy)
    if photons and not lv.full_speed and not _photons_ready(photons, energy):
        speed = top  # E4.2: no photon fires this turn; keep the range open (moves.py)
    shield = _threat_shield(me, enemy)
    tractor = tractor_power(session, me, lv)
    transport = transporter_power(session, me, lv)
    seen: list[Allocation] = []
    plans = [(overload, speed, None), (False, speed, None), (False, top, None)]
    if overload and photons and not lv.full_speed:
        # E4.41: an overloaded photon (16 damage within 8, D6.126) is worth giving up speed
        # for; the plain plans follow when even the slowed form is refused.
        plans.insert(0, (True, speed, PHOTON_SLOW_FLOOR))
    cloak = cloak_wanted(session, me, lv)
    if cloak:  # G13.21: a cloaked turn while the torpedoes re-arm (systems.py)
        plans.insert(0, (False, speed, "cloak"))
    for ovl, spd, floor in plans:
        alloc = _with_speed(base, me, spd, top)
        if floor == "cloak":
            alloc, floor = replace(alloc, cloak=True), None
        alloc = _fit_speed(alloc, me, energy)
        if ovl:
            alloc = _with_overloads(alloc, me, energy, floor=floor, top=top)
        alloc = _spend_rest(alloc, me, energy, lv, shield, tractor, transport)
        if alloc not in seen and _valid(alloc, me, energy, options):
            seen.append(alloc)
            yield alloc
    yield base
    # Slower and slower: the acceleration limits (C2.21) or lost power may forbid the speed.
    plain = replace(base, general_reinforcement=0, battery_recharge=ZERO)
    for spd in range(top - 1, -1, -1):
        yield _with_speed(plain, me, spd, top)
    yield from _shed(_with_speed(plain, me, 0, top), me, energy)


def _shed(alloc: Allocation, me: Ship, energy):  # noqa: ANN001, ANN202
    """A ship short of power (damage, D22) sheds load until the form balances (B3.1): the
    batteries are discharged (H5), weapon orders dropped (dearest first), the capacitor left
    as it is (H6), shields to minimum then off (D3.33), fire control low then off (D6.6, D6.7),
    and, when crippled, emergency life support (B3.3, S2.4)."""
    def short(a: Allocation) -> Fraction:
        return -ledger(a, me.spec, energy).unallocated

    def discharge(a: Allocation) -> Allocation:
        led = ledger(replace(a, battery_discharge=ZERO), me.spec, energy)
        need = max(-led.unallocated, ZERO)
        return replace(a, battery_discharge=min(need, led.supply.battery_charge))

    alloc = discharge(alloc)
    yield alloc
    led = ledger(alloc, me.spec, energy)
    dearest = sorted(alloc.weapons, key=lambda o: -led.costs.get(f"weapon:{o.box}", ZERO))
    for order in dearest:
        if short(alloc) <= 0:
            break
        alloc = discharge(replace(alloc, weapons=tuple(o for o in alloc.weapons if o != order)))
        yield alloc
    cuts = [{"phaser_capacitor": ZERO}, {"shields": "minimum"}, {"shields": "off"},
            {"fire_control": "low"}, {"fire_control": "off"}]
    if me.crippled:
        cuts.append({"life_support": "emergency"})
    for cut in cuts:
        if me.spec.shields is None and "shields" in cut:
            continue
        alloc = discharge(replace(alloc, **cut))
        yield alloc


def _closing_in(me: Ship, enemy: Ship | None, rng: int) -> bool:
    """Will the fight come within overload range (8, D6.126) this turn? Near at the start, or
    closing at half the two ships' speeds (C1.4) would bring it there."""
    if enemy is None:
        return False
    if rng <= OVERLOAD_START_RANGE:
        return True
    closing = (me.unit.speed + enemy.unit.speed) // 2
    return rng - closing <= 8


def _valid(alloc: Allocation, me: Ship, energy, options) -> bool:  # noqa: ANN001
    return not any(i.is_error for i in validate(alloc, me.spec, energy, rules=options))


def _cruise(top: int, rng: int, want: int, enemy: Ship | None) -> int:
    """A speed that closes fast from afar and slows near the wanted range (C12.12)."""
    if enemy is None:
        return top
    gap = rng - want
    if gap > 10:
        return top
    enemy_speed = enemy.unit.speed
    if gap > 4:
        return min(top, max(16, enemy_speed))
    return min(top, max(10, min(enemy_speed, 14)))


def _with_speed(alloc: Allocation, me: Ship, speed: int, top: int) -> Allocation:
    """``alloc`` plotting ``speed`` all turn; the impulse hex kept when the template used it
    (C2.111), the warp hexes within 30 (C2.112)."""
    speed = max(0, min(speed, top))
    imp = 1 if alloc.impulse_hexes and speed >= 1 else 0
    if speed - imp > MAX_WARP_HEXES:
        speed = MAX_WARP_HEXES + imp
    return replace(alloc, speed_plot=((1, speed),), impulse_hexes=imp)


def _photon_orders(alloc: Allocation, energy) -> list:  # noqa: ANN001
    """The allocation's photon orders (E4): arm or hold of a PHOTON load."""
    out = []
    for order in alloc.weapons:
        arming = energy.arming(order.box)
        if arming is not None and (arming.mode or arming.type) == "PHOTON":
            out.append(order)
    return out


def _photons_ready(orders, energy) -> bool:  # noqa: ANN001
    """Will a photon be loaded this turn: held (E4.22) or on its last arming turn (E4.2)?"""
    table = ARMING["PHOTON"]
    for order in orders:
        arming = energy.arming(order.box)
        if order.action == "hold" or (order.action == "arm"
                                      and arming.stage + 1 >= len(table.turns)):
            return True
    return False


def _with_overloads(alloc: Allocation, me: Ship, energy, *, floor: int | None = None,  # noqa: ANN001
                    top: int = 0) -> Allocation:
    """Overload the weapons the arming rules allow this turn (E3.51, E4.411/E4.412, E7.41: an
    order that would finish or hold a load, of a type that overloads), one by one while the
    power left after the plotted speed pays for it. With ``floor``, photons (E4.41) may take
    speed off down to ``floor`` to be paid for; other weapons never slow the ship."""
    out = alloc
    for order in alloc.weapons:
        arming = energy.arming(order.box)
        if arming is None:
            continue
        kind = arming.mode or arming.type
        if kind not in OVERLOADABLE or order.action not in ("arm", "hold"):
            continue
        table = ARMING.get(kind)
        if table is None:
            continue
        finishing = order.action == "hold" or arming.stage + 1 >= len(table.turns)
        if not finishing:
            continue
        trial = out.with_order(replace(order, overload=True, energy=None))
        if floor is not None and kind == "PHOTON":
            speed = trial.top_speed
            while ledger(trial, me.spec, energy).unallocated < 0 and speed > floor:
                speed -= 1
                trial = _with_speed(trial, me, speed, top)
        if ledger(trial, me.spec, energy).unallocated >= 0:
            out = trial
    return out


def _threat_shield(me: Ship, enemy: Ship | None) -> int:
    """The shield facing the enemy now (the first of a boundary pair), #1 when unknown."""
    if enemy is None:
        return 1
    shields = facing_shield(me.unit, enemy.unit.hex)
    return shields[0] if shields else 1


def _spend_rest(alloc: Allocation, me: Ship, energy, lv: Level, shield: int,  # noqa: ANN001
                tractor: int = 0, transport: int = 0) -> Allocation:
    """Power left after weapons and movement: batteries first (H5, reserve for H7.134), then
    reinforcement (D3.34)."""
    alloc = replace(alloc, battery_recharge=ZERO, general_reinforcement=0,
                    specific_reinforcement=(0,) * SHIELD_COUNT)
    alloc = _fit_speed(alloc, me, energy)
    led = ledger(alloc, me.spec, energy)
    left = led.unallocated
    if left < 0:
        return alloc
    if tractor:  # G7.15: power for the tractors against drones (systems.py)
        held = replace(alloc, tractors=alloc.tractors + tractor)
        slowed = _fit_speed(held, me, energy)
        # A held drone does not strike (G7.52): worth up to TRACTOR_SPEED hexes of speed.
        if slowed.top_speed >= alloc.top_speed - TRACTOR_SPEED:
            alloc = slowed
            led = ledger(alloc, me.spec, energy)
            left = led.unallocated
    if transport and left >= 1:  # G8.13: 1 power runs up to 5 transporter uses (systems.py)
        alloc = replace(alloc, transporters=transport)
        left = ledger(alloc, me.spec, energy).unallocated
    s = led.supply
    recharge = min(left, s.battery_capacity - s.battery_charge)
    recharge = max(recharge, ZERO)
    left -= recharge
    alloc = replace(alloc, battery_recharge=recharge)
    if me.spec.shields is None or left < 1:
        return alloc
    if lv.specific and not me.shields.is_down(shield):
        specific = [0] * SHIELD_COUNT
        specific[shield - 1] = int(left)
        return replace(alloc, specific_reinforcement=tuple(specific))
    return replace(alloc, general_reinforcement=int(left // GENERAL_REINFORCEMENT))
