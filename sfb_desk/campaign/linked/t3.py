"""T3 "The Lone Gray Wolf" (Advanced Missions, T3.0, Y174): the Klingon C8B Kang against six
Kzinti groups in six linked scenarios.

* Each scenario a d6 picks the group that contacts the Kang (T3.31); a group already destroyed
  means the Kang evades that scenario (T3.21). Each arriving Kzinti ship rolls a d6: on a 1 it
  is a factional ship and disengages at once (C7.4), re-rolled each scenario (T3.36).
* Set-up (T3.31): the Kang in 2215, heading D, speed 15, WS-I; the group on the xx01 row,
  speed 16, WS-I; a floating map (T3.331). Every 20 turns another group may join (T3.34); on
  turn 20 of scenario 6 the F5C, F5B and F5D arrive, on turn 40 an overwhelming force (T3.35):
  written into the scenario's special rules (the desk does not bring reinforcements in yet).
* Per-campaign counters (T3.22): the Kang disengages by acceleration at most once; at most 6
  turns above speed 20 in each 20-turn segment; never by sublight evasion. A Kzinti ship that
  leaves by sublight evasion leaves the chart.
* Between scenarios (T3.41): shields restored, G17.132 repairs, no new drones or T-bombs.
* Victory (T3.5): the Kang destroyed, Kzinti decisive; the Kang through all six, Klingon
  substantial, decisive with 300 S2.21 points against Kzinti ships, "dictator" with 500.

Stand-ins: the library has no CVS, EFF or FA-L(Drone); the desk sets up the listed SFB Desk
stand-ins (labelled on every scenario and in the report), and no fighters (HAAS are not yet
playable).
"""

from __future__ import annotations

from ...data.scenario_schema import Scenario
from ...data.scenarios import CannotScore, score
from ...rules.victory import ShipOutcome
from ..admirals.battles import positions
from ..dice import Dice
from ..ledger import Campaign, LedgerError
from . import chain
from .chain import Counter, Definition, Force

KANG = Force("kang", "C8B Kang", "KLI-C8", "Kang", refits=("B",))
NO_CVS = "no Kzinti CVS in the library: SFB Desk stand-in KZI-CVL, without fighters"
NO_EFF = "no Kzinti EFF in the library: SFB Desk stand-in KZI-FF"
NO_FAL = "no drone-armed large freighter FA-L(Drone) playable in the library: SFB Desk stand-in KZI-DF"
DEFINITION = Definition(
    key="T3", title="The Lone Gray Wolf", book="Advanced Missions", rule="T3.0", year=174,
    scenarios=6, sides=("Klingon", "Kzinti"),
    forces={
        "Klingon": (KANG,),
        "1": (Force("sabre", "CVS Sabre (12 HAAS)", "KZI-CVL", "Sabre", stand_in=NO_CVS),
              Force("arrogance", "MEC Arrogance", "KZI-MEC", "Arrogance"),
              Force("ef129", "EFF+ EF129", "KZI-FF", "EF129", stand_in=NO_EFF)),
        "2": (Force("comet", "BC Comet", "KZI-BC", "Comet"),),
        "3": (Force("berserker", "CM Berserker Frenzy", "KZI-CM", "Berserker Frenzy"),),
        "4": (Force("tempest", "CVL+ Tempest (9 HAAS)", "KZI-CVL", "Tempest",
                    note="fighters not in play: HAAS not yet playable"),
              Force("keeness", "MEC Keeness", "KZI-MEC", "Keeness"),
              Force("ef175", "EFF+ EF175", "KZI-FF", "EF175", stand_in=NO_EFF)),
        "5": (Force("ff195", "FF+ FF195", "KZI-FF", "FF195"),
              Force("ff236", "FF+ FF236", "KZI-FF", "FF236")),
        "6": (Force("fal", "FA-L(Drone)", "KZI-DF", "FA-L", stand_in=NO_FAL),),
    },
    counters=(Counter("acceleration", "Kang's disengagements by acceleration", 1, "T3.22"),),
    notes=("The Kang may not exceed speed 20 on more than 6 turns of any 20-turn segment (T3.22): "
           "kept by the players; the desk does not enforce it.",
           "All drones medium, speed 20; the Kang has 48 drones and 5 extra boarding parties (T3.333)."),
)
FAST_TURNS_LIMIT, SEGMENT = 6, 20


def begin(campaign: Campaign) -> dict:
    return chain.start(campaign, DEFINITION)


def _alive(campaign: Campaign, keys: list[str]) -> list[str]:
    return [k for k in keys if campaign.unit(k).status == "active"]


