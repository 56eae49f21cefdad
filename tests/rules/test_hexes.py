"""Hex coordinates, labels, neighbours, range, rings and lines (sfb_desk.rules.hexes).

Seed references are to /work/shared/seeds: S0 = 000 (Advanced Missions), S2 = 002, by line.
Expected values are typed from the rulebook text or computed by oracles written here from the
G0 offset convention, never by the code under test.
"""

from __future__ import annotations

import math
import pickle
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.hexes import (
    DIRECTIONS,
    FLOATING_MAP,
    STANDARD_MAP,
    Facing,
    Hex,
    LabelError,
    MapBounds,
    format_key,
    format_label,
    hex_from_label,
    hex_line,
    hex_range,
    hex_ring,
    hexes_within,
    neighbor,
    neighbors,
    parse_facing,
    parse_label,
    rotate,
    rotate_facing,
    to_ship_frame,
)

H = hex_from_label


def labels(hexes) -> list[str]:
    return [h.label for h in hexes]


# ---------------------------------------------------------------------------------------------
# Oracle: neighbours in offset coordinates straight from G0 ("even-numbered columns sit half a
# hex lower"; AM MapUtils: from an even column NE is (x+1, y) and SE is (x+1, y+1)).


def offset_neighbors(col: int, row: int) -> list[tuple[int, int]]:
    """(col, row) of the neighbours A..F."""
    if col % 2 == 0:  # even column: lower
        return [(col, row - 1), (col + 1, row), (col + 1, row + 1),
                (col, row + 1), (col - 1, row + 1), (col - 1, row)]
    return [(col, row - 1), (col + 1, row - 1), (col + 1, row),
            (col, row + 1), (col - 1, row), (col - 1, row - 1)]


# ---------------------------------------------------------------------------------------------
# Labels


@pytest.mark.parametrize(
    ("key", "col", "row", "cube", "label"),
    [
        ("0101", 1, 1, (1, 0, -1), "0101"),
        ("0201", 2, 1, (2, 0, -2), "0201"),  # G0: 0201 half a hex below 0101
        ("2215", 22, 15, (22, 4, -26), "2215"),  # G0: q = c, r = row - ceil(c/2)
        ("2315", 23, 15, (23, 3, -26), "2315"),
        ("4230", 42, 30, (42, 9, -51), "4230"),
        ("0000", 0, 0, (0, 0, 0), "0000"),
        # Off 00..99 a player reads four digits, modulo 100; files keep the exact C.R.
        ("101.05", 101, 5, (101, -46, -55), "0105"),
        ("-3.12", -3, 12, (-3, 13, -10), "9712"),
        ("05.-2", 5, -2, (5, -5, 0), "0598"),
        ("22.-24", 22, -24, (22, -35, 13), "2276"),  # what the floating map used to print
    ],
)
def test_label_to_cube_and_back(key, col, row, cube, label):
    h = hex_from_label(key)
    assert tuple(h) == cube
    assert (h.col, h.row) == (col, row)
    assert h.key == key
    assert h.label == str(h) == label and len(label) == 4 and label.isdigit()
    assert Hex.from_offset(col, row) == h
    assert hex_from_label(label, near=h) == h
    assert hex_from_label(label, near=Hex.from_offset(col + 40, row - 45)) == h


@pytest.mark.parametrize(
    ("text", "col", "row"),
    [(" 2215 ", 22, 15), ("22.15", 22, 15), ("101015", 101, 15), ("01000200", 100, 200),
     ("+4.-7", 4, -7)],
)
def test_label_alternative_spellings(text, col, row):
    assert parse_label(text) == (col, row)


@pytest.mark.parametrize("bad", ["", "22x5", "221", "22155", "abcd", "2215a", "22.", ".15", "-2215"])
def test_bad_labels_are_refused_with_the_expected_format(bad):
    with pytest.raises(LabelError, match="expected CCRR"):
        hex_from_label(bad)


def test_label_error_is_a_value_error():
    assert issubclass(LabelError, ValueError)


