"""Drones (FD2, FD10, FD12, FD13): types, speeds by year, endurance, warheads, damage to destroy.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002; reference = basic-set-facts.md G4.1.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.seeking import (
    DRONE_TYPES,
    Drone,
    SeekerRecord,
    SeekingOptions,
    armored_drone,
    damage_seeker,
    drone_type,
    speed_for_year,
)
from sfb_desk.rules.seeking.drones import external_armor_speed, propulsion_availability
from sfb_desk.rules.units import DRONE


def test_drone_chart_rows_from_the_reference():
    """Reference G4.1: speed, endurance (turns), warhead, damage to destroy, rack spaces."""
    rows = {c: (t.speed, t.endurance, t.warhead, t.destroy, t.spaces) for c, t in DRONE_TYPES.items()}
    assert rows == {
        "I": (8, 3, 12, 4, 1), "II": (12, 2, 12, 4, 1), "III": (12, 25, 12, 4, 1),
        "IV": (8, 3, 24, 6, 2), "V": (12, 2, 24, 6, 2), "VI": (12, 1, 8, 3, Fraction(1, 2)),
    }
    assert drone_type("type-iv").code == "IV"
    with pytest.raises(ValueError):
        drone_type("VII")


def test_explosive_modules_fd10_41():
    """S0 L3648-3652 (FD10.41): 1/2 payload space = explosion strength 6, 1 payload space = 12;
    "Two-space drones (such as type-IV) carry two 1-payload space explosive modules". S2 L362:
    "a type-I drone (12-point warhead)"."""
    assert Drone("I").damage_against() == 12
    assert Drone("IV").damage_against() == 24
    assert armored_drone("I", Fraction(1, 2)).damage_against() == 6


def test_armored_drones_fd12():
    """S0 L3867 (FD12.11): the most common armored drones are a type-I with a 1/2-PS armor and
    a 1/2-PS explosive module, and a two-space drone with 1-PS armor and 1-PS explosive; L3891
    (FD12.21): "The 1/2-PS module adds 2 damage points; the 1-PS armor module adds 4"; L3869
    (FD12.12): a type-IV with a 1-PS armor, a 1/2-PS armor and a 1/2-PS explosive module."""
    small = armored_drone("I", Fraction(1, 2))
    assert (small.damage_against(), small.destroy_value()) == (6, 6)
    heavy = armored_drone("IV", 1)
    assert (heavy.damage_against(), heavy.destroy_value()) == (12, 10)
    triple = armored_drone("IV", Fraction(3, 2))
    assert (triple.damage_against(), triple.destroy_value()) == (6, 12)
    with pytest.raises(ValueError):
        armored_drone("VI", Fraction(1, 2))  # FD10.13: dogfight drones cannot be modified
    with pytest.raises(ValueError):
        armored_drone("I", Fraction(3, 2))  # more armor than payload


def test_slug_drone_has_no_warhead():
    """S0 L3869 (FD12.12): a type-I with a 1-PS armor module and no warhead is a slug drone;
    L3904 (FD13.0): at its target it "self-destructs without causing any damage"."""
    slug = armored_drone("I", 1)
    assert slug.damage_against(3) == 0 and slug.destroy_value() == 8


def test_external_armor_speeds_fd12_132():
    """S0 L3875-3883, the FD12.132 chart, row by row."""
    chart = {
        (1, Fraction(1, 2)): (20, 12, 8, 4), (1, Fraction(1)): (12, 8, 4, 2),
        (2, Fraction(1, 2)): (26, 16, 10, 6), (2, Fraction(1)): (20, 12, 8, 4),
    }
    for (spaces, armor), row in chart.items():
        assert tuple(external_armor_speed(spaces, armor, s) for s in (32, 20, 12, 8)) == row
    with pytest.raises(ValueError):
        external_armor_speed(3, Fraction(1), 8)


def test_speed_availability_by_year_fd10_65():
    """S0 L3799: medium Limited Y165, Restricted Y166, General Y167; fast Limited Y178,
    Restricted Y179, General Y180. L3801: moderate invented Y77, Limited until Y100, then
    Restricted, General in Y120."""
    assert [propulsion_availability(20, y) for y in (164, 165, 166, 167)] == [None, "limited", "restricted", "general"]
    assert [propulsion_availability(32, y) for y in (177, 178, 179, 180)] == [None, "limited", "restricted", "general"]
    assert [propulsion_availability(12, y) for y in (76, 77, 99, 100, 119, 120)] == [
        None, "limited", "limited", "restricted", "restricted", "general"]
    assert propulsion_availability(8, 1) == "general"
    assert [speed_for_year("I", y) for y in (None, 110, 120, 166, 167, 179, 180)] == [8, 8, 12, 12, 20, 20, 32]
    assert speed_for_year("V", 100) == 12  # never slower than the type's own motor


def test_endurance_fd10_33_and_extended_range():
    """S0 L3632 (FD10.33): moderate (speed 12) motors: "Endurance ... is 2 turns (4 with
    extended range)"; extended range doubles endurance (FD2.222, reference G4.1)."""
    assert Drone("I").endurance_turns == 3
    assert Drone("I", speed=12).endurance_turns == 2
    assert Drone("I", speed=12, extended_range=True).endurance_turns == 4
    assert Drone("I", speed=32).endurance_turns == 3
    assert Drone("III").endurance_turns == 25 and Drone("VI").endurance_turns == 1


def test_type_vi_damage_by_size_class_and_destroy_option():
    """FD2.54 (reference G4.1): 2 against size class 4 and larger units, 4 against size 5, 8
    against size 6 and smaller; damage to destroy 3 (three peers) or 2 (the client data)."""
    vi = Drone("VI")
    assert [vi.damage_against(sc) for sc in (2, 4, 5, 6, 7)] == [2, 2, 4, 8, 8]
    assert vi.damage_against() == 8
    assert vi.destroy_value() == 3 and vi.destroy_value(SeekingOptions(type_vi_destroy=2)) == 2


def test_drone_validation():
    with pytest.raises(ValueError):
        Drone("I", speed=40)
    with pytest.raises(ValueError):
        Drone("I", armor=-1)


def _record(drone: Drone) -> SeekerRecord:
    return SeekerRecord("D1", DRONE, "kzi", "CS", "drone#1", 10, drone=drone)


def test_a_type_iv_survives_five_points_and_dies_at_six():
    """FD1.54 (reference G4.1): destroyed once the damage reaches the damage to destroy."""
    first = damage_seeker(_record(Drone("IV")), 5, "DISRUPTOR")
    assert not first.destroyed and first.record.damage == 5
    second = damage_seeker(first.record, 1, "PH-3")
    assert second.destroyed and second.event.rule == "FD1.54"


@given(st.sampled_from(sorted(DRONE_TYPES)), st.sampled_from([0, 2, 4, 6]),
       st.lists(st.integers(0, 12), max_size=8))
def test_a_drone_is_gone_exactly_when_damage_reaches_its_destroy_value(code, armor, hits):
    """Property (FD1.54): after any hits, the drone is destroyed iff its total damage is at
    least its damage to destroy, and the first hit to get there reports it."""
    drone = Drone(code, armor=armor)
    record, gone_at = _record(drone), None
    for n, points in enumerate(hits):
        done = damage_seeker(record, points, "PH-1")
        record = done.record
        if done.destroyed and gone_at is None:
            gone_at = n
        assert done.destroyed == (record.damage >= drone.destroy_value())
    total = sum(hits)
    assert (gone_at is not None) == (total >= drone.destroy_value())
