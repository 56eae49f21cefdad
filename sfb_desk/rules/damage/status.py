"""Whether a damaged ship is crippled (S2.4; reference basic-set-facts.md G8, High).

A ship is crippled when any one of these holds:

* 10% or less of its original warp engine boxes are undestroyed (a ship with no warp engines
  is never crippled this way);
* 50% or more of its interior boxes are destroyed (all boxes except shields, armor, the
  sensor, scanner and damage-control tracks, and excess damage);
* it has taken any excess damage;
* all its control boxes are destroyed (bridge, flag bridge, emergency bridge, auxiliary
  control; security stations do not count as control boxes, seed 000 L5214);
* all its weapons are destroyed.
"""

from __future__ import annotations

from sfb_desk.rules.damage.state import DamageState
from sfb_desk.rules.ship import TRACKS, WARP_SYSTEMS, ShipSpec

CONTROL_BOXES: tuple[str, ...] = ("bridge", "flag_bridge", "emergency_bridge", "aux_control")
_NOT_INTERIOR: frozenset[str] = frozenset({"armor", "excess_damage", *TRACKS})


def _system(box_id: str) -> str:
    return box_id.split("#", 1)[0]


def interior_boxes(spec: ShipSpec) -> tuple[str, ...]:
    """The boxes counted by the 50% test of S2.4."""
    undamageable = {s.key for s in spec.special if not s.damageable}
    return tuple(
        b
        for b in spec.box_ids()
        if (system := _system(b)) not in _NOT_INTERIOR
        and not system.startswith("shield")
        and system not in undamageable
    )


def crippled_reasons(spec: ShipSpec, state: DamageState) -> tuple[str, ...]:
    """Why the ship is crippled (S2.4), empty if it is not."""
    dead = state.destroyed
    reasons: list[str] = []
    warp = [f"{s}#{i}" for s in WARP_SYSTEMS for i in range(1, spec.count(s) + 1)]
    if warp:
        alive = sum(1 for b in warp if b not in dead)
        if alive * 10 <= len(warp):
            reasons.append(f"S2.4: {alive} of {len(warp)} warp boxes left (10% or less)")
    interior = interior_boxes(spec)
    lost = sum(1 for b in interior if b in dead)
    if interior and lost * 2 >= len(interior):
        reasons.append(f"S2.4: {lost} of {len(interior)} interior boxes destroyed (50% or more)")
    if any(_system(b) == "excess_damage" for b in dead) or state.ship_destroyed:
        reasons.append("S2.4: excess damage taken")
    control = [f"{s}#{i}" for s in CONTROL_BOXES for i in range(1, spec.count(s) + 1)]
    if control and all(b in dead for b in control):
        reasons.append("S2.4: all control boxes destroyed")
    weapons = [b for w in spec.weapons for b in w.box_ids]
    if weapons and all(b in dead for b in weapons):
        reasons.append("S2.4: all weapons destroyed")
    return tuple(reasons)
