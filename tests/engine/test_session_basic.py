"""The session: prompts in table order, refusals by rule, defaults, dice, the phases' work."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.engine.session import Accepted, NotReady, Session
from sfb_desk.engine.steps import IMPULSE_STEPS
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import Hex, hex_from_label, neighbor
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import MoveProfile, new_ship

CA = MoveProfile(turn_mode="D", breakdown=5, warp=30, impulse=4, crew_units=43,
                 warp_systems=(("left_warp", 15), ("right_warp", 15)))


def game(*units, last_turn=1, seed=7):
    if not units:
        units = (
            new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=8),
            new_ship("B", "kli", CA, hex=hex_from_label("1410"), facing=4, speed=8),
        )
    return Session(GameState(units=units, dice_seed=seed, last_turn=last_turn))


def start(session, *answers):
    """Answer the speed plots and allocations of turn 1."""
    for value in answers:
        result = session.answer(value, "test")
        assert isinstance(result, Accepted), result


def test_first_prompts_are_the_speed_plot_then_the_allocation():
    s = game()
    assert isinstance(s.pending, Orders) and s.pending.kind == "speed_plot"
    assert s.pending.key == "T1.plot.A" and s.step.id == "1-ea"
    s.answer(8, "test")
    assert s.pending.kind == "energy_allocation" and s.pending.unit == "A"


def test_an_illegal_plot_is_refused_and_stays_pending():
    s = game()
    result = s.answer(25, "test")  # 8 last turn: at most 18 (C2.21)
    assert isinstance(result, Refusal) and result.rule == "C2.21"
    assert s.pending.key == "T1.plot.A"
    refused = [r for r in s.log if r.kind == "refused"]
    assert refused[0].data == (25, result) and refused[0].source == "test"
    assert isinstance(s.answer(18, "test"), Accepted)


def test_prompts_follow_the_table_order():
    s = game()
    start(s, 8, {}, 8, {})
    order = [st.id for st in IMPULSE_STEPS]
    seen = []
    while s.pending is not None:
        seen.append((s.state.impulse, order.index(s.step.id)))
        s.run(Defaults(), limit=1)
    assert seen == sorted(seen)  # impulse by impulse, step by step as the table lists them
    names = {order[i] for _, i in seen}
    assert names == {"6A-move", "6A-announce", "6B-seeking", "6D-fire-decision"}


def test_movement_prompt_lists_legal_orders_and_refuses_others():
    a = replace(new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=8),
                straight=0, since_slip=0)
    b = new_ship("B", "kli", CA, hex=hex_from_label("3010"), facing=4, speed=0)
    s = game(a, b)
    start(s, 8, {}, 0, {})
    while s.pending.key != "T1.I4.move.A":
        s.run(Defaults(), limit=1)
    assert s.pending.options == ("straight",) and s.pending.default == "straight"
    refused = s.answer("turn left", "test")
    assert isinstance(refused, Refusal) and refused.rule == "C3.2"
    refused = s.answer({"turn": "left", "slip": "right"}, "test")
    assert isinstance(refused, Refusal) and refused.rule == "C4.34"
    assert s.pending.key == "T1.I4.move.A"
    accepted = s.answer("straight", "test")
    assert isinstance(accepted, Accepted) and accepted.events[0].kind == "moved"
    assert s.state.unit("A").hex == neighbor(hex_from_label("1010"), 1)


def test_breakdown_asks_for_the_facing_roll_and_stops_the_ship():
    a = new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=8)
    a = replace(a, het=replace(a.het, bonuses_used=1))  # the first-HET bonus is spent (C6.52)
    s = game(a, new_ship("B", "kli", CA, hex=hex_from_label("1410"), facing=4, speed=8))
    start(s, 8, {"hets": 1}, 8, {})
    script = Scripted([At("T1.I4.move.A", "het D"), At("T1.I4.breakdown.A", [6])])
    s.run(Chain(script, Defaults()))
    prompt = s.pending
    assert isinstance(prompt, DiceRequest) and prompt.key == "T1.I4.breakdown_facing.A"
    assert "breakdown" in prompt.purpose
    assert isinstance(s.answer([7], "test"), Refusal)  # not a 1d6 roll
    assert isinstance(s.answer([2], "test"), Accepted)
    a = s.state.unit("A")
    assert a.speed == 0 and a.facing == 1 and a.immobile_until == 4 + 16
    assert a.hex == hex_from_label("1010")  # no move after the breakdown
    kinds = [e.kind for e in s.log.events()]
    assert "breakdown" in kinds and "internal_hits" in kinds
    # no fire for 8 impulses (C6.5471)
    while s.pending.key != "T1.I4.fire.fed":
        s.run(Defaults(), limit=1)
    refused = s.answer({"A": {"phaser": "B"}}, "test")
    assert isinstance(refused, Refusal) and refused.rule == "C6.5471"


def test_het_without_breakdown_then_moves():
    s = game()
    start(s, 8, {"hets": 1}, 8, {})
    s.run(Chain(Scripted([At("T1.I4.move.A", "het C"), At("T1.I4.breakdown.A", [1])]),
                Defaults()), limit=40)
    a = s.state.unit("A")
    assert a.facing == 2 and a.hex != hex_from_label("1010")
    moved = [e for e in s.log.events() if e.kind == "moved" and e.unit == "A"]
    assert moved and moved[0].get("facing") == "C"


def test_seeded_dice_are_reproducible_and_kept_in_the_state():
    prompt = DiceRequest("T1.I4.breakdown.A", "Breakdown roll for A (C6.5)")
    dice = SeededDice()
    rolls = {dice.roll(prompt, 7)[0] for _ in range(5)}
    assert len(rolls) == 1
    keys = [DiceRequest(f"k{i}", "x", "2d6", 3) for i in range(50)]
    values = [v for p in keys for v in dice.roll(p, 7)]
    assert all(2 <= v <= 12 for v in values) and len(set(values)) > 5
    s = game(seed=99)
    start(s, 8, {"hets": 1}, 8, {})
    s.run(Chain(Scripted([At("T1.I4.move.A", "het C")]), SeededDice(), Defaults()), limit=40)
    roll = next(r for r in s.log if r.kind == "answer" and r.key == "T1.I4.breakdown.A")
    assert roll.source == "seeded"
    assert roll.data == SeededDice().roll(DiceRequest("T1.I4.breakdown.A", ""), 99)


def test_em_blocks_launches_in_the_session_c10_511():
    s2 = game()
    start(s2, 8, {"em": True}, 8, {})
    while s2.pending.key != "T1.I3.launch.fed":
        s2.run(Chain(Scripted([At("T1.I2.announce.fed", {"A": {"em": "start"}})]),
                     Defaults()), limit=1)
    launch = {"A": {"seekers": [{"id": "D1", "kind": "drone", "speed": 20, "target": "B"}]}}
    refused = s2.answer(launch, "test")
    assert isinstance(refused, Refusal) and refused.rule == "C10.511"
    assert s2.state.unit("A").em.active


def test_em_must_be_paid_next_turn_c10_313():
    s = game(last_turn=2)
    start(s, 8, {"em": True}, 8, {})
    s.run(Chain(Scripted([At("T1.I2.announce.fed", {"A": {"em": "start"}})]), Defaults()))
    assert s.pending.key == "T2.plot.A"
    s.answer(8, "test")
    refused = s.answer({}, "test")
    assert isinstance(refused, Refusal) and refused.rule == "C10.313"
    assert isinstance(s.answer({"em": True}, "test"), Accepted)


def test_emergency_deceleration_in_the_session():
    s = game()
    start(s, 8, {}, 8, {})
    s.run(Chain(Scripted([At("T1.I4.announce.fed", {"A": {"decel": True}})]), Defaults()))
    a = s.state.unit("A")
    assert a.speed == 0 and a.plot == ((1, 8), (7, 0))
    moves = [e for e in s.log.events() if e.kind == "moved" and e.unit == "A"]
    assert len(moves) == 1  # impulse 4 only; stopped from impulse 7 (moves on 8 no more)


def test_tac_is_offered_to_a_stopped_ship():
    a = new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=0)
    b = new_ship("B", "kli", CA, hex=hex_from_label("1410"), facing=4, speed=8)
    s = game(a, b)
    start(s, 0, {"sublight_tac": True}, 8, {})
    assert s.pending.key == "T1.I1.announce.fed"  # impulse 1: no TAC for A (C5.11)
    while s.pending.key != "T1.I2.move.A":
        s.run(Defaults(), limit=1)
    assert s.pending.options == ("stay", "tac left", "tac right")
    s.answer("tac left", "test")
    assert s.state.unit("A").facing == 0


def test_disengagement_by_separation_is_offered_when_far_apart_c7_2():
    a = new_ship("A", "fed", CA, hex=Hex(0, 0), facing=0, speed=8)
    b = new_ship("B", "kli", CA, hex=Hex(60, 0), facing=0, speed=8)
    s = game(a, b)
    start(s, 8, {}, 8, {})
    assert isinstance(s.pending, Choice) and s.pending.rule == "C7.2"
    s.answer("yes", "test")
    assert s.state.unit("A").status == "disengaged"
    assert s.pending.key != "T1.disengage.B"  # B has no enemy left on the map


def test_the_game_ends_after_the_last_turn():
    s = game()
    start(s, 8, {}, 8, {})
    assert s.run(Defaults()) is None and s.finished
    assert s.state.turn == 2
    with pytest.raises(NotReady):
        s.answer("straight")


def test_a_session_starts_at_the_start_of_a_turn():
    with pytest.raises(ValueError):
        Session(GameState(impulse=5))


def test_a_shuttle_plots_its_speed_but_has_no_energy_allocation():
    from sfb_desk.rules.units import SHUTTLE, SHUTTLE_PROFILE

    shuttle = new_ship("S1", "fed", replace(SHUTTLE_PROFILE, max_speed=6),
                       hex=hex_from_label("1010"), facing=0, speed=6, kind=SHUTTLE)
    ship = new_ship("B", "kli", CA, hex=hex_from_label("2010"), facing=4, speed=8)
    s = game(ship, shuttle)
    start(s, 8, {})  # B's plot and allocation
    assert s.pending.key == "T1.plot.S1"
    assert isinstance(s.answer(7, "test"), Refusal)  # above its maximum speed (C12.341)
    s.answer(6, "test")
    assert s.pending.kind != "energy_allocation"
    s.run(Defaults())
    moves = [e for e in s.log.events() if e.kind == "moved" and e.unit == "S1"]
    assert len(moves) == 6
