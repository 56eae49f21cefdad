"""The battle queue: a campaign battle goes to the desk as a scenario and comes back as a
result, ship by ship (004 G1-G8, I1-I3; the digest's BattleSetup / BattleResult contract).

:func:`queue_battle` builds the scenario from a template (:mod:`.admirals.battles`) with each
ship's carried damage. :func:`import_result` takes the desk's result document (``sfb-desk-
battle-result``: per ship its fate and every SSD box destroyed at the end): new boxes become this
turn's damage (H1 may still repair them), boxes the crew repaired in play (D9.7) are cleared,
destroyed ships leave the fleet; then the legendary-officer rolls of I1 for every qualified
survivor, and a patrol's or raid's EP award (I2, I3), each with logged dice.
"""

from __future__ import annotations

from fractions import Fraction

from .admirals import battles as templates
from .admirals import encounters, officers
from .dice import Dice
from .ledger import Campaign, LedgerError, show
from .ships import CampaignShip

RESULT_FORMAT = "sfb-desk-battle-result"


def queue_battle(campaign: Campaign, battle_id: str, template: str, sides: list[tuple[str, list[str]]],
                 *, title: str = "", turns: int = 10, admiral_lowers: str | None = None,
                 encounter: dict | None = None) -> dict:
    """Queue a battle of ``sides`` ((side name, [unit ids]) in the template's order)."""
    if campaign.store.get("battle", battle_id) is not None:
        raise LedgerError(f"there is already a battle {battle_id!r}")
    fleets, units = [], {}
    for name, ids in sides:
        ships = []
        for uid in ids:
            ship = campaign.unit(uid)
            if ship.status != "active":
                raise LedgerError(f"{uid} is {ship.status} and cannot fight (G7)")
            ships.append(ship)
            units[ship.name or ship.id] = uid
        fleets.append((name, ships))
    check_sides(campaign, fleets)
    specs = {s.ship: campaign.spec(s.ship) for _, ships in fleets for s in ships}
    year = campaign.meta["first_year"] + (campaign.turn - 1) // 4
    try:
        doc = templates.build_battle(template, battle_id, title or f"{battle_id} ({template})",
                                     fleets, specs=specs, turns=turns, year=year,
                                     admiral_lowers=admiral_lowers)
    except templates.BattleError as exc:
        raise LedgerError(str(exc)) from None
    return queue_scenario(campaign, battle_id, template, sides, units, doc, encounter=encounter)


def check_sides(campaign: Campaign, fleets: list[tuple[str, list[CampaignShip]]]) -> None:
    """A ship fights on one side only, and for its own race: a side's ships are of one race or
    of allied races (the same team; allies fight together, G1); a side named for a race (its
    code or name) holds that race's ships or its allies'."""
    races = campaign.races()
    seen: dict[str, str] = {}
    for name, ships in fleets:
        for ship in ships:
            if ship.id in seen:
                where = "twice on that side" if seen[ship.id] == name else \
                    f"on both {seen[ship.id]!r} and {name!r}"
                raise LedgerError(f"{ship.id} is {where}: a ship fights on one side of a battle")
            seen[ship.id] = name
        named = next((code for code, race in races.items()
                      if name.lower() in (code.lower(), str(race.get("name", "")).lower())), None)
        owners = sorted({s.race for s in ships} | ({named} if named else set()))
        if len(owners) > 1 and not _allied(races, owners):
            strangers = [s.id for s in ships if s.race != (named or ships[0].race)]
            whose = f"side {name!r} is {named}'s" if named else f"side {name!r} mixes races"
            raise LedgerError(f"{whose}, and {', '.join(strangers)} "
                              f"({', '.join(sorted({s.race for s in ships if s.id in strangers}))}) "
                              "is not of that race nor its ally: a ship fights for its own race, "
                              "allies together (G1)")


def _allied(races: dict[str, dict], codes: list[str]) -> bool:
    teams = {str(races.get(c, {}).get("team", "")).strip().lower() for c in codes}
    return len(teams) == 1 and next(iter(teams)) not in ("", "neutral", "independent")


def queue_scenario(campaign: Campaign, battle_id: str, template: str,
                   sides: list[tuple[str, list[str]]], units: dict[str, str], doc: dict, *,
                   encounter: dict | None = None, rule: str | None = None) -> dict:
    """Queue a battle whose scenario document is already built; ``units`` maps each scenario
    unit's name to its campaign ship id."""
    if campaign.store.get("battle", battle_id) is not None:
        raise LedgerError(f"there is already a battle {battle_id!r}")
    record = {"turn": campaign.turn, "template": template, "status": "queued",
              "sides": {name: ids for name, ids in sides}, "units": units, "scenario": doc,
              "result": None, "encounter": encounter, "notes": []}
    with campaign.change(f"Battle {battle_id} queued: {template}, "
                         + " v ".join(f"{n} ({len(i)})" for n, i in sides),
                         rule or f"({template})") as tx:
        tx.put("battle", battle_id, record)
    return record


def _check_result(battle_id: str, battle: dict, result: dict) -> None:
    if not isinstance(result, dict) or result.get("format") != RESULT_FORMAT:
        raise LedgerError(f"not a battle result (format {RESULT_FORMAT!r} expected)")
    if result.get("scenario") != battle["scenario"]["scenario"]["id"]:
        raise LedgerError(f"this result is for {result.get('scenario')!r}, not battle {battle_id} "
                          f"({battle['scenario']['scenario']['id']})")
    unknown = [s.get("unit") for s in result.get("ships", []) if s.get("unit") not in battle["units"]]
    if unknown:
        raise LedgerError(f"the result names ships not in battle {battle_id}: {', '.join(map(str, unknown))}")


