"""Tactical player ratings of the GM campaign rules (COMBAT E).

dR = VP x SF/10 x OP/2 x OG x K, with VP the S2.3 victory-point ratio (1% to 500%), SF the size
factor (the command limit plus reserves used), OP the opponent's rating (3-10), OG the order's
grade given by the strategic player (1-5) and K = 1/100. Ratings run from 3 to 10.

As written dR is never negative, so a defeat cannot lower a rating, and VP could be a ratio
(0.01-5) or a percentage (1-500). The campaign option ``rating_formula`` chooses: "as_written"
(VP as a ratio, never negative) or "centred" (VP - 1, so a ratio under 1 lowers the rating);
decisions.md.
"""

from __future__ import annotations

from fractions import Fraction

K = Fraction(1, 100)
LOWEST, HIGHEST = 3, 10


def rating_change(vp_percent: Fraction | int, size_factor: int, opponent: int, grade: int, *,
                  formula: str = "as_written") -> Fraction:
    if not 1 <= grade <= 5:
        raise ValueError(f"the order's grade is 1 to 5, not {grade} (COMBAT E)")
    if not LOWEST <= opponent <= HIGHEST:
        raise ValueError(f"a rating is {LOWEST} to {HIGHEST}, not {opponent} (COMBAT E)")
    vp = Fraction(vp_percent) / 100
    if formula == "centred":
        vp -= 1
    elif formula != "as_written":
        raise ValueError(f"rating_formula is as_written or centred, not {formula!r}")
    return vp * Fraction(size_factor, 10) * Fraction(opponent, 2) * grade * K


def new_rating(rating: Fraction | int, change: Fraction) -> Fraction:
    return max(Fraction(LOWEST), min(Fraction(HIGHEST), Fraction(rating) + change))
