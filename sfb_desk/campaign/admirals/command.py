"""Command limits of The Admiral's Edition (004 F1-F3).

F1: a ship's command rating is half its F&E command rating, fractions kept (entered by the
campaign's keeper: the rulebooks on hand do not list it for every class). The highest rating
is the flagship (crippled ships excused unless no other); attack bonuses +1 to +4, or the full
F&E rating against a homeworld with a starbase.

F2: weighted costs per category, as base / leader / each led ship (a leader leads at most two
non-leaders of its own category). Examples: three Fed CAs 3.0; CC + CA + CAD 1.1 + 0.9 + 0.9 =
2.9. F3: a carrier counts as a normal ship and its escorts as led (CVS + NAC + DEA =
1.0 + 0.7 + 0.4 = 2.1); a carrier without escorts, or escorts without a carrier, cost double.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

F = Fraction
#: F2 chart: category -> (base, leader, led); None where the chart says N/A.
WEIGHTS: dict[str, tuple[Fraction, Fraction | None, Fraction | None]] = {
    "BB": (F(5, 2), None, None),
    "DN": (F(2), None, None),
    "BCH": (F(3, 2), None, None),
    "BC SPECIAL": (F(6, 5), F(6, 5), None),
    "CA": (F(1), F(11, 10), F(9, 10)),
    "CW": (F(4, 5), F(9, 10), F(7, 10)),
    "HDW": (F(4, 5), None, None),
    "DW": (F(7, 10), F(4, 5), F(3, 5)),
    "DD": (F(1, 2), F(3, 5), F(2, 5)),
    "FF": (F(2, 5), F(1, 2), F(3, 10)),
}
ALIASES = {"DNL": "DN", "NCA": "CA", "CL": "CW", "POL": "FF", "BC": "BC SPECIAL"}
#: F1 attack bonuses to the flagship's rating, by what is attacked.
ATTACK_BONUS = {"base_station": 1, "conquered_planet": 1, "planet_with_bs": 2, "bats": 2,
                "planet_with_bats": 3, "homeworld": 4}


class CommandError(ValueError):
    """A fleet the command rules refuse; the message names the rule."""


def category(name: str) -> str:
    key = ALIASES.get(name.upper(), name.upper())
    if key not in WEIGHTS:
        raise CommandError(f"no F2 category {name!r}; categories: {', '.join(WEIGHTS)}")
    return key


def derive_category(size_class: int | None, move_cost: Fraction | None, warp_boxes: int) -> str:
    """F2 category notes 1-2 and 5-10 from the Master Ship Chart facts (BCH and BC SPECIAL are
    named lists the keeper sets by hand)."""
    mc = move_cost if move_cost is not None else F(1)
    if warp_boxes >= 60:
        return "BB"
    if size_class == 2:
        return "DN"
    if size_class == 3:
        return "CA" if mc >= 1 else "CW"
    if size_class == 4:
        if mc > F(1, 2):
            return "HDW"
        if mc == F(1, 2):
            return "DW" if warp_boxes > 16 else "DD"
        return "FF"
    return "FF"


@dataclass(frozen=True)
class FleetShip:
    id: str
    category: str
    leader: bool = False
    carrier: bool = False
    escort: bool = False
    leads: tuple[str, ...] = ()  # ids of the ships this leader (or carrier) leads


@dataclass(frozen=True)
class FleetCost:
    total: Fraction
    lines: tuple[tuple[str, Fraction, str], ...]


def fleet_cost(ships: list[FleetShip]) -> FleetCost:
    """The weighted command cost of a fleet (F2, F3)."""
    by_id = {s.id: s for s in ships}
    led_by: dict[str, str] = {}
    for s in ships:
        if len(s.leads) > 2 and not s.carrier:
            raise CommandError(f"{s.id} leads at most two ships (F2)")
        for other in s.leads:
            if other not in by_id:
                raise CommandError(f"{s.id} leads {other}, which is not in the fleet")
            if other in led_by:
                raise CommandError(f"{other} is led by both {led_by[other]} and {s.id}")
            led_by[other] = s.id
    carriers = any(s.carrier for s in ships)
    lines = []
    for s in ships:
        base, leader, led = WEIGHTS[category(s.category)]
        why = "base"
        cost = base
        if s.leader and not s.carrier:
            if leader is None:
                raise CommandError(f"{s.id}: a {category(s.category)} cannot lead (F2)")
            cost, why = leader, "leader"
        if s.id in led_by:
            head = by_id[led_by[s.id]]
            if not head.carrier and category(head.category) != category(s.category):
                raise CommandError(f"{head.id} leads ships of its own category only (F2)")
            if led is None:
                raise CommandError(f"{s.id}: a {category(s.category)} cannot be led (F2)")
            cost, why = led, f"led by {head.id}" + (" (carrier group, F3)" if head.carrier else "")
        if s.carrier and not s.leads or s.escort and not carriers:
            cost, why = cost * 2, why + "; doubled: carrier without escorts or escort without carrier (F3)"
        lines.append((s.id, cost, why))
    return FleetCost(sum((c for _, c, _ in lines), F(0)), tuple(lines))


def flagship_rating(fe_rating: Fraction | float, attacking: str | None = None) -> Fraction:
    """F1: half the F&E rating plus the attack bonus; the full F&E rating against a homeworld
    with a starbase (``attacking="homeworld_with_sb"``)."""
    rating = F(fe_rating).limit_denominator(100)
    if attacking == "homeworld_with_sb":
        return rating
    bonus = 0 if attacking is None else ATTACK_BONUS.get(attacking)
    if bonus is None:
        raise CommandError(f"no F1 attack bonus for {attacking!r}; known: {', '.join(ATTACK_BONUS)}")
    return rating / 2 + bonus


def check_fleet(rating: Fraction, ships: list[FleetShip]) -> FleetCost:
    cost = fleet_cost(ships)
    if cost.total > rating:
        raise CommandError(f"the fleet costs {float(cost.total):g} command slots; the flagship's "
                           f"rating is {float(rating):g} (F1, F2)")
    return cost
