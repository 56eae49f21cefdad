"""The ship importer's pure functions (tools/ship_library: amarillo, terragos, msc, imports) on
small fixtures written here in the shape of each public source (not copies of them): parsing,
a disagreement between sources, a source that is missing, and reproducible output."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from ship_library import amarillo, imports, msc, terragos  # noqa: E402
from ship_library.sources import SourceFile  # noqa: E402
from ship_library.toml_out import dumps  # noqa: E402

from sfb_desk.data.ship_file import parse_ship_text  # noqa: E402

#: A made-up frigate in amarillo's shape.
AMARILLO_FF = {
    "faction": "Klingon", "type": "ZZ", "typeName": "Test Frigate", "serviceYear": 150,
    "bpv": 50, "turnMode": "A", "sizeClass": 4, "moveCost": 0.3333333, "breakdown": 5,
    "nimble": True, "shields": [15, 12, 9, 9, 9, 12],
    "hullBoxes": {"fhull": 2, "ahull": 3},
    "power": {"leftWarp": 5, "rightWarp": 5, "impulse": 2, "apr": 1, "battery": 1},
    "control": {"bridge": 1, "emergency": 1, "security": 1, "controlMod": 1.0},
    "tables": {"damageControl": [2, 2, 2, 0], "sensor": [6, 5, 3, 0], "scanner": [0, 1, 3, 9],
               "excess": 3},
    "auxiliary": {"transporters": 1, "tractors": 1, "probes": 1, "cloakCost": 4},
    "shuttleBays": [{"shuttles": ["admin"]}],
    "crewData": {"totalCrew": 10, "boardingParties": 4, "minCrew": 3},
    "weapons": [
        {"type": "Phaser2", "designator": "1", "arcs": ["FX", "13"]},
        {"type": "Phaser2", "designator": "2", "arcs": ["FX", "13"]},
        {"type": "DroneRack", "designator": "Rack 1", "rackType": "TYPE_A", "arcs": ["FULL"]},
        {"type": "ADD", "designator": "ADD 1", "addType": "ADD_6"},
        {"type": "ScoutChannel", "dacHitLocation": "torp", "designator": "1"},
        {"type": "PlasmaLauncher", "designator": "A", "plasmaType": "F", "arcs": ["LP"],
         "launchDirections": ["17", "21", "1"]},
    ],
}
#: Terragos' shape: a constructor, the three track arrays, setupSSD; a second ship whose
#: setupSSD line carries a pasted constructor of a third (the SkyHawk quirk).
SHIPYARD = """
    ship = new Starship("Klingon", "ZZ", "10", "4", "50", "5-6", "0.33", "-", "4", "A", "R3.99", "83");
    se = new int[]{6, 5, 3, 0};
    sc = new int[]{0, 1, 3, 9};
    da = new int[]{2, 2, 2, 0};
    ship.setupSSD(1, 1, 1, 0, 2, 1, 0, 5, 5, 2, 1, 1, 1, 1, 0, 1, 2, 0, 0, 2, 3, 4, 4, 4, 3, se, sc, da);
    defaultYard.addShipToShipyard(ship);
    ship = new Starship("Romulan", "SkyH-E", "22", "8", "105*", "6", "0.5", "1", "4", "A", "R4.25", "176");
    ship.setupSSD(2, 0, 1, 1, 8, 2, 0, 8, 8, 2, 3, 2, 2, 4, 1, 4, 4, 2, 0, 2, 4, 4, 5, 5, 4, se, sc, da);\
        ship = new Starship("Romulan", "SkyH-C", "24", "6", "93*", "6", "0.5", "-", "4", "A", "R4.23", "181");
    defaultYard.addShipToShipyard(ship);
