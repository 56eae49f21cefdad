"""Launching drones (FD1, FD4, F3.2, D6.121) in the Seeking Weapons Stage (6B).

:func:`launch_refusal` says whether a unit may launch a drone from one of its racks at a target
now, naming the rule that forbids it:

* the launcher is an active ship or shuttle, not a seeking weapon, and did not break down
  (C6.5472: no fire or launch until its ``no_fire_until`` clock);
* a target: an active unit other than the launcher (F3.0);
* a lock-on to the target (D6.121: without one, seeking weapons cannot be launched);
* a free control channel (F3.2, :mod:`.control`);
* the rack: not reloading this turn (FD2.42), a drone in the chosen position, its launches this
  turn and the spacing since the last (FD4, :mod:`.racks`);
* the target within the rack's arcs on the SSD from the launching hex (D2; drone racks are
  usually 360, a target in the launcher's own hex is only in the 360 arc).

:func:`launch_drone` performs the launch: the rack gives up the drone and the drone becomes a
seeker unit (:func:`sfb_desk.rules.units.new_seeker`) in the launcher's hex, at the drone's
speed, facing the launcher's facing unless the owner names another (decisions.md F2.2), with a
:class:`~.records.SeekerRecord` whose endurance runs ``32 x turns`` impulses of flight
(decisions.md FD2).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arcs import arc_mask, in_mask
from ..bearing import bearing
from ..results import Event, Refusal, event, first_refusal
from ..ship import Weapon
from ..units import DRONE, IMPULSES, Unit, new_seeker
from .control import control_refusal
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions
from .racks import rack_launch_refusal, take_drone
from .records import SeekerRecord, SeekingState


@dataclass(frozen=True, slots=True)
class Launched:
    """A launch done: the new unit, its record, the seeking state after it, and the event."""

    unit: Unit
    record: SeekerRecord
    state: SeekingState
    event: Event


def launcher_refusal(
    launcher: Unit,
    target: Unit | None,
    *,
    clock: int,
    lock_on: bool,
    controlled: int,
    control_limit: int,
    weapon: Weapon | None,
) -> Refusal | None:
    """The checks every seeking-weapon launch shares (module docstring). ``weapon`` None:
    no arc to check (shuttle bays launch in any direction)."""
    if not launcher.active or launcher.is_seeker:
        return Refusal("F2", f"{launcher.id} is not an active ship or shuttle that can launch")
    if clock < launcher.no_fire_until:
        return Refusal("C6.5472", f"{launcher.id} broke down and cannot launch until impulse clock "
                                  f"{launcher.no_fire_until}")
    if target is None or not target.active or target.id == launcher.id:
        return Refusal("F3.0", "a seeking weapon needs an active target other than its launcher")
    if not lock_on:
        return Refusal("D6.121", f"{launcher.id} has no lock-on to {target.id}: seeking weapons "
                                 "cannot be launched at it")
    refusal = control_refusal(controlled, control_limit, launcher.id)
    if refusal is not None:
        return refusal
    if weapon is not None:
        point = bearing(launcher.hex, launcher.facing, target.hex)
        if not in_mask(arc_mask(weapon.arcs, weapon.extra_bearings), point):
            arcs = " ".join(weapon.arcs) or "no arc"
            return Refusal("D2", f"{weapon.box_ids[0]} ({arcs}) does not bear on {target.id} "
                                 f"(compass point {point})")
    return None


def launch_refusal(
    state: SeekingState,
    launcher: Unit,
    target: Unit | None,
    weapon: Weapon,
    *,
    clock: int,
    lock_on: bool,
    control_limit: int,
    index: int = 0,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> Refusal | None:
    """May ``launcher`` launch the drone in position ``index`` of its rack ``weapon`` at
    ``target`` at ``clock``? None, or the refusal with its rule (module docstring)."""
    box = weapon.box_ids[0]
    rack = state.rack(launcher.id, box)
    if rack is None:
        return Refusal("FD3", f"{launcher.id} has no drone rack {box} in play")
    return first_refusal(
        launcher_refusal(launcher, target, clock=clock, lock_on=lock_on,
                         controlled=state.controlled_by(launcher.id), control_limit=control_limit,
                         weapon=weapon),
        rack_launch_refusal(rack, clock, index, options),
    )


def launch_drone(
    state: SeekingState,
    launcher: Unit,
    target: Unit | None,
    weapon: Weapon,
    *,
    seeker_id: str,
    clock: int,
    lock_on: bool,
    control_limit: int,
    index: int = 0,
    facing: int | None = None,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> Launched | Refusal:
    """Launch the drone in position ``index`` of rack ``weapon`` at ``target`` (check and do).

    The drone enters play in the launcher's hex facing ``facing`` (default: the launcher's),
    controlled by the launcher, and flies ``32 x endurance`` impulses (FD2, FD10.33, FD2.222).
    """
    refusal = launch_refusal(state, launcher, target, weapon, clock=clock, lock_on=lock_on,
                             control_limit=control_limit, index=index, options=options)
    if refusal is not None:
        return refusal
    if state.record(seeker_id) is not None:
        return Refusal("F2", f"seeker id {seeker_id!r} is already in use")
    assert target is not None
    box = weapon.box_ids[0]
    rack, drone = take_drone(state.rack(launcher.id, box), index, clock)  # type: ignore[arg-type]
    unit = new_seeker(seeker_id, launcher.side, hex=launcher.hex,
                      facing=launcher.facing if facing is None else facing,
                      speed=drone.top_speed, target=target.id, kind=DRONE)
    record = SeekerRecord(
        seeker_id, DRONE, launcher.side, launcher.id, box, clock, controller=launcher.id,
        expires_at=clock + IMPULSES * drone.endurance_turns, drone=drone,
    )
    new_state = state.with_rack(rack).with_record(record)
    ev = event("launched", seeker_id, "FD1",
               f"type-{drone.type} drone {seeker_id} launched from {launcher.id}'s {box} at {target.id}",
               launcher=launcher.id, box=box, target=target.id, speed=drone.top_speed,
               drone=drone.type, hex=launcher.hex.label)
    return Launched(unit, record, new_state, ev)