def _opponent_level(entries: list[dict]) -> str:
    if any(e["fate"] == "destroyed" for e in entries):
        return "destroyed"
    if any(e.get("crippled") or e["fate"] == "disengaged" for e in entries):
        return "crippled"
    if any(e.get("internal_points", 0) > 0 for e in entries):
        return "internaled"
    return "none"


def import_result(campaign: Campaign, battle_id: str, result: dict, dice: Dice | None = None) -> list[str]:
    """Apply a battle result to the fleet (module docstring); returns what changed."""
    battle = campaign.store.get("battle", battle_id)
    if battle is None:
        raise LedgerError(f"no battle {battle_id!r}")
    if battle["status"] == "imported":
        raise LedgerError(f"battle {battle_id} already has its result (undo it to import again)")
    _check_result(battle_id, battle, result)
    dice = dice or campaign.dice()
    notes: list[str] = []
    side_of = {uid: name for name, ids in battle["sides"].items() for uid in ids}
    ships: dict[str, CampaignShip] = {}
    entries_by_side: dict[str, list[dict]] = {}
    for entry in result["ships"]:
        uid = battle["units"][entry["unit"]]
        ship = campaign.unit(uid)
        spec = campaign.spec(ship.ship)
        before = ship.destroyed & set(spec.box_ids())
        after = set(entry["destroyed_boxes"])
        new, mended = sorted(after - before), before - after
        ship.current = sorted(set(ship.current) - mended) + new
        ship.permanent = [b for b in ship.permanent if b not in mended]
        ship.dropped_warp = [b for b in ship.dropped_warp if b not in mended]
        ship.battles.append(battle_id)
        ship.repaired_in_battle = len(mended)
        ship.crew_units_lost += int(entry.get("crew_units_lost", 0))  # G9.21, carried (T3.41)
        ship.boarding_parties_lost += int(entry.get("boarding_parties_lost", 0))
        if entry["fate"] == "destroyed":
            ship.status = "destroyed"
        ships[uid] = ship
        entries_by_side.setdefault(side_of[uid], []).append(entry)
        notes.append(f"{uid}: {entry['fate']}, {len(new)} boxes lost"
                     + (f", {len(mended)} repaired in play" if mended else "")
                     + (", crippled" if ship.crippled(spec) else ""))
    bpv = {name: sum(campaign.spec(campaign.unit(u).ship).bpv_combat or 0 for u in ids)
           for name, ids in battle["sides"].items()}
    turns = int(result.get("turns_played", 0))
    rounding = str(campaign.option("officer_ratio_rounding"))
    officer_rolls = campaign.meta["pack"] == "admirals"  # I1 is The Admiral's Edition's
    for name, entries in entries_by_side.items():
        if not officer_rolls:
            break
        enemies = [e for n, es in entries_by_side.items() if n != name for e in es]
        enemy_bpv = sum(v for n, v in bpv.items() if n != name)
        scored = any(e.get("internal_points", 0) > 0 for e in enemies)
        for entry in entries:
            uid = battle["units"][entry["unit"]]
            ship = ships[uid]
            ok, why = officers.eligible(survived=ship.status != "destroyed",
                                        fleet_scored_internals=scored, turns=turns,
                                        disengaged_turn=entry.get("disengaged_turn"), last_turn=turns)
            if not ok:
                continue
            pct, roll, officer = officers.battle_roll(dice, enemy_bpv, bpv[name] or 1,
                                                      ship.officers, rounding)
            if officer:
                ship.officers.append(officer)
            notes.append(f"{uid}: legendary officer roll {roll} against {pct}%"
                         + (f": gains a {officer} (I1)" if officer else ": none (I1)"))
    award_note = _award(campaign, battle, entries_by_side)
    battle.update(status="imported", result=result, notes=notes + award_note)
    with campaign.change(f"Result of battle {battle_id} imported", f"({battle['template']})", dice) as tx:
        for ship in ships.values():
            campaign.put_ship(tx, ship)
        if battle.get("encounter") and award_note:
            enc = battle["encounter"]
            campaign.post(tx, enc["race"], Fraction(enc["award"]), award_note[0], enc["rule"])
        tx.put("battle", battle_id, battle)
    return notes + award_note


def _award(campaign: Campaign, battle: dict, entries_by_side: dict[str, list[dict]]) -> list[str]:
    enc = battle.get("encounter")
    if not enc:
        return []
    table = encounters.PATROL if enc["mission"] == "patrol" else encounters.RAID
    encounter = table[enc["roll"]]
    opponents = [e for n, es in entries_by_side.items() if n != enc["side"] for e in es]
    level = _opponent_level(opponents)
    if level == "none":
        return []
    amount = encounters.award(encounter, Fraction(enc["bpv"]), level,
                              freighter_lost=enc.get("freighter_lost", False))
    enc["award"] = str(amount)
    return [f"{enc['mission']} award: opponent {level}, {show(amount)} EP "
            f"({enc['mission']} result {enc['roll']})"]


def fought(campaign: Campaign) -> dict[str, dict]:
    return {k: b for k, b in campaign.store.all("battle").items() if b["status"] == "imported"}
