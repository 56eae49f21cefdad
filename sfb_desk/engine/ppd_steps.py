"""The ISC plasmatic pulsar device in the sequencer (Module C2 E11): declared with direct fire,
fired in the PPD Step, the first step of the Direct-Fire Weapons Fire Stage (6D2, the extract
at E11.31), one pulse an impulse over the impulses that follow, across the turn boundary
(E11.23).

A mixin of :class:`~sfb_desk.engine.session.Session`. A ship fires a PPD with a shot
``{"box": "ppd#A", "target": "KRT"}`` in its fire declaration; the load (E11.2: 4 + 4 for four
pulses, under- and overloads) must be complete this turn. The declaration is checked here
(:meth:`_check_ppd`): active fire control and a lock-on (E11.15, E11.152), the arc, true range
4 to 40 (8 for an overload, E11.312, E11.64), no web between (E11.42), not already pulsing
(E11.36). Each impulse the PPD Step then, for every train still running:

1. checks the E11.54 break events (:func:`~sfb_desk.rules.systems.ppd.lock_broken`); a
   broken train loses its remaining pulses (E11.362) and its sealed record is revealed;
2. drops a held lock when the EW shift has turned against the firer (E11.53);
3. asks ONE 2d6 DiceRequest per side for the trains without a wave-lock (E11.31, E11.331);
4. resolves each pulse at the effective range for the lock and the true range for damage
   (E11.312), splashed over the shield struck and its neighbours, or the Alt line along a
   hexside (E11.35), as ONE volley through the real damage path (E11.332:
   :meth:`_resolve_volley`, shields, DAC) before any other direct fire.

The sealed record (E11.311): the declaration says only that the PPD fired; after each pulse the
log says whether the lock holds; the pulse count is revealed when the train ends.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from ..rules.arcs import arc_mask, in_mask
from ..rules.combat import ACTIVE as FC_ACTIVE
from ..rules.combat import LOW_POWER, OFF, FireControl, FireSituation, Hit, VolleyGroup, situation
from ..rules.charts.ew import ew_shift
from ..rules.combat.resolve import ShotResult
from ..rules.combat.volley import PPD_STEP
from ..rules.energy.state import weapon_destroyed
from ..rules.results import Refusal, event
from ..rules.seeking.defense import drone_ecm_penalty
from ..rules.systems.ppd import PPD_MYOPIC, PulseTrain, lock_broken, pulse
from ..rules.systems.webs import blocking_web
from ..rules.units import DRONE, PLASMA, SHIP, Unit, clock_of
from .prompts import DiceRequest, Prompt, check_dice

Walk = Generator[Prompt, object, None]
CENTRE_ONLY_SIZE = 6  # E11.353: size class 6 and 7 take only the centre element


@dataclass(frozen=True, slots=True)
class PpdShot:
    """A checked PPD declaration: the train it starts."""

    firer: str
    box: str
    target: str
    pulses: int
    overload: bool


class PpdSteps:
    """The PPD Step (module docstring)."""

    def _ppd_where(self, unit: Unit, target: Unit, clock: int) -> FireSituation:
        ship = self._ships[unit.id]
        fc = ship.allocation.fire_control if ship.allocation is not None else "active"
        status = {"active": FC_ACTIVE, "low": LOW_POWER, "off": OFF}[fc]
        facts = self._cloak_facts(target.id, self._sensor_facts(unit, target))
        seeker = self._seeking.record(target.id) if target.kind != SHIP else None
        if seeker is not None and seeker.kind == DRONE:  # E11.37: FD1.52 at a drone
            facts["shift"] = max(int(facts.get("shift", 0)), ew_shift(drone_ecm_penalty("PPD")))
        return situation(unit.hex, unit.facing, target.hex, target.facing, clock=clock,
                         fire_control=FireControl(status), **facts)

    def _check_ppd(self, unit: Unit, ship, weapon, item: dict, clock: int) -> PpdShot | Refusal:  # noqa: ANN001
        box, tid = weapon.box_ids[0], item.get("target")
        target = self._units.get(tid) if isinstance(tid, str) else None
        if target is None or not target.active or target.id == unit.id:
            return Refusal("E11.31", f"{unit.id} {box}: no active target {tid!r}")
        seeker = self._seeking.record(target.id) if target.kind != SHIP else None
        if seeker is not None and seeker.kind == PLASMA:
            return Refusal("E11.45", "a PPD has no effect on plasma torpedoes")
        if seeker is None and target.id not in self._ships:
            return Refusal("E11.31", f"{unit.id} {box}: the program fires PPDs at ships and "
                                     "drones only (at other units the table resolves it)")
        if any(t.firer == unit.id and t.box == box for t in self._c2.trains):
            return Refusal("E11.36", f"{box} of {unit.id} is still pulsing")
        if box not in ship.armed:
            return Refusal("E11.21", f"{box} of {unit.id} holds no complete load this turn "
                                     "(4 + 4 over two turns, E11.21)")
        arming = self._arming_now(ship, unit, box)
        pulses = int(arming.stored // 2) if arming is not None else 0  # E11.25: 2 a pulse
        overload = bool(arming is not None and arming.overload)
        where = self._ppd_where(unit, target, clock)
        if where.passive or where.fire_control.mode != FC_ACTIVE:
            return Refusal("E11.152", f"{unit.id} needs active fire control to fire a PPD")
        if not where.lock_on:
            return Refusal("E11.15", f"{unit.id} has no lock-on to {tid}: a PPD needs one")
        if not in_mask(arc_mask(weapon.arcs, weapon.extra_bearings), where.bearing):
            return Refusal("D2", f"{box} ({' '.join(weapon.arcs)}) does not bear on {tid}")
        if where.true_range <= PPD_MYOPIC:
            return Refusal("E11.312", f"a PPD cannot fire at true range {where.true_range} "
                                      "(3 or less)")
        top = 8 if overload else 40
        if where.true_range > top:
            return Refusal("E11.64" if overload else "E11.32",
                           f"{'an overloaded ' if overload else 'a '}PPD reaches true range "
                           f"{top}, not {where.true_range}")
        if self._web_between(unit.hex, target.hex) is not None:
            return Refusal("E11.42", f"{unit.id} cannot fire a PPD at {tid} through a web")
        if pulses < 1:
            return Refusal("E11.25", f"{box} of {unit.id} has no pulses")
        return PpdShot(unit.id, box, target.id, pulses, overload)

    def _web_between(self, a, b):  # noqa: ANN001, ANN202
        return blocking_web(self._c2.webs, a, b)

    def _start_trains(self, shots: list[PpdShot]) -> None:
        trains = list(self._c2.trains)
        for shot in shots:
            record = self._ships[shot.firer]
            self._ships[shot.firer] = replace(record, fired=record.fired | {shot.box},
                                              armed=record.armed - {shot.box})
            trains.append(PulseTrain(shot.box, shot.target, shot.pulses, shot.overload,
                                     False, self._turn, self._impulse, shot.firer))
            self._emit(event("ppd_fired", shot.firer, "E11.311",
                             f"{shot.firer} fires {shot.box} at {shot.target} (the number of "
                             "pulses is on the sealed record, E11.311)",
                             box=shot.box, target=shot.target))
        self._c2 = replace(self._c2, trains=tuple(trains))

    def _ppd_step(self) -> Walk:
        """The PPD Step of this impulse (module docstring)."""
        if not self._c2.trains:
            return
        live: list[tuple[PulseTrain, FireSituation]] = []
        for train in self._c2.trains:
            where, reason = self._ppd_check_lock(train)
            if reason is not None:
                self._ppd_end(train, f"the wave-lock breaks ({reason})", reason)
                continue
            if train.locked and where.shift > train.shift:
                train = replace(train, locked=False)  # E11.53: the EW turned: roll again
                self._emit(event("ppd_reroll", train.firer, "E11.53",
                                 f"{train.firer} {train.box}: the EW shift changed in "
                                 f"{train.target}'s favour: roll for the wave-lock again"))
            live.append((train, where))
        rolls: dict[int, int] = {}
        sides: dict[str, list[int]] = {}
        for n, (train, _) in enumerate(live):
            if not train.locked:
                sides.setdefault(self._units[train.firer].side, []).append(n)
        for side, numbers in sorted(sides.items()):
            lines = tuple(f"{k}. {live[n][0].firer} {live[n][0].box.replace('#', ' ')} at "
                          f"{live[n][0].target}, effective range {live[n][1].effective_range}"
                          for k, n in enumerate(numbers, 1))
            prompt = DiceRequest(self._key("ppd", side),
                                 f"PPD wave-lock dice of side {side}, impulse {self._impulse}: "
                                 f"{len(numbers)} × 2d6, lock on a roll at most the hit number "
                                 "(E11.31)", kind="2d6", count=len(numbers), rule="E11.31",
                                 side=side, lines=lines)
            got = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            rolls.update(zip(numbers, got))
        for n, (train, where) in enumerate(live):
            yield from self._ppd_pulse(train, where, rolls.get(n))

    def _ppd_check_lock(self, train: PulseTrain):  # noqa: ANN202
        firer, target = self._units.get(train.firer), self._units.get(train.target)
        if firer is None or not firer.active:
            return None, "E11.545"
        record = self._ships.get(train.firer)
        spec = self.specs[record.spec_id] if record is not None else None
        dead = spec is None or weapon_destroyed(spec, train.box, firer.destroyed)
        if target is None or not target.active:
            return None, "E11.542"
        where = self._ppd_where(firer, target, clock_of(self._turn, self._impulse))
        weapon = next((w for w in spec.weapons if w.box_ids[0] == train.box), None) if spec else None
        arc = weapon is not None and in_mask(arc_mask(weapon.arcs, weapon.extra_bearings),
                                             where.bearing)
        reason = lock_broken(train, true_range=where.true_range, in_arc=arc,
                             target_active=True, box_destroyed=dead,
                             fire_control=where.fire_control.mode == FC_ACTIVE
                             and where.lock_on,
                             web_between=self._web_between(firer.hex, target.hex) is not None)
        return where, reason

    def _ppd_pulse(self, train: PulseTrain, where: FireSituation, roll: int | None) -> Walk:
        target = self._units[train.target]
        record = self._ships.get(train.target)
        shields = where.target_shield.shields or (1,)
        if record is None:  # a drone: the centre element only (E11.353)
            left, centre_only = None, True
        else:
            left = {k: record.shields.strength(k) for k in range(1, 7)}
            spec = self.specs[record.spec_id]
            centre_only = (spec.size_class or 4) >= CENTRE_ONLY_SIZE
        side = tuple(shields) if len(shields) == 2 else None
        if side is None and len(shields) > 2:  # range 0 cannot happen (E11.312)
            side = None
        done = pulse(train, where.effective_range, where.true_range, roll, shields[0], left,
                     shift=where.shift, hex_side=side, centre_only=centre_only)
        after = replace(done.train, shift=where.shift if done.hit else train.shift)
        number = train.fired + 1
        if done.hit and done.damage:
            text = " + ".join(f"{v} on #{k}" for k, v in done.damage.items())
        elif done.hit:
            text = "no damage in the myopic zone (E11.521)"
        else:
            text = "no wave-lock: the pulse is lost (E11.51)"
        how = f"roll {roll}" if roll is not None else "wave-lock held"
        self._emit(event("ppd_pulse", train.firer, "E11.33",
                         f"{train.firer} {train.box} pulse {number} at {train.target}: range "
                         f"{where.true_range}, {how}: {text}",
                         box=train.box, target=train.target, pulse=number, roll=roll,
                         range=where.true_range, effective_range=where.effective_range,
                         locked=done.hit, damage=done.total,
                         shields=sorted(done.damage.items())))
        trains = [t for t in self._c2.trains if not (t.firer == train.firer and t.box == train.box)]
        if after.pulses > 0:
            trains.append(after)
        self._c2 = replace(self._c2, trains=tuple(trains))
        if after.pulses == 0:
            self._emit(event("ppd_done", train.firer, "E11.311",
                             f"{train.firer} {train.box}: the pulse train ends; the sealed "
                             f"record shows {train.fired + train.pulses} pulse(s), fired on "
                             f"turn {train.turn} impulse {train.impulse}",
                             box=train.box, pulses=train.fired + train.pulses))
        if done.damage and target.active and record is None:
            result = ShotResult("PPD", "pulse", where.true_range, where.effective_range,
                                roll or 0, where.shift, True, done.total, rule="E11.353")
            yield from self._shot_at_seeker(target, result)
        elif done.damage and target.active:
            hits = tuple(Hit(train.firer, train.target, v, k, None, PPD_STEP, train.box,
                             where.from_bearing or None) for k, v in done.damage.items())
            group = VolleyGroup(train.target, PPD_STEP, hits, shield=shields[0], splash=True)
            yield from self._resolve_volley(group)

    def _ppd_end(self, train: PulseTrain, why: str, rule: str) -> None:
        self._c2 = replace(self._c2, trains=tuple(
            t for t in self._c2.trains if not (t.firer == train.firer and t.box == train.box)))
        self._emit(event("ppd_lock_broken", train.firer, rule,
                         f"{train.firer} {train.box} at {train.target}: {why}; {train.pulses} "
                         f"pulse(s) left are discharged into space (E11.362); the sealed record "
                         f"shows {train.fired + train.pulses} pulse(s)",
                         box=train.box, lost=train.pulses))
