"""The bundled scenarios (ssd_data/scenarios): every file loads, and its facts are the seeds'.

The set-ups below are copied by hand from the seed lines each scenario cites (seed 000 is the
Captain's Advanced Missions, seed 002 Module C2), so a slip in a scenario file fails here.
"""

from __future__ import annotations

import pytest

from sfb_desk.data import paths
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import Scenario, load_scenario_file
from sfb_desk.data.scenarios import ScenarioLibrary, load_scenarios, unit_bpv
from sfb_desk.rules.hexes import hex_from_label, hex_range

BUNDLED = paths.ssd_data_dir() / "scenarios"


@pytest.fixture(scope="module")
def ships() -> ShipLibrary:
    return load_library()


@pytest.fixture(scope="module")
def library(ships) -> ScenarioLibrary:
    return load_scenarios([BUNDLED], ships)


def _setup(scenario: Scenario) -> list[tuple]:
    return [
        (side.name, u.ship or u.monster or u.unlisted, u.name, u.hex, u.facing, u.speed,
         u.weapon_status, tuple(u.refits))
        for side in scenario.sides
        for u in side.units
    ]  # fmt: skip


def test_every_bundled_scenario_loads(library):
    files = sorted(BUNDLED.glob("*.toml"))
    assert library.problems == []
    assert len(library) == len(files) >= 8
    assert {f.stem for f in files} == {s.id for s in library.sorted()}


@pytest.mark.parametrize("path", sorted(BUNDLED.glob("*.toml")), ids=lambda p: p.stem)
def test_each_file_loads_on_its_own(path, ships):
    scenario = load_scenario_file(path, ships)
    assert scenario.id == path.stem


# (id) -> (seed, first line, last line); the first line is the scenario's heading, as printed:
# 000 L9373 "(SG22.0) POLICE ACTION", L10138 "(SH19.0) THE MIGHTY HOOD GOES DOWN",
# L10319 "(SM5.0) SUNSNAKE", L330 "SG1.0 THE DUEL" (contents); 002 L3040 "(SH46.0) THREE
# AGAINST CORTEZ". The last line is the last of its text (before the next heading).
SOURCES = {
    "SG22": ("000", 9373, 9476),
    "SH19": ("000", 10138, 10232),
    "SM5": ("000", 10319, 10413),
    "SH46": ("002", 3040, 3100),
    "SG1": ("000", 330, 330),
}

PLAYABLE = {
    "SG1": True, "SG22": False, "SH19": True, "SH46": False, "SM5": False,
    "PRACTICE-CA-D7": True, "PRACTICE-CA-D7-FIXED": True, "PRACTICE-FF-F5": True,
}  # fmt: skip


@pytest.mark.parametrize("scenario_id", sorted(SOURCES))
def test_rulebook_scenarios_cite_their_seed_lines(library, scenario_id):
    scenario = library.get(scenario_id)
    seed, first, last = SOURCES[scenario_id]
    assert scenario.source is not None
    assert (scenario.source.seed, scenario.source.lines) == (seed, [first, last])
    assert scenario.scenario.rule == f"{scenario_id}.0"


def test_origins_and_playable_flags(library):
    assert {s.id: s.status.playable for s in library.sorted()} == PLAYABLE
    origins = {s.id: s.scenario.origin for s in library.sorted()}
    assert origins["SG1"] == "reconstructed"
    assert {i for i, o in origins.items() if o == "practice"} == {
        i for i in PLAYABLE if i.startswith("PRACTICE-")
    }
    for scenario in library.sorted():
        if not scenario.status.playable:
            assert scenario.status.reason
        if scenario.scenario.origin == "practice":
            assert scenario.source is None and scenario.scenario.rule is None
            assert "not a rulebook scenario" in " ".join(scenario.scenario.notes)


def test_playable_scenarios_use_complete_ships_only(library, ships):
    for scenario in library.sorted():
        if scenario.status.playable:
            for _, unit in scenario.units():
                assert unit.unlisted == ""
                if unit.ship:
                    assert ships.get(unit.ship).complete, (scenario.id, unit.ship)


def test_sg1_is_marked_as_a_reconstruction(library):
    sg1 = library.get("SG1")
    notes = " ".join(sg1.scenario.notes + sg1.status.limitations)
    assert "only the title and rule number are the rulebook's" in notes
    assert "seed 000 L330" in notes
    assert [u.weapon_status for _, u in sg1.units()] == ["roll", "roll"]
    assert [u.ship for _, u in sg1.units()] == ["FED-CA", "KLI-D7"]


