"""The GM campaign rules on the ledger: their sequence of play (Economics, Technology,
Procurement, Movement, Combat, Colonies, Production, Conversion & Repair) and what the
Economics phase posts.

Economics, per race: the homeworld's 200 EP and each colony's value (a colony outside the
supply network keeps its EPs in its own grid); maintenance of every active ship at 5% of its
combat BPV times the campaign's maintenance multiplier (option ``maintenance_multiplier``);
each ship out of supply counts another turn out (the degradation chart, :mod:`.supply`); repair
orders paid at 0.1 EP a repair point, the deficit limited to 10% of the network's income.
Production completes the builds due, like the Admiral's Edition's reveal step.
"""

from __future__ import annotations

from fractions import Fraction

from ..ledger import Campaign, ep, show
from . import economics
from .supply import degradation

STEPS = ("Economics", "Technology", "Procurement", "Movement", "Combat", "Colonies",
         "Production", "Conversion & Repair")


def economics_phase(campaign: Campaign, tx) -> list[str]:  # noqa: ANN001
    notes = []
    multiplier = ep(campaign.option("maintenance_multiplier"))
    planets = list(campaign.store.all("planet").values())
    for code in campaign.races():
        colonies = [{"name": p["name"], "ep": p.get("ep", 0), "network": p.get("grid", "main") == "main"}
                    for p in planets if p["owner"] == code and p["type"] != "homeworld"]
        homeworld = any(p["owner"] == code and p["type"] == "homeworld" for p in planets)
        ships = [s for s in campaign.units(code, status="active").values()]
        units = [{"id": s.id, "kind": "warship", "bpv": campaign.spec(s.ship).bpv_combat or 0}
                 for s in ships]
        repairs = [(qid, o) for qid, o in campaign.queue("repair", code).items() if not o["done"]]
        points = sum(o["points"] for _, o in repairs)
        start = campaign.treasury(code)
        report = economics.economics_phase(start, homeworld=homeworld, colonies=colonies,
                                           units=units, multiplier=multiplier, repair_points=points)
        for what, amount, rule in report.lines:
            campaign.post(tx, code, amount, what, rule)
        for name, value in report.local.items():
            grid = next((p.get("grid") for p in planets if p["name"] == name), name)
            campaign.post(tx, code, value, f"colony {name} (outside the supply network)",
                          "ECONOMICS C", grid=grid)
        if not report.refused:
            for qid, order in repairs:
                ship = campaign.unit(order["unit"])
                ship.permanent = [b for b in ship.permanent if b not in order["boxes"]]
                ship.dropped_warp = [b for b in ship.dropped_warp if b not in order["boxes"]]
                campaign.put_ship(tx, ship)
                order.update(done=True, paid=str(economics.repair_cost(order["points"])), payments=1)
                tx.put("queue", qid, order)
        notes.extend(report.refused)
        for ship in (campaign.unit(s.id) for s in ships):  # as the repairs above left them
            ship.turns_out_of_supply = 0 if ship.in_supply else ship.turns_out_of_supply + 1
            if not ship.in_supply:
                notes.append(f"{ship.id}: {ship.turns_out_of_supply} turn(s) out of supply - "
                             f"{degradation(ship.turns_out_of_supply).describe()} (ECONOMICS B)")
            campaign.put_ship(tx, ship)
        notes.append(f"{code}: {show(report.treasury - start)} EP net; treasury {show(report.treasury)}")
    return notes


def repair_cost(points: int) -> Fraction:
    return economics.repair_cost(points)
