"""The committed JSON Schema (ssd_data/ship.schema.json) is the one the pydantic models generate."""

from __future__ import annotations

import json

from sfb_desk.data import ship_schema
from sfb_desk.rules.ship import COUNTED_SYSTEMS
from sfb_desk.rules.weapon_types import WEAPON_TYPES


def test_committed_schema_is_up_to_date():
    committed = ship_schema.schema_path().read_text(encoding="utf-8")
    assert committed == ship_schema.json_schema_text(), (
        "ssd_data/ship.schema.json is stale: run `python -m sfb_desk.data.ship_schema`"
    )


def test_write_json_schema_writes_the_generated_text(tmp_path):
    target = ship_schema.write_json_schema(tmp_path / "ship.schema.json")
    assert target.read_text(encoding="utf-8") == ship_schema.json_schema_text()


def test_schema_describes_the_format():
    schema = json.loads(ship_schema.json_schema_text())
    assert schema["$schema"].endswith("2020-12/schema")
    assert schema["required"] == ["format", "format_version", "identity", "status"]
    assert schema["properties"]["format_version"]["const"] == 1
    assert schema["additionalProperties"] is False
    defs = schema["$defs"]
    assert all(d.get("additionalProperties") is False for d in defs.values() if "properties" in d)
    assert list(defs["Systems"]["properties"]) == list(COUNTED_SYSTEMS)
    weapon = defs["Weapon"]["properties"]
    assert weapon["type"]["enum"] == list(WEAPON_TYPES)
    assert "FZ" not in weapon["arcs"]["items"]["enum"] and "LF" in weapon["arcs"]["items"]["enum"]
    assert defs["Shields"]["properties"]["boxes"]["minItems"] == 6
    assert defs["Shields"]["properties"]["boxes"]["maxItems"] == 6
    assert defs["ShipData"]["properties"]["move_cost"]["pattern"] == ship_schema.FRACTION_PATTERN
    # TOML has no null: optional keys are plain types, never "null".
    assert '"null"' not in ship_schema.json_schema_text()


def test_vocabularies_come_from_the_rules_engine():
    """Charts are data in one place (DESIGN.md section 3): the file format names what rules use."""
    from sfb_desk.rules.arcs import ARC_NAMES
    from sfb_desk.rules.charts.turn_modes import TURN_MODE_BRACKETS

    assert ship_schema.ARCS == ARC_NAMES
    assert set(ship_schema.TURN_MODES) <= set(TURN_MODE_BRACKETS)
    assert ship_schema.WEAPON_CODES == tuple(WEAPON_TYPES)
