"""The scenario builder dialog: ships, hexes, terrain, mines and victory saved as a scenario file
that the library loads."""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.ui.scenario_builder.dialog import ScenarioBuilder


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def builder(qtbot, library, tmp_path):
    dialog = ScenarioBuilder(library, folder=tmp_path)
    qtbot.addWidget(dialog)
    return dialog


def test_build_terrain_mines_and_save(builder, library, tmp_path):
    assert not builder.save_button.isEnabled()  # no units yet
    builder.add_ship("FED-CA")
    builder.add_ship("KLI-D7")
    model = builder.units.model
    entries = model.entries()
    assert [e.side for e in entries] == ["Federation", "Klingon"]
    from dataclasses import replace

    model.set_entries([replace(entries[0], hex="3115", facing="E"),
                       replace(entries[1], hex="1215", facing="B")])
    builder.title_edit.setText("Across the belt")
    builder.terrain.add(kind="planet", hexes="0815", name="Class M planet")
    builder.terrain.add(kind="asteroids", hexes="2510, 2511")
    builder.belts.add(side="Klingon", first_column="19", last_column="23")
    row = builder._add_mine()
    builder.mines.item(row, 1).setText("2612")
    assert builder.problems() == [], builder.problems()
    assert builder.save_button.isEnabled()
    path = builder.save()
    assert path == tmp_path / "PRACTICE-ACROSS-THE-BELT.toml"
    scenarios = load_scenarios([tmp_path], library)
    assert scenarios.problems == []
    scenario = scenarios.get("PRACTICE-ACROSS-THE-BELT")
    assert [(t.kind, t.hexes) for t in scenario.terrain] == [
        ("planet", ["0815"]), ("asteroids", ["2510", "2511"])]  # fmt: skip
    assert [f.package for f in scenario.minefields] == ["standard", "custom"]
    assert scenario.minefields[1].mines[0].hex == "2612"


def test_problems_are_the_loaders_and_block_saving(builder):
    builder.add_ship("FED-CA")
    builder.add_ship("KLI-D7")
    builder.terrain.add(kind="planet", hexes="4401")  # off the fixed map
    assert not builder.save_button.isEnabled()
    assert any("off the fixed 42x30 map" in p for p in builder.problems())
    row = builder._add_mine()
    builder.mines.item(row, 5).setText("seven")
    assert builder.problems() == ["Mines: detection number, range and columns are whole "
                                  "numbers (M6.1)"]


def test_start_from_a_library_scenario(builder, library):
    scenarios = load_scenarios(ships=library)
    builder.start_from(scenarios.get("SM5"))
    assert builder.title_edit.text() == "The Sunsnake (my version)"
    assert builder.terrain.rowCount() == 2
    assert [e.ship for e in builder.units.model.entries()] == ["FED-CA"]


def test_the_start_from_picker_fills_the_builder_from_a_library_scenario(builder):
    """README: the builder starts from any library scenario: the 'Start from' box lists them
    all and choosing one fills the builder in place of what was there."""
    box = builder.start_box
    ids = [box.itemData(i) for i in range(box.count())]
    assert ids[0] == "" and "SM5" in ids and "SG1" in ids
    assert len(ids) == len(builder.scenarios) + 1
    builder.terrain.add(kind="planet", hexes="0101")  # typed in before: replaced
    box.setCurrentIndex(ids.index("SM5"))
    box.activated.emit(ids.index("SM5"))
    assert builder.title_edit.text() == "The Sunsnake (my version)"
    assert builder.terrain.rowCount() == 2
    assert [e.ship for e in builder.units.model.entries()] == ["FED-CA"]
    box.activated.emit(0)  # the blank entry changes nothing
    assert builder.terrain.rowCount() == 2


def test_a_monster_placed_by_hand_saves_validates_and_plays(builder, library, tmp_path):
    """Issue 15: pick a monster, hex and facing (a Space Dragon's age); the saved file loads
    like the library's, is playable, and sets the dragon up as a unit of its side."""
    from sfb_desk.data.custom_setup import entries_from_scenario, setup_from_entries
    from sfb_desk.data.scenario_play import playability

    builder.add_ship("FED-CA")
    builder.title_edit.setText("Dragon hunt")
    builder.terrain.add(kind="planet", hexes="0628")
    builder.terrain.add(kind="gravity_wave", hexes="1513 1911", strength="20", motion="C/D")
    row = builder._add_monster()
    builder.monsters.item(row, 2).setText("3010")
    builder.monsters.cellWidget(row, 3).setCurrentText("D")
    builder.monsters.cellWidget(row, 4).setCurrentText("young")
    assert builder.problems() == [], builder.problems()
    path = builder.save()
    scenarios = load_scenarios([tmp_path], library)
    assert path is not None and scenarios.problems == []
    scenario = scenarios.get("PRACTICE-DRAGON-HUNT")
    (side, dragon), = [(s, u) for s, u in scenario.units() if u.monster]
    assert (side.name, dragon.monster, dragon.hex, dragon.facing, dragon.age, dragon.speed) == (
        "Space Dragon", "Space Dragon", "3010", "D", "young", 20)  # 20 wings / 1 (SM7.464)
    wave = scenario.terrain[1]
    assert (wave.kind, wave.strength, wave.motion) == ("gravity_wave", 20, "C/D")
    assert playability(scenario, library).playable
    entries, problems = entries_from_scenario(scenario, library)
    assert problems == []
    setup = setup_from_entries(entries, library, turns=1, dice_seed=1, scenario=scenario)
    unit = setup.state.unit("Space Dragon")
    assert (unit.hex.label, unit.facing, unit.spec_id) == ("3010", 3, "MON-DRAGON-YOUNG")
    # "Start from" reads the monsters and the wave back
    builder.start_from(scenario)
    assert builder.monsters.rows() == [{"side": "Space Dragon", "monster": "Space Dragon",
                                        "hex": "3010", "facing": "D", "age": "young"}]
    assert builder.terrain.rows()[1]["motion"] == "C/D"


def test_a_monster_placement_the_loader_refuses_blocks_saving(builder):
    builder.add_ship("FED-CA")
    row = builder._add_monster()
    builder.monsters.cellWidget(row, 1).setCurrentText("Sun Snake")
    assert any("age" in p and "SM7.461" in p for p in builder.problems())
    builder.monsters.cellWidget(row, 4).setCurrentText("")
    builder.monsters.item(row, 2).setText("4401")  # off the fixed map
    assert not builder.save_button.isEnabled()
    assert any("off the fixed 42x30 map" in p for p in builder.problems())
    builder.monsters.item(row, 2).setText("4101")
    builder.terrain.add(kind="gravity_wave", hexes="0101 0304", strength="20", motion="C/D")
    assert any("P9.11" in p for p in builder.problems())
