"""Direct fire in the Fire Decision Step (6D) and volleys into the DAC (D3, D4, D6).

A mixin of :class:`~sfb_desk.engine.session.Session`. Each side answers one ``fire`` Orders
prompt (fire is declared secretly and simultaneously, D6.315); a ship with a
:class:`~.records.ShipRecord` declares ``{ship: [{"box": "photon#A", "target": "KRT",
"mode": None}, ...]}``. Every shot is checked by :func:`sfb_desk.rules.combat.check_shot`
(fire control D6.6, arc D2, rate of fire E1.50, range) and against the ship's energy: a heavy
weapon needs a complete load this turn (E3.2, E4.2) and fires an overload mode only if armed
overloaded (E3.5, E4.4, E7.4, E10.6), a phaser the capacitor energy of one shot (H6). The
whole declaration is refused with the rule if any shot is illegal.

Then, side by side in declaration order, each shot gets its own die (a DiceRequest; 2d6 for a
hellbore) and :func:`~sfb_desk.rules.combat.resolve_shot` reads the chart. A shot on a hex
spine asks the target's owner which shield it strikes (D3.43, a Choice); so does a shot at range 0,
whose D3.42 direction the program does not track (all six shields offered; the firer's
feedback shield follows from the answer). All the hits of the
step are grouped into volleys as the rules group them (D4.22, :func:`group_volleys`), and each
volley goes through the shields (reinforcement first, D3.34, FD14.22) and its internal points
through the DAC: ONE 2d6 DiceRequest with ``count`` = the internal points (a roll per point,
D4.21), and a Choice for the owner whenever the chart leaves one ("any weapon" D4.324, "any
warp", which phaser D4.3221). Every point is logged with its roll, column and box. Shots at
drones and other seekers go to :func:`sfb_desk.rules.seeking.apply_shot`.

Ships without a record keep the v1 behaviour: their records are kept for later issues.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from ..rules.combat import (
    ACTIVE,
    LOW_POWER,
    OFF,
    CombatTarget,
    FireControl,
    FireSituation,
    Hit,
    ShotOrder,
    check_shot,
    group_volleys,
    hits_from,
    resolve_shot,
    shot_dice,
    situation,
)
from ..rules.combat.fire import check_overload
from ..rules.combat.resolve import die_row
from ..rules.combat.rate import FiringHistory, record_shot
from ..rules.combat.volley import shield_phase, volley_steps
from ..rules.damage import ChoiceNeeded, RollsNeeded
from ..rules.combat.weapons import OVERLOAD_MODES, option_weapon
from ..rules.energy.costs import PHASER_CAPACITY
from ..rules.results import Refusal, event
from ..rules.seeking import apply_shot
from ..rules.units import SHIP, Unit, clock_of
from .dac_plan import DacPlan, dac_prompt
from .ppd_steps import PpdShot
from .shield_choices import ShieldChoiceSteps
from .words import damage_point_text
from .prompts import DiceRequest, Orders, Prompt, canonical, check_choice, check_dice
from .records import damage_state, with_damage
from .web_steps import CastOrder

Walk = Generator[Prompt, object, None]


@dataclass(frozen=True, slots=True)
class Shot:
    """One declared shot, checked: firer, weapon order, target and the situation."""

    firer: str
    order: ShotOrder
    target: str
    where: FireSituation


class CombatSteps(ShieldChoiceSteps):
    """The Fire Decision Step and volley resolution (module docstring)."""

    #: the owner's DAC choices of the volley being resolved (:mod:`.dac_plan`), else None
    dac_plan: DacPlan | None = None

    def _fire(self, step) -> Walk:
        shots: list[Shot] = []
        ppds: list[PpdShot] = []
        casts: list[CastOrder] = []
        for side in self._sides():
            prompt = Orders(self._key("fire", side), "fire",
                            f"Fire declarations of side {side}, impulse {self._impulse} (D6.315)",
                            side=side, rule="D6.315", default={})
            records = yield from self._ask(prompt, lambda v, s=side: self._check_fire(s, v))
            for uid, record in records:
                if isinstance(record, list) and record and isinstance(record[0], _CHECKED):
                    shots.extend(s for s in record if isinstance(s, Shot))
                    ppds.extend(s for s in record if isinstance(s, PpdShot))
                    casts.extend(s for s in record if isinstance(s, CastOrder))
                    self._emit(event("fire_declared", uid, "D6.315", f"{uid} declares fire",
                                     shots=[_declared(s) for s in record]))
                else:
                    self._emit(event("fire_declared", uid, "D6.315", f"{uid} declares fire",
                                     record=canonical(record)))
        self._start_trains(ppds)  # E11 (ppd_steps)
        self._fire_casts(casts)  # E12: laid in the Web Caster Stage (web_steps)
        yield from self._ppd_step()  # the PPD Step comes before other direct fire (E11.31)
        if shots:
            yield from self._resolve_fire(shots)

    def _check_fire(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("D6.315", "fire declarations are {unit: record}")
        clock = clock_of(self._turn, self._impulse)
        out = []
        for uid, record in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if clock < unit.no_fire_until:
                return Refusal("C6.5471", f"{uid} broke down and cannot fire yet")
            if record:
                refusal = self._cloak_refusal(uid, "fire") or self._fc_refusal(uid, record)
                if refusal is not None:
                    return refusal
            if uid in self._ships:
                record = self._check_shots(unit, record, clock)
                if isinstance(record, Refusal):
                    return record
            out.append((uid, record))
        return out

    def _check_shots(self, unit: Unit, value: object, clock: int) -> list[Shot] | Refusal:
        if not isinstance(value, list):
            return Refusal("D6.315", f"{unit.id} declares a list of shots "
                                     "[{\"box\", \"target\", \"mode\"}]")
        ship = self._ships[unit.id]
        spec = self.specs[ship.spec_id]
        mounts = {w.box_ids[0]: w for w in spec.weapons}
        history: FiringHistory = ship.history
        capacitor = ship.capacitor
        shots: list[Shot] = []
        for n, item in enumerate(value, 1):
            if not isinstance(item, dict) or not isinstance(item.get("box"), str):
                return Refusal("D6.315", f"shot {n} of {unit.id}: {{\"box\", \"target\"}}")
            box, tid, mode = item["box"], item.get("target"), item.get("mode")
            if mode == "snare":  # E13: a web generator cast as a snare (web_steps)
                snare = self._check_snare(unit, ship, item, clock)
                if isinstance(snare, Refusal):
                    return snare
                shots.append(snare)  # type: ignore[arg-type]
                continue
            weapon = mounts.get(box)
            if weapon is None:
                return Refusal("D6.315", f"{unit.id} has no weapon {box}")
            if all(b in unit.destroyed for b in weapon.box_ids):
                return Refusal("D4.2", f"{box} of {unit.id} is destroyed")
            special = None
            if weapon.type == "PPD":  # E11: a pulse train (ppd_steps)
                special = self._check_ppd(unit, ship, weapon, item, clock)
            elif weapon.type == "WEB-CASTER" and mode == "cast":  # E12 (web_steps)
                special = self._check_web_cast(unit, ship, weapon, item, clock)
            if special is not None:
                if isinstance(special, Refusal):
                    return special
                shots.append(special)  # type: ignore[arg-type]
                continue
            fist = None
            if weapon.type == "WEB-CASTER":  # a web fist spends all it stores (E14.12)
                fist = self._caster_ready(unit, ship, box, clock)
                if isinstance(fist, Refusal):
                    return fist
            target = self._units.get(tid) if isinstance(tid, str) else None
            if target is None or not target.active or target.id == unit.id:
                return Refusal("D6.315", f"shot {n} of {unit.id}: no active target {tid!r}")
            if target.kind != SHIP and self._seeking.record(target.id) is None:
                return Refusal("D6.315", f"{tid} is not a target this program resolves yet")
            if any(m.kind == "Mind Monster" and not m.gone and m.hex == unit.hex
                   for m in self._battlefield.monsters):  # SM6.48
                return Refusal("SM6.48", f"{unit.id} shares a hex with the Mind Monster and "
                                         "cannot fire")
            blocked = self._battlefield.terrain.line_of_fire(unit.hex, target.hex)
            if blocked is not None:  # M4.45: a planet (or web) blocks fire
                return Refusal(blocked.rule, f"{unit.id} cannot fire at {tid}: the line of "
                                             f"fire is blocked by {blocked}")
            capped = self._radiation_range_refusal(unit, target)  # P15.6 (terrain_steps)
            if capped is not None:
                return capped
            web = self._web_between(unit.hex, target.hex)
            if web is not None:  # G10.61 (E14.254 for the web fist)
                return Refusal("G10.61", f"{unit.id} cannot fire at {tid}: web {web[0].id} in "
                                         f"{web[1].label} lies between")
            if fist is not None:
                pass  # stored energy, checked above (E12.31)
            elif any(w.box == box for w in ship.energy.weapons):
                if box not in ship.armed:
                    return Refusal("E1.2", f"{box} of {unit.id} holds no complete load this turn")
                weapon = option_weapon(weapon, self._arming_now(ship, unit, box))  # G15.4
                refusal = self._check_overload(unit, ship, weapon, mode)
                if refusal is not None:
                    return refusal
            elif weapon.type in PHASER_CAPACITY:
                cost = PHASER_CAPACITY[weapon.type]
                if capacitor < cost:
                    return Refusal("H6.3", f"{unit.id}'s phaser capacitor holds {capacitor}, "
                                           f"{box} needs {cost}")
                capacitor -= cost
            fc = ship.allocation.fire_control if ship.allocation is not None else "active"
            status = {"active": ACTIVE, "low": LOW_POWER, "off": OFF}[fc]
            facts = self._cloak_facts(target.id, self._sensor_facts(unit, target))  # G13.3
            where = situation(unit.hex, unit.facing, target.hex, target.facing, clock=clock,
                              fire_control=FireControl(status), **facts)  # D6.1, D6.21, D6.34
            order = ShotOrder(weapon, mode, energy=fist)
            refusal = check_shot(order, where, history)
            if refusal is not None:
                return refusal
            history = record_shot(history, box, clock)
            shots.append(Shot(unit.id, order, target.id, where))
        return shots

    def _check_overload(self, unit: Unit, ship, weapon, mode: object) -> Refusal | None:
        """An overload mode fires only a load armed overloaded (:func:`check_overload`)."""
        if mode not in OVERLOAD_MODES:
            return None
        arming = self._arming_now(ship, unit, weapon.box_ids[0])
        return check_overload(weapon, mode, arming, unit.id)

    def _resolve_fire(self, shots: list[Shot]) -> Walk:
        """Dice per shot, boundary choices, then the volleys of the step (module docstring)."""
        hits: list[Hit] = []
        rolls: dict[int, int] = {}
        sides: dict[str, list[int]] = {}
        for n, shot in enumerate(shots):
            sides.setdefault(self._units[shot.firer].side, []).append(n)
        for side, numbers in sides.items():  # the sides in declaration order
            for kind in dict.fromkeys(shot_dice(shots[n].order) for n in numbers):
                group = [n for n in numbers if shot_dice(shots[n].order) == kind]
                prompt = to_hit_prompt(self._key("hits" if kind == "1d6" else f"hits.{kind}",
                                                 side), side, self._impulse, kind,
                                       [shots[n] for n in group], self._key)
                got = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
                rolls.update(zip(group, got))
        self.shield_plan = self._plan_shields(shots, rolls)  # the boundary choices to come
        try:
            yield from self._shoot(shots, rolls, hits)
        finally:
            self.shield_plan = ()
        for group in group_volleys([h for h in hits if self._units[h.target].active]):
            yield from self._resolve_volley(group)

    def _shoot(self, shots: list[Shot], rolls: dict[int, int], hits: list[Hit]) -> Walk:
        """Each shot with its die: the chart, the shot event, the shields struck (boundary and
        range-0 choices, :mod:`.shield_choices`); its hits added to ``hits``."""
        for n, shot in enumerate(shots):
            box = shot.order.box_id
            where = shot.where
            roll = rolls[n]
            firer = self._ships[shot.firer]  # as it is now (a hand correction may have come)
            result = resolve_shot(shot.order, where, roll, firer.history)
            if isinstance(result, Refusal):  # checked at declaration; a programmer error
                raise RuntimeError(f"declared shot refused at fire: {result}")
            result = yield from self._cloak_roll(shot.firer, box, shot.target, result)  # G13.37
            weapon = shot.order.weapon
            used = PHASER_CAPACITY.get(weapon.type, 0)
            firer = replace(
                firer, history=record_shot(firer.history, box, where.clock),
                fired=firer.fired | {box}, armed=firer.armed - {box},
                capacitor_used=firer.capacitor_used + used)
            self._ships[shot.firer] = firer
            self._emit(event("shot", shot.firer, "D6.315",
                             f"{shot.firer} fires {box} at {shot.target}: range {where.true_range}, "
                             f"roll {roll}, {result.damage} damage",
                             box=box, target=shot.target, roll=roll, range=where.true_range,
                             effective_range=where.effective_range, damage=result.damage,
                             shift=result.shift, lock_on=where.lock_on, scanner=where.scanner))
            target = self._units[shot.target]
            if target.kind != SHIP:
                yield from self._shot_at_seeker(target, result)
                continue
            if where.target_shield.same_hex and (
                    (result.damage > 0 and not result.enveloping) or result.feedback > 0):
                where = yield from self._same_hex_shield(shot, target)
            choice = None
            if result.damage > 0 and len(where.target_shield.shields) > 1:
                choice = yield from self._pick_shield(shot.target, where.target_shield.shields,
                                                      f"{shot.firer} {box}", "D3.43")
            feedback = None
            if result.feedback > 0 and len(where.firer_shield.shields) > 1:
                feedback = yield from self._pick_shield(shot.firer, where.firer_shield.shields,
                                                        f"feedback of {box}", "E4.431")
            made = hits_from(result, shot.firer, shot.target, where, source=box,
                             shield_choice=choice, feedback_choice=feedback)
            if isinstance(made, Refusal):
                raise RuntimeError(f"shield choice refused: {made}")
            hits.extend(made)

    def _shot_at_seeker(self, target: Unit, result) -> Walk:
        done = apply_shot(self._seeking, target, result,
                          clock=clock_of(self._turn, self._impulse))
        self._seeking = done.state
        if done.unit is not None:
            self._put(done.unit)
        self._emit_all(done.events)
        return
        yield

    def _resolve_volley(self, group) -> Walk:
        """One volley on a ship: shields, then ONE DiceRequest of 2d6 per internal point and a
        Choice per owner's pick (module docstring)."""
        tid = group.target
        unit = self._units[tid]
        record = self._ships.get(tid)
        if record is None or not (unit.active or unit.status == "hangar"):  # G19.213 aboard
            return
        spec = self.specs[record.spec_id]
        group = yield from self._panel_volley(tid, spec, group)  # D10 (absorber_steps)
        if group is None:
            return  # the power absorbers took it all
        record, unit = self._ships[tid], self._units[tid]
        before = unit.destroyed
        target = CombatTarget(tid, spec, record.shields,
                              damage_state(record, spec, before | self._hangar_marks(tid)))
        self._settling = tid  # its damage is in hand until the volley is settled (corrections)
        vno = self._volley_no()
        vkey = self._key(f"dac.v{vno}", tid)
        reserve, energy = yield from self._reserve_reinforcement(
            tid, record, spec, group, self._key(f"reserve.v{vno}", tid))
        record = replace(record, energy=energy)
        phase = shield_phase(target, group, reserve=reserve)
        if isinstance(phase, Refusal):
            raise RuntimeError(f"volley refused: {phase}")
        where = f"shield #{group.shield}" if group.shield else "all shields"
        if group.splash:  # a PPD pulse (E11.332)
            where = "shields " + "/".join(f"#{h.shield}" for h in group.hits) + " (PPD splash)"
        self._emit(event("volley", tid, "D4.22",
                         f"volley of {group.damage} on {tid} {where}: {phase.internal} internal",
                         damage=group.damage, shield=group.shield, internal=phase.internal,
                         sources=[h.source for h in group.hits]))
        rolls: tuple[int, ...] = ()
        if phase.internal:
            prompt = DiceRequest(vkey, f"DAC rolls for {tid}: {phase.internal} internal point(s) "
                                       f"through {where} (one 2d6 per point, D4.21)",
                                 kind="2d6", count=phase.internal, rule="D4.21", unit=tid)
            rolls = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        steps = volley_steps(target, group, rolls, reserve=reserve)
        self.dac_plan = DacPlan(tid, vkey, target, group, tuple(rolls), reserve,
                                self._words.prompt)  # the owner's choices to come (dac_plan)
        answer = None
        try:
            while True:
                need = steps.send(answer)
                answer = None
                if isinstance(need, RollsNeeded):
                    continue  # every roll was given: the ship is gone (D4.40) or done
                answer = yield from self._dac_choice(tid, vkey, need)
        except StopIteration as stop:
            outcome = stop.value
        finally:
            self.dac_plan = None
        if isinstance(outcome, Refusal):
            raise RuntimeError(f"volley refused: {outcome}")
        self._emit_all(outcome.events)
        for ev in outcome.dac.events:
            self._emit(event("damage_point", tid, "D4.21",
                             damage_point_text(tid, ev),
                             point=ev.point, roll=ev.roll, column=ev.column, entry=ev.entry,
                             box=ev.box, outcome=ev.outcome))
        damage = outcome.target.damage
        if outcome.dac.crew_units_killed or outcome.dac.boarding_parties_killed:
            self._emit(event("casualties", tid, "G9.21",
                             f"{tid} loses {outcome.dac.crew_units_killed} crew unit(s) and "
                             f"{outcome.dac.boarding_parties_killed} boarding part(ies)",
                             crew=outcome.dac.crew_units_killed,
                             boarding=outcome.dac.boarding_parties_killed))
        record = with_damage(replace(record, shields=outcome.target.shields), damage)
        destroyed = damage.destroyed
        record = replace(record, destroyed_this_turn=record.destroyed_this_turn | (destroyed - before))
        self._ships[tid] = record
        status = "destroyed" if damage.ship_destroyed else unit.status
        self._put(replace(unit, destroyed=destroyed, status=status))
        if damage.ship_destroyed:
            self._emit(event("ship_destroyed", tid, "D4.40", f"{tid} is destroyed"))
        else:
            yield from self._panel_boxes_lost(tid, before, group)  # D10.51 (absorber_steps)
            yield from self._balance_after_damage(tid, before, vno)  # D22 (balance_steps)
        self._settling = None

    def _volley_no(self) -> int:
        """Volleys so far this impulse (prompt keys stay unique)."""
        mark = (self._turn, self._impulse)
        count = getattr(self, "_volley_mark", None)
        n = count[1] + 1 if count and count[0] == mark else 1
        self._volley_mark = (mark, n)
        return n

    def _dac_choice(self, tid: str, vkey: str, need: ChoiceNeeded):
        prompt = dac_prompt(tid, vkey, need)
        return (yield from self._ask(prompt, lambda v: check_choice(prompt, v)))


