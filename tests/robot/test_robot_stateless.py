"""The robot is stateless: the same prompt and session give the same answer, whatever the robot
instance, however often it is asked, and on a session rebuilt from a save (undo, replay)."""

from __future__ import annotations

import copy

from robot_games import play_until, robots, start

from sfb_desk.data.saves import game_from_json, game_to_json
from sfb_desk.engine.prompts import DiceRequest, Orders
from sfb_desk.robot import Robot


def _stops():
    yield "energy allocation of turn 2", lambda p, s: (
        isinstance(p, Orders) and p.kind == "energy_allocation" and s.state.turn == 2)
    yield "movement", lambda p, s: isinstance(p, Orders) and p.kind == "movement"
    yield "fire with shots", lambda p, s: (
        isinstance(p, Orders) and p.kind == "fire"
        and next(r for r in players if r.mine(p, s)).answer(p, s)[0] != {})
    yield "dice", lambda p, s: isinstance(p, DiceRequest)


players: list[Robot] = []


def test_same_prompt_and_session_same_answer_on_any_instance_and_after_a_reload():
    session = start("KLI-D7", "FED-CA", turns=3, seed=2)
    players[:] = robots(session, ("commodore", "captain"), seed=9)
    checked = []
    for name, stop in _stops():
        prompt = play_until(session, players, stop)
        assert prompt is not None, name
        robot = next(r for r in players if r.mine(prompt, session))
        before = copy.deepcopy(vars(robot))
        first = robot.answer(prompt, session)
        assert robot.answer(prompt, session) == first
        twin = Robot(robot.side, robot.level, robot.seed)
        assert twin.answer(prompt, session) == first
        reloaded = game_from_json(game_to_json(session))
        assert reloaded.pending == prompt
        assert twin.answer(reloaded.pending, reloaded) == first
        assert vars(robot) == before
        checked.append(name)
    assert len(checked) == 4


def test_the_seed_changes_the_dice_not_the_rules():
    session = start(seed=0)
    prompt = play_until(session, robots(session), lambda p, s: isinstance(p, DiceRequest))
    side = session.state.find(prompt.unit).side
    rolls = {tuple(Robot(side, "captain", seed).answer(prompt, session)[0])
             for seed in range(12)}
    assert len(rolls) > 1