def contact(campaign: Campaign, dice: Dice) -> dict:
    """T3.31 and T3.36 for the next scenario: which group, and which of its ships are
    factional. Logged; returns {"scenario", "group", "ships", "factional", "evaded"}."""
    doc = chain.state(campaign)
    if doc["done"]:
        raise LedgerError("The Lone Gray Wolf is over (T3.5)")
    if campaign.unit("kang").status != "active":
        raise LedgerError("the Kang is gone: the campaign has ended (T3.5)")
    n = doc["next"]
    group = str(dice.total(f"scenario {n}: which group contacts the Kang (T3.31)", 1))
    ships = _alive(campaign, [k for k in doc["groups"][group]["ships"]
                              if k not in doc["groups"][group]["gone"]])
    factional = [k for k in ships if dice.total(f"scenario {n}: is {k} factional? (T3.36)", 1) == 1]
    outcome = {"scenario": n, "group": group, "ships": ships, "factional": factional,
               "evaded": not [k for k in ships if k not in factional]}
    doc["log"].append(outcome)
    if outcome["evaded"]:
        doc["next"] = n + 1
        doc["done"] = doc["next"] > DEFINITION.scenarios
    with campaign.change(f"The Lone Gray Wolf, scenario {n}: group {group} "
                         + ("- the Kang evades (T3.21)" if outcome["evaded"] else "contacts the Kang"),
                         "(T3.31)", dice) as tx:
        tx.put("linked", "state", doc)
    return outcome


def scenario_doc(campaign: Campaign, contact_: dict, *, turns: int = 40) -> tuple[dict, dict[str, str]]:
    """The desk scenario of one T3 battle, and its unit-name -> ship-id map."""
    n = contact_["scenario"]
    kang = campaign.unit("kang")
    fighting = [k for k in contact_["ships"] if k not in contact_["factional"]]
    kzinti = [campaign.unit(k) for k in fighting]
    units: dict[str, str] = {}

    def unit(ship, hex_: str, facing: str, speed: int) -> dict:  # noqa: ANN001
        spec = campaign.spec(ship.ship)
        units[ship.name] = ship.id
        doc = {"ship": spec.id, "name": ship.name, "hex": hex_, "facing": facing, "speed": speed,
               "weapon_status": 1, "refits": list(ship.refits)}
        damage = sorted(ship.destroyed & set(spec.box_ids()))
        if damage:
            doc["damage"] = damage
        for key in ("crew_units_lost", "boarding_parties_lost"):  # T3.41: not replaced
            if getattr(ship, key):
                doc[key] = getattr(ship, key)
        return doc

    row = [h for h in positions("2201", 6, 60) if h.endswith("01")][: len(kzinti)]
    stand_ins = sorted({n for s in [kang, *kzinti] for n in s.notes if n.startswith("stand-in")})
    special = [{"rule": "T3.22", "text": "The Kang disengages by acceleration at most once in the "
                "campaign, never by sublight evasion, and exceeds speed 20 on at most 6 turns of "
                "any 20-turn segment."},
               {"rule": "T3.34", "text": "Every 20th turn a d6 picks another group to join, at "
                "WS-III, 24 or more hexes from the Kang in directions F-A-B."}]
    if n == DEFINITION.scenarios:
        special.append({"rule": "T3.35", "text": "Turn 20: F5C, F5B and F5D arrive 30 hexes in "
                        "direction F, speed max, WS-III. Turn 40: crippled Kzinti ships are "
                        "destroyed (1 in 6 captured), the rest disengage."})
    doc = {
        "format": "sfb-desk-scenario", "format_version": 1,
        "scenario": {"id": f"PRACTICE-CAMPAIGN-T3-S{n}", "title": f"The Lone Gray Wolf, scenario {n}",
                     "origin": "practice", "year": DEFINITION.year,
                     "summary": f"Advanced Missions T3: group {contact_['group']} has found the Kang.",
                     "notes": [*DEFINITION.notes, *stand_ins]
                     + ([f"Factional ships disengaged at once (T3.36): {', '.join(contact_['factional'])}"]
                        if contact_["factional"] else [])},
        "status": {"playable": True, "limitations": [
            "T3.22, T3.34, T3.35 are written as special rules; the desk does not enforce them",
            "no fighters or shuttles launched by the robots: HAAS are not yet playable",
            *stand_ins]},
        "map": {"kind": "floating", "note": "T3.331"},
        "length": {"turns": turns, "until": "T3.32: the Kang, or every Kzinti ship, destroyed, captured or disengaged"},
        "special_rules": special,
        "sides": [{"name": "Klingon", "units": [unit(kang, "2215", "D", 15)]},
                  {"name": "Kzinti", "units": [unit(s, h, "D", 16) for s, h in zip(kzinti, row)]}],
        "victory": {"kind": "modified", "text": "T3.5: cumulative S2.21 points over the campaign"},
    }
    Scenario.model_validate(doc)
    return doc, units


def after_battle(campaign: Campaign, contact_: dict, result: dict) -> list[str]:
    """Close a fought scenario: groups whose ships are all gone, the next scenario, the T3.41
    repairs."""
    doc = chain.state(campaign)
    group = doc["groups"][contact_["group"]]
    for key in contact_["ships"]:
        if campaign.unit(key).status != "active" and key not in group["gone"]:
            group["gone"].append(key)
    doc["next"] = contact_["scenario"] + 1
    doc["done"] = doc["next"] > DEFINITION.scenarios or campaign.unit("kang").status != "active"
    doc["results"].append({"scenario": contact_["scenario"], "group": contact_["group"],
                           "ended": result.get("ended"), "turns": result.get("turns_played")})
    with campaign.change(f"The Lone Gray Wolf, scenario {contact_['scenario']} closed", "(T3.4)") as tx:
        tx.put("linked", "state", doc)
    return chain.between_scenarios(campaign, DEFINITION)


