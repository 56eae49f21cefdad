"""Casualties (G9.21, D7.21), damage control (D9) and the crippled test (S2.4)."""

from __future__ import annotations

import pytest

from sfb_desk.rules.damage import FRESH, DamageOptions, DamageState, Volley, allocate_damage, crippled_reasons
from sfb_desk.rules.damage.casualties import casualty_points
from sfb_desk.rules.damage.repair import (
    continuous_repair,
    damage_control_rating,
    repair_cost,
    scanner_rating,
    sensor_rating,
    shield_repair_boxes,
)
from sfb_desk.rules.ship import ShipSpec, Weapon
from test_damage_support import make_ship

# ---------------------------------------------------------------------------------------------
# Casualties


@pytest.mark.parametrize(
    ("before", "scored", "interval", "grace", "available", "expected"),
    [
        (0, 10, 10, 0, None, (10,)),
        (0, 9, 10, 0, None, ()),
        (5, 5, 10, 0, None, (5,)),
        (5, 26, 10, 0, None, (5, 15, 25)),
        (0, 60, 10, 4, None, (50, 60)),  # D7.21: first four thresholds ignored
        (45, 10, 10, 4, None, (5,)),  # the 50th internal point of the ship
        (0, 30, 10, 0, 2, (10, 20)),  # only two crew units left to lose
        (0, 30, 10, 0, 0, ()),
        (0, 30, 0, 0, None, ()),  # interval 0: off
    ],
)
def test_casualty_points(before, scored, interval, grace, available, expected):
    assert casualty_points(before, scored, interval, grace, available) == expected


def test_every_tenth_internal_point_kills_a_crew_unit_across_volleys():
    """G9.21: the count runs over the ship's internal points, not per volley."""
    ship = make_ship(forward_hull=30, excess=1)
    first = allocate_damage(ship, FRESH, Volley(7), [6] * 7)
    second = allocate_damage(ship, first.state, Volley(7), [6] * 7)
    assert first.crew_units_killed == 0 and second.crew_units_killed == 1
    assert [e.point for e in second.events if e.crew_unit_killed] == [3]
    assert second.state.crew_units_lost == 1 and second.state.internal_points == 14


def test_boarding_parties_die_from_the_50th_point():
    """D7.21 (reference G6.3): every 10th point, the first four thresholds excepted."""
    ship = make_ship(forward_hull=70, excess=1)
    result = allocate_damage(ship, FRESH, Volley(60), [6] * 60)
    assert [e.point for e in result.events if e.boarding_party_killed] == [50, 60]
    assert result.boarding_parties_killed == 2 and result.crew_units_killed == 6
    off = allocate_damage(ship, FRESH, Volley(60), [6] * 60, options=DamageOptions(boarding_party_interval=0))
    assert off.boarding_parties_killed == 0


def test_excess_damage_and_destroying_points_count_as_internal():
    ship = make_ship(excess=9)
    result = allocate_damage(ship, FRESH, Volley(12), [6] * 12)
    assert result.state.internal_points == 10  # 9 excess + the destroying point; 2 after
    assert [e.point for e in result.events if e.crew_unit_killed] == [10]


def test_options_are_checked():
    with pytest.raises(ValueError):
        DamageOptions(crew_casualty_interval=-1)


# ---------------------------------------------------------------------------------------------
# Damage control (D9)


def tracked_ship(**counts: int) -> ShipSpec:
    base = make_ship((Weapon("1", "PH-1", "phaser"), Weapon("A", "PHOTON", "photon")), excess=2, **counts)
    from dataclasses import replace

    return replace(
        base,
        damage_control_track=(4, 4, 2, 2, 2, 0),
        sensor_track=(6, 6, 5, 3, 1, 0),
        scanner_track=(0, 0, 1, 3, 5, 9),
    )


SHIP = tracked_ship(impulse=4, forward_hull=6, left_warp=10)


def test_ratings_follow_the_tracks():
    state = DamageState.for_ship(SHIP, ["damage_control#1", "damage_control#2", "sensor#1", "sensor#2", "scanner#1", "scanner#2"])
    assert damage_control_rating(SHIP, FRESH) == 4 and damage_control_rating(SHIP, state) == 2
    assert sensor_rating(SHIP, state) == 5 and scanner_rating(SHIP, state) == 1
    assert sensor_rating(SHIP, FRESH) == 6 and scanner_rating(SHIP, FRESH) == 0


