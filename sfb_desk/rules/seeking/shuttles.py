"""Shuttles (J1, J2, J3): administrative shuttles, bays, landing, suicide shuttles, wild weasels.

Reference basic-set-facts.md G5 and the seeds:

* **Administrative shuttle** (J2): speed 6, destroyed by 6 damage points, crippled by 4 (seed
  000 L3217, FD7.112), one phaser-3 firing 360 degrees; a crippled shuttle's top speed is
  halved, rounded up (J1.331). Damage to shuttles: :func:`.defense.damage_seeker`.
* **Bays** (J1.50): one launch or recovery per bay an impulse and never in two consecutive
  impulses, so one every 2 impulses. No shuttle launch within 4 impulses after the ship's HET
  (C6.38; AM, Med). No launch limit by the ship's speed was found (decisions.md J1.50).
* **Landing** (J1.61): ship and shuttle in the same hex, the ship no faster than the shuttle; a
  shuttle launches once and lands once a turn, at least a quarter turn (8 impulses) apart
  (J1.52). A landed shuttle leaves the map (unit status ``landed``) and keeps its record.
* **Suicide shuttle** (J2.2): armed from warp power over up to three turns by the energy rules,
  whose ``suicide_warhead`` gives the warhead (twice the energy, at most 18; seed 000 L5986 and
  L9918 "18 points"); launched at a target as a seeking shuttle once it holds any arming energy
  (decisions.md J2.2), with a lock-on and a control channel (F3.2); it moves with the
  shuttles' turn mode and strikes like a drone (:mod:`.impact`).
* **Wild weasel** (J3): charged 1 energy on each of two consecutive turns (J3.12; the energy
  rules' ``WILD-WEASEL`` arming). Launched only while the ship's speed, plus the cost of EM in
  hexes if it is using EM (C10.54 seed 000 L667; C11.24 L704), is at most 4 (J3.131), one at a
  time. On launch every seeking weapon targeted on the ship accepts the weasel instead (J3.111)
  except type-VI drones (FD7.372, seed 000 L3330-3336); the ship turns its fire control off,
  may not fire even under passive fire control, loses its lock-ons and releases control of its
  seekers (J3.131, J3.132): :func:`weasel_fire_refusal` for the fire step. Passive fire control
  (D19.21 L2346, J3.41) or too much speed voids it (:func:`weasel_void_reason`), and the
  weapons accept the ship again (C13.947 L1401). The weasel adds 6 ECM (J3.23). A seeker's
  impact makes it explode for 4 impulses (J3.211; :mod:`.impact`); its collateral damage by
  the damage it took is :func:`weasel_collateral` (J3; the client data only, Low).
* **Scatter-pack** explosion inside an enemy bay (FD7.421, seed 000 L3398): 3 points per drone
  space carried, fractions dropped; ADD rounds do not count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ..combat.rate import turn_of
from ..movement.em import em_cost_hexes
from ..results import Event, Refusal, event, first_refusal
from ..units import ACTIVE, SHIP, SHUTTLE, SHUTTLE_PROFILE, Unit, new_ship
from .defense import SHUTTLE_CRIPPLED
from .launch import Launched, launcher_refusal
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions
from .plasma import ArmedLoad
from .records import ADMIN, SUICIDE, WILD_WEASEL, BayState, SeekerRecord, SeekingState

SHUTTLE_SPEED = 6  # J2
SUICIDE_MAX_WARHEAD = 18  # J2.2211
BAY_GAP = 2  # J1.50
HET_LAUNCH_GAP = 4  # C6.38
LAND_GAP = 8  # J1.52
WEASEL_ECM = 6  # J3.23
LANDED = "landed"

#: J3 collateral damage by the damage the weasel took (reference G5; client data, Low):
#: (highest damage of the band, collateral points).
_COLLATERAL = ((2, 0), (4, 1), (6, 2), (10, 3), (18, 4), (28, 5), (40, 6), (55, 7), (75, 8), (95, 9))


def shuttle_max_speed(record: SeekerRecord | None) -> int:
    """Top speed of a shuttle: 6 (J2), halved and rounded up once crippled (J1.331)."""
    crippled = record is not None and record.damage >= SHUTTLE_CRIPPLED
    return -(-SHUTTLE_SPEED // 2) if crippled else SHUTTLE_SPEED


def weasel_collateral(damage_taken: int) -> int:
    """Collateral damage of a wild weasel's explosion after it took ``damage_taken`` (J3)."""
    for high, points in _COLLATERAL:
        if damage_taken <= high:
            return points
    return 10


