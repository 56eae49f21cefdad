"""Patrols and raids on the ledger (004 I2, I3): assign a ship before operational movement,
roll its encounter before the other combat hexes, and either apply the result at once (EP, a
legendary officer, a prime team) or queue the battle it brings, whose award is posted when the
result comes back (:mod:`.battle_queue`).

The opponent: a patrol meets a ship of a random non-aligned race (I2 note 1's d10 list), a raid
a generic ship of a random race of the opposing team (I3 note 1). Which class, at the BPV the
table names, is the keeper's choice (``opponent_class``); its BPV as a share of the ship's is
shown so the keeper can pick. Monsters (I6) are rolled and logged; they are fought from their
SM scenarios at the table and their award entered with :func:`award`.
"""

from __future__ import annotations

from fractions import Fraction

from .admirals import encounters, officers
from .battle_queue import queue_battle
from .dice import Dice
from .ledger import Campaign, LedgerError, show
from .ships import CampaignShip

RULES = {"patrol": "(I2)", "raid": "(I3)"}


def assign(campaign: Campaign, unit_id: str, mission: str) -> None:
    """Before operational movement: one size class 3 or 4 ship in supply (a raid may also be an
    R7 DNL, flagged ``fast``); one patrol and one raid per race a turn."""
    if mission not in RULES:
        raise LedgerError(f"a mission is patrol or raid, not {mission!r}")
    ship = campaign.unit(unit_id)
    spec = campaign.spec(ship.ship)
    dnl = mission == "raid" and ship.fast and spec.size_class == 2
    if spec.size_class not in (3, 4) and not dnl:
        raise LedgerError(f"{unit_id} is size class {spec.size_class}: {mission}s take a size "
                          f"class 3 or 4 ship {RULES[mission]}")
    if not ship.in_supply:
        raise LedgerError(f"{unit_id} is out of supply: a {mission} ship must be in supply {RULES[mission]}")
    taken = [s.id for s in campaign.units(ship.race).values() if s.mission == mission]
    if taken:
        raise LedgerError(f"{ship.race} already has {taken[0]} on {mission} this turn {RULES[mission]}")
    ship.mission = mission
    with campaign.change(f"{unit_id} assigned to {mission}", RULES[mission]) as tx:
        campaign.put_ship(tx, ship)


def resolve(campaign: Campaign, unit_id: str, dice: Dice | None = None, *,
            opponent_class: str | None = None, ignore: tuple[int, ...] = ()) -> dict:
    """Roll the ship's encounter; apply a result without a battle, or queue the battle (with
    ``opponent_class``) and return it. The mission ends either way."""
    ship = campaign.unit(unit_id)
    if not ship.mission:
        raise LedgerError(f"{unit_id} has no patrol or raid this turn")
    mission, rule = ship.mission, RULES[ship.mission]
    dice = dice or campaign.dice()
    spec = campaign.spec(ship.ship)
    if mission == "patrol":
        enc = encounters.roll_patrol(dice)
    else:
        enc = encounters.roll_raid(dice, ignore=ignore, dnl_or_cf=ship.fast)
    out = {"mission": mission, "roll": enc.roll, "text": enc.text, "battle": enc.battle}
    notes = [f"{unit_id} {mission}: {enc.roll} - {enc.text} {rule}"]
    if enc.battle == "monster":
        roll, name, award_text = encounters.roll_monster(dice)
        out["monster"] = {"roll": roll, "scenario": name, "award": award_text}
        if name.startswith("SM7"):
            out["monster"]["dragon"] = encounters.dragon(spec.bpv_combat or 0)
        notes.append(f"monster {roll}: {name} ({award_text}); the ship may decline and retreat (I6)")
    elif enc.battle:
        if mission == "patrol":
            out["opponent_race"] = encounters.roll_opponent(dice)
        if enc.bpv_factor is not None:
            out["opponent_bpv"] = float(Fraction(spec.bpv_combat or 0) * enc.bpv_factor)
        if opponent_class is None:
            out["needs"] = "an opponent class at about the BPV shown (opponent_class)"
    ship.mission = ""
    with campaign.change(" ".join(notes), rule, dice) as tx:
        if enc.ep:
            campaign.post(tx, ship.race, enc.ep, f"{mission} of {unit_id}: {enc.text}", rule)
        if enc.officer:
            officer = officers.roll_officer(dice, ship.officers, f"{mission} officer (I2)")
            if officer:
                ship.officers.append(officer)
                out["officer"] = officer
        if enc.prime_team and "Prime Team" not in ship.officers:
            ship.officers.append("Prime Team")
            ship.notes.append("prime team from a patrol: non-transferable (I2)")
        campaign.put_ship(tx, ship)
        for purpose, rolled, source in dice.take():
            tx.log_dice(purpose, rolled, source)
    if enc.battle in ("G2", "G3") and opponent_class:
        out["battle_id"] = _queue(campaign, ship, enc, mission, opponent_class, out)
    return out


def _queue(campaign: Campaign, ship: CampaignShip, enc: encounters.Encounter, mission: str,
           opponent_class: str, out: dict) -> str:
    opponent = campaign.spec(opponent_class)
    race = f"{mission} opponent"
    if race not in campaign.races():
        campaign.add_race(race, f"Opponents of {mission}s", rule=RULES[mission])
    oid = f"{ship.id}-{mission}-t{campaign.turn}"
    campaign.add_ship(oid, opponent.id, race, name=f"{out.get('opponent_race', 'Enemy')} {opponent.class_code}",
                      rule=RULES[mission], notes=[f"generic {mission} opponent ({enc.text})"])
    bpv_rule = str(campaign.option("award_bpv"))
    base = opponent if bpv_rule.startswith("opponent") else campaign.spec(ship.ship)
    bpv = (base.bpv_economic if bpv_rule.endswith("economic") else None) or base.bpv_combat or 0
    template = "PATROL-G2" if enc.battle == "G2" else "G3"
    bid = f"{oid}-battle"
    queue_battle(campaign, bid, template, [(ship.race, [ship.id]), (race, [oid])],
                 encounter={"mission": mission, "roll": enc.roll, "side": ship.race, "race": ship.race,
                            "bpv": str(bpv), "rule": RULES[mission], "award": "0"})
    return bid


def award(campaign: Campaign, race: str, ep: Fraction | int, what: str, rule: str = "(I6)") -> None:
    """Post an award the keeper settles at the table (a monster's score, cargo boxes)."""
    with campaign.change(f"{race} award: {what}, {show(Fraction(ep))} EP", rule) as tx:
        campaign.post(tx, race, ep, what, rule)
