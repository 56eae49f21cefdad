"""Firing arcs (D2), bearings and the shield struck (D3.4): sfb_desk.rules.arcs.

Expected values come from the reference (basic-set-facts.md Part 2, G1.2 degree spans, the G1.4
worked table, G2) and from oracles written here: a test-local cube rotation written from G0, and
a plane-geometry oracle that places hex centres in the plane and measures angles. Neither uses
the code under test. Seed references: S0 = seeds/000, by line.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.arcs import (
    ARC_MASKS,
    ARC_NAMES,
    ShieldHit,
    arc_mask,
    arcs_containing,
    in_arc,
    in_arc_ship_frame,
    in_mask,
    shield_for_bearing,
    shield_struck,
)
from sfb_desk.rules.hexes import Facing, Hex, hex_from_label, hex_range, hexes_within, neighbor, rotate, to_ship_frame
from sfb_desk.rules.bearing import bearing, describe_bearing

H = hex_from_label
SHIP = H("2215")

# ---------------------------------------------------------------------------------------------
# Test-local geometry written from G0, independent of sfb_desk.rules.hexes.


def g0_cube(label: str) -> tuple[int, int, int]:
    col, row = int(label[:2]), int(label[2:])
    r = row - math.ceil(col / 2)
    return col, r, -col - r


def g0_label(cube: tuple[int, int, int]) -> str:
    q, r, _ = cube
    return f"{q:02d}{r + math.ceil(q / 2):02d}"


def rotated_about_ship(label: str, k: int) -> str:
    """``label`` turned k x 60 degrees clockwise about 2215: (q,r,s) -> (-r,-s,-q) per step."""
    cq, cr, cs = g0_cube("2215")
    q, r, s = g0_cube(label)
    v = (q - cq, r - cr, s - cs)
    for _ in range(k):
        v = (-v[1], -v[2], -v[0])
    return g0_label((cq + v[0], cr + v[1], cs + v[2]))


# G1.2: arc spans in degrees clockwise from the bow, inclusive.
SPANS = {
    "RF": (0, 60), "R": (60, 120), "RR": (120, 180), "LR": (180, 240), "L": (240, 300),
    "LF": (300, 360), "FA": (300, 60), "RA": (120, 240), "LS": (180, 360), "RS": (0, 180),
    "FX": (240, 120), "RX": (60, 300), "FH": (270, 90), "RH": (90, 270), "360": (0, 360),
    "FP": (270, 90), "LP": (210, 30), "RP": (330, 150), "AP": (90, 270), "LPR": (120, 300),
    "RPR": (60, 240),
}
TOL = 1e-6


def plane_angle(frm: str, to: str) -> float:
    """Angle of the centre of ``to`` seen from the centre of ``frm``, degrees clockwise from
    map-up (toward row 01), with even columns half a hex lower (G0)."""

    def centre(label: str) -> tuple[float, float]:
        col, row = int(label[:2]), int(label[2:])
        return 1.5 * col, math.sqrt(3) * (row + (0.5 if col % 2 == 0 else 0.0))

    (x0, y0), (x1, y1) = centre(frm), centre(to)
    return math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360


def oracle_arcs(angle: float) -> set[str]:
    out = set()
    for arc, (lo, hi) in SPANS.items():
        width = hi - lo if hi > lo else hi + 360 - lo
        off = (angle - lo) % 360
        if arc == "360" or off <= width + TOL or off >= 360 - TOL:
            out.add(arc)
    return out


def oracle_point(angle: float) -> int:
    k = round(angle / 30)
    if abs(angle - 30 * k) < TOL:
        return 1 + 2 * (k % 12)
    return 2 + 2 * math.floor(angle / 30)


def oracle_shield(angle: float) -> tuple[int, ...]:
    """G2: shield sectors centred on the hexsides, bounded by the spines; #1 covers 330-30."""
    x = (angle + 30) % 360
    near = round(x / 60)
    if abs(x - 60 * near) < TOL:
        return ((near - 1) % 6 + 1, near % 6 + 1)
    return (math.floor(x / 60) + 1,)


