"""The scenario builder's files (data/scenario_builder.py) validate like the library's."""

from __future__ import annotations

import pytest

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_builder import (
    BuiltMine,
    BuiltScenario,
    BuiltTerrain,
    check_built,
    save_built,
    scenario_id,
    scenario_text,
)
from sfb_desk.data.scenario_file import load_scenario_file
from sfb_desk.data.scenarios import load_scenarios


@pytest.fixture(scope="module")
def ships():
    return load_library()


def built(**changes) -> BuiltScenario:
    units = (UnitEntry("FED-CA", "Hood", "Federation", "3115", "E", 8, 2),
             UnitEntry("KLI-D7", "Vengeance", "Klingon", "1215", "B", 4, 3))
    base = dict(
        title="Planet and mines", units=units, turns=6, year=172,
        terrain=(BuiltTerrain("planet", ("0815",), "Class M planet"),
                 BuiltTerrain("dust", ("2010", "2011"))),
        mines=(BuiltMine("Klingon", "2012", "large", detection=3),
               BuiltMine("Klingon", "2112", "small", "captor-D", detection=5,
                         detection_range=6)),
        standard_fields=(("Klingon", 19, 23),),
    )
    base.update(changes)
    return BuiltScenario(**base)


def test_a_built_scenario_validates_and_round_trips(ships, tmp_path):
    scenario = check_built(built(), ships)
    assert not isinstance(scenario, list), scenario
    assert scenario.id == "PRACTICE-PLANET-AND-MINES" and scenario.scenario.origin == "practice"
    assert [(t.kind, t.hexes) for t in scenario.terrain] == [
        ("planet", ["0815"]), ("dust", ["2010", "2011"])]  # fmt: skip
    assert [(m.package, m.columns) for m in scenario.minefields] == [
        ("standard", [19, 23]), ("custom", [])]  # fmt: skip
    path = save_built(built(), ships, tmp_path)
    assert path == tmp_path / "PRACTICE-PLANET-AND-MINES.toml"
    again = load_scenario_file(path, ships)
    assert again == scenario
    library = load_scenarios([tmp_path], ships)
    assert library.problems == [] and list(library.scenarios) == [scenario.id]


def test_the_built_battlefield_is_played(ships):
    from sfb_desk.data.battlefield import battlefield_of

    scenario = check_built(built(), ships)
    field = battlefield_of(scenario)
    assert len(field.mines) == 69 + 2
    assert {m.owner for m in field.mines.mines} == {"Klingon"}
    setup = setup_from_entries(built().units, ships, turns=6, dice_seed=1, scenario=scenario)
    assert setup.combat.battlefield == field


def test_a_bad_scenario_is_refused_with_the_loaders_problems(ships, tmp_path):
    bad = built(mines=(BuiltMine("Romulan", "4401", "large"),), map_kind="fixed")
    problems = save_built(bad, ships, tmp_path)
    assert isinstance(problems, list)
    messages = [p.message for p in problems]
    assert any("no side named 'Romulan'" in m for m in messages)
    assert any("off the fixed 42x30 map" in m for m in messages)
    assert not list(tmp_path.glob("*.toml"))


def test_ids_and_text():
    assert scenario_id("SM5 my way!") == "PRACTICE-SM5-MY-WAY"
    assert scenario_id("Practice: a duel") == "PRACTICE-A-DUEL"
    text = scenario_text(built())
    assert text.startswith("# Planet and mines: Built in SFB Desk's scenario builder")
    assert 'kind = "planet"' in text


@pytest.mark.parametrize(("terrain", "monster", "field", "words"), [
    (BuiltTerrain("gravity_wave", ("0501", "0103"), motion="C/D"), None, "terrain[0].strength",
     "P9.12"),
    (BuiltTerrain("gravity_wave", ("0501", "0103"), strength=20), None, "terrain[0].motion",
     "P9.12"),
    (BuiltTerrain("gravity_wave", ("0501",), strength=20, motion="C/D"), None,
     "terrain[0].hexes", "P9.11"),
    (BuiltTerrain("gravity_wave", ("2201", "2230"), strength=20, motion="C/D"), None,
     "terrain[0].motion", "P9.12"),
    (BuiltTerrain("planet", ()), None, "terrain[0].hexes", "at least one hex"),
    (BuiltTerrain("dust", (), motion="C/D"), None, "terrain[0].motion", "only gravity waves"),
])
def test_terrain_and_monsters_the_loader_refuses(ships, terrain, monster, field, words):
    from sfb_desk.data.scenario_builder import BuiltMonster

    changes = {}
    if terrain is not None:
        changes["terrain"] = (terrain,)
    if monster is not None:
        changes["monsters"] = (BuiltMonster("Monster", monster[0], "4222", "A", monster[1]),)
    problems = check_built(built(**changes), ships)
    assert isinstance(problems, list)
    assert any(p.field.endswith(field) and words in p.message for p in problems), problems


def test_only_a_space_dragon_has_an_age(ships):
    from sfb_desk.data.scenario_builder import BuiltMonster
    from sfb_desk.data.scenario_file import ScenarioFileError, parse_scenario_text

    one_side = built(units=built().units[:1], mines=(), standard_fields=(),
                     monsters=(BuiltMonster("Monster", "Space Dragon", "4222", "A", "young"),))
    text = scenario_text(one_side).replace('monster = "Space Dragon"', 'monster = "Sun Snake"')
    with pytest.raises(ScenarioFileError) as error:
        parse_scenario_text(text, "x.toml", ships)
    assert any(p.field.endswith("age") and "SM7.461" in p.message
               for p in error.value.problems), error.value.problems


def test_a_wave_an_area_terrain_and_a_dragon_are_written_and_read_back(ships):
    from sfb_desk.data.scenario_builder import BuiltMonster

    scenario = check_built(built(
        units=built().units[:1], mines=(), standard_fields=(),
        terrain=(BuiltTerrain("gravity_wave", ("0501", "0103"), strength=20, motion="C/D"),
                 BuiltTerrain("ion_storm", (), motion="D/E"), BuiltTerrain("dust", ())),
        monsters=(BuiltMonster("Space Dragon", "Space Dragon", "4201", "E", "ancient"),)), ships)
    assert not isinstance(scenario, list), scenario
    assert [(t.kind, t.hexes, t.strength, t.motion) for t in scenario.terrain] == [
        ("gravity_wave", ["0501", "0103"], 20, "C/D"), ("ion_storm", [], None, "D/E"),
        ("dust", [], None, "")]  # fmt: skip
    (dragon,) = [u for _s, u in scenario.units() if u.monster]
    assert (dragon.age, dragon.speed) == ("ancient", 30)  # 150 wings / 5 (SM7.464)
