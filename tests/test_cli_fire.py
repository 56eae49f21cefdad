"""``sfb-desk-cli fire`` (sfb_desk.commands.fire): one shot at the table."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["fire", *args, "--json"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return json.loads(out.out)


def test_e1822_example_as_json(capsys):
    """Reference G3 (E1.822): 9 ECM is shift 3; a Ph-1 at range 3 rolling 4 reads die 6 in
    the range-4 column."""
    got = run_json(capsys, "--weapon", "ph-1", "--range", "3", "--roll", "4", "--shift", "3")
    assert got == {
        "weapon": "PH-1", "range": 3, "roll": 4, "shift": 3, "overload": False, "hit": True,
        "damage": 2, "feedback": 0,
        "notes": ["E1.822: die 4 shift +3 reads die 6 in the range-4 column"],
    }


def test_text_output_for_a_hit_and_a_miss(capsys):
    assert main(["fire", "--weapon", "photon", "--range", "5", "--roll", "3"]) == 0
    assert capsys.readouterr().out == "Photon torpedo at range 5, roll 3, shift +0: HIT, 8 damage\n"
    assert main(["fire", "--weapon", "PHOTON", "--range", "5", "--roll", "4"]) == 0
    assert capsys.readouterr().out == "Photon torpedo at range 5, roll 4, shift +0: MISS\n"
    assert main(["fire", "--weapon", "ph-3", "--range", "15", "--roll", "6"]) == 0
    assert capsys.readouterr().out.startswith("Phaser-3 at range 15, roll 6, shift +0: no damage")


def test_hellbore_seed_example_2d6_with_shift(capsys):
    """S2 L151 (D10.13 example): hellbores at range 7, rolls 7 and 5 with a +2 shift: one
    hit for 13."""
    miss = run_json(capsys, "--weapon", "hellbore", "--range", "7", "--roll", "7", "--shift", "2")
    hit = run_json(capsys, "--weapon", "hellbore", "--range", "7", "--roll", "5", "--shift", "2")
    assert (miss["hit"], miss["damage"], hit["hit"], hit["damage"]) == (False, 0, True, 13)


def test_overload_with_feedback(capsys):
    """E4.43/E4.431: an overloaded photon at range 1 hits on 1-6 for 16 and feeds back 4."""
    got = run_json(capsys, "--weapon", "photon", "--range", "1", "--roll", "6", "--overload")
    assert (got["overload"], got["hit"], got["damage"], got["feedback"]) == (True, True, 16, 4)
    assert main(["fire", "--weapon", "photon", "--range", "1", "--roll", "6", "--overload"]) == 0
    assert "feedback 4 on the firer's facing shield" in capsys.readouterr().out


def test_disruptor_overload_and_true_range(capsys):
    """S2 L360: overloaded disruptors at range 4 score 8; E3.33: damage by true range."""
    assert run_json(capsys, "--weapon", "disruptor", "--range", "4", "--roll", "2", "--overload")["damage"] == 8
    got = run_json(capsys, "--weapon", "disruptor", "--range", "8", "--true-range", "2", "--roll", "1")
    assert got["damage"] == 4 and any(n.startswith("E3.33") for n in got["notes"])


def test_modes_bolts_and_the_anti_drone(capsys):
    assert run_json(capsys, "--weapon", "photon", "--mode", "proximity", "--range", "10", "--roll", "1")["damage"] == 4
    assert run_json(capsys, "--weapon", "fusion", "--mode", "suicide", "--range", "0", "--roll", "1")["damage"] == 26
    assert run_json(capsys, "--weapon", "plasma-g", "--range", "3", "--roll", "4")["damage"] == 10
    add = run_json(capsys, "--weapon", "add", "--range", "2", "--roll", "3", "--shift", "2")
    assert add["hit"] is True and add["notes"][0].startswith("E5.15")
    assert main(["fire", "--weapon", "add", "--range", "2", "--roll", "3"]) == 0
    assert "the drone is destroyed" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (["--weapon", "ph-1", "--range", "76", "--roll", "1"], "(E2)"),
        (["--weapon", "photon", "--range", "1", "--roll", "1"], "(E4.14)"),
        (["--weapon", "hellbore", "--range", "0", "--roll", "7"], "(E10.33)"),
        (["--weapon", "photon", "--range", "9", "--roll", "1", "--overload"], "(E4.42)"),
        (["--weapon", "ph-1", "--range", "3", "--roll", "7"], "(E2)"),
        (["--weapon", "hellbore", "--range", "3", "--roll", "1"], "(E10)"),
        (["--weapon", "ph-2", "--range", "3", "--roll", "3", "--overload"], "(E2)"),
        (["--weapon", "plasma-d", "--range", "3", "--roll", "3"], "(FP9.13)"),
        (["--weapon", "warp-cannon", "--range", "3", "--roll", "3"], "(E1)"),
        (["--weapon", "photon", "--mode", "banana", "--range", "3", "--roll", "3"], "(E4)"),
        (["--weapon", "ph-1", "--range", "-2", "--roll", "3"], "(D1.4)"),
    ],
)
def test_refusals_exit_2_with_the_rule(capsys, args, rule):
    assert main(["fire", *args]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("sfb-desk-cli fire: ") and rule in out.err


def test_missing_arguments_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["fire", "--weapon", "ph-1", "--range", "3"])
    assert exit_.value.code == 2
    assert "--roll" in capsys.readouterr().err