def test_labels_are_four_digits_and_keys_dotted_outside_00_99():
    assert format_label(42, 30) == format_key(42, 30) == "4230"
    assert format_label(100, 1) == "0001" and format_key(100, 1) == "100.01"
    assert format_label(1, 100) == "0100" and format_key(1, 100) == "01.100"
    assert format_label(-1, 5) == "9905" and format_key(-1, 5) == "-1.05"
    assert format_label(-100, -1) == "0099" and format_label(-250, 1234) == "5034"


def test_a_four_digit_label_without_a_reference_is_the_hex_of_those_digits():
    assert (H("9905").col, H("9905").row) == (99, 5)
    assert (H("0000").col, H("0000").row) == (0, 0)


def test_a_four_digit_label_is_read_nearest_the_battle():
    """Off the standard map a label is read nearest a hex of the battle: 99 is the column left
    of 00 near the map's left edge, and the column 99 far to the right of it."""
    assert hex_from_label("9905", near=H("0110")) == Hex.from_offset(-1, 5)
    assert hex_from_label("9905", near=H("7010")) == Hex.from_offset(99, 5)
    assert hex_from_label("2276", near=H("22.-20")) == Hex.from_offset(22, -24)
    assert hex_from_label("2215", near=H("2230")) == H("2215")  # the standard map reads as ever
    assert hex_from_label("-3.12", near=H("5050")) == Hex.from_offset(-3, 12)  # exact: as written
    # Half way round, the reading stays within 50 on the low side and 49 on the high side.
    assert hex_from_label("7215", near=H("2215")).col == -28
    assert hex_from_label("7115", near=H("2215")).col == 71


@given(st.integers(-999, 999), st.integers(-999, 999), st.integers(-50, 49), st.integers(-50, 49))
def test_label_round_trip(col, row, dc, dr):
    h = Hex.from_offset(col, row)
    assert (h.col, h.row) == (col, row)
    assert hex_from_label(h.key) == h
    assert hex_from_label(f"{col}.{row}") == h
    near = Hex.from_offset(col - dc, row - dr)  # a hex of the battle within 50 of it
    assert hex_from_label(h.label, near=near) == h
    assert len(h.label) == 4 and h.label.isdigit()


@given(st.integers(-10_000, 10_000), st.integers(-10_000, 10_000))
def test_cube_round_trip_through_labels(q, r):
    h = Hex(q, r)
    assert h.q + h.r + h.s == 0
    assert hex_from_label(h.key) == h
    assert hex_from_label(h.label, near=h + Hex(7, -3)) == h


def test_hex_checks_its_invariant():
    assert Hex(1, 2) == Hex(1, 2, -3)
    with pytest.raises(ValueError, match="sum to 0"):
        Hex(1, 2, 3)


def test_hex_pickles_and_hashes_as_a_value():
    h = H("2215")
    assert pickle.loads(pickle.dumps(h)) == h and type(pickle.loads(pickle.dumps(h))) is Hex
    assert {h: "planet"}[Hex.from_offset(22, 15)] == "planet"
    with pytest.raises(AttributeError):
        h.q = 3  # type: ignore[misc]


def test_hex_vector_arithmetic():
    a, b = Hex(1, 2, -3), Hex(-4, 1, 3)
    assert a + b == Hex(-3, 3, 0) and isinstance(a + b, Hex)
    assert a - b == Hex(5, 1, -6)
    assert -a == Hex(-1, -2, 3)
    assert a * 3 == 3 * a == Hex(3, 6, -9)


# ---------------------------------------------------------------------------------------------
# Map bounds


def test_standard_map_edges():
    assert STANDARD_MAP.contains(H("0101")) and STANDARD_MAP.contains(H("4230"))
    for off in ["0001", "0100", "4301", "4231", "0131", "-1.05", "101.05"]:
        assert not STANDARD_MAP.contains(H(off)), off
    hexes = list(STANDARD_MAP.hexes())
    assert len(hexes) == len(set(hexes)) == 42 * 30
    assert hexes[0].label == "0101" and hexes[-1].label == "4230"


