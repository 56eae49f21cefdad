"""A scenario unit's carried damage (FORMAT.md `damage`): the campaign ledger's SSD state set up
in the desk (sfb_desk/data/game_setup.py)."""

from __future__ import annotations

import pytest

from sfb_desk.data.game_setup import SetupError, units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_checks import check_scenario
from sfb_desk.robot.duel import duel_scenario


def _with_damage(damage: list[str], speed="max"):  # noqa: ANN001, ANN202
    scenario = duel_scenario("FED-CA", "KLI-D7")
    doc = scenario.model_dump(mode="python", exclude_defaults=True)
    unit = doc["sides"][0]["units"][0]
    unit["damage"] = damage
    unit["speed"] = speed
    return type(scenario).model_validate(doc)


def test_carried_damage_is_marked_before_play():
    library = load_library()
    lost = [f"left_warp#{n}" for n in range(1, 16)] + ["photon#A", "shield1#18", "shield1#17"]
    scenario = _with_damage(lost)
    assert check_scenario(scenario, library) == []
    setup = units_from_scenario(scenario, library)
    fed = setup.state.units[0]
    assert set(lost) - {"shield1#18", "shield1#17"} == set(fed.destroyed)
    assert fed.warp_at_start == 15  # 30 warp boxes less the 15 of the left engine
    assert fed.speed == 16  # C12.384: 15 warp / move cost 1 + 1 for impulse
    record = setup.combat.ship(fed.id)
    assert record.shields.boxes[0] == record.shields.printed[0] - 2 == 28
    photon_a = next(w for w in record.energy.weapons if w.box == "photon#A")
    assert not photon_a.complete  # weapon status II arms photons, but not a destroyed one
    assert next(w for w in record.energy.weapons if w.box == "photon#B").complete


def test_an_unknown_box_is_refused_with_its_name():
    library = load_library()
    scenario = _with_damage(["left_warp#99"])
    issues = check_scenario(scenario, library)
    assert any("no box 'left_warp#99'" in i.message for i in issues)
    with pytest.raises(SetupError, match="left_warp#99"):
        units_from_scenario(scenario, library)


def test_carried_casualties_start_the_ship_short_of_crew():
    library = load_library()
    scenario = duel_scenario("FED-CA", "KLI-D7")
    doc = scenario.model_dump(mode="python", exclude_defaults=True)
    doc["sides"][0]["units"][0].update(crew_units_lost=5, boarding_parties_lost=2)
    setup = units_from_scenario(type(scenario).model_validate(doc), library)
    record = setup.combat.ship(setup.state.units[0].id)
    assert (record.crew_units_lost, record.boarding_parties_lost) == (5, 2)
