"""The Turn Mode Chart (C3.31) against the reference and the SSD turn-mode boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.turn_modes import (
    TURN_MODE_CATEGORIES,
    category,
    speed_brackets,
    turn_mode,
)

SSD_TABLES = Path(__file__).resolve().parents[2] / "tools" / "reference" / "ssd_tables.json"

# Copied by hand from ../shared/reference/basic-set-facts.md section 5.9: upper speed of each
# bracket, for turn mode 1, 2, 3 ...
REFERENCE = {
    "AA": "8, 16, 24, 25+",
    "A": "6, 12, 19, 26, 27+",
    "B": "5, 10, 15, 21, 28, 29+",
    "C": "4, 9, 14, 20, 27, 28+",
    "D": "4, 8, 12, 17, 24, 25+",
    "E": "3, 6, 10, 14, 20, 29, 30+",
    "F": "3, 5, 9, 13, 17, 23, 29, 30+",
    "Shuttle": "11, 23, 24+",
}


def _expected(row: str, speed: int) -> int:
    for mode, top in enumerate(row.split(", "), start=1):
        if top.endswith("+") or speed <= int(top):
            return mode
    raise AssertionError(row)


@pytest.mark.parametrize("letter", REFERENCE)
@pytest.mark.parametrize("speed", range(1, 33))
def test_matches_the_reference(letter, speed):
    assert turn_mode(letter, speed) == _expected(REFERENCE[letter], speed)


def test_c3_23_example():
    # C3.23 as quoted in the reference: "D ... three at a speed of nine".
    assert turn_mode("D", 9) == 3


@pytest.mark.parametrize("speed", range(0, 33))
def test_seeking_weapons_turn_mode_is_one(speed):
    assert turn_mode("Seeking", speed) == (0 if speed == 0 else 1)


@pytest.mark.parametrize("letter", TURN_MODE_CATEGORIES)
def test_speed_zero_has_no_turn_mode(letter):
    assert turn_mode(letter, 0) == 0


def test_the_ssd_turn_mode_boxes_agree_from_speed_two():
    """ssd_tables.json derives the chart from the SSD boxes; they start at speed 2 and never
    print F (decisions.md C3.31)."""
    data = json.loads(SSD_TABLES.read_text(encoding="utf-8"))
    chart = data["tables"]["TURN MODE CHART (from SSD turn-mode boxes)"]
    assert chart["letters_never_printed_in_this_book"] == ["F"]
    assert sorted(chart["letters"]) == ["A", "AA", "B", "C", "D", "E"]
    for letter, entry in chart["letters"].items():
        bands = entry["speed_bands_for_turn_modes_1_up"]
        assert bands[0].startswith("2-")  # speed 1 is in no printed band
        for mode, band in enumerate(bands, start=1):
            if band.endswith("+"):
                speeds = range(int(band[:-1]), 33)
            else:
                low, high = band.split("-")
                speeds = range(int(low), int(high) + 1)
            for speed in speeds:
                assert turn_mode(letter, speed) == mode, (letter, speed)
        assert turn_mode(letter, 1) == 1


def test_speed_brackets_read_back_the_chart():
    assert speed_brackets("A") == ((1, 6), (7, 12), (13, 19), (20, 26), (27, None))
    assert speed_brackets("seeking") == ((1, None),)


def test_category_names_are_case_insensitive():
    assert category("aa") == "AA"
    assert category(" shuttle ") == "Shuttle"
    assert turn_mode("b", 11) == 3


@pytest.mark.parametrize(("letter", "speed"), [("G", 5), ("", 5), ("A", -1), ("A", 33),
                                               ("A", 4.5)])
def test_bad_arguments_are_programmer_errors(letter, speed):
    with pytest.raises(ValueError):
        turn_mode(letter, speed)


@given(st.sampled_from(TURN_MODE_CATEGORIES), st.integers(1, 31))
def test_turn_mode_never_falls_as_speed_rises(letter, speed):
    assert 1 <= turn_mode(letter, speed) <= turn_mode(letter, speed + 1)
    assert turn_mode(letter, speed + 1) - turn_mode(letter, speed) <= 1


@given(st.integers(1, 32))
def test_more_agile_categories_never_need_more_hexes(speed):
    """AA is at least as agile as A, A as B, ... E as F, at every speed."""
    letters = ["AA", "A", "B", "C", "D", "E", "F"]
    modes = [turn_mode(letter, speed) for letter in letters]
    assert modes == sorted(modes)
