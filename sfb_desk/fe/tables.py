"""Every F&E Combined Operations table the assistant uses, as data, in one place.

Each table is transcribed from the rulebook cell by cell (tests compare them against the
printed rows): the two combat coefficient tables (311.1 and the map sheets' standard table),
the Stasis Success Table (312.22), the EW die-roll shift (313.21, 313.22), the starbase,
battle station and base station EW-against-attack tables (313.33, 444.14), the SAF table
(520.42), the Ground Attack Table (521.34) and the prime team mission results (522.4).
No table is computed from a formula.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------
# Combat coefficient tables: percent of combat potential by BIR (0-10) and die (1-6).

#: (311.1) Advanced Combat Coefficient Table, percent (12.5 written as 12.5).
ADVANCED_TABLE: tuple[tuple[float, ...], ...] = (
    (10, 12.5, 15, 17.5, 20, 22.5),
    (12.5, 15, 17.5, 20, 22.5, 25),
    (15, 17.5, 20, 22.5, 25, 27.5),
    (17.5, 20, 22.5, 25, 27.5, 30),
    (20, 22.5, 25, 27.5, 30, 32.5),
    (22.5, 25, 27.5, 30, 32.5, 35),
    (25, 27.5, 30, 32.5, 35, 37.5),
    (27.5, 30, 32.5, 35, 37.5, 40),
    (30, 32.5, 35, 37.5, 40, 42.5),
    (32.5, 35, 37.5, 40, 42.5, 45),
    (35, 37.5, 40, 42.5, 45, 50),
)

#: The standard Combat Coefficient Table printed on the Combined Operations map sheets, percent.
STANDARD_TABLE: tuple[tuple[float, ...], ...] = (
    (10, 10, 15, 15, 20, 20),
    (10, 15, 15, 20, 20, 25),
    (15, 15, 20, 20, 25, 25),
    (15, 20, 20, 25, 25, 30),
    (20, 20, 25, 25, 30, 30),
    (20, 25, 25, 30, 30, 35),
    (25, 25, 30, 30, 35, 35),
    (25, 30, 30, 35, 35, 40),
    (30, 30, 35, 35, 40, 40),
    (30, 35, 35, 40, 40, 45),
    (35, 35, 40, 40, 45, 50),
)

COEFFICIENT_TABLES = {"standard": STANDARD_TABLE, "advanced": ADVANCED_TABLE}
TABLE_TITLES = {"standard": "Combat Coefficient Table (standard)",
                "advanced": "Advanced Combat Coefficient Table (311.1)"}


def coefficient(table: str, bir: int, die: int) -> float:
    """The damage coefficient in percent. ``die`` is the die after shifts; a die below 1 reads
    as 1 (313.21: the roll cannot be reduced below one), above 6 as 6."""
    if table not in COEFFICIENT_TABLES:
        raise ValueError(f"combat table must be 'standard' or 'advanced' (311.1), not {table!r}")
    if not 0 <= bir <= 10:
        raise ValueError(f"battle intensity rating {bir} is off the table: 0-10 (311.1)")
    return COEFFICIENT_TABLES[table][bir][min(max(die, 1), 6) - 1]


# ---------------------------------------------------------------------------------------------
# (312.22) Stasis Success Table

TARGET, RANDOM, DEFENDER, NOTHING, DISASTER = (
    "target frozen", "random frozen", "defender selects", "nothing frozen", "Total Disaster!")
STASIS_RESULTS = (TARGET, RANDOM, DEFENDER, NOTHING, DISASTER)


@dataclass(frozen=True, slots=True)
class StasisRow:
    """One line of the table: the highest modified die of each result (0 = none on this line,
    99 = every higher roll). Results are read in order: target, random, defender, nothing,
    then Total Disaster!."""

    highest: tuple[int, int, int, int]

    def result(self, die: int) -> str:
        for name, top in zip(STASIS_RESULTS, self.highest, strict=False):
            if die <= top:
                return name
        return DISASTER


#: SFG family -> rows by attempt number (312.222). A family covers the hull codes in
#: STASIS_FAMILIES; the SBA never has a Total Disaster (its "nothing frozen" reads 6+ and so on).
STASIS_TABLE: dict[str, tuple[StasisRow, ...]] = {
    "D5A": (StasisRow((1, 3, 5, 6)), StasisRow((1, 2, 4, 5)), StasisRow((0, 1, 3, 4))),
    "D7A": (StasisRow((2, 4, 5, 6)), StasisRow((1, 3, 5, 6)), StasisRow((1, 3, 4, 5))),
    "C7A": (StasisRow((2, 4, 5, 6)), StasisRow((2, 3, 5, 6)), StasisRow((1, 3, 4, 5))),
    "C9A": (StasisRow((3, 4, 5, 6)), StasisRow((2, 4, 5, 6)), StasisRow((1, 3, 4, 6))),
    "B10A": (StasisRow((3, 5, 6, 7)), StasisRow((3, 4, 5, 6)), StasisRow((2, 4, 5, 6)),
             StasisRow((2, 3, 5, 6)), StasisRow((1, 3, 5, 6)), StasisRow((1, 2, 4, 5))),
    "SBA": (StasisRow((1, 3, 5, 99)), StasisRow((1, 2, 4, 99)), StasisRow((1, 2, 3, 99)),
            StasisRow((0, 2, 3, 99)), StasisRow((0, 1, 3, 99)), StasisRow((0, 1, 2, 99))),
}
#: Hull codes that read a family's lines (312.222 and the table's row labels).
STASIS_FAMILIES: dict[str, str] = {
    "D5A": "D5A", "D7A": "D7A", "C7A": "C7A", "C5A": "C9A", "C9A": "C9A", "C10A": "C9A",
    "B10A": "B10A", "B8A": "B10A", "B10V": "B10A", "B10S": "B10A", "SBA": "SBA", "SB": "SBA",
}


def stasis_family(unit: str) -> str:
    code = unit.strip().upper()
    if code not in STASIS_FAMILIES:
        raise ValueError(f"{unit!r} is not an SFG unit of the Stasis Success Table (312.22): "
                         f"one of {', '.join(sorted(STASIS_FAMILIES))}")
    return STASIS_FAMILIES[code]


def max_attempts(unit: str, sfgs: int = 1) -> int:
    """Up to three attempts per SFG, six with two (312.22); the table has the lines for it."""
    family = stasis_family(unit)
    if sfgs not in (1, 2):
        raise ValueError("a unit carries one or two SFGs (312.124, 312.321)")
    if sfgs == 2 and family not in ("B10A", "SBA"):
        raise ValueError(f"only a B10A/B8A or a starbase carries two SFGs (312.32), not {unit}")
    return min(3 * sfgs, len(STASIS_TABLE[family]))


def stasis_result(unit: str, attempt: int, die: int) -> str:
    """The result of attempt number ``attempt`` (1-based) with the modified die (312.222).

    A die modified below 1 reads as 1 (decisions.md: the table has no line below 1)."""
    rows = STASIS_TABLE[stasis_family(unit)]
    if not 1 <= attempt <= len(rows):
        raise ValueError(f"{unit} has stasis lines for attempts 1-{len(rows)} (312.222), "
                         f"not attempt {attempt}")
    return rows[attempt - 1].result(max(die, 1))


# ---------------------------------------------------------------------------------------------
# (313.21) EW die-roll shift


def ew_shift(newpt: int, one_side_only_scouts: bool = False) -> int:
    """The die-roll shift (0, -1, -2) for the side at a disadvantage by NEWPT (313.21); a
    NEWPT of 1 gives -1 when only one side has scouts (313.22)."""
    if newpt < 0:
        raise ValueError("NEWPT is a difference of EW totals, never negative (313.21)")
    if newpt >= 5:
        return -2
    if newpt >= 2:
        return -1
    if newpt == 1 and one_side_only_scouts:
        return -1
    return 0


# ---------------------------------------------------------------------------------------------
# Base EW factor against attack factor (313.33 starbases and BATS; 444.14 base stations).
# Base kind -> (race group -> attack factor by EW factor 1, 2, ...).

BASE_EW_TABLE: dict[str, dict[str, tuple[int, ...]]] = {
    "SB": {"other": (36, 30, 24, 18, 12, 6), "Kzinti": (36, 30, 24, 18, 18, 18),
           "Fed/Klingon": (36, 30, 24, 18, 12, 12)},
    "SB crippled": {"other": (18, 12, 6), "Kzinti": (18, 12, 9), "Fed/Klingon": (18, 12, 6)},
    "BATS": {"other": (12, 9, 6, 3), "Kzinti/Fed/Klingon": (12, 9, 6, 6)},
    "BATS crippled": {"other": (6, 3), "Kzinti/Fed/Klingon": (6, 4)},
    "BS": {"other": (10, 5), "Kzinti/Fed/Klingon": (10, 10)},
    "BS crippled": {"other": (5,), "Kzinti/Fed/Klingon": (5,)},
}
BASE_EW_RULES = {"SB": "(313.33)", "SB crippled": "(313.33)", "BATS": "(313.33)",
                 "BATS crippled": "(313.33)", "BS": "(444.14)", "BS crippled": "(444.14)"}


def _race_group(kind: str, race: str) -> str:
    race = race.strip().casefold()
    groups = BASE_EW_TABLE[kind]
    for group in groups:
        if group != "other" and any(race == name.casefold() or race[:3] == name.casefold()[:3]
                                    for name in group.split("/")):
            return group
    return "other"


def base_attack(kind: str, race: str, ew: int) -> int:
    """The attack factor of a base that chose EW factor ``ew`` in step 4A2 (313.33, 444.14)."""
    if kind not in BASE_EW_TABLE:
        raise ValueError(f"base kind must be one of {', '.join(BASE_EW_TABLE)}, not {kind!r}")
    row = BASE_EW_TABLE[kind][_race_group(kind, race)]
    if not 1 <= ew <= len(row):
        raise ValueError(f"a {kind} chooses EW 1-{len(row)} {BASE_EW_RULES[kind]}, not {ew}")
    return row[ew - 1]


# ---------------------------------------------------------------------------------------------
# (520.42) SAF: SIDS (or PDUs, 520.63) by modified die, disrupted or not.

SAF_TABLE: tuple[tuple[range, int, int], ...] = (
    (range(0, 3), 0, 2),  # 0-2: no effect / 2 SIDS
    (range(3, 5), 1, 3),  # 3-4: 1 SIDS / 3 SIDS
    (range(5, 7), 2, 4),  # 5-6: 2 SIDS / 4 SIDS
)
SAF_DISRUPT_POINTS = 12  # (520.41)


def saf_result(die: int, disrupted: bool) -> int:
    """SIDS scored (PDUs destroyed against PDUs, 520.63); the die reads 0-6 after shifts."""
    die = min(max(die, 0), 6)
    for rolls, if_disrupted, if_not in SAF_TABLE:
        if die in rolls:
            return if_disrupted if disrupted else if_not
    raise AssertionError(die)  # unreachable: the rows cover 0-6


# ---------------------------------------------------------------------------------------------
# (521.34) Ground Attack Table, two dice after modifiers (clamped to 2-12, 521.35).


@dataclass(frozen=True, slots=True)
class GroundResult:
    attacker_lost: bool
    supporter_lost: bool
    defender_casualty: bool
    roll_again: bool
    text: str


GROUND_TABLE: dict[int, GroundResult] = {}
for _roll in (2, 3):
    GROUND_TABLE[_roll] = GroundResult(True, True, False, False,
                                       "attacking GCE destroyed and any supporting GCE destroyed")
for _roll in (4, 5):
    GROUND_TABLE[_roll] = GroundResult(True, False, False, False, "attacking GCE destroyed")
for _roll in (6, 7):
    GROUND_TABLE[_roll] = GroundResult(False, False, False, False, "no effect")
GROUND_TABLE[8] = GroundResult(True, False, True, False,
                               "attacking GCE destroyed; defender casualty")
for _roll in (9, 10, 11):
    GROUND_TABLE[_roll] = GroundResult(False, False, True, False, "defender casualty")
GROUND_TABLE[12] = GroundResult(False, False, True, True, "defender casualty; roll again")
#: On the second (and later) roll after a 12, 2-7 is "no effect" (521.34).
GROUND_AGAIN_NO_EFFECT = range(2, 8)
GROUND_MODIFIER_CAP = 2  # (521.35) the total modifier is within -2..+2


# ---------------------------------------------------------------------------------------------
# (522.4) Prime team missions: two dice after the mission -> what happens to the team.

PRIME_MARINE = {12: "killed", 11: "wounded", 10: "wounded"}  # (522.42)
PRIME_CAPTURE = {12: "killed", 11: "killed", 10: "wounded", 9: "wounded"}  # (522.43)
PRIME_SURVEY = {12: "killed", 11: "wounded"}  # (522.44)
PRIME_COMMANDO_FACTORS = 2  # (522.41)
PRIME_SURVIVES = range(1, 3)  # (522.32) one die: 1-2 the team survives its unit's loss


def prime_team_fate(mission: str, roll: int) -> str:
    table = {"marine": PRIME_MARINE, "capture": PRIME_CAPTURE, "survey": PRIME_SURVEY}
    if mission not in table:
        raise ValueError(f"prime team missions with a roll: marine, capture, survey (522.4), "
                         f"not {mission!r}")
    return table[mission].get(roll, "unharmed")