def test_floating_map_has_no_edges():
    for label in ["0101", "-40.-40", "999.999", "0000"]:
        assert FLOATING_MAP.contains(H(label))
    with pytest.raises(ValueError):
        next(FLOATING_MAP.hexes())
    assert MapBounds(None, 10).contains(H("500.10")) and not MapBounds(None, 10).contains(H("0111"))


# ---------------------------------------------------------------------------------------------
# Facings


@pytest.mark.parametrize(
    ("value", "expected"),
    [("A", Facing.A), ("f", Facing.F), (" c ", Facing.C), ("1", Facing.A), ("6", Facing.F),
     (1, Facing.A), (4, Facing.D), (Facing.E, Facing.E), (Facing.A, Facing.A)],
)
def test_parse_facing(value, expected):
    assert parse_facing(value) is expected


@pytest.mark.parametrize("bad", ["G", "", "AB", "0", "7", 0, 7, -1, True, 2.0, None])
def test_parse_facing_refuses(bad):
    with pytest.raises(ValueError, match="letter A-F"):
        parse_facing(bad)


def test_facing_numbers_and_turns():
    assert [f.letter for f in Facing] == list("ABCDEF")
    assert [f.number for f in Facing] == [1, 2, 3, 4, 5, 6]
    assert Facing.F.turned(1) is Facing.A and Facing.A.turned(-1) is Facing.F
    assert rotate_facing(Facing.C, 5) is Facing.B


# ---------------------------------------------------------------------------------------------
# Neighbours: the seed's worked examples


def test_neighbours_of_2215_orbit_example():
    """P8.1 (S0 L6722): a base orbiting a planet in 2215 from 2214 passes 2315, 2316, 2216,
    2116, 2115 (clockwise), i.e. the neighbours in facings A..F (DESIGN.md section 5)."""
    assert labels(neighbors(H("2215"))) == ["2214", "2315", "2316", "2216", "2116", "2115"]
    assert [neighbor(H("2215"), f).label for f in Facing] == labels(neighbors(H("2215")))


def test_neighbours_of_1010_chain_mine_example():
    """M5.36 (S0 L6367): chain mines around the mine in 1010 are in 0911, 0910, 1009 and
    1011 (all adjacent); a ship in 0810 is not adjacent, one in 0910 is (L6369)."""
    around = set(labels(neighbors(H("1010"))))
    assert {"0911", "0910", "1009", "1011"} <= around
    assert "0810" not in around
    assert hex_range(H("0810"), H("1010")) == 2


def test_minesweeper_example_1110_is_adjacent_to_1010():
    """M8 sweeping example (S0 L6652): the mine is in 1010, the sweeper enters 1110."""
    assert hex_range(H("1110"), H("1010")) == 1


def test_tholian_web_generators_of_a_pc_in_1010_facing_a():
    """E13.312 (S2 L1145): PC in 1010 facing A; right generator webs 1110 and/or 1111 (the
    hexes in directions B and C), left generator 0910 and/or 0911 (F and E)."""
    pc = H("1010")
    assert {neighbor(pc, Facing.B).label, neighbor(pc, Facing.C).label} == {"1110", "1111"}
    assert {neighbor(pc, Facing.F).label, neighbor(pc, Facing.E).label} == {"0910", "0911"}


@pytest.mark.parametrize(
    ("center", "expected"),
    [
        ("2215", ["2214", "2315", "2316", "2216", "2116", "2115"]),  # even column
        ("2315", ["2314", "2414", "2415", "2316", "2215", "2214"]),  # odd column
        ("0101", ["0100", "0200", "0201", "0102", "0001", "0000"]),  # corner: off-map neighbours
        ("1813", ["1812", "1913", "1914", "1814", "1714", "1713"]),  # P9.31 example ship hex
    ],
)
def test_neighbour_table(center, expected):
    assert labels(neighbors(H(center))) == expected


def test_neighbours_match_offset_rule_over_whole_map():
    for h in STANDARD_MAP.hexes():
        got = [(n.col, n.row) for n in neighbors(h)]
        assert got == offset_neighbors(h.col, h.row), h.label