def scatter_pack_explosion(drone_spaces: Fraction | int) -> int:
    """An armed scatter-pack exploding in an enemy bay: 3 x drone spaces, fractions dropped
    (FD7.421); ADD rounds are not counted."""
    return int(3 * Fraction(drone_spaces))


def shuttle_launch_refusal(
    state: SeekingState, ship: Unit, bay: int, *, clock: int, speed: int,
    record: SeekerRecord | None = None,
) -> Refusal | None:
    """May ``ship`` launch a shuttle (previously recorded as ``record``, if any) from ``bay``
    at ``speed`` now (module docstring)?"""
    if not ship.active or ship.kind != SHIP:
        return Refusal("J1.50", f"{ship.id} is not an active ship with shuttle bays")
    if clock < ship.no_fire_until:
        return Refusal("C6.5472", f"{ship.id} broke down and cannot launch yet")
    if clock - ship.het.last_clock < HET_LAUNCH_GAP:
        return Refusal("C6.38", f"{ship.id} made an HET {clock - ship.het.last_clock} impulse(s) ago; "
                                f"no shuttle launch within {HET_LAUNCH_GAP}")
    last = state.bay(ship.id, bay).last_clock
    if last is not None and clock - last < BAY_GAP:
        return Refusal("J1.50", f"bay {bay} of {ship.id} launched or recovered a shuttle last impulse")
    top = shuttle_max_speed(record)
    if not isinstance(speed, int) or not 0 <= speed <= top:
        return Refusal("J1.331" if top < SHUTTLE_SPEED else "J2", f"a shuttle's speed is 0..{top}, not {speed!r}")
    if record is not None:
        if turn_of(record.launched_at) == turn_of(clock):
            return Refusal("J1.52", f"{record.id} has launched this turn already")
        if record.landed_at is not None and clock - record.landed_at < LAND_GAP:
            return Refusal("J1.52", f"{record.id} landed {clock - record.landed_at} impulse(s) ago; "
                                    f"a quarter turn must pass")
    return None


def launch_shuttle(
    state: SeekingState,
    ship: Unit,
    bay: int,
    *,
    shuttle_id: str,
    box: str,
    clock: int,
    speed: int,
    facing: int | None = None,
    mission: str = ADMIN,
    target: str | None = None,
    warhead: int = 0,
    protects: str | None = None,
) -> Launched | Refusal:
    """Launch shuttle ``shuttle_id`` (SSD box ``box``) from ``bay`` of ``ship`` (J1.50). The
    suicide and wild-weasel launches add their own checks (:func:`launch_suicide`,
    :func:`launch_weasel`) and come through here."""
    previous = state.record(shuttle_id)
    if previous is not None and previous.landed_at is None:
        return Refusal("J1.50", f"shuttle {shuttle_id} is already in flight")
    refusal = shuttle_launch_refusal(state, ship, bay, clock=clock, speed=speed, record=previous)
    if refusal is not None:
        return refusal
    unit = new_ship(shuttle_id, ship.side, SHUTTLE_PROFILE, hex=ship.hex,
                    facing=ship.facing if facing is None else facing, speed=speed, kind=SHUTTLE)
    if target is not None:
        unit = replace(unit, target=target)
    record = SeekerRecord(
        shuttle_id, SHUTTLE, ship.side, ship.id, box, clock,
        controller=ship.id if mission == SUICIDE else None, mission=mission, warhead=warhead,
        protects=protects, damage=previous.damage if previous is not None else 0,
    )
    new_state = state.with_bay(BayState(ship.id, bay, clock)).with_record(record)
    ev = event("shuttle_launched", shuttle_id, "J1.50",
               f"{mission} shuttle {shuttle_id} launched from {ship.id} bay {bay}",
               launcher=ship.id, bay=bay, mission=mission, speed=speed, target=target)
    return Launched(unit, record, new_state, ev)