def step(campaign: Campaign, dice: Dice, *, turns: int = 40) -> list[str]:
    """One move of the mini-campaign for the CLI and the window: with no battle waiting, roll
    the next contact and queue its battle; with the last battle's result in, close it (the
    T3.4 interlude). A queued battle still to be fought is refused."""
    from ..battle_queue import queue_scenario

    doc = chain.state(campaign)
    battles = campaign.store.all("battle")
    waiting = [k for k, b in battles.items() if b["status"] == "queued"]
    if waiting:
        raise LedgerError(f"fight battle {waiting[0]} and import its result first (T3.32)")
    open_ = doc.get("open")
    if open_ is not None:
        battle = battles[open_["battle"]]
        notes = after_battle(campaign, open_["contact"], battle["result"] or {})
        doc = chain.state(campaign)
        doc.pop("open", None)
        with campaign.change(f"The Lone Gray Wolf: interlude after scenario {open_['contact']['scenario']}",
                             "(T3.41)") as tx:
            tx.put("linked", "state", doc)
        return notes
    if doc["done"]:
        return [victory(campaign)["level"]]
    contact_ = contact(campaign, dice)
    if contact_["evaded"]:
        return [f"scenario {contact_['scenario']}: group {contact_['group']} is gone; the Kang evades (T3.21)"]
    scenario, units = scenario_doc(campaign, contact_, turns=turns)
    bid = f"t3-s{contact_['scenario']}"
    queue_scenario(campaign, bid, "T3", [("Klingon", ["kang"]), ("Kzinti", [
        v for v in units.values() if v != "kang"])], units, scenario, rule="(T3.31)")
    doc = chain.state(campaign)
    doc["open"] = {"battle": bid, "contact": contact_}
    with campaign.change(f"The Lone Gray Wolf: battle {bid} waits", "(T3.3)") as tx:
        tx.put("linked", "state", doc)
    return [f"scenario {contact_['scenario']}: group {contact_['group']} finds the Kang; battle {bid} queued"
            + (f" (factional: {', '.join(contact_['factional'])})" if contact_["factional"] else "")]


def record_fast_turns(campaign: Campaign, scenario: int, segment: int, turns: int) -> int:
    """T3.22: turns the Kang spent above speed 20 in one 20-turn segment of a scenario, at
    most 6; refused past the limit. Returns the segment's total."""
    doc = chain.state(campaign)
    key = f"S{scenario} segment {segment}"
    total = doc.setdefault("fast_turns", {}).get(key, 0) + turns
    if turns < 0 or total > FAST_TURNS_LIMIT:
        raise LedgerError(f"the Kang may exceed speed 20 on at most {FAST_TURNS_LIMIT} turns of a "
                          f"{SEGMENT}-turn segment, not {total} ({key}; T3.22)")
    doc["fast_turns"][key] = total
    with campaign.change(f"Kang above speed 20: {total} turn(s) in {key}", "(T3.22)") as tx:
        tx.put("linked", "state", doc)
    return total


def victory(campaign: Campaign) -> dict:
    """T3.5 from the ships as they stand: each Kzinti ship that fought scored once by S2.21."""
    kang = campaign.unit("kang")
    fought = [s for s in campaign.units("Kzinti").values() if s.battles]
    klingon_points = 0.0
    if fought:
        doc = {"format": "sfb-desk-scenario", "format_version": 1,
               "scenario": {"id": "PRACTICE-CAMPAIGN-T3-SCORE", "title": "T3.5 score", "origin": "practice"},
               "status": {"playable": True}, "map": {"kind": "floating"}, "length": {"turns": 1},
               "sides": [{"name": "Klingon", "units": [{"ship": kang.ship, "name": "Kang", "hex": "2215",
                                                        "facing": "D", "speed": 0, "weapon_status": 0}]},
                         {"name": "Kzinti", "units": [{"ship": s.ship, "name": s.name, "hex": "2201",
                                                       "facing": "D", "speed": 0, "weapon_status": 0}
                                                      for s in fought]}],
               "victory": {"kind": "standard", "text": "S2.21"}}
        outcomes = {s.name: ShipOutcome(destroyed_boxes=s.destroyed, destroyed=s.status == "destroyed")
                    for s in fought}
        try:
            klingon_points = float(score(Scenario.model_validate(doc), campaign.library, outcomes)
                                   .side("Klingon").points)
        except CannotScore:
            klingon_points = 0.0
    done = chain.state(campaign)["done"]
    if kang.status == "destroyed":
        level = "Kzinti decisive victory (T3.5)"
    elif not done:
        level = "in progress"
    elif klingon_points >= 500:
        level = "Klingon decisive victory: the Kang's captain may take the throne (T3.5, 500 points)"
    elif klingon_points >= 300:
        level = "Klingon decisive victory (T3.5, 300 points)"
    else:
        level = "Klingon substantial victory (T3.5)"
    return {"level": level, "klingon_points": klingon_points, "kang": kang.status}