def test_neighbour_and_rotate_agree():
    center = H("2215")
    for f in range(6):
        for k in range(-6, 7):
            assert rotate(neighbor(center, f), k, center) == neighbor(center, (f + k) % 6)


def test_rotate_full_turn_and_inverse():
    c, h = H("1010"), H("1517")
    assert rotate(h, 6, c) == h
    assert rotate(rotate(h, 2, c), -2, c) == h
    assert hex_range(rotate(h, 1, c), c) == hex_range(h, c)


def test_to_ship_frame_rotates_the_bow_to_a():
    c = H("2215")
    for f in range(6):
        assert to_ship_frame(c, f, neighbor(c, f)) == DIRECTIONS[0]
        assert to_ship_frame(c, f, neighbor(c, (f + 3) % 6)) == DIRECTIONS[3]


# ---------------------------------------------------------------------------------------------
# Rings and orbits


def test_orbit_radius_1_p81():
    """P8.1 (S0 L6722)."""
    assert labels(hex_ring(H("2215"), 1)) == ["2214", "2315", "2316", "2216", "2116", "2115"]


def test_orbit_radius_2_p851():
    """P8.51 (S0 L6780)."""
    assert labels(hex_ring(H("2215"), 2)) == (
        "2213 2314 2414 2415 2416 2317 2217 2117 2016 2015 2014 2114".split()
    )


def test_orbit_radius_3_p852():
    """P8.52 (S0 L6782)."""
    assert labels(hex_ring(H("2215"), 3)) == (
        "2212 2313 2413 2514 2515 2516 2517 2417 2318 2218 2118 2017 1917 1916 1915 1914 "
        "2013 2113".split()
    )


def test_saturn_corners_radius_5_and_6():
    """P8.6 RADIUS 6 (S0 L6790): surface 2210-2713-2718-2220-1718-1713 and orbit
    2209-2812-2818-2221-1618-1612 are the corners of the rings at 5 and 6 around 2215."""
    c = H("2215")
    for radius, corners in [(5, "2210 2713 2718 2220 1718 1713"), (6, "2209 2812 2818 2221 1618 1612")]:
        ring = hex_ring(c, radius)
        assert labels(ring[::radius]) == corners.split()
        assert all(hex_range(c, H(x)) == radius for x in corners.split())


def test_holdfast_asteroids_are_ring_corners():
    """SH6.2 (S0 L9700): the 18 asteroids around the base in 2215 are the corners of the rings
    at range 1, 3 and 5 (the hex rows out of 2215)."""
    listed = set("1713 1718 1914 1917 2115 2116 2210 2212 2214 2216 2218 2220 2315 2316 2514 "
                 "2517 2713 2718".split())
    c = H("2215")
    corners = {neighbor(c, f) + DIRECTIONS[f] * (k - 1) for f in range(6) for k in (1, 3, 5)}
    assert set(labels(corners)) == listed


def test_hexes_within():
    area = hexes_within(H("2215"), 3)
    assert len(area) == len(set(area)) == 1 + 3 * 3 * 4
    assert area[0] == H("2215")
    assert [hex_range(H("2215"), h) for h in area] == sorted(hex_range(H("2215"), h) for h in area)
    assert hex_ring(H("0505"), 0) == [H("0505")]
    with pytest.raises(ValueError):
        hex_ring(H("0505"), -1)


# ---------------------------------------------------------------------------------------------
# True range


def bfs_ranges(start: Hex) -> dict[tuple[int, int], int]:
    """Oracle: hex steps from ``start`` over the standard map, walking the G0 offset rule."""
    dist = {(start.col, start.row): 0}
    todo = deque([(start.col, start.row)])
    while todo:
        here = todo.popleft()
        for nxt in offset_neighbors(*here):
            if 1 <= nxt[0] <= 42 and 1 <= nxt[1] <= 30 and nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


