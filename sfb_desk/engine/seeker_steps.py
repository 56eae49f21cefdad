"""Seeking weapons in the session: launches in 6B and impacts at the end of 6A (F2, FD, FP).

A mixin of :class:`~sfb_desk.engine.session.Session`, following the seeking rules' recipe
(sfb_desk/rules/seeking/__init__.py):

* **Launches** (Seeking Weapons Stage of 6B): each side answers one ``launches`` Orders
  prompt, ``{ship: {"drones": [{"box": "drone#1", "id": "KD1", "target": "ENT",
  "index": 0}], "seekers": [...]}}``. A ship with a record launches drones from its racks
  through :func:`sfb_desk.rules.seeking.launch_drone` (lock-on D6.121, control limit F3.2 from
  the sensor rating, arc D2, rack rate and spacing FD2.42); ``seekers`` is the v1 free-form
  launch of units without records (a seeker without a record).
* **Impacts** (end of 6A, after the seekers moved): :func:`find_impacts`, a 1d6 DiceRequest
  worded by :func:`proximity_purpose` for each impact that needs a proximity roll (D6.36),
  :func:`resolve_impacts`, each ship's volleys (FD14.24) through the DAC like direct fire
  (:meth:`CombatSteps._resolve_volley`), then :func:`expire_seekers` (FD2 endurance).
  Seekers without a record impact as before (movement_steps).
"""

from __future__ import annotations

from collections.abc import Generator

from ..rules import movement_em as em_rules
from ..rules.damage.repair import sensor_rating
from ..rules.hexes import parse_facing
from ..rules.results import Event, Refusal, event
from ..rules.seeking import (
    control_limit,
    expire_seekers,
    find_impacts,
    is_seeker_armed,
    launch_drone,
    proximity_purpose,
    resolve_impacts,
)
from ..rules.units import DRONE, PLASMA, SEEKER_KINDS, SEEKER_PROFILE, Unit, clock_of
from .prompts import DiceRequest, Orders, Prompt, check_dice
from .records import damage_state

Walk = Generator[Prompt, object, None]


class SeekerSteps:
    """Launches (6B) and impacts (end of 6A)."""

    # -- impacts ---------------------------------------------------------------------------
    def _impacts(self, step) -> Walk:
        if self._seeking.seekers:
            yield from self._recorded_impacts()
        yield from super()._impacts(step)  # seekers without records (movement_steps)

    def _recorded_impacts(self) -> Walk:
        clock = clock_of(self._turn, self._impulse)
        sizes = {uid: self.specs[r.spec_id].size_class for uid, r in self._ships.items()}
        impacts = find_impacts(self._units, self._seeking, size_classes=sizes)
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

    # -- launches --------------------------------------------------------------------------
    def _launches(self, step) -> Walk:
        for side in self._sides():
            prompt = Orders(self._key("launch", side), "launches",
                            f"Launches of side {side}, impulse {self._impulse} (Seeking Weapons "
                            "Stage)", side=side, rule="F2", default={})
            units, seeking, events = yield from self._ask(
                prompt, lambda v, s=side: self._check_launches(s, v))
            self._seeking = seeking
            for unit, ev in zip(units, events, strict=True):
                self._put(unit)
                self._emit(ev)

    def _check_launches(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("F2", "launches are {unit: {...}}")
        clock = clock_of(self._turn, self._impulse)
        new: list[Unit] = []
        events: list[Event] = []
        seeking = self._seeking
        for uid, record in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            refusal = em_rules.em_forbids(unit, "launch")
            if refusal:
                return refusal
            if clock < unit.no_fire_until:
                return Refusal("C6.5472", f"{uid} broke down and cannot launch yet")
            if not isinstance(record, dict) or set(record) - {"seekers", "drones"}:
                return Refusal("F2", f"launch record for {uid} is {{'drones': [...]}}")
            for s in record.get("seekers", ()):
                made = self._new_seeker(unit, s, new)
                if isinstance(made, Refusal):
                    return made
                new.append(made)
                events.append(event("launched", made.id, "F2",
                                    f"{made.kind} {made.id} launched at {made.target}",
                                    target=made.target, speed=made.speed, hex=made.hex.label))
            for n, d in enumerate(record.get("drones", ()), 1):
                done = self._launch_drone(unit, d, n, seeking, new, clock)
                if isinstance(done, Refusal):
                    return done
                seeking = done.state
                new.append(done.unit)
                events.append(done.event)
        return new, seeking, events

    def _launch_drone(self, unit: Unit, spec: object, n: int, seeking, pending: list[Unit],
                      clock: int):
        ship = self._ships.get(unit.id)
        if ship is None:
            return Refusal("FD3", f"{unit.id} has no drone racks in play")
        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            return Refusal("F2", f"drone {n} of {unit.id}: {{'box', 'id', 'target', 'index'}}")
        sid = spec["id"]
        if sid in self._units or any(u.id == sid for u in pending):
            return Refusal("F2", f"seeker id {sid!r} is already in use")
        ship_spec = self.specs[ship.spec_id]
        weapon = next((w for w in ship_spec.weapons if w.box_ids[0] == spec.get("box")), None)
        if weapon is None or weapon.family != "drone":
            return Refusal("FD3", f"{unit.id} has no drone rack {spec.get('box')!r}")
        if weapon.box_ids[0] in unit.destroyed:
            return Refusal("D4.2", f"{weapon.box_ids[0]} of {unit.id} is destroyed")
        target = self._units.get(spec.get("target"))  # type: ignore[arg-type]
        index = spec.get("index", 0)
        if not isinstance(index, int) or isinstance(index, bool):
            return Refusal("FD3", "index is the drone's position in the rack (0 = first)")
        rating = sensor_rating(ship_spec, damage_state(ship, ship_spec, unit.destroyed))
        limit = control_limit(rating, seeker_armed=is_seeker_armed(ship_spec))
        return launch_drone(seeking, unit, target, weapon, seeker_id=sid, clock=clock,
                            lock_on=True, control_limit=limit, index=index)

    def _new_seeker(self, launcher: Unit, spec: object, pending: list[Unit]) -> Unit | Refusal:
        """A v1 launch: a seeker without a record (movement only)."""
        if not isinstance(spec, dict):
            return Refusal("F2", "a seeker is {'id', 'kind', 'speed', 'target'}")
        sid, kind, speed, target = (spec.get(k) for k in ("id", "kind", "speed", "target"))
        if not isinstance(sid, str) or sid in self._units or any(u.id == sid for u in pending):
            return Refusal("F2", f"seeker id {sid!r} missing or already in use")
        if kind not in SEEKER_KINDS:
            return Refusal("F2", f"seeker kind must be drone or plasma, not {kind!r}")
        if not isinstance(speed, int) or not 1 <= speed <= 32:
            return Refusal("F2", f"seeker speed must be 1..32, not {speed!r}")
        if target not in self._units:
            return Refusal("F2", f"unknown target {target!r}")
        facing = launcher.facing
        if "facing" in spec:
            try:
                facing = int(parse_facing(spec["facing"]))
            except ValueError as exc:
                return Refusal("F2", str(exc))
        return Unit(
            id=sid, side=launcher.side, kind=kind if kind in (DRONE, PLASMA) else DRONE,
            hex=launcher.hex, facing=facing, speed=speed, plot=((1, speed),),
            prev_plot=((1, speed),), profile=SEEKER_PROFILE, target=target,
        )
