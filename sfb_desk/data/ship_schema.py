"""The ship-class file format v1 (ssd_data/FORMAT.md) as pydantic models, and its JSON Schema.

The models check types, vocabularies and ranges; checks that span fields (tracks' shape, box ids,
refit references ...) live in :mod:`sfb_desk.data.ship_checks`. Every table forbids unknown keys,
and every model is strict (``"3"`` is not a count, ``3.0`` is not an integer), because a typo must
not silently drop a fact.

Regenerate the committed schema with ``python -m sfb_desk.data.ship_schema`` (a test compares it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainValidator, WithJsonSchema, create_model
from pydantic_core import PydanticCustomError
from pydantic.json_schema import GenerateJsonSchema

from sfb_desk.data.ship_format_names import FLAGS, FORMAT_NAME, SCHEMA_VERSION
from sfb_desk.rules.arcs import ARC_NAMES
from sfb_desk.rules.ship import COUNTED_SYSTEMS
from sfb_desk.rules.weapon_types import DRONE_RACK_TYPES, WEAPON_TYPES


# ---------------------------------------------------------------------------------------------
# Vocabularies (FORMAT.md). Each Literal below is built from one of these tuples.

RACES: dict[str, str] = {
    "FED": "Federation",
    "KLI": "Klingon",
    "ROM": "Romulan",
    "KZI": "Kzinti",
    "GOR": "Gorn",
    "THO": "Tholian",
    "ORI": "Orion",
    "HYD": "Hydran",
    "LYR": "Lyran",
    "WYN": "WYN",
    "ISC": "Inter-Stellar Concordium",
    "AND": "Andromedan",
    "SEL": "Seltorian",
    "GEN": "Generic / civilian",
}
KINDS = ("ship", "pod", "ground_base", "defense_satellite", "base_module", "fighter", "shuttle")
#: Firing-arc names of D2, as the rules engine defines them (G1.3 tests in rules/arcs.py).
ARCS: tuple[str, ...] = ARC_NAMES
#: Turn-mode chart letters a ship's data table can print (C3; rules/charts/turn_modes.py).
TURN_MODES = ("AA", "A", "B", "C", "D", "E", "F")
CONFIDENCES = ("high", "medium", "low")
#: [status].verification (issue 16): a complete class is verified or a draft.
VERIFICATIONS = ("verified", "draft", "reconstructed")
WEAPON_CODES: tuple[str, ...] = tuple(WEAPON_TYPES)
RACK_TYPES: tuple[str, ...] = tuple(sorted(DRONE_RACK_TYPES))  # FD3

#: Field name -> (what a value is called in messages, the allowed values).
VOCABULARIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "race": ("race code", tuple(RACES)),
    "kind": ("kind", KINDS),
    "flags": ("flag", FLAGS),
    "arcs": ("arc", ARCS),
    "turn_mode": ("turn mode", TURN_MODES),
    "confidence": ("confidence", CONFIDENCES),
    "verification": ("verification", VERIFICATIONS),
    "type": ("weapon type", WEAPON_CODES),
    "rack_type": ("drone rack type", RACK_TYPES),
}

#: Upper bounds of a ship file (checked first, by :mod:`sfb_desk.data.ship_limits`): far above
#: any unit (the largest class in the library: 30 boxes in one system, 44 in one shield, 28
#: weapons, 366 boxes in all), low enough that no file can ask for millions of boxes.
MAX_FILE_BYTES = 1024 * 1024
MAX_SYSTEM_BOXES = 200
MAX_SHIELD_BOXES = 200
MAX_WEAPONS = 100
MAX_MOUNT_BOXES = 10
MAX_SPECIAL = 50
MAX_SPECIAL_BOXES = 200
MAX_BAYS = 20
MAX_BAY_BOXES = 100
MAX_TRACK = 50
MAX_EXCESS = 200
MAX_SHIP_BOXES = 2000
#: crew units, boarding parties, deck crews and spare shuttles (the library's most: 64 crew
#: units, 40 boarding parties); the SSD draws a tick per crew unit and boarding party, so a
#: count of 100,000,000 once hung printing and the SSD view
MAX_CREW = 1000

ID_PATTERN = r"^[A-Z]{3}-[A-Z0-9][A-Z0-9+._-]*$"
FRACTION_PATTERN = r"^[0-9]+(/[0-9]+)?$"
BREAKDOWN_PATTERN = r"^[1-6](-[1-6])?$"
DESIGNATOR_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_+-]*$"
KEY_PATTERN = r"^[a-z][a-z0-9_]*$"
FRACTION_FIELDS = ("move_cost", "het_cost", "em_cost")

Race = Literal[tuple(RACES)]  # type: ignore[valid-type]
Kind = Literal[KINDS]  # type: ignore[valid-type]
Flag = Literal[FLAGS]  # type: ignore[valid-type]
Arc = Literal[ARCS]  # type: ignore[valid-type]
TurnMode = Literal[TURN_MODES]  # type: ignore[valid-type]
Confidence = Literal[CONFIDENCES]  # type: ignore[valid-type]
Verification = Literal[VERIFICATIONS]  # type: ignore[valid-type]
WeaponCode = Literal[WEAPON_CODES]  # type: ignore[valid-type]
RackType = Literal[RACK_TYPES]  # type: ignore[valid-type]

Count = Annotated[int, Field(ge=0)]
SystemBoxes = Annotated[int, Field(ge=0, le=MAX_SYSTEM_BOXES)]
ShieldBoxes = Annotated[int, Field(ge=0, le=MAX_SHIELD_BOXES)]
Text = Annotated[str, Field(min_length=1)]
FractionText = Annotated[
    str,
    Field(
        pattern=FRACTION_PATTERN, description='exact fraction as text: "1", "1/2", "2/3", "3/2"'
    ),
]
_SCALAR_SCHEMA = {"type": ["string", "integer", "number", "boolean"]}


def _toml_value(value: Any) -> Any:
    """[extra] and disagreement values: text, number, true/false, or a list of those."""
    scalar = (str, bool, int, float)
    if isinstance(value, scalar):
        return value
    if isinstance(value, list) and all(isinstance(item, scalar) for item in value):
        return value
    raise PydanticCustomError("toml_value", "a value of this kind is not allowed here")


Value = Annotated[
    Any,
    PlainValidator(_toml_value),
    WithJsonSchema({"anyOf": [_SCALAR_SCHEMA, {"type": "array", "items": _SCALAR_SCHEMA}]}),
]


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Identity(_Table):
    id: str = Field(
        pattern=ID_PATTERN,
        description='RACE-CLASS in upper case, the race code first: "FED-CA", "KLI-D7", "GEN-APT"',
    )
    race: Race = Field(description="three-letter race code")
    race_name: Text = Field(description='the race written out: "Federation"')
    class_code: Text = Field(description='the class as printed: "CA", "D7", "F-AL"')
    name: Text = Field(description='the class name: "Heavy Cruiser"')
    kind: Kind = Field(description="what kind of unit the file describes")
    year_in_service: Count | None = Field(None, description="Y-year the base hull entered service")
    rule: Text | None = Field(None, description='the R-rule, e.g. "R2.4"')


class Status(_Table):
    complete: bool = Field(description="true only when every box count is known")
    missing: list[Text] = Field([], description="what is missing when complete = false")
    confidence: Confidence | None = None
    verification: Verification | None = Field(
        None,
        description="complete files: verified (two independent sources agree on every count, "
        "or the player checked it against the SSD book), draft (absent = draft) or reconstructed "
        "(rebuilt from Module C2's stated facts, no printed box counts)",
    )
    checked_against: Text | None = Field(
        None, description='where the player checked the counts, e.g. "SSD book, page 42"'
    )
    sources: list[str] = []
    notes: list[str] = []


class Bpv(_Table):
    combat: Count | None = Field(None, description="combat BPV (a single printed value)")
    economic: Count | None = Field(None, description="economic BPV")


class ShipData(_Table):
    size_class: int | None = Field(None, ge=1, le=7, description="size class 1 to 7")
    move_cost: FractionText | None = None
    turn_mode: TurnMode | None = Field(None, description="turn-mode chart letter(s) (C3)")
    breakdown: str | None = Field(
        None,
        pattern=BREAKDOWN_PATTERN,
        description='the breakdown roll(s) (C6.5): a range like "5-6" or a single roll "6"',
    )
    het_cost: FractionText | None = None
    em_cost: FractionText | None = None
    explosion_strength: Count | None = Field(
        None, description="explosion strength (D5.2), the Master Ship Chart's Explo Str column"
    )
    flags: list[Flag] = []


CrewCount = Annotated[int, Field(ge=0, le=MAX_CREW)]


class Crew(_Table):
    crew_units: CrewCount | None = None
    boarding_parties: CrewCount | None = None
    deck_crews: CrewCount | None = None
    spare_shuttles: CrewCount | None = None


class Tracks(_Table):
    sensor: list[Count] | None = Field(
        None, min_length=1, max_length=MAX_TRACK,
        description="as printed; non-increasing; last is 0"
    )
    scanner: list[Count] | None = Field(
        None, min_length=1, max_length=MAX_TRACK,
        description="as printed; non-decreasing; as long as sensor"
    )
    damage_control: list[Count] | None = Field(
        None, min_length=1, max_length=MAX_TRACK,
        description="as printed; non-increasing; last is 0"
    )
    excess_damage: int | None = Field(None, ge=0, le=MAX_EXCESS)


class Shields(_Table):
    boxes: list[ShieldBoxes] = Field(
        min_length=6,
        max_length=6,
        description="six box counts, #1 forward then clockwise (D3.1)",
    )


#: [systems]: one optional count per counted system, in SSD order (rules.ship.COUNTED_SYSTEMS).
Systems: type[_Table] = create_model(
    "Systems",
    __base__=_Table,
    __doc__="Box counts of the counted systems (missing = 0).",
    __module__=__name__,
    **{name: (SystemBoxes, 0) for name in COUNTED_SYSTEMS},  # type: ignore[call-overload]
)


class ShuttleBay(_Table):
    boxes: int = Field(ge=0, le=MAX_BAY_BOXES)
    contents: list[Text] = Field([], description="one per box: admin, GAS, HTS, fighter names")
    launch_tubes: Count = 0


class Weapon(_Table):
    designator: str = Field(pattern=DESIGNATOR_PATTERN, description='as printed: "1", "A"')
    type: WeaponCode = Field(description="a code of sfb_desk/rules/weapon_types.py")
    arcs: list[Arc] = []
    extra_bearings: list[Annotated[int, Field(ge=1, le=24)]] = Field(
        [], description="extra single bearings, 24-point compass (1 ahead, 13 astern)"
    )
    boxes: int = Field(1, ge=1, le=MAX_MOUNT_BOXES)
    rack_type: RackType | None = Field(None, description="drone racks only: A to G (FD3)")
    reloads: Count | None = Field(None, description="drone racks and ADD only")
    max_range: int | None = Field(None, ge=1)
    refit: Text | None = Field(None, description="this mount exists only with the named refit")
    note: str = ""


class Special(_Table):
    key: str = Field(pattern=KEY_PATTERN, description="snake_case; the prefix of its box ids")
    name: Text
    boxes: int = Field(0, ge=0, le=MAX_SPECIAL_BOXES)
    damageable: bool = True
    refit: Text | None = None
    note: str = ""


class RefitEntry(_Table):
    code: Text
    year: Count | None = None
    bpv_delta: int | None = None
    description: str = ""
    adds: list[str] = Field([], description="box ids this refit adds; each must exist in the file")


class DisagreementEntry(_Table):
    field: Text
    chosen: Value
    values: dict[str, Value] = {}
    agreeing: list[str] = []
    note: str = ""


class ProvenanceEntry(_Table):
    source: Text = Field(description='short name of the source, e.g. "amarillo"')
    repository: str = Field("", description="owner/name of the public repository")
    path: str = Field("", description="the file in that repository")
    commit: str = Field("", description="the commit the facts were read at")
    fields: list[Text] = Field([], description="the field groups taken from this source")


class ShipFile(_Table):
    """A whole ship-class file (FORMAT.md)."""

    model_config = ConfigDict(title="SFB Desk ship-class file")

    format: Literal["sfb-desk-ship"]
    format_version: Literal[1]
    identity: Identity
    status: Status
    bpv: Bpv | None = None
    data: ShipData | None = None
    crew: Crew | None = None
    tracks: Tracks | None = None
    shields: Shields | None = None
    systems: Systems | None = None  # type: ignore[valid-type]
    shuttle_bays: list[ShuttleBay] = Field([], max_length=MAX_BAYS)
    weapons: list[Weapon] = Field([], max_length=MAX_WEAPONS)
    special: list[Special] = Field([], max_length=MAX_SPECIAL)
    refits: list[RefitEntry] = []
    disagreements: list[DisagreementEntry] = []
    provenance: list[ProvenanceEntry] = []
    extra: dict[str, Value] = {}


#: Top-level keys checked before the sections are validated (ship_file.migrate).
HEADER_KEYS = ("format", "format_version")

# ---------------------------------------------------------------------------------------------
# JSON Schema


class _TomlJsonSchema(GenerateJsonSchema):
    """TOML has no null: an optional key is simply absent, so drop ``null`` from the schema."""

    def nullable_schema(self, schema: Any) -> Any:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: Any) -> Any:
        json_schema = super().default_schema(schema)
        if json_schema.get("default", 0) is None:
            del json_schema["default"]
        return json_schema


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the file format, generated from :class:`ShipFile`."""
    schema = ShipFile.model_json_schema(schema_generator=_TomlJsonSchema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://sfb-desk.invalid/schemas/{FORMAT_NAME}-{SCHEMA_VERSION}.json",
        **schema,
    }


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def schema_path() -> Path:
    from sfb_desk.data.paths import ssd_data_dir

    return ssd_data_dir() / "ship.schema.json"


def write_json_schema(path: Path | None = None) -> Path:
    """Write the generated schema (default ``ssd_data/ship.schema.json``); returns the path."""
    target = path or schema_path()
    target.write_text(json_schema_text(), encoding="utf-8")
    return target


if __name__ == "__main__":  # pragma: no cover - thin entry point
    print(f"wrote {write_json_schema(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")
