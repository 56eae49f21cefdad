"""Tractor-repulsor beams used as tractors (Module C2, E9.4) in the Operate Tractors step.

The RECONSTRUCTED Conquistador one hex from a KLI-D7; its heavy TR beams hold their first
turn's 3 points (E9.211). Robots answer until the Andromedan's tractor prompt is pending."""

from __future__ import annotations

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.robot.robot import Robot
from sfb_desk.rules.results import Refusal


@pytest.fixture(scope="module")
def library():
    return load_library()


def _at_tractors(library):
    scenario = duel_scenario("AND-CON", "KLI-D7", turns=1, distance=1, library=library)
    setup = units_from_scenario(scenario, library, dice_seed=5)
    session = Session(setup.state, setup.combat, setup.specs)
    robots = [Robot(s.name, seed=5) for s in scenario.sides]
    for _ in range(3000):
        prompt = session.pending
        if getattr(prompt, "kind", None) == "tractors" and prompt.side == "Andromedan":
            return session
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    raise AssertionError("the Andromedan is never asked about tractors")


def test_a_tr_beam_tractors_with_all_its_energy_and_counts_as_fired(library):
    s = _at_tractors(library)
    con = s.combat.ship("AND-CON")
    held = s._tr_energy("AND-CON", "tr#A")
    assert held == 3  # first arming turn of a heavy TR (E9.211)
    order = {"AND-CON": {"link": [{"box": "tr#A", "target": "KLI-D7"}]}}
    done = s.answer(order)  # impulse 1, the D7 in the next hex: range 1 (G7.31)
    links = [e for e in done.events if e.kind == "tractor_link"]
    assert [(e.get("box"), e.get("target"), e.get("power")) for e in links] == [
        ("tr#A", "KLI-D7", held)]  # E9.42: all its energy, bid as a unit
    after = s.combat.ship("AND-CON")
    assert "tr#A" in after.fired and "tr#A" not in after.armed  # E9.423
    assert s._tractors.spent_by("AND-CON") == 0  # its own energy: no tractor power spent
    assert con.fired == frozenset()


def test_a_tr_beam_refuses_a_power_that_is_not_a_number(library):
    s = _at_tractors(library)
    bad = {"AND-CON": {"link": [{"box": "tr#B", "target": "KLI-D7", "power": "all"}]}}
    assert s.check(bad).rule == "E9.42"


def _link_attempt(s, answer):
    """The D7's tractor on the Conquistador (1 point), the Andromedan answering ``answer``
    to the E9.43 question; returns the events."""
    walk = s._try_link("KLI-D7", "tractor#1", "AND-CON", 1, 1)
    prompt = next(walk)
    assert prompt.rule == "E9.43" and prompt.unit == "AND-CON" and prompt.default == "no"
    assert "TR beam A, TR beam B: 6 energy" in prompt.purpose
    try:
        asked = walk.send(answer)
        while True:  # the G7.414 sealed bids, if that option is on: none
            asked = walk.send(asked.default)
    except StopIteration:
        pass
    return [r.data for r in s.log if r.kind == "event"]


def test_e9_43_tr_beams_as_negative_tractor(library):
    s = _at_tractors(library)
    events = _link_attempt(s, "yes")
    assert any(e.kind == "tr_negative_tractor" and e.get("power") == 6 for e in events)
    assert events[-1].kind == "tractor_failed"  # 1 effective against 6 negative (G7.352)
    con = s.combat.ship("AND-CON")
    assert {"tr#A", "tr#B"} <= con.fired  # E9.43: they count as fired


def test_e9_43_declined_the_link_holds(library):
    s = _at_tractors(library)
    events = _link_attempt(s, "no")
    assert events[-1].kind == "tractor_link"
    assert not {"tr#A", "tr#B"} & s.combat.ship("AND-CON").fired
