"""Walking the sequence of play of The Admiral's Edition (004 A0): what each step does to the
ledger when the keeper moves on. Every step is one journal entry (its dice logged with it).

1 Collect: each race's planets pay into their supply grids, the off-map survey into the main
  grid (D1, D4). 2 Deficit: a negative treasury freezes production and spending (D3).
3 Order: each build, conversion and refit in progress pays this turn's share (E3); a frozen
  race pays nothing and its builds slip a turn. 4 Supply: each ship's supply at the start of the
  turn is kept for H1. 5-6 Plot and movement: the keeper's. 7 Combat: the step cannot end while
  a queued battle has no result. 8 Retrograde: the keeper's. 9 Repair: field repairs (H1), what
  is left becomes permanent, then the repair orders are paid and done within each facility's
  capacity, if the treasury was not negative when the step began (H3). 10 Reveal: completed
  builds, conversions and refits; the ground-force grant (E7); after the Summer and Winter
  turns, one legendary officer roll per race on a random size class 3 or 4 ship (I1).
"""

from __future__ import annotations

from fractions import Fraction

from . import calendar
from .admirals import economy, officers, repairs, sequence
from .dice import Dice, DiceError
from .ledger import Campaign, LedgerError, ep, show
from .ships import CampaignShip


def step(campaign: Campaign, dice: Dice | None = None) -> list[str]:
    """Do the current step's work and move to the next step; returns what was done."""
    dice = dice or campaign.dice()
    if campaign.meta["pack"] == "gm":
        return _gm_step(campaign, dice)
    if campaign.meta["pack"] == "linked":
        from .linked import t3

        return t3.step(campaign, dice)
    current = sequence.step(campaign.step_number)
    handler = _HANDLERS.get(current.key)
    notes: list[str] = []
    with campaign.change(f"{campaign.when()}: step {current.number}, {current.title}",
                         current.rule, dice) as tx:
        if handler is not None:
            notes = handler(campaign, tx, dice)
        meta = campaign.store.get("campaign", "meta")
        meta["turn"], meta["step"] = sequence.next_step(meta["turn"], meta["step"])
        tx.put("campaign", "meta", meta)
    return notes


