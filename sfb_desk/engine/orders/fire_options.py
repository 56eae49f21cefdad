"""What each ship may fire now, at whom, and what the shot could do (D2, D6, E1, H6).

Pure Python (no Qt): the orders panel lists these weapons and the pass policy
(:mod:`.pass_policy`) asks "can this side fire at all?". The checks are the engine's
(:meth:`sfb_desk.engine.combat_steps.CombatSteps._check_shots` and the seeking mixin's), made
per weapon and per target instead of per declaration, from the same rules functions:

* not ready, whatever the target: the ship broke down (C6.5471), a wild weasel protects it
  (J3.132), the mount is destroyed (D4.2), a heavy weapon holds no complete load this turn
  (:attr:`ShipRecord.armed`, E1.2), the phaser capacitor is short (H6.3), fire control is off
  (D6.6) or not yet usable (D6.633), or the weapon fired too recently (E1.50, E2.22);
* per target: :func:`sfb_desk.rules.combat.check_shot` (arc D2, minimum and maximum range,
  effective range D1.4 with the lock-on D6.123 and scanner D6.21, overload limit D6.126);
* "could do damage": the best die on the weapon's chart at that range, with the EW shift
  (D6.34; FD1.51 against drones), scores at least one point (or destroys the drone, E5).
  A shot that cannot do damage on any die is legal but is not a firing opportunity
  (decisions.md).

Anti-drone rounds (E5) come from the seeking state's racks, at drones 1-3 hexes away.
Lock-on: what :class:`OrdersContext` says (the panel reads the turn's ``lock_on`` events; the
pass policy, which has no log, assumes a lock-on, which only ever shows more opportunities).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..records import Combat, ShipRecord
from ...rules.charts.ew import ew_shift
from ...rules.charts.tables import DICE_RANGE
from ...rules.combat import (
    ACTIVE,
    LOW_POWER,
    OFF,
    FireControl,
    FireSituation,
    ShotOrder,
    check_shot,
    direct_fire_shift,
    direct_fire_weapon,
    fire_weapon,
    scanner_factor,
    situation,
    total_ecm,
)
from ...rules.combat.ranges import check_fire_control
from ...rules.combat.rate import check_rate_of_fire
from ...rules.combat.weapons import OVERLOAD_MODES, DirectFireWeapon
from ...rules.energy.arming import WeaponArming
from ...rules.energy.arming_step import step as arming_step
from ...rules.energy.costs import PHASER_CAPACITY
from ...rules.energy.state import weapon_destroyed
from ...rules.game_state import GameState
from ...rules.hexes import hex_range
from ...rules.results import Refusal
from ...rules.seeking import add_refusal, drone_ecm_penalty, weasel_fire_refusal
from ...rules.ship import ShipSpec, Weapon
from ...rules.units import DRONE, SHIP, Unit, clock_of

#: Anti-drones fire at range 1 to 3 (E5), as the session checks.
ADD_RANGE = (1, 3)
#: Modes the panel does not offer: they need sensors or refits this program does not track.
UNOFFERED_MODES = frozenset({"uim", "derfacs", "uim-overload"})
_ADD = direct_fire_weapon("ADD")


@dataclass(frozen=True, slots=True)
class OrdersContext:
    """What the orders editors and the pass policy read: the state, the ship records and
    seeking state, the ship classes by spec id, and the ships without a lock-on this turn."""

    state: GameState
    combat: Combat | None = None
    specs: Mapping[str, ShipSpec] = field(default_factory=dict)
    no_lock_on: frozenset[str] = frozenset()

    @property
    def clock(self) -> int:
        return clock_of(self.state.turn, self.state.impulse)

    def unit(self, uid: str | None) -> Unit | None:
        return self.state.find(uid) if uid else None

    def record(self, uid: str) -> ShipRecord | None:
        return self.combat.ship(uid) if self.combat is not None else None

    def spec_of(self, record: ShipRecord) -> ShipSpec | None:
        return self.specs.get(record.spec_id)

    def side_units(self, side: str | None) -> list[Unit]:
        """Active ships and shuttles of ``side`` under orders (not seekers), in id order."""
        return sorted((u for u in self.state.units
                       if u.active and not u.is_seeker and u.side == side), key=lambda u: u.id)


@dataclass(frozen=True, slots=True)
class TargetOption:
    """One weapon against one target: the situation, the refusal (None: it may fire) and the
    damage by die roll (empty when it may not fire)."""

    target: str
    where: FireSituation
    refusal: Refusal | None
    damage: tuple[int, ...] = ()

    @property
    def in_arc(self) -> bool:
        return self.refusal is None or self.refusal.rule != "D2"

    @property
    def can_fire(self) -> bool:
        return self.refusal is None

    @property
    def can_damage(self) -> bool:
        return self.refusal is None and any(self.damage)


@dataclass(frozen=True, slots=True)
class WeaponOption:
    """One weapon of a ship: why it is not ready (None: ready), its modes (the first is the
    default) and its options per target, in the order of :func:`targets_of`."""

    box: str
    weapon: Weapon
    not_ready: Refusal | None
    modes: tuple[str, ...] = ("standard",)
    targets: tuple[TargetOption, ...] = ()
    add: bool = False  # an anti-drone round from a rack (E5)

    @property
    def title(self) -> str:
        found = direct_fire_weapon(self.weapon.type)
        return "Anti-drone" if self.add else (found.title if found else self.weapon.type)

    def option(self, target: str) -> TargetOption | None:
        return next((t for t in self.targets if t.target == target), None)

    def best_target(self) -> str | None:
        """The first target it can damage, else the first it can fire at, else the first."""
        for test in (lambda t: t.can_damage, lambda t: t.can_fire, lambda t: True):
            found = next((t.target for t in self.targets if test(t)), None)
            if found is not None:
                return found
        return None


def targets_of(ctx: OrdersContext, unit: Unit) -> list[Unit]:
    """Enemy units the session resolves fire at: active ships of other sides, then seeking
    weapons and shuttles with a seeking record (D6.315), in id order within each."""
    seeking = ctx.combat.seeking if ctx.combat is not None else None
    out = [u for u in ctx.state.units if u.active and u.side != unit.side and u.id != unit.id
           and (u.kind == SHIP or (seeking is not None and seeking.record(u.id) is not None))]
    return sorted(out, key=lambda u: (u.kind != SHIP, u.id))


def arming_now(record: ShipRecord, spec: ShipSpec, unit: Unit, box: str,
               turn: int) -> WeaponArming | None:
    """What ``box`` holds this turn: the start-of-turn arming stepped by this turn's
    allocation, as the energy step does (B3), or None."""
    held = record.energy.arming(box)
    if held is None or record.allocation is None:
        return None
    return arming_step(held, record.allocation.order(box), turn=turn,
                       destroyed=weapon_destroyed(spec, box, unit.destroyed)).state


def offered_modes(w: DirectFireWeapon, arming: WeaponArming | None) -> tuple[str, ...]:
    """The fire modes to offer: an overloaded load fires as its overload (E3.5, E4.4, E7.4),
    a suicide fusion as suicide (E7.42); otherwise the ordinary modes (a photon's proximity
    fuse, E4.3, is chosen when it fires)."""
    if arming is not None and arming.mode == "suicide" and "suicide" in w.modes:
        return ("suicide",)
    if arming is not None and arming.overload:
        over = w.overload_of(w.default_mode)
        if over:
            return (over,)
    return tuple(m for m in w.modes if m not in OVERLOAD_MODES and m not in UNOFFERED_MODES)


def fire_control(record: ShipRecord) -> FireControl:
    fc = record.allocation.fire_control if record.allocation is not None else "active"
    return FireControl({"active": ACTIVE, "low": LOW_POWER, "off": OFF}.get(fc, ACTIVE))


def _destroyed_track(unit: Unit, track: str) -> int:
    return sum(1 for b in unit.destroyed if b.split("#")[0] == track)


def sensor_facts(ctx: OrdersContext, unit: Unit, record: ShipRecord, spec: ShipSpec,
                 target: Unit) -> dict[str, object]:
    """Lock-on (D6.1), scanner factor (D6.21) and EW shift (D6.34) of a shot, as the session's
    sensor mixin computes them."""
    scanner = (scanner_factor(spec.scanner_track, _destroyed_track(unit, "scanner"))
               if spec.scanner_track else 0)
    alloc = record.allocation
    eccm = alloc.eccm if alloc is not None else 0
    trecord = ctx.record(target.id)
    ecm = trecord.allocation.ecm if trecord is not None and trecord.allocation is not None else 0
    passive = alloc is not None and alloc.fire_control == "low"
    shift = direct_fire_shift(total_ecm(ecm, em=target.em.active), eccm, passive=passive,
                              firer_em=unit.em.active)
    return {"lock_on": unit.id not in ctx.no_lock_on, "scanner": scanner, "shift": shift}


def _damage_by_roll(w: DirectFireWeapon, mode: str, mount: Weapon, where: FireSituation,
                    target: Unit, energy: int | None = None) -> tuple[int, ...]:
    shift = where.add_shift if w.ignores_ew else where.shift
    if target.kind == DRONE:
        shift = max(shift, ew_shift(drone_ecm_penalty(w.code)))  # FD1.51
    low, high = DICE_RANGE[w.dice]
    out = []
    for roll in range(low, high + 1):
        r = fire_weapon(w, mode, true_range=where.true_range, roll=roll,
                        effective_range=where.effective_range, shift=shift,
                        mount_range=mount.max_range, energy=energy)
        out.append(0 if isinstance(r, Refusal) else (r.damage or int(r.destroys_drone)))
    return tuple(out)


def _not_ready(ctx: OrdersContext, unit: Unit, record: ShipRecord, mount: Weapon,
               w: DirectFireWeapon, capacitor) -> Refusal | None:
    box = mount.box_ids[0]
    clock = ctx.clock
    if clock < unit.no_fire_until:
        return Refusal("C6.5471", f"{unit.id} broke down and cannot fire yet")
    if all(b in unit.destroyed for b in mount.box_ids):
        return Refusal("D4.2", f"{box} is destroyed")
    if w.code == "WEB-CASTER":
        pass  # it fires what it stores (E12.34): weapon_options checks the store
    elif any(a.box == box for a in record.energy.weapons):
        if box not in record.armed:
            return Refusal("E1.2", f"{box} holds no complete load this turn")
    elif w.code in PHASER_CAPACITY and capacitor < PHASER_CAPACITY[w.code]:
        return Refusal("H6.3", f"the phaser capacitor holds {capacitor}, {box} needs "
                               f"{PHASER_CAPACITY[w.code]}")
    fc = check_fire_control(fire_control(record), clock)
    if fc is not None:
        return fc
    return check_rate_of_fire(record.history, w, box, clock)


def weapon_options(ctx: OrdersContext, unit: Unit) -> list[WeaponOption]:
    """Every direct-fire weapon and anti-drone rack of ``unit`` with what it may do now
    (module docstring). Empty for a unit without a ship record or class."""
    record = ctx.record(unit.id)
    spec = ctx.spec_of(record) if record is not None else None
    if record is None or spec is None or record.ship_destroyed:
        return []
    targets = targets_of(ctx, unit)
    weasel = weasel_fire_refusal(ctx.combat.seeking, unit.id) if ctx.combat else None
    out: list[WeaponOption] = []
    for mount in spec.weapons:
        w = direct_fire_weapon(mount.type)
        if w is None or w.code == "ADD":
            continue
        box = mount.box_ids[0]
        arming = arming_now(record, spec, unit, box, ctx.state.turn)
        modes = offered_modes(w, arming)
        not_ready = weasel or _not_ready(ctx, unit, record, mount, w, record.capacitor)
        stored = _stored(w, arming, ctx.state.turn)
        if not_ready is None and stored == 0:
            not_ready = Refusal("E12.31", f"{box} stores no energy")
        elif not_ready is None and w.code == "WEB-CASTER" and (
                box in record.fired or record.history.shots_in_turn(box, ctx.state.turn)):
            not_ready = Refusal("E12.36", f"{box} has fired this turn")
        options: list[TargetOption] = []
        if not_ready is None:
            for t in targets:
                options.append(_target_option(ctx, unit, record, spec, mount, w, modes[0], t,
                                              stored))
        out.append(WeaponOption(box, mount, not_ready, modes, tuple(options)))
    out.extend(_add_options(ctx, unit, targets, weasel))
    return out


def _stored(w: DirectFireWeapon, arming: WeaponArming | None, turn: int) -> int | None:
    """A web caster's energy now (E12.32), None for other weapons."""
    if w.code != "WEB-CASTER":
        return None
    return int(arming.stored_at(turn)) if arming is not None else 0


