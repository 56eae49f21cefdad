"""The scenario file format v1 (ssd_data/scenarios/FORMAT.md) as pydantic models.

The models check types, vocabularies and ranges; the checks that span fields or need the ship
library live in :mod:`sfb_desk.data.scenario_file`. Every table forbids unknown keys and every
model is strict, as for ship files (:mod:`sfb_desk.data.ship_schema`). Validated instances are
immutable and are the scenarios the rest of the program uses.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator
from pydantic_core import PydanticCustomError

from sfb_desk.data.ship_schema import ID_PATTERN
from sfb_desk.rules.hexes import LabelError, hex_from_label, parse_facing

FORMAT_NAME = "sfb-desk-scenario"
SCHEMA_VERSION = 1

# ---------------------------------------------------------------------------------------------
# Vocabularies

ORIGINS = ("rulebook", "reconstructed", "practice")
MAP_KINDS = ("fixed", "floating")
TERRAIN_KINDS = (
    "planet", "moon", "gas_giant", "asteroids", "asteroid", "star", "black_hole", "pulsar",
    "nebula", "dust", "intense_dust", "ion_storm", "gravity_wave", "heat_zone", "sunspots",
    "nova", "radiation_zone", "neutron_star", "white_dwarf", "web", "minefield", "other",
)  # fmt: skip  (sfb_desk.rules.systems.terrain.KINDS is the same list, with each rule)
FACINGS = ("A", "B", "C", "D", "E", "F", "choice")
EDGES = ("01xx", "42xx", "xx01", "xx30")  # fixed-map edges, as the scenarios print them
DIRECTIONS = ("A", "B", "C", "D", "E", "F")  # floating-map disengagement directions
UNIT_FLAGS = (
    "inert", "cannot_fire", "cannot_be_fired_on", "cannot_be_boarded", "cannot_disengage",
    "automatic", "begins_cloaked", "hidden", "in_orbit",
)  # fmt: skip
VICTORY_KINDS = ("standard", "modified", "task")
BPV_BASES = ("combat", "economic")
PACKS = ("none", "all", "agreed", "by_year")
REFIT_POLICIES = ("as_listed", "players", "all", "none")

VOCABULARIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "origin": ("origin", ORIGINS),
    "facing": ("facing", FACINGS),
    "exit_edges": ("exit edge", EDGES + DIRECTIONS),
    "flags": ("unit flag", UNIT_FLAGS),
    "bpv": ("BPV basis", BPV_BASES),
    "warp_booster_packs": ("warp booster pack setting", PACKS),
    "refits": ("refit policy", REFIT_POLICIES),
}
_KIND_BY_TABLE = {"map": MAP_KINDS, "terrain": TERRAIN_KINDS, "victory": VICTORY_KINDS}


def kind_vocabulary(table: str) -> tuple[str, tuple[str, ...]]:
    """What ``kind`` is called in the table ``table`` and its allowed values."""
    return f"{table} kind", _KIND_BY_TABLE.get(table, ())

SCENARIO_ID_PATTERN = r"^[A-Z][A-Z0-9]*(\.[0-9]+)?(-[A-Z0-9]+)*$"  # SG2.64: a force list
RULE_PATTERN = r"^[A-Z][A-Z0-9]*\.[0-9]+$"
SEED_PATTERN = r"^[0-9]{3}$"
PRACTICE_PREFIX = "PRACTICE-"
MAX_SPEED = 31  # C2.112 (reference G-facts 5.2); the C12.384 formula caps at 31 (seed 000 L931)


def _problem(message: str, expected: str) -> PydanticCustomError:
    return PydanticCustomError("sfb", "{message}", {"message": message, "expected": expected})


def _hex_label(value: Any) -> str:
    if not isinstance(value, str):
        message = f"{describe_value(value)} is not a hex label"
        raise _problem(message, 'a label in quotes, e.g. "2215"')
    try:
        hex_from_label(value)
    except LabelError:
        raise _problem(f"bad hex label {value!r}", "CCRR, e.g. 2215 (C.R off the map)") from None
    return value


def _speed(value: Any) -> int | str:
    if value == "max" and isinstance(value, str):
        return value
    if type(value) is not int:
        raise _problem(f"{describe_value(value)} is not a speed", f'0 to {MAX_SPEED}, or "max"')
    if not 0 <= value <= MAX_SPEED:
        raise _problem(f"speed {value} is out of range", f'0 to {MAX_SPEED}, or "max"')
    return value


def _weapon_status(value: Any) -> int | str:
    expected = 'WS 0 to 3 (WS-0 to WS-III, S4), or "roll"'
    if value == "roll" and isinstance(value, str):
        return value
    if type(value) is not int:
        raise _problem(f"{describe_value(value)} is not a weapon status", expected)
    if not 0 <= value <= 3:
        raise _problem(f"weapon status {value} is out of range", expected)
    return value


HexLabel = Annotated[str, PlainValidator(_hex_label)]
Speed = Annotated[int | str, PlainValidator(_speed)]
WeaponStatus = Annotated[int | str, PlainValidator(_weapon_status)]
Text = Annotated[str, Field(min_length=1)]
Count = Annotated[int, Field(ge=0)]
ShipId = Annotated[str, Field(pattern=ID_PATTERN, description='a ship id: "FED-CA"')]
RuleNumber = Annotated[str, Field(pattern=RULE_PATTERN, description='a rule number: "SG22.45"')]


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ScenarioHead(_Table):
    id: str = Field(
        pattern=SCENARIO_ID_PATTERN,
        description='the scenario number "SG22", or "PRACTICE-..." for SFB Desk set-ups',
    )
    title: Text = Field(description='the title as printed: "Police Action"')
    origin: Literal[ORIGINS] = Field(  # type: ignore[valid-type]
        description="rulebook, reconstructed or practice"
    )
    rule: RuleNumber | None = None
    year: Count | None = Field(None, description="the Y-year, e.g. 171")
    year_note: str = ""
    players: str = ""
    summary: str = ""
    notes: list[str] = []


class Source(_Table):
    seed: str | None = Field(None, pattern=SEED_PATTERN, description='the rulebook\'s source id: '
                             '"000" Advanced Missions, "002" Module C2 (data/books.py)')
    lines: list[Annotated[int, Field(ge=1)]] = Field(
        min_length=2, max_length=2, description="[first line, last line] in that rulebook's text"
    )
    book: str = ""
    cites: list[Text] = []


class Status(_Table):
    playable: bool = Field(
        description="false when the program cannot play it whatever ships it has"
    )
    reason: str = ""
    limitations: list[Text] = []


class MapTable(_Table):
    kind: Literal[MAP_KINDS] = Field(  # type: ignore[valid-type]
        description="fixed (42x30) or floating"
    )
    note: str = ""


class Terrain(_Table):
    kind: Literal[TERRAIN_KINDS] = Field(  # type: ignore[valid-type]
        description="planet, asteroids, star ..."
    )
    hexes: list[HexLabel] = Field(
        [], description="hex labels; none: an area terrain covering the whole map (P13.0); "
        "a gravity wave's two end hexes (P9.11)"
    )
    name: str = ""
    rule: RuleNumber | None = None
    note: str = ""
    strength: int | None = Field(
        None, ge=1, description="a gravity wave's points (P9.12); a web's strength (SH6.2: 35), "
                                "which makes it catch units")
    motion: str = Field("", description='a gravity wave\'s or ion storm\'s directions: "C/D"')


class Length(_Table):
    turns: int | None = Field(None, ge=1)
    until: str = ""


class Options(_Table):
    percent: int = Field(ge=0, le=100, description="percent of each ship's combat BPV (S3.2)")
    per_side: Count | None = None
    requires_agreement: bool = False
    counts_for_enemy: bool = True
    rule: RuleNumber | None = None
    note: str = ""


class RuleSwitches(_Table):
    drone_speed: int | None = Field(None, ge=1, le=32)
    warp_booster_packs: Literal[PACKS] | None = None  # type: ignore[valid-type]
    mrs_shuttles: bool | None = None
    ew_fighters: bool | None = None
    pfs: bool | None = None
    refits: Literal[REFIT_POLICIES] | None = None  # type: ignore[valid-type]


class SpecialRule(_Table):
    rule: RuleNumber | None = None
    text: Text = Field(description="the rule in words")


class RackLoad(_Table):
    """The mines bought for one mine rack box (M9.11, M9.17): four large, two small a large."""

    large: int = Field(0, ge=0, le=4, description="large mines (at most four a rack, M9.11)")
    small: int = Field(0, ge=0, le=8, description="small mines (two take a large one's room)")


class Unit(_Table):
    ship: ShipId | None = None
    unlisted: str = ""
    ship_needed: ShipId | None = Field(
        None, description='the library id an unlisted unit takes once its ship file exists'
    )
    monster: str = ""
    age: Literal["young", "adult", "old", "ancient"] | None = Field(
        None, description="a Space Dragon's age (SM7.461)"
    )
    name: str = ""
    printed: str = ""
    hex: HexLabel | None = None
    within: int | None = Field(None, ge=1, description="set up within this many hexes of hex")
    entry: str = ""
    facing: Literal[FACINGS] | None = Field(  # type: ignore[valid-type]
        None, description='A to F, or "choice"'
    )
    speed: Speed = Field(description=f'0 to {MAX_SPEED}, or "max"')
    weapon_status: WeaponStatus | None = None
    refits: list[Text] = []
    arrives_turn: int | None = Field(None, ge=1)
    bpv: Count | None = None
    alternatives: list[ShipId] = []
    flags: list[Literal[UNIT_FLAGS]] = []  # type: ignore[valid-type]
    damage: list[Text] = Field(
        [], description="SSD box ids destroyed before play: a campaign ship's carried damage"
    )
    crew_units_lost: Count = 0
    boarding_parties_lost: Count = 0
    anchor_buoys: Count = Field(
        0, description="charged Tholian web anchor buoys aboard at the start, each in a shuttle "
                       "box (Advanced Missions G26.12: the scenario may designate them)")
    mine_racks: list[RackLoad] | None = Field(
        None, description="the mines in each mine rack box at the start, bought as Commander's "
                          "Option items (Advanced Missions M9.17): [{large = 4}, {large = 2, "
                          "small = 4}]; racks not listed are empty; absent: every rack full of "
                          "large mines")
    carried_by: str = Field(
        "", description="the unit (its name) whose hangar holds this satellite ship at the "
                        "start (Module C2, G19.21); launched in play (G19.4)")
    note: str = ""

    @property
    def key(self) -> str:
        """The name the scenario gives the unit, else its ship id or description."""
        return self.name or self.ship or self.monster or self.unlisted

    @property
    def facing_index(self) -> int | None:
        """0..5 for A..F; None when the player chooses (or a monster has none)."""
        if self.facing is None or self.facing == "choice":
            return None
        return int(parse_facing(self.facing))


class ForceUnit(_Table):
    """One line of a force list (SG2.64): so many ships of a class."""

    count: int = Field(1, ge=1, description="how many")
    ship: ShipId | None = None
    unlisted: str = ""
    ship_needed: ShipId | None = None
    printed: Text = Field(description='the entry as printed: "1xDN+"')
    refits: list[Text] = []
    note: str = ""


class Force(_Table):
    """One of the forces a side may choose (a fleet-list scenario such as SG2.64)."""

    label: Text = Field(description='the force\'s name: "Federation 1"')
    race: str = ""
    units: list[ForceUnit] = Field(min_length=1, description="at least one [[...units]]")
    note: str = ""


class Side(_Table):
    name: Text = Field(description='the side\'s name: "Federation", "Player A"')
    player: str = ""
    neutral: bool = False
    exit_edges: list[Literal[EDGES + DIRECTIONS]] = []  # type: ignore[valid-type]
    exit_note: str = ""
    units: list[Unit] = []
    forces: list[Force] = []


MINE_PACKAGES = ("standard", "base", "transporter_bombs", "custom")


class PlacedMine(_Table):
    """One mine of a minefield a scenario file places (the M6.1 record, sfb_desk.rules.systems
    .mines.Mine): hex, size, type, control and detection number."""

    hex: HexLabel
    size: Literal["small", "large"] = Field(description="small or large (M4.2)")
    type: str = Field("explosive", description="explosive, captor-A..H, sensor, dummy")
    control: str = Field("automatic", description="automatic, sensor, command, chain")
    detection: int = Field(ge=1, le=6, description="the detection number 1-6 (M6.1)")
    detection_range: int = Field(1, ge=0, le=6, description="hexes (M5.11)")
    chain_of: list[HexLabel] = Field(
        [], max_length=6, description="chain/deadman: hexes of the mines it answers (M5.33)")
    note: str = ""


class Minefield(_Table):
    """Mines a side owns: a package the owner lays in secret (M6.2) or mines placed by hand."""

    side: Text = Field(description="the owner: the name of a side")
    package: Literal[MINE_PACKAGES] = Field(  # type: ignore[valid-type]
        description="standard (M6.2), base (M6.33), transporter_bombs, custom"
    )
    count: int = Field(1, ge=1, description="packages (M6.33: 1, 2, 3 or 6)")
    area: str = Field("", description='where the owner may lay them: "hex rows 20xx-24xx"')
    columns: list[Annotated[int, Field(ge=1, le=42)]] = Field(
        [], max_length=2, description="[first, last] map column (SG15.2: [20, 24])"
    )
    hidden: bool = True
    rule: RuleNumber | None = None
    mines: list[PlacedMine] = []
    note: str = ""


class Level(_Table):
    outcome: Text = Field(description="what happened, as the scenario words it")
    level: Text = Field(description='the victory level: "Draw"')


class Bonus(_Table):
    side: Text = Field(description="the name of a side")
    points: int = Field(description="victory points")
    rule: RuleNumber | None = None


class MinePoints(_Table):
    """Points a side scores for the enemy's mines it locates and destroys (SG15.5)."""

    side: Text = Field(description="the side that scores them")
    located: int = Field(1, ge=0, description="points for each enemy mine located")
    destroyed: int = Field(4, ge=0, description="more points for each enemy mine destroyed")
    rule: RuleNumber | None = None


