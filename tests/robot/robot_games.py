"""Shared set-ups for the robot tests: a duel's starting session and a driver that lets two
robots play until a chosen prompt is pending."""

from __future__ import annotations

from functools import lru_cache

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.session import Session
from sfb_desk.rules.results import Refusal
from sfb_desk.robot import Robot
from sfb_desk.robot.duel import duel_scenario, unit_ids


@lru_cache(maxsize=1)
def library():
    return load_library()


def start(ship_a="FED-CA", ship_b="KLI-D7", *, turns=3, seed=0, distance=15) -> Session:
    lib = library()
    scenario = duel_scenario(ship_a, ship_b, turns, distance, lib)
    ids = dict(zip(unit_keys(scenario), unit_ids(lib.get(ship_a).id, lib.get(ship_b).id)))
    setup = units_from_scenario(scenario, lib, ids=ids, turns=turns, dice_seed=seed)
    return Session(setup.state, setup.combat, setup.specs)


def sides(session: Session) -> list[str]:
    return sorted({u.side for u in session.state.units})


def robots(session: Session, levels=("captain", "captain"), seed=0) -> list[Robot]:
    return [Robot(side, lv, seed) for side, lv in zip(sides(session), levels)]


def play_until(session: Session, players, stop, limit=20000):
    """Let ``players`` answer until ``stop(prompt, session)`` is true for the pending prompt
    (returned) or the game ends (None). Any refusal fails the test."""
    for _ in range(limit):
        prompt = session.pending
        if prompt is None or stop(prompt, session):
            return prompt
        robot = next(r for r in players if r.mine(prompt, session))
        value, source = robot.answer(prompt, session)
        outcome = session.answer(value, source)
        assert not isinstance(outcome, Refusal), (prompt.key, value, outcome)
    raise AssertionError("no such prompt within the limit")