def land_refusal(state: SeekingState, ship: Unit, shuttle: Unit, bay: int, *, clock: int) -> Refusal | None:
    """May ``shuttle`` land in ``bay`` of ``ship`` now (J1.61, J1.52, J1.50)?"""
    record = state.record(shuttle.id)
    if record is None or record.kind != SHUTTLE or not shuttle.active:
        return Refusal("J1.61", f"{shuttle.id} is not a shuttle in flight")
    if record.mission != ADMIN or shuttle.target is not None:
        return Refusal("J1.61", f"{shuttle.id} is a {record.mission} shuttle and cannot land")
    if ship.side != shuttle.side or not ship.active or ship.kind != SHIP:
        return Refusal("J1.61", f"{shuttle.id} can land only on an active friendly ship")
    if ship.hex != shuttle.hex:
        return Refusal("J1.61", f"{shuttle.id} must be in the hex of {ship.id} to land")
    if ship.speed > shuttle.speed:
        return Refusal("J1.61", f"{ship.id} (speed {ship.speed}) is faster than {shuttle.id} "
                                f"(speed {shuttle.speed})")
    if record.landed_at is not None and turn_of(record.landed_at) == turn_of(clock):
        return Refusal("J1.52", f"{shuttle.id} has landed once this turn")
    if clock - record.launched_at < LAND_GAP:
        return Refusal("J1.52", f"{shuttle.id} launched {clock - record.launched_at} impulse(s) ago; "
                                "a quarter turn must pass before it lands")
    last = state.bay(ship.id, bay).last_clock
    if last is not None and clock - last < BAY_GAP:
        return Refusal("J1.50", f"bay {bay} of {ship.id} launched or recovered a shuttle last impulse")
    return None


def land_shuttle(
    state: SeekingState, ship: Unit, shuttle: Unit, bay: int, *, clock: int,
) -> tuple[Unit, SeekingState, Event] | Refusal:
    """Land ``shuttle`` in ``bay`` of ``ship``: the shuttle unit (status ``landed``), the state
    and the event."""
    refusal = land_refusal(state, ship, shuttle, bay, clock=clock)
    if refusal is not None:
        return refusal
    record = replace(state.record(shuttle.id), landed_at=clock)  # type: ignore[type-var]
    new_state = state.with_bay(BayState(ship.id, bay, clock)).with_record(record)
    ev = event("shuttle_landed", shuttle.id, "J1.61", f"{shuttle.id} lands on {ship.id} bay {bay}",
               ship=ship.id, bay=bay)
    return replace(shuttle, status=LANDED), new_state, ev


def launch_suicide(
    state: SeekingState,
    ship: Unit,
    target: Unit | None,
    warhead: int,
    bay: int,
    *,
    shuttle_id: str,
    box: str,
    clock: int,
    speed: int,
    lock_on: bool,
    control_limit: int,
    facing: int | None = None,
) -> Launched | Refusal:
    """Launch the suicide shuttle of ``box`` at ``target`` with the ``warhead`` its arming gives
    (the energy rules' ``suicide_warhead``; 0: not armed) (module docstring, J2.2)."""
    if not isinstance(warhead, int) or warhead <= 0:
        return Refusal("J2.22", f"{box} holds no armed suicide shuttle")
    if warhead > SUICIDE_MAX_WARHEAD:
        raise ValueError(f"a suicide shuttle's warhead is at most {SUICIDE_MAX_WARHEAD} (J2.2211), not {warhead}")
    refusal = launcher_refusal(ship, target, clock=clock, lock_on=lock_on,
                               controlled=state.controlled_by(ship.id), control_limit=control_limit,
                               weapon=None)
    if refusal is not None:
        return refusal
    assert target is not None
    return launch_shuttle(state, ship, bay, shuttle_id=shuttle_id, box=box, clock=clock, speed=speed,
                          facing=facing, mission=SUICIDE, target=target.id, warhead=warhead)


def _em_hexes(ship: Unit) -> Fraction:
    return em_cost_hexes(ship) if ship.em.active else Fraction(0)


