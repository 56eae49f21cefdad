"""Task victory conditions of the scenarios whose result the program can compute.

:func:`task_result` judges a game in play (its units, ship records and classes) by the
scenario's own victory levels where these are facts of the game:

* **SH19.5** (The Mighty Hood Goes Down): from the Hood (the Federation side's ship) and the
  three Klingon cruisers: captured (D7.50), destroyed, disengaged, crippled (S2.4). The first
  level of the book's list whose condition holds is the result; None while none holds.
* **SG22.5**: the winner is the player who, at the end of the scenario, holds the freighter
  (the neutral side's unit) in a tractor beam (G7) and can move at a speed of 3 or more
  including the cost of towing it: the holder's undestroyed warp power over the two movement
  costs (:func:`~sfb_desk.rules.systems.tractors.towing_speed`; decisions.md SG22.5).
* **SM5.5** and **SM6.5**, the monster scenarios: :mod:`.monster_victory`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.records import damage_state
from .monster_victory import sm5_result, sm6_result
from ..rules.damage.status import crippled_reasons
from ..rules.ship import WARP_SYSTEMS, ShipSpec
from ..rules.systems.tractors import towing_speed

SG22_SPEED = 3


@dataclass(frozen=True, slots=True)
class TaskResult:
    """The level reached (as the scenario file words it), the outcome line and why."""

    level: str
    outcome: str
    why: str


def _fate(state, combat, specs, uid: str) -> dict[str, bool]:  # noqa: ANN001
    unit = state.find(uid)
    record = combat.ship(uid) if combat is not None else None
    status = unit.status if unit is not None else "destroyed"
    crippled = False
    if record is not None and unit is not None and record.spec_id in specs:
        spec = specs[record.spec_id]
        crippled = bool(crippled_reasons(spec, damage_state(record, spec, unit.destroyed)))
    return {"captured": status == "captured", "destroyed": status == "destroyed",
            "disengaged": status in ("disengaged", "off_map"), "crippled": crippled}


def _sh19(state, combat, specs, levels) -> TaskResult | None:  # noqa: ANN001
    ships = [u for u in state.units if u.kind == "ship"]
    hood = next((u for u in ships if u.side == "Federation"), None)
    klingons = [u for u in ships if u.side == "Klingon"]
    if hood is None or not klingons:
        return None
    h = _fate(state, combat, specs, hood.id)
    k = [_fate(state, combat, specs, u.id) for u in klingons]
    k_destroyed = sum(f["destroyed"] for f in k)
    k_captured = sum(f["captured"] for f in k)
    k_crippled = sum(f["crippled"] or f["destroyed"] for f in k)
    checks = [
        ("Hood is captured", h["captured"]),
        ("Hood is destroyed, no Klingon ship is destroyed or captured",
         h["destroyed"] and not k_destroyed and not k_captured),
        ("Hood is destroyed, one Klingon ship is destroyed, no Klingon ship is captured",
         h["destroyed"] and k_destroyed == 1 and not k_captured),
        ("All Klingon ships are destroyed or captured, Hood is not destroyed",
         not h["destroyed"] and not h["captured"] and k_destroyed + k_captured == len(k)),
        ("Hood disengages crippled, one Klingon ship is captured",
         h["disengaged"] and h["crippled"] and k_captured >= 1),
        ("Hood disengages uncrippled, and two Klingon ships are crippled or one is destroyed",
         h["disengaged"] and not h["crippled"] and (k_crippled >= 2 or k_destroyed >= 1)),
        ("Hood disengages uncrippled", h["disengaged"] and not h["crippled"]),
        ("Hood disengages crippled", h["disengaged"] and h["crippled"]),
    ]
    by_outcome = {lv.outcome: lv.level for lv in levels}
    for outcome, holds in checks:
        if holds and outcome in by_outcome:
            why = (f"Hood: {', '.join(k for k, v in h.items() if v) or 'in the fight'}; Klingon "
                   f"ships destroyed {k_destroyed}, captured {k_captured}, crippled or destroyed "
                   f"{k_crippled} of {len(k)}")
            return TaskResult(by_outcome[outcome], outcome, why)
    return None


def sg22_holder(state, combat, specs: Mapping[str, ShipSpec], freighter: str) -> TaskResult | None:  # noqa: ANN001
    """SG22.5: the side holding ``freighter`` in a tractor and able to tow it at speed 3+."""
    tractors = getattr(combat, "tractors", None)
    towed = state.find(freighter)
    if tractors is None or towed is None:
        return None
    for link in tractors.held_by(freighter):
        holder = state.find(link.holder)
        record = combat.ship(link.holder)
        if holder is None or record is None or not holder.active:
            continue
        spec = specs[record.spec_id]
        warp = sum(1 for s in WARP_SYSTEMS for i in range(1, spec.count(s) + 1)
                   if f"{s}#{i}" not in holder.destroyed)
        speed = towing_speed(warp, float(holder.profile.move_cost), float(towed.profile.move_cost))
        why = (f"{holder.id} holds {freighter} in a tractor beam; {warp} warp power moves the "
               f"pair (movement costs {holder.profile.move_cost} + {towed.profile.move_cost}) "
               f"at speed {speed}")
        if speed >= SG22_SPEED:
            return TaskResult(f"{holder.side} wins", "holds the freighter and moves at speed 3 "
                              "or more, towing it", why)
        return TaskResult("no winner yet", "holds the freighter but cannot tow it at speed 3",
                          why)
    return None


def task_result(scenario, state, combat, specs: Mapping[str, ShipSpec], *,  # noqa: ANN001
                over: bool = False, table_points: int | None = None) -> TaskResult | None:
    """The task victory reached by the game so far, None when none is (or the scenario's task
    conditions are not computed by the program). ``over``: the game has ended;
    ``table_points``: SM5.5's points counted at the table (:mod:`.monster_victory`)."""
    victory = getattr(scenario, "victory", None)
    if victory is None or victory.kind != "task":
        return None
    field = getattr(combat, "battlefield", None)
    if scenario.id in ("SM5", "SM6"):
        found = (sm5_result(scenario, state, field, table_points) if scenario.id == "SM5"
                 else sm6_result(scenario, state, field, over) if field is not None else None)
        return None if found is None else TaskResult(*found)
    if scenario.id == "SH19":
        return _sh19(state, combat, specs, victory.levels)
    if scenario.id == "SG22":
        neutral = [u.id for u in state.units
                   if any(s.neutral and s.name == u.side for s in scenario.sides)]
        for fid in neutral:
            result = sg22_holder(state, combat, specs, fid)
            if result is not None:
                return result
    return None
