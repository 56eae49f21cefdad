"""Damage control (D9): the rating, shield repair and continuous damage repair.

What is done here (reference basic-set-facts.md G6.5; Medium confidence unless noted):

* :func:`damage_control_rating`: the highest undestroyed number on the damage-control track
  (High). The Fed CA track 4-4-2-2-2-0 rates 4 (seed 000 L1630, the D14.13 example).
* :func:`shield_repair_boxes` (D9.21, High): energy up to the rating, 2 energy per shield box,
  restored at the end of the turn.
* :func:`continuous_repair` (D9.7): at the end of the turn the ship's free repair points,
  equal to its rating (D9.711), go to one destroyed box at a time (D9.74) until they reach the
  box's Annex #9 cost (:data:`SYSTEM_REPAIR_COST`, :data:`WEAPON_REPAIR_COST`); a box
  destroyed this turn cannot be started (D9.73); at most the ship's original rating in boxes
  per scenario (D9.76: the D14.4 note, seed 000 L1692, gives the Fed CA "four more systems");
  the damage-control track and excess damage cannot be repaired.

Not done: D9.4 repairs between scenarios, D9.3 critical-hit repair, D14 emergency damage
repair (EDR), G17 repair systems, shield boxes (the shield module owns them). Points left over
when a box is finished are lost (our reading of D9.74, decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sfb_desk.rules.damage.state import DamageState, Issue
from sfb_desk.rules.ship import ShipSpec

#: Annex #9 repair cost per box of a counted system (reference G6.5; TG and SP agree).
SYSTEM_REPAIR_COST: dict[str, int] = {
    "forward_hull": 1,
    "aft_hull": 1,
    "center_hull": 1,
    "cargo": 1,
    "battery": 2,
    "shuttle": 2,
    "probe": 3,
    "tractor": 3,
    "transporter": 3,
    "apr": 4,
    "lab": 5,
    "impulse": 5,
    "bridge": 6,
    "flag_bridge": 6,
    "emergency_bridge": 6,
    "aux_control": 6,
    "left_warp": 10,
    "right_warp": 10,
    "center_warp": 10,
    "sensor": 10,
    "scanner": 10,
}

#: Annex #9 repair cost per weapon-type code (reference G6.5). Disruptor: the range-30 mount.
WEAPON_REPAIR_COST: dict[str, int] = {
    "PH-1": 5,
    "PH-2": 4,
    "PH-3": 2,
    "PH-G": 6,
    "PHOTON": 8,
    "DISRUPTOR": 8,
    "PLASMA-F": 5,
    "PLASMA-G": 10,
    "PLASMA-S": 15,
    "PLASMA-R": 20,
    "FUSION": 6,
    "HELLBORE": 15,
    "DRONE": 3,
    "ADD": 3,
}

#: Systems continuous damage repair cannot restore (D9.7; D14.23 says the same for EDR).
NOT_REPAIRABLE: frozenset[str] = frozenset({"damage_control", "excess_damage"})


def weapon_repair_cost(type_code: str) -> int | None:
    return WEAPON_REPAIR_COST.get(type_code.strip().upper())


def repair_cost(spec: ShipSpec, box_id: str) -> int | None:
    """Annex #9 cost of one box of ``spec`` (None when the reference does not list it)."""
    system = box_id.split("#", 1)[0]
    if system in SYSTEM_REPAIR_COST:
        return SYSTEM_REPAIR_COST[system]
    if system.startswith("shield"):
        return 2
    for weapon in spec.weapons:
        if box_id in weapon.box_ids:
            if weapon.type.strip().upper() == "DISRUPTOR" and weapon.max_range not in (None, 30):
                return None  # Annex #9 as quoted gives the disruptor-30 only
            return weapon_repair_cost(weapon.type)
    return None


def _track_value(spec: ShipSpec, state: DamageState, track: str, pick) -> int:  # noqa: ANN001
    values = getattr(spec, f"{track}_track")
    alive = [v for i, v in enumerate(values, start=1) if not state.is_destroyed(f"{track}#{i}")]
    return pick(alive) if alive else 0


