"""The monsters of the Advanced Missions SM scenarios: SM5.45, SM6.47, SM7.46 and their examples."""

from __future__ import annotations

import pytest

from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.monsters import (
    DragonRecord,
    claw_roll,
    mind_attack,
    nearest_star_hex,
    ravage_points,
    sm5_level,
    sm5_points,
    sm6_level,
    sm6_points,
    sun_snake_damage,
    sun_snake_targets,
)

H = hex_from_label


def test_sm5_45_sun_snake_attack_table():
    assert [sun_snake_damage(r) for r in range(1, 7)] == [30, 25, 20, 15, 10, 5]
    with pytest.raises(ValueError):
        sun_snake_damage(7)


def test_sm5_45_targets_within_five_once_a_turn_ships_and_pfs_only():
    units = [("CA", "ship", H("1010")), ("far", "ship", H("1710")), ("pf", "pf", H("1110")),
             ("shuttle", "shuttle", H("1010")), ("done", "ship", H("1011"))]
    assert sun_snake_targets(H("1110"), units, struck_this_turn={"done"}) == ("pf", "CA")


def test_sm5_star_and_victory_points():
    star = [H(x) for x in ("0106", "0105", "0204", "0203", "0303", "0302", "0401")]
    assert nearest_star_hex(H("4222"), star) in star
    assert sm5_points(250, 20) == 200 + 200  # information capped at 200 (SM5.5)
    assert sm5_level(400) == ("Daring and bold: given a small fleet", 6)
    assert sm5_level(100)[1] == 0 and sm5_level(101)[1] == 1 and sm5_level(399)[1] == 4


@pytest.mark.parametrize(
    ("range_", "roll", "full", "blanked"),
    [(0, 1, True, 6), (5, 1, True, 1), (3, 4, True, 1), (2, 6, True, 1), (6, 1, True, 0),
     # SM6.47 weak shields: double the die-1 result of the next lower range
     (6, None, False, 2), (1, None, False, 12), (0, None, False, 18), (7, None, False, 0),
     (3, None, False, 8)],
)  # fmt: skip
def test_sm6_47_mind_monster_chart(range_, roll, full, blanked):
    assert mind_attack(range_, roll, full) == blanked


def test_sm6_5_victory_bands():
    assert sm6_points(50, 25) == 100
    assert sm6_level(sm6_points(50, 10)) == ("Did his best in a difficult situation", 3)


def test_sm7_462_a_hit_on_a_young_dragons_body_takes_it_from_25_to_24():
    young = DragonRecord.new("young")
    hit, area = young.hit(1)
    assert (area, hit.body) == ("body", 24)


def test_sm7_463_an_area_at_zero_passes_the_point_to_the_right():
    dragon = DragonRecord("adult", body=5, wings=1, tail=0, claws=0)
    after, area = dragon.hit(5)  # tail is zero: the claws are next, also zero: the body
    assert (area, after.body) == ("body", 4)
    after, area = dragon.hit(6)  # claws at zero overflow to the body (SM7.463 example)
    assert area == "body"


def test_sm7_464_speed_is_wings_over_the_speed_factor():
    assert DragonRecord.new("adult").speed() == 25  # 50 / 2 (the book's example)
    assert DragonRecord("old", 100, 74, 35, 60).speed() == 25  # 24.67 rounds up
    assert DragonRecord("adult", 70, 49, 25, 40).speed() == 25  # 24.5 rounds up


def test_sm7_466_dies_when_every_area_is_zero_and_claw_modifier():
    assert not DragonRecord("young", 0, 0, 0, 0).alive
    assert DragonRecord("young", 0, 0, 0, 1).alive
    assert claw_roll(6, "young") == 6 and claw_roll(1, "ancient") == 1 and claw_roll(5, "old") == 4
    assert ravage_points("adult", 6) == 100  # at most four turns (SM7.5)
