"""Terrain (Advanced Missions P8-P15): the worked examples of P8.1, P8.51, P8.52, P8.6, P9.31,
P9.42, P12.51 and P13.2, and the terrain map's questions."""

from __future__ import annotations

import pytest

from sfb_desk.data.scenario_schema import TERRAIN_KINDS
from sfb_desk.rules.hexes import hex_from_label, hex_range
from sfb_desk.rules.systems.terrain import (
    KINDS,
    Feature,
    TerrainMap,
    black_hole_wave_force,
    black_hole_wave_turn,
    dust_damage,
    dust_hits_per_turn,
    gravity_wave_facing,
    gravity_wave_shields,
    heat_damage,
    ion_storm_effects,
    next_orbit_hex,
    nova_front,
    nova_zones,
    orbit_path,
    radiation_crew_loss,
    split_wave_damage,
)

H = hex_from_label


def labels(hexes) -> list[str]:
    return [h.label for h in hexes]


def test_p8_1_standard_orbit_around_2215_from_2214():
    # L6722: 2214, then 2315, 2316, 2216, 2116, 2115, back to 2214 every sixth turn
    assert labels(orbit_path(H("2215"))) == ["2214", "2315", "2316", "2216", "2116", "2115"]
    here, seen = H("2214"), []
    for _ in range(6):
        here = next_orbit_hex(H("2215"), here)
        seen.append(here.label)
    assert seen == ["2315", "2316", "2216", "2116", "2115", "2214"]


def test_p8_51_radius_2_and_p8_52_radius_3():
    assert labels(orbit_path(H("2215"), 2)) == [
        "2213", "2314", "2414", "2415", "2416", "2317", "2217", "2117", "2016", "2015", "2014",
        "2114"]  # fmt: skip
    assert labels(orbit_path(H("2215"), 3)) == [
        "2212", "2313", "2413", "2514", "2515", "2516", "2517", "2417", "2318", "2218", "2118",
        "2017", "1917", "1916", "1915", "1914", "2013", "2113"]  # fmt: skip


def test_p8_6_saturn_orbit_corners_radius_6():
    # L6790: "Orbit is 2209-2812-2818-2221-1618-1612-2209": the corners of a radius-6 ring
    path = orbit_path(H("2215"), 6)
    assert len(path) == 36
    assert labels(path[::6]) == ["2209", "2812", "2818", "2221", "1618", "1612"]


def test_counter_clockwise_orbit_runs_the_other_way():
    assert labels(orbit_path(H("2215"), clockwise=False)) == [
        "2214", "2115", "2116", "2216", "2316", "2315"]  # fmt: skip


def test_p9_31_example_shields_and_facing():
    # A ship in 1813 facing F; the wave moves C-D: shields 1 and 2 take it; it turns to E.
    assert gravity_wave_shields(5, (2, 3)) == (1, 2)
    assert gravity_wave_facing(5, (2, 3)) == 4
    assert split_wave_damage(20) == [10, 10]  # P9.12: "10 points on each of two shields"
    assert split_wave_damage(21) == [11, 10] and split_wave_damage(10, 3) == [4, 3, 3]


def test_p9_42_black_hole_wave_table_and_schedule():
    assert [black_hole_wave_force(i) for i in (1, 2, 3, 11, 22, 28, 32)] == [
        100, 90, 81, 35, 11, 5, 1]  # fmt: skip
    assert [t for t in range(1, 40) if black_hole_wave_turn(t)] == [5, 15, 25, 35]


def test_p10_heat_and_p15_radiation_at_each_dri():
    assert [heat_damage(2, i) for i in (7, 8, 16, 12)] == [0, 2, 2, 0]
    assert heat_damage(0, 12, kind="shuttle") == 1 and heat_damage(1, 8, kind="pf") == 0
    assert radiation_crew_loss(True, 24) == 1 and radiation_crew_loss(False, 24) == 0
    assert radiation_crew_loss(True, 24, kind="pf") == 0


def test_p12_51_example_and_nova_front():
    assert nova_zones(12) == ("radiation", "nebula")  # the P12.51 example
    assert nova_zones(0) == ("nova",) and nova_zones(10) == ("radiation", "heat", "nebula")
    assert nova_zones(30, supernova=True) == ("radiation", "nebula")  # heat reaches 20
    star = [H("0106"), H("0105")]
    front = nova_front(star, 2)
    assert H("0306") in front and H("0406") not in front
    assert all(min(hex_range(h, s) for s in star) <= 2 for h in front)


def test_p13_2_example_speed_20_hit_on_impulses_10_20_30():
    assert [i for i in range(1, 33) if dust_damage(20, i)] == [10, 20, 30]
    assert [dust_hits_per_turn(s) for s in (8, 9, 13, 19, 23, 26, 29, 31)] == [
        0, 1, 2, 3, 4, 5, 6, 6]  # fmt: skip
    assert dust_damage(8, 5, erratic=True) == 1  # erratic: all six impulses (P13.2)
    assert dust_damage(20, 10, intense=True) == 2  # P13.5
    assert dust_damage(28, 10, kind="shuttle") == 0 and dust_damage(30, 10, kind="drone")


def test_p14_3_ion_storm_table():
    assert ion_storm_effects(1) == ("P11.1",) and ion_storm_effects(5) == ("P11.1", "P11.2",
                                                                         "P11.3")


def test_every_scenario_terrain_kind_has_rules():
    assert set(KINDS) == set(TERRAIN_KINDS)


