"""Linked scenarios: a mini-campaign of scenarios fought one after another, each ship's damage
carried from battle to battle (Advanced Missions T3, Module C2 T7).

A mini-campaign is a campaign of the "linked" pack: its ships are the ledger's ships (their
SSD state kept between battles), its battles go through the battle queue (a scenario out, a
result back), and its own state is one ``linked``/``state`` record: which scenario is next,
the roster of groups, per-campaign counters with their limits, and a log. A definition
(:class:`Definition`) gives the forces, the stand-ins used where the library lacks a class, the
counters, and the repairs allowed between scenarios.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..admirals import repairs
from ..ledger import Campaign, LedgerError


@dataclass(frozen=True)
class Force:
    """One ship of a mini-campaign: its class as printed, and the library class the desk uses."""

    key: str
    printed: str  # "CVS Sabre"
    ship: str  # the library class the desk sets up
    name: str
    refits: tuple[str, ...] = ()
    stand_in: str = ""  # why the printed class is replaced ("" when it is the printed class)
    note: str = ""


@dataclass(frozen=True)
class Counter:
    key: str
    text: str
    limit: int
    rule: str


@dataclass(frozen=True)
class Definition:
    key: str
    title: str
    book: str
    rule: str
    year: int
    scenarios: int
    sides: tuple[str, str]
    forces: dict[str, tuple[Force, ...]]  # group or side key -> ships
    counters: tuple[Counter, ...] = ()
    between: str = "G17.132"  # repairs between scenarios
    between_multiple: int = 3
    notes: tuple[str, ...] = field(default_factory=tuple)

    def stand_ins(self) -> list[Force]:
        return [f for group in self.forces.values() for f in group if f.stand_in]


def state(campaign: Campaign) -> dict:
    doc = campaign.store.get("linked", "state")
    if doc is None:
        raise LedgerError("this campaign is not a mini-campaign of linked scenarios")
    return doc


def start(campaign: Campaign, definition: Definition) -> dict:
    """Enter every ship of ``definition`` in the registry and open the state record."""
    if campaign.store.get("linked", "state") is not None:
        raise LedgerError("this mini-campaign has already begun")
    for side in definition.sides:
        if side not in campaign.races():
            campaign.add_race(side, side, rule=f"({definition.rule})")
    for group, ships in definition.forces.items():
        side = definition.sides[0] if group == definition.sides[0] else definition.sides[1]
        for force in ships:
            campaign.spec(force.ship)  # a clear error for a class the library lacks
            campaign.add_ship(force.key, force.ship, side, name=force.name,
                              rule=f"({definition.rule})", refits=list(force.refits),
                              notes=[f"printed: {force.printed}"]
                              + ([f"stand-in: {force.stand_in}"] if force.stand_in else []))
    doc = {"definition": definition.key, "next": 1, "done": False,
           "groups": {g: {"ships": [f.key for f in fs], "gone": []}
                      for g, fs in definition.forces.items()},
           "counters": {c.key: 0 for c in definition.counters}, "log": [], "results": []}
    with campaign.change(f"{definition.title} begins ({definition.book}, {definition.rule})",
                         f"({definition.rule})") as tx:
        tx.put("linked", "state", doc)
    return doc


def bump(campaign: Campaign, definition: Definition, key: str, by: int = 1) -> int:
    """Count a per-campaign event; refused past its limit with the rule."""
    counter = next((c for c in definition.counters if c.key == key), None)
    if counter is None:
        raise LedgerError(f"no counter {key!r}; counters: {', '.join(c.key for c in definition.counters)}")
    doc = state(campaign)
    value = doc["counters"].get(key, 0) + by
    if value > counter.limit:
        raise LedgerError(f"{counter.text}: at most {counter.limit} ({counter.rule})")
    doc["counters"][key] = value
    with campaign.change(f"{counter.text}: {value} of {counter.limit}", f"({counter.rule})") as tx:
        tx.put("linked", "state", doc)
    return value


def between_scenarios(campaign: Campaign, definition: Definition) -> list[str]:
    """The interlude: repairs of the last scenario's damage within the definition's limits;
    what is left stays (no operational repairs in a mini-campaign); shields restored."""
    notes = []
    extra = dict(campaign.option("extra_repair_costs"))
    with campaign.change(f"{definition.title}: repairs between scenarios ({definition.between})",
                         f"({definition.rule})") as tx:
        for ship in campaign.units().values():
            if ship.status == "destroyed" or not ship.current:
                continue
            spec = campaign.spec(ship.ship)
            fix = repairs.tactical_repairs(spec, ship, multiple=definition.between_multiple,
                                           extra_costs=extra)
            repairs.make_permanent(ship, fix.repaired)
            ship.repaired_in_battle = 0
            campaign.put_ship(tx, ship)
            notes.append(f"{ship.id}: {len(fix.repaired)} boxes repaired, {len(fix.left)} left "
                         f"({fix.explain})")
    return notes


def record_result(campaign: Campaign, scenario: int, summary: dict) -> None:
    doc = state(campaign)
    doc["results"].append({"scenario": scenario, **summary})
    with campaign.change(f"Scenario {scenario} recorded", "") as tx:
        tx.put("linked", "state", doc)