# ---------------------------------------------------------------------------------------------
# G1.4: the worked table, ship in 2215 facing A. The table lists neither the Low-confidence
# AP/LPR/RPR arcs nor a 24-point bearing; those are checked against G1.2's spans below.

TABLE_ARCS = set(ARC_NAMES) - {"AP", "LPR", "RPR"}

G14 = [
    # target, range, compass point (degrees), arcs as listed, shield(s)
    ("2214", 1, 1, "LF RF FA LS RS FH FX FP LP RP 360", (1,)),  # 0 deg, hex row A
    ("2210", 5, 1, "LF RF FA LS RS FH FX FP LP RP 360", (1,)),
    ("2314", 2, 3, "RF FA RS FH FX FP LP RP 360", (1, 2)),  # 30, spine A/B
    ("2513", 4, 4, "RF FA RS FH FX FP RP 360", (2,)),  # 46.1
    ("2712", 6, 4, "RF FA RS FH FX FP RP 360", (2,)),  # 51.1
    ("2514", 3, 5, "RF R FA RS FH FX RX FP RP 360", (2,)),  # 60, hex row B
    ("2515", 3, 6, "R RS FH FX RX FP RP 360", (2,)),  # 79.1
    ("2615", 4, 7, "R RS FH RH FX RX FP RP 360", (2, 3)),  # 90, dead abeam
    ("2516", 3, 8, "R RS RH FX RX RP 360", (3,)),  # 100.9
    ("2518", 4, 10, "RR RA RS RH RX RP 360", (3,)),  # 133.9
    ("2220", 5, 13, "LR RR RA LS RS RH RX 360", (4,)),  # 180, hex row D
    ("2116", 1, 17, "L LR RA LS RH FX RX LP 360", (5,)),  # 240, hex row E
    ("2015", 2, 19, "L LS FH RH FX RX FP LP 360", (5, 6)),  # 270, dead abeam
    ("2115", 1, 21, "LF L FA LS FH FX RX FP LP 360", (6,)),  # 300, hex row F
    ("1913", 4, 22, "LF FA LS FH FX FP LP 360", (6,)),  # 313.9
    ("2114", 2, 23, "LF FA LS FH FX FP LP RP 360", (6, 1)),  # 330, spine F/A
]


@pytest.mark.parametrize(("target", "rng", "point", "arcs", "shields"), G14, ids=[r[0] for r in G14])
def test_worked_table_g14_facing_a(target, rng, point, arcs, shields):
    t = H(target)
    assert hex_range(SHIP, t) == rng
    assert bearing(SHIP, Facing.A, t) == point
    assert set(arcs_containing(SHIP, Facing.A, t)) & TABLE_ARCS == set(arcs.split())
    for arc in TABLE_ARCS:
        assert in_arc(arc, SHIP, Facing.A, t) == (arc in arcs.split()), arc
    assert shield_struck(SHIP, Facing.A, t).shields == shields


@pytest.mark.parametrize("k", range(6))
@pytest.mark.parametrize(("target", "rng", "point", "arcs", "shields"), G14, ids=[r[0] for r in G14])
def test_worked_table_g14_rotated_to_every_facing(target, rng, point, arcs, shields, k):
    """The same geometry turned k hexsides: the target turned about 2215 (test-local rotation)
    seen by the ship facing A+k."""
    t = H(rotated_about_ship(target, k))
    facing = Facing(k)
    assert hex_range(SHIP, t) == rng
    assert bearing(SHIP, facing, t) == point
    assert set(arcs_containing(SHIP, facing, t)) & TABLE_ARCS == set(arcs.split())
    assert shield_struck(SHIP, facing, t).shields == shields


