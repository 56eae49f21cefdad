"""Orders of The Admiral's Edition: construction, conversion, refit, reactivation and repair
queues, each checked against the docks, times and costs before it is accepted (004 E3, E8, H3).

An order is a ``queue`` record: what, where, its plan (turns, payments, completion turn) and
what has been paid. Payments are posted to the EP ledger when the turn's step comes round
(:mod:`.turn`): a build's share each Order step, a repair at the Repair step.
"""

from __future__ import annotations

from fractions import Fraction

from . import calendar
from .admirals import construction, economy, repairs
from .ledger import Campaign, LedgerError, ep, show


def _facility(campaign: Campaign, key: str, race: str) -> dict:
    facility = campaign.store.get("facility", key)
    if facility is None:
        raise LedgerError(f"no facility {key!r}; facilities: {', '.join(campaign.store.all('facility'))}")
    if facility["race"] != race:
        raise LedgerError(f"{key} belongs to {facility['race']}, not {race}")
    return facility


def _dock_busy(campaign: Campaign, key: str) -> str | None:
    for qid, order in campaign.queue().items():
        if order.get("facility") == key and order["kind"] in ("build", "convert") and not order.get("done"):
            return qid
    return None


def _next_id(campaign: Campaign, kind: str) -> str:
    return f"{kind}-{len(campaign.store.all('queue')) + 1:03d}"


def _open_for_orders(campaign: Campaign, race: str) -> None:
    if campaign.race(race).get("frozen"):
        raise LedgerError(f"{race} could not pay off its deficit: all production and spending "
                          "stop this turn (D3)")


def order_build(campaign: Campaign, race: str, ship_class: str, dock: str, *, name: str = "",
                cost: Fraction | int | None = None, stretch_to: int | None = None,
                prototype: bool = False) -> str:
    """E3: a new ship in a construction dock; returns the order id."""
    _open_for_orders(campaign, race)
    spec = campaign.spec(ship_class)
    facility = _facility(campaign, dock, race)
    if facility["kind"] != "dock":
        raise LedgerError(f"{dock} is a {facility['kind']}: ships are built in construction docks (E3)")
    busy = _dock_busy(campaign, dock)
    if busy:
        raise LedgerError(f"dock {dock} is working on {busy}: one ship at a time (E3)")
    try:
        construction.check_dock(facility["dock_class"], spec.size_class or 4)
        price = ep(cost) if cost is not None else ep(spec.bpv_economic or spec.bpv_combat or 0)
        if price <= 0:
            raise LedgerError(f"{spec.id} has no BPV in the library: give the cost (E3)")
        earliest = None
        if spec.year_in_service:
            earliest = calendar.earliest_completion(spec.year_in_service, campaign.meta["first_year"],
                                                    turns_early=4 if prototype else 0)
        if campaign.meta["pack"] == "gm":  # PRODUCTION A: a dock builds one ship a turn
            plan = construction.BuildPlan(1, (price,), campaign.turn)
        else:
            plan = construction.plan_build(price, spec.warp_boxes, campaign.turn, earliest=earliest,
                                           stretch_to=stretch_to,
                                           twelve_warp_boxes=int(campaign.option("twelve_warp_boxes")))
    except construction.ConstructionError as exc:
        raise LedgerError(str(exc)) from None
    qid = _next_id(campaign, "build")
    doc = {"kind": "build", "race": race, "ship": spec.id, "name": name, "facility": dock,
           "location": facility["location"], "cost": str(price), "turns": plan.turns,
           "per_turn": str(plan.per_turn[0]), "paid": "0", "payments": 0,
           "started": campaign.turn, "completes": plan.completes, "done": False}
    with campaign.change(f"Ordered {spec.id} {name} at {dock}: {plan.turns} turn(s), "
                         f"{show(price)} EP", "(E3)") as tx:
        tx.put("queue", qid, doc)
    return qid


