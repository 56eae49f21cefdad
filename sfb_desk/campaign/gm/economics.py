"""The Economics phase of the GM campaign rules (ECONOMICS A-F, CONVERSION & REPAIR B).

* Income: the homeworld 200 EP a turn, each colony its own value (10-100). EPs move only
  within the Supply Network: a colony outside it keeps its EPs where they are.
* Maintenance, on BPV (not EPV): warships and bases of mobile-base size or larger 5%; F-S,
  CPL and all other space units (SAM, auxiliaries), and construction docks in space, 2%; ground
  units and ground docks nothing; times the maintenance multiplier (raised by random events).
* Tholian webs: 5 EP per web hex a turn even at strength 0, 1/4 EP per strength point; asteroid
  anchors 25 EP each.
* Resupply: general-availability drones free; restricted modules at cost; mines at 1/4 price;
  PPTs free; UIM 1 EP a module; fighters and MRS 1/2 EPV; PFs full EPV.
* Expeditionary fleet: 5 EP per ship a turn.
* Repairs (U7.6): 1/10 EP per repair point, paid when made; the only deficit allowed, up to
  10% of the supply network (read as 10% of the network's income: decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

HOMEWORLD_EP = 200
MAINTENANCE = {"warship": Fraction(5, 100), "base": Fraction(5, 100), "station": Fraction(2, 100),
               "auxiliary": Fraction(2, 100), "space": Fraction(2, 100),
               "dock_space": Fraction(2, 100), "ground": Fraction(0), "dock_ground": Fraction(0)}
WEB_HEX, WEB_POINT, WEB_ANCHOR = 5, Fraction(1, 4), 25
EXPEDITIONARY_PER_SHIP = 5
REPAIR_EP_PER_POINT = Fraction(1, 10)
DEFICIT_SHARE = Fraction(1, 10)
RESUPPLY_SHARE = {"fighter": Fraction(1, 2), "mrs": Fraction(1, 2), "pf": Fraction(1),
                  "mine": Fraction(1, 4), "ppt": Fraction(0), "general_drone": Fraction(0)}
UIM_MODULE_EP = 1


class GMEconomyError(ValueError):
    """An Economics phase input the rules refuse; the message says which."""


def maintenance(kind: str, bpv: Fraction | int, multiplier: Fraction | int = 1) -> Fraction:
    if kind not in MAINTENANCE:
        raise GMEconomyError(f"maintenance kinds: {', '.join(MAINTENANCE)}; not {kind!r} (ECONOMICS D)")
    return Fraction(bpv) * MAINTENANCE[kind] * Fraction(multiplier)


def web_cost(hexes: int, strength_points: int = 0, new_anchors: int = 0) -> Fraction:
    return hexes * WEB_HEX + strength_points * WEB_POINT + new_anchors * WEB_ANCHOR


def resupply_cost(item: str, epv: Fraction | int = 0, count: int = 1) -> Fraction:
    """ECONOMICS E: what replacing ``count`` expended ``item`` costs."""
    if item == "uim":
        return Fraction(UIM_MODULE_EP * count)
    if item == "restricted_drone":
        return Fraction(epv) * count  # the restricted modules at standard cost
    if item not in RESUPPLY_SHARE:
        raise GMEconomyError(f"resupply items: {', '.join([*RESUPPLY_SHARE, 'uim', 'restricted_drone'])}")
    return Fraction(epv) * RESUPPLY_SHARE[item] * count


def repair_cost(points: int) -> Fraction:
    return points * REPAIR_EP_PER_POINT


@dataclass
class EconomicsReport:
    lines: list[tuple[str, Fraction, str]] = field(default_factory=list)  # (what, EP, rule)
    network_income: Fraction = Fraction(0)
    local: dict[str, Fraction] = field(default_factory=dict)  # colonies outside the network
    treasury: Fraction = Fraction(0)
    deficit_limit: Fraction = Fraction(0)
    refused: list[str] = field(default_factory=list)

    def add(self, what: str, amount: Fraction, rule: str) -> None:
        self.lines.append((what, Fraction(amount), rule))
        self.treasury += Fraction(amount)


def economics_phase(treasury: Fraction | int, *, homeworld: bool = True, colonies: list[dict] = (),
                    units: list[dict] = (), multiplier: Fraction | int = 1, web: dict | None = None,
                    expeditionary_ships: int = 0, resupply: list[dict] = (),
                    repair_points: int = 0) -> EconomicsReport:
    """One race's Economics phase (module docstring). ``colonies``: {"name", "ep",
    "network"}; ``units``: {"id", "kind", "bpv"}; ``resupply``: {"item", "epv", "count"};
    ``repair_points``: repairs made this phase. Repairs the treasury cannot cover beyond the
    deficit limit are refused (listed in ``refused``), never paid."""
    report = EconomicsReport(treasury=Fraction(treasury))
    if homeworld:
        report.add("homeworld", Fraction(HOMEWORLD_EP), "ECONOMICS")
        report.network_income += HOMEWORLD_EP
    for colony in colonies:
        value = Fraction(colony["ep"])
        if not 0 <= value <= 100:
            raise GMEconomyError(f"colony {colony['name']}: 10 to 100 EP, not {value} (COLONIES A)")
        if colony.get("network", False):
            report.add(f"colony {colony['name']} (supply network)", value, "ECONOMICS C")
            report.network_income += value
        else:
            report.local[colony["name"]] = value
    for unit in units:
        cost = maintenance(unit["kind"], unit["bpv"], multiplier)
        if cost:
            report.add(f"maintenance {unit['id']} ({unit['kind']}, BPV {unit['bpv']})", -cost, "ECONOMICS D")
    if web:
        report.add("Tholian web upkeep", -web_cost(web.get("hexes", 0), web.get("strength", 0),
                                                    web.get("anchors", 0)), "ECONOMICS D")
    for item in resupply:
        cost = resupply_cost(item["item"], item.get("epv", 0), item.get("count", 1))
        if cost:
            report.add(f"resupply {item.get('count', 1)} x {item['item']}", -cost, "ECONOMICS E")
    if expeditionary_ships:
        report.add(f"expeditionary fleet ({expeditionary_ships} ships)",
                   -Fraction(EXPEDITIONARY_PER_SHIP * expeditionary_ships), "ECONOMICS F")
    report.deficit_limit = report.network_income * DEFICIT_SHARE
    if repair_points:
        cost = repair_cost(repair_points)
        if report.treasury - cost < -report.deficit_limit:
            report.refused.append(f"repairs of {repair_points} points ({cost} EP) would pass the "
                                  f"deficit limit of {report.deficit_limit} EP (CONVERSION & REPAIR B)")
        else:
            report.add(f"repairs: {repair_points} repair points", -cost, "CONVERSION & REPAIR B")
    return report
