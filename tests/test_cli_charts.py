"""``sfb-desk-cli chart`` and ``sfb-desk-cli impulse``, through sfb_desk.cli.main."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main
from sfb_desk.rules.charts.registry import CHART_NAMES


def test_impulse_9_json_is_exact(capsys):
    assert main(["impulse", "9", "--json"]) == 0
    out = capsys.readouterr().out
    assert out == "[4, 8, 11, 15, 18, 22, 25, 29, 32]\n"


def test_impulse_text(capsys):
    assert main(["impulse", "7"]) == 0
    assert "5, 10, 14, 19, 23, 28, 32" in capsys.readouterr().out


def test_impulse_speed_zero(capsys):
    assert main(["impulse", "0", "--json"]) == 0
    assert capsys.readouterr().out == "[]\n"
    assert main(["impulse", "0"]) == 0
    assert "does not move" in capsys.readouterr().out


@pytest.mark.parametrize("speed", ["33", "-1", "nine", "9.5"])
def test_impulse_refuses_speeds_outside_the_chart(capsys, speed):
    assert main(["impulse", speed]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "C1.4" in captured.err and "C2.112" in captured.err


def test_chart_list(capsys):
    assert main(["chart", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(CHART_NAMES)
    assert any(line.startswith("phaser-1") and "(E2)" in line for line in lines)


def test_chart_list_json(capsys):
    assert main(["chart", "--list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["name"] for d in data] == list(CHART_NAMES)


def test_chart_text_is_an_aligned_table(capsys):
    assert main(["chart", "phaser-3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Phaser-3 (E2)"
    header = out[2]
    assert header.split() == ["Die", "0", "1", "2", "3", "4-8", "9-15"]
    rows = out[4:10]
    assert [r.split() for r in rows][0] == ["1", "4", "4", "4", "3", "1", "1"]
    assert len({len(r) for r in [header, *rows]}) == 1  # every line the same width
    assert any("Maximum range 15" in line for line in out)


def test_chart_json(capsys):
    assert main(["chart", "disruptor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["name", "title", "rule", "columns", "rows", "notes"]
    assert data["name"] == "disruptor" and data["rule"] == "E3"
    assert data["columns"][0] == "Range" and data["columns"][-1] == "31-40"
    assert data["rows"][0] == ["Hit, standard", "-", "1-5", "1-5", "1-4", "1-4", "1-4", "1-3",
                               "1-2", "1-2"]


def test_chart_dac_marks_bold(capsys):
    assert main(["chart", "dac"]) == 0
    out = capsys.readouterr().out
    assert "Bridge*" in out and "bold" in out


@pytest.mark.parametrize("name", CHART_NAMES)
def test_every_chart_prints(capsys, name):
    assert main(["chart", name]) == 0
    assert capsys.readouterr().out.strip()


def test_unknown_chart_lists_the_names(capsys):
    assert main(["chart", "phaser-9"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "phaser-9" in captured.err
    for name in CHART_NAMES:
        assert name in captured.err


def test_chart_without_a_name(capsys):
    assert main(["chart"]) == 2
    assert "--list" in capsys.readouterr().err
