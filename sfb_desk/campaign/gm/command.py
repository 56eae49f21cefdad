"""Command limits of the GM campaign rules (COMBAT C), which replace S8.0 entirely.

Flagship rating = the Master Ship Chart command rating x 5, +1 per flag bridge box, +2
outstanding crew, -5 poor crew, +3 legendary captain, +5 legendary admiral, +5 computer
controlled (the Fed DN or Klingon C8/C9: 10 x 5 + 2 flag bridges = 52).

Unit costs: DN/DNL 16, BCH 14 (KH 15), CC/BATS 12, CA/CF/MON 10, CW/CWL 9, CL/BS 8, DW/MB 7,
DD/F-L/SAM 6, FF/FH/CPL 5, POL/F-S 4, 5 DefSats 5, a standard minefield 2, a small or medium
ground base 1; fighters 1/2 each (Hydrans 1/3); PFs 1 each for the first flotilla of six, 2 for
the second, 3 for the third; a PF leader on a true PFT with five other PFs (three for Lyrans)
costs nothing. A leader takes 1 off two units of its category (carriers lead their escorts);
a leader without a squadron costs +2, +4, +6...; each scout beyond the first +2, +4, +6...

Example (COMBAT C): a Fed SCS pays 6 + 6 + 3 = 15 for 12 F-14, 12 F-18 and 6 A-20, leaving
52 - 15 = 37 for escorts; the rulebook prints 38 (an arithmetic slip, decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

UNIT_COST: dict[str, int] = {
    "DN": 16, "DNL": 16, "BCH": 14, "KH": 15, "CC": 12, "BATS": 12, "CA": 10, "CF": 10, "MON": 10,
    "CW": 9, "CWL": 9, "CL": 8, "BS": 8, "DW": 7, "MB": 7, "DD": 6, "F-L": 6, "SAM": 6,
    "FF": 5, "FH": 5, "CPL": 5, "POL": 4, "F-S": 4, "DEFSATS-5": 5, "MINEFIELD": 2,
    "GROUND-BASE": 1,
}
MODIFIERS = {"flag_bridge": 1, "outstanding_crew": 2, "poor_crew": -5, "legendary_captain": 3,
             "legendary_admiral": 5, "computer_controlled": 5}


class GMCommandError(ValueError):
    """A fleet over its command limit or breaking a fleet limit; the message says which."""


BOMBARDMENT_SHIPS_PER_BATTLE = 3


def drone_bombardment_cost(primary_spaces: int, drone_spaces: int = 2) -> Fraction:
    """COMBAT D: 1 EPV per drone of the primary load-out, paid in Procurement (a D6D's 36
    spaces of two-space IIIXX drones: 18 EPV). Not under the command limit; at most three
    bombardment ships a battle."""
    if drone_spaces < 1 or primary_spaces < 0:
        raise GMCommandError("drone spaces are whole numbers above 0 (COMBAT D)")
    return Fraction(primary_spaces // drone_spaces)


def flagship_rating(msc_rating: int, *, flag_bridges: int = 0, crew: str = "average",
                    legendary_captain: bool = False, legendary_admiral: bool = False,
                    computer_controlled: bool = False) -> int:
    rating = msc_rating * 5 + flag_bridges
    rating += {"outstanding": 2, "poor": -5}.get(crew, 0)
    rating += 3 * legendary_captain + 5 * legendary_admiral + 5 * computer_controlled
    return rating


def pf_cost(flotillas: list[int], leader_free: list[bool] | None = None) -> int:
    """PFs: 1 each in the first flotilla, 2 in the second...; ``flotillas`` the PF count of
    each (a free leader, on a true PFT with five others, not counted)."""
    total = 0
    for n, count in enumerate(flotillas, start=1):
        free = 1 if leader_free and leader_free[n - 1] else 0
        total += n * (count - free)
    return total


def fighter_cost(count: int, hydran: bool = False) -> Fraction:
    return Fraction(count, 3 if hydran else 2)


@dataclass
class Fleet:
    ships: list[tuple[str, str]] = field(default_factory=list)  # (id, unit type)
    leaders: dict[str, list[str]] = field(default_factory=dict)  # leader id -> led ids (<= 2)
    scouts: int = 0
    fighters: int = 0
    hydran: bool = False
    pf_flotillas: list[int] = field(default_factory=list)
    pf_leader_free: list[bool] = field(default_factory=list)
    squadronless_leaders: int = 0


def fleet_cost(fleet: Fleet) -> tuple[Fraction, list[tuple[str, Fraction]]]:
    lines: list[tuple[str, Fraction]] = []
    for leader, led in fleet.leaders.items():
        if len(led) > 2:
            raise GMCommandError(f"{leader} reduces at most two units (COMBAT C)")
    reduced = {uid for led in fleet.leaders.values() for uid in led}
    for uid, kind in fleet.ships:
        key = kind.upper()
        if key not in UNIT_COST:
            raise GMCommandError(f"no COMBAT C unit cost for {kind!r}; known: {', '.join(UNIT_COST)}")
        cost = Fraction(UNIT_COST[key] - (1 if uid in reduced else 0))
        lines.append((f"{uid} ({kind}{', led' if uid in reduced else ''})", cost))
    for n in range(1, fleet.squadronless_leaders + 1):
        lines.append((f"leader without a squadron #{n}", Fraction(2 * n)))
    for n in range(2, fleet.scouts + 1):
        lines.append((f"scout #{n}", Fraction(2 * (n - 1))))
    if fleet.fighters:
        lines.append((f"{fleet.fighters} fighters", fighter_cost(fleet.fighters, fleet.hydran)))
    if fleet.pf_flotillas:
        lines.append(("PFs", Fraction(pf_cost(fleet.pf_flotillas, fleet.pf_leader_free))))
    return sum((c for _, c in lines), Fraction(0)), lines


def check(rating: int, fleet: Fleet) -> Fraction:
    total, _ = fleet_cost(fleet)
    if total > rating:
        raise GMCommandError(f"the fleet costs {float(total):g}; the flagship's command limit "
                             f"is {rating} (COMBAT C)")
    return rating - total
