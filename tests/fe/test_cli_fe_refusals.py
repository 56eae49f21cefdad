"""``sfb-desk-cli fe``: typed dice no step asks for, invalid round inputs, tug loads beyond a
tug's pods or with unknown pods, and open-ended scenarios are answered honestly."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main
from sfb_desk.fe import combat_round, scenarios, tugs


@pytest.fixture
def round_file(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(combat_round.EXAMPLE), encoding="utf-8")
    return path


def test_a_typed_die_no_step_asks_for_is_refused_naming_the_awaited_keys(round_file, capsys):
    assert main(["fe", "round", str(round_file), "--dice", "4B.nobody=3"]) == 1
    err = capsys.readouterr().err
    assert "'4B.nobody'" in err and "4B.attacker, 4B.defender" in err
    assert main(["fe", "round", str(round_file), "--dice", "9Z.x=3"]) == 1
    data = combat_round.EXAMPLE | {"dice": {"4B.attacker": [4]}}
    report = combat_round.evaluate(data | {"dice": {"4B.attacker": [4], "4A3.D7A.1": [2]}})
    assert "'4A3.D7A.1'" in report.summary["unknown_dice"]
    assert "next it waits for '4B.defender'" in report.summary["unknown_dice"]
    # a die for a step the round has not reached yet may still be asked for
    assert combat_round.evaluate(data | {"dice": {"4B.attacker": [4], "6S.BCJ": [6, 6]}}) \
        .summary["unknown_dice"] == ""
    assert combat_round.evaluate(combat_round.EXAMPLE).summary["unknown_dice"] == ""


def test_an_invalid_round_input_exits_non_zero_with_the_message(tmp_path, capsys):
    data = json.loads(json.dumps(combat_round.EXAMPLE))
    data["3X1"]["attacker"] = "four"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["fe", "round", str(path)]) == 1
    assert "battle intensity (304.1) must be a whole number, not 'four'" in capsys.readouterr().err
    assert main(["fe", "round", str(path), "--json"]) == 1


@pytest.mark.parametrize(("race", "carrier", "pods", "verdict", "rule"), [
    ("Klingon", "TG", ["VP2"] * 4, "not allowed", "(517.12)"),
    ("Klingon", "TG", ["VAP", "VP", "VP"], "not allowed", "(517.12)"),
    ("Klingon", "TG", ["2PFP", "VP"], "not allowed", "PFT pair is two"),
    ("Kzinti", "TG", ["BP", "VAP"], "not allowed", "(517.36, 517.43)"),
    ("Lyran", "TG", ["KVP", "KBP"], "not allowed", "(517.36, 517.43)"),
    ("Lyran", "TG", ["VP", "KBP"], "not allowed", "(517.34)"),
    ("Federation", "TG", ["VP", "LBP", "AP"], "not allowed", "(517.37)"),
    ("Gorn", "TG", ["PFT", "PFT"], "not allowed", "(517.38)"),
    ("Klingon", "TG", ["REP", "BP"], "not allowed", "(517.31)"),
    ("Klingon", "TG", ["VP2", "Battle"], "normal", "(517.12)"),
    ("Klingon", "TG", ["CVA", "VAP"], "overloaded", "Annex 763"),
    ("Klingon", "LTT", ["REP"], "not covered", "does not say"),
])
def test_tug_pod_counts_mixing_and_unclear_cases(race, carrier, pods, verdict, rule):
    got, why = tugs.tug_load(race, carrier, pods)
    assert got == verdict and rule in why


def test_unknown_pods_are_refused_with_the_races_pods(capsys):
    assert main(["fe", "tug", "Klingon", "TG", "VP2", "XYZ"]) == 1
    err = capsys.readouterr().err
    assert "no Klingon pod 'XYZ'" in err and "VAP" in err and "REP" in err
    assert main(["fe", "tug", "Klingon", "TG", "VP2", "VP2", "VP2", "VP2"]) == 3
    assert "not allowed: 4 pods" in capsys.readouterr().out


def test_an_open_ended_scenario_says_so(capsys):
    assert main(["fe", "scenario"]) == 0
    out = capsys.readouterr().out
    assert "616  The Late Kingdom         from turn 1, open-ended" in out and "None" not in out
    assert "609  Koval's Lightning        turns 7-9" in out
    assert scenarios.turns_text((3, 3)) == "turn 3"
