"""SM5.5 and SM6.5, the monster scenarios' task victory (data/monster_victory.py): scored from
the game in the victory panel's function and in the robots' battle result (SM5 played to the
end used to say only "fewer than two sides with ships")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.asteroid_table import save_table
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.data.task_victory import task_result
from sfb_desk.robot.battle import play_battle
from tests.engine.test_battlefield_play import ONE_POINT, libraries, start


def _with(session, status: str = "", snake: str = "", **field):
    state = session.state
    if status:
        state = replace(state, units=tuple(u.with_(status=status) if u.id == "FED-CA" else u
                                           for u in state.units))
    ground = session.combat.battlefield
    if snake:
        ground = replace(ground, monsters=tuple(replace(m, gone=snake) for m in ground.monsters))
    ground = replace(ground, **field)
    return state, replace(session.combat, battlefield=ground)


def _sm(scenario_id: str):
    return libraries()[1].get(scenario_id)


def test_sm5_the_ship_destroyed_loses_and_the_snake_destroyed_wins():
    session = start("SM5", facing="A")
    sm5 = _sm("SM5")
    assert task_result(sm5, session.state, session.combat, session.specs) is None  # at start
    state, combat = _with(session, status="destroyed")
    lost = task_result(sm5, state, combat, session.specs, over=True)
    assert (lost.level, lost.outcome) == ("The player loses", "the ship is destroyed")
    state, combat = _with(session, snake="destroyed")
    won = task_result(sm5, state, combat, session.specs)
    assert won.level == "The player wins" and "before reaching the star" in won.outcome


def test_sm5_otherwise_the_captains_points_decide():
    session = start("SM5", facing="A")
    sm5 = _sm("SM5")
    state, combat = _with(session, snake="star")  # the star went nova, the ship still there
    mid = task_result(sm5, state, combat, session.specs)
    assert mid.level == "Not decided yet" and "no longer win outright" in mid.outcome
    state, combat = _with(session, status="off_map", snake="star")
    asked = task_result(sm5, state, combat, session.specs, over=True)
    assert asked.level == "By the captain's points" and "counted at the table" in asked.outcome
    assert "FED-CA left the map" in asked.why and "400+ Daring and bold" in asked.why
    for points, level in ((0, "Failure: relieved of command (0)"),
                          (150, "Disappointing: will retire within a year (1)"),
                          (250, "Did his best in a difficult situation (3)"),
                          (399, "Salvaged some success from a hopeless situation (4)"),
                          (400, "Daring and bold: given a small fleet (6)")):
        scored = task_result(sm5, state, combat, session.specs, over=True, table_points=points)
        assert scored.level == level and scored.outcome.startswith(f"{points} points")


def test_sm6_scores_the_library_left():
    session = start("SM6", facing="B")
    sm6 = _sm("SM6")
    so_far = task_result(sm6, session.state, session.combat, session.specs)
    assert so_far.level == "100 points so far"  # 50 crew units + 2 x 25 memory banks
    state, combat = _with(session, status="disengaged", library_crew=30, library_banks=22)
    done = task_result(sm6, state, combat, session.specs, over=True)
    assert done.level == "Did his best in a difficult situation (3)"  # 30 + 2 x 22 = 74
    assert done.outcome.startswith("74 points")
    state, combat = _with(session, status="disengaged", library_crew=10, library_banks=25)
    assert task_result(sm6, state, combat, session.specs, over=True).level == \
        "Disappointing: will retire within a year (1)"  # 10 + 2 x 25 = 60
    state, combat = _with(session, library_crew=0, library_banks=0, ended="wiped")
    assert task_result(sm6, state, combat, session.specs).level == "The Mind Monster wins"
    state, combat = _with(session, snake="destroyed")
    assert task_result(sm6, state, combat, session.specs).level == "The ship wins"


def _robots_facing(scenario_id: str) -> Scenario:
    doc = _sm(scenario_id).model_dump(mode="json", exclude_none=True)
    for side in doc["sides"]:
        for unit in side["units"]:
            if unit.get("facing") == "choice":
                unit["facing"] = "A"
    return Scenario.model_validate(doc)


@pytest.mark.parametrize("scenario_id", ["SM5", "SM6"])
def test_robots_battle_result_has_the_task_victory(scenario_id):
    save_table(ONE_POINT)  # the nova's clusters read the player's P3.2 table
    run = play_battle(_robots_facing(scenario_id), seed=3)
    result = run.result()
    task = result["task_victory"]
    assert task is not None and task["rule"] == f"{scenario_id}.5"
    assert result["victory"] is None  # one side of ships: no S2.20
    if scenario_id == "SM5":
        assert task["level"] in ("The player loses", "Failure: relieved of command (0)")
        if task["level"] != "The player loses":
            assert "robots gather no information points" in task["why"]
