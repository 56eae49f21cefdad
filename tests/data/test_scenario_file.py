"""The bundled scenarios (ssd_data/scenarios): every file loads, and its facts are the seeds'.

The set-ups below are copied by hand from the seed lines each scenario cites (seed 000 is the
Captain's Advanced Missions, seed 002 Module C2), so a slip in a scenario file fails here.
"""

from __future__ import annotations

import pytest

from sfb_desk.data import paths
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import Scenario, load_scenario_file
from sfb_desk.data.scenario_play import playability, resolved_ship
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


# (id) -> (seed, first line, last line); the first line is the scenario's heading, as printed
# (000: "(SG11.0) THE FIRST OF ITS KIND" at L9081 ...; 002: "(SG10.0) VISITOR FROM ANDROMEDA" at
# L2481 ...); the last line is the last of its text before the next heading.
SOURCES = {
    "SG1": ("000", 330, 330), "SG2.64": ("000", 9663, 9686), "SG11": ("000", 9081, 9174),
    "SG12": ("000", 9175, 9258), "SG15": ("000", 9259, 9371), "SG22": ("000", 9373, 9476),
    "SG23": ("000", 9477, 9556), "SG24": ("000", 9557, 9662), "SH6": ("000", 9688, 9783),
    "SH7": ("000", 9784, 9875), "SH8": ("000", 9876, 9963), "SH11": ("000", 9964, 10137),
    "SH19": ("000", 10138, 10232), "SH20": ("000", 10233, 10317), "SM5": ("000", 10319, 10413),
    "SM6": ("000", 10414, 10530), "SM7": ("000", 10531, 10648),
    "SG2.66": ("002", 2565, 2574), "SG10": ("002", 2481, 2563), "SG25": ("002", 2576, 2660),
    "SG26": ("002", 2662, 2759), "SH43": ("002", 2761, 2858), "SH44": ("002", 2860, 2956),
    "SH45": ("002", 2958, 3038), "SH46": ("002", 3040, 3100), "T7S1": ("002", 3142, 3184),
    "T7S2": ("002", 3186, 3238), "T7S3": ("002", 3240, 3291),
}  # fmt: skip
ADVANCED_MISSIONS = {"SG11", "SG12", "SG15", "SG22", "SG23", "SG24", "SG2.64", "SH6", "SH7", "SH8",
                     "SH11", "SH19", "SH20", "SM5", "SM6", "SM7"}  # fmt: skip
MODULE_C2 = {"SG10", "SG2.66", "SG25", "SG26", "SH43", "SH44", "SH45", "SH46", "T7S1", "T7S2",
             "T7S3"}  # fmt: skip

# [status] playable: false where the program lacks a rule the scenario turns on (whatever ships
# the library has); the file's reason says which.
RULES_BLOCKED = {"SG10", "SG11", "SG12", "SG26", "SH6", "SH7", "SH11", "SH20", "SH43", "SH44",
                 "T7S1", "T7S2", "T7S3"}  # fmt: skip


def test_every_rulebook_scenario_of_both_books_is_a_file(library):
    ids = {s.id for s in library.sorted()}
    assert ADVANCED_MISSIONS <= ids and len(ADVANCED_MISSIONS) == 16
    assert MODULE_C2 <= ids and len(MODULE_C2) == 11
    for scenario_id in ADVANCED_MISSIONS | MODULE_C2:
        seed = library.get(scenario_id).source.seed
        assert seed == ("000" if scenario_id in ADVANCED_MISSIONS else "002")


@pytest.mark.parametrize("scenario_id", sorted(SOURCES))
def test_rulebook_scenarios_cite_their_seed_lines(library, scenario_id):
    scenario = library.get(scenario_id)
    seed, first, last = SOURCES[scenario_id]
    assert scenario.source is not None
    assert (scenario.source.seed, scenario.source.lines) == (seed, [first, last])
    rule = scenario_id if "." in scenario_id else f"{scenario_id}.0"
    assert scenario.scenario.rule == rule


def test_origins_and_rules_blocked_flags(library):
    blocked = {s.id for s in library.sorted() if not s.status.playable}
    assert blocked == RULES_BLOCKED
    origins = {s.id: s.scenario.origin for s in library.sorted()}
    assert origins["SG1"] == "reconstructed"
    assert {i for i, o in origins.items() if o == "practice"} == {
        "PRACTICE-CA-D7", "PRACTICE-CA-D7-FIXED", "PRACTICE-FF-F5", "PRACTICE-MINEFIELD",
    }  # fmt: skip
    for scenario in library.sorted():
        if not scenario.status.playable:
            assert scenario.status.reason
        if scenario.scenario.origin == "practice":
            assert scenario.source is None and scenario.scenario.rule is None
            assert "not a rulebook scenario" in " ".join(scenario.scenario.notes)


def _incomplete(scenario, ships) -> set[str]:
    """The ship ids (or unlisted names) of units that are not complete library classes."""
    out = set()
    for _side, unit in scenario.units():
        if unit.monster:
            continue
        ship_id = unit.ship or unit.ship_needed
        if ship_id in ships and ships.get(ship_id).complete:
            continue
        out.add(ship_id or unit.unlisted)
    return out


