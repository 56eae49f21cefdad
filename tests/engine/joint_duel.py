"""The duel of issue 12's count (FED-CA v KLI-D7 from range 15, turn 1, the default pass policy)
for the joint-form tests: its set-up, its robots, and a session played up to a prompt the way
``sfb-desk-cli duel --table-prompts`` plays it (policy passes, robots answer the rest; no joint
forms on the way, so the game reaches the prompt as a table answering prompt by prompt would)."""

from __future__ import annotations

from functools import lru_cache

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.orders.pass_policy import DEFAULT
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot

SHIPS = ("FED-CA", "KLI-D7")


@lru_cache(maxsize=1)
def duel_setup():
    library = load_library()
    scenario = duel_scenario(*SHIPS, 1, 15, library)
    ids = dict(zip(unit_keys(scenario), unit_ids(*SHIPS)))
    return units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=0)


def robots() -> list[Robot]:
    return [Robot("Federation", "captain", 0), Robot("Klingon", "captain", 0)]


def robot_for(prompt, session) -> Robot:  # noqa: ANN001
    return next((r for r in robots() if r.mine(prompt, session)), robots()[0])


def duel_session() -> Session:
    g = duel_setup()
    return Session(g.state, g.combat, g.specs)


def play_until(key: str, session: Session | None = None) -> Session:
    """The duel played (policy passes, robots answer) until ``key`` is pending."""
    session = session or duel_session()
    while session.pending is not None and session.pending.key != key:
        p = session.pending
        if DEFAULT.passes(p, session.state, session.combat, session.specs):
            session.answer(p.default, "pass-policy")
        else:
            session.answer(robot_for(p, session).decide(p, session), "robot")
    assert session.pending is not None, f"{key} never asked"
    return session