"""
#: The Master Ship Chart's shape: the General block is repeated at the head of each section.
CHART = """General,R1,General Units
F-S,2,-,40/10,1-6,0.5,-,4,D,99,120,3,5,0,ML
Klingon,R3,The Klingon Deep Space Fleet (R3.0)
F-S,2,-,40/10,1-6,0.5,-,4,D,99,120,3,5,0,ML
ZZ,10,4,50,5-6,0.33,-,4,A,99,127,2,6,3,"N,t"
ZZS,12,4,80/60,5-6,0.33,-,4,A,99,130,2,6,3,t
"""
AMARILLO = SourceFile("amarillo", "example/amarillo", "a" * 40, "data/factions/klingon/zz.json")
TERRAGOS = SourceFile("terragos", "example/terragos", "b" * 40, "Shipyard.java")
MSC = SourceFile("msc", "example/msc", "c" * 40, "master_ship.chart")


def _base_doc() -> dict:
    """An incomplete class as the Advanced Missions SSD page leaves it (the reference part)."""
    return {
        "format": "sfb-desk-ship", "format_version": 1,
        "identity": {"id": "KLI-ZZ", "race": "KLI", "race_name": "Klingon", "class_code": "ZZ",
                     "name": "Test Frigate", "kind": "ship", "rule": "R3.99"},
        "status": {"complete": False,
                   "missing": ["shield box counts", "system box counts", "weapons",
                               "sensor/scanner/damage-control tracks", "excess damage boxes",
                               "shuttle boxes", "crew units and boarding parties"],
                   "sources": ["reference/ssd_facts.json test"], "notes": []},
        "bpv": {"combat": 50},
        "data": {"size_class": 4, "move_cost": "1/3", "turn_mode": "A", "flags": ["nimble"]},
        "extra": {"shield_cost": "1/2"},
    }


def _terragos_record() -> dict:
    ships = terragos.parse_shipyard(SHIPYARD)
    return terragos.find(ships, "Klingon", "R3.99", "ZZ")


def test_amarillo_facts_map_to_our_codes_and_arcs() -> None:
    facts = amarillo.ship_facts(AMARILLO_FF)
    assert facts["data"] == {"size_class": 4, "move_cost": "1/3", "turn_mode": "A",
                             "breakdown": "5-6"}
    assert facts["systems"]["forward_hull"] == 2 and facts["systems"]["security"] == 1
    phaser = facts["weapons"][0]
    assert (phaser["type"], phaser["arcs"], phaser["extra_bearings"]) == ("PH-2", ["FX"], [13])
    rack, add, plasma = facts["weapons"][2:5]
    assert (rack["designator"], rack["rack_type"], rack["arcs"]) == ("1", "A", ["360"])
    assert (add["type"], add["arcs"]) == ("ADD", ["360"])
    assert plasma["type"] == "PLASMA-F" and "launch directions 17, 21, 1" in plasma["note"]
    assert facts["special"][0]["key"] == "special_sensor" and facts["special"][0]["boxes"] == 1
    assert facts["flags"] == ["cloak", "nimble", "scout"]
    assert facts["extra"] == {"cloak_cost": 4}


def test_amarillo_unknown_key_stops_the_import() -> None:
    with pytest.raises(ValueError, match="not mapped"):
        amarillo.ship_facts({**AMARILLO_FF, "hyperdrive": 3})
    with pytest.raises(ValueError, match="weapon type"):
        amarillo.weapon({"type": "Mauler", "designator": "A"})


def test_terragos_setup_belongs_to_the_constructor_before_it() -> None:
    ships = terragos.parse_shipyard(SHIPYARD)
    assert [s["type"] for s in ships] == ["ZZ", "SkyH-E", "SkyH-C"]
    assert ships[1]["counts"]["bridge"] == 2 and "counts" not in ships[2]
    zz = _terragos_record()
    assert zz["counts"]["flag_bridge"] == 1 and zz["tracks"]["sensor"] == [6, 5, 3, 0]
    assert terragos.data_facts(zz)["bpv"] == 50


def test_msc_skips_the_repeated_general_block_and_splits_bpv() -> None:
    rows = msc.parse_chart(CHART)
    assert [(r["race"], r["type"]) for r in rows] == [("GEN", "F-S"), ("KLI", "ZZ"),
                                                     ("KLI", "ZZS")]
    zzs = msc.row_facts(msc.find(rows, "KLI", "R3.99", "ZZS"))
    assert zzs["bpv"] == {"combat": 60, "economic": 80}  # economic/combat (G24.35)
    zz = msc.row_facts(msc.find(rows, "KLI", "R3.99", "ZZ"))
    assert zz["data"]["explosion_strength"] == 6 and zz["crew"]["crew_units"] == 10


def _merge(**sources) -> dict:
    return imports.merge(_base_doc(), "KLI-ZZ", **sources)


def test_merge_records_a_disagreement_with_the_agreeing_sources() -> None:
    rows = msc.parse_chart(CHART)
    doc = _merge(amarillo=(AMARILLO, amarillo.ship_facts(AMARILLO_FF)),
                 terragos=(TERRAGOS, _terragos_record()),
                 msc=(MSC, msc.row_facts(msc.find(rows, "KLI", "R3.99", "ZZ"))))
    flag = next(d for d in doc["disagreements"] if d["field"] == "systems.flag_bridge")
    assert flag == {"field": "systems.flag_bridge", "chosen": 0, "values": {"terragos": 1},
                    "agreeing": ["amarillo"],
                    "note": "amarillo chosen by priority; check against your SSD"}
    assert not [d for d in doc["disagreements"] if d["field"].startswith("weapons")]
    assert doc["status"]["complete"] is True and doc["status"]["verification"] == "draft"
    assert doc["status"]["missing"] == []
    assert doc["data"]["explosion_strength"] == 6
    by_source = {p["source"]: p for p in doc["provenance"]}
    assert by_source["amarillo"]["commit"] == "a" * 40
    assert {"shields", "weapons", "systems"} <= set(by_source["amarillo"]["fields"])
    assert "systems (cross-check)" in by_source["terragos"]["fields"]
    spec = parse_ship_text(dumps(doc), "KLI-ZZ.toml")  # the result is a valid, playable file
    assert spec.data_status == "draft" and spec.shields == (15, 12, 9, 9, 9, 12)
    assert spec.provenance[0].source == "amarillo"


def test_merge_without_the_box_source_leaves_the_class_incomplete() -> None:
    doc = _merge(amarillo=None, terragos=(TERRAGOS, _terragos_record()), msc=None)
    assert doc["status"]["complete"] is False
    assert doc["status"]["missing"] == ["shield box counts", "weapons"]
    assert doc["systems"]["flag_bridge"] == 1  # what is known is filled in for the designer
    assert any("Terragos" in line for line in doc["extra"]["weapon_box_totals"])
    assert [p["source"] for p in doc["provenance"]] == ["terragos"]
    assert "verification" not in doc["status"]
    parse_ship_text(dumps(doc), "KLI-ZZ.toml")


def test_merge_without_any_source_changes_nothing_but_order() -> None:
    doc = _merge()
    assert doc["status"]["complete"] is False and "provenance" not in doc
    assert doc["status"]["missing"] == _base_doc()["status"]["missing"]


def test_merge_is_reproducible() -> None:
    facts = amarillo.ship_facts(AMARILLO_FF)
    record = _terragos_record()
    first = dumps(_merge(amarillo=(AMARILLO, copy.deepcopy(facts)), terragos=(TERRAGOS, record)))
    again = dumps(_merge(amarillo=(AMARILLO, copy.deepcopy(facts)), terragos=(TERRAGOS, record)))
    assert first == again


def test_a_source_file_missing_from_the_cache_is_reported_not_guessed(tmp_path):
    from ship_library.public import gather

    report: list[str] = []
    found = gather("KLI-G2", {"identity": {"race": "KLI", "rule": "R3.19", "class_code": "G2"}},
                   tmp_path, report)
    assert found == {"amarillo": None, "terragos": None, "msc": None}
    assert report[0] == "KLI-G2: deastland0423/amarillo data/factions/klingon/g2.json @1818324"
    assert any("Shipyard.java" in line for line in report)
    assert any("master_ship.chart" in line for line in report)
