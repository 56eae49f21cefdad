"""The generated ship library (ssd_data/ships/) against the reference fact files it is built from.

* every entry of tools/reference/core_ships.json and ssd_facts.json has exactly one ship file;
* the 21 core ships carry the reference box counts, tracks, weapons and data exactly;
* every Advanced Missions SSD unit is incomplete with a non-empty ``missing`` list, unless it was
  merged into a core ship's file or a public transcription gave its box counts (then every box
  section is named by a ``[[provenance]]`` entry, issue 16);
* the facts of each SSD unit (BPV, size class, notes, refits, tracks) are carried;
* running tools/build_ship_library.py again reproduces the committed files byte for byte.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPS = ROOT / "ssd_data" / "ships"
REFERENCE = ROOT / "tools" / "reference"
CORE = json.loads((REFERENCE / "core_ships.json").read_text(encoding="utf-8"))["ships"]
UNITS = json.loads((REFERENCE / "ssd_facts.json").read_text(encoding="utf-8"))

RACE_CODES = {"Federation": "FED", "Klingon": "KLI", "Romulan": "ROM", "Kzinti": "KZI",
              "Gorn": "GOR", "Tholian": "THO", "Orion": "ORI", "Hydran": "HYD", "Lyran": "LYR"}
SSD_RACE_CODES = {name.upper(): code for name, code in RACE_CODES.items()} | {"GENERIC": "GEN"}
#: The reference's weapon type names and the catalogue codes of sfb_desk/rules/weapon_types.py.
WEAPON_CODE = {"Ph-1": "PH-1", "Ph-2": "PH-2", "Ph-3": "PH-3", "Ph-G": "PH-G",
               "Photon": "PHOTON", "Disruptor": "DISRUPTOR", "Plasma-R": "PLASMA-R",
               "Plasma-S": "PLASMA-S", "Fusion": "FUSION", "ESG": "ESG",
               "Option mount (centerline)": "OPTION", "Option mount (wing)": "OPTION"}
#: core_ships.json (group, key) -> [systems] key of FORMAT.md.
SYSTEMS = {("control", "bridge"): "bridge", ("control", "flag_bridge"): "flag_bridge",
           ("control", "emergency_bridge"): "emergency_bridge",
           ("control", "aux_control"): "aux_control", ("control", "security"): "security",
           ("power", "left_warp"): "left_warp", ("power", "right_warp"): "right_warp",
           ("power", "center_warp"): "center_warp", ("power", "impulse"): "impulse",
           ("power", "apr"): "apr", ("power", "awr"): "awr", ("power", "battery"): "battery",
           ("hull", "forward"): "forward_hull", ("hull", "aft"): "aft_hull",
           ("hull", "center"): "center_hull", ("hull", "cargo"): "cargo",
           ("hull", "armor"): "armor", ("systems", "labs"): "lab",
           ("systems", "transporters"): "transporter", ("systems", "tractors"): "tractor",
           ("systems", "probe_launchers"): "probe"}
sys.path.insert(0, str(ROOT / "tools"))
from ship_library.sources import EXTRA_CLASSES  # noqa: E402

SOURCE_RE = re.compile(r"^reference/(core_ships|ssd_facts)\.json (\S+)")


def _load_library() -> dict[str, dict]:
    """The files tools/build_ship_library.py writes; the RECONSTRUCTED Module C2 classes come
    from tools/build_c2_ships.py (tests/data/test_c2_ships.py) and are left out here."""
    docs = {p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(SHIPS.glob("*.toml"))}
    return {k: d for k, d in docs.items() if d["status"].get("verification") != "reconstructed"}


LIBRARY = _load_library()


def _files_by_reference() -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for stem, doc in LIBRARY.items():
        for source in doc["status"]["sources"]:
            m = SOURCE_RE.match(source)
            if m:
                found.setdefault((m.group(1), m.group(2)), []).append(stem)
    return found


BY_REFERENCE = _files_by_reference()


def _file_of(table: str, ref_id: str) -> dict:
    stems = BY_REFERENCE.get((table, ref_id), [])
    assert len(stems) == 1, f"{table} {ref_id}: files {stems}"
    return LIBRARY[stems[0]]


# -- one file per reference entry ----------------------------------------------------------------

def test_every_reference_entry_has_exactly_one_file() -> None:
    expected = {("core_ships", s["id"]) for s in CORE} | {("ssd_facts", u["id"]) for u in UNITS}
    assert set(BY_REFERENCE) == expected
    duplicated = {ref: stems for ref, stems in BY_REFERENCE.items() if len(stems) != 1}
    assert not duplicated
    referenced = {stem for stems in BY_REFERENCE.values() for stem in stems}
    # Classes beyond the reference come whole from the public transcriptions (issue 16).
    extra = set(LIBRARY) - referenced
    assert extra == set(EXTRA_CLASSES), "files that no reference entry accounts for"
    for stem in extra:
        fields = {f for p in LIBRARY[stem]["provenance"] for f in p["fields"]}
        assert {"shields", "systems", "weapons"} <= fields


def test_file_names_are_the_ids_and_ids_follow_race_class() -> None:
    for stem, doc in LIBRARY.items():
        ident = doc["identity"]
        assert ident["id"] == stem
        assert stem.startswith(ident["race"] + "-")
    for ship in CORE:
        doc = _file_of("core_ships", ship["id"])
        assert doc["identity"]["id"] == f"{RACE_CODES[ship['race']]}-{ship['class']}"
    for unit in UNITS:
        doc = _file_of("ssd_facts", unit["id"])
        code = SSD_RACE_CODES[unit["race"]]
        assert doc["identity"]["race"] == code
        printed = doc.get("extra", {}).get("class_code_printed", unit.get("type"))
        if unit.get("type"):
            assert printed == unit["type"]
            assert doc["identity"]["id"].startswith(f"{code}-{doc['identity']['class_code']}")


def test_shared_race_and_class_get_distinct_readable_ids() -> None:
    for stem in ("GEN-F-AS-PL", "GEN-F-AS-DI", "GEN-F-AL-PL", "GEN-F-AL-DI", "GEN-DEFSAT-DISR",
                 "KLI-CVT", "FED-CVT", "KLI-P-C1", "KZI-P-C1"):
        assert stem in LIBRARY


# -- core ships: box counts exactly as in the reference ------------------------------------------

@pytest.mark.parametrize("ship", CORE, ids=[s["id"] for s in CORE])
def test_core_ship_carries_reference_box_counts(ship: dict) -> None:
    doc = _file_of("core_ships", ship["id"])
    assert doc["shields"]["boxes"] == ship["shields"]
    systems = doc.get("systems", {})
    for (group, key), name in SYSTEMS.items():
        assert systems.get(name, 0) == ship[group][key], name
    tracks = doc["tracks"]
    assert tracks["sensor"] == ship["tracks"]["sensor"]
    assert tracks["scanner"] == ship["tracks"]["scanner"]
    assert tracks["damage_control"] == ship["tracks"]["damage_control"]
    assert tracks["excess_damage"] == ship["excess_damage"]
    bays = doc.get("shuttle_bays", [])
    assert [b["boxes"] for b in bays] == [b["boxes"] for b in ship["shuttle_bays"]]
    assert [b["contents"] for b in bays] == [b["contents"] for b in ship["shuttle_bays"]]
    assert [b.get("launch_tubes", 0) for b in bays] == \
        [b.get("launch_tubes", 0) for b in ship["shuttle_bays"]]
    assert sum(b["boxes"] for b in bays) == ship["systems"]["shuttle_boxes"]
    expected = [(w["designator"], WEAPON_CODE[w["type"]], w["arcs"], w.get("extra_bearings", []), None)
                for w in ship["phasers"] + ship["heavy_weapons"]]
    expected += [(w["designator"], "DRONE", w["arcs"], w.get("extra_bearings", []), w["rack_type"])
                 for w in ship["drone_racks"]]
    got = [(w["designator"], w["type"], w["arcs"], w.get("extra_bearings", []), w.get("rack_type"))
           for w in doc.get("weapons", [])]
    assert got == expected


@pytest.mark.parametrize("ship", CORE, ids=[s["id"] for s in CORE])
def test_core_ship_carries_reference_data(ship: dict) -> None:
    doc = _file_of("core_ships", ship["id"])
    ident, data, crew = doc["identity"], doc["data"], doc["crew"]
    assert (ident["class_code"], ident["year_in_service"], ident["rule"]) == \
        (ship["class"], ship["year_in_service"], ship["rule"])
    assert doc["bpv"]["combat"] == ship["bpv"]["combat"]
    assert data["size_class"] == ship["size_class"]
    assert abs(float(Fraction(data["move_cost"])) - ship["move_cost"]) < 0.01
    assert (data["turn_mode"], data["breakdown"]) == (ship["turn_mode"], ship["breakdown"])
    assert (crew["crew_units"], crew["boarding_parties"]) == \
        (ship["crew_units"], ship["boarding_parties"])
    if ship["spare_shuttles"].isdigit():
        assert crew["spare_shuttles"] == int(ship["spare_shuttles"])
    assert doc["status"]["confidence"] == ship["confidence"]
    for note in ship["notes"]:
        assert note in doc["status"]["notes"]
    got = [(d["field"], d["chosen"], d["values"]) for d in doc.get("disagreements", [])]
    for d in ship["disagreements"]:
        assert (d["field"], d["chosen"], d["values"]) in got
    codes = [r["code"] for r in doc.get("refits", [])]
    assert codes[: len(ship["refits"])] == [r["code"] for r in ship["refits"]]


def test_fed_ca_and_klingon_d7_are_complete_with_their_reference_counts() -> None:
    fed, d7 = LIBRARY["FED-CA"], LIBRARY["KLI-D7"]
    ref = {s["id"]: s for s in CORE}
    assert fed["status"]["complete"] and d7["status"]["complete"]
    assert fed["shields"]["boxes"] == ref["fed-ca"]["shields"]
    assert d7["shields"]["boxes"] == ref["kli-d7"]["shields"]
    assert d7["systems"]["security"] == ref["kli-d7"]["control"]["security"]
    assert len(d7["weapons"]) == len(ref["kli-d7"]["phasers"]) + len(
        ref["kli-d7"]["heavy_weapons"]) + len(ref["kli-d7"]["drone_racks"])


# -- Advanced Missions SSD units -----------------------------------------------------------------

def _merged(unit: dict) -> bool:
    doc = _file_of("ssd_facts", unit["id"])
    return any(s.startswith("reference/core_ships.json") for s in doc["status"]["sources"])


@pytest.mark.parametrize("unit", UNITS, ids=[u["id"] for u in UNITS])
def test_ssd_unit_is_incomplete_unless_merged(unit: dict) -> None:
    doc = _file_of("ssd_facts", unit["id"])
    if _merged(unit):
        core_ids = [SOURCE_RE.match(s).group(2) for s in doc["status"]["sources"]
                    if s.startswith("reference/core_ships.json")]
        core = next(s for s in CORE if s["id"] == core_ids[0])
        assert doc["shields"]["boxes"] == core["shields"]
        return
    imported = {f for p in doc.get("provenance", []) for f in p["fields"]}
    for section in ("shields", "systems", "weapons", "shuttle_bays"):
        assert section not in doc or section in imported, f"{section} without a source"
    if doc["status"]["complete"]:
        assert doc["status"]["verification"] == "draft"  # one source for shields and arcs
        assert {"shields", "weapons", "systems"} <= imported
    else:
        assert doc["status"]["missing"]


def test_only_the_orion_light_raider_is_merged() -> None:
    merged = sorted(u["id"] for u in UNITS if _merged(u))
    assert merged == ["orion-light-raider"]
    assert _file_of("ssd_facts", "orion-light-raider") is _file_of("core_ships", "ori-lr")


@pytest.mark.parametrize("unit", UNITS, ids=[u["id"] for u in UNITS])
def test_ssd_unit_facts_are_carried(unit: dict) -> None:
    doc = _file_of("ssd_facts", unit["id"])
    notes = doc["status"]["notes"]
    for note in unit.get("notes", []):
        assert f"L{note['line']}: {note['text']}" in notes
    if "bpv" in unit:  # a split BPV is printed economic/combat (G24.35)
        combat, economic = unit["bpv"]["combat"], unit["bpv"].get("economic")
        if economic is not None:
            combat, economic = economic, combat
        assert doc["bpv"]["combat"] == combat
        assert doc["bpv"].get("economic") == economic
    if "size_class" in unit:
        assert doc["data"]["size_class"] == unit["size_class"]
    refits = [(r["bpv_delta"], r["description"]) for r in doc.get("refits", [])]
    for r in unit.get("refits", []):
        assert any(delta == r["bpv_change"] and f"(L{r['line']})" in text for delta, text in refits)
    extra = doc.get("extra", {})
    for key in ("shield_cost", "life_support", "cloak_cost"):
        if key in unit:
            assert extra[key] == unit[key]
    if "sensor" in unit.get("tracks", {}) and not _merged(unit):
        if "sensor_track_printed" in extra:  # printed in part: kept as printed
            assert extra["sensor_track_printed"] == unit["tracks"]["sensor"]
        else:  # printed whole: the tracks of the file, whatever other sources say
            assert doc["tracks"]["sensor"] == unit["tracks"]["sensor"]
            assert doc["tracks"]["scanner"] == unit["tracks"]["scanner"]
            assert doc["tracks"]["damage_control"] == unit["tracks"]["damcon"]
            assert len(unit["tracks"]["sensor"]) > 2
    printed_letters = [t["letter"] for t in unit.get("turn_mode", []) if "letter" in t]
    if printed_letters and "letter" in unit["turn_mode"][0]:
        assert doc["data"]["turn_mode"] == printed_letters[0]


# -- the generator reproduces the committed files ------------------------------------------------

def test_generator_reproduces_committed_files(tmp_path: Path) -> None:
    """With the public transcriptions' cache (tools/ship_library/sources.py) the generator gives
    the committed files byte for byte; without it, it refuses rather than drop the imports."""
    sys.path.insert(0, str(ROOT / "tools"))
    from ship_library.sources import DEFAULT_CACHE

    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_ship_library.py"), "--out", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    if not DEFAULT_CACHE.is_dir():
        assert result.returncode == 2 and "no source cache" in result.stderr
        assert not list(tmp_path.glob("*.toml"))
        return
    assert result.returncode == 0, result.stderr
    assert "missing source" not in result.stderr
    generated = {p.name: p.read_bytes() for p in tmp_path.glob("*.toml")}
    committed = {p.name: p.read_bytes() for p in SHIPS.glob("*.toml") if f"{p.stem}" in LIBRARY}
    assert sorted(generated) == sorted(committed)
    changed = [name for name in generated if generated[name] != committed[name]]
    assert not changed, f"re-run the generator: {changed}"