def order_refit(campaign: Campaign, unit_id: str, refit: str, facility_key: str, cost: Fraction | int) -> str:
    """E3: a refit always takes one turn at its printed cost."""
    ship = campaign.unit(unit_id)
    _open_for_orders(campaign, ship.race)
    facility = _facility(campaign, facility_key, ship.race)
    if ship.location != facility["location"]:
        raise LedgerError(f"{unit_id} is at {ship.location or 'no place'}, not at {facility['location']} (E3)")
    spec = campaign.spec(ship.ship)
    codes = [r.code for r in spec.refits]
    if codes and refit not in codes:
        raise LedgerError(f"{spec.id} has no refit {refit!r}; refits: {', '.join(codes)}")
    qid = _next_id(campaign, "refit")
    doc = {"kind": "refit", "race": ship.race, "unit": unit_id, "refit": refit,
           "facility": facility_key, "cost": str(ep(cost)), "turns": 1, "per_turn": str(ep(cost)),
           "paid": "0", "payments": 0, "started": campaign.turn, "completes": campaign.turn,
           "done": False}
    ship.status = "refitting"
    with campaign.change(f"Refit {refit} of {unit_id} at {facility_key}", "(E3)") as tx:
        tx.put("queue", qid, doc)
        campaign.put_ship(tx, ship)
    return qid


def order_conversion(campaign: Campaign, unit_id: str, new_class: str, dock: str, *,
                     officer_percents: list[int] = ()) -> str:
    """E3: half the new hull's build time (rounded up), the difference in economic cost (I1:
    plus Annex 6A percentages for officers kept through a costlier conversion)."""
    ship = campaign.unit(unit_id)
    _open_for_orders(campaign, ship.race)
    old, new = campaign.spec(ship.ship), campaign.spec(new_class)
    facility = _facility(campaign, dock, ship.race)
    if facility["kind"] != "dock" or ship.location != facility["location"]:
        raise LedgerError(f"{unit_id} converts in a construction dock in its hex (E3)")
    busy = _dock_busy(campaign, dock)
    if busy:
        raise LedgerError(f"dock {dock} is working on {busy}: one ship at a time (E3)")
    try:
        construction.check_dock(facility["dock_class"], new.size_class or 4, "convert")
    except construction.ConstructionError as exc:
        raise LedgerError(str(exc)) from None
    old_e = ep(old.bpv_economic or old.bpv_combat or 0)
    new_e = ep(new.bpv_economic or new.bpv_combat or 0)
    cost = construction.conversion_cost(old_e, new_e)
    if officer_percents:
        cost = construction.officer_conversion_cost(int(old_e), int(new_e), list(officer_percents))
    turns = construction.conversion_time(construction.build_time(
        new.warp_boxes, twelve_warp_boxes=int(campaign.option("twelve_warp_boxes"))))
    qid = _next_id(campaign, "convert")
    doc = {"kind": "convert", "race": ship.race, "unit": unit_id, "ship": new.id,
           "facility": dock, "location": facility["location"], "cost": str(cost),
           "turns": turns, "per_turn": str(cost / turns), "paid": "0", "payments": 0,
           "started": campaign.turn, "completes": campaign.turn + turns - 1, "done": False}
    ship.status = "converting"
    with campaign.change(f"Convert {unit_id} from {old.id} to {new.id}: {turns} turn(s), "
                         f"{show(cost)} EP", "(E3)") as tx:
        tx.put("queue", qid, doc)
        campaign.put_ship(tx, ship)
    return qid


def order_reactivation(campaign: Campaign, unit_id: str, facility_key: str) -> str:
    """E8: a mothballed ship reactivates by a refit costing 25% of its economic BPV."""
    ship = campaign.unit(unit_id)
    if ship.status != "mothballed":
        raise LedgerError(f"{unit_id} is {ship.status}, not mothballed (E8)")
    spec = campaign.spec(ship.ship)
    cost = economy.reactivation_cost(spec.bpv_economic or spec.bpv_combat or 0)
    qid = order_refit(campaign, unit_id, "reactivation", facility_key, cost)
    order = campaign.store.get("queue", qid)
    order.update(kind="reactivate")
    with campaign.change(f"Reactivation of {unit_id}: {show(cost)} EP (25% of economic BPV)", "(E8)") as tx:
        tx.put("queue", qid, order)
    return qid


