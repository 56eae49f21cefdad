"""Launches of seeking weapons in the session (Seeking Weapons Stage of 6B; F2, FD, FP, J1-J3).

A mixin of :class:`~sfb_desk.engine.session.Session` (impacts and fire at seekers are
:mod:`.seeker_steps`):

* **Launches**: each side answers one ``launches`` Orders
  prompt, ``{ship: {"drones": [{"box": "drone#1", "id": "KD1", "target": "ENT",
  "index": 0}], "seekers": [...]}}``. A ship with a record launches drones from its racks
  through :func:`sfb_desk.rules.seeking.launch_drone` (lock-on D6.121, control limit F3.2 from
  the sensor rating, arc D2, rack rate and spacing FD2.42); ``seekers`` is the v1 free-form
  launch of units without records (a seeker without a record).
* **Plasma** (FP1): ``"plasma": [{"box": "plasma#A", "id": "RP1", "target": "KRT",
  "pseudo": false, "facing": "A"}]`` (``pseudo`` and ``facing`` optional) through
  :func:`sfb_desk.rules.seeking.launch_plasma` with the launcher's arming this turn (the
  energy record stepped by this turn's allocation: type, complete, enveloping FP5). A real
  launch marks the box fired, so its arming is cleared at the end of turn (FP2).
* **Shuttles** (J1.50, J2.2, J3): ``"shuttles": [{"box": "shuttle#1", "id": "RS1", "bay": 1,
  "speed": 6, "mission": "admin" | "suicide" | "weasel", "target": "KRT"}]`` (``target`` for
  suicide only; ``bay`` default 1, ``speed`` default 6). ``"mss"`` launches a minesweeping
  shuttle (R1.F2, M8.312) and ``"mls"`` a minelaying one with its ``"mines": {"large": 2}``
  (R1.F6; :mod:`.minelaying_steps`). Suicide warheads come from the box's
  arming (``suicide_warhead``, J2.2211) and wild weasels need a charged box (J3.12); both
  armings are spent (the box marked fired). A weasel draws the seekers aimed at its ship
  (J3.111) and the ship may not fire while it protects it (J3.132, in 6D).
* **Landing** (J1.6): ``"land": [{"shuttle": "RS1", "bay": 1}]`` lands a shuttle of the side
  in the ship's bay (:func:`sfb_desk.rules.seeking.land_shuttle`: same hex, the ship no
  faster than the shuttle, a quarter turn after its launch, the bay's spacing); it leaves the
  map as ``landed``.
* No launch without a lock-on (D6.121): the launcher's lock-on roll of the turn, and none on
  a fully cloaked ship (G13.301).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.movement import em as em_rules
from ..rules.damage.repair import sensor_rating
from ..rules.energy.arming import WeaponArming, suicide_warhead
from ..rules.energy.arming_step import step as arming_step
from ..rules.energy.state import weapon_destroyed
from ..rules.hexes import parse_facing
from ..rules.results import Event, Refusal, event
from ..rules.seeking import (
    ADMIN,
    SUICIDE,
    WILD_WEASEL,
    Launched,
    SeekingState,
    control_limit,
    is_seeker_armed,
    land_shuttle,
    launch_drone,
    launch_plasma,
    launch_shuttle,
    launch_suicide,
    launch_weasel,
)
from ..rules.seeking.shuttles import SHUTTLE_SPEED, SUICIDE_MAX_WARHEAD
from ..rules.units import DRONE, PLASMA, SEEKER_KINDS, SEEKER_PROFILE, Unit, clock_of
from .minelaying_steps import MINE_CRAFT
from .prompts import Orders, Prompt
from .records import ShipRecord, damage_state

Walk = Generator[Prompt, object, None]


class LaunchSteps:
    """Launches of drones, plasma torpedoes and shuttles (6B)."""

    def _launches(self, step) -> Walk:
        for side in self._sides():
            prompt = Orders(self._key("launch", side), "launches",
                            f"Launches of side {side}, impulse {self._impulse} (Seeking Weapons "
                            "Stage)", side=side, rule="F2", default={})
            done = yield from self._ask(prompt, lambda v, s=side: self._check_launches(s, v))
            self._seeking = done.state
            for unit in done.units:
                self._put(unit)
            self._ships.update(done.ships)
            for craft in done.craft:  # minesweeping and minelaying shuttles (R1.F2, R1.F6)
                self._battlefield = self._battlefield.with_stores(craft)
            self._emit_all(done.events)

    def _check_launches(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("F2", "launches are {unit: {...}}")
        clock = clock_of(self._turn, self._impulse)
        done = _Launches(self._seeking)
        for uid, record in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            refusal = em_rules.em_forbids(unit, "launch")
            if refusal:
                return refusal
            if record:
                refusal = self._cloak_refusal(uid, "launch") or self._fc_launch_refusal(uid, record)
                if refusal is not None:
                    return refusal
            if clock < unit.no_fire_until:
                return Refusal("C6.5472", f"{uid} broke down and cannot launch yet")
            if not isinstance(record, dict) or set(record) - set(_LAUNCH_KEYS):
                return Refusal("F2", f"launch record for {uid} is {{'drones': [...], "
                                     "'plasma': [...], 'shuttles': [...]}")
            for s in record.get("seekers", ()):
                made = self._new_seeker(unit, s, done.units)
                if isinstance(made, Refusal):
                    return made
                done.units.append(made)
                done.events.append(event("launched", made.id, "F2",
                                         f"{made.kind} {made.id} launched at {made.target}",
                                         target=made.target, speed=made.speed,
                                         hex=made.hex.label))
            for n, d in enumerate(record.get("drones", ()), 1):
                made = self._launch_drone(unit, d, n, done.state, done.units, clock)
                if isinstance(made, Refusal):
                    return made
                done.add(made)
            for n, p in enumerate(record.get("plasma", ()), 1):
                made = self._launch_plasma(unit, p, n, done, clock)
                if isinstance(made, Refusal):
                    return made
                done.add(made)
            for n, sh in enumerate(record.get("shuttles", ()), 1):
                refusal = self._launch_shuttle(unit, sh, n, done, clock)
                if refusal is not None:
                    return refusal
            for n, item in enumerate(record.get("land", ()), 1):
                refusal = self._land(unit, item, n, done, clock)
                if refusal is not None:
                    return refusal
        return done

    def _land(self, unit: Unit, item: object, n: int, done: _Launches, clock: int) -> Refusal | None:
        """J1.6: ``{"shuttle": "RS1", "bay": 1}`` lands a shuttle of the side in ``unit``'s
        bay (:func:`land_shuttle`: same hex, the ship no faster, J1.52/J1.50 spacing)."""
        if not isinstance(item, dict) or not isinstance(item.get("shuttle"), str):
            return Refusal("J1.61", f"landing {n} of {unit.id}: {{\"shuttle\": id, \"bay\": n}}")
        shuttle = next((u for u in done.units if u.id == item["shuttle"]),
                       self._units.get(item["shuttle"]))
        bay = item.get("bay", 1)
        if shuttle is None or not isinstance(bay, int) or isinstance(bay, bool):
            return Refusal("J1.61", f"landing {n} of {unit.id}: no shuttle {item['shuttle']!r} "
                                    "or no bay number")
        made = land_shuttle(done.state, unit, shuttle, bay, clock=clock)
        if isinstance(made, Refusal):
            return made
        landed, done.state, ev = made
        done.units.append(landed)
        done.events.append(ev)
        return None

    def _ship_now(self, uid: str, done: _Launches) -> ShipRecord | None:
        return done.ships.get(uid, self._ships.get(uid))

    def _arming_now(self, record: ShipRecord, unit: Unit, box: str) -> WeaponArming | None:
        """What ``box`` holds this turn: the start-of-turn arming stepped by this turn's
        allocation (as the energy step does), None once fired this turn."""
        held = record.energy.arming(box)
        if held is None or record.allocation is None or box in record.fired:
            return None
        spec = self.specs[record.spec_id]
        return arming_step(held, record.allocation.order(box), turn=self._turn,
                           destroyed=weapon_destroyed(spec, box, unit.destroyed)).state

    def _seeker_id(self, spec: dict, pending: list[Unit], what: str) -> str | Refusal:
        sid = spec.get("id")
        if not isinstance(sid, str) or not sid:
            return Refusal("F2", f"{what} needs an 'id'")
        if sid in self._units or any(u.id == sid for u in pending):
            return Refusal("F2", f"unit id {sid!r} is already in use")
        return sid

    def _control_limit(self, record: ShipRecord, unit: Unit) -> int:
        ship_spec = self.specs[record.spec_id]
        rating = sensor_rating(ship_spec, damage_state(record, ship_spec, unit.destroyed))
        return control_limit(rating, seeker_armed=is_seeker_armed(ship_spec))

    def _launch_plasma(self, unit: Unit, spec: object, n: int, done: _Launches, clock: int):
        record = self._ship_now(unit.id, done)
        if record is None:
            return Refusal("FP1", f"{unit.id} has no plasma launchers in play")
        if not isinstance(spec, dict) or set(spec) - {"box", "id", "target", "pseudo", "facing"}:
            return Refusal("F2", f"plasma {n} of {unit.id}: {{'box', 'id', 'target', 'pseudo', "
                                 "'facing'}")
        sid = self._seeker_id(spec, done.units, f"plasma {n} of {unit.id}")
        if isinstance(sid, Refusal):
            return sid
        weapon = next((w for w in self.specs[record.spec_id].weapons
                       if w.box_ids[0] == spec.get("box")), None)
        if weapon is None or weapon.family != "plasma":
            return Refusal("FP1", f"{unit.id} has no plasma launcher {spec.get('box')!r}")
        box = weapon.box_ids[0]
        if box in unit.destroyed:
            return Refusal("D4.2", f"{box} of {unit.id} is destroyed")
        facing = _facing(spec)
        if isinstance(facing, Refusal):
            return facing
        pseudo = bool(spec.get("pseudo", False))
        target = self._units.get(spec.get("target"))  # type: ignore[arg-type]
        arming = self._arming_now(record, unit, box)
        if arming is not None and not arming.mode:
            arming = replace(arming, mode=arming.type)  # the launcher's own torpedo (FP2)
        made = launch_plasma(done.state, unit, target, weapon, arming,
                             seeker_id=sid, clock=clock, lock_on=self._launch_lock(unit, target),
                             control_limit=self._control_limit(record, unit), pseudo=pseudo,
                             facing=facing)
        if not isinstance(made, Refusal) and not pseudo:
            done.ships[unit.id] = replace(record, fired=record.fired | {box},
                                          armed=record.armed - {box})
        return made

    def _launch_shuttle(self, unit: Unit, spec: object, n: int, done: _Launches,
                        clock: int) -> Refusal | None:
        record = self._ship_now(unit.id, done)
        if record is None:
            return Refusal("J1.50", f"{unit.id} has no shuttle bays in play")
        keys = {"box", "id", "bay", "speed", "mission", "target", "facing", "mines"}
        if not isinstance(spec, dict) or set(spec) - keys:
            return Refusal("J1.50", f"shuttle {n} of {unit.id}: {{'box', 'id', 'bay', 'speed', "
                                    "'mission', 'target'}")
        sid = self._seeker_id(spec, done.units, f"shuttle {n} of {unit.id}")
        if isinstance(sid, Refusal):
            return sid
        ship_spec = self.specs[record.spec_id]
        box, bay = spec.get("box"), spec.get("bay", 1)
        if record.energy.arming(box) is None or not str(box).startswith("shuttle#"):  # type: ignore[arg-type]
            return Refusal("J1.50", f"{unit.id} has no shuttle box {box!r}")
        if box in unit.destroyed:
            return Refusal("D4.2", f"{box} of {unit.id} is destroyed")
        if not isinstance(bay, int) or not 1 <= bay <= len(ship_spec.shuttle_bays):
            return Refusal("J1.50", f"{unit.id} has bays 1..{len(ship_spec.shuttle_bays)}, "
                                    f"not {bay!r}")
        out = next((r.id for r in done.state.seekers if r.launcher == unit.id and r.weapon == box
                    and r.landed_at is None and r.id in self._units
                    and self._units[r.id].active), None)
        if out is not None:
            return Refusal("J1.50", f"the shuttle of {box} is out ({out})")
        facing = _facing(spec)
        if isinstance(facing, Refusal):
            return facing
        speed, mission = spec.get("speed", SHUTTLE_SPEED), spec.get("mission", ADMIN)
        arming = self._arming_now(record, unit, box)
        if mission == ADMIN:
            if spec.get("target") is not None:
                return Refusal("J1.50", "an administrative shuttle has no target")
            if arming is not None and arming.mode:
                return Refusal("J2.22", f"{box} is being armed as {arming.mode}")
            made = launch_shuttle(done.state, unit, bay, shuttle_id=sid, box=box, clock=clock,
                                  speed=speed, facing=facing)  # type: ignore[arg-type]
        elif mission == SUICIDE:
            target = self._units.get(spec.get("target"))  # type: ignore[arg-type]
            warhead = suicide_warhead(arming) if arming is not None else 0
            made = launch_suicide(done.state, unit, target, min(warhead, SUICIDE_MAX_WARHEAD),
                                  bay, shuttle_id=sid, box=box, clock=clock, speed=speed,
                                  lock_on=self._launch_lock(unit, target), control_limit=self._control_limit(record, unit),
                                  facing=facing)  # type: ignore[arg-type]
        elif mission in MINE_CRAFT:  # R1.F2, R1.F6 (minelaying_steps)
            craft = self._mine_craft(unit, mission, sid, spec, done.craft, clock)
            if isinstance(craft, Refusal):
                return craft
            made = launch_shuttle(done.state, unit, bay, shuttle_id=sid, box=box, clock=clock,
                                  speed=speed, facing=facing)  # type: ignore[arg-type]
            if not isinstance(made, Refusal):
                done.craft.append(craft)
        elif mission in ("weasel", WILD_WEASEL):
            units = {**self._units, **{u.id: u for u in done.units}}
            made = launch_weasel(done.state, units, unit, arming, bay, shuttle_id=sid, box=box,
                                 clock=clock, speed=speed, facing=facing)  # type: ignore[arg-type]
            if isinstance(made, Refusal):
                return made
            done.state = made.state
            done.units.append(made.launched.unit)
            done.units.extend(made.units.values())
            done.events.extend(made.events)
            done.ships[unit.id] = replace(record, fired=record.fired | {box},
                                          armed=record.armed - {box})
            return None
        else:
            return Refusal("J1.50", f"a shuttle's mission is admin, suicide, weasel, mss or "
                                    f"mls, not {mission!r}")
        if isinstance(made, Refusal):
            return made
        done.add(made)
        if mission == SUICIDE:
            done.ships[unit.id] = replace(record, fired=record.fired | {box},
                                          armed=record.armed - {box})
        return None

    def _launch_drone(self, unit: Unit, spec: object, n: int, seeking, pending: list[Unit],
                      clock: int):
        ship = self._ships.get(unit.id)
        if ship is None:
            return Refusal("FD3", f"{unit.id} has no drone racks in play")
        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            return Refusal("F2", f"drone {n} of {unit.id}: {{'box', 'id', 'target', 'index'}}")
        sid = self._seeker_id(spec, pending, f"drone {n} of {unit.id}")
        if isinstance(sid, Refusal):
            return sid
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
        return launch_drone(seeking, unit, target, weapon, seeker_id=sid, clock=clock,
                            lock_on=self._launch_lock(unit, target), control_limit=self._control_limit(ship, unit),
                            index=index)

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
        facing = _facing(spec)
        if isinstance(facing, Refusal):
            return facing
        facing = launcher.facing if facing is None else facing
        return Unit(
            id=sid, side=launcher.side, kind=kind if kind in (DRONE, PLASMA) else DRONE,
            hex=launcher.hex, facing=facing, speed=speed, plot=((1, speed),),
            prev_plot=((1, speed),), profile=SEEKER_PROFILE, target=target,
        )

    def _launch_lock(self, unit: Unit, target: Unit | None) -> bool:
        """D6.121: a seeking weapon is launched only with a lock-on: the launcher's lock-on
        roll of this turn (D6.11), and none on a fully cloaked ship (G13.301)."""
        if not self._has_lock_on(unit.id):
            return False
        if target is not None and target.id in self._ships and target.side != unit.side:
            return self._cloak_facts(target.id, {"lock_on": True}).get("lock_on") is not False
        return True


_LAUNCH_KEYS = ("seekers", "drones", "plasma", "shuttles", "land")


class _Launches:
    """One side's launches while they are checked: new and changed units, the seeking state,
    changed ship records (launchers fired) and the events."""

    def __init__(self, state: SeekingState) -> None:
        self.state = state
        self.units: list[Unit] = []
        self.ships: dict[str, ShipRecord] = {}
        self.events: list[Event] = []
        self.craft: list = []  # MineStores of MSS and MLS launched (minelaying_steps)

    def add(self, made: Launched) -> None:
        self.state = made.state
        self.units.append(made.unit)
        self.events.append(made.event)


def _facing(spec: dict) -> int | None | Refusal:
    """The facing an order names (``facing``), or None for the launcher's (F2.2)."""
    if "facing" not in spec:
        return None
    try:
        return int(parse_facing(spec["facing"]))
    except (ValueError, TypeError) as exc:
        return Refusal("F2", str(exc))