def damage_control_rating(spec: ShipSpec, state: DamageState) -> int:
    """The highest undestroyed number on the damage-control track (D9, reference G6.5)."""
    return _track_value(spec, state, "damage_control", max)


def original_damage_control_rating(spec: ShipSpec) -> int:
    """The rating of the undamaged ship: the D9.76 limit on boxes repaired per scenario."""
    return max(spec.damage_control_track, default=0)


def sensor_rating(spec: ShipSpec, state: DamageState) -> int:
    """The leftmost undestroyed sensor box (D6.1; the track is destroyed left to right, D4.33)."""
    return _track_value(spec, state, "sensor", lambda v: v[0])


def scanner_rating(spec: ShipSpec, state: DamageState) -> int:
    """The leftmost undestroyed scanner box: the scanner factor added to range (D6.21)."""
    return _track_value(spec, state, "scanner", lambda v: v[0])


@dataclass(frozen=True, slots=True)
class ShieldRepair:
    boxes: int
    energy_used: int
    issues: tuple[Issue, ...] = ()


def shield_repair_boxes(energy: int, rating: int) -> ShieldRepair:
    """D9.21: energy up to the damage-control rating, each 2 energy restores one box of a
    damaged shield at the end of the turn. Energy over the rating is refused (an issue)."""
    issues: tuple[Issue, ...] = ()
    if energy < 0:
        return ShieldRepair(0, 0, (Issue("D9.21", "shield repair energy cannot be negative"),))
    if energy > rating:
        issues = (Issue("D9.21", f"at most {rating} energy (the damage-control rating) may go to shield repair, not {energy}"),)
    used = min(energy, rating)
    return ShieldRepair(used // 2, used - used % 2, issues)


@dataclass(frozen=True, slots=True)
class RepairResult:
    """Outcome of one turn of continuous damage repair."""

    state: DamageState
    repaired: str | None  # the box restored this turn, if any
    points_added: int
    issues: tuple[Issue, ...] = ()


def continuous_repair(
    spec: ShipSpec,
    state: DamageState,
    box_id: str,
    *,
    destroyed_this_turn: frozenset[str] = frozenset(),
    rating: int | None = None,
) -> RepairResult:
    """Apply this turn's continuous damage repair (D9.7) to ``box_id``, at the end of the turn.

    ``rating`` defaults to the current damage-control rating (pass the start-of-turn rating
    if the track was hit this turn). ``destroyed_this_turn`` are the boxes destroyed during
    the turn (D9.73). Illegal requests change nothing and return issues.
    """

    def refuse(rule: str, message: str) -> RepairResult:
        return RepairResult(state, None, 0, (Issue(rule, message),))

    system = box_id.split("#", 1)[0]
    if state.ship_destroyed:
        return refuse("D4.40", "the ship is destroyed")
    if not state.is_destroyed(box_id):
        return refuse("D9.7", f"{box_id} is not destroyed")
    if system in NOT_REPAIRABLE:
        return refuse("D9.7", f"{system.replace('_', ' ')} boxes cannot be repaired during a scenario")
    limit = original_damage_control_rating(spec)
    if state.boxes_repaired >= limit:
        return refuse("D9.76", f"this ship may repair at most {limit} boxes per scenario (its original damage-control rating)")
    if state.repair_box is not None and state.repair_box != box_id:
        return refuse("D9.74", f"repair points go to one box at a time: finish {state.repair_box} first")
    if state.repair_box is None and box_id in destroyed_this_turn:
        return refuse("D9.73", f"{box_id} was destroyed this turn; its repair can start next turn")
    cost = repair_cost(spec, box_id)
    if cost is None:
        return refuse("D9.7", f"no Annex #9 repair cost is known for {box_id}")
    points = damage_control_rating(spec, state) if rating is None else rating
    total = state.repair_points + points
    if total >= cost:
        new = replace(
            state.with_marks(repair=(box_id,)),
            repair_box=None,
            repair_points=0,
            boxes_repaired=state.boxes_repaired + 1,
        )
        return RepairResult(new, box_id, points)
    return RepairResult(replace(state, repair_box=box_id, repair_points=total), None, points)
