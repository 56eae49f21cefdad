"""The Space Dragon of Advanced Missions SM7 as a unit under a player's orders.

The dragon has no SSD (SM7.462): its :class:`~.monsters.DragonRecord` holds the four area
ratings. To move and fire through the same steps as ships, it plays with a class built from
the SM7.461 chart (:func:`dragon_spec`): its eyes are two phasers of its age's type and its
flame one plasma torpedo launcher, all 360 degrees (SM7.465), no shields, no power; the
engine (``engine/dragon_steps.py``) gives it its speed from its wings each turn (SM7.464),
the phaser energy of one shot per eye (SM7.4651) and a loaded flame every second turn
(SM7.4652), and scores hits on it on the record instead of the DAC (SM7.463).

:class:`DragonState` is what the battle keeps beside the record: when the flame and the
claws were last used, the seeking weapons its tail engaged this impulse, and its ravaging
(SM7.45, SM7.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..hexes import Hex
from ..ship import ShipSpec, Weapon
from ..units import MoveProfile
from .monsters import DRAGON_CHART, DRAGON_RAVAGE_TURNS, DRAGON_TAIL_KILLS, DragonRecord

DRAGON = "Space Dragon"
DRAGON_RACE = "MON"
EYES = ("phaser#1", "phaser#2")  # SM7.4651: the eyes, two phasers
FLAME = "plasma#F"  # SM7.4652: the flame, a plasma torpedo
FLAME_EVERY = 2  # SM7.4652: every second turn
DRAGON_SIZE_CLASS = 3  # SM7.467: it detonates mines as a size class 3 ship
_PHASERS = {"2 phaser-1": "PH-1", "2 phaser-2": "PH-2", "2 phaser-3": "PH-3",
            "2 phaser-4": "PH-4"}  # fmt: skip


def spec_id(age: str) -> str:
    return f"{DRAGON_RACE}-DRAGON-{age.upper()}"


def dragon_spec(age: str) -> ShipSpec:
    """The class the dragon of ``age`` plays with (module docstring; SM7.461, SM7.465)."""
    if age not in DRAGON_CHART:
        raise ValueError(f"unknown dragon age {age!r}: {', '.join(DRAGON_CHART)} (SM7.461)")
    row = DRAGON_CHART[age]
    phaser = _PHASERS[str(row["eyes"])]
    plasma = f"PLASMA-{row['flame']}"
    return ShipSpec(
        id=spec_id(age), race=DRAGON_RACE, race_name="Monster", class_code="DRAGON",
        name=f"Space Dragon ({age})", kind="monster", rule="SM7.46",
        bpv_combat=int(row["bpv"]),  # type: ignore[arg-type]
        size_class=DRAGON_SIZE_CLASS, turn_mode="Monster", shields=(0,) * 6,
        sensor_track=(6,),  # never damaged (SM7.463): lock-on and control of its flame
        crew_units=0, boarding_parties=0,  # no crew to kill or board (SM7.469)
        weapons=(Weapon("1", phaser, "phaser", ("360",), note="eye (SM7.4651)"),
                 Weapon("2", phaser, "phaser", ("360",), note="eye (SM7.4651)"),
                 Weapon("F", plasma, "plasma", ("360",), note="flame (SM7.4652)")),
        notes=("A Space Dragon has no SSD: its record (SM7.462) holds body, wings, tail and "
               "claws; hits are scored on it by SM7.463, not on the DAC.",),
        confidence="Advanced Missions SM7.461", verification="rulebook chart",
    )


def dragon_profile(speed: int) -> MoveProfile:
    """SM7.467: turn mode 1 at every speed, HET once a turn without breakdown, free movement
    (no energy), no erratic maneuvers (a monster, C10.17)."""
    return MoveProfile(turn_mode="Monster", move_cost=Fraction(0), breakdown=None,
                       impulse=1, max_speed=max(speed, 1), het_bonuses=0, can_het=True,
                       can_em=False)


@dataclass(frozen=True, slots=True)
class DragonState:
    """One dragon in the battle: its record and the once-a-turn marks (module docstring).

    ``flame_turn``: the turn it last used its flame (0: never); ``claw_turn`` its claws;
    ``tail_engaged`` the (clock, unit) its tail engaged (SM7.4653, three an impulse);
    ``start``: its hex and facing at the start of the turn; ``acted``: it moved or attacked
    this turn; ``ravage_turns``: the turns it ravaged the planet (SM7.45)."""

    id: str
    record: DragonRecord
    flame_turn: int = 0
    claw_turn: int = 0
    tail_engaged: tuple[tuple[int, str], ...] = ()
    start: tuple[Hex, int] | None = None
    acted: bool = False
    ravage_turns: int = 0

    @property
    def age(self) -> str:
        return self.record.age

    def flame_ready(self, turn: int) -> bool:
        """SM7.4652: the flame may be used every second turn (the first turn it is ready)."""
        return not self.flame_turn or turn - self.flame_turn >= FLAME_EVERY

    def ravage_points(self) -> int:
        """SM7.5: the chart's points a turn of ravaging, at most four turns."""
        per_turn = int(DRAGON_CHART[self.age]["ravage"])  # type: ignore[arg-type]
        return per_turn * min(self.ravage_turns, DRAGON_RAVAGE_TURNS)


def tail_destroys(roll: int) -> bool:
    """SM7.4653: a 5/6 chance (1-5) of destroying a shuttle or seeking weapon in its hex."""
    if not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    return roll in DRAGON_TAIL_KILLS


def eye_energy(age: str) -> Fraction:
    """The phaser energy of one shot of each eye (SM7.4651: each fires once a turn)."""
    from ..energy.costs import PHASER_CAPACITY

    phaser = _PHASERS[str(DRAGON_CHART[age]["eyes"])]
    return PHASER_CAPACITY[phaser] * len(EYES)
