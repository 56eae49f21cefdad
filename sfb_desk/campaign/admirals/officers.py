"""Legendary officers of The Admiral's Edition (004 I1).

A surviving ship may gain an officer if its fleet inflicted internals, the battle lasted at
least three turns and it did not disengage before the last turn. The chance comes from enemy
BPV / own BPV; the band edges are whole percentages with gaps (110.5%): the campaign option
``officer_ratio_rounding`` ("nearest", default, or "down") settles it (decisions.md). On a
success 2d6 picks the officer, re-rolled while it names one the ship already has.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from ..dice import Dice

#: (lowest ratio in whole percent, chance in percent), highest band first.
CHANCE_BANDS: tuple[tuple[int, int], ...] = (
    (251, 66), (191, 50), (176, 33), (151, 15), (126, 10), (111, 5), (90, 2), (0, 1))
OFFICERS: dict[int, str] = {
    2: "Outstanding Crew", 3: "Weapons Officer", 4: "Engineer", 5: "Navigator", 6: "Doctor",
    7: "Supply Officer", 8: "Marine Major", 9: "Science Officer", 10: "Prime Team",
    11: "Admiral", 12: "Captain"}
MIN_TURNS = 3


def ratio_percent(enemy_bpv: Fraction | int, own_bpv: Fraction | int, rounding: str = "nearest") -> int:
    if own_bpv <= 0:
        raise ValueError("a fleet's BPV must be above 0 for the I1 ratio")
    value = Fraction(enemy_bpv) * 100 / Fraction(own_bpv)
    return floor(value + Fraction(1, 2)) if rounding == "nearest" else floor(value)


def chance(enemy_bpv: Fraction | int, own_bpv: Fraction | int, rounding: str = "nearest") -> int:
    """I1: the percent chance of a legendary officer for one qualified ship."""
    pct = ratio_percent(enemy_bpv, own_bpv, rounding)
    return next(c for low, c in CHANCE_BANDS if pct >= low)


def eligible(*, survived: bool, fleet_scored_internals: bool, turns: int,
             disengaged_turn: int | None, last_turn: int) -> tuple[bool, str]:
    if not survived:
        return False, "did not survive"
    if not fleet_scored_internals:
        return False, "its fleet inflicted no internals"
    if turns < MIN_TURNS:
        return False, f"the battle lasted {turns} turn(s), fewer than {MIN_TURNS}"
    if disengaged_turn is not None and disengaged_turn < last_turn:
        return False, "it disengaged before the last turn"
    return True, "qualified"


def roll_officer(dice: Dice, have: list[str], purpose: str = "legendary officer (I1)") -> str | None:
    """2d6 on the I1 chart, re-rolled while it names an officer the ship has (None when the
    ship already has every one)."""
    if set(OFFICERS.values()) <= set(have):
        return None
    while True:
        result = OFFICERS[dice.total(purpose, 2)]
        if result not in have:
            return result


def battle_roll(dice: Dice, enemy_bpv: Fraction | int, own_bpv: Fraction | int, have: list[str],
                rounding: str = "nearest") -> tuple[int, int, str | None]:
    """(chance, d100 roll, officer or None) for one qualified ship."""
    pct = chance(enemy_bpv, own_bpv, rounding)
    roll = dice.percent(f"legendary officer chance {pct}% (I1)")
    return pct, roll, (roll_officer(dice, have) if roll <= pct else None)
