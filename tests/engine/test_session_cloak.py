"""The cloaking device in the sequencer (G13): ROM-KR against FED-CA, scripted and robot."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import NO_ANSWER, At, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, play_duel, unit_keys
from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.systems import SystemsOptions


def _session(options=RuleOptions(), distance=6):
    library = load_library()
    scenario = duel_scenario("FED-CA", "ROM-KR", 1, distance, library)
    ids = dict(zip(unit_keys(scenario), ("FED-CA", "ROM-KR")))
    setup = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=3)
    sides = [s.name for s in scenario.sides]
    state = replace(setup.state, options=options)
    return Session(state, setup.combat, setup.specs), sides


def _walk_to(session, key_part, answers):
    """Answer with ``answers`` (scripted) and defaults, rolling 3s, until a prompt whose key
    contains ``key_part`` is pending."""
    script = Scripted(answers)
    while session.pending is not None and key_part not in session.pending.key:
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [3] * getattr(session.pending, "count", 1)
        assert not hasattr(session.answer(value, "test"), "rule")
    return session


def _ea(sides):
    fed, rom = sides
    return [At("T1.ea.FED-CA", {"speed_plot": 0}),
            At("T1.ea.ROM-KR", {"speed_plot": 0, "cloak": True}),
            At(f"T1.I1.cloak.{rom}", {"ROM-KR": "cloak"})]


def test_a_cloaked_ship_may_not_fire_and_is_fired_at_with_the_range_penalty():
    session, sides = _session()
    fed, rom = sides
    _walk_to(session, f"T1.I8.fire.{fed}", _ea(sides))
    events = [r.data.kind for r in session.log if r.kind == "event"]
    assert "cloak_engaged" in events and "cloaked" in events
    # The Federation fires phaser#1 at the cloaked KR at true range 6: no lock-on (doubled,
    # G13.31) and +5 (G13.302): effective 17 with the CA's scanner 0.
    session.answer({"FED-CA": [{"box": "phaser#1", "target": "ROM-KR"}]}, "test")
    refusal = session.check({"ROM-KR": [{"box": "phaser#1", "target": "FED-CA"}]})
    assert refusal is not None and refusal.rule == "G13.51"
    session.answer({}, "test")
    assert session.pending.parts == ("T1.I8.shot.FED-CA.phaser#1.ROM-KR",)
    session.answer([3], "test")
    shots = [r.data for r in session.log if r.kind == "event" and r.data.kind == "shot"]
    assert shots and shots[0].get("effective_range") == 2 * 6 + 5
    assert shots[0].get("lock_on") is False


def test_with_the_table_option_the_g13_37_roll_scales_the_damage():
    options = RuleOptions(systems=SystemsOptions(cloak_fire="table"))
    session, sides = _session(options, distance=2)
    fed, rom = sides
    _walk_to(session, f"T1.I8.fire.{fed}", _ea(sides))
    session.answer({"FED-CA": [{"box": "phaser#1", "target": "ROM-KR"}]}, "test")
    session.answer({}, "test")
    assert session.pending.parts == ("T1.I8.shot.FED-CA.phaser#1.ROM-KR",)
    session.answer([1], "test")
    assert session.pending.key == "T1.I8.cloak.FED-CA.phaser#1.ROM-KR"
    session.answer([4], "test")  # G13.37: 3-4 half
    (adj,) = [r.data for r in session.log if r.kind == "event" and r.data.kind == "cloak_damage"]
    (shot,) = [r.data for r in session.log if r.kind == "event" and r.data.kind == "shot"]
    assert shot.get("effective_range") == 2 and shot.get("lock_on") is True  # no range penalty
    assert adj.get("chart") == 7 and adj.get("roll") == 4  # phaser-1, range 2, roll 1
    assert adj.get("damage") == shot.get("damage") == 3  # half, fraction dropped


def test_the_robot_cloaks_and_decloaks_rom_kr_v_fed_ca():
    """The KR cloaks while its torpedoes re-arm and fades in when it stops paying (G13.116)
    or when the enemy closes; the duel runs with no refusal."""
    seen = set()
    for seed in range(3):
        result = play_duel("FED-CA", "ROM-KR", seed=seed, turns=4)
        events = [r.data.kind for r in result.session.log if r.kind == "event"]
        seen |= set(events) & {"cloak_engaged", "cloak_fading_in"}
        # the duel report counts each cloak engaged in this game (G13.13), no more, no less
        assert dict(result.systems)["cloak_cycles"] == events.count("cloak_engaged")
    assert seen == {"cloak_engaged", "cloak_fading_in"}