def test_shield_repair_two_energy_per_box_up_to_the_rating():
    """D9.21."""
    assert shield_repair_boxes(4, 4).boxes == 2
    assert shield_repair_boxes(3, 4) == shield_repair_boxes(3, 4) and shield_repair_boxes(3, 4).boxes == 1
    over = shield_repair_boxes(6, 4)
    assert over.boxes == 2 and over.issues[0].rule == "D9.21"
    assert shield_repair_boxes(-1, 4).issues[0].rule == "D9.21"


def test_continuous_repair_accumulates_on_one_box():
    """D9.711 / D9.74: 4 points a turn on an impulse box (cost 5): done on the second turn."""
    state = DamageState.for_ship(SHIP, ["impulse#1", "forward_hull#1"])
    turn1 = continuous_repair(SHIP, state, "impulse#1")
    assert turn1.repaired is None and turn1.state.repair_box == "impulse#1" and turn1.state.repair_points == 4
    other = continuous_repair(SHIP, turn1.state, "forward_hull#1")
    assert other.issues[0].rule == "D9.74" and other.state is turn1.state
    turn2 = continuous_repair(SHIP, turn1.state, "impulse#1")
    assert turn2.repaired == "impulse#1" and not turn2.state.is_destroyed("impulse#1")
    assert turn2.state.boxes_repaired == 1 and turn2.state.repair_box is None


def test_continuous_repair_refusals():
    state = DamageState.for_ship(SHIP, ["impulse#1", "damage_control#1", "excess_damage#1"])
    assert continuous_repair(SHIP, state, "impulse#2").issues[0].rule == "D9.7"  # not destroyed
    assert continuous_repair(SHIP, state, "damage_control#1").issues[0].rule == "D9.7"
    assert continuous_repair(SHIP, state, "excess_damage#1").issues[0].rule == "D9.7"
    assert continuous_repair(SHIP, state, "impulse#1", destroyed_this_turn=frozenset({"impulse#1"})).issues[0].rule == "D9.73"
    from dataclasses import replace

    assert continuous_repair(SHIP, replace(state, boxes_repaired=4), "impulse#1").issues[0].rule == "D9.76"
    assert continuous_repair(SHIP, replace(state, ship_destroyed=True), "impulse#1").issues[0].rule == "D4.40"


def test_repair_costs_from_annex_9():
    assert repair_cost(SHIP, "left_warp#3") == 10
    assert repair_cost(SHIP, "forward_hull#1") == 1
    assert repair_cost(SHIP, "phaser#1") == 5
    assert repair_cost(SHIP, "photon#A") == 8
    assert repair_cost(SHIP, "shield3#2") == 2
    assert repair_cost(SHIP, "security#1") is None


def test_repaired_box_can_be_hit_again():
    state = DamageState.for_ship(SHIP, ["forward_hull#1"])
    fixed = continuous_repair(SHIP, state, "forward_hull#1").state
    result = allocate_damage(SHIP, fixed, Volley(1), [6])
    assert result.events[0].box == "forward_hull#1"


# ---------------------------------------------------------------------------------------------
# Crippled (S2.4)


def test_crippled_reasons():
    assert crippled_reasons(SHIP, FRESH) == ()
    warp = DamageState.for_ship(SHIP, [f"left_warp#{i}" for i in range(1, 10)])
    assert any("warp" in r for r in crippled_reasons(SHIP, warp))
    excess = DamageState.for_ship(SHIP, ["excess_damage#1"])
    assert crippled_reasons(SHIP, excess) == ("S2.4: excess damage taken",)
    weapons = DamageState.for_ship(SHIP, ["phaser#1", "photon#A"])
    assert crippled_reasons(SHIP, weapons) == ("S2.4: all weapons destroyed",)
    interior = DamageState.for_ship(SHIP, [*(f"left_warp#{i}" for i in range(1, 9)), "impulse#1", "impulse#2", "forward_hull#1"])  # 11 of 22
    reasons = crippled_reasons(SHIP, interior)
    assert any("interior" in r for r in reasons) and not any("warp boxes" in r for r in reasons)
