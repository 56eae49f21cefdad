"""D6.121: without a lock-on, seeking weapons cannot be launched; the session reads the
launcher's lock-on roll of the turn (D6.11) and a fully cloaked target (G13.301)."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import NO_ANSWER, At, Scripted
from sfb_desk.engine.session import Session

LAUNCH = {"KRT": {"drones": [{"box": "drone#1", "id": "KD1", "target": "ENT"}]}}


def _to_launch(lock_roll):
    """KRT's first two sensor boxes destroyed (sensor rating 5 on the D7's track), its lock-on
    rolled ``lock_roll``; played to the launch prompt of impulse 1."""
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=1)
    units = tuple(u.with_(destroyed=frozenset({"sensor#1", "sensor#2"})) if u.id == "KRT"
                  else u for u in game.state.units)
    session = Session(replace(game.state, units=units), game.combat, game.specs)
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0}), At("T1.ea.KRT", {"speed_plot": 0}),
                       At("T1.lock_on.KRT", [lock_roll])])
    while session.pending.key != "T1.I1.launch.Klingon":
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [1] * session.pending.count
        assert not hasattr(session.answer(value, "test"), "rule")
    return session


def test_a_failed_lock_on_blocks_the_launch():
    session = _to_launch(6)
    lock = [r.data for r in session.log if r.kind == "event" and r.data.kind == "lock_on"
            and r.data.unit == "KRT"]
    assert lock and lock[0].get("success") is False
    refusal = session.check(LAUNCH)
    assert refusal is not None and refusal.rule == "D6.121"


def test_with_a_lock_on_the_launch_is_accepted():
    assert _to_launch(1).check(LAUNCH) is None


def test_an_admin_shuttle_lands_back_in_its_bay_j1_6():
    """ENT launches admin shuttle ES1 at speed 0 (it stays in ENT's hex) on impulse 1 and
    lands it on impulse 9, a quarter turn later (J1.52); on impulse 5 it is refused."""
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=1)
    session = Session(game.state, game.combat, game.specs)
    launch = {"ENT": {"shuttles": [{"box": "shuttle#1", "id": "ES1", "bay": 1, "speed": 0,
                                    "mission": "admin"}]}}
    land = {"ENT": {"land": [{"shuttle": "ES1", "bay": 1}]}}
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0}), At("T1.ea.KRT", {"speed_plot": 0}),
                       At("T1.I1.launch.Federation", launch)])
    while session.pending.key != "T1.I5.launch.Federation":
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [1] * session.pending.count
        assert not hasattr(session.answer(value, "test"), "rule")
    assert session.state.unit("ES1").active
    assert session.check(land).rule == "J1.52"
    while session.pending.key != "T1.I9.launch.Federation":
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [1] * session.pending.count
        assert not hasattr(session.answer(value, "test"), "rule")
    assert not hasattr(session.answer(land, "test"), "rule")
    assert session.state.unit("ES1").status == "landed"
