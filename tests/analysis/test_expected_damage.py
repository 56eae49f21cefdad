"""Expected damage by range, exactly from the weapon tables: hand calculations from the printed
rows, a cell-by-cell comparison with the rules' own lookups, and properties."""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.analysis.expected_damage import (
    DamageMatrix,
    Shot,
    UnsupportedWeapon,
    all_weapon_shots,
    convolve,
    expected_by_weapon,
    penetration_chance,
    volley_distribution,
    volley_expected,
    weapon_matrix,
    weapon_reach,
)
from sfb_desk.data.library import load_library
from sfb_desk.rules.charts.c2 import tr_damage
from sfb_desk.rules.charts.heavy_weapons import (
    disruptor_result,
    fusion_damage,
    hellbore_hit,
    photon_hit,
)
from sfb_desk.rules.charts.phasers import phaser_damage
from sfb_desk.rules.charts.seeking import plasma_warhead
from sfb_desk.rules.charts.tables import OutOfRange


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture(scope="module")
def fed_ca(library):
    return library.get("FED-CA")


def test_fed_ca_hand_calculation_at_three_ranges(fed_ca):
    """The Federation CA: 6 phaser-1 (E2) and 4 photon torpedoes (E4), standard fire, no EW.

    Phaser-1 table (E2), die rows 1..6, read down one range column:
      range 2 (column "2"):    7, 6, 5, 4, 4, 3 -> 29/6 per phaser
      range 4 (column "4"):    5, 5, 4, 4, 3, 2 -> 23/6 per phaser
      range 10 (column 9-15):  3, 2, 1, 0, 0, 0 ->  6/6 per phaser
    Photon (E4), standard: hits on 1..n for 8 points
      range 2 (band "2"):    hit 1-5 -> 5/6 x 8 = 20/3 per photon
      range 4 (band "3-4"):  hit 1-4 -> 4/6 x 8 = 16/3 per photon
      range 10 (band 9-12):  hit 1-2 -> 2/6 x 8 =  8/3 per photon
    """
    curves = expected_by_weapon(fed_ca)
    assert curves.type_counts == {"PH-1": 6, "PHOTON": 4}
    hand = {
        2: (6 * F(29, 6), 4 * F(20, 3)),  # 29 + 80/3 = 167/3
        4: (6 * F(23, 6), 4 * F(16, 3)),  # 23 + 64/3 = 133/3
        10: (6 * F(6, 6), 4 * F(8, 3)),  # 6 + 32/3 = 50/3
    }
    for r, (phasers, photons) in hand.items():
        assert curves.by_type["PH-1"][r] == pytest.approx(float(phasers), abs=1e-12)
        assert curves.by_type["PHOTON"][r] == pytest.approx(float(photons), abs=1e-12)
        assert curves.total[r] == pytest.approx(float(phasers + photons), abs=1e-12)
        assert curves.by_weapon["phaser#1"][r] == pytest.approx(float(phasers / 6), abs=1e-12)
        assert curves.by_weapon["photon#A"][r] == pytest.approx(float(photons / 4), abs=1e-12)
    assert curves.total[4] == pytest.approx(133 / 3)
    # The whole volley gives the same sums (linearity), and its distribution's mean agrees.
    volley = volley_expected(fed_ca, all_weapon_shots(fed_ca), max_range=curves.max_range)
    dist = volley_distribution(fed_ca, all_weapon_shots(fed_ca), max_range=curves.max_range)
    np.testing.assert_allclose(volley, curves.total, atol=1e-12)
    np.testing.assert_allclose(dist.expected, curves.total, atol=1e-9)


def test_ew_shift_by_hand(fed_ca):
    """Shift 1 at range 4 (E1.821, E1.822).

    Phaser-1: dice 1..5 become 2..6 in column "4": 5, 4, 4, 3, 2; a 6 becomes 7, one point over,
    so die 6 in the next column ("5"): 2. (5+4+4+3+2+2)/6 = 20/6.
    Photon: hits when die + 1 <= 4, i.e. on 1-3: 3/6 x 8 = 4.
    """
    curves = expected_by_weapon(fed_ca, shift=1)
    assert curves.by_weapon["phaser#1"][4] == pytest.approx(20 / 6)
    assert curves.by_weapon["photon#A"][4] == pytest.approx(4.0)


def test_photon_overload_and_range_limits(fed_ca):
    """Overload (E4.413, fully armed: 16 points) hits on 1-6 at range 0-1, 1-4 at 3-4, and
    cannot fire past 8; standard photons cannot fire at 0-1 (E4.23) nor past 30."""
    over = weapon_matrix("PHOTON", 12, overload=True).expected
    assert over[0] == pytest.approx(16.0)  # 6/6 x 16
    assert over[4] == pytest.approx(4 / 6 * 16)
    assert over[8] == pytest.approx(3 / 6 * 16)
    assert over[9] == 0 and weapon_reach("PHOTON", overload=True) == 8
    standard = weapon_matrix("PHOTON", 31).expected
    assert standard[0] == standard[1] == standard[31] == 0
    assert standard[30] == pytest.approx(8 / 6)


def test_two_photons_distribution_and_shield_by_hand(fed_ca):
    """Two photons at range 4 (hit on 1-4 each): P(0) = (2/6)^2 = 1/9, P(8) = 2 (4/6)(2/6) = 4/9,
    P(16) = (4/6)^2 = 4/9. Through a 15-point shield: 4/9; through 7: 8/9; 7 + 9 reinforcement
    (16): nothing (D3.34)."""
    dist = volley_distribution(fed_ca, ["photon#A", Shot("photon#B")], max_range=10)
    at4 = dist.at(4)
    assert at4[0] == pytest.approx(1 / 9) and at4[8] == pytest.approx(4 / 9)
    assert at4[16] == pytest.approx(4 / 9) and at4.sum() == pytest.approx(1.0)
    assert penetration_chance(dist, 15)[4] == pytest.approx(4 / 9)
    assert penetration_chance(dist, 7)[4] == pytest.approx(8 / 9)
    assert penetration_chance(dist, 7, reinforcement=9)[4] == 0


