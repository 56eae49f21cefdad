"""Disengagement checks (C7; reference G6.10)."""

from __future__ import annotations

from sfb_desk.rules.movement.disengage import (
    Contact,
    Pursuer,
    by_acceleration,
    by_separation,
    sublight_evasion_target,
)


def test_by_acceleration_needs_min_of_half_warp_or_15_c7_11():
    assert by_acceleration(15, 30, accelerated_fully=True) is None
    assert by_acceleration(14, 30, accelerated_fully=True).rule == "C7.11"
    assert by_acceleration(15, 40, accelerated_fully=True) is None  # min(20, 15) = 15
    assert by_acceleration(5, 9, accelerated_fully=True) is None  # ceil(9 / 2) = 5
    assert by_acceleration(4, 9, accelerated_fully=True).rule == "C7.11"
    assert by_acceleration(30, 30, accelerated_fully=False).rule == "C7.1"


def test_by_separation_ranges_c7_2():
    assert by_separation([Contact(51)], [], 20) is None
    assert by_separation([Contact(50)], [], 20).rule == "C7.2"
    assert by_separation([Contact(60, "scout")], [], 20).rule == "C7.2"
    assert by_separation([Contact(36, "shuttle")], [], 20) is None


def test_pursuing_seekers_block_unless_they_cannot_catch_c7_22():
    far = [Contact(60)]
    assert by_separation(far, [Pursuer(32, 10)], 20).rule == "C7.22"
    assert by_separation(far, [Pursuer(20, 10)], 20) is None  # not faster
    assert by_separation(far, [Pursuer(32, 10, endurance_hexes=5)], 20) is None


def test_sublight_evasion_target_c7_3():
    assert sublight_evasion_target(0, 0) == 3
    assert sublight_evasion_target(1, 2) == 2