@pytest.mark.parametrize("start", ["2215", "0101", "4230", "0130", "1507"])
def test_range_equals_steps_over_the_map(start):
    """D1.4: true range counts the hexes to the target. On the standard map (convex) the
    shortest walk equals the cube distance for every one of the 1,260 hexes."""
    s = H(start)
    for (col, row), steps in bfs_ranges(s).items():
        assert hex_range(s, Hex.from_offset(col, row)) == steps


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("2215", "2215", 0),  # D1.4: same hex is range 0
        ("2215", "2214", 1),
        ("2215", "2210", 5),  # G1.4 table
        ("2215", "2314", 2),
        ("2215", "2513", 4),
        ("2215", "2712", 6),
        ("2215", "2514", 3),
        ("2215", "2515", 3),
        ("2215", "2615", 4),
        ("2215", "2516", 3),
        ("2215", "2518", 4),
        ("2215", "2220", 5),
        ("2215", "2116", 1),
        ("2215", "2015", 2),
        ("2215", "2115", 1),
        ("2215", "1913", 4),
        ("2215", "2114", 2),
        ("0101", "4230", 50),
        ("0130", "4201", 49),
    ],
)
def test_range_table(a, b, expected):
    assert hex_range(H(a), H(b)) == expected
    assert hex_range(H(b), H(a)) == expected


# M7.24 (S0 L6502-6515): mines with their hexes; detection reaches six hexes (M7.32).
_MINES = {
    "A": "0719", "B": "0814", "C": "0517", "D": "1011", "E": "0616", "F": "0912", "G": "0922",
    "H": "1111", "J": "0812", "K": "1010", "L": "0305", "M": "0411", "N": "1212", "P": "0820",
    "Q": "0606", "R": "0704", "S": "1004", "T": "1117", "U": "0504", "V": "1206", "W": "0710",
    "X": "0916", "Y": "0314", "Z": "1105",
}


@pytest.mark.parametrize(
    ("ship", "within_six", "beyond_six"),
    [
        ("1510", "DK", "RX"),  # roll 4 (L6511)
        ("1406", "S", "ELY"),  # roll 5 (L6513)
        ("1208", "JQW", "C"),  # roll 3 (L6515); J and Q are at exactly six
    ],
)
def test_mine_detection_ranges_m724(ship, within_six, beyond_six):
    for mine in within_six:
        assert hex_range(H(ship), H(_MINES[mine])) <= 6, mine
    for mine in beyond_six:
        assert hex_range(H(ship), H(_MINES[mine])) > 6, mine
    assert hex_range(H("1208"), H(_MINES["J"])) == 6 == hex_range(H("1208"), H(_MINES["Q"]))


hexes = st.tuples(st.integers(-300, 300), st.integers(-300, 300)).map(lambda qr: Hex(*qr))


@given(hexes, hexes)
def test_range_symmetric_and_zero_only_on_same_hex(a, b):
    d = hex_range(a, b)
    assert d == hex_range(b, a)
    assert (d == 0) == (a == b)
    assert d == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hexes, hexes, hexes)
def test_range_triangle_inequality(a, b, c):
    assert hex_range(a, c) <= hex_range(a, b) + hex_range(b, c)


@given(hexes, hexes, hexes, st.integers(0, 5))
def test_range_invariant_under_translation_and_rotation(a, b, shift, k):
    assert hex_range(a + shift, b + shift) == hex_range(a, b)
    assert hex_range(rotate(a, k, shift), rotate(b, k, shift)) == hex_range(a, b)


# ---------------------------------------------------------------------------------------------
# Lines


def test_straight_web_example_e1225():
    """E12.25 (S2 L942): a straight web 3306-3406-3506-3606-3706 "could include 3405 and 3605
    instead of 3406 and 3606", never one of each. The two nudges give exactly those two."""
    a, b = H("3306"), H("3706")
    assert labels(hex_line(a, b)) == ["3306", "3406", "3506", "3606", "3706"]
    assert labels(hex_line(a, b, nudge=-1)) == ["3306", "3405", "3506", "3605", "3706"]