def test_g14_rotation_check_facing_c():
    """G1.4 "Rotation check, facing C"."""
    c = Facing.C
    assert {"LF", "RF", "FA", "FH"} <= set(arcs_containing(SHIP, c, H("2316")))  # dead ahead
    assert bearing(SHIP, c, H("2316")) == 1
    assert bearing(SHIP, c, H("2115")) == 13 and in_arc("RA", SHIP, c, H("2115"))  # dead astern
    got = arcs_containing(SHIP, c, H("2615"))  # 330 degrees
    assert bearing(SHIP, c, H("2615")) == 23
    assert {"LF", "FA", "LS", "FH"} <= set(got) and not {"RF", "R", "RS"} & set(got)
    assert shield_struck(SHIP, c, H("2615")).choice == (6, 1)
    got = arcs_containing(SHIP, c, H("2015"))  # 150 degrees
    assert bearing(SHIP, c, H("2015")) == 11
    assert {"RR", "RA"} <= set(got) and not {"LR", "R"} & set(got)
    assert shield_struck(SHIP, c, H("2015")).choice == (3, 4)


# ---------------------------------------------------------------------------------------------
# The plane-geometry oracle: every hex within 4 of 2215 plus far ones on rows, spines and
# between, all six facings, every arc.

FAR = ["2205", "3210", "3220", "2225", "1220", "1210", "2503", "3315", "1115", "2827",
       "1603", "4022", "0408", "2201", "0115", "4215"]
TARGETS = [h.label for h in hexes_within(SHIP, 4)[1:]] + FAR


def test_oracle_covers_enough_hexes():
    assert len(TARGETS) >= 40


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("target", TARGETS)
def test_arcs_bearing_and_shield_against_plane_oracle(target, facing):
    angle_out = (plane_angle("2215", target) - 60 * facing) % 360
    t = H(target)
    assert set(arcs_containing(SHIP, facing, t)) == oracle_arcs(angle_out)
    assert bearing(SHIP, facing, t) == oracle_point(angle_out)
    # The ship in 2215 is now the target, fired on from ``target``.
    assert shield_struck(SHIP, facing, t).shields == oracle_shield(angle_out)


# ---------------------------------------------------------------------------------------------
# The seeds' worked examples


def test_gravity_wave_strikes_shields_1_and_2_p931():
    """P9.31 example (S0 L6814): a ship in 1813 facing F, the wave in 1713-1812: "Shields #1
    and #2 are facing the gravity wave"."""
    ship = H("1813")
    assert shield_struck(ship, Facing.F, H("1713")) == ShieldHit(1)
    assert shield_struck(ship, Facing.F, H("1812")) == ShieldHit(2)


def test_docking_example_c13915_uses_the_d342_direction():
    """C13.915 (S0 L1349-1351): a Klingon D7 facing A docks to a Federation CA facing C; D3.42
    put the Klingon in direction B from the CA, so the Klingon #5 shield faces the Fed #6."""
    hexagon = H("1010")
    fed = shield_struck(hexagon, Facing.C, hexagon, same_hex_direction=Facing.B)
    klingon = shield_struck(hexagon, Facing.A, hexagon, same_hex_direction=Facing.E)
    assert (fed.shield, klingon.shield) == (6, 5)


def test_fed_ca_phaser_extra_bearing_dead_astern():
    """FED-CA ship file: phasers 3-6 are LF+L (or RF+R) plus extra bearing 13, the hex row
    dead astern (D2.13 SSD note); the row is in, the hexes beside it are not."""
    mount = arc_mask(["LF", "L"], [13])
    assert in_mask(mount, bearing(SHIP, Facing.A, H("2220")))  # dead astern, row D
    assert in_mask(mount, bearing(SHIP, Facing.A, H("2115")))  # LF/L boundary
    assert not in_mask(mount, bearing(SHIP, Facing.A, H("2120")))  # astern, off the row
    assert not in_mask(mount, bearing(SHIP, Facing.A, H("2320")))
    assert not in_mask(arc_mask(["LF", "L"]), bearing(SHIP, Facing.A, H("2220")))


# ---------------------------------------------------------------------------------------------
# Same hex (D3.42; decisions.md)


