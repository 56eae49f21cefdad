"""Energy balance due to damage (D22) in the sequencer: a DAC hit on warp engines mid-turn.

Set-up of test_session_ew (range 4, impulse 8 of turn 1). ENT's shield #1 is worn to 2 boxes;
KRT's disruptor#A (range 4, die 1: 4 damage, E3) puts 2 points through. DAC rolls 9 and 5
destroy left_warp#1 and right_warp#1 (column A, "Left W En*" / "Right W En*", D4.21).
ENT's 34 power (supply of the CA) is all allocated when its 24 spare points go into specific
reinforcement of shield #4, so losing 2 warp leaves a general shortage of 2 (D22.3); ENT has
not moved yet this turn (speed 2 moves on impulses 16 and 32), so nothing is expended.
"""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed

from dataclasses import replace

from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session

from test_session_ew import game


def d22_game(spare_to_shield4: int):
    session, answers = game()
    ships = []
    for r in session.initial_combat.ships:
        if r.id == "ENT":
            r = replace(r, shields=replace(r.shields, boxes=(2, *r.shields.boxes[1:])))
        ships.append(r)
    combat = Combat(tuple(ships), session.initial_combat.seeking)
    answers["T1.ea.ENT"] = {**answers["T1.ea.ENT"],
                            "specific_reinforcement": [0, 0, 0, spare_to_shield4, 0, 0]}
    del answers["T1.I8.fire.Federation"]
    answers["T1.I8.fire.Klingon"] = {"KRT": [{"box": "disruptor#A", "target": "ENT"}]}
    answers["T1.I8.shot.KRT.disruptor#A.ENT"] = [1]
    answers["T1.I8.dac.v1.ENT"] = [9, 5]
    return Session(session.initial, combat, session.specs), answers


def play(session, answers):
    prompts = {}
    while not session.pending.key.startswith("T1.I9"):
        p = session.pending
        prompts[p.key] = p
        value = pop_keyed(answers, p)
        value = p.default if value is None else value
        assert value is not None, f"unexpected prompt {p.key}"
        result = session.answer(value)
        assert not hasattr(result, "rule"), f"refused: {result}"
    assert not answers, f"never asked: {answers}"
    return prompts


def events(session, kind):
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_warp_hit_mid_turn_asks_the_d22_choices_and_rebalances():
    """D22.432: reserve power offered first (answer none); D22.433: speed 2 may drop by half,
    to 1 from impulse 9, freeing 1 (movement cost 1); D22.434: the owner reduces the specific
    reinforcement of shield #4 for the last point."""
    session, answers = d22_game(24)
    answers["T1.I8.d22.v1.reserve.1.ENT"] = "0"
    answers["T1.I8.d22.v1.reduce.2.ENT"] = "specific_reinforcement"
    prompts = play(session, answers)
    points = [dict(e.data)["box"] for e in events(session, "damage_point")]
    assert points == ["left_warp#1", "right_warp#1"]
    reserve = prompts["T1.I8.d22.v1.reserve.1.ENT"]
    assert reserve.rule == "D22.432" and reserve.unit == "ENT" and "0" in reserve.options
    reduce = prompts["T1.I8.d22.v1.reduce.2.ENT"]
    assert reduce.rule == "D22.434" and "specific_reinforcement" in reduce.options
    ent = session.combat.ship("ENT")
    assert ent.allocation.speed_plot == ((1, 2), (9, 1))
    assert ent.allocation.specific_reinforcement[3] == 23
    assert ent.shields.specific[3] == 23  # what the shield holds follows the cut (D3.34)
    rules = [r.rule for r in events(session, "energy_balance_step")]
    assert rules == ["D22.433", "D22.434"]
    (done,) = events(session, "energy_balance")
    assert dict(done.data)["shortage"] == "2" and dict(done.data)["shortage_left"] == "0"
    unit = session.state.unit("ENT")
    assert tuple(tuple(p) for p in unit.plot) == ((1, 2), (9, 1))


def test_warp_hit_with_power_to_spare_needs_no_adjustment():
    """D22.3: with 20 of the 24 spare points left unallocated, losing 2 warp leaves no
    shortage: the allocation stands and no choice is asked (as in the D22.61 example, S0
    L2897, where the expended power covers the loss)."""
    session, answers = d22_game(4)
    prompts = play(session, answers)
    assert not [k for k in prompts if ".d22." in k]
    (done,) = events(session, "energy_balance")
    assert dict(done.data)["shortage"] == "0" and "no adjustment" in done.text
    assert session.combat.ship("ENT").allocation.speed_plot == ((1, 2),)


def test_reserve_power_can_meet_the_shortage():
    """D22.432: 2 reserve power (of ENT's 4 in the batteries) covers the shortage of 2: no slow
    down, nothing reduced, the use recorded against the batteries (H7)."""
    session, answers = d22_game(24)
    answers["T1.I8.d22.v1.reserve.1.ENT"] = "2"
    play(session, answers)
    ent = session.combat.ship("ENT")
    assert ent.allocation.speed_plot == ((1, 2),)
    assert ent.allocation.specific_reinforcement[3] == 24
    (use,) = ent.energy.reserve
    assert (use.amount, use.purpose, use.impulse) == (2, "d22_balance", 8)
