"""Joint forms (issue 12, sfb_desk/engine/orders/joint.py): one form for the movement of the
table's ships on an impulse (C1.313 order kept) and for its sides' fire (D6.315), the count of
``duel --table-prompts`` at most 60, the held rows checked by the session when their prompts
arrive, and a game played with joint forms saved exactly as one answered prompt by prompt."""

from __future__ import annotations

from dataclasses import replace

from joint_duel import SHIPS, duel_session, duel_setup, play_until, robot_for, robots

from sfb_desk.engine.log import REFUSED
from sfb_desk.engine.orders.joint import JointAnswer, joint_form, precedence
from sfb_desk.engine.orders.pass_policy import ASK_ALL, DEFAULT
from sfb_desk.qt.game_files import save_record
from sfb_desk.qt.game_record import AutoAnswers, advance, new_record, session_of
from sfb_desk.qt.held_answers import HeldAnswers
from sfb_desk.qt.sources import TABLE
from sfb_desk.robot.table_prompts import count_table_prompts, robots_fill
from sfb_desk.rules.results import Refusal

SEPARATE = replace(DEFAULT, joint_forms=False)


def ok(outcome: object) -> None:
    assert not isinstance(outcome, Refusal), outcome


def test_the_duel_asks_at_most_60_questions():
    """Issue 12's acceptance line: ``sfb-desk-cli duel FED-CA KLI-D7 --turns 1 --table-prompts``
    reports at most 60 questions; without joint forms it is more (68 when this was written)."""
    count = count_table_prompts(*SHIPS, turns=1)
    assert count.prompts == sum(count.by_kind.values()) <= 60
    # 8 impulses with both ships' moves, fire on impulses 1 and 18, one more row: the second
    # boundary shot of impulse 28 (D3.43)
    assert count.joint == 11
    separate = count_table_prompts(*SHIPS, turns=1, policy=SEPARATE)
    assert separate.joint == 0 and separate.prompts > 60
    assert separate.by_kind["movement"] - count.by_kind["movement"] == 8


def test_each_form_covers_exactly_the_prompts_that_come():
    """The duel played with joint forms as the count plays it: every row a form predicts
    arrives as predicted (same key, purpose, legal orders, default), every table prompt of the
    step after the first is a row of its form, and movement rows are in C1.313 order."""
    session = duel_session()
    held: dict[str, object] = {}
    predicted: dict[str, object] = {}
    forms = {"movement": 0, "fire": 0, "shield": 0}
    last_asked: tuple | None = None  # (turn, impulse, kind) of the last form-starting prompt
    while session.pending is not None:
        p = session.pending
        if DEFAULT.passes(p, session.state, session.combat, session.specs):
            session.answer(p.default, "pass-policy")
            continue
        if p.key in predicted:
            assert p == predicted.pop(p.key)
            ok(session.answer(held.pop(p.key), "robot"))
            continue
        kind = getattr(p, "kind", "")
        step = (session.state.turn, session.state.impulse, kind)
        if kind in ("movement", "fire"):
            assert step != last_asked, f"{p.key}: a second question in one step"
            last_asked = step
        form = joint_form(p, session.state, session.combat, session.specs, DEFAULT,
                          plan=session.shield_plan)
        if form is None:
            ok(session.answer(robot_for(p, session).decide(p, session), "robot"))
            continue
        forms[form.kind] += 1
        if form.kind == "movement":
            order = [u.id for u in precedence(session.state)]
            units = [row.unit for row in form.prompts]
            assert units == sorted(units, key=order.index)
        answer = robots_fill(robots(), form, session)
        predicted.update((row.key, row) for row in form.ahead)
        held.update(answer.held())
        ok(session.answer(answer.value_for(p.key), "robot"))
    assert not predicted  # every predicted row came
    assert forms == {"movement": 8, "fire": 2, "shield": 1}