def test_sh19_setup_is_the_seeds(library, ships):
    # seed 000 L10156-10160, L10180
    sh19 = library.get("SH19")
    assert sh19.scenario.year == 171
    assert sh19.map.kind == "floating"
    assert [(t.kind, t.hexes) for t in sh19.terrain] == [("planet", ["2215"])]
    assert _setup(sh19) == [
        ("Federation", "FED-CA", "Hood", "1820", "A", 4, 1, ("R", "+", "a")),
        ("Klingon", "KLI-D7", "Challenger", "0128", "B", "max", 3, ("B",)),
        ("Klingon", "KLI-D6", "Bloodshedder", "0129", "B", "max", 3, ("B",)),
        ("Klingon", "KLI-D6", "Desolation", "0130", "B", "max", 3, ("B",)),
    ]
    assert sh19.rules.drone_speed == 20
    assert sh19.victory.kind == "task"
    assert len(sh19.victory.levels) == 8
    assert sh19.victory.levels[0].model_dump() == {
        "outcome": "Hood disengages crippled", "level": "Draw",
    }  # fmt: skip
    hood = sh19.sides[0].units[0]
    assert unit_bpv(hood, ships) == (143, "FED-CA 125, R +4, + +14, a +0")


def test_sg22_setup_is_the_seeds(library):
    # seed 000 L9383-9387, L9419
    sg22 = library.get("SG22")
    assert sg22.map.kind == "floating"
    assert _setup(sg22) == [
        ("Neutral", "Small freighter (Basic Set; no ship file in the library)", "", "2215",
         "A", 0, 0, ()),
        ("Player A", "FED-POL", "", "2515", "F", 0, 3, ()),
        ("Player B", "KLI-G2", "", "0101", "C", 20, 3, ()),
    ]  # fmt: skip
    assert sg22.sides[0].neutral
    assert "cannot_be_fired_on" in sg22.sides[0].units[0].flags
    assert "FED-POL" in sg22.status.reason and "KLI-G2" in sg22.status.reason


def test_sm5_setup_is_the_seeds_with_the_off_map_hex_noted(library):
    # seed 000 L10331-10337
    sm5 = library.get("SM5")
    assert sm5.map.kind == "fixed"
    assert [(t.kind, t.hexes) for t in sm5.terrain] == [
        ("planet", ["0805"]),
        ("star", ["0106", "0105", "0204", "0203", "0303", "0302", "0401"]),
    ]
    ca, snake = (u for _, u in sm5.units())
    assert "2332" in ca.printed and ca.hex == "2330"  # row 32 is off the 42x30 map
    assert (ca.facing, ca.speed, ca.weapon_status) == ("choice", "max", 2)
    assert (snake.monster, snake.hex, snake.speed) == ("Sun Snake", "4222", 3)
    assert [lvl.outcome for lvl in sm5.victory.levels] == [
        "0-100 points", "101-200 points", "201-300 points", "301-399 points", "400 points",
    ]  # fmt: skip


def test_sh46_setup_is_the_seeds(library):
    # seed 002 L3052-3054, L3072
    sh46 = library.get("SH46")
    assert sh46.scenario.year == 173
    klingons = sh46.sides[0].units
    assert [(u.name, u.hex, u.within, u.facing, u.speed) for u in klingons] == [
        (name, "0825", 3, "B", "max") for name in ("Chieftain", "Reaper", "War Demon")
    ]
    assert [u.refits for u in klingons] == [["B", "UIM"], [], ["B"]]
    cortez = sh46.sides[1].units[0]
    assert (cortez.name, cortez.hex, cortez.facing) == ("Cortez", "3604", "E")
    assert sh46.victory.kind == "modified"


@pytest.mark.parametrize(
    ("scenario_id", "distance"),
    [("PRACTICE-CA-D7", 15), ("PRACTICE-CA-D7-FIXED", 10), ("PRACTICE-FF-F5", 12)],
)
def test_practice_duels_start_at_their_stated_range(library, scenario_id, distance):
    scenario = library.get(scenario_id)
    a, b = (hex_from_label(u.hex) for _, u in scenario.units())
    assert hex_range(a, b) == distance
    assert f"range {distance}" in scenario.title
    facings = [u.facing_index for _, u in scenario.units()]
    assert facings == [0, 3]  # A and D: bow to bow along one column
