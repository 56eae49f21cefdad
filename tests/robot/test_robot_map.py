"""On a fixed map the robot keeps its ship on the map (leaving it is disengaging, C7.0)."""

from __future__ import annotations

from robot_games import library

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import NO_ANSWER
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import STANDARD_MAP
from sfb_desk.rules.results import Refusal
from sfb_desk.robot import Robot


def test_robots_stay_on_the_fixed_map():
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    setup = units_from_scenario(scenario, library(), turns=5, dice_seed=1)
    assert setup.state.map == STANDARD_MAP
    session = Session(setup.state, setup.combat, setup.specs)
    players = [Robot("Federation", "commodore", 1), Robot("Klingon", "cadet", 1)]
    while session.pending is not None:
        prompt = session.pending
        answer = next(r for r in players if r.mine(prompt, session)).answer(prompt, session)
        if answer is NO_ANSWER:
            break  # a ship left without power (decisions.md, B3.1)
        assert not isinstance(session.answer(*answer), Refusal)
    ships = [u for u in session.state.units if u.kind == "ship"]
    assert not [u.id for u in ships if u.status == "off_map"]
    assert all(STANDARD_MAP.contains(u.hex) for u in ships if u.active)
