"""Detection in the GM campaign rules (COMBAT A): ships detect at range 1, scouts at 1-2; a
d6 plus modifiers tells the detector what it learns, the results accumulating (a 4 learns the
force, the TF move cost and the number of ships). The detector chooses whether to fight.
"""

from __future__ import annotations

from ..dice import Dice

LEARNED = {1: "nothing", 2: "force", 3: "TF move cost", 4: "number of ships in the TF",
           5: "ship classes", 6: "IIIXX lock-on"}


def sensor_modifier(sensors: int) -> int:
    if sensors <= 0:
        return 0
    return min((sensors + 1) // 2, 4)  # 1-2 +1, 3-4 +2, 5-6 +3, 7-8 +4


def movement_modifier(hexes_moved: int) -> int:
    if hexes_moved == 0:
        return -2  # in orbit
    return min((hexes_moved - 1) // 2, 3)  # 1-2 0, 3-4 +1, 5-6 +2, 7-8 +3


def modifier(*, sensors: int, hexes_moved: int, scout_at_range_1: bool = False,
             passive: bool = False, running_silent: bool = False, cloaked: bool = False,
             science_officer: bool = False) -> int:
    total = sensor_modifier(sensors) + movement_modifier(hexes_moved)
    total += 1 if scout_at_range_1 else 0
    total -= 1 if passive else 0
    total -= 1 if running_silent else 0
    total -= 5 if cloaked else 0
    total += 2 if science_officer else 0  # NOTES A: a legendary science officer
    return total


def can_detect(range_: int, scout: bool) -> bool:
    return range_ <= (2 if scout else 1)


def learned(total: int) -> list[str]:
    """Everything a modified roll of ``total`` reveals (cumulative; 6 and above: all)."""
    top = max(1, min(total, 6))
    return [LEARNED[n] for n in range(2, top + 1)] or ["nothing"]


def roll(dice: Dice, **mods: object) -> tuple[int, int, list[str]]:
    die = dice.total("detection (COMBAT A)", 1)
    total = die + modifier(**mods)  # type: ignore[arg-type]
    return die, total, learned(total)