def _target_option(ctx: OrdersContext, unit: Unit, record: ShipRecord, spec: ShipSpec,
                   mount: Weapon, w: DirectFireWeapon, mode: str, target: Unit,
                   energy: int | None = None) -> TargetOption:
    where = situation(unit.hex, unit.facing, target.hex, target.facing, clock=ctx.clock,
                      fire_control=fire_control(record),
                      **sensor_facts(ctx, unit, record, spec, target))
    refusal = check_shot(ShotOrder(mount, mode, energy), where, record.history)
    damage = () if refusal is not None else _damage_by_roll(w, mode, mount, where, target,
                                                            energy)
    return TargetOption(target.id, where, refusal, damage)


def target_option(ctx: OrdersContext, unit: Unit, option: WeaponOption, target: str,
                  mode: str) -> TargetOption | None:
    """``option`` against ``target`` fired in ``mode`` (the panel's mode box)."""
    record = ctx.record(unit.id)
    spec = ctx.spec_of(record) if record is not None else None
    t = ctx.unit(target)
    w = direct_fire_weapon(option.weapon.type)
    if option.add or record is None or spec is None or t is None or w is None:
        return option.option(target)
    box = option.weapon.box_ids[0]
    stored = _stored(w, arming_now(record, spec, unit, box, ctx.state.turn), ctx.state.turn)
    return _target_option(ctx, unit, record, spec, option.weapon, w, mode, t, stored)


