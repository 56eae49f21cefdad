"""Module C2 tables against the seed text: TR beams, PPD, web caster, web fist, displacement."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.c2 import (
    displacement_succeeds,
    ppd_damage,
    ppd_pulse,
    tr_damage,
    web_caster_strength,
    web_fist_hit,
)
from sfb_desk.rules.charts.tables import OutOfRange


def _span(label: str) -> range:
    label = label.strip().replace("–", "-")
    if label.endswith("+"):
        return range(int(label[:-1]), int(label[:-1]) + 1)
    if "-" in label:
        low, high = label.split("-")
        return range(int(low), int(high) + 1)
    return range(int(label), int(label) + 1)


# Copied by hand from seeds/002_7131915fa8127d82.txt lines 65-85 (E9.35, E9.36); the two
# header lines "RANGE ... 9- 13- 19- / 0-3 4-5 6-8 12 18 25" read as the bands below.
TR_BANDS = ("0-3", "4-5", "6-8", "9-12", "13-18", "19-25")
TR_HEAVY = """
1	20	20	18	12	8	3
2	20	20	15	9	5	2
3	20	18	12	6	3	1
4	20	15	9	3	2	0
5	18	12	6	2	1	0
6	15	9	3	1	0	0
"""
TR_LIGHT = """
1	10	10	9	6	4	2
2	10	10	7	4	3	1
3	10	9	6	3	2	0
4	10	7	4	2	1	0
5	9	6	3	1	0	0
6	7	4	2	0	0	0
"""


@pytest.mark.parametrize(("kind", "table"), [("heavy", TR_HEAVY), ("light", TR_LIGHT)])
def test_tr_tables_match_the_seed(kind, table):
    for line in table.strip().splitlines():
        die, *cells = (int(x) for x in line.split("\t"))
        for label, damage in zip(TR_BANDS, cells, strict=True):
            for r in _span(label):
                assert tr_damage(kind, die, r) == damage, (kind, die, r)
    with pytest.raises(OutOfRange):
        tr_damage(kind, 1, 26)
    with pytest.raises(ValueError):
        tr_damage("medium", 1, 1)


@given(st.sampled_from(["heavy", "light"]), st.integers(1, 6), st.integers(0, 24))
def test_tr_damage_never_rises_with_range(kind, die, r):
    assert tr_damage(kind, die, r + 1) <= tr_damage(kind, die, r)
    assert tr_damage("light", die, r) <= tr_damage("heavy", die, r)


# Copied by hand from seed 002 lines 87-92 (E11.32).
PPD = """
Range	0-3	4-10	11-15	16-20	21-25	26-30	31-40
Hit #	-	9	8	7	6	5	4
Damage	0	6	5	4	3	2	1
Splash	0	1+4+1	1+3+1	1+2+1	1+1+1	1+1+0	0+1+0
Alt	0	3+3	3+2	2+2	2+1	1+1	1+0
"""


def _ppd_rows() -> dict[str, dict[int, str]]:
    lines = [line.split("\t") for line in PPD.strip().splitlines()]
    header = lines[0][1:]
    return {row[0]: {r: cell for label, cell in zip(header, row[1:], strict=True)
                     for r in _span(label)} for row in lines[1:]}


def test_ppd_matches_the_seed():
    rows = _ppd_rows()
    for r, hit in rows["Hit #"].items():
        for dice in range(2, 13):
            result = ppd_pulse(r, dice)
            if hit == "-":
                assert not result.allowed
                continue
            assert result.hit == (dice <= int(hit)), (r, dice)
            assert result.damage == (int(rows["Damage"][r]) if result.hit else 0)
        damage = ppd_damage(r)
        assert damage.total == int(rows["Damage"][r])
        splash = rows["Splash"][r]
        alt = rows["Alt"][r]
        assert damage.splash == ((0, 0, 0) if splash == "0" else tuple(map(int, splash.split("+"))))
        assert damage.alt == ((0, 0) if alt == "0" else tuple(map(int, alt.split("+"))))
        assert sum(damage.splash) == sum(damage.alt) == damage.total
    with pytest.raises(OutOfRange):
        ppd_pulse(41, 2)


def test_ppd_overload_maximum_true_range_is_8():
    assert ppd_pulse(8, 2, overload=True).hit
    with pytest.raises(OutOfRange) as info:
        ppd_pulse(9, 2, overload=True)
    assert info.value.rule == "E11.6"
    with pytest.raises(OutOfRange):
        ppd_damage(9, overload=True)


def test_ppd_damage_by_true_range():
    """E11.31: wave-lock at effective range 12 (hit 8); damage at true range 6."""
    result = ppd_pulse(12, 8, true_range=6)
    assert result.hit and result.damage == 6


# Copied by hand from seed 002 lines 95-106 (E12.44): energy used at 1-10 / 11-20 / 21-30,
# then strength for 1..5 web hexes; "†" unreachable, "35*" capped.
WEB_CASTER = """
1	2	3	10	5	3	2	2
2	3	4	20	10	6	5	4
3	4	5	30	15	10	7	6
4	5	†	35*	20	13	10	8
5	†	†	35*	25	16	12	10
"""
WEB_RANGES = ("1-10", "11-20", "21-30")


def test_web_caster_matches_the_seed():
    seen = set()
    for line in WEB_CASTER.strip().splitlines():
        cells = line.split("\t")
        strengths = [int(c.rstrip("*")) for c in cells[3:]]
        for label, energy in zip(WEB_RANGES, cells[:3], strict=True):
            if energy == "†":
                continue
            for r in _span(label):
                for hexes, strength in enumerate(strengths, start=1):
                    assert web_caster_strength(int(energy), hexes, r) == strength
                    seen.add((int(energy), r))
    # The only energy/range pairs the chart leaves out: 1 energy beyond 10 and 2 beyond 20.
    for energy in range(1, 6):
        for r in range(1, 31):
            if (energy, r) not in seen:
                assert (energy == 1 and r > 10) or (energy == 2 and r > 20)
                assert web_caster_strength(energy, 1, r) == 0


@given(st.integers(1, 5), st.integers(1, 5), st.integers(1, 30))
def test_web_caster_formula(energy, hexes, r):
    """The digest's check formula, min(35, floor(10 * (E - penalty) / n)), fits every cell."""
    penalty = (r - 1) // 10
    expected = max(0, min(35, 10 * (energy - penalty) // hexes))
    assert web_caster_strength(energy, hexes, r) == expected


def test_web_caster_limits():
    assert web_caster_strength(5, 1, 0) == 0  # range 0 is not allowed (E12.4): no web
    with pytest.raises(OutOfRange):
        web_caster_strength(5, 1, 31)
    for bad in ((0, 1, 5), (6, 1, 5), (3, 0, 5), (3, 6, 5)):
        with pytest.raises(ValueError):
            web_caster_strength(*bad)


# Copied by hand from seed 002 lines 109-127 (E14.22 hit, E14.31 damage by energy).
WEB_FIST_HIT = {"1-10": 4, "11-20": 3, "21-30": 2}
WEB_FIST_DAMAGE = {1: (2, 0, 0), 2: (4, 2, 0), 3: (6, 4, 2), 4: (8, 6, 4), 5: (10, 8, 6)}


@pytest.mark.parametrize("energy", range(1, 6))
def test_web_fist_matches_the_seed(energy):
    for i, (label, number) in enumerate(WEB_FIST_HIT.items()):
        for r in _span(label):
            for die in range(1, 7):
                result = web_fist_hit(r, die, energy)
                assert result.hit == (die <= number)
                assert result.damage == (WEB_FIST_DAMAGE[energy][i] if result.hit else 0)
    at_zero = web_fist_hit(0, 1, energy)
    assert not at_zero.allowed and at_zero.hit_number is None and at_zero.damage == 0
    with pytest.raises(OutOfRange):
        web_fist_hit(31, 1, energy)


@given(st.integers(1, 5), st.integers(1, 30))
def test_web_fist_damage_formula(energy, r):
    """The digest's formula: 2 * max(0, E - penalty), penalty 0/1/2 by true range band."""
    penalty = (r - 1) // 10
    assert web_fist_hit(1, 1, energy, true_range=r).damage == 2 * max(0, energy - penalty)


def test_web_fist_energy():
    with pytest.raises(ValueError):
        web_fist_hit(5, 1, 6)


# Copied by hand from seed 002 lines 129-133 (G18.33).
DISPLACEMENT = """
RANGE	0	1-2	3-15	16-22	23-31	32-50
Success	–	1-5	1-4	1-3	1-2	1
Failure	1-6	6	5-6	4-6	3-6	2-6
"""


def test_displacement_matches_the_seed():
    lines = [line.split("\t") for line in DISPLACEMENT.strip().splitlines()]
    header, success, failure = lines[0][1:], lines[1][1:], lines[2][1:]
    for label, ok, bad in zip(header, success, failure, strict=True):
        ok_dice = set() if ok == "–" else set(_dice(ok))
        bad_dice = set(_dice(bad))
        assert ok_dice | bad_dice == set(range(1, 7)) and not ok_dice & bad_dice
        for r in _span(label):
            for die in range(1, 7):
                assert displacement_succeeds(r, die) == (die in ok_dice), (r, die)
    with pytest.raises(OutOfRange):
        displacement_succeeds(51, 1)


def _dice(cell: str) -> range:
    low, _, high = cell.partition("-")
    return range(int(low), int(high or low) + 1)


def test_displacement_of_an_andromedan_unit():
    """G18.32: another Andromedan unit is displaced on 1-5 at any range up to 50."""
    assert displacement_succeeds(0, 5, andromedan_target=True)
    assert displacement_succeeds(50, 5, andromedan_target=True)
    assert not displacement_succeeds(50, 6, andromedan_target=True)
    assert not displacement_succeeds(3, 4, shift=1, andromedan_target=False)