def test_star_edge_sm52():
    """SM5.2 (S0 L10333): the star-edge asteroids 0106, 0105, 0204, 0203, 0303, 0302, 0401 are
    the straight line from 0106 to 0401 (along a hex spine) taken on its upper side."""
    line = "0106 0105 0204 0203 0303 0302 0401".split()
    assert labels(hex_line(H("0106"), H("0401"), nudge=-1)) == line
    assert all(hex_range(H(x), H(y)) == 1 for x, y in zip(line, line[1:]))


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        # P9.12 (S0 L6800): the gravity wave in 0501-0103 is a hex row.
        ("0501", "0103", ["0501", "0401", "0302", "0202", "0103"]),
        ("2201", "2205", ["2201", "2202", "2203", "2204", "2205"]),  # P9.11: a column
        ("2215", "2215", ["2215"]),
        # 46.1 deg; the middle point is on a hexside between 2314 and 2414: nudge +1 takes the
        # lower hex.
        ("2215", "2513", ["2215", "2315", "2414", "2413", "2513"]),
    ],
)
def test_line_table(a, b, expected):
    assert labels(hex_line(H(a), H(b))) == expected


def test_gravity_wave_counter_moves_two_hexes_p92():
    """P9.11 (S0 L6798): 0111 and 2101 define a wave (a hex row in direction B). P9.2 (L6804):
    when it moves C/D, "the counter in 2101 would be moved to 2301": the shifted row leaves the
    top edge two hexes further along."""

    def last_on_map(start: Hex) -> Hex:
        h = start
        while STANDARD_MAP.contains(neighbor(h, Facing.B)):
            h = neighbor(h, Facing.B)
        return h

    assert last_on_map(H("0111")).label == "2101"
    assert hex_line(H("0111"), H("2101")) == [H("0111") + DIRECTIONS[1] * i for i in range(21)]
    assert last_on_map(neighbor(H("0111"), Facing.D)).label == "2301"
    assert last_on_map(neighbor(H("0111"), Facing.C)).label == "2301"


def test_line_refuses_bad_nudge():
    with pytest.raises(ValueError):
        hex_line(H("0101"), H("0505"), nudge=0)


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_properties(a, b, nudge):
    line = hex_line(a, b, nudge)
    assert line[0] == a and line[-1] == b
    assert len(line) == hex_range(a, b) + 1
    assert all(hex_range(x, y) == 1 for x, y in zip(line, line[1:]))
    assert [hex_range(a, h) for h in line] == list(range(len(line)))
    assert hex_line(b, a, nudge) == line[::-1]


@given(hexes, st.integers(0, 5), st.integers(0, 40))
def test_line_along_a_hex_row_is_the_row(a, f, n):
    b = a + DIRECTIONS[f] * n
    assert hex_line(a, b) == [a + DIRECTIONS[f] * i for i in range(n + 1)]
    assert hex_line(a, b, -1) == hex_line(a, b)


def _pixel(q: float, r: float) -> tuple[float, float]:
    """Centre of a flat-topped hex in units of the hex's outer radius (y down)."""
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_hexes_contain_the_points_of_the_exact_line(a, b, nudge):
    """Oracle in the plane: step i of the line is the hex whose centre is nearest the point
    i/n of the way along the exact line (no other hex centre is nearer)."""
    line = hex_line(a, b, nudge)
    n = len(line) - 1
    for i, h in enumerate(line):
        t = i / n if n else 0.0
        px, py = _pixel(a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t)
        def dist(x: Hex) -> float:
            cx, cy = _pixel(x.q, x.r)
            return math.hypot(px - cx, py - cy)
        assert all(dist(h) <= dist(o) + 1e-9 for o in neighbors(h))


@given(hexes, hexes)
def test_line_nudges_differ_only_where_the_line_runs_along_hexsides(a, b):
    """Where the two nudges differ, they take the two hexes either side of one hexside, both
    exactly as near the exact line."""
    up, down = hex_line(a, b, -1), hex_line(a, b, 1)
    for x, y in zip(up, down):
        assert hex_range(x, y) <= 1
