"""Repairs between battles (004 H1-H3, with G17.132 of Advanced Missions).

* **H1 field repairs**, only of damage taken this campaign turn: a ship that traces supply in
  the repair step gets the extended D9.4 repairs; one in supply at the start of the turn only,
  G17.132 tactical repairs; otherwise none. H2: a pinned ship that fought through uses G17.132
  before its second battle, never D9.4.
* **G17.132** (Advanced Missions G17.1321): every damage-control box first, then one excess
  damage box, then up to three times the D9.76 limit (the original damage-control rating) in
  boxes, the D9.7 repairs made in the battle counted within it.
* **Shields** damaged in battle are restored at the repair step whatever the supply (G17.1311:
  D9.2 repairs shields without limit, and permanently): the campaign option ``shields``
  ("restored", default, or "permanent" to treat them as other boxes), decisions.md.
* **D9.4** is a Basic Set rule whose text is not in the rulebooks on hand: the extent is the
  campaign option ``d94_repairs`` ("all": every current-turn box; or a whole number N: N times
  the D9.76 limit), decisions.md.
* What field repairs leave becomes **permanent** (H3), repaired at a dock (1000 repair points a
  turn), FRD (600) or BATS/BS (200) for 1 EP per 5 repair points (fighters and PFs 1 per 10;
  X-ships double, I5). Dropped warp engines are always permanent (two 12-box engines: 240
  repair points, 48 EP). Repairs may take the treasury negative if it was not negative when the
  repair step began (the one deficit H3 and D3 allow).
* **Scrapping** (H3): 25% of the ship's value in full repair; otherwise the greater of 10% of
  its base value and 25% less half the repair cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...rules.damage.repair import original_damage_control_rating
from ...rules.ship import ShipSpec
from ..ships import CampaignShip, box_repair_points, repair_bill

FACILITY_CAPACITY: dict[str, int] = {"dock": 1000, "frd": 600, "bats": 200, "bs": 200}
POINTS_PER_EP = 5  # H3
POINTS_PER_EP_SMALL = 10  # H3: fighters and PFs
X_SHIP_MULTIPLIER = 2  # I5
G17_MULTIPLE = 3  # G17.1321


class RepairError(ValueError):
    """A repair the rules do not allow; the message names the rule."""


def field_repair_level(ship: CampaignShip, *, pinned_before_second_battle: bool = False) -> str | None:
    """"D9.4", "G17.132" or None (H1; H2 for a pinned ship between its two battles)."""
    if pinned_before_second_battle:
        return "G17.132" if ship.in_supply_at_start else None
    if ship.in_supply:
        return "D9.4"
    if ship.in_supply_at_start:
        return "G17.132"
    return None


@dataclass(frozen=True)
class FieldRepair:
    level: str | None
    repaired: tuple[str, ...]
    left: tuple[str, ...]  # current-turn damage that becomes permanent
    explain: str


def _priority(spec: ShipSpec, extra: dict | None):  # noqa: ANN202
    def key(box: str) -> tuple:
        system = box.split("#")[0]
        first = 0 if system == "damage_control" else 1
        return (first, -(box_repair_points(spec, box, extra) or 0), box)
    return key


def field_repairs(spec: ShipSpec, ship: CampaignShip, *, d94: str | int = "all",
                  combat_repairs: int = 0, pinned_before_second_battle: bool = False,
                  extra_costs: dict | None = None, shields: str = "restored") -> FieldRepair:
    """The H1 field repairs of ``ship``'s current-turn damage (module docstring). Boxes are
    restored damage control first (G17.1321), then the costliest first (SFB Desk's order, so
    the fewest repair points are left to pay for; the keeper may pick others)."""
    level = field_repair_level(ship, pinned_before_second_battle=pinned_before_second_battle)
    current = sorted(set(ship.current) - set(ship.dropped_warp))
    shield_boxes = [b for b in current if b.startswith("shield")] if shields == "restored" else []
    if shield_boxes:
        current = [b for b in current if b not in shield_boxes]
        fixed = _field(spec, ship, level, current, d94, combat_repairs, extra_costs)
        return FieldRepair(level, tuple(shield_boxes) + fixed.repaired, fixed.left,
                           f"{len(shield_boxes)} shield boxes restored (D9.2, G17.1311); " + fixed.explain)
    return _field(spec, ship, level, current, d94, combat_repairs, extra_costs)


def _field(spec: ShipSpec, ship: CampaignShip, level: str | None, current: list[str],
           d94: str | int, combat_repairs: int, extra_costs: dict | None,
           g17_multiple: int = G17_MULTIPLE) -> FieldRepair:
    if level is None or not current:
        why = "no field repairs: not in supply this turn (H1)" if level is None else "nothing else to repair"
        return FieldRepair(level, (), tuple(current), why)
    limit = original_damage_control_rating(spec)
    if level == "D9.4" and d94 == "all":
        return FieldRepair(level, tuple(current), (), "D9.4: every box damaged this turn (option)")
    multiple = int(d94) if level == "D9.4" else g17_multiple
    allowed = max(0, multiple * limit - combat_repairs)
    order = sorted(current, key=_priority(spec, extra_costs))
    free = [b for b in order if b.startswith("damage_control#")]
    excess = [b for b in order if b.startswith("excess_damage#")][:1] if level == "G17.132" else []
    rest = [b for b in order if b not in free and b not in excess and not b.startswith("excess_damage#")]
    repaired = free + excess + rest[:allowed]
    left = tuple(b for b in current if b not in repaired)
    explain = (f"{level}: damage control boxes and {len(excess)} excess damage box free, then "
               f"{min(allowed, len(rest))} of {allowed} boxes ({multiple} x the D9.76 limit "
               f"{limit}, less {combat_repairs} repaired in battle)")
    return FieldRepair(level, tuple(repaired), left, explain)


def tactical_repairs(spec: ShipSpec, ship: CampaignShip, *, multiple: int = G17_MULTIPLE,
                     extra_costs: dict | None = None, shields: str = "restored") -> FieldRepair:
    """G17.132 between two scenarios of a mini-campaign, whatever the supply (Advanced
    Missions T3.41); ``multiple`` the campaign's multiple of the D9.76 limit (G17.1322)."""
    current = sorted(set(ship.current) - set(ship.dropped_warp))
    shield_boxes = [b for b in current if b.startswith("shield")] if shields == "restored" else []
    rest = [b for b in current if b not in shield_boxes]
    fixed = _field(spec, ship, "G17.132", rest, "all", ship.repaired_in_battle, extra_costs,
                   g17_multiple=multiple)
    return FieldRepair("G17.132", tuple(shield_boxes) + fixed.repaired, fixed.left,
                       f"{len(shield_boxes)} shield boxes restored; " + fixed.explain)