class Victory(_Table):
    kind: Literal[VICTORY_KINDS] = Field(  # type: ignore[valid-type]
        description="standard, modified or task"
    )
    text: Text = Field(description="the victory conditions in words")
    rule: RuleNumber | None = None
    bpv: Literal[BPV_BASES] = "combat"  # type: ignore[valid-type]
    bonus: list[Bonus] = []
    mine_points: MinePoints | None = None
    levels: list[Level] = []


class Scenario(_Table):
    """A whole scenario file (FORMAT.md); instances are the validated, immutable scenarios."""

    format: Literal["sfb-desk-scenario"]
    format_version: Literal[1]
    scenario: ScenarioHead
    source: Source | None = None
    status: Status
    map: MapTable
    terrain: list[Terrain] = []
    length: Length
    options: Options | None = None
    rules: RuleSwitches = RuleSwitches()
    special_rules: list[SpecialRule] = []
    minefields: list[Minefield] = []
    sides: list[Side] = Field(min_length=1, description="at least one [[sides]]")
    victory: Victory

    @property
    def id(self) -> str:
        return self.scenario.id

    @property
    def title(self) -> str:
        return self.scenario.title

    def units(self) -> list[tuple[Side, Unit]]:
        return [(side, unit) for side in self.sides for unit in side.units]


def describe_value(value: Any) -> str:
    """A TOML value as problems name it: ``the text 'x'``, ``true``, ``a table``, ``4.5``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)
