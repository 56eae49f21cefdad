"""``sfb-desk-cli ea check`` and ``ea template``, through sfb_desk.cli.main."""

from __future__ import annotations

import json
import re

import pytest

from sfb_desk.cli import main


@pytest.mark.parametrize("ship_id", ["FED-CA", "KLI-D7", "kli-d7"])
def test_template_is_accepted_by_check(tmp_path, capsys, ship_id):
    out = tmp_path / "ea.json"
    assert main(["ea", "template", ship_id, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["ea", "check", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.rstrip().endswith("legal")
    assert f"{ship_id.upper()} turn 1" in text


def test_template_prints_json(capsys):
    assert main(["ea", "template", "FED-CA"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ship"] == "FED-CA" and data["format"] == "sfb-desk-energy"
    assert data["speed_plot"] == [[1, 16]] and len(data["weapons"]) == 4


def test_check_json_lists_issues_with_rules(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps({"ship": "FED-CA", "phaser_capacitor": 7, "speed_plot": 31,
                             "hets": 1}))
    assert main(["ea", "check", str(f), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["valid"] is False
    rules = {i["rule"] for i in result["issues"]}
    assert {"H6.21", "C2.112", "C12.38"} <= rules
    assert result["totals"]["total_power"] == 34
    assert all(i["line"] and i["message"] for i in result["issues"])


def test_check_text_names_rule_and_line(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps({"ship": "KLI-D7", "ecm": 4, "eccm": 4}))
    assert main(["ea", "check", str(f)]) == 1
    out = capsys.readouterr().out
    assert "error: (D6.310)" in out and "(line: ECM)" in out and "[line" not in out
    assert "warning: (B3.4)" in out  # the rest of the power is unallocated


def test_check_unreadable_files_exit_2(tmp_path, capsys):
    assert main(["ea", "check", str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    f = tmp_path / "x.json"
    f.write_text('{"ship": "FED-CA", "hets": "3"}')
    assert main(["ea", "check", str(f)]) == 2
    assert "hets:" in capsys.readouterr().err
    f.write_text('{"ship": "XXX-NONE"}')
    assert main(["ea", "check", str(f)]) == 2
    assert "no ship class" in capsys.readouterr().err


def test_template_unknown_ship_and_bad_turn(capsys):
    assert main(["ea", "template", "FED-ZZ"]) == 2
    assert "no ship class" in capsys.readouterr().err
    assert main(["ea", "template", "FED-CA", "--turn", "0"]) == 2


def test_incomplete_ships_are_refused_by_template_and_check(tmp_path, capsys):
    """KLI-BT records no box counts: no silent template, no D10.0 (Andromedan) citation."""
    out = tmp_path / "ea.json"
    assert main(["ea", "template", "KLI-BT", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert not out.exists()
    assert "KLI-BT is incomplete (missing shield box counts" in err
    assert "complete it in Library ▸ Complete from your SSD book" in err
    assert main(["ea", "template", "KLI-D7", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    out.write_text(json.dumps({**data, "ship": "KLI-BT"}))
    capsys.readouterr()
    assert main(["ea", "check", str(out)]) == 2
    captured = capsys.readouterr()
    assert "KLI-BT is incomplete" in captured.err and "D10.0" not in captured.out + captured.err


def test_ea_without_action_prints_usage(capsys):
    assert main(["ea"]) == 2
    assert "check" in capsys.readouterr().err


def test_check_says_the_sheets_line_names_and_sfb_numbers(tmp_path, capsys):
    """Lines as the energy sheet labels them and fractions as SFB writes them, never the
    program's keys ('[line weapon:disruptor#A]') or Python fractions ('59/2')."""
    f = tmp_path / "halves.json"
    f.write_text(json.dumps({"ship": "KLI-D7", "phaser_capacitor": "1/2", "speed_plot": 30,
                             "weapons": [{"box": "disruptor#A", "action": "arm"},
                                         {"box": "disruptor#A", "action": "arm"}]}))
    assert main(["ea", "check", str(f)]) == 1
    out = capsys.readouterr().out
    assert "two orders for disruptor A (line: Disruptor A)" in out
    assert "½" in out and not re.search(r"\d/\d", out)
    assert "[line" not in out and "weapon:" not in out and "_" not in out


def test_energy_numbers_and_line_names():
    from fractions import Fraction

    from sfb_desk.rules.energy.words import energy_text, fractions_in_words, line_name

    assert energy_text(Fraction(59, 2)) == "29½" and energy_text(Fraction(1, 2)) == "½"
    assert energy_text(Fraction(-7, 2)) == "-3½" and energy_text(Fraction(9, 7)) == "1 2/7"
    assert energy_text(4) == "4" and energy_text(Fraction(1, 5)) == "⅕"
    assert fractions_in_words("used 59/2, unallocated 9/2") == "used 29½, unallocated 4½"
    assert fractions_in_words("shield #6/#1/#2, SM5.2/3") == "shield #6/#1/#2, SM5.2/3"
    assert line_name("total_used") == "Total power used"
    assert line_name("phaser_capacitor") == "Phaser capacitor"
    assert line_name("weapon:disruptor#A") == "Disruptor A" and line_name("total") == "Totals"