_CHECKED = (Shot, PpdShot, CastOrder)


def _declared(s) -> str:  # noqa: ANN001
    if isinstance(s, Shot):
        return f"{s.order.box_id}>{s.target}"
    if isinstance(s, PpdShot):
        return f"{s.box}>{s.target}"
    return f"{s.box}>web " + " ".join(h.label for h in s.web.hexes)


def to_hit_prompt(key: str, side: str, impulse: int, kind: str, shots: list[Shot],
                  keyer) -> DiceRequest:  # noqa: ANN001 - the session's _key
    """ONE DiceRequest for the to-hit dice of a side's simultaneous fire (D6.315): a ``kind``
    roll per shot, in declaration order. ``lines`` says each shot (weapon, target, range, die
    chart column); ``parts`` keeps each shot's own key (scripts and the seeded dice roll each
    shot as its own die)."""
    lines, parts = [], []
    for n, shot in enumerate(shots, 1):
        where, box = shot.where, shot.order.box_id
        rng = f"range {where.true_range}"
        if where.effective_range != where.true_range:
            rng += f" (effective {where.effective_range})"
        row = die_row(shot.order.weapon.type, shot.order.mode, where.effective_range)
        lines.append(f"{n}. {shot.firer} {box.replace('#', ' ')} at {shot.target}, {rng}"
                     + (f", chart column {row.removeprefix('range ')}" if row else ""))
        parts.append(keyer(f"shot.{shot.firer}.{box}", shot.target))
    count = len(shots)
    purpose = (f"To-hit dice of side {side}, impulse {impulse}: {count} × {kind}, one per shot "
               "in this order: " + "; ".join(line.split(". ", 1)[1] for line in lines))
    return DiceRequest(key, purpose, kind=kind, count=count, rule="D6.315", side=side,
                       unit=shots[0].firer if len({s.firer for s in shots}) == 1 else None,
                       lines=tuple(lines), parts=tuple(parts))
