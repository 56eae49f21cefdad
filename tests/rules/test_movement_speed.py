"""Speed plots, acceleration, deceleration and unplotted accelerations (C2.2, C12, C8).

Each worked example of (C12) in seeds/000_b288a58a8a5f6daf.txt is a test, cited S0 Lnnn.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import ORIGIN
from sfb_desk.rules.movement.speed import (
    braking_cost,
    changes,
    emergency_deceleration,
    expand,
    hexes_moved,
    lowest_before,
    max_acceleration,
    max_deceleration,
    max_speed,
    parse_plot,
    speed_at,
    unplotted_acceleration,
    validate_plot,
)
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import EmState, MoveProfile, SHUTTLE, new_ship

OPTIONS = RuleOptions()
CRUISER = MoveProfile(turn_mode="C", warp=30, impulse=4)


def ship(prev=12, profile=CRUISER, **changes):
    unit = new_ship("CA", "fed", profile, hex=ORIGIN, facing=0, speed=prev)
    return replace(unit, **changes)


def check(unit, plot, turn=2):
    parsed = parse_plot(plot)
    assert not isinstance(parsed, Refusal), parsed
    return validate_plot(unit, parsed, OPTIONS, turn=turn)


def refused(unit, plot, rule, turn=2):
    result = check(unit, plot, turn)
    assert isinstance(result, Refusal), f"expected {rule}, plot was accepted"
    assert result.rule == rule, result
    return result


# --- plots and the energy of a plot (C12.12, C12.21) -------------------------------------------


def test_plot_reading():
    assert parse_plot(9) == ((1, 9),)
    assert parse_plot([[1, 9], [17, 19], [27, 14]]) == ((1, 9), (17, 19), (27, 14))
    assert parse_plot([[1, 9], [17, 9]]) == ((1, 9),)  # no real change (C12.314)
    for bad in ([], [[2, 9]], [[1, 9], [1, 10]], [[1, 9], [40, 3]], "fast", [[1, True]]):
        assert isinstance(parse_plot(bad), Refusal)


def test_legal_speed_plot_example_c12_12_s0_l767():
    """S0 L767: "impulses #1-16 = speed 9; impulses #17-26 = speed 19; impulses #27-32 =
    speed 14" is a legal speed plot."""
    plot = parse_plot([[1, 9], [17, 19], [27, 14]])
    assert check(ship(prev=9), plot) is None
    speeds = expand(plot)
    assert speeds[15] == 9 and speeds[16] == 19 and speeds[25] == 19 and speeds[26] == 14
    assert speed_at(plot, 27) == 14


def test_plotting_example_c12_10_s0_l750():
    """S0 L750: speed 8 until impulse 9 (two hexes moved), speed 18 from impulse 10, 13 more
    hexes: 15 in all."""
    plot = ((1, 8), (10, 18))
    assert hexes_moved(plot, 1, 9) == 2
    assert hexes_moved(plot, 10, 32) == 13
    assert hexes_moved(plot) == 15
    assert check(ship(prev=8), plot) is None


def test_total_cost_example_c12_21_s0_l777():
    """S0 L777: speed 28, down to 27 on impulse 9, back to 28 on impulse 18: 29 hexes."""
    plot = ((1, 28), (9, 27), (18, 28))
    assert hexes_moved(plot) == 29
    assert check(ship(prev=28), plot) is None


# --- acceleration and deceleration --------------------------------------------------------------


@pytest.mark.parametrize(("base", "top"), [(0, 10), (4, 14), (10, 20), (12, 24), (16, 31)])
def test_acceleration_doubles_or_adds_ten_c2_21(base, top):
    assert min(max_acceleration(base), 31) == top


def test_between_turns_acceleration_limit_c2_21():
    assert check(ship(prev=8), 18) is None
    result = refused(ship(prev=8), 19, "C2.21")
    assert "18" in result.message
    assert check(ship(prev=31), 0) is None  # deceleration between turns is free (C12.32)


def test_deceleration_example_c12_32_s0_l851():
    """S0 L851-861: from 31, to 15 on impulse 4 (16 is half of 31 rounded up), to 7 on 12,
    to 3 on 20 (by 4 below speed 8), to 0 on 28; but not to -1 (reverse) on 28."""
    assert max_deceleration(31) == 16 and max_deceleration(15) == 8 and max_deceleration(7) == 4
    plot = [[1, 31], [4, 15], [12, 7], [20, 3], [28, 0]]
    assert check(ship(prev=31), plot) is None
    refused(ship(prev=31), [[1, 31], [4, 14]], "C12.32")
    refused(ship(prev=31), [[1, 31], [4, 15], [12, 7], [20, 3], [28, -1]], "C12.37")


