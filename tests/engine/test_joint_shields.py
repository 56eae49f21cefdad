"""Boundary shots of one volley in one form (issue 12; D3.43, decisions.md "Boundary shields of
one volley"): the session plans the boundary choices of a fire step once the to-hit dice are in
(:mod:`sfb_desk.engine.shield_choices`), the joint form lists them grouped by firer and target,
every planned row arrives as planned, and the count of ``duel --table-prompts`` stays at most
60 across dice seeds."""

from __future__ import annotations

import pytest
from joint_duel import SHIPS, play_until, robot_for, robots

from sfb_desk.data.library import load_library
from sfb_desk.engine.orders.joint import SHIELD, JointAnswer, joint_form, shield_groups
from sfb_desk.engine.orders.pass_policy import DEFAULT
from sfb_desk.engine.prompts import Choice
from sfb_desk.robot.table_prompts import count_table_prompts, robots_fill
from sfb_desk.rules.results import Refusal

FIRST = "T1.I28.shield.FED-CA.phaser#1.KLI-D7"  # seed 0: FED-CA's phasers on the 1/2 spine
SECOND = "T1.I28.shield.FED-CA.phaser#2.KLI-D7"


def test_the_volleys_boundary_choices_come_as_one_form():
    session = play_until(FIRST)
    plan = session.shield_plan
    assert [r.prompt.key for r in plan] == [FIRST, SECOND]
    assert plan[0].prompt == session.pending  # planned exactly as asked (words, options)
    form = joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      plan=plan)
    assert form is not None and form.kind == SHIELD and form.keys == (FIRST, SECOND)
    assert shield_groups(form) == [(("FED-CA", "KLI-D7", False), [0, 1])]
    assert all(isinstance(p, Choice) and p.options == ("shield 1", "shield 2")
               for p in form.prompts)
    # without the switch, or for a table that plays only the firer's side, no form
    assert joint_form(session.pending, session.state, session.combat, session.specs,
                      DEFAULT.__class__(joint_forms=False), plan=plan) is None
    assert joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      {"Klingon"}, plan=plan) is not None
    assert joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      {"Klingon"}, held={SECOND}, plan=plan) is None


def test_held_rows_are_given_per_shot_and_the_plan_empties():
    """A per-shot answer (shield 1 then shield 2) is given prompt by prompt; the session
    checks each (a shield not offered is refused); after the volley the plan is empty."""
    session = play_until(FIRST)
    assert session.check("shield 3") is not None
    answer = JointAnswer(((FIRST, "shield 1"), (SECOND, "shield 2")))
    assert not isinstance(session.answer(answer.value_for(FIRST), "table"), Refusal)
    assert session.pending.key == SECOND and session.shield_plan  # still in the volley
    assert not isinstance(session.answer(answer.held()[SECOND], "table"), Refusal)
    assert session.shield_plan == ()
    while session.pending is not None and session.state.impulse == 28:  # the volleys
        p = session.pending
        session.answer(p.default if DEFAULT.passes(p, session.state, session.combat,
                                                   session.specs)
                       else robot_for(p, session).decide(p, session), "robot")
    shields = [dict(r.data.data).get("shield") for r in session.log
               if getattr(r.data, "kind", "") == "volley" and r.impulse == 28]
    assert sorted(shields) == [1, 2]  # each shot took the shield chosen for it


def test_robots_fill_the_form_by_owner():
    session = play_until(FIRST)
    form = joint_form(session.pending, session.state, session.combat, session.specs, DEFAULT,
                      plan=session.shield_plan)
    answer = robots_fill(robots(), form, session)
    assert [k for k, _ in answer.answers] == [FIRST, SECOND]
    assert all(v in ("shield 1", "shield 2") for _, v in answer.answers)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 42, 99, 1234])
def test_the_count_holds_at_most_60_across_seeds(seed):
    """Issue 12: at most 60 questions for turn 1 of FED-CA v KLI-D7, not only at seed 0 (the
    real count: robots answer, the dice are the seeded ones; 57-65 before the boundary and
    DAC forms, 56-59 with them)."""
    count = count_table_prompts(*SHIPS, turns=1, seed=seed, library=load_library())
    assert count.prompts == sum(count.by_kind.values()) <= 60
