"""Reserve power committed as reinforcement during a volley (H7.134) in the sequencer.

The set-up of test_session_ew (ENT fires photon#A at KRT, range 4, impulse 8 of turn 1), with
KRT's shield #1 worn down to 5 boxes: a photon hit (8) leaves 3 internal points. KRT's three
batteries are full and its allocation discharges none, so 3 reserve power is available (H7.1).
"""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed

from dataclasses import replace
from fractions import Fraction

from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session

from test_session_ew import game


def worn_game():
    session, answers = game()
    combat = session.initial_combat
    ships = []
    for r in combat.ships:
        if r.id == "KRT":
            boxes = (5, *r.shields.boxes[1:])
            r = replace(r, shields=replace(r.shields, boxes=boxes))
        ships.append(r)
    combat = Combat(tuple(ships), combat.seeking)
    return Session(session.initial, combat, session.specs), answers


def play_volley(reserve, dac):
    """Play to the end of impulse 8 of turn 1; ENT's photon rolls 1 (a hit, 8 damage)."""
    session, answers = worn_game()
    answers = {**answers, "T1.I8.shot.ENT.photon#A.KRT": [1], "T1.I8.dac.v1.KRT": dac}
    if reserve is not None:
        answers["T1.I8.reserve.v1.KRT"] = reserve
    prompts = {}
    while not session.pending.key.startswith("T1.I9"):
        p = session.pending
        prompts[p.key] = p
        value = pop_keyed(answers, p)
        value = p.default if value is None else value
        assert value is not None, f"unexpected prompt {p.key}"
        result = session.answer(value)
        assert not hasattr(result, "rule"), f"refused: {result}"
    return session, prompts


def volley_event(session):
    (v,) = [dict(r.data.data) for r in session.log if r.kind == "event"
            and r.data.kind == "volley"]
    return v


def test_without_reserve_three_points_reach_the_internals():
    session, prompts = play_volley(None, [6, 6, 6])
    offer = prompts["T1.I8.reserve.v1.KRT"]
    assert offer.rule == "H7.134" and offer.unit == "KRT" and offer.default == {}
    assert volley_event(session)["internal"] == 3
    assert prompts["T1.I8.dac.v1.KRT"].count == 3
    assert session.combat.ship("KRT").internal_points == 3


def test_reserve_committed_as_specific_reinforcement_means_fewer_internals():
    """H7.134: 2 reserve power as specific reinforcement on shield #1 (D3.342, 1 a point):
    8 damage - 2 - 5 boxes = 1 internal point; the use is recorded against the batteries."""
    session, prompts = play_volley({"specific": 2}, [6])
    assert volley_event(session)["internal"] == 1
    assert prompts["T1.I8.dac.v1.KRT"].count == 1
    krt = session.combat.ship("KRT")
    assert krt.internal_points == 1
    (use,) = krt.energy.reserve
    assert (use.impulse, use.amount, use.purpose) == (8, Fraction(2), "specific_reinforcement")
    committed = [r.data for r in session.log if r.kind == "event"
                 and r.data.kind == "reserve_committed"]
    assert dict(committed[0].data) == {"general": 0, "specific": 2, "energy": 2}


def test_reserve_as_general_reinforcement_costs_two_a_point():
    """D3.341: 1 general point costs 2 reserve power and stops 1 damage: 2 internal."""
    session, prompts = play_volley({"general": 1}, [6, 6])
    assert volley_event(session)["internal"] == 2
    (use,) = session.combat.ship("KRT").energy.reserve
    assert (use.amount, use.purpose) == (Fraction(2), "general_reinforcement")


def test_more_reserve_than_the_batteries_hold_is_refused():
    session, answers = worn_game()
    answers = {**answers, "T1.I8.shot.ENT.photon#A.KRT": [1]}
    while session.pending.key != "T1.I8.reserve.v1.KRT":
        p = session.pending
        value = pop_keyed(answers, p)
        session.answer(p.default if value is None else value)
    refusal = session.answer({"general": 2})  # 4 energy, 3 in the batteries
    assert refusal.rule == "H7.1" and session.pending.key == "T1.I8.reserve.v1.KRT"
    refusal = session.answer({"specific": -1})
    assert refusal.rule == "H7.134"