def test_planets_block_fire_and_entry_stars_destroy():
    terrain = TerrainMap((
        Feature("planet", frozenset({H("2215")})),
        Feature("star", frozenset({H("0106")})),
        Feature("asteroids", frozenset({H("1010")})),
    ))
    blocked = terrain.line_of_fire(H("2015"), H("2415"))
    assert blocked is not None and blocked.hex.label == "2215" and blocked.rule == "M4.45"
    assert terrain.line_of_fire(H("2013"), H("2413")) is None
    assert terrain.line_of_fire(H("0910"), H("1110")) is None  # asteroids only degrade
    assert terrain.entering(H("2215")).rule == "SM6.49"
    assert terrain.entering(H("0106")).rule == "SM5.41"
    assert terrain.entering(H("1010")) is None


def test_a_line_along_a_hexside_past_a_planet_takes_the_open_side():
    terrain = TerrainMap((Feature("planet", frozenset({H("2215")})),))
    # 2115 to 2315 runs along the hexside between 2215 and 2214: open on the 2214 side
    assert terrain.line_of_fire(H("2115"), H("2315")) is None
    both = TerrainMap((Feature("planet", frozenset({H("2215"), H("2214")})),))
    assert both.line_of_fire(H("2115"), H("2315")) is not None


def test_p9_11_p9_12_a_wave_runs_edge_to_edge_and_p9_2_moves_a_hex_an_impulse():
    from sfb_desk.rules.systems.terrain.waves import advance, parse_motion, wave_row

    # P9.12: "20-point gravity wave in 0501-0103, moving in direction C/D"
    assert labels(sorted(wave_row(H("0501"), H("0103"), parse_motion("C/D")),
                         key=lambda h: h.col)) == ["0103", "0202", "0302", "0401", "0501"]
    # P9.11 and P9.2: the wave 0111-2101 moves C/D; the counter in 2101 moves to 2301
    row = wave_row(H("0111"), H("2101"), (2, 3))
    assert {H("0111"), H("2101")} <= row and len(row) == 21
    after = advance(row, (2, 3))
    assert H("2301") in after and H("2101") not in after and H("0112") in after
    # the P9.31 example: the wave in 1713-1812 moving C-D enters 1813 next
    assert H("1813") in advance(wave_row(H("1713"), H("1812"), (2, 3)), (2, 3))


def test_wave_definitions_that_cannot_be_are_refused_with_the_rule():
    from sfb_desk.rules.systems.terrain.waves import parse_motion, wave_row

    for bad in ("C/E", "CD", "G/H"):
        with pytest.raises(ValueError, match="P9.12"):
            parse_motion(bad)
    assert parse_motion("d-c") == (2, 3)
    with pytest.raises(ValueError, match="P9.11"):
        wave_row(H("0101"), H("0304"), (2, 3))
    with pytest.raises(ValueError, match="P9.12"):
        wave_row(H("2201"), H("2230"), (2, 3))  # a column moves B/C, not along itself


def test_area_terrain_without_hexes_covers_the_whole_map():
    dust = TerrainMap((Feature("dust", frozenset()),))
    assert [f.kind for f in dust.at(H("0101"))] == ["dust"] and dust.natural_ecm(H("4230")) == 1
    planet = TerrainMap((Feature("planet", frozenset()),))
    assert planet.at(H("2215")) == ()  # not an area kind: nowhere


def test_p9_11_a_column_is_a_wave_too():
    from sfb_desk.rules.systems.terrain.waves import advance, wave_row

    column = wave_row(H("2201"), H("2230"), (1, 2))  # "2201 and 2230 define a gravity wave"
    assert len(column) == 30 and all(h.col == 22 for h in column)
    assert {h.col for h in advance(column, (1, 2))} == {23}


def test_p10_1_three_shields_down_three_points_and_p10_3_the_interceptor():
    assert heat_damage(3, 8) == 3  # P10.1: "If three shields are down ... three points"
    assert heat_damage(1, 12, kind="interceptor") == 3  # P10.3
    assert heat_damage(1, 8, kind="interceptor") == 0 and heat_damage(0, 24, kind="interceptor") == 0


def test_p12_53_the_card_deck_places_the_supernova_asteroids():
    from sfb_desk.rules.systems.terrain.effects import card_column, nova_asteroid_hex

    # joker #1 and the 5 of spades on a front in row xx01: 4101 and 2501; in row xx05: 4105, 2505
    assert [nova_asteroid_hex(c, 1).label for c in ("joker1", "5S")] == ["4101", "2501"]
    assert [nova_asteroid_hex(c, 5).label for c in ("joker1", "5S")] == ["4105", "2505"]
    assert [card_column(c) for c in ("AC", "10H", "joker2", "10D")] == [1, 20, 42, 40]
    with pytest.raises(ValueError, match="P12.53"):
        card_column("KS")


def test_p9_41_p9_43_a_black_hole_ring_on_its_sides_and_corners():
    from sfb_desk.rules.hexes import hex_ring
    from sfb_desk.rules.systems.terrain.waves import corner_shields, ring_motion

    hole = H("2215")
    moves = [ring_motion(hole, h) for h in hex_ring(hole, 2)]
    assert moves == [0, (0, 1), 1, (1, 2), 2, (2, 3), 3, (3, 4), 4, (4, 5), 5, (5, 0)]
    # straight above the hole, facing A, the ring comes from behind: shields 3, 4 and 5 (P9.43)
    assert corner_shields(0, 0) == (3, 4, 5)
    assert split_wave_damage(black_hole_wave_force(2), 3) == [30, 30, 30]
    # beside a corner the ring is a straight wave moving A/B: two shields, and a turn (P9.32)
    assert gravity_wave_shields(0, (0, 1)) == (4, 5)