def test_deceleration_of_11_to_5_c12_32_s0_l847():
    """S0 L847: "A ship moving at speed 11 could slow to speed 5." """
    assert check(ship(prev=11), [[1, 11], [9, 5]]) is None
    refused(ship(prev=11), [[1, 11], [9, 4]], "C12.32")


def test_adjustment_limits_example_c12_33_s0_l867():
    """S0 L867: at 12 last turn, slowing to 8 and then up to 18 is legal; the lowest speed of
    the previous 32 impulses (8) caps the acceleration at 18."""
    unit = ship(prev=12)
    assert check(unit, [[1, 12], [5, 8], [13, 18]]) is None
    result = refused(unit, [[1, 12], [5, 8], [13, 19]], "C12.33")
    assert "18" in result.message
    plot = ((1, 12), (5, 8), (13, 18))
    assert lowest_before(unit, plot, 13, 2) == 8


def test_lowest_speed_spans_the_turn_break():
    unit = ship(prev=20, prev_plot=((1, 20), (25, 12)))
    assert lowest_before(unit, ((1, 12),), 9, 2) == 12  # impulses 9..32 of last turn and 1..8
    assert lowest_before(unit, ((1, 24),), 30, 2) == 12


def test_change_limits_c12_311_to_c12_313():
    unit = ship(prev=10)
    refused(unit, [[1, 10], [3, 12]], "C12.313")
    refused(unit, [[1, 10], [29, 12]], "C12.313")
    refused(unit, [[1, 10], [5, 12], [12, 14]], "C12.312")
    nimble = ship(prev=10, profile=replace(CRUISER, nimble=True))  # 6 apart fits five
    refused(nimble, [[1, 10], [4, 12], [10, 14], [16, 16], [22, 18], [28, 20]], "C12.311")


def test_four_changes_eight_apart_are_legal():
    assert check(ship(prev=10), [[1, 10], [4, 12], [12, 14], [20, 16], [28, 18]]) is None


def test_nimble_ships_change_every_six_impulses_c11_28_s0_l712():
    """S0 L712: nimble ships may change speed within 6 impulses rather than 8, still at most
    four times a turn."""
    nimble = ship(prev=10, profile=replace(CRUISER, nimble=True))
    assert check(nimble, [[1, 10], [5, 12], [11, 14]]) is None
    refused(nimble, [[1, 10], [5, 12], [10, 14]], "C11.28")
    refused(ship(prev=10), [[1, 10], [5, 12], [11, 14]], "C12.312")


def test_mid_turn_changes_can_be_switched_off():
    unit = ship(prev=10)
    off = replace(OPTIONS, mid_turn_speed_changes=False)
    result = validate_plot(unit, ((1, 10), (9, 12)), off, turn=2)
    assert isinstance(result, Refusal) and result.rule == "C12.0"


def test_maximum_speed_c12_384():
    """S0 L927-931: warp power / movement cost + 1 (impulse), at most 31."""
    assert max_speed(ship()) == 31
    assert max_speed(ship(warp_at_start=20)) == 21
    half = ship(profile=replace(CRUISER, move_cost=Fraction(1, 2)), warp_at_start=12)
    assert max_speed(half) == 25
    war_cruiser = ship(profile=replace(CRUISER, move_cost=Fraction(2, 3)), warp_at_start=24)
    assert max_speed(war_cruiser) == 31  # 36 warp movement points, capped (C12.381, C2.112)
    no_impulse = ship(profile=replace(CRUISER, impulse=0), warp_at_start=30)
    assert max_speed(no_impulse) == 30  # speed 31 needs impulse power (C2.112, C12.21)
    result = refused(ship(prev=20, warp_at_start=20), 25, "C12.384")
    assert "21" in result.message


def test_shuttle_limits_c12_34_and_c12_341_s0_l871():
    """S0 L871: a fighter with maximum speed 16 may fly 12 then not 20, and changes speed by at
    most half its maximum (C12.34)."""
    fighter = ship(prev=12, kind=SHUTTLE, profile=replace(CRUISER, turn_mode="Shuttle",
                                                          max_speed=16))
    assert check(fighter, [[1, 12], [17, 16]]) is None
    refused(fighter, [[1, 12], [17, 20]], "C12.341")
    refused(fighter, [[1, 16], [17, 6]], "C12.34")


