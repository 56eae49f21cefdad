"""Production and conversion in the GM campaign rules (PRODUCTION C-D, CONVERSION & REPAIR A,
NOTES A).

* Conversion: the difference in EPV plus 5 EP, one per dock per turn. The rulebook's example
  (a CPL of 50 EPV to a SAM of 38 keeping two civilian pods of 14: 38 + 28 - 50 = 16) leaves the
  5 EP out: campaign option ``conversion_fee`` (True, the rule; False, the example), decisions.md.
* Prototype: the first hull of a design costs 125% of its BPV.
* Crew: poor 80% of BPV, outstanding 150% (only with the Legendary Professor, at most 10% of a
  hull type, rounded down); otherwise average, or rolled for every unit (2d6 for ships by size
  class, 1d6 for PFs and fighters; fighters and PFs +1 on an outstanding ship, -1 on a poor).
* Each new ship rolls 1d6 for a legendary officer; on 1-2, 2d6 on the officer chart.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from ..dice import Dice

CONVERSION_FEE = 5
PROTOTYPE_SHARE = Fraction(5, 4)
CREW_PRICE = {"poor": Fraction(4, 5), "average": Fraction(1), "outstanding": Fraction(3, 2)}
#: Crew quality by size class (2d6) or unit type (1d6): (outstanding rolls, poor rolls).
CREW_TABLE: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "1": ((), ()), "2": ((), (11, 12)), "3": ((2,), (11, 12)), "4": ((2, 3), (11, 12)),
    "PF": ((6,), (1, 2)), "fighter": ((6,), (1, 2)),
}
OFFICERS = {2: "Captain", 3: "Weapons", 4: "Navigator", 5: "Marine Major", 6: "Ground Force",
            7: None, 8: "Doctor", 9: "Science", 10: "Professor", 11: "Engineer", 12: "Admiral"}


def conversion_cost(old_epv: Fraction | int, new_epv: Fraction | int, *, fee: bool = True) -> Fraction:
    return Fraction(new_epv) - Fraction(old_epv) + (CONVERSION_FEE if fee else 0)


def prototype_cost(bpv: Fraction | int) -> Fraction:
    return Fraction(bpv) * PROTOTYPE_SHARE


def crew_price(bpv: Fraction | int, quality: str) -> Fraction:
    if quality not in CREW_PRICE:
        raise ValueError(f"crew quality is poor, average or outstanding, not {quality!r}")
    return Fraction(bpv) * CREW_PRICE[quality]


def outstanding_allowed(hulls_of_type: int) -> int:
    """PRODUCTION D: at most 10% of a hull type, rounded down, may be outstanding."""
    return floor(hulls_of_type / 10)


def roll_crew(dice: Dice, kind: str, carrier_crew: str = "average") -> str:
    """Crew quality of a new unit: ``kind`` a size class "1"-"4", "PF" or "fighter"."""
    if kind not in CREW_TABLE:
        raise ValueError(f"crew rolls are for size class 1-4, PF or fighter, not {kind!r}")
    small = kind in ("PF", "fighter")
    roll = dice.total(f"crew quality {kind} (PRODUCTION D)", 1 if small else 2)
    if small:
        roll += {"outstanding": 1, "poor": -1}.get(carrier_crew, 0)  # G21.142, G21.242
        roll = max(1, min(roll, 6))
    good, bad = CREW_TABLE[kind]
    return "outstanding" if roll in good else "poor" if roll in bad else "average"


def roll_new_ship_officer(dice: Dice) -> str | None:
    """NOTES A: 1d6; on 1-2, 2d6 on the officer chart (7: none)."""
    if dice.total("new ship: legendary officer check (NOTES A)", 1) > 2:
        return None
    return OFFICERS[dice.total("new ship: legendary officer (NOTES A)", 2)]
