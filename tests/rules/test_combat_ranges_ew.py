"""Effective range (D1.4, D6.123, D6.21, D19.11, G13), fire control, scanners and EW shifts.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; "reference" = ../shared/reference/basic-set-facts.md.
"""

from __future__ import annotations

import pytest

from sfb_desk.rules.combat import (
    ACTIVE,
    LOW_POWER,
    OFF,
    PASSIVE,
    CombatOptions,
    FireControl,
    anti_drone_shift,
    direct_fire_shift,
    effective_range,
    lock_on_succeeds,
    scanner_factor,
    sensor_rating,
    total_ecm,
)
from sfb_desk.rules.combat.options import LOW_POWER_NO_FIRE
from sfb_desk.rules.combat.ranges import check_fire_control


def test_seed_d17_example_cloaked_target_without_lock_on_47_becomes_99():
    """S0 L1949: "the true range to a cloaked ship (without a lock-on to it) is 47 but the
    effective range would be 99" (D6.123 doubling, G13 +5)."""
    assert effective_range(47, lock_on=False, cloak=5) == 99


def test_reference_g11_order_double_then_scanner_then_cloak():
    """Reference G1.1: true 3, no lock-on -> 6; scanner +3 -> 9; cloaked -> 14."""
    assert effective_range(3, lock_on=False) == 6
    assert effective_range(3, lock_on=False, scanner=3) == 9
    assert effective_range(3, lock_on=False, scanner=3, cloak=5) == 14
    assert effective_range(3, scanner=3) == 6


def test_passive_fire_control_doubles_once_and_adds_no_cloak_bonus():
    """S0 L2340 (D19.11): no lock-on, so the range is doubled; "do not, however, add five
    hexes as would be the case with a cloaked target (unless ... the target actually is
    cloaked)"; passive and no lock-on are not doubled twice."""
    assert effective_range(4, passive=True) == 8
    assert effective_range(4, passive=True, lock_on=False) == 8
    assert effective_range(4, passive=True, cloak=5) == 13


def test_negative_scanner_only_from_true_range_8():
    """S0 L5354 (G22.712): a "-1" scanner is subtracted from the effective range, but "not
    used on targets closer than 8 hexes (true range)"."""
    assert effective_range(7, scanner=-1) == 7
    assert effective_range(8, scanner=-1) == 7
    assert effective_range(0, scanner=-1) == 0


def test_scanner_and_sensor_tracks_lose_boxes_from_the_left_never_the_last():
    """D6.21, D6.1, D4.33: the Fed CA tracks 0,0,1,3,5,9 and 6,6,5,3,1,0 (ssd_data FED-CA)."""
    track = (0, 0, 1, 3, 5, 9)
    assert [scanner_factor(track, n) for n in range(8)] == [0, 0, 1, 3, 5, 9, 9, 9]
    assert [sensor_rating((6, 6, 5, 3, 1, 0), n) for n in (0, 2, 3, 9)] == [6, 5, 3, 0]


def test_lock_on_roll_at_most_the_sensor_rating():
    """Reference G3 (D6.11): success on a roll at most the sensor rating, automatic at 6."""
    assert all(lock_on_succeeds(r, 6) for r in range(1, 7))
    assert [lock_on_succeeds(r, 3) for r in range(1, 7)] == [True] * 3 + [False] * 3
    with pytest.raises(ValueError):
        lock_on_succeeds(7, 6)


@pytest.mark.parametrize(
    ("fc", "clock", "options", "rule"),
    [
        (FireControl(OFF), 10, CombatOptions(), "D6.6"),
        (FireControl(ACTIVE, usable_from=12), 11, CombatOptions(), "D6.633"),
        (FireControl(PASSIVE, em=True), 10, CombatOptions(), "D19.25"),
        (FireControl(LOW_POWER), 10, CombatOptions(low_power_fire=LOW_POWER_NO_FIRE), "D6.7"),
    ],
)
def test_fire_control_refusals(fc, clock, options, rule):
    """D6.6; S0 L2366 (D19.26, D6.633: 4 impulses after activation); S0 L2364 (D19.25)."""
    refusal = check_fire_control(fc, clock, options)
    assert refusal is not None and refusal.rule == rule


def test_fire_control_that_may_fire():
    assert check_fire_control(FireControl(ACTIVE, usable_from=12), 12) is None
    assert check_fire_control(FireControl(PASSIVE), 1) is None
    assert check_fire_control(FireControl(LOW_POWER), 1) is None


def test_em_is_four_points_of_ecm_a_plus_2_shift():
    """S0 L591 (C10.42): "use the 4 points of ECM to provide a +2 die roll shift"."""
    assert direct_fire_shift(total_ecm(em=True)) == 2


def test_em_also_shifts_the_em_units_own_fire_and_its_eccm_offsets_it():
    """S0 L587 (C10.414): the EM ECM "is ALSO applied to direct-fire weapons fired BY the
    unit using EM"; S0 L581 (C10.411): ECCM, even the EM ship's own, can offset it."""
    assert direct_fire_shift(0, firer_em=True) == 2
    assert direct_fire_shift(0, 4, firer_em=True) == 0
    assert direct_fire_shift(5, firer_em=True) == 3  # 9 net


def test_net_ecm_square_root_and_eccm():
    """Reference G3 (D6.34): net = ECM - ECCM, floored at 0; shift floor(sqrt)."""
    assert direct_fire_shift(9) == 3
    assert direct_fire_shift(9, 5) == 2
    assert direct_fire_shift(3, 6) == 0


def test_passive_fire_control_has_no_eccm():
    """S0 L2342 (D19.12): "The firing ship cannot use ECCM" under passive fire control."""
    assert direct_fire_shift(9, 9) == 0
    assert direct_fire_shift(9, 9, passive=True) == 3


def test_lent_ecm_counts_at_most_6():
    """Reference G3 (D6.3144): at most 6 lent ECM."""
    assert total_ecm(2, lent=9, natural=1) == 9


def test_legendary_officer_modifier_after_the_square_root():
    """S0 L5358 (G22.721, E1.812): the roll improved by 1."""
    assert direct_fire_shift(0, modifier=-1) == -1
    assert direct_fire_shift(4, modifier=-1) == 1


def test_anti_drone_ignores_ew_but_not_em():
    """Reference G4.3 (E5.15) and S0 L615 (C10.49): ADDs on an EM unit get +1."""
    assert anti_drone_shift() == 0
    assert anti_drone_shift(firer_em=True) == 1