def test_the_form_needs_its_switch_and_lists_only_the_tables_ships():
    session = play_until("T1.I4.move.FED-CA")
    args = (session.pending, session.state, session.combat, session.specs)
    form = joint_form(*args, DEFAULT)
    assert form is not None and form.keys == ("T1.I4.move.FED-CA", "T1.I4.move.KLI-D7")
    assert form.prompts[1].options == ("straight", "turn left", "turn right", "slip left",
                                       "slip right")
    assert joint_form(*args, SEPARATE) is None  # the switch off: today's prompt by prompt
    assert joint_form(*args, DEFAULT, {"Federation"}) is None  # a robot moves the D7
    assert joint_form(*args, DEFAULT, held={"T1.I4.move.KLI-D7"}) is None  # held already
    assert joint_form(*args, ASK_ALL).keys == form.keys


def _to(record, key):
    """``record`` advanced (robots answer, the policy passes) until ``key`` is pending."""
    while record.pending.key != key:
        session = session_of(record)
        p = session.pending
        record = advance(record, robot_for(p, session).decide(p, session), TABLE,
                         AutoAnswers(policy=DEFAULT)).record
    return record


def test_a_held_row_refused_now_is_asked_again_with_the_reason():
    """The D7's row cannot be carried out when its prompt comes (an HET it has not paid for,
    C6.2): the prompt is asked as usual, a note says why, nothing refused enters the log."""
    g = duel_setup()
    record = _to(new_record(g.state, combat=g.combat, specs=g.specs), "T1.I4.move.FED-CA")
    held = HeldAnswers()
    value = held.take(JointAnswer((("T1.I4.move.FED-CA", "turn left"),
                                   ("T1.I4.move.KLI-D7", "het A"))), record.pending)
    assert value == "turn left" and held.values == {"T1.I4.move.KLI-D7": "het A"}
    step = advance(record, value, TABLE, AutoAnswers(policy=DEFAULT, held=held.values))
    notes = held.settle(step, step.record.state)
    assert step.record.pending.key == "T1.I4.move.KLI-D7"
    assert len(notes) == 1 and notes[0].startswith("Movement of ")
    assert "'het A' given in the joint form cannot be carried out now" in notes[0]
    assert "choose again" in notes[0]
    assert not held and not any(r.kind == REFUSED for r in step.new_records)
    # a row accepted is the table's answer, as if typed at its prompt
    held.take(JointAnswer((("T1.I4.move.FED-CA", "turn left"),
                           ("T1.I4.move.KLI-D7", "slip left"))), record.pending)
    step = advance(record, "turn left", TABLE, AutoAnswers(policy=DEFAULT, held=held.values))
    answered = {r.key: (r.data, r.source) for r in step.new_records if r.kind == "answer"}
    assert answered["T1.I4.move.KLI-D7"] == ("slip left", TABLE)
    assert held.settle(step, step.record.state) == () and not held


def _play(record, joint: bool):
    """Turn 1 through the app's worker path: joint forms filled by the robots at once (held
    rows given by the automatic answerer), or the same answers given prompt by prompt."""
    held = HeldAnswers()
    policy = DEFAULT if joint else SEPARATE
    while record.pending is not None:
        session = session_of(record)
        p = session.pending
        form = joint_form(p, session.state, session.combat, session.specs, policy,
                          held=held.values)
        value = robots_fill(robots(), form, session) if form is not None else \
            robot_for(p, session).decide(p, session)
        step = advance(record, held.take(value, p), TABLE,
                       AutoAnswers(policy=policy, held=held.values))
        assert step.record is not None, step.refusal
        assert held.settle(step, step.record.state) == ()
        record = step.record
    return record


def test_a_game_with_joint_forms_saves_as_one_answered_prompt_by_prompt(tmp_path):
    g = duel_setup()
    start = new_record(g.state, combat=g.combat, specs=g.specs)
    joint = _play(start, joint=True)
    # the same answers, each given at its own prompt with the switch off
    given = {r.key: r.data for r in joint.records if r.kind == "answer" and r.source == TABLE}
    record = start
    while record.pending is not None:
        step = advance(record, given[record.pending.key], TABLE, AutoAnswers(policy=SEPARATE))
        record = step.record
    assert record.answers == joint.answers
    a, b = save_record(tmp_path / "joint.sfbsave", joint), save_record(tmp_path / "one.sfbsave",
                                                                        record)
    assert a.read_bytes() == b.read_bytes()
    assert session_of(joint).state == session_of(record).state
