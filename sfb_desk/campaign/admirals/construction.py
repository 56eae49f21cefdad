"""Construction, conversion, refit and reactivation (004 E3, E8, I1 Annex 6A note).

* A dock works on one ship at a time. Class IV builds size class 4; III, size class 3 or
  smaller; II, size class 2 or smaller. Any dock refits, or converts up to size class 3; only a
  class II converts a DN or BB (E3).
* Minimum build time by warp engine boxes (E3): 0-12 one turn, 12-18 two (the printed ranges
  overlap at 12: option ``twelve_warp_boxes``, default 1 turn, decisions.md), 19-26 three,
  27-36 four, 37-49 six, 50+ ten. Cost spread evenly over the turns.
* Year in service: completion no sooner than the end of the turn before its year (a Spring
  Y175 NCA no sooner than the end of Winter Y174); prototypes 4 turns early (Y2: 8).
* Conversion: half the build time (of the new hull), rounded up; cost the difference in
  economic cost (none if cheaper). Begun during construction it never shortens the build
  (a DN 4 turns into its 6 becomes a CVA after 3 more turns: 7 in all).
* Refit: always one turn at the printed cost. Reactivation: 25% of economic BPV (E8).
* Officers carried through a conversion to a costlier type add their Annex 6A percentage of the
  BPV difference (I1: 100 to 120 BPV with a captain, 25%, and a weapons officer, 15%: 28 EP).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil

DOCK_CLASSES = (2, 3, 4)
BUILD_TIMES: tuple[tuple[int, int], ...] = ((12, 1), (18, 2), (26, 3), (36, 4), (49, 6))
LONGEST_BUILD = 10
NEW_DOCK: dict[int, tuple[int, int]] = {2: (450, 5), 3: (300, 3), 4: (200, 2)}  # (EP, turns)


class ConstructionError(ValueError):
    """Work a dock cannot take; the message names the rule."""


def build_time(warp_boxes: int, *, twelve_warp_boxes: int = 1) -> int:
    """Minimum turns to build a ship of ``warp_boxes`` warp engine boxes (E3)."""
    if warp_boxes < 0:
        raise ConstructionError("warp engine boxes cannot be negative (E3)")
    if warp_boxes == 12:
        return twelve_warp_boxes
    for top, turns in BUILD_TIMES:
        if warp_boxes <= top:
            return turns
    return LONGEST_BUILD


def check_dock(dock_class: int, size_class: int, work: str = "build") -> None:
    """E3: what a dock of ``dock_class`` may take."""
    if dock_class not in DOCK_CLASSES:
        raise ConstructionError(f"docks are class II, III or IV, not {dock_class} (E3)")
    if work == "refit":
        return
    if work == "convert":
        if size_class <= 2 and dock_class != 2:
            raise ConstructionError("only a class II dock converts a DN or BB (E3)")
        return
    if size_class < dock_class:
        raise ConstructionError(f"a class {'I' * dock_class if dock_class < 4 else 'IV'} dock "
                                f"builds size class {dock_class} or smaller, not {size_class} (E3)")


def conversion_time(new_build_time: int) -> int:
    """E3: half the build time, rounded up."""
    return ceil(new_build_time / 2)


def conversion_cost(old_economic: Fraction | int, new_economic: Fraction | int) -> Fraction:
    """E3: the difference in economic cost; nothing if the new type is cheaper."""
    return max(Fraction(0), Fraction(new_economic) - Fraction(old_economic))


def conversion_during_construction(turns_done: int, build_turns: int, convert_turns: int) -> int:
    """E3: total turns in the yard for a ship converted after ``turns_done`` of its
    ``build_turns``: the conversion's turns after that point, never fewer than the build."""
    if not 0 <= turns_done <= build_turns:
        raise ConstructionError(f"{turns_done} turns done of a {build_turns}-turn build")
    return max(build_turns, turns_done + convert_turns)


B8_MIN_DONE, B8_EXTRA = 5, 3


def b8_conversion(turns_done: int) -> int:
    """E3's exception: a B8 is a B10 with at least 5 turns of construction done, converted as a
    DN in 3 more turns (the quickest B8 takes 8 turns). Returns the total turns in the yard."""
    if turns_done < B8_MIN_DONE:
        raise ConstructionError(f"a B8 needs a B10 with at least {B8_MIN_DONE} turns of "
                                f"construction done, not {turns_done} (E3)")
    return turns_done + B8_EXTRA


def officer_conversion_cost(old_bpv: int, new_bpv: int, percents: list[int]) -> Fraction:
    """I1 (Annex 6A): a conversion to a costlier type keeping officers adds each officer's
    percentage of the BPV difference to the difference itself."""
    diff = Fraction(max(0, new_bpv - old_bpv))
    return diff + sum(diff * p / 100 for p in percents)


@dataclass(frozen=True)
class BuildPlan:
    turns: int
    per_turn: tuple[Fraction, ...]
    completes: int  # the campaign turn at whose end the ship is revealed


def plan_build(cost: Fraction | int, warp_boxes: int, start_turn: int, *,
               earliest: int | None = None, stretch_to: int | None = None,
               twelve_warp_boxes: int = 1) -> BuildPlan:
    """E3: the turns, the even payments, and the completion turn of a new ship."""
    turns = build_time(warp_boxes, twelve_warp_boxes=twelve_warp_boxes)
    if stretch_to is not None:
        if stretch_to < turns:
            raise ConstructionError(f"a build of {warp_boxes} warp boxes takes at least {turns} "
                                    f"turns, not {stretch_to} (E3)")
        turns = stretch_to
    completes = start_turn + turns - 1
    if earliest is not None and completes < earliest:
        raise ConstructionError(f"completes on turn {completes}, before turn {earliest}: no "
                                "sooner than the end of the turn before its year in service (E3)")
    share = Fraction(cost) / turns
    return BuildPlan(turns, tuple(share for _ in range(turns)), completes)


def refit_plan(cost: Fraction | int, start_turn: int) -> BuildPlan:
    """E3: a refit always takes one turn at its printed cost."""
    return BuildPlan(1, (Fraction(cost),), start_turn)


def new_dock(dock_class: int) -> tuple[int, int]:
    """E3: (EP, turns) of a new dock at a homeworld, major planet or off-map area."""
    if dock_class not in NEW_DOCK:
        raise ConstructionError(f"docks are class II, III or IV, not {dock_class} (E3)")
    return NEW_DOCK[dock_class]
