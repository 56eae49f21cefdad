"""Fire at seeking weapons and shuttles: damage to drones, plasma and shuttles; anti-drones (E5).

* **Drones** take damage from any weapon and are destroyed once the total reaches their damage
  to destroy (FD1.54; :meth:`.drones.Drone.destroy_value`, armor FD12.21).
* **Plasma torpedoes** are weakened only by phasers (FP1.611, FP1.62): every 2 points of phaser
  damage take 1 point off the warhead, cumulatively (:func:`.plasma.plasma_strength`); other
  weapons have no effect (FP1.62; maulers E8.221 seed 000 L3074; the PPD E11.45 and the web
  fist E14.256, seed 002 L754, L1203); a plasma-D is damaged the same way (FP9.11, seed 000
  L3957). A torpedo weakened to 0 is removed (FP1.42).
* **Shuttles**: an administrative shuttle is destroyed by 6 damage points and crippled by 4
  (J2; seed 000 L3217 FD7.112). A wild weasel destroyed by fire starts its explosion (J3.21,
  decisions.md J3).
* **Direct fire at drones** other than phasers, ADDs and web fists suffers a 4-point ECM
  penalty (FD1.51, FD1.52; reference G3, Med; the web fist E14.215 seed 002 L1177):
  :func:`drone_ecm_penalty` gives the points to add to the drone's ECM for the shot's shift.
* **Anti-drones** (E5): :func:`fire_add` fires one round of a rack at a drone at range 1-3
  (the E5 chart through :func:`sfb_desk.rules.combat.fire_weapon`, no EW but +1 while the
  firer uses EM, E5.15, C10.49 seed 000 L615), one round a rack an impulse (E5.13), with a
  lock-on (E5.14); a hit destroys the drone whatever its armor (E5.2). ADDs do not weaken
  plasma (E5.32) and SFB Desk fires them at drones only.

Phasers and other direct fire at a seeker are resolved by :mod:`sfb_desk.rules.combat`; the
:class:`~sfb_desk.rules.combat.ShotResult` then goes to :func:`apply_shot`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..combat.ew import anti_drone_shift
from ..combat.resolve import ShotResult, fire_weapon
from ..hexes import hex_range
from ..results import Event, Refusal, event
from ..units import DRONE, PLASMA, SHUTTLE, Unit
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions
from .plasma import plasma_strength
from .racks import add_round_refusal, spend_add_round
from .records import SeekerRecord, SeekingState

SHUTTLE_HULL = 6  # J2: an administrative shuttle's damage points
SHUTTLE_CRIPPLED = 4  # J2, FD7.112
DRONE_ECM_PENALTY = 4  # FD1.51
#: Direct-fire weapons that fire at drones without the FD1.51 penalty.
_NO_PENALTY_PREFIXES = ("PH-", "ADD", "WEB-FIST", "WEB-CASTER")  # a caster hits as a fist


@dataclass(frozen=True, slots=True)
class SeekerDamage:
    """Damage applied to a seeker or shuttle: its new record and whether it is destroyed."""

    record: SeekerRecord
    destroyed: bool
    event: Event
    crippled: bool = False


def destroy_value(record: SeekerRecord, options: SeekingOptions = DEFAULT_SEEKING_OPTIONS) -> int | None:
    """Damage points that destroy the unit (FD1.54, J2); None for plasma (weakened instead)."""
    if record.kind == DRONE:
        assert record.drone is not None
        return record.drone.destroy_value(options)
    return SHUTTLE_HULL if record.kind == SHUTTLE else None


def is_phaser(weapon: str) -> bool:
    return weapon.strip().upper().startswith("PH-")


def damage_seeker(
    record: SeekerRecord,
    points: int,
    weapon: str,
    *,
    travelled: int = 0,
    clock: int = 0,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> SeekerDamage:
    """``points`` of damage from ``weapon`` (a weapon type code, e.g. ``PH-1``, ``PHOTON``) on
    the seeker or shuttle of ``record`` (module docstring). ``travelled``: a torpedo's hexes
    travelled; ``clock``: when (a wild weasel's explosion starts then)."""
    if not isinstance(points, int) or points < 0:
        raise ValueError(f"damage points are a whole number >= 0, not {points!r}")
    sid = record.id
    if record.kind == PLASMA:
        if not is_phaser(weapon):
            return SeekerDamage(record, False, event(
                "no_effect", sid, "FP1.62", f"{weapon} cannot weaken plasma torpedo {sid}", weapon=weapon))
        new = replace(record, phaser_damage=record.phaser_damage + points)
        left = plasma_strength(new, travelled)
        return SeekerDamage(new, left <= 0, event(
            "plasma_weakened", sid, "FP1.611",
            f"{points} phaser damage on plasma torpedo {sid}: warhead now {left}",
            points=points, phaser_damage=new.phaser_damage, warhead=left))
    limit = destroy_value(record, options)
    assert limit is not None
    new = replace(record, damage=record.damage + points)
    destroyed = new.damage >= limit
    if destroyed and record.is_weasel and record.exploded_at is None:
        new = replace(new, exploded_at=clock)
    crippled = record.kind == SHUTTLE and not destroyed and new.damage >= SHUTTLE_CRIPPLED
    rule = "FD1.54" if record.kind == DRONE else "J2"
    what = "destroyed" if destroyed else ("crippled" if crippled else f"{new.damage} of {limit} damage")
    return SeekerDamage(new, destroyed, event(
        "seeker_damaged", sid, rule, f"{points} damage on {record.kind} {sid}: {what}",
        points=points, damage=new.damage, destroy=limit, destroyed=destroyed), crippled)


def drone_ecm_penalty(weapon: str) -> int:
    """ECM points added to a drone's ECM against a shot of ``weapon`` (FD1.51): 4 for direct
    fire other than phasers, anti-drones and web fists; 0 for those."""
    code = weapon.strip().upper()
    return 0 if code.startswith(_NO_PENALTY_PREFIXES) else DRONE_ECM_PENALTY


@dataclass(frozen=True, slots=True)
class SeekerShot:
    """A shot's effect on a seeker: the state after it (a destroyed seeker's record removed),
    the id destroyed (None if it survived), the unit with status ``destroyed`` to put back on
    the map (None if it stays; a wild weasel stays to explode, J3.21) and the events."""

    state: SeekingState
    destroyed: str | None
    events: tuple[Event, ...]
    unit: Unit | None = None


def apply_shot(
    state: SeekingState,
    target: Unit,
    result: ShotResult,
    *,
    clock: int = 0,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> SeekerShot:
    """A direct-fire :class:`ShotResult` (from :mod:`sfb_desk.rules.combat`) on the seeker or
    shuttle ``target``: an anti-drone hit destroys a drone (E5.2); damage otherwise as
    :func:`damage_seeker`."""
    record = state.record(target.id)
    if record is None:
        raise ValueError(f"{target.id} has no seeker record")
    gone = replace(target, status="destroyed")
    if result.destroys_drone and record.kind == DRONE:
        ev = event("seeker_destroyed", target.id, "E5.2", f"anti-drone destroys drone {target.id}")
        return SeekerShot(state.without(target.id), target.id, (ev,), gone)
    done = damage_seeker(record, result.damage, result.weapon, travelled=target.travelled,
                         clock=clock, options=options)
    if done.destroyed and not record.is_weasel:
        return SeekerShot(state.without(target.id), target.id, (done.event,), gone)
    return SeekerShot(state.with_record(done.record), target.id if done.destroyed else None,
                      (done.event,))


def add_refusal(
    state: SeekingState, firer: Unit, box: str, target: Unit, *, clock: int, lock_on: bool,
) -> Refusal | None:
    """May ``firer`` fire an ADD round from rack ``box`` at ``target`` now (module docstring)?"""
    rack = state.rack(firer.id, box)
    if rack is None:
        return Refusal("E5", f"{firer.id} has no rack {box} in play")
    refusal = add_round_refusal(rack, clock)
    if refusal is not None:
        return refusal
    record = state.record(target.id)
    if record is None or not target.active:
        return Refusal("E5", f"{target.id} is not a seeking weapon in play")
    if record.kind == PLASMA:
        return Refusal("E5.32", "anti-drones do not affect plasma torpedoes")
    if record.kind != DRONE:
        return Refusal("E5", "SFB Desk fires anti-drones at drones only")
    if not lock_on:
        return Refusal("E5.14", f"an anti-drone needs a lock-on to {target.id}")
    return None


@dataclass(frozen=True, slots=True)
class AddShot:
    """One ADD round: the state after it (rack spent; a destroyed drone's record removed), the
    chart result, the drone destroyed (or None), the events and the destroyed drone's unit
    (status ``destroyed``) to put back on the map."""

    state: SeekingState
    result: ShotResult
    destroyed: str | None
    events: tuple[Event, ...]
    unit: Unit | None = None


def fire_add(
    state: SeekingState,
    firer: Unit,
    box: str,
    target: Unit,
    *,
    clock: int,
    roll: int,
    lock_on: bool,
) -> AddShot | Refusal:
    """Fire one ADD round from ``box`` at the drone ``target`` with the table's 1d6 ``roll``."""
    refusal = add_refusal(state, firer, box, target, clock=clock, lock_on=lock_on)
    if refusal is not None:
        return refusal
    result = fire_weapon("ADD", true_range=hex_range(firer.hex, target.hex), roll=roll,
                         shift=anti_drone_shift(firer_em=firer.em.active))
    if isinstance(result, Refusal):
        return result
    rack = spend_add_round(state.rack(firer.id, box), clock)  # type: ignore[arg-type]
    state = state.with_rack(rack)
    fired = event("add_fired", firer.id, "E5", f"{firer.id} {box} fires an anti-drone at {target.id}: "
                  + ("hit" if result.hit else "miss"), box=box, target=target.id, roll=roll,
                  hit=result.hit, rounds_left=rack.add_rounds)
    if not result.hit:
        return AddShot(state, result, None, (fired,))
    shot = apply_shot(state, target, result, clock=clock)
    return AddShot(shot.state, result, shot.destroyed, (fired, *shot.events), shot.unit)
