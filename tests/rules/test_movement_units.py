"""The unit record: the fast move constructor, profiles from ship specs, set-up helpers."""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction

import pytest

from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.units import (
    EmState,
    HetState,
    MoveProfile,
    Unit,
    clock_of,
    moved_unit,
    new_seeker,
    new_ship,
    parse_breakdown,
    profile_from_spec,
)


def test_moved_unit_equals_replace_for_every_field():
    """moved_unit fills every field; a field added to Unit and forgotten would differ here."""
    values = {}
    for i, f in enumerate(fields(Unit)):
        if f.name in ("hex", "facing", "straight", "travelled"):
            continue
        values[f.name] = getattr(Unit("x", "y"), f.name)
    base = Unit("x", "y", spec_id="S", name="N", speed=7, het=HetState(paid=2),
                em=EmState(paid=True), destroyed=frozenset({"a#1"}), allocation="{}",
                immobile_until=3, target="T")
    fast = moved_unit(base, Hex(1, 2), 4, 5, 6)
    slow = replace(base, hex=Hex(1, 2), facing=4, straight=5, travelled=6)
    assert fast == slow and hash(fast) == hash(slow)
    for f in fields(Unit):
        assert getattr(fast, f.name) == getattr(slow, f.name), f.name


@pytest.mark.parametrize(("text", "low"), [("5-6", 5), ("6", 6), ("4-6", 4), (None, None),
                                           ("", None), ("x", None)])
def test_breakdown_rating(text, low):
    assert parse_breakdown(text) == low


def test_clock():
    assert clock_of(1, 1) == 1 and clock_of(2, 1) == 33 and clock_of(3, 32) == 96


def test_profile_from_the_fed_ca_ship_file():
    from sfb_desk.data.library import load_library

    spec = load_library().get("FED-CA")
    profile = profile_from_spec(spec)
    assert profile.turn_mode == "D" and profile.breakdown == 5
    assert profile.move_cost == Fraction(1) and profile.warp == 30 and profile.impulse == 4
    assert profile.warp_systems == (("left_warp", 15), ("right_warp", 15))
    assert not profile.nimble and profile.het_bonuses == 1


def test_new_ship_and_seeker():
    s = new_ship("A", "x", MoveProfile(warp=20), hex=Hex(0, 0), facing=2, speed=9)
    assert s.prev_plot == ((1, 9),) and s.warp_at_start == 20 and s.facing_letter == "C"
    d = new_seeker("D", "x", hex=Hex(0, 0), facing=0, speed=32, target="A")
    assert d.is_seeker and d.profile.turn_mode == "Seeking"
    with pytest.raises(ValueError):
        new_seeker("P", "x", hex=Hex(0, 0), facing=0, speed=32, target="A", kind="ship")
