"""Robots play sides of two ships: the to-hit dice of a volley fired from several ships are the
side's (``DiceRequest.side``), answered by that side's robot, and such a game saves and loads."""

from __future__ import annotations

from sfb_desk.data.saves import load_game, save_game
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.engine.log import ANSWER, PROMPT
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.robot import Robot
from sfb_desk.robot.battle import play_battle


def _two_a_side() -> Scenario:
    def unit(ship: str, name: str, hex_: str, facing: str) -> dict:
        return {"ship": ship, "name": name, "hex": hex_, "facing": facing, "speed": 8,
                "weapon_status": 3}

    return Scenario.model_validate({
        "format": "sfb-desk-scenario", "format_version": 1,
        "scenario": {"id": "PRACTICE-TWO-A-SIDE", "title": "Two cruisers a side",
                     "origin": "practice"},
        "status": {"playable": True}, "map": {"kind": "floating"}, "length": {"turns": 1},
        "sides": [
            {"name": "Federation", "units": [unit("FED-CA", "Enterprise", "2210", "D"),
                                             unit("FED-CA", "Hood", "2410", "D")]},
            {"name": "Klingon", "units": [unit("KLI-D7", "Kahless", "2216", "A"),
                                          unit("KLI-D7", "Koloth", "2416", "A")]},
        ],
        "victory": {"kind": "standard", "text": "Standard Victory Conditions (S2.20)"},
    })


def test_robots_fire_volleys_from_two_ships_a_side(tmp_path):
    run = play_battle(_two_a_side(), seed=4, keep_game=True)
    session = run.session
    volleys = [r.data for r in session.log if r.kind == PROMPT
               and isinstance(r.data, DiceRequest) and r.data.rule == "D6.315"]
    fleet = [p for p in volleys if p.unit is None]  # fired from more than one ship
    assert fleet, "no volley from two ships of a side: the test no longer tests anything"
    assert {p.side for p in fleet} <= {"Federation", "Klingon"}
    assert all(p.side and p.key.endswith(f".hits.{p.side}") for p in volleys)
    for p in fleet:  # each answered by the side's robot, as its seeded dice
        (answer,) = [r for r in session.log if r.kind == ANSWER and r.key == p.key]
        assert answer.source == "robot" and len(answer.data) == p.count
        firers = {line.split(" ", 2)[1] for line in p.lines}
        assert len(firers) > 1 and {session.state.unit(f).side for f in firers} == {p.side}
    path = save_game(tmp_path / "fleet.sfbsave", session)
    loaded = load_game(path)
    assert loaded.state == session.state
    assert [r.data for r in loaded.log if r.kind == PROMPT and r.data in volleys] == volleys


def test_a_robot_claims_its_sides_dice_and_no_other():
    prompt = DiceRequest("T1.I8.hits.Federation", "to-hit", count=2, rule="D6.315",
                         side="Federation")
    session = play_battle(_two_a_side(), seed=4, turns=1, keep_game=True).session
    assert Robot("Federation").mine(prompt, session)
    assert not Robot("Klingon").mine(prompt, session)
    assert not Robot("Klingon", solo=True).mine(prompt, session)  # a side's, not solo dice