def test_same_hex_without_a_direction():
    assert bearing(SHIP, Facing.B, SHIP) == 0
    assert arcs_containing(SHIP, Facing.B, SHIP) == ["360"]
    assert in_arc("360", SHIP, Facing.B, SHIP) and not in_arc("FA", SHIP, Facing.B, SHIP)
    hit = shield_struck(SHIP, Facing.B, SHIP)
    assert hit.same_hex and not hit.is_boundary and hit.shields == ()
    assert "D3.42" in str(hit)
    assert describe_bearing(0) == "same hex"


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("direction", list(Facing))
def test_same_hex_with_a_direction_is_that_hex_row(facing, direction):
    adjacent = neighbor(SHIP, direction)
    assert bearing(SHIP, facing, SHIP, direction) == bearing(SHIP, facing, adjacent)
    assert arcs_containing(SHIP, facing, SHIP, direction) == arcs_containing(SHIP, facing, adjacent)
    assert shield_struck(SHIP, facing, SHIP, direction) == shield_struck(SHIP, facing, adjacent)


# ---------------------------------------------------------------------------------------------
# Small API contracts


def test_unknown_arc_is_refused():
    with pytest.raises(ValueError, match="unknown arc"):
        in_arc("XX", SHIP, 0, H("2214"))
    with pytest.raises(ValueError, match="unknown arc"):
        arc_mask(["FA", "FULL"])
    with pytest.raises(ValueError, match="unknown arc"):
        in_arc_ship_frame("fa", (0, -1, 1))
    with pytest.raises(ValueError, match="1..24"):
        arc_mask([], [25])


def test_shield_hit_text():
    assert str(ShieldHit(3)) == "3"
    assert str(ShieldHit(None, (1, 2))) == "1/2 (boundary, D3.43: owner chooses)"


def test_shield_table_by_compass_point():
    expected = {24: 1, 1: 1, 2: 1, 4: 2, 5: 2, 6: 2, 8: 3, 9: 3, 10: 3, 12: 4, 13: 4, 14: 4,
                16: 5, 17: 5, 18: 5, 20: 6, 21: 6, 22: 6}
    boundaries = {3: (1, 2), 7: (2, 3), 11: (3, 4), 15: (4, 5), 19: (5, 6), 23: (6, 1)}
    for p in range(1, 25):
        hit = shield_for_bearing(p)
        assert hit.shields == ((expected[p],) if p in expected else boundaries[p]), p


def test_describe_bearing():
    assert describe_bearing(1) == "0 deg (on a hex row)"
    assert describe_bearing(7) == "90 deg (on a hex spine)"
    assert describe_bearing(4) == "between 30 and 60 deg"
    with pytest.raises(ValueError):
        describe_bearing(25)


def test_every_arc_has_a_mask_and_the_reference_list_is_complete():
    assert set(ARC_NAMES) == set(SPANS)
    assert set(ARC_MASKS) == set(ARC_NAMES)
    assert ARC_MASKS["360"] == (1 << 25) - 1


# ---------------------------------------------------------------------------------------------
# Properties

coords = st.integers(-200, 200)
hexes = st.tuples(coords, coords).map(lambda qr: Hex(*qr))
facings = st.integers(0, 5)


@given(hexes, facings, hexes, hexes, st.integers(0, 5))
def test_rotation_invariance(firer, facing, target, center, k):
    """Turning firer and target about any hex by k x 60 degrees with the facing turned k
    hexsides changes nothing."""
    f2, t2, fc2 = rotate(firer, k, center), rotate(target, k, center), (facing + k) % 6
    assert arcs_containing(f2, fc2, t2) == arcs_containing(firer, facing, target)
    assert bearing(f2, fc2, t2) == bearing(firer, facing, target)
    assert shield_struck(f2, fc2, t2) == shield_struck(firer, facing, target)


@given(hexes, facings, hexes, hexes)
def test_translation_invariance(firer, facing, target, shift):
    assert arcs_containing(firer + shift, facing, target + shift) == arcs_containing(firer, facing, target)
    assert shield_struck(firer + shift, facing, target + shift) == shield_struck(firer, facing, target)


@given(hexes, facings, hexes)
def test_table_lookup_equals_the_g13_definition(firer, facing, target):
    delta = to_ship_frame(firer, facing, target)
    for arc in ARC_NAMES:
        assert in_arc(arc, firer, facing, target) == in_arc_ship_frame(arc, delta), arc


