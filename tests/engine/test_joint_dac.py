"""The owner's DAC choices of one volley in one form (issue 12; D4.3221-D4.3223, decisions.md
"Boundary shields ... and DAC choices"): seed 8's impulse-13 volley on the KLI-D7 leaves six
points to the owner; the session's plan (:mod:`sfb_desk.engine.dac_plan`) lists them as they
will be asked, a row follows the answers above it, and the held answers are taken prompt by
prompt."""

from __future__ import annotations

from joint_duel import duel_setup, robots

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.orders.joint import DAC, joint_form
from sfb_desk.engine.orders.pass_policy import DEFAULT
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot
from sfb_desk.robot.table_prompts import robots_fill
from sfb_desk.rules.results import Refusal

FIRST = "T1.I13.dac.v1.KLI-D7.p3"


def seed8_at_first_choice() -> Session:
    """Seed 8's duel, answered by its robots, up to the D7's first DAC choice."""
    library = load_library()
    scenario = duel_scenario("FED-CA", "KLI-D7", 1, 15, library)
    ids = dict(zip(unit_keys(scenario), unit_ids("FED-CA", "KLI-D7")))
    g = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=8)
    session = Session(g.state, g.combat, g.specs)
    bots = [Robot("Federation", "captain", 8), Robot("Klingon", "captain", 8)]
    while session.pending is not None and session.pending.key != FIRST:
        p = session.pending
        if DEFAULT.passes(p, session.state, session.combat, session.specs):
            session.answer(p.default, "pass-policy")
        else:
            robot = next((r for r in bots if r.mine(p, session)), bots[0])
            session.answer(robot.decide(p, session), "robot")
    assert session.pending is not None
    return session


def test_the_plan_lists_the_volleys_choices_as_they_come():
    session = seed8_at_first_choice()
    plan = session.dac_plan
    rows = plan.rows()
    assert rows[0][0] == session.pending and len(rows) == 6
    assert [p.key.rsplit(".", 1)[1] for p, _ in rows] == ["p3", "p7", "p16", "p17", "p25",
                                                          "p34"]
    form = joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      dac=plan)
    assert form is not None and form.kind == DAC and len(form.prompts) == 6
    # a row follows the answers above it: phaser 3 chosen for point 7 leaves phaser 1 to later
    picks = {"T1.I13.dac.v1.KLI-D7.p7": "phaser#3"}
    p17 = dict((p.key, p) for p, _ in form.rows_for(picks))["T1.I13.dac.v1.KLI-D7.p17"]
    assert "phaser#1" in p17.options and "phaser#3" not in p17.options
    # the owner's rows only: a table playing the Federation alone gets no form
    assert joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      {"Federation"}, dac=plan) is None
    # each predicted row arrives as predicted with the answers given
    answer = robots_fill(robots(), form, session)
    expected = dict(form.rows_for(dict(answer.answers)))
    for key, value in answer.answers:
        assert session.pending.key == key and session.pending.options == \
            next(p.options for p in expected if p.key == key)
        assert not isinstance(session.answer(value, "table"), Refusal)
    assert session.dac_plan is None  # the volley is settled


def test_no_plan_outside_a_volley():
    g = duel_setup()
    assert Session(g.state, g.combat, g.specs).dac_plan is None
