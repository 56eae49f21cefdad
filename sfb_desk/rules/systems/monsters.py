"""The monsters of the Advanced Missions SM scenarios: their attacks, damage and movement.

* Sun Snake (SM5.45): moves three hexes a turn straight for the star; strikes every starship
  or PF within five hexes once a turn on its attack table; cannot be tractored, boarded or
  displaced (SM5.46). Its damage procedure (the MCIDS of E6.0) and the S6.1 chart that says
  how to kill it are Basic Set rules absent from the rulebooks: see :data:`SUN_SNAKE` and
  decisions.md (SM5.46).
* Mind Monster (SM6.45-SM6.49): blanks crew units by range and die at the end of the turn.
* Space Dragon (SM7.46): a four-area record instead of an SSD; one die per damage point.

Everything is a pure function; the engine (``engine/monster_steps.py``) moves the snake and
asks the table for the dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ..hexes import Hex, hex_range

# ---------------------------------------------------------------------------------------------
# Sun Snake (SM5)

SUN_SNAKE_ATTACK = {1: 30, 2: 25, 3: 20, 4: 15, 5: 10, 6: 5}  # SM5.45
SUN_SNAKE_RANGE = 5  # SM5.45: any starship or PF within five hexes
SUN_SNAKE_SPEED = 3  # SM5.45: three hexes per turn, directly toward the star
SUN_SNAKE_INFO_TO_KILL = 400  # SM5.47: information points before the S6.1 roll
SM5_INFO_CAP = 200  # SM5.5: at most 200 victory points from information
SM5_POINTS_PER_CREW = 10  # SM5.5: each crew unit evacuated from the research station
SM5_STATION_CREW = 20  # SM5.48
#: SM5.5: (lowest points, level, campaign value of U2.0).
SM5_LEVELS = (
    (0, "Failure: relieved of command", 0),
    (101, "Disappointing: will retire within a year", 1),
    (201, "Did his best in a difficult situation", 3),
    (301, "Salvaged some success from a hopeless situation", 4),
    (400, "Daring and bold: given a small fleet", 6),
)
#: Units the Sun Snake strikes (SM5.45: starships and PFs, not shuttles or seeking weapons).
SNAKE_TARGET_KINDS = frozenset({"ship", "pf"})


def sun_snake_damage(roll: int) -> int:
    """SM5.45: the damage of one strike for the die ``roll``."""
    if roll not in SUN_SNAKE_ATTACK:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    return SUN_SNAKE_ATTACK[roll]


def sun_snake_targets(
    snake: Hex, units: Iterable[tuple[str, str, Hex]], struck_this_turn: Iterable[str]
) -> tuple[str, ...]:
    """The unit ids the Sun Snake strikes now: every starship or PF (``(id, kind, hex)``)
    within five hexes it has not struck this turn (SM5.45: once a turn each, no limit on
    targets). Closest first, then by id."""
    done = set(struck_this_turn)
    found = sorted(
        (hex_range(snake, h), uid) for uid, kind, h in units
        if kind in SNAKE_TARGET_KINDS and uid not in done and hex_range(snake, h) <= SUN_SNAKE_RANGE
    )  # fmt: skip
    return tuple(uid for _, uid in found)


def nearest_star_hex(snake: Hex, star: Iterable[Hex]) -> Hex:
    """The star hex the snake heads for: the closest (ties by column, row)."""
    hexes = list(star)
    if not hexes:
        raise ValueError("the Sun Snake needs a star to head for (SM5.2)")
    return min(hexes, key=lambda h: (hex_range(snake, h), h.col, h.row))


def sm5_points(information: int, crew_evacuated: int) -> int:
    """SM5.5: 1 point per information point (at most 200) + 10 per evacuated crew unit."""
    crew = max(0, min(crew_evacuated, SM5_STATION_CREW))
    return min(max(information, 0), SM5_INFO_CAP) + SM5_POINTS_PER_CREW * crew


def sm5_level(points: int) -> tuple[str, int]:
    """SM5.5: the captain's level and its U2.0 campaign value for ``points``."""
    level = SM5_LEVELS[0]
    for row in SM5_LEVELS:
        if points >= row[0]:
            level = row
    return level[1], level[2]


