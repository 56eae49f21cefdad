"""Straight moves, turns, sideslips and tactical maneuvers (C1.4, C3, C4, C5).

Worked examples from the seeds are cited by line of seeds/000_b288a58a8a5f6daf.txt (S0 Lnnn);
rule text quoted by the reference's peers is cited as such.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import STANDARD_MAP, hex_from_label, neighbor
from sfb_desk.rules.movement.core import (
    STAY,
    STRAIGHT,
    MoveOrder,
    Moved,
    apply_order,
    earn_warp_tac,
    is_scheduled,
    legal_orders,
    may_turn,
    parse_move_order,
    turn_mode_now,
)
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import EmState, MoveProfile, TacState, new_ship

OPTIONS = RuleOptions()
D_CLASS = MoveProfile(turn_mode="D", warp=30, impulse=4)


def ship(speed=12, at="2215", facing=0, **changes):
    unit = new_ship("ENT", "fed", D_CLASS, hex=hex_from_label(at), facing=facing, speed=speed)
    return replace(unit, **changes)


def order(unit, text, impulse=32, turn=1, options=OPTIONS, **kw):
    parsed = parse_move_order(text)
    assert not isinstance(parsed, Refusal), parsed
    return apply_order(unit, parsed, turn=turn, impulse=impulse, options=options, **kw)


def moved(unit, text, impulse=32, **kw):
    result = order(unit, text, impulse, **kw)
    assert isinstance(result, Moved), result
    return result.unit


# --- orders ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("straight", MoveOrder(STRAIGHT)),
        ("Forward", MoveOrder(STRAIGHT)),
        ("turn left", MoveOrder("turn", -1)),
        ("slip right", MoveOrder("slip", 1)),
        ("sideslip L", MoveOrder("slip", -1)),
        ("het D", MoveOrder("het", facing=3)),
        ("het 6", MoveOrder("het", facing=5)),
        ("tac right", MoveOrder("tac", 1)),
        ("stay", MoveOrder(STAY)),
        ({"turn": "right"}, MoveOrder("turn", 1)),
        ({"het": "B"}, MoveOrder("het", facing=1)),
        ({}, MoveOrder(STAY)),
    ],
)
def test_orders_are_read_from_strings_and_dicts(raw, expected):
    assert parse_move_order(raw) == expected


def test_turn_and_sideslip_in_one_order_is_refused_c4_34():
    result = parse_move_order({"turn": "left", "slip": "right"})
    assert isinstance(result, Refusal) and result.rule == "C4.34"


@pytest.mark.parametrize("raw", ["jump", "turn up", "het Z", 7, ["turn", "left"]])
def test_unreadable_orders_are_refused_not_raised(raw):
    assert isinstance(parse_move_order(raw), Refusal)


# --- the impulse chart decides who moves (C1.4) ------------------------------------------------


def test_a_unit_moves_only_on_its_impulses():
    unit = ship(speed=8)  # speed 8 moves on 4, 8, 12 ... (reference 5.2)
    assert is_scheduled(unit, 4, 4) and not is_scheduled(unit, 5, 5)
    refused = order(unit, "straight", impulse=5)
    assert isinstance(refused, Refusal) and refused.rule == "C1.4"
    stay = order(unit, "stay", impulse=4)
    assert isinstance(stay, Refusal) and "scheduled" in stay.message


def test_straight_moves_one_hex_ahead_and_counts():
    unit = ship(at="2215", facing=0, straight=0, since_slip=0)
    after = moved(unit, "straight")
    assert after.hex == hex_from_label("2214")  # A is toward row 01 (G0)
    assert (after.straight, after.since_slip, after.facing) == (1, 1, 0)


def test_reverse_movement_backs_into_the_hex_astern():
    unit = ship(at="2215", facing=0, reverse=True)
    assert moved(unit, "straight").hex == hex_from_label("2216")


# --- turn modes (C3) --------------------------------------------------------------------------


def test_turn_mode_follows_the_chart_and_speed():
    # D: brackets 4, 8, 12, 17, 24, 25+ (reference 5.9)
    assert turn_mode_now(ship(speed=4), OPTIONS) == 1
    assert turn_mode_now(ship(speed=9), OPTIONS) == 3
    assert turn_mode_now(ship(speed=31), OPTIONS) == 6


def test_turn_refused_until_the_turn_mode_is_satisfied_c3_2():
    unit = ship(speed=9, straight=2)  # turn mode 3 at speed 9 for D (C3.23 quoted in ref 5.9)
    refused = order(unit, "turn left")
    assert isinstance(refused, Refusal) and refused.rule == "C3.2"
    assert "3 hexes straight" in refused.message
    after = moved(moved(unit, "straight"), "turn left")
    assert after.facing == 5 and after.hex == neighbor(hex_from_label("2214"), 5)
    assert after.straight == 1  # the hex entered by the turn is the first of the new course


def test_stasis_example_g16_724_s0_l4779():
    """S0 L4779 (G16.724): "If a ship with a turn mode of 3 had moved two hexes in direction A
    before it was put in stasis, it would have to move one more hex in that direction before
    it could turn." """
    unit = ship(speed=9, facing=0, straight=0)  # turn mode 3 (D at speed 9)
    unit = moved(moved(unit, "straight"), "straight")
    assert unit.straight == 2
    assert isinstance(order(unit, "turn right"), Refusal)
    unit = moved(unit, "straight")
    assert unit.facing == 0
    turned = moved(unit, "turn right")
    assert turned.facing == 1