def order_repair(campaign: Campaign, unit_id: str, facility_key: str, boxes: list[str] | None = None) -> str:
    """H3: permanent damage repaired at a dock, FRD or base in the ship's hex, paid at the
    Repair step (1 EP per 5 repair points), within the facility's repair points a turn."""
    ship = campaign.unit(unit_id)
    facility = _facility(campaign, facility_key, ship.race)
    if ship.location != facility["location"]:
        raise LedgerError(f"{unit_id} is at {ship.location or 'no place'}; the {facility['kind']} "
                          f"{facility_key} is at {facility['location']} (H3)")
    spec = campaign.spec(ship.ship)
    try:
        order = repairs.repair_order(spec, ship, facility["kind"], boxes=boxes,
                                     extra_costs=dict(campaign.option("extra_repair_costs")))
    except repairs.RepairError as exc:
        raise LedgerError(str(exc)) from None
    if not order.boxes:
        raise LedgerError(f"{unit_id} has no permanent damage to repair (H3)")
    if order.unknown:
        raise LedgerError(f"no repair cost is known for {', '.join(order.unknown)}: set it in the "
                          "campaign option extra_repair_costs (Annex #9)")
    cost = order.ep
    if campaign.meta["pack"] == "gm":  # CONVERSION & REPAIR B: 1/10 EP a repair point
        cost = Fraction(order.points, 10)
    if campaign.option("repair_rounding") == "up":
        cost = Fraction(-(-cost.numerator // cost.denominator))
    qid = _next_id(campaign, "repair")
    doc = {"kind": "repair", "race": ship.race, "unit": unit_id, "facility": facility_key,
           "facility_kind": facility["kind"], "boxes": list(order.boxes), "points": order.points,
           "cost": str(cost), "turns": 1, "started": campaign.turn, "completes": campaign.turn,
           "paid": "0", "payments": 0, "done": False}
    with campaign.change(f"Repair order for {unit_id} at {facility_key}: {order.points} repair "
                         f"points, {show(cost)} EP", "(H3)") as tx:
        tx.put("queue", qid, doc)
    return qid


def order_section_replacement(campaign: Campaign, unit_id: str, dock: str, *,
                              surviving_section_cost: Fraction | int,
                              new_class: str | None = None) -> str:
    """H3: a lost separated section (a D7's boom or rear hull) is replaced as a conversion in a
    construction dock costing the ship less the surviving section; the ship may become another
    variant meanwhile. Time: half the build time (option ``section_replacement_turns``: "half
    build", or "1" as the rule's D7 example says)."""
    ship = campaign.unit(unit_id)
    if not ship.lost_sections:
        raise LedgerError(f"{unit_id} has lost no separated section (H3)")
    _open_for_orders(campaign, ship.race)
    target = campaign.spec(new_class or ship.ship)
    facility = _facility(campaign, dock, ship.race)
    if facility["kind"] != "dock" or ship.location != facility["location"]:
        raise LedgerError(f"{unit_id}: sections are replaced in a construction dock in its hex (H3)")
    busy = _dock_busy(campaign, dock)
    if busy:
        raise LedgerError(f"dock {dock} is working on {busy}: one ship at a time (E3)")
    cost = repairs.section_replacement_cost(target.bpv_economic or target.bpv_combat or 0,
                                            surviving_section_cost)
    if campaign.option("section_replacement_turns") == "1":
        turns = 1
    else:
        turns = construction.conversion_time(construction.build_time(
            target.warp_boxes, twelve_warp_boxes=int(campaign.option("twelve_warp_boxes"))))
    qid = _next_id(campaign, "convert")
    doc = {"kind": "convert", "race": ship.race, "unit": unit_id, "ship": target.id,
           "facility": dock, "location": facility["location"], "cost": str(cost),
           "turns": turns, "per_turn": str(cost / turns), "paid": "0", "payments": 0,
           "started": campaign.turn, "completes": campaign.turn + turns - 1, "done": False,
           "replaces_sections": list(ship.lost_sections)}
    ship.status = "converting"
    with campaign.change(f"Replace the lost section of {unit_id} ({', '.join(ship.lost_sections)}) "
                         f"as {target.id}: {turns} turn(s), {show(cost)} EP", "(H3)") as tx:
        tx.put("queue", qid, doc)
        campaign.put_ship(tx, ship)
    return qid


def cancel(campaign: Campaign, qid: str) -> None:
    order = campaign.store.get("queue", qid)
    if order is None:
        raise LedgerError(f"no order {qid!r}")
    if order.get("payments"):
        raise LedgerError(f"{qid} has been paid for already; undo the payment instead")
    with campaign.change(f"Cancelled {qid}", "") as tx:
        tx.delete("queue", qid)
        if order["kind"] in ("refit", "convert", "reactivate"):
            ship = campaign.unit(order["unit"])
            ship.status = "mothballed" if order["kind"] == "reactivate" else "active"
            campaign.put_ship(tx, ship)