def make_permanent(ship: CampaignShip, repaired: tuple[str, ...]) -> CampaignShip:
    """After the repair step: restored boxes cleared, the rest of this turn's damage permanent."""
    left = [b for b in ship.current if b not in repaired and b not in ship.dropped_warp]
    ship.permanent = sorted(set(ship.permanent) | set(left))
    ship.current = []
    return ship


@dataclass(frozen=True)
class RepairOrder:
    """A permanent-damage repair at a facility: boxes, repair points and EP (H3)."""

    ship_id: str
    facility: str
    boxes: tuple[str, ...]
    points: int
    ep: Fraction
    unknown: tuple[str, ...]


def repair_order(spec: ShipSpec, ship: CampaignShip, facility: str, *, boxes=None,  # noqa: ANN001
                 x_ship: bool = False, small_craft: bool = False,
                 extra_costs: dict | None = None) -> RepairOrder:
    """H3: the cost of repairing ``boxes`` (default: all permanent damage and dropped warp)."""
    if facility not in FACILITY_CAPACITY:
        raise RepairError(f"repairs are made at a {', '.join(FACILITY_CAPACITY)}, not {facility!r} (H3)")
    chosen = sorted(set(boxes if boxes is not None else ship.permanent + ship.dropped_warp))
    outside = [b for b in chosen if b not in ship.permanent and b not in ship.dropped_warp]
    if outside:
        raise RepairError(f"{ship.id}: {', '.join(outside)} is not permanent damage (H3)")
    bill = repair_bill(spec, chosen, extra_costs)
    per_ep = POINTS_PER_EP_SMALL if small_craft else POINTS_PER_EP
    ep = bill.ep(per_ep, X_SHIP_MULTIPLIER if x_ship else 1)
    return RepairOrder(ship.id, facility, tuple(chosen), bill.points, ep, bill.unknown)


def check_capacity(orders: list[RepairOrder], facility: str) -> None:
    """H3: a facility's repair points a turn (dock 1000, FRD 600, BATS or BS 200)."""
    total = sum(o.points for o in orders)
    cap = FACILITY_CAPACITY[facility]
    if total > cap:
        raise RepairError(f"a {facility} repairs at most {cap} repair points a turn, "
                          f"not {total} (H3)")


def may_repair(treasury_at_repair_step: Fraction | int) -> bool:
    """H3/D3: repairs may run the treasury negative only if it was not negative already."""
    return treasury_at_repair_step >= 0


def scrap_value(base_value: Fraction | int, repair_cost: Fraction | int) -> Fraction:
    """H3: 25% in full repair; else max(10% of base value, 25% less half the repair cost)."""
    base = Fraction(base_value)
    if repair_cost == 0:
        return base / 4
    return max(base / 10, base / 4 - Fraction(repair_cost) / 2)


def section_replacement_cost(ship_cost: Fraction | int, surviving_section_cost: Fraction | int
                             ) -> Fraction:
    """H3: a lost separated section is replaced as a conversion costing the ship less the
    surviving section."""
    return max(Fraction(0), Fraction(ship_cost) - Fraction(surviving_section_cost))