def test_a_turn_enters_the_hex_ahead_in_the_new_facing():
    unit = ship(at="2215", facing=0)
    right = moved(unit, "turn right")
    left = moved(unit, "turn left")
    assert (right.facing, right.hex) == (1, hex_from_label("2315"))  # B neighbour of 2215
    assert (left.facing, left.hex) == (5, hex_from_label("2115"))  # F neighbour


def test_turn_mode_one_turns_on_every_hex():
    unit = ship(speed=4, straight=1)  # D at speed 4: turn mode 1
    for _ in range(6):
        unit = moved(unit, "turn right")
    assert unit.facing == 0 and unit.hex == hex_from_label("2215")  # round a hexagon


def test_speed_zero_cannot_turn_c3_43():
    unit = ship(speed=0)
    assert not may_turn(unit, OPTIONS)


def test_em_adds_one_to_the_turn_mode_c10_55_s0_l669():
    """S0 L669 (C10.55): "Its turn mode is increased by one." Nimble ships are exempt (L671)."""
    plain = ship(speed=9, straight=3)
    em = replace(plain, em=EmState(paid=True, active=True))
    assert turn_mode_now(em, OPTIONS) == turn_mode_now(plain, OPTIONS) + 1 == 4
    assert isinstance(order(em, "turn left"), Refusal)
    nimble = replace(em, profile=replace(D_CLASS, nimble=True))
    assert turn_mode_now(nimble, OPTIONS) == 3


# --- sideslip (C4) ------------------------------------------------------------------------------


def test_sideslip_keeps_facing_and_counts_as_straight_c4_32():
    unit = ship(at="2215", facing=0, straight=0, since_slip=1)
    after = moved(unit, "slip right")
    assert after.hex == hex_from_label("2315") and after.facing == 0
    assert (after.straight, after.since_slip) == (1, 0)


def test_slip_mode_one_needs_a_hex_between_slips_c4_1():
    unit = moved(ship(since_slip=5), "slip left")
    refused = order(unit, "slip left")
    assert isinstance(refused, Refusal) and refused.rule == "C4.1"
    assert isinstance(order(moved(unit, "straight"), "slip left"), Moved)


def test_the_hex_of_a_turn_satisfies_slip_mode_c4_33():
    """C4.33 as JP quotes it: "a turn (actually, the movement immediately after the turn)
    counts as a 'straight' movement for purposes of fulfilling sideslip mode ... It then
    'sideslipped' into position #4" (reference G6.9)."""
    unit = moved(ship(speed=4, since_slip=0, straight=1), "turn left")
    assert isinstance(order(unit, "slip right"), Moved)