def weasel_void_reason(
    ship: Unit, *, passive_fire_control: bool = False,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> Refusal | None:
    """Why a wild weasel protecting ``ship`` is void now (J3.131, C10.54, J3.41), or None."""
    load = ship.speed + _em_hexes(ship)
    if load > options.weasel_max_speed:
        rule = "C10.54" if ship.em.active else "J3.131"
        return Refusal(rule, f"{ship.id}'s speed {ship.speed}"
                             + (f" plus {_em_hexes(ship)} for EM" if ship.em.active else "")
                             + f" exceeds {options.weasel_max_speed}: a wild weasel cannot protect it")
    if passive_fire_control:
        return Refusal("J3.41", f"{ship.id} uses passive fire control, which voids a wild weasel (D19.21)")
    return None


@dataclass(frozen=True, slots=True)
class WeaselLaunch:
    """A wild weasel launched: the launch, the seekers it drew (changed units by id), the state
    after it (the ship's seekers released) and the events."""

    launched: Launched
    units: dict[str, Unit]
    state: SeekingState
    events: tuple[Event, ...]


def launch_weasel(
    state: SeekingState,
    units: Mapping[str, Unit],
    ship: Unit,
    arming: ArmedLoad | None,
    bay: int,
    *,
    shuttle_id: str,
    box: str,
    clock: int,
    speed: int,
    facing: int | None = None,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> WeaselLaunch | Refusal:
    """Launch the wild weasel charged as ``arming`` (module docstring, J3)."""
    refusal = first_refusal(
        None if arming is not None and arming.mode.upper() == "WILD-WEASEL" and arming.complete
        else Refusal("J3.12", f"{box} holds no charged wild weasel"),
        Refusal("J3", f"{ship.id} already has a wild weasel out") if state.weasel_of(ship.id) else None,
        weasel_void_reason(ship, options=options),
    )
    if refusal is not None:
        return refusal
    launched = launch_shuttle(state, ship, bay, shuttle_id=shuttle_id, box=box, clock=clock,
                              speed=speed, facing=facing, mission=WILD_WEASEL, protects=ship.id)
    if isinstance(launched, Refusal):
        return launched
    new_state = launched.state
    records = new_state.by_id()
    changed: dict[str, Unit] = {}
    events = [launched.event]
    for unit in units.values():
        if unit.status != ACTIVE or not unit.is_seeker or unit.target != ship.id:
            continue
        record = records.get(unit.id)
        if record is not None and record.drone is not None and record.drone.kind.dogfight:
            continue  # FD7.372: type-VI drones are not distracted
        changed[unit.id] = replace(unit, target=shuttle_id)
        events.append(event("retargeted", unit.id, "J3.111",
                            f"{unit.id} accepts wild weasel {shuttle_id} as its target", target=shuttle_id))
    released = [replace(r, controller=None) for r in new_state.seekers if r.controller == ship.id]
    new_state = new_state.with_records(released)
    events.append(event("weasel_protects", ship.id, "J3.132",
                        f"{ship.id} shuts down its fire control, loses its lock-ons and releases "
                        f"{len(released)} seeking weapon(s)", released=tuple(r.id for r in released)))
    return WeaselLaunch(launched, changed, new_state, tuple(events))


def weasel_fire_refusal(state: SeekingState, ship: str) -> Refusal | None:
    """A ship protected by a wild weasel may not fire, even under passive fire control (J3.132)."""
    if state.weasel_of(ship) is not None:
        return Refusal("J3.132", f"{ship} is protected by a wild weasel and may not fire")
    return None


def void_weasel(
    state: SeekingState, units: Mapping[str, Unit], ship: str, reason: Refusal,
) -> tuple[dict[str, Unit], SeekingState, tuple[Event, ...]]:
    """Void the weasel protecting ``ship`` for ``reason``: seekers drawn to it that it has not
    yet absorbed accept the ship again (C13.947) unless it is already exploding; the weasel
    flies on as a plain shuttle."""
    weasel = state.weasel_of(ship)
    if weasel is None:
        return {}, state, ()
    state = state.with_record(replace(weasel, protects=None))
    events = [event("weasel_void", weasel.id, reason.rule, f"wild weasel {weasel.id} is void: {reason.message}")]
    changed: dict[str, Unit] = {}
    if weasel.exploded_at is None:
        for unit in units.values():
            if unit.status == ACTIVE and unit.is_seeker and unit.target == weasel.id:
                changed[unit.id] = replace(unit, target=ship)
                events.append(event("retargeted", unit.id, "C13.947",
                                    f"{unit.id} accepts {ship} again", target=ship))
    return changed, state, tuple(events)
