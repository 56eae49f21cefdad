"""Seeking weapons in the session: impacts at the end of 6A and fire at seekers in 6D (F2, FD,
E5, J3). Their launches in 6B are :mod:`.launch_steps`.

A mixin of :class:`~sfb_desk.engine.session.Session`, following the seeking rules' recipe
(sfb_desk/rules/seeking/__init__.py):

* **Impacts** (end of 6A, after the seekers moved): :func:`find_impacts`, a 1d6 DiceRequest
  worded by :func:`proximity_purpose` for each impact that needs a proximity roll (D6.36),
  :func:`resolve_impacts`, each ship's volleys (FD14.24) through the DAC like direct fire
  (:meth:`CombatSteps._resolve_volley`), then :func:`expire_seekers` (FD2 endurance).
  Seekers without a record impact as before (movement_steps). Then each wild weasel is checked
  (:func:`weasel_void_reason`: the protected ship's speed J3.131, C10.54) and voided
  (:func:`void_weasel`, C13.947).
* **Fire** (6D, :meth:`_check_shots` around the combat mixin's): a shot
  ``{"box": "add#A", "target": "KD1"}`` from an ADD rack (or a G rack's ADD rounds) is an
  anti-drone round (:func:`fire_add`, E5; one 1d6 DiceRequest ``shot.<ship>.<box>``);
  direct fire at a drone other than phasers and ADDs takes the FD1.51 ECM penalty
  (:func:`drone_ecm_penalty`, 4 points: the D6.34 shift of 4 ECM); a ship protected by a
  weasel is refused (:func:`weasel_fire_refusal`, J3.132).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.charts.ew import ew_shift
from ..rules.combat import ShotOrder, situation
from ..rules.hexes import hex_range
from ..rules.ship import Weapon
from ..rules.results import Refusal, event
from ..rules.seeking import (
    add_refusal,
    drone_ecm_penalty,
    expire_seekers,
    fire_add,
    find_impacts,
    proximity_purpose,
    resolve_impacts,
    void_weasel,
    weasel_fire_refusal,
    weasel_void_reason,
)
from ..rules.units import DRONE, Unit, clock_of
from .combat_steps import Shot
from .prompts import DiceRequest, Prompt, check_dice

Walk = Generator[Prompt, object, None]
ADD_RANGE = (1, 3)  # E5: anti-drones fire at range 1 to 3


class AddRound(Shot):
    """A declared anti-drone round (E5): a :class:`Shot` resolved by :func:`fire_add`."""

    __slots__ = ()


class SeekerSteps:
    """Impacts (end of 6A) and fire at seekers (6D)."""

    # -- impacts ---------------------------------------------------------------------------
    def _impacts(self, step) -> Walk:
        if self._seeking.seekers:
            yield from self._recorded_impacts()
        yield from super()._impacts(step)  # seekers without records (movement_steps)

    def _recorded_impacts(self) -> Walk:
        clock = clock_of(self._turn, self._impulse)
        sizes = {uid: self.specs[r.spec_id].size_class for uid, r in self._ships.items()}
        held = self._tractors.links and {k.target for k in self._tractors.links}
        units = ({k: u for k, u in self._units.items() if k not in held} if held
                 else self._units)  # a held seeker does not strike (G7.52, tractor_steps)
        impacts = find_impacts(units, self._seeking, size_classes=sizes)
        rolls: dict[str, int] = {}
        for imp in impacts:
            if imp.needs_roll:
                prompt = DiceRequest(self._key("proximity", imp.seeker), proximity_purpose(imp),
                                     kind="1d6", rule="D6.36", unit=imp.target)
                (rolls[imp.seeker],) = yield from self._ask(
                    prompt, lambda v, p=prompt: check_dice(p, v))
        if impacts:
            out = resolve_impacts(self._units, self._seeking, impacts, rolls, clock=clock)
            for unit in out.units.values():
                self._put(unit)
            self._seeking = out.state
            self._emit_all(out.events)
            for group in out.volleys:
                yield from self._resolve_volley(group)
        changed, self._seeking, events = expire_seekers(self._units, self._seeking, clock)
        for unit in changed.values():
            self._put(unit)
        self._emit_all(events)
        self._void_weasels()

    def _void_weasels(self) -> None:
        """Each weasel in play: void once its ship goes too fast (J3.131, C10.54)."""
        for record in self._seeking.seekers:
            ship = self._units.get(record.protects) if record.is_weasel else None
            if ship is None:
                continue
            reason = weasel_void_reason(ship)
            if reason is not None:
                changed, self._seeking, events = void_weasel(self._seeking, self._units,
                                                             ship.id, reason)
                for unit in changed.values():
                    self._put(unit)
                self._emit_all(events)

    # -- fire at seekers (6D) --------------------------------------------------------------
    def _check_shots(self, unit: Unit, value: object, clock: int):
        """The combat mixin's check, with ADD rounds, the FD1.51 penalty and J3.132 (module
        docstring)."""
        if not isinstance(value, list):
            return super()._check_shots(unit, value, clock)
        if value:
            refusal = weasel_fire_refusal(self._seeking, unit.id)
            if refusal is not None:
                return refusal
        adds = [i for i in value if isinstance(i, dict) and self._add_rack(unit.id, i.get("box"))]
        shots = super()._check_shots(unit, [i for i in value if i not in adds], clock)
        if isinstance(shots, Refusal):
            return shots
        out: list[Shot] = []
        for shot in shots:
            if not isinstance(shot, Shot):  # a PPD train or a web cast (ppd_steps, web_steps)
                out.append(shot)
                continue
            record = self._seeking.record(shot.target)
            penalty = drone_ecm_penalty(shot.order.weapon.type) if (
                record is not None and record.kind == DRONE) else 0
            if penalty:
                shot = replace(shot, where=replace(
                    shot.where, shift=max(shot.where.shift, ew_shift(penalty))))
            out.append(shot)
        used: set[str] = set()
        rounds: list[Shot] = []
        for item in adds:
            box = item["box"]
            target = self._units.get(item.get("target"))  # type: ignore[arg-type]
            if target is None:
                return Refusal("E5", f"{unit.id} {box}: no seeking weapon {item.get('target')!r}")
            if box in used:
                return Refusal("E5.13", f"{box} of {unit.id} fires one round an impulse")
            if box in unit.destroyed:
                return Refusal("D4.2", f"{box} of {unit.id} is destroyed")
            refusal = add_refusal(self._seeking, unit, box, target, clock=clock, lock_on=True)
            if refusal is not None:
                return refusal
            rng = hex_range(unit.hex, target.hex)
            if not ADD_RANGE[0] <= rng <= ADD_RANGE[1]:
                return Refusal("E5", f"an anti-drone fires at range 1-3, not {rng}")
            used.add(box)
            weapon = next((w for w in self.specs[self._ships[unit.id].spec_id].weapons
                           if w.box_ids[0] == box), None) or Weapon(box.split("#")[-1], "ADD",
                                                                     "add", ("360",))
            where = situation(unit.hex, unit.facing, target.hex, target.facing, clock=clock)
            rounds.append(AddRound(unit.id, ShotOrder(weapon, None), target.id, where))
        return rounds + out

    def _add_rack(self, uid: str, box: object) -> bool:
        rack = self._seeking.rack(uid, box) if isinstance(box, str) else None
        return rack is not None and (rack.is_add_rack or rack.add_rounds > 0)

    def _resolve_fire(self, shots) -> Walk:
        """ADD rounds first (E5), then the direct fire (combat mixin)."""
        for shot in shots:
            if isinstance(shot, AddRound):
                yield from self._fire_add(shot)
        rest = [s for s in shots if not isinstance(s, AddRound)]
        if rest:
            yield from super()._resolve_fire(rest)

    def _fire_add(self, shot: AddRound) -> Walk:
        box = shot.order.box_id
        prompt = DiceRequest(self._key(f"shot.{shot.firer}.{box}", shot.target),
                             f"{shot.firer} fires an anti-drone from {box} at {shot.target}, "
                             f"range {shot.where.true_range} (E5)", kind="1d6", rule="E5",
                             unit=shot.firer)
        (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        target = self._units[shot.target]
        done = fire_add(self._seeking, self._units[shot.firer], box, target,
                        clock=clock_of(self._turn, self._impulse), roll=roll, lock_on=True)
        if isinstance(done, Refusal):  # checked at declaration; a programmer error
            raise RuntimeError(f"declared anti-drone refused at fire: {done}")
        self._seeking = done.state
        if done.unit is not None:
            self._put(done.unit)
        self._emit_all(done.events)

    def _shot_at_seeker(self, target: Unit, result) -> Walk:
        """A seeker destroyed earlier in the step takes nothing more (D6.3 fire is
        simultaneous; the shot was fired)."""
        if self._seeking.record(target.id) is None or not self._units[target.id].active:
            self._emit(event("no_effect", target.id, "D6.3",
                             f"{target.id} was destroyed earlier in the step"))
            return
        yield from super()._shot_at_seeker(target, result)
