"""What a campaign looks like now, as plain data: the turn and step, each race's treasury by
grid and its ledger, the fleet roster with each ship's SSD state, the build and repair queues,
the battle queue and the journal. The CLI (``campaign status --json``), the printed forms and
the campaign window all read this one summary.
"""

from __future__ import annotations

from fractions import Fraction

from .admirals import movement, sequence
from .ledger import PACKS, Campaign, ep, show
from .ships import repair_bill


def ship_row(campaign: Campaign, ship) -> dict:  # noqa: ANN001
    spec = campaign.spec(ship.ship)
    crippled = ship.crippled(spec)
    bill = repair_bill(spec, ship.permanent + ship.dropped_warp,
                       dict(campaign.option("extra_repair_costs")))
    speed = movement.strategic_speed(spec, ship)
    return {
        "id": ship.id, "name": ship.name, "race": ship.race, "class": spec.id,
        "class_name": spec.name, "status": ship.status, "location": ship.location,
        "in_supply": ship.in_supply, "current": len(ship.current),
        "permanent": len(ship.permanent), "dropped_warp": len(ship.dropped_warp),
        "warp": f"{ship.warp_left(spec)}/{spec.warp_boxes}", "crippled": bool(crippled),
        "crippled_reasons": list(crippled), "strategic_speed": speed.speed,
        "strategic_speed_explain": speed.explain, "repair_points": bill.points,
        "repair_ep": show(bill.ep(5)), "unpriced": list(bill.unknown),
        "officers": list(ship.officers), "refits": list(ship.refits),
        "bpv": spec.bpv_combat, "complete": spec.complete, "battles": list(ship.battles),
        "notes": list(ship.notes),
    }


def summary(campaign: Campaign, *, journal: int = 30) -> dict:
    meta = campaign.meta
    if meta["pack"] == "gm":
        from .gm.phases import STEPS

        step = sequence.Step(meta["step"], STEPS[meta["step"] - 1].lower(),
                             f"{STEPS[meta['step'] - 1]} phase", "SEQUENCE of PLAY")
    elif meta["pack"] == "linked":
        linked = campaign.store.get("linked", "state") or {"next": 1, "done": False}
        title = ("the mini-campaign is over" if linked["done"] else
                 f"battle {linked['open']['battle']} to fight or close" if linked.get("open")
                 else f"scenario {linked['next']} next")
        step = sequence.Step(linked["next"], "linked", title, "(T3.2)")
    else:
        step = sequence.step(meta["step"])
    races = {}
    for code, race in campaign.races().items():
        entries = campaign.entries(code)
        races[code] = {
            "name": race["name"], "team": race.get("team", ""),
            "treasury": {g: show(v) for g, v in sorted(campaign.grids(code).items())} or {"main": "0"},
            "total": show(sum(campaign.grids(code).values(), Fraction(0))),
            "ground_pool": show(ep(race.get("ground_pool", 0))),
            "frozen": bool(race.get("frozen")),
            "income_this_turn": show(sum((ep(e["amount"]) for e in entries
                                          if e["turn"] == meta["turn"] and ep(e["amount"]) > 0),
                                         Fraction(0))),
            "ledger": [{**e, "amount": show(ep(e["amount"]))} for e in entries],
        }
    queues = []
    for qid, order in campaign.queue().items():
        queues.append({"id": qid, "kind": order["kind"], "race": order["race"],
                       "what": order.get("ship") or order.get("refit") or order.get("unit", ""),
                       "unit": order.get("unit", ""), "facility": order.get("facility", ""),
                       "cost": show(ep(order["cost"])), "paid": show(ep(order["paid"])),
                       "turns": order["turns"], "completes": order["completes"],
                       "points": order.get("points"), "done": order["done"]})
    battles = []
    for bid, battle in campaign.store.all("battle").items():
        battles.append({"id": bid, "turn": battle["turn"], "template": battle["template"],
                        "status": battle["status"], "scenario": battle["scenario"]["scenario"]["id"],
                        "sides": battle["sides"], "notes": battle.get("notes", [])})
    entries = campaign.store.journal()[-journal:]
    return {
        "name": meta["name"], "pack": meta["pack"], "pack_title": PACKS[meta["pack"]],
        "turn": meta["turn"], "when": campaign.when(),
        "step": {"number": step.number, "key": step.key, "title": step.title, "rule": step.rule},
        "options": meta["options"], "races": races,
        "planets": campaign.store.all("planet"), "facilities": campaign.store.all("facility"),
        "fleet": [ship_row(campaign, s) for s in campaign.units().values()],
        "queues": queues, "battles": battles,
        "journal": [{"id": e.id, "time": e.time, "reason": e.reason, "rule": e.rule,
                     "changes": len(e.changes),
                     "dice": [{"purpose": d.purpose, "dice": d.dice, "source": d.source} for d in e.dice]}
                    for e in reversed(entries)],
    }


def text(doc: dict) -> str:
    """The summary as the CLI prints it."""
    lines = [f"{doc['name']} - {doc['pack_title']}",
             f"{doc['when']}, step {doc['step']['number']}: {doc['step']['title']} {doc['step']['rule']}", ""]
    lines.append("Treasury")
    for code, race in doc["races"].items():
        grids = ", ".join(f"{g} {v}" for g, v in race["treasury"].items())
        frozen = "  FROZEN by deficit (D3)" if race["frozen"] else ""
        lines.append(f"  {code:10} {race['name']:20} {grids}; ground forces {race['ground_pool']}{frozen}")
    lines += ["", "Fleet"]
    for s in doc["fleet"]:
        state = "crippled" if s["crippled"] else "sound"
        lines.append(f"  {s['id']:14} {s['class']:9} {s['race']:10} {s['status']:10} "
                     f"{s['location'] or '-':6} warp {s['warp']:6} damage {s['current']}+{s['permanent']}"
                     f" ({state}), speed {s['strategic_speed']}, repair {s['repair_points']} RP "
                     f"= {s['repair_ep']} EP" + (f"; {', '.join(s['officers'])}" if s["officers"] else ""))
    if doc["queues"]:
        lines += ["", "Orders"]
        for q in doc["queues"]:
            lines.append(f"  {q['id']:11} {q['kind']:10} {q['race']:10} {q['what']:12} at "
                         f"{q['facility'] or '-':10} {q['paid']}/{q['cost']} EP, turn {q['completes']}"
                         + (" done" if q["done"] else ""))
    if doc["battles"]:
        lines += ["", "Battles"]
        for b in doc["battles"]:
            sides = " v ".join(f"{n} ({', '.join(ids)})" for n, ids in b["sides"].items())
            lines.append(f"  {b['id']:14} turn {b['turn']} {b['template']:5} {b['status']:9} {sides}")
    return "\n".join(lines)