# ---------------------------------------------------------------------------------------------
# Mind Monster (SM6)

MIND_MONSTER_SPEED = 6  # SM6.45
MIND_MONSTER_TURN_MODE = 1  # SM6.45
MIND_FOLLOW_RANGE = 2  # SM6.46
#: SM6.47: crew units blanked by die (rows 1-6) and range (columns 0-5).
MIND_CHART = (
    (6, 5, 4, 3, 2, 1),
    (5, 4, 3, 2, 1, 0),
    (4, 3, 2, 1, 0, 0),
    (3, 2, 2, 1, 0, 0),
    (2, 2, 1, 0, 0, 0),
    (2, 2, 1, 0, 0, 0),
)
MIND_WEAK_SHIELDS_RANGE_0 = 18  # SM6.47
LIBRARY_BANKS, LIBRARY_CREW = 25, 50  # SM6.49
SM6_LEVELS = (
    (0, "Failure: relieved of command", 0),
    (60, "Disappointing: will retire within a year", 1),
    (70, "Did his best in a difficult situation", 3),
    (80, "Salvaged some success from a hopeless situation", 4),
    (90, "Daring and bold: made a commodore", 6),
)


def mind_attack(range_: int, roll: int | None, shields_full: bool) -> int:
    """SM6.47: crew units blanked at the closest approach ``range_``.

    With full shields the chart (ranges 0-5; beyond 5 nothing). With shields not at full
    strength no die: double the die-1 result of the next lower range (2 at range 6, 12 at
    range 1, nothing at 7 or more), 18 at range 0. The weak-shield clause reaches range 6,
    one hex beyond the five of the attack (decisions.md SM6.47)."""
    if range_ < 0:
        raise ValueError("a range is 0 or more")
    if not shields_full:
        if range_ == 0:
            return MIND_WEAK_SHIELDS_RANGE_0
        if range_ >= 7:
            return 0
        return 2 * MIND_CHART[0][range_ - 1]
    if range_ > 5:
        return 0
    if roll is None or not 1 <= roll <= 6:
        raise ValueError(f"a die roll 1-6 is needed at range {range_}")
    return MIND_CHART[roll - 1][range_]


def sm6_points(crew_left: int, banks_left: int) -> int:
    """SM6.5: one point per crew unit and two per memory bank left on the planet."""
    return max(0, crew_left) + 2 * max(0, banks_left)


def sm6_level(points: int) -> tuple[str, int]:
    level = SM6_LEVELS[0]
    for row in SM6_LEVELS:
        if points >= row[0]:
            level = row
    return level[1], level[2]


# ---------------------------------------------------------------------------------------------
# Space Dragon (SM7)

DRAGON_AREAS = ("body", "wings", "tail", "claws")  # SM7.463: overflow goes to the right
#: SM7.461 by age: areas, claw modifier, eyes, flame, BPV, speed factor, ravage points.
DRAGON_CHART: dict[str, dict[str, object]] = {
    "young": {"body": 25, "wings": 20, "tail": 10, "claws": 16, "claw_modifier": 1,
              "eyes": "2 phaser-3", "flame": "F", "bpv": 40, "speed_factor": 1, "ravage": 10},
    "adult": {"body": 70, "wings": 50, "tail": 25, "claws": 40, "claw_modifier": 0,
              "eyes": "2 phaser-2", "flame": "G", "bpv": 100, "speed_factor": 2, "ravage": 25},
    "old": {"body": 100, "wings": 75, "tail": 35, "claws": 60, "claw_modifier": -1,
            "eyes": "2 phaser-1", "flame": "S", "bpv": 150, "speed_factor": 3, "ravage": 35},
    "ancient": {"body": 200, "wings": 150, "tail": 70, "claws": 120, "claw_modifier": -3,
                "eyes": "2 phaser-4", "flame": "R", "bpv": 300, "speed_factor": 5,
                "ravage": 75},
}  # fmt: skip
DRAGON_HIT = {1: "body", 2: "body", 3: "wings", 4: "wings", 5: "tail", 6: "claws"}  # SM7.463
DRAGON_TAIL_KILLS = frozenset({1, 2, 3, 4, 5})  # SM7.4653: a 5/6 chance
DRAGON_TAIL_TARGETS = 3  # SM7.4653: per impulse
DRAGON_RAVAGE_TURNS = 4  # SM7.5