def test_playability_lists_exactly_the_ships_to_complete(library, ships):
    for scenario in library.sorted():
        play = playability(scenario, ships)
        if any(side.forces for side in scenario.sides):
            continue
        missing = {m.ship_id or m.printed for m in play.missing}
        assert missing == _incomplete(scenario, ships), scenario.id
        assert play.playable == (not missing and scenario.status.playable and not play.reasons)
        for m in play.missing:
            assert m.exists == (m.ship_id in ships)


def test_playable_scenarios_use_complete_ships_only(library, ships):
    for scenario in library.sorted():
        if playability(scenario, ships).playable:
            for _, unit in scenario.units():
                assert unit.monster or ships.get(resolved_ship(unit, ships)).complete


def test_a_ship_file_with_the_needed_id_makes_the_unit_that_ship(library, ships):
    sh46 = library.get("SH46")
    reaper = sh46.sides[0].units[1]
    assert (reaper.ship, reaper.ship_needed) == (None, "KLI-D5")
    assert resolved_ship(reaper, ships) == ("KLI-D5" if "KLI-D5" in ships else None)


def test_force_lists_are_the_books(library):
    sg264 = library.get("SG2.64")
    races = [f.race for f in sg264.sides[0].forces]
    assert {r: races.count(r) for r in races} == {
        "Federation": 7, "Klingon": 7, "Kzinti": 6, "Romulan": 11, "Gorn": 3, "Tholian": 3,
    }  # fmt: skip
    first = sg264.sides[0].forces[0]
    assert [(u.count, u.printed) for u in first.units] == [(1, "1xDN+"), (2, "2xNCL"), (2, "2xFFG")]
    assert sg264.sides[1].forces == sg264.sides[0].forces  # any list may be force A or B
    sg266 = library.get("SG2.66")
    races = [f.race for f in sg266.sides[0].forces]
    assert {r: races.count(r) for r in races} == {"Andromedan": 8, "ISC": 6, "Tholian": 5}


def test_sg15_minefield_is_the_standard_package_in_rows_20_to_24(library):
    sg15 = library.get("SG15")
    (field,) = sg15.minefields
    assert (field.side, field.package, field.columns, field.hidden) == (
        "Defender", "standard", [20, 24], True)
    ms = sg15.sides[0].units[0]
    assert (ms.ship, ms.hex, ms.facing, ms.speed, ms.weapon_status) == ("KLI-F5M", "4201", "E",
                                                                       12, 2)
    reaction = sg15.sides[1].units[0]
    assert (reaction.hex, reaction.arrives_turn, reaction.facing) == ("0129", 15, "B")
    assert sg15.sides[0].exit_edges == ["42xx"] and sg15.sides[1].exit_edges == ["01xx"]


def test_sh11_set_up_hexes_are_the_books(library):
    # seed 000 L9990-10026
    sh11 = library.get("SH11")
    alliance = [u.hex for u in sh11.sides[0].units]
    assert alliance == ["4218", "4019", "4220", "3422", "3623", "4230", "3621", "3820", "3229",
                        "3029", "3428", "3430"]  # fmt: skip
    coalition = [u.hex for u in sh11.sides[1].units]
    assert coalition == ["1009", "1407", "0611", "0908", "1206", "0604", "0804", "0506", "1208",
                         "0810", "0101", "0609"]  # fmt: skip
    assert sh11.options.per_side == 155 and sh11.rules.drone_speed == 32


def test_sm6_and_sm7_monsters_and_terrain(library):
    sm6, sm7 = library.get("SM6"), library.get("SM7")
    assert [(t.kind, t.hexes) for t in sm6.terrain] == [("planet", ["3927"])]
    assert (sm6.sides[1].units[0].monster, sm6.sides[1].units[0].hex) == ("Mind Monster", "0201")
    assert [(t.kind, t.hexes) for t in sm7.terrain] == [("planet", ["0628"])]
    dragon = sm7.sides[1].units[0]
    assert (dragon.monster, dragon.hex, dragon.age) == ("Space Dragon", "4201", "adult")


def test_sg1_is_marked_as_a_reconstruction(library):
    sg1 = library.get("SG1")
    notes = " ".join(sg1.scenario.notes + sg1.status.limitations)
    assert "only the title and rule number are the rulebook's" in notes
    assert "reconstructed" in notes and "seed" not in notes  # the source: in the details only
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
        ("Neutral", "Small freighter (Basic Set)", "", "2215",
         "A", 0, 0, ()),
        ("Player A", "FED-POL", "", "2515", "F", 0, 3, ()),
        ("Player B", "KLI-G2", "", "0101", "C", 20, 3, ()),
    ]  # fmt: skip
    assert sg22.sides[0].neutral
    assert "cannot_be_fired_on" in sg22.sides[0].units[0].flags
    assert sg22.sides[0].units[0].ship_needed == "GEN-F-S"


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