def _add_options(ctx: OrdersContext, unit: Unit, targets: list[Unit],
                 weasel: Refusal | None) -> list[WeaponOption]:
    """Anti-drone rounds from the unit's ADD racks and G racks holding rounds (E5)."""
    if ctx.combat is None:
        return []
    seeking = ctx.combat.seeking
    out = []
    for rack in seeking.racks:
        if rack.unit != unit.id or not (rack.is_add_rack or rack.add_rounds > 0):
            continue
        mount = Weapon(rack.box.split("#")[-1], "ADD", rack.box.split("#")[0], ("360",))
        not_ready = weasel or (Refusal("D4.2", f"{rack.box} is destroyed")
                               if rack.box in unit.destroyed else None)
        options = []
        if not_ready is None:
            for t in targets:
                if t.kind != DRONE:
                    continue
                where = situation(unit.hex, unit.facing, t.hex, t.facing, clock=ctx.clock)
                refusal = add_refusal(seeking, unit, rack.box, t, clock=ctx.clock,
                                      lock_on=unit.id not in ctx.no_lock_on)
                rng = hex_range(unit.hex, t.hex)
                if refusal is None and not ADD_RANGE[0] <= rng <= ADD_RANGE[1]:
                    refusal = Refusal("E5", f"an anti-drone fires at range 1-3, not {rng}")
                damage = () if refusal else _damage_by_roll(_ADD, "standard", mount, where, t)
                options.append(TargetOption(t.id, where, refusal, damage))
        out.append(WeaponOption(rack.box, mount, not_ready, ("standard",), tuple(options),
                                add=True))
    return out


def side_can_fire(ctx: OrdersContext, side: str | None, *, max_range: int = 0) -> bool:
    """Can any unit of ``side`` fire now at a target it could damage (within ``max_range``
    hexes when it is above 0)? True too when a ship of the side has no record or class (the
    program cannot tell: the table is asked)."""
    for unit in ctx.side_units(side):
        record = ctx.record(unit.id)
        if record is None or ctx.spec_of(record) is None:
            if unit.kind == SHIP:
                return True
            continue  # a shuttle without a record has no weapons the program resolves
        for option in weapon_options(ctx, unit):
            for t in option.targets:
                if t.can_damage and (max_range <= 0 or t.where.true_range <= max_range):
                    return True
    return False