def _collect(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    notes = []
    planets = list(campaign.store.all("planet").values())
    for code, race in campaign.races().items():
        got = economy.collect(planets, code, income_rule=str(campaign.option("planet_income")),
                              survey=race.get("survey", []), homeworld_lost=race.get("homeworld_lost", False))
        for what, amount, rule, grid in got.lines:
            campaign.post(tx, code, amount, f"collected: {what}", rule, grid=grid)
        race["last_core_income"] = str(got.ground_force_ep * 10)
        tx.put("race", code, race)
        notes.append(f"{code} collects {got.total} EP " + ", ".join(
            f"{g} {v}" for g, v in sorted(got.by_grid.items())))
    return notes


def _deficit(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    notes = []
    for code, race in campaign.races().items():
        balance = campaign.treasury(code)
        frozen = balance < 0
        if frozen != race.get("frozen", False):
            race["frozen"] = frozen
            tx.put("race", code, race)
        if frozen:
            notes.append(f"{code} cannot pay off its deficit ({show(balance)} EP): production and "
                         "spending stop this turn (D3)")
        elif any(ep(e["amount"]) < 0 and e["turn"] == campaign.turn - 1 and e["rule"] == "(H3)"
                 for e in campaign.entries(code)):
            notes.append(f"{code}: last turn's deficit paid off; treasury {show(balance)} EP (D3)")
    return notes


def _order(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    notes = []
    for qid, order in campaign.queue().items():
        if order["done"] or order["kind"] == "repair" or order["payments"] >= order["turns"]:
            continue
        if campaign.race(order["race"]).get("frozen"):
            order["completes"] += 1
            notes.append(f"{qid} waits a turn: {order['race']} is frozen by its deficit (D3)")
        else:
            amount = ep(order["per_turn"])
            what = order.get("ship") or order.get("refit") or ""
            campaign.post(tx, order["race"], -amount, f"{order['kind']} {qid} {what} "
                          f"payment {order['payments'] + 1} of {order['turns']}", "(E3)")
            order["paid"] = str(ep(order["paid"]) + amount)
            order["payments"] += 1
            notes.append(f"{qid}: paid {show(amount)} EP ({order['payments']} of {order['turns']})")
        tx.put("queue", qid, order)
    return notes


def _supply(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    for ship in campaign.units(status="active").values():
        changed = ship.in_supply_at_start != ship.in_supply
        ship.in_supply_at_start = ship.in_supply
        if ship.in_supply and ship.crew_units_lost:
            ship.crew_units_lost = 0  # E2, E7: crew units are replaced free (boarding parties are bought)
            changed = True
        if changed:
            campaign.put_ship(tx, ship)
    out = [s.id for s in campaign.units(status="active").values() if not s.in_supply]
    return [f"out of supply: {', '.join(out)}"] if out else ["every active ship in supply"]


def _combat(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    waiting = [k for k, b in campaign.store.all("battle").items()
               if b["turn"] == campaign.turn and b["status"] != "imported"]
    if waiting:
        raise LedgerError(f"battles without a result: {', '.join(waiting)}; fight them and import "
                          "the results before the combat step ends (A0 step 7)")
    return ["every battle of the turn resolved"]


def _repair(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    notes = []
    d94 = campaign.option("d94_repairs")
    extra = dict(campaign.option("extra_repair_costs"))
    for ship in campaign.units().values():
        if ship.status == "destroyed" or not ship.current:
            continue
        spec = campaign.spec(ship.ship)
        fix = repairs.field_repairs(spec, ship, d94=d94 if d94 == "all" else int(d94),
                                    extra_costs=extra, shields=str(campaign.option("shields")))
        repairs.make_permanent(ship, fix.repaired)
        campaign.put_ship(tx, ship)
        notes.append(f"{ship.id}: {fix.explain}; {len(fix.repaired)} repaired, "
                     f"{len(fix.left)} permanent (H1, H3)")
    start = {code: campaign.treasury(code) for code in campaign.races()}
    used: dict[str, int] = {}
    for qid, order in campaign.queue("repair").items():
        if order["done"]:
            continue
        race = order["race"]
        if not repairs.may_repair(start[race]) or campaign.race(race).get("frozen"):
            notes.append(f"{qid} not made: the {race} treasury was negative when the repair step "
                         "began (H3, D3)")
            continue
        cap = repairs.FACILITY_CAPACITY[order["facility_kind"]]
        if used.get(order["facility"], 0) + order["points"] > cap:
            notes.append(f"{qid} waits: {order['facility']} has "
                         f"{cap - used.get(order['facility'], 0)} of {cap} repair points left (H3)")
            continue
        used[order["facility"]] = used.get(order["facility"], 0) + order["points"]
        ship = campaign.unit(order["unit"])
        ship.permanent = [b for b in ship.permanent if b not in order["boxes"]]
        ship.dropped_warp = [b for b in ship.dropped_warp if b not in order["boxes"]]
        campaign.put_ship(tx, ship)
        campaign.post(tx, race, -ep(order["cost"]), f"repair {qid} of {ship.id}: "
                      f"{order['points']} repair points", "(H3)")
        order.update(done=True, paid=order["cost"], payments=1)
        tx.put("queue", qid, order)
        notes.append(f"{qid}: {ship.id} repaired, {order['points']} repair points, {show(ep(order['cost']))} EP")
    return notes


def _reveal(campaign: Campaign, tx, dice: Dice) -> list[str]:  # noqa: ANN001
    notes = []
    for qid, order in campaign.queue().items():
        if order["done"] or order["kind"] == "repair" or order["completes"] > campaign.turn:
            continue
        if order["payments"] < order["turns"]:
            continue  # a frozen turn left it unpaid: it slips (D3)
        if order["kind"] == "build":
            uid = order.get("name") or qid
            uid = uid if campaign.store.get("unit", uid) is None else f"{uid}-{qid}"
            ship = CampaignShip(uid, order["ship"], order["race"], name=order.get("name", ""),
                                location=order["location"])
            campaign.put_ship(tx, ship)
            notes.append(f"{qid}: {order['ship']} {uid} completed at {order['location']} (E6)")
        else:
            ship = campaign.unit(order["unit"])
            if order["kind"] == "convert":
                ship.ship = order["ship"]
                if order.get("replaces_sections"):
                    ship.lost_sections = []
            elif order["kind"] == "refit":
                ship.refits.append(order["refit"])
            ship.status = "active"
            campaign.put_ship(tx, ship)
            notes.append(f"{qid}: {ship.id} {order['kind']} completed (E6)")
        order["done"] = True
        tx.put("queue", qid, order)
    if campaign.meta["pack"] != "admirals":
        return notes
    for code, race in campaign.races().items():
        grant = ep(race.get("last_core_income", 0)) * economy.GROUND_FORCE_SHARE
        if grant:
            race["ground_pool"] = str(ep(race.get("ground_pool", 0)) + grant)
            race["last_core_income"] = "0"
            tx.put("race", code, race)
            notes.append(f"{code}: {show(grant)} EP to the ground-force pool (E7)")
        if calendar.is_officer_roll_turn(campaign.turn, campaign.meta["first_year"]):
            notes.extend(_semiannual_officer(campaign, tx, dice, code))
    return notes


def _semiannual_officer(campaign: Campaign, tx, dice: Dice, race: str) -> list[str]:  # noqa: ANN001
    pool = sorted((s for s in campaign.units(race, status="active").values()
                   if campaign.spec(s.ship).size_class in (3, 4)), key=lambda s: s.id)
    if not pool:
        return [f"{race}: no size class 3 or 4 ship for the semi-annual officer roll (I1)"]
    ship = pool[dice.roll(f"{race} semi-annual officer: which ship (I1)", 1, len(pool))[0] - 1]
    officer = officers.roll_officer(dice, ship.officers, f"{race} semi-annual officer (I1)")
    if officer is None:
        return [f"{race}: {ship.id} already has every officer (I1)"]
    ship.officers.append(officer)
    campaign.put_ship(tx, ship)
    return [f"{race}: {ship.id} gains a legendary {officer} (I1, semi-annual roll)"]


_HANDLERS = {"collect": _collect, "deficit": _deficit, "order": _order, "supply": _supply,
             "combat": _combat, "repair": _repair, "reveal": _reveal}


def _gm_step(campaign: Campaign, dice: Dice) -> list[str]:
    """The GM campaign rules' sequence (:mod:`.gm.phases`): eight phases a turn."""
    from .gm import phases

    number = campaign.step_number
    title = phases.STEPS[number - 1]
    notes: list[str] = []
    with campaign.change(f"{campaign.when()}: {title} phase", "SEQUENCE of PLAY", dice) as tx:
        if title == "Economics":
            notes = phases.economics_phase(campaign, tx)
        elif title == "Procurement":
            notes = _order(campaign, tx, dice)
        elif title == "Combat":
            notes = _combat(campaign, tx, dice)
        elif title == "Production":
            notes = _reveal(campaign, tx, dice)
        meta = campaign.store.get("campaign", "meta")
        last = number >= len(phases.STEPS)
        meta["turn"], meta["step"] = (meta["turn"] + 1, 1) if last else (meta["turn"], number + 1)
        tx.put("campaign", "meta", meta)
    return notes


def phases_of(campaign: Campaign) -> list[str]:
    """The steps (phases) of a turn of the campaign's rule pack."""
    if campaign.meta["pack"] == "gm":
        from .gm.phases import STEPS

        return list(STEPS)
    return [s.key for s in sequence.STEPS]


def advance_to(campaign: Campaign, key: str, dice: Dice | None = None) -> list[str]:
    """Step until the current step is ``key`` (within this turn or the next); for the GM
    campaign rules, a phase name ("Economics", "Production", ...)."""
    if campaign.meta["pack"] == "gm":
        from .gm.phases import STEPS

        names = [s.lower() for s in STEPS]
        if key.lower() not in names:
            raise LedgerError(f"no phase {key!r}; phases: {', '.join(STEPS)}")
        target = names.index(key.lower()) + 1
    else:
        try:
            target = sequence.step(key).number
        except ValueError as exc:  # names the step and lists the steps (A0)
            raise LedgerError(str(exc)) from None
    notes: list[str] = []
    exact, start = dice is not None and dice.exact, campaign.step_number
    count = len(phases_of(campaign))
    for _ in range(len(sequence.STEPS) + 1):
        if campaign.step_number == target:
            return notes
        if exact:  # typed dice are for the steps up to the target: all used by the last one
            dice.exact = campaign.step_number % count + 1 == target
        try:
            notes.extend(step(campaign, dice))
        except DiceError as exc:
            if campaign.step_number == start:
                raise
            raise DiceError(f"stopped at {campaign.when()}, step {campaign.step_number} (the steps "
                            f"before it are done): {exc}") from None
    raise LedgerError(f"could not reach step {key}")


def ep_check(campaign: Campaign) -> dict[str, Fraction]:
    """Every race's treasury as the sum of its ledger entries, grid by grid."""
    return {code: sum(campaign.grids(code).values(), Fraction(0)) for code in campaign.races()}