def _scalar(code: str, r: int, die: int, shift: int, overload: bool, mount: int | None) -> int:
    """The rules layer's own lookup for one shot (0 where it cannot fire)."""
    try:
        if code.startswith("PH-"):
            return phaser_damage(code, die, r, shift)
        if code == "FUSION":
            return fusion_damage(die, r, "overload" if overload else "standard", shift)
        if code in ("TR-H", "TR-L"):
            return tr_damage("heavy" if code == "TR-H" else "light", die, r, shift)
        if code == "PHOTON":
            return photon_hit(r, die, overload, shift=shift).damage
        if code == "DISRUPTOR":
            if mount is not None and r > mount:
                return 0
            mode = "overload" if overload else "standard"
            return disruptor_result(r, die, mode, max_range=40 if mount == 40 else 30, shift=shift).damage
        if code == "HELLBORE":
            return hellbore_hit(r, die, overload, shift=shift).damage
    except OutOfRange:
        return 0
    raise AssertionError(code)


CHARTED = [
    ("PH-1", False, None), ("PH-2", False, None), ("PH-3", False, None), ("PH-4", False, None),
    ("PH-G", False, None), ("FUSION", False, None), ("FUSION", True, None), ("TR-H", False, None),
    ("TR-L", False, None), ("PHOTON", False, None), ("PHOTON", True, None),
    ("DISRUPTOR", False, None), ("DISRUPTOR", True, None), ("DISRUPTOR", False, 40),
    ("DISRUPTOR", False, 22), ("HELLBORE", False, None), ("HELLBORE", True, None),
]


@pytest.mark.parametrize(("code", "overload", "mount"), CHARTED)
@pytest.mark.parametrize("shift", [-2, -1, 0, 1, 2, 3, 5, 8])
def test_matrix_equals_the_rules_lookup_cell_by_cell(code, overload, mount, shift):
    top = 105
    matrix = weapon_matrix(code, top, overload=overload, shift=shift, mount_max_range=mount)
    faces = range(2, 13) if code == "HELLBORE" else range(1, 7)
    for r in range(top + 1):
        for f, die in enumerate(faces):
            assert matrix.damage[r, f] == _scalar(code, r, die, shift, overload, mount), (r, die)


def test_plasma_is_its_warhead_by_hexes_travelled():
    for kind in "RSGFD":
        expected = weapon_matrix(f"PLASMA-{kind}", 35).expected
        assert list(expected[:31]) == [plasma_warhead(kind, r) for r in range(31)]
        assert not expected[31:].any()  # FP1.42: past the chart the torpedo is gone


def test_unsupported_weapons_are_listed_not_guessed(library):
    d7 = library.get("KLI-D7")
    curves = expected_by_weapon(d7)
    listed = dict(curves.unsupported)
    assert listed and all(w.startswith("drone#") for w in listed)
    assert "drone" in next(iter(listed.values()))
    with pytest.raises(UnsupportedWeapon, match="PPD"):
        weapon_matrix("PPD", 10)
    with pytest.raises(ValueError, match="E2"):
        weapon_matrix("PH-1", 10, overload=True)
    with pytest.raises(ValueError, match="twice"):
        volley_expected(d7, ["disruptor#A", "disruptor#A"])
    with pytest.raises(ValueError, match="no weapon"):
        volley_expected(d7, ["photon#A"])


def test_convolution_of_dice_is_the_two_dice_total():
    """Two 'weapons' scoring 1..6 on a die: the total is the 2d6 triangle 1,2,..,6,..,2,1 / 36."""
    d6 = DamageMatrix("d6", "-", np.arange(1, 7)[None, :], np.full(6, 1 / 6))
    total = convolve([d6.distribution(), d6.distribution()])
    np.testing.assert_allclose(total.pmf[0, 2:13] * 36, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
    assert total.pmf[0, :2].sum() == 0


PHASERS = st.sampled_from(["PH-1", "PH-2", "PH-3", "PH-4", "PH-G"])


@settings(max_examples=60, deadline=None)
@given(code=PHASERS, shift=st.integers(-3, 8))
def test_phaser_expected_damage_never_rises_with_range(code, shift):
    expected = weapon_matrix(code, 110, shift=shift).expected
    assert np.all(np.diff(expected) <= 1e-12)
    assert expected[-1] == 0


@settings(max_examples=40, deadline=None)
@given(
    ship=st.sampled_from(["FED-CA", "KLI-D7", "ROM-KR", "GOR-CA", "HYD-RN", "KZI-BC", "LYR-CA"]),
    shift=st.integers(-2, 6),
    shield=st.integers(0, 60),
    overload=st.booleans(),
)
def test_probabilities_are_probabilities(library, ship, shift, shield, overload):
    spec = library.get(ship)
    shots = all_weapon_shots(spec, overload=overload)
    dist = volley_distribution(spec, shots, max_range=40, shift=shift)
    assert np.all(dist.pmf >= 0)
    np.testing.assert_allclose(dist.pmf.sum(axis=1), 1.0, atol=1e-12)
    through = penetration_chance(dist, shield)
    assert np.all((through >= 0) & (through <= 1 + 1e-12))
    # A stronger shield never lets more through.
    assert np.all(penetration_chance(dist, shield + 1) <= through + 1e-12)
    np.testing.assert_allclose(dist.expected, volley_expected(spec, shots, 40, shift), atol=1e-9)