@dataclass(frozen=True, slots=True)
class DragonRecord:
    """The Space Dragon's record (SM7.462): the four area ratings left."""

    age: str
    body: int
    wings: int
    tail: int
    claws: int

    @classmethod
    def new(cls, age: str) -> DragonRecord:
        if age not in DRAGON_CHART:
            raise ValueError(f"unknown dragon age {age!r}: {', '.join(DRAGON_CHART)}")
        row = DRAGON_CHART[age]
        return cls(age, *(int(row[a]) for a in DRAGON_AREAS))  # type: ignore[arg-type]

    @property
    def alive(self) -> bool:
        """SM7.466: the dragon dies when every area is zero (no explosion)."""
        return any(getattr(self, a) > 0 for a in DRAGON_AREAS)

    def speed(self) -> int:
        """SM7.464: wings left / speed factor, .5 rounded up."""
        factor = int(DRAGON_CHART[self.age]["speed_factor"])  # type: ignore[arg-type]
        value = Fraction(self.wings, factor)
        return int(value + Fraction(1, 2)) if value.denominator != 1 else int(value)

    def hit(self, roll: int) -> tuple[DragonRecord, str | None]:
        """SM7.463: one damage point for the die ``roll``; an area at zero passes it to the
        next area to the right (claws to body). Returns the record and the area hit (None
        when the dragon was already dead)."""
        if roll not in DRAGON_HIT:
            raise ValueError(f"a die roll is 1-6, not {roll}")
        start = DRAGON_AREAS.index(DRAGON_HIT[roll])
        for step in range(len(DRAGON_AREAS)):
            area = DRAGON_AREAS[(start + step) % len(DRAGON_AREAS)]
            if getattr(self, area) > 0:
                return replace(self, **{area: getattr(self, area) - 1}), area
        return self, None

    def take(self, rolls: Iterable[int]) -> DragonRecord:
        record = self
        for roll in rolls:
            record, _ = record.hit(roll)
        return record


def claw_roll(roll: int, age: str) -> int:
    """SM7.4654: the claw die after the age modifier, kept within 1-6 (the Moray Eel chart
    of SM3.46 it reads is a Basic Set table not in the rulebooks)."""
    modifier = int(DRAGON_CHART[age]["claw_modifier"])  # type: ignore[arg-type]
    return max(1, min(6, roll + modifier))


def ravage_points(age: str, turns: int) -> int:
    """SM7.5: the dragon's points for ``turns`` of ravaging, at most four turns."""
    per_turn = int(DRAGON_CHART[age]["ravage"])  # type: ignore[arg-type]
    return per_turn * max(0, min(turns, DRAGON_RAVAGE_TURNS))


# ---------------------------------------------------------------------------------------------
# The monsters the program sets up and runs (sfb_desk.data.scenario_play reads this)


@dataclass(frozen=True, slots=True)
class MonsterKind:
    name: str
    rule: str
    speed: int  # hexes per turn
    runs: bool  # the engine moves it and resolves its attacks
    note: str = ""


MONSTERS: Mapping[str, MonsterKind] = {
    "Sun Snake": MonsterKind(
        "Sun Snake", "SM5.45", SUN_SNAKE_SPEED, True,
        "Moves and strikes by SM5.45; damage to it is recorded by the MCIDS reading of "
        "decisions.md (SM5.46).",
    ),
    "Space Dragon": MonsterKind(
        "Space Dragon", "SM7.46", 25, True,
        "A unit of the Dragon player's side: moves and fires as a ship with the SM7.461 "
        "chart's eyes and flame, its record scored by SM7.463 (engine/dragon_steps.py); the "
        "speed given is an adult's (wings 50 / 2).",
    ),
    "Mind Monster": MonsterKind(
        "Mind Monster", "SM6.45", MIND_MONSTER_SPEED, True,
        "Moves and attacks by SM6.45-SM6.49; how to kill it (SM2.5) is judged at the table.",
    ),
}