def test_reverse_through_zero_and_braking_cost_c12_37_c12_371_s0_l905():
    """S0 L905-909: at 16 on impulse 27 and 8 from 28, reversing at the next energy allocation
    costs 16 (the highest speed of the previous 8 impulses); plotting 0 for three impulses and
    reversing on impulse 4 costs 8; stopping on 4 and reversing on 12 costs nothing."""
    prev = ((1, 16), (28, 8))
    assert braking_cost(prev, ((1, -10),), 1) == 16
    assert braking_cost(prev, ((1, 0), (4, -10)), 4) == 8
    assert braking_cost(prev, ((1, 8), (4, 0), (12, -10)), 12) == 0
    assert braking_cost(prev, ((1, 0), (9, -10)), 9) == 0
    unit = ship(prev=8, prev_plot=prev)
    assert check(unit, [[1, 0], [9, -10]]) is None
    refused(unit, [[1, 0], [9, -11]], "C12.33")
    refused(unit, [[1, 8], [9, -8]], "C12.37")


def test_reversal_between_turns_accelerates_from_zero_c2_232():
    unit = ship(prev=20)
    assert check(unit, -10) is None
    refused(unit, -11, "C2.232")


def test_immobile_period_is_enforced_in_the_plot_c12_352():
    # stopped by emergency deceleration on impulse 30 of turn 1: immobile until clock 46
    unit = ship(prev=0, immobile_until=46, accel_zero_turn=2)
    refused(unit, [[1, 10]], "C12.352")
    assert check(unit, [[1, 0], [14, 10]]) is None


# --- unplotted accelerations (C12.24) -----------------------------------------------------------


def ten_then(plot=((1, 10),), **changes):
    return ship(prev=10, plot=plot, **changes)


def test_unplotted_acceleration_examples_c12_24_s0_l789():
    """S0 L789-799 (movement cost 1, speed 10): to 20 on impulse 17 gains 5 hexes and costs 10;
    on impulse 23 gains 3 and costs 6; on impulse 11 gains 7 but costs only 10, the whole-turn
    increase; with a plotted increase to 20 on impulse 23, to 20 on impulse 16 gains 2, costs 4."""
    for at, gained, cost in ((17, 5, 10), (23, 3, 6), (11, 7, 10)):
        result = unplotted_acceleration(ten_then(), at, 20, OPTIONS, turn=2)
        assert not isinstance(result, Refusal), result
        assert (result.hexes_gained, result.movement_points) == (gained, cost), at
        assert result.energy == cost
    plotted = ten_then(plot=((1, 10), (23, 20)))
    result = unplotted_acceleration(plotted, 16, 20, OPTIONS, turn=2)
    assert not isinstance(result, Refusal), result
    assert (result.hexes_gained, result.movement_points) == (2, 4)
    assert result.plot == ((1, 10), (16, 20))


def test_plotted_increase_costs_its_hexes_c12_24_s0_l789():
    """S0 L789: speed 10 for half the turn and a plotted 20 for the second half: 15 hexes."""
    assert hexes_moved(((1, 10), (17, 20))) == 15


def test_unplotted_acceleration_limits_c12_242_s0_l805():
    """S0 L805-811: plotted 20, down to 16 on impulse 9, up to 20 on 22. An unplotted
    acceleration to 20 on impulse 17 (or later) advances the plotted one; to any other speed it
    would leave less than 8 impulses before impulse 22. To 20 on impulse 9 until 13 delays the
    deceleration to 14 (8 before 22); to 22 on impulse 9 must run through impulse 21."""
    unit = ship(prev=20, plot=((1, 20), (9, 16), (22, 20)))
    result = unplotted_acceleration(unit, 17, 20, OPTIONS, turn=2)
    assert not isinstance(result, Refusal) and result.plot == ((1, 20), (9, 16), (17, 20))
    assert isinstance(unplotted_acceleration(unit, 16, 20, OPTIONS, turn=2), Refusal)
    bad = unplotted_acceleration(unit, 17, 18, OPTIONS, turn=2, until=21)
    assert isinstance(bad, Refusal) and bad.rule == "C12.312"
    delay = unplotted_acceleration(unit, 9, 20, OPTIONS, turn=2, until=13)
    assert not isinstance(delay, Refusal) and changes(delay.plot) == ((14, 20, 16), (22, 16, 20))
    assert isinstance(unplotted_acceleration(unit, 9, 20, OPTIONS, turn=2, until=14), Refusal)
    long = unplotted_acceleration(unit, 9, 22, OPTIONS, turn=2, until=21)
    assert not isinstance(long, Refusal)
    assert long.plot == ((1, 20), (9, 22), (22, 20))
    assert isinstance(unplotted_acceleration(unit, 9, 22, OPTIONS, turn=2, until=16), Refusal)


