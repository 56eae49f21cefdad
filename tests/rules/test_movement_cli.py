"""``sfb-desk-cli turnmode LETTER SPEED`` (C3)."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["turnmode", "D", "9"], "Turn mode D at speed 9: 3 (move 3 hexes straight"),
        (["turnmode", "aa", "8"], "Turn mode AA at speed 8: 1 (move 1 hex straight"),
        (["turnmode", "F", "31"], "Turn mode F at speed 31: 8"),
        (["turnmode", "seeking", "32"], "Turn mode Seeking at speed 32: 1"),
        (["turnmode", "Shuttle", "12"], "Turn mode Shuttle at speed 12: 2"),
        (["turnmode", "C", "12", "--em"], "under erratic maneuvers (C10.55): 4"),
        (["turnmode", "B", "0"], "no turn mode"),
    ],
)
def test_turnmode_prints_the_chart_value_with_the_rule(capsys, argv, expected):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert expected in out and "C3" in out


def test_turnmode_json(capsys):
    assert main(["turnmode", "B", "15", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "category": "B", "speed": 15, "em": False, "turn_mode": 3, "rule": "C3.31"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["turnmode", "G", "10"], "not a turn-mode category"),
        (["turnmode", "C", "33"], "not on the Turn Mode Chart"),
        (["turnmode", "C", "-1"], "not on the Turn Mode Chart"),
        (["turnmode", "C", "fast"], "not on the Turn Mode Chart"),
    ],
)
def test_bad_letter_or_speed_exits_2_with_a_message(capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err
