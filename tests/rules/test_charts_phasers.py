"""Phaser tables (E2) against the reference, cell by cell at every range."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.phasers import (
    PHASER_3,
    PHASER_G,
    PHASER_TABLES,
    phaser_damage,
    phaser_max_range,
    phaser_table,
)
from sfb_desk.rules.charts.tables import OutOfRange

# Copied by hand from ../shared/reference/basic-set-facts.md section 5.4 (phaser-1, -2, -3).
PHASER_1 = """
| Die | 0 | 1 | 2 | 3 | 4 | 5 | 6–8 | 9–15 | 16–25 | 26–50 | 51–75 |
| 1 | 9 | 8 | 7 | 6 | 5 | 5 | 4 | 3 | 2 | 1 | 1 |
| 2 | 8 | 7 | 6 | 5 | 5 | 4 | 3 | 2 | 1 | 1 | 0 |
| 3 | 7 | 5 | 5 | 4 | 4 | 4 | 3 | 1 | 0 | 0 | 0 |
| 4 | 6 | 4 | 4 | 4 | 4 | 3 | 2 | 0 | 0 | 0 | 0 |
| 5 | 5 | 4 | 4 | 4 | 3 | 3 | 1 | 0 | 0 | 0 | 0 |
| 6 | 4 | 4 | 3 | 3 | 2 | 2 | 0 | 0 | 0 | 0 | 0 |
"""

PHASER_2 = """
| Die | 0 | 1 | 2 | 3 | 4–8 | 9–15 | 16–30 | 31–50 |
| 1 | 6 | 5 | 5 | 4 | 3 | 2 | 1 | 1 |
| 2 | 6 | 5 | 4 | 4 | 2 | 1 | 1 | 0 |
| 3 | 6 | 4 | 4 | 4 | 1 | 1 | 0 | 0 |
| 4 | 5 | 4 | 4 | 3 | 1 | 0 | 0 | 0 |
| 5 | 5 | 4 | 3 | 3 | 0 | 0 | 0 | 0 |
| 6 | 5 | 3 | 3 | 3 | 0 | 0 | 0 | 0 |
"""

PHASER_3_REF = """
| Die | 0 | 1 | 2 | 3 | 4–8 | 9–15 |
| 1 | 4 | 4 | 4 | 3 | 1 | 1 |
| 2 | 4 | 4 | 4 | 2 | 1 | 0 |
| 3 | 4 | 4 | 4 | 1 | 0 | 0 |
| 4 | 4 | 4 | 3 | 0 | 0 | 0 |
| 5 | 4 | 3 | 2 | 0 | 0 | 0 |
| 6 | 3 | 3 | 1 | 0 | 0 | 0 |
"""

# Copied by hand from basic-set-facts.md G4.5 (phaser-4), including its split 0-5 cells;
# "–" means 0.
PHASER_4 = """
| Die | 0–5 | 6 | 7 | 8 | 9 | 10 | 11–13 | 14–17 | 18–25 | 26–40 | 41–70 | 71–100 |
| 1 | 20 | 20 | 15 | 12 | 10 | 8 | 6 | 5 | 4 | 3 | 2 | 1 |
| 2 | 20 | 15 | 12 | 11 | 9 | 8 | 6 | 4 | 3 | 2 | 1 | – |
| 3 | 20 (0–3), 15 (4–5) | 12 | 11 | 10 | 8 | 7 | 5 | 4 | 2 | 1 | – | – |
| 4 | 20 (0–3), 15 (4–5) | 11 | 10 | 9 | 8 | 6 | 4 | 3 | 1 | – | – | – |
| 5 | 15 (0–3), 12 (4–5) | 10 | 9 | 8 | 7 | 5 | 3 | 2 | – | – | – | – |
| 6 | 15 (0–3), 10 (4–5) | 9 | 8 | 7 | 6 | 5 | 3 | 1 | – | – | – | – |
"""


def _span(label: str) -> range:
    label = label.strip().replace("–", "-")
    if "-" in label:
        low, high = label.split("-")
        return range(int(low), int(high) + 1)
    return range(int(label), int(label) + 1)


def _damage_at(cell: str, r: int) -> int:
    """A cell, or a split cell "20 (0–3), 15 (4–5)", at range r."""
    cell = cell.strip()
    if cell == "–":
        return 0
    if "(" in cell:
        for part in cell.split(", "):
            value, span = part.split(" (")
            if r in _span(span.rstrip(")")):
                return int(value)
        raise AssertionError((cell, r))
    return int(cell)


def _expand(table: str) -> dict[tuple[int, int], int]:
    """(die, range) -> damage for every range the reference table covers."""
    lines = [[c for c in line.strip().strip("|").split("|")] for line in table.strip().splitlines()]
    header, rows = lines[0][1:], lines[1:]
    out = {}
    for row in rows:
        die = int(row[0])
        for label, cell in zip(header, row[1:], strict=True):
            for r in _span(label):
                out[die, r] = _damage_at(cell, r)
    return out


REFERENCE = {
    "phaser-1": _expand(PHASER_1),
    "phaser-2": _expand(PHASER_2),
    "phaser-3": _expand(PHASER_3_REF),
    "phaser-4": _expand(PHASER_4),
    "phaser-g": _expand(PHASER_3_REF),  # G4.5: phaser-G uses the phaser-3 table
}


@pytest.mark.parametrize("kind", list(REFERENCE))
def test_every_cell_matches_the_reference(kind):
    expected = REFERENCE[kind]
    assert max(r for _, r in expected) == phaser_max_range(kind)
    for (die, r), damage in expected.items():
        assert phaser_damage(kind, die, r) == damage, (kind, die, r)


def test_max_ranges():
    assert {k: phaser_max_range(k) for k in PHASER_TABLES} == {
        "phaser-1": 75, "phaser-2": 50, "phaser-3": 15, "phaser-4": 100, "phaser-g": 15,
    }


def test_phaser_1_die_3_row_is_the_peer_reading():
    """decisions.md E2: 7,5,5,4,4,4,3,1,0,0,0, not the seed plurality 7,5,5,4,4,3,1,0,0,0,0."""
    assert [phaser_damage("phaser-1", 3, r) for r in (0, 1, 2, 3, 4, 5, 6, 9, 16, 26, 51)] == [
        7, 5, 5, 4, 4, 4, 3, 1, 0, 0, 0,
    ]


def test_phaser_g_reads_the_phaser_3_rows_not_a_copy():
    assert PHASER_G.rows is PHASER_3.rows
    assert PHASER_G.bands is PHASER_3.bands


@pytest.mark.parametrize("alias", ["phaser-1", "PHASER-1", "1", "ph-1", "PH-1"])
def test_kind_aliases(alias):
    assert phaser_table(alias) is PHASER_TABLES["phaser-1"]


def test_phaser_g_alias():
    assert phaser_table("G") is PHASER_G


@pytest.mark.parametrize(("kind", "r"), [("phaser-1", 76), ("phaser-2", 51), ("phaser-3", 16),
                                         ("phaser-4", 101), ("phaser-g", 16)])
def test_beyond_maximum_range_raises_out_of_range(kind, r):
    with pytest.raises(OutOfRange) as info:
        phaser_damage(kind, 1, r)
    assert info.value.max_range == r - 1
    assert info.value.rule.startswith("E2")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("kind", "die", "r"), [("phaser-5", 1, 1), ("phaser-1", 0, 1),
                                                ("phaser-1", 7, 1), ("phaser-1", 1, -1),
                                                ("phaser-1", 1, 2.5)])
def test_programmer_errors(kind, die, r):
    with pytest.raises(ValueError):
        phaser_damage(kind, die, r)


def test_ew_shift_rulebook_example():
    """E1.822: 9 ECM is shift 3; a Ph-1 at range 3 rolling 4 becomes die 6 in the range-4
    column."""
    assert phaser_damage("phaser-1", 4, 3, shift=3) == phaser_damage("phaser-1", 6, 4) == 2


def test_ew_shift_within_the_die():
    assert phaser_damage("phaser-2", 1, 4, shift=2) == phaser_damage("phaser-2", 3, 4) == 1


def test_ew_shift_past_the_last_column_scores_nothing():
    assert phaser_damage("phaser-3", 6, 9, shift=1) == 0
    assert phaser_damage("phaser-1", 6, 51, shift=3) == 0


def test_negative_shift_stops_at_die_one():
    assert phaser_damage("phaser-1", 2, 0, shift=-3) == 9


KINDS = st.sampled_from(sorted(PHASER_TABLES))


@given(KINDS, st.integers(1, 6), st.data())
def test_damage_never_rises_with_range(kind, die, data):
    maximum = phaser_max_range(kind)
    r = data.draw(st.integers(0, maximum - 1))
    assert phaser_damage(kind, die, r + 1) <= phaser_damage(kind, die, r)


@given(KINDS, st.integers(1, 5), st.data())
def test_damage_never_rises_with_the_die(kind, die, data):
    r = data.draw(st.integers(0, phaser_max_range(kind)))
    assert phaser_damage(kind, die + 1, r) <= phaser_damage(kind, die, r)


@given(KINDS, st.integers(1, 6), st.integers(0, 8), st.data())
def test_an_ew_shift_never_helps_the_firer(kind, die, shift, data):
    r = data.draw(st.integers(0, phaser_max_range(kind)))
    assert phaser_damage(kind, die, r, shift=shift + 1) <= phaser_damage(kind, die, r, shift)
