"""The Asteroid Damage Table as the player enters it (P3.2) and a nova's clusters (P12.53)."""

from __future__ import annotations

import pytest

from sfb_desk.rules.hexes import hex_from_label, hex_range
from sfb_desk.rules.systems.terrain.asteroids import (
    AsteroidBand,
    AsteroidTable,
    AsteroidTableError,
    away_directions,
    card_name,
    check_table,
    cluster_hexes,
    cluster_step,
    damage_speed,
    direction_of,
    parse_speeds,
    struck_shield,
    table_roll,
)
from sfb_desk.rules.systems.terrain.effects import card_column, nova_asteroid_hex

H = hex_from_label
SIX = (0, 1, 2, 3, 4, 5)


def table(*bands, dice="1d6"):
    return AsteroidTable(dice, tuple(AsteroidBand(*b) for b in bands))


def test_a_table_reads_the_column_of_the_speed_and_the_roll():
    t = table((1, 9, SIX), (10, None, (10, 11, 12, 13, 14, 15)))
    assert check_table(t) == []
    assert [t.damage(s, 3) for s in (1, 9, 10, 31)] == [2, 2, 12, 12]
    assert t.band(9).label == "1-9" and t.band(25).label == "10+"


def test_a_two_dice_table_has_eleven_entries_per_column():
    t = table((1, None, tuple(range(11))), dice="2d6")
    assert check_table(t) == [] and t.damage(5, 2) == 0 and t.damage(5, 12) == 10


@pytest.mark.parametrize("bad, words", [
    (table((2, None, SIX)), "starts at 1"),
    (table((1, 6, SIX), (8, None, SIX)), "starts at 7"),
    (table((1, 6, SIX), (5, None, SIX)), "starts at 7"),
    (table((1, 6, SIX)), "leave its highest speed open"),
    (table((1, None, (0, 1, 2))), "6 damage entries"),
    (table((1, None, (0, 1, 2, 3, 4, 51))), "0-50"),
    (table((1, None, (0, 1, 2, 3, 4, -1))), "0-50"),
    (table((1, None, SIX), dice="3d6"), "1d6 or 2d6"),
    (AsteroidTable("1d6", ()), "no speed columns"),
])
def test_a_table_that_cannot_be_used_names_the_problem_and_p3_2(bad, words):
    problems = check_table(bad)
    assert problems and any(words in p for p in problems), problems
    assert all("(P3.2)" in p for p in problems)


def test_speed_columns_are_written_as_in_the_book():
    assert parse_speeds("7-12") == (7, 12) and parse_speeds("13") == (13, 13)
    assert parse_speeds(" 26+ ") == (26, None)
    with pytest.raises(AsteroidTableError, match="P3.2"):
        parse_speeds("fast")


def test_c11_21_a_nimble_unit_takes_one_from_the_roll_never_below_the_lowest():
    t = table((1, None, SIX))
    assert table_roll(4, t, nimble=True) == 3 and table_roll(1, t, nimble=True) == 1
    assert table_roll(4, t) == 4


def test_p12_53_a_clusters_damage_is_read_at_speed_20_or_the_units_whichever_is_greater():
    assert damage_speed(8, nova_cluster=True) == 20
    assert damage_speed(26, nova_cluster=True) == 26
    assert damage_speed(8) == 8 and damage_speed(0) == 1  # a unit entering a hex moves


def test_the_shield_struck_faces_the_direction_of_movement():
    here = H("2215")
    assert direction_of(here, H("2214")) == 0 and direction_of(here, H("2315")) == 1
    assert direction_of(here, H("2217")) is None
    assert struck_shield(0, 0) == 1  # facing A, moving A: the front shield
    assert struck_shield(0, 1) == 2  # facing A, slipping right (B): shield #2
    assert struck_shield(0, 3) == 4  # facing A, moving in reverse (D): the rear shield
    assert struck_shield(4, 3) == 6  # facing E, moving D: shield #6


def test_p12_53_card_names_are_the_inverse_of_the_deck_example():
    # the example: joker #1 and the five of spades place asteroids in 4101 and 2501
    assert card_name(41) == "joker1" and card_column("joker1") == 41
    assert card_name(25) == "5S" and card_column("5S") == 25
    assert [nova_asteroid_hex(c, 1).label for c in (card_name(41), card_name(25))] == [
        "4101", "2501"]
    assert [nova_asteroid_hex(c, 5).label for c in ("joker1", "5S")] == ["4105", "2505"]
    assert all(card_column(card_name(n)) == n for n in range(1, 43))
    assert card_name(43) == "deck 2 AC"


def test_p12_53_clusters_are_seven_hexes_and_move_straight_away_from_the_star():
    star = H("2215")
    assert len(cluster_hexes(star)) == 7
    here = H("2212")  # three hexes straight up (direction A)
    assert away_directions(star, here) == (0,)
    assert cluster_step(star, here, 0) == H("2211")
    off = H("2413")  # between the A and B lines: it sideslips left, right ...
    path = [off]
    for n in range(6):
        path.append(cluster_step(star, path[-1], n))
    assert [hex_range(star, h) for h in path] == list(range(3, 10))
    assert len({direction_of(a, b) for a, b in zip(path, path[1:])}) == 2