@given(hexes, facings, hexes)
def test_shield_equals_g2_score_method(target, facing, firer):
    """G2: score the rotated v = firer - target; the unique best score is the shield, a tie of
    two adjacent shields a boundary shot."""
    q, r, s = to_ship_frame(target, facing, firer)
    hit = shield_struck(target, facing, firer)
    if (q, r, s) == (0, 0, 0):
        assert hit.same_hex
        return
    scores = [s - r, q - r, q - s, r - s, r - q, s - q]
    top = sorted(i + 1 for i, v in enumerate(scores) if v == max(scores))
    assert sorted(hit.shields) == top
    assert len(top) in (1, 2)


@given(hexes, facings, hexes)
def test_shield_boundary_iff_on_a_spine(target, facing, firer):
    q, r, s = to_ship_frame(target, facing, firer)
    on_spine = (q, r, s) != (0, 0, 0) and (q == r or r == s or q == s)
    assert shield_struck(target, facing, firer).is_boundary == on_spine
    assert (bearing(target, facing, firer) in (3, 7, 11, 15, 19, 23)) == on_spine


@given(hexes, facings, hexes)
def test_arc_complementarity(firer, facing, target):
    if firer == target:
        return
    got = set(arcs_containing(firer, facing, target))
    for cover in [{"LF", "RF", "L", "R", "LR", "RR"}, {"FA", "RA", "L", "R"}, {"LS", "RS"},
                  {"FH", "RH"}, {"FX", "RX"}, {"FA", "RX"}, {"RA", "FX"}, {"LP", "RP", "RA"},
                  {"LPR", "RPR", "FA"}]:
        assert got & cover, cover
    assert not {"FA", "RA"} <= got
    point = bearing(firer, facing, target)
    assert ({"FH", "RH"} <= got) == (point in (7, 19))  # only dead abeam, on the spines
    assert ({"LS", "RS"} <= got) == (point in (1, 13))  # only on the rows A and D
    assert ({"FA", "R"} <= got) == (point == 5)
    assert "360" in got


OPPOSITE = {"LF": "RR", "RF": "LR", "L": "R", "FA": "RA", "FH": "RH", "LS": "RS", "FX": "RX",
            "FP": "AP"}


@given(hexes, facings, hexes)
def test_an_arc_is_its_opposite_arc_of_the_reversed_ship(firer, facing, target):
    for arc, opp in OPPOSITE.items():
        assert in_arc(arc, firer, facing, target) == in_arc(opp, firer, (facing + 3) % 6, target)
        assert in_arc(opp, firer, facing, target) == in_arc(arc, firer, (facing + 3) % 6, target)


MIRROR_ARC = {"LF": "RF", "L": "R", "LR": "RR", "FA": "FA", "RA": "RA", "FH": "FH", "RH": "RH",
              "FX": "FX", "RX": "RX", "LS": "RS", "360": "360", "FP": "FP", "LP": "RP",
              "AP": "AP", "LPR": "RPR"}
MIRROR_ARC |= {v: k for k, v in MIRROR_ARC.items()}
MIRROR_SHIELD = {1: 1, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2}


@given(coords, coords)
def test_left_right_mirror_symmetry(q, r):
    """Reflecting about the ship's keel (cube (q,r,s) -> (-q,-s,-r) for a ship facing A) swaps
    left and right arcs and shields 2-6, 3-5."""
    t = Hex(q, r)
    m = Hex(-t.q, -t.s, -t.r)
    assert {MIRROR_ARC[a] for a in arcs_containing(Hex(0, 0), 0, t)} == set(arcs_containing(Hex(0, 0), 0, m))
    got, mirrored = shield_struck(Hex(0, 0), 0, t), shield_struck(Hex(0, 0), 0, m)
    assert {MIRROR_SHIELD[x] for x in got.shields} == set(mirrored.shields)


@given(hexes, hexes)
def test_bearing_reciprocity(a, b):
    if a == b:
        return
    assert (bearing(a, 0, b) - bearing(b, 0, a)) % 24 == 12