def test_option_turn_resets_slip_mode_sp_reading():
    options = replace(OPTIONS, turn_satisfies_slip=False)
    unit = ship(speed=4, since_slip=0, straight=1)
    unit = moved(unit, "turn left", options=options)
    refused = order(unit, "slip right", options=options)
    assert isinstance(refused, Refusal) and refused.rule == "C4.1"


def test_sideslip_in_reverse_backs_diagonally():
    unit = ship(at="2215", facing=0, reverse=True)
    assert moved(unit, "slip left").hex == hex_from_label("2116")  # E neighbour (astern-left)
    assert moved(unit, "slip right").hex == hex_from_label("2316")  # C neighbour


# --- tactical maneuvers (C5) --------------------------------------------------------------------


def test_sublight_tac_turns_in_place_at_speed_zero():
    unit = ship(speed=0, plot=((1, 0),), tac=TacState(sublight_paid=True))
    result = order(unit, "tac right", impulse=5)
    assert isinstance(result, Moved)
    assert result.unit.facing == 1 and result.unit.hex == unit.hex
    assert result.unit.tac.sublight_used
    again = order(result.unit, "tac right", impulse=9)
    assert isinstance(again, Refusal) and again.rule == "C5.1"


def test_no_tac_on_impulse_one_c5_11():
    unit = ship(speed=0, tac=TacState(sublight_paid=True))
    refused = order(unit, "tac left", impulse=1)
    assert isinstance(refused, Refusal) and refused.rule == "C5.11"


def test_tac_needs_speed_zero():
    unit = ship(speed=8, tac=TacState(sublight_paid=True))
    refused = order(unit, "tac left", impulse=5)
    assert isinstance(refused, Refusal) and refused.rule == "C5.1"


def test_warp_tacs_are_earned_on_the_speed_four_schedule_and_one_is_held():
    unit = ship(speed=0, tac=TacState(warp_paid=2))
    refused = order(unit, "tac left", impulse=5)
    assert isinstance(refused, Refusal) and refused.rule == "C5.2" and "impulse 8" in refused.message
    for impulse in range(1, 17):
        unit = earn_warp_tac(unit, impulse)
    # two earned (8 and 16), but only one may be held unused
    assert unit.tac.warp_earned == 2 and unit.tac.warp_held == 1
    after = order(unit, "tac left", impulse=17)
    assert isinstance(after, Moved) and after.unit.tac.warp_held == 0
    assert after.unit.tac.warp_used == 1


def test_legal_orders_list_what_the_rules_allow():
    unit = ship(speed=4, straight=0, since_slip=0)
    assert legal_orders(unit, 8, 8, OPTIONS) == ("straight",)
    unit = replace(unit, straight=1, since_slip=1)
    assert legal_orders(unit, 8, 8, OPTIONS) == (
        "straight", "turn left", "turn right", "slip left", "slip right",
    )
    assert legal_orders(unit, 7, 7, OPTIONS) == ("stay",)


def test_leaving_a_bounded_map_takes_the_unit_off_it():
    unit = ship(at="2201", facing=0)
    result = order(unit, "straight", bounds=STANDARD_MAP)
    assert isinstance(result, Moved)
    assert result.unit.status == "off_map" and result.events[-1].kind == "left_map"


def test_a_ship_held_after_a_breakdown_cannot_move():
    unit = ship(speed=8, immobile_until=20)
    refused = order(unit, "straight", impulse=12)
    assert isinstance(refused, Refusal) and refused.rule == "C6.541"


def test_a_move_off_the_top_of_a_floating_map_is_told_in_four_digits():
    """Row 00 and then 99 above it (hexes.py: four digits, modulo 100), read back to the hex."""
    unit = ship(speed=32, at="2201", facing=0)
    texts = []
    for _ in range(3):
        moved = order(unit, "straight")
        assert isinstance(moved, Moved)
        unit = moved.unit
        texts.append(moved.events[0].text)
    assert texts == ["ENT straight to 2200", "ENT straight to 2299", "ENT straight to 2298"]
    assert (unit.hex.col, unit.hex.row) == (22, -2)
    assert hex_from_label("2298", near=unit.hex) == unit.hex
    assert dict(moved.events[0].data)["hex"] == "2298"