def test_same_impulse_as_a_plotted_change_c12_243_s0_l815():
    """S0 L815: reserve power on impulse 9 keeps the ship at 20 all turn (no change at all)."""
    unit = ship(prev=20, plot=((1, 20), (9, 16), (22, 20)))
    result = unplotted_acceleration(unit, 9, 20, OPTIONS, turn=2)
    assert not isinstance(result, Refusal)
    assert result.plot == ((1, 20),) and changes(result.plot) == ()


def test_partial_turn_acceleration_c12_244_s0_l819():
    """S0 L819: speed 10 to 20 on impulse 16 through 24 gains 3 hexes for 6 points."""
    result = unplotted_acceleration(ten_then(), 16, 20, OPTIONS, turn=2, until=24)
    assert not isinstance(result, Refusal)
    assert (result.hexes_gained, result.movement_points) == (3, 6)
    assert result.plot == ((1, 10), (16, 20), (25, 10))


def test_reserve_impulse_adds_one_speed_only_c12_251_s0_l825():
    """S0 L825-827: at speed 9 on impulse 27, a change to 12 needs reserve warp; reserve impulse
    could reach 10 only. The change gains no hex yet costs the minimum of one hex."""
    unit = ship(prev=9, plot=((1, 9),))
    bad = unplotted_acceleration(unit, 28, 12, OPTIONS, turn=2, impulse_reserve=True)
    assert isinstance(bad, Refusal) and bad.rule == "C12.251"
    warp = unplotted_acceleration(unit, 28, 12, OPTIONS, turn=2)
    assert not isinstance(warp, Refusal)
    assert (warp.hexes_gained, warp.movement_points) == (0, 1)
    assert not isinstance(
        unplotted_acceleration(unit, 28, 10, OPTIONS, turn=2, impulse_reserve=True), Refusal
    )


def test_warp_and_impulse_combined_example_c12_252_s0_l831():
    """S0 L831: at speed 8 on impulse 26, speed 16 gains one hex (2 reserve warp), and 17 a
    second (reserve impulse shifts one column)."""
    unit = ship(prev=8, plot=((1, 8),))
    to16 = unplotted_acceleration(unit, 27, 16, OPTIONS, turn=2)
    to17 = unplotted_acceleration(unit, 27, 17, OPTIONS, turn=2)
    assert not isinstance(to16, Refusal) and not isinstance(to17, Refusal)
    assert (to16.hexes_gained, to16.movement_points) == (1, 2)
    assert to17.hexes_gained == 2


def test_unplotted_deceleration_is_refused_c12_32():
    unit = ship(prev=20, plot=((1, 20),))
    result = unplotted_acceleration(unit, 10, 15, OPTIONS, turn=2)
    assert isinstance(result, Refusal) and result.rule == "C12.32"


def test_unplotted_accelerations_can_be_switched_off():
    off = replace(OPTIONS, unplotted_accelerations=False)
    result = unplotted_acceleration(ten_then(), 17, 20, off, turn=2)
    assert isinstance(result, Refusal) and result.rule == "C12.24"


# --- emergency deceleration (C8) ------------------------------------------------------------------


def test_emergency_deceleration_stops_the_ship_after_the_declaration_period():
    unit = ship(prev=16, plot=((1, 16), (12, 24)), speed=16,
                em=EmState(paid=True, active=True))
    result = emergency_deceleration(unit, 2, 5, OPTIONS)
    assert not isinstance(result, Refusal), result
    new, events = result
    # declared on impulse 5 of turn 2: moves on 6 and 7, stopped from 8 (AM: two impulses)
    assert new.plot == ((1, 16), (8, 0))
    assert new.immobile_until == 32 + 8 + 16
    assert new.accel_zero_turn == 3 and not new.em.active and new.em.stopped_this_turn
    assert events[0].get("unused_movement") == hexes_moved(((1, 16), (12, 24)), 8, 32)
    again = emergency_deceleration(new, 2, 6, OPTIONS)
    assert isinstance(again, Refusal)


def test_after_emergency_deceleration_next_turn_accelerates_from_zero_c2_233():
    unit = ship(prev=16, accel_zero_turn=3, prev_plot=((1, 16), (8, 0)))
    assert isinstance(validate_plot(unit, ((1, 11),), OPTIONS, turn=3), Refusal)
    assert validate_plot(unit, ((1, 10),), OPTIONS, turn=3) is None
