"""Patrols, raids and monsters of The Admiral's Edition (004 I2, I3, I6), rolled with logged
dice.

A result's awards are the EP share of BPV for the opponent internaled / crippled or
disengaged / destroyed. Whose BPV, and combat or economic, the text does not say: the campaign
option ``award_bpv`` ("opponent_combat", default, "own_combat", "opponent_economic"),
decisions.md. Patrol results 3-5 are fought as G3 meetings and 9-11 as G2 with the freighter at
speed 0; raid results 2-4 as G3 and 8-12 as G2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice


@dataclass(frozen=True)
class Encounter:
    roll: int
    text: str
    battle: str | None = None  # "G2", "G3", "monster" or None
    bpv_factor: Fraction | None = None  # the opponent's BPV as a share of the ship's
    awards: tuple[int, int, int] | None = None  # % of BPV: internaled, crippled/disengaged, destroyed
    ep: Fraction = Fraction(0)  # EP gained with no battle
    per_box: Fraction | None = None  # EP per cargo box destroyed (raids)
    officer: bool = False
    prime_team: bool = False


P = Fraction
PATROL: dict[int, Encounter] = {
    2: Encounter(2, "Legendary patrol: roll for one legendary officer; no battle", officer=True),
    3: Encounter(3, "Marauder of 10% higher BPV", "G3", P(11, 10), (10, 25, 50)),
    4: Encounter(4, "Marauder of equal BPV", "G3", P(1), (5, 20, 40)),
    5: Encounter(5, "Marauder of 10% lower BPV", "G3", P(9, 10), (5, 15, 30)),
    6: Encounter(6, "Monster encountered (I6)", "monster"),
    7: Encounter(7, "Nothing encountered; no battle"),
    8: Encounter(8, "Derelict freighter with resources: 10 EP; no battle", ep=P(10)),
    9: Encounter(9, "Defend a large freighter from a raider of 10% lower BPV", "G2", P(9, 10), (5, 15, 30)),
    10: Encounter(10, "Defend a large freighter from a raider of equal BPV", "G2", P(1), (5, 20, 40)),
    11: Encounter(11, "Defend a large freighter from a raider of 10% higher BPV", "G2", P(11, 10), (10, 25, 50)),
    12: Encounter(12, "Training patrol: the ship gains a non-transferable prime team; no battle",
                  prime_team=True),
}
RAID: dict[int, Encounter] = {
    2: Encounter(2, "Intercepted by a ship of 10% higher BPV", "G3", P(11, 10), (10, 25, 50)),
    3: Encounter(3, "Intercepted by a ship of equal BPV", "G3", P(1), (5, 20, 40)),
    4: Encounter(4, "Intercepted by a ship of 10% lower BPV", "G3", P(9, 10), (5, 15, 30)),
    5: Encounter(5, "Unescorted large freighter: 10 EP; no battle", ep=P(10)),
    6: Encounter(6, "Monster encountered (I6)", "monster"),
    7: Encounter(7, "No target found; no battle"),
    8: Encounter(8, "3 small freighters escorted by a ship of 25% lower BPV", "G2", P(3, 4), per_box=P(1, 5)),
    9: Encounter(9, "3 large freighters escorted by a ship of 25% lower BPV", "G2", P(3, 4), per_box=P(1, 5)),
    10: Encounter(10, "2 small freighters and 2 small Q-ships", "G2", per_box=P(1, 5)),
    11: Encounter(11, "2 large freighters and 2 large Q-ships", "G2", per_box=P(1, 5)),
    12: Encounter(12, "Military convoy: 1 large and 2 small armed freighters, escort of 10% lower BPV",
                  "G2", P(9, 10), (5, 15, 30), per_box=P(1, 2)),
}
CAPTURED_FREIGHTER_PER_BOX = P(3, 10)  # I3: 0.3 EP per undestroyed box of a captured freighter
#: I6 monsters by 2d6: (scenario, award text).
MONSTERS: dict[int, tuple[str, str]] = {
    2: ("SM8 A Stone's Throw", "25 EP if the Igneous is destroyed before it reaches the planet"),
    3: ("SM10 Combining of Arastoz", "score x 3, at most 18 EP"),
    4: ("SM3 Morey Eel", "15 EP"),
    5: ("SH3 Coming of the Meteor", "5 EP for a draw, 15 for a decisive victory"),
    6: ("SM2 Space Amoeba", "12 EP"),
    7: ("SM1 Planet Crusher", "10 EP if killed before it scores 200 damage"),
    8: ("SM4 Cosmic Cloud", "12 EP; crew lost: derelict, mothballed at the homeworld"),
    9: ("SM5 Sun Snake", "15 EP, else score x 2"),
    10: ("SM6 Mind Monster", "15 EP, else score x 2; crew wiped out: derelict"),
    11: ("SM14 Ice Monster", "18 EP"),
    12: ("SM7 Space Dragon", "25 EP"),
}
#: I2 note 1's example: the independent races a patrol meets, on a d10.
PATROL_OPPONENTS = ("Andromedan", "ISC", "Vudar", "Tholian", "WYN", "LDR", "Orion", "Frax",
                    "Peladine", "Seltorian")


def dragon(bpv: int) -> str:
    """I6: the SM7 dragon by the ship's BPV."""
    for top, what in ((70, "young"), (125, "adult"), (170, "old"), (200, "adult + 2 young"),
                      (240, "adult + 3 young")):
        if bpv <= top:
            return what
    return "ancient"


def roll_patrol(dice: Dice) -> Encounter:
    return PATROL[dice.total("patrol (I2)", 2)]


def roll_raid(dice: Dice, ignore: tuple[int, ...] = (), dnl_or_cf: bool = False) -> Encounter:
    """I3; a DNL or CF may name up to three results to ignore (re-rolled until another)."""
    if ignore and not dnl_or_cf:
        raise ValueError("only DNLs and CFs may ignore raid results (I3 note 3)")
    if len(ignore) > 3:
        raise ValueError("at most three raid results may be ignored (I3 note 3)")
    while True:
        roll = dice.total("raid (I3)", 2)
        if roll not in ignore:
            return RAID[roll]


def roll_monster(dice: Dice) -> tuple[int, str, str]:
    roll = dice.total("monster (I6)", 2)
    return (roll, *MONSTERS[roll])


def roll_opponent(dice: Dice, races: tuple[str, ...] = PATROL_OPPONENTS) -> str:
    return races[dice.roll("opponent race (I2 note 1)", 1, len(races))[0] - 1]


def award(encounter: Encounter, bpv: Fraction | int, result: str, *, freighter_lost: bool = False
          ) -> Fraction:
    """EP for a patrol or raid battle: ``result`` "internaled", "crippled", "disengaged" or
    "destroyed" (of the opponent); a freighter lost on a defence mission drops one level (I2)."""
    if encounter.awards is None:
        return Fraction(0)
    levels = {"none": -1, "internaled": 0, "crippled": 1, "disengaged": 1, "destroyed": 2}
    if result not in levels:
        raise ValueError(f"result is one of {', '.join(levels)}, not {result!r}")
    level = levels[result] - (1 if freighter_lost and encounter.battle == "G2" else 0)
    return Fraction(0) if level < 0 else Fraction(bpv) * encounter.awards[level] / 100


def cargo_award(encounter: Encounter, boxes_destroyed: int, captured_boxes: int = 0) -> Fraction:
    """I3: EP per cargo box destroyed, and 0.3 EP per undestroyed box of a captured freighter."""
    per = encounter.per_box or Fraction(0)
    return per * boxes_destroyed + CAPTURED_FREIGHTER_PER_BOX * captured_boxes
