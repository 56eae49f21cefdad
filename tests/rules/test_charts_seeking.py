"""Plasma warheads (FP1, FP9.12), plasma bolts (FP8), anti-drone (E5) and the EW shift (D6.34)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.ew import ew_shift
from sfb_desk.rules.charts.seeking import (
    PLASMA_TYPES,
    anti_drone_hit,
    plasma_bolt_hit_number,
    plasma_bolt_hits,
    plasma_warhead,
)
from sfb_desk.rules.charts.tables import OutOfRange

# Copied by hand from ../shared/reference/basic-set-facts.md G4.4 ("–" = 0, past the end).
PLASMA = """
| Band (hexes travelled) | 0–5 | 6–10 | 11–12 | 13–14 | 15 | 16–18 | 19 | 20 | 21–23 | 24 | 25 | 26–28 | 29 | 30 |
| R | 50 | 50 | 35 | 35 | 35 | 25 | 25 | 25 | 20 | 20 | 20 | 10 | 5 | 1 |
| S | 30 | 30 | 22 | 22 | 22 | 15 | 15 | 15 | 10 | 5 | 1 | 0 | 0 | 0 |
| G | 20 | 20 | 15 | 15 | 15 | 10 | 5 | 1 | 0 | – | – | – | – | – |
| F | 20 | 15 | 10 | 5 | 1 | 0 | – | – | – | – | – | – | – | – |
| D (FP9) | 10 | 8 | 5 | 2 | 1 | 0 | – | – | – | – | – | – | – | – |
"""


def _span(label: str) -> range:
    label = label.strip().replace("–", "-")
    if "-" in label:
        low, high = label.split("-")
        return range(int(low), int(high) + 1)
    return range(int(label), int(label) + 1)


def _plasma_reference() -> dict[str, dict[int, int]]:
    lines = [[c.strip() for c in line.strip().strip("|").split("|")]
             for line in PLASMA.strip().splitlines()]
    header = lines[0][1:]
    out: dict[str, dict[int, int]] = {}
    for row in lines[1:]:
        letter = row[0].split()[0]
        out[letter] = {r: 0 if cell == "–" else int(cell)
                       for label, cell in zip(header, row[1:], strict=True) for r in _span(label)}
    return out


REFERENCE = _plasma_reference()


@pytest.mark.parametrize("type_", ["R", "S", "G", "F", "D"])
def test_plasma_warheads_match_the_reference(type_):
    for hexes, warhead in REFERENCE[type_].items():
        assert plasma_warhead(type_, hexes) == warhead, (type_, hexes)


def test_type_d_matches_fp9_12():
    # FP9.12 in seed 000 (line 3959): 0-5, 6-10, 11-12, 13-14, 15, 16+ -> 10, 8, 5, 2, 1, 0.
    assert [plasma_warhead("D", h) for h in (0, 5, 6, 10, 11, 12, 13, 14, 15, 16, 30)] == [
        10, 10, 8, 8, 5, 5, 2, 2, 1, 0, 0,
    ]


@pytest.mark.parametrize("type_", PLASMA_TYPES)
def test_beyond_the_chart_the_warhead_is_spent(type_):
    """decisions.md FP1: the chart ends at 30 hexes; beyond it every warhead is 0."""
    assert plasma_warhead(type_, 31) == plasma_warhead(type_, 32) == 0


@pytest.mark.parametrize("alias", ["r", "plasma-r", "PLASMA-R", "Type R"])
def test_plasma_type_aliases(alias):
    assert plasma_warhead(alias, 0) == 50


@pytest.mark.parametrize(("type_", "hexes"), [("X", 1), ("R", -1), ("R", 1.5)])
def test_plasma_programmer_errors(type_, hexes):
    with pytest.raises(ValueError):
        plasma_warhead(type_, hexes)


@given(st.sampled_from(PLASMA_TYPES), st.integers(0, 31))
def test_warheads_never_grow_with_distance(type_, hexes):
    assert plasma_warhead(type_, hexes + 1) <= plasma_warhead(type_, hexes)


@given(st.integers(0, 32))
def test_bigger_torpedoes_never_have_smaller_warheads(hexes):
    warheads = [plasma_warhead(t, hexes) for t in ("R", "S", "G", "F", "D")]
    assert warheads == sorted(warheads, reverse=True)


# Bolt hit numbers, copied by hand from G4.4: 1-4 at 0-5, 1-3 at 6-10, 1-2 at 11-20, 1 at 21-30.
BOLT = {"0-5": 4, "6-10": 3, "11-20": 2, "21-30": 1}


def test_bolt_hit_numbers_match_the_reference():
    for label, number in BOLT.items():
        for r in _span(label):
            assert plasma_bolt_hit_number(r) == number
            for die in range(1, 7):
                assert plasma_bolt_hits(r, die) == (die <= number)
    with pytest.raises(OutOfRange):
        plasma_bolt_hits(31, 1)


def test_bolt_ew_shift():
    assert plasma_bolt_hits(3, 2, shift=2)
    assert not plasma_bolt_hits(3, 3, shift=2)


# Anti-drone, copied by hand from G4.3: range 0 none; 1: 1-2; 2: 1-3; 3: 1-4; 4+: none.
ADD = {0: None, 1: 2, 2: 3, 3: 4}


@pytest.mark.parametrize("die", range(1, 7))
def test_anti_drone_matches_the_reference(die):
    for r, number in ADD.items():
        result = anti_drone_hit(r, die)
        assert result.allowed == (number is not None)
        assert result.hit == (number is not None and die <= number)
        assert result.damage == 0
    with pytest.raises(OutOfRange):
        anti_drone_hit(4, die)


# The EW shift chart, copied by hand from G3: 0 -> 0, 1-3 -> 1, 4-8 -> 2, 9-15 -> 3,
# 16-24 -> 4, 25-35 -> 5, 36-48 -> 6.
EW = {"0": 0, "1-3": 1, "4-8": 2, "9-15": 3, "16-24": 4, "25-35": 5, "36-48": 6}


def test_ew_shift_matches_the_reference():
    for label, shift in EW.items():
        for ecm in _span(label):
            assert ew_shift(ecm) == shift


def test_ew_rulebook_example_and_edges():
    assert ew_shift(9) == 3  # E1.822 example: 9 ECM is shift 3
    assert ew_shift(-4) == 0  # net ECM is never below 0 (D6.34)
    assert ew_shift(49) == 7  # the square-root rule continues past the printed chart
    with pytest.raises(ValueError):
        ew_shift(2.5)


@given(st.integers(0, 500))
def test_ew_shift_is_the_square_root_with_fractions_dropped(ecm):
    shift = ew_shift(ecm)
    assert shift * shift <= ecm < (shift + 1) * (shift + 1)
