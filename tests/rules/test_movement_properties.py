"""Hypothesis properties of movement (C1.4, C3.2, C4.1, C12)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.impulse import moves_on
from sfb_desk.rules.charts.turn_modes import TURN_MODE_CATEGORIES, turn_mode
from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import Hex, hex_range
from sfb_desk.rules.movement.core import Moved, apply_order, parse_move_order
from sfb_desk.rules.movement.speed import hexes_moved, unplotted_acceleration
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import EmState, MoveProfile, new_ship

OPTIONS = RuleOptions()
SHIP_CATEGORIES = [c for c in TURN_MODE_CATEGORIES if c not in ("Shuttle", "Seeking", "Monster")]


@given(st.integers(0, 31), st.integers(0, 5))
def test_speed_s_moves_s_hexes_in_a_straight_line(speed, facing):
    unit = new_ship("A", "x", MoveProfile(warp=30, impulse=4), hex=Hex(0, 0), facing=facing,
                    speed=speed)
    moves = 0
    for impulse in range(1, 33):
        if moves_on(speed, impulse):
            result = apply_order(unit, parse_move_order("straight"), turn=1, impulse=impulse,
                                 options=OPTIONS)
            assert isinstance(result, Moved)
            unit = result.unit
            moves += 1
        else:
            assert isinstance(
                apply_order(unit, parse_move_order("straight"), turn=1, impulse=impulse,
                            options=OPTIONS), Refusal)
    assert moves == speed == hexes_moved(((1, speed),))
    assert hex_range(Hex(0, 0), unit.hex) == speed


ORDERS = ["straight", "turn left", "turn right", "slip left", "slip right"]


@given(
    st.sampled_from(SHIP_CATEGORIES),
    st.integers(1, 31),
    st.booleans(),
    st.lists(st.sampled_from(ORDERS), min_size=1, max_size=60),
)
def test_counters_never_let_a_unit_turn_or_slip_early(category, speed, em, orders):
    """Whatever orders are tried, an accepted turn comes after at least turn-mode hexes in the
    current direction (C3.2, +1 under EM, C10.55), and an accepted sideslip after at least one
    hex since the last one (C4.1). The reference counts are kept here independently."""
    unit = new_ship("A", "x", MoveProfile(turn_mode=category, warp=30, impulse=4),
                    hex=Hex(0, 0), facing=0, speed=speed)
    unit = replace(unit, straight=0, since_slip=0,
                   em=EmState(paid=True, active=em))
    mode = turn_mode(category, speed) + (1 if em else 0)
    in_direction, since_slip = 0, 0
    for text in orders:
        result = apply_order(unit, parse_move_order(text), turn=1, impulse=32, options=OPTIONS)
        if isinstance(result, Refusal):
            continue
        unit = result.unit
        if text.startswith("turn"):
            assert in_direction >= mode, (in_direction, mode)
            in_direction, since_slip = 1, since_slip + 1
        elif text.startswith("slip"):
            assert since_slip >= 1
            in_direction, since_slip = in_direction + 1, 0
        else:
            in_direction, since_slip = in_direction + 1, since_slip + 1
        assert unit.straight == in_direction and unit.since_slip == since_slip


@given(st.integers(0, 30), st.integers(1, 31), st.integers(2, 32))
def test_unplotted_acceleration_costs_between_one_and_the_whole_turn_increase(old, new, at):
    """C12.24: at least one hex of movement energy, at most the increase for the whole turn."""
    unit = new_ship("A", "x", MoveProfile(warp=30, impulse=4), hex=Hex(0, 0), facing=0,
                    speed=old)
    unit = replace(unit, prev_plot=((1, 31),))
    options = replace(OPTIONS, mid_turn_speed_changes=True)
    result = unplotted_acceleration(unit, at, new, options, turn=2)
    if isinstance(result, Refusal):
        return
    assert new > old
    assert 1 <= result.movement_points <= new - old
    assert result.hexes_gained == hexes_moved(result.plot) - hexes_moved(((1, old),))
    assert result.movement_points >= min(2 * result.hexes_gained, new - old)
