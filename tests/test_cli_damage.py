"""``sfb-desk-cli dac``: the DAC procedure from the command line (sfb_desk/commands/damage.py)."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main
from sfb_desk.commands.damage import BOX_NAMES, EXIT_BAD_INPUT, EXIT_MISSING_ROLLS


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(["dac", *argv])
    return code, capsys.readouterr().out


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    code, out = run(capsys, *argv, "--json")
    return code, json.loads(out)


def test_text_lists_roll_column_entry_and_box(capsys):
    code, out = run(capsys, "--boxes", "forward_hull=2,impulse=1,excess_damage=1", "--shield", "1", "--damage", "3", "--rolls", "7,6,6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("DAC (D4): AD-HOC")
    rows = [line.split() for line in lines[2:5]]
    assert rows == [
        ["1", "7", "B", "F", "Hull", "forward_hull#1"],
        ["2", "6", "A", "F", "Hull", "forward_hull#2"],
        ["3", "6", "B", "Impulse", "impulse#1"],
    ]


def test_json_has_one_entry_per_point(capsys):
    code, data = run_json(capsys, "--boxes", "forward_hull=1,excess_damage=1", "--shield", "1", "--damage", "4", "--rolls", "6,6,6,6")
    assert code == 0
    assert [(p["column"], p["system"], p["box"], p["outcome"]) for p in data["points"]] == [
        ("A", "forward_hull", "forward_hull#1", "box"),
        ("M", "excess_damage", "excess_damage#1", "excess_damage"),
        ("M", None, None, "ship_destroyed"),
        (None, None, None, "after_destruction"),
    ]
    assert data["ship_destroyed"] is True and data["complete"] is True
    assert data["destroyed"] == ["excess_damage#1", "forward_hull#1"]


def test_fewer_rolls_than_points_exits_3(capsys):
    code, out = run(capsys, "--boxes", "forward_hull=5", "--shield", "1", "--damage", "4", "--rolls", "6,6")
    assert code == EXIT_MISSING_ROLLS == 3
    assert "stopped after point 2: 2 more roll(s) needed" in out
    code, data = run_json(capsys, "--boxes", "forward_hull=5", "--shield", "1", "--damage", "4", "--rolls", "6")
    assert code == 3 and data["complete"] is False and data["missing_rolls"] == 3 and len(data["points"]) == 1


def test_roll_outside_2_to_12_is_refused(capsys):
    code, out = run(capsys, "--boxes", "forward_hull=5", "--shield", "1", "--damage", "2", "--rolls", "6,13")
    assert code == EXIT_BAD_INPUT
    assert "D4.21" in out and "13" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--boxes", "warp=3"], "unknown system 'warp'"),
        (["--boxes", "forward_hull=x"], "whole number"),
        (["--boxes", "forward_hull"], "NAME=COUNT"),
        (["--boxes", "phaser=2", "--phaser-arcs", "FA"], "1 mounts given, the ship has 2 phasers"),
        (["--boxes", "phaser=1", "--phaser-arcs", "ZZ"], "unknown arc"),
        (["--ship", "no-such-ship"], "no ship class"),
    ],
)
def test_bad_input_exits_2(capsys, argv, message):
    code, out = run(capsys, *argv, "--shield", "1", "--damage", "1", "--rolls", "6")
    assert code == EXIT_BAD_INPUT and message in out


def test_an_incomplete_library_ship_is_refused_not_destroyed(capsys):
    """KLI-BT records no box counts: one point used to print SHIP DESTROYED."""
    code, out = run(capsys, "--ship", "KLI-BT", "--shield", "1", "--damage", "1", "--rolls", "7")
    assert code == EXIT_BAD_INPUT
    assert "DESTROYED" not in out
    assert "KLI-BT is incomplete (missing shield box counts" in out
    assert "complete it in Library ▸ Complete from your SSD book" in out


def test_bad_shield_and_rolls(capsys):
    assert run(capsys, "--boxes", "forward_hull=1", "--shield", "7", "--damage", "1", "--rolls", "6")[0] == 2
    code, out = run(capsys, "--boxes", "forward_hull=1", "--shield", "1", "--damage", "1", "--rolls", "6,x")
    assert code == 2 and "--rolls" in out


def test_library_ship_any_case(capsys):
    code, data = run_json(capsys, "--ship", "fed-ca", "--shield", "4", "--damage", "3", "--rolls", "7,4,12")
    assert code == 0 and data["ship"] == "FED-CA"
    first, phaser, aux = data["points"]
    assert (first["column"], first["box"]) == ("B", "forward_hull#1")
    # Shield #4: only the side phasers bear (dead astern, bearing 13; D4.321).
    assert phaser["choice"]["options"] == ["phaser#3", "phaser#4", "phaser#5", "phaser#6"]
    assert phaser["choice"]["by"] == "default"
    assert aux["box"] == "aux_control#1"


def test_default_choice_is_reported_as_the_owners_choice_by_default(capsys):
    code, out = run(capsys, "--ship", "FED-CA", "--shield", "1", "--damage", "1", "--rolls", "11")
    assert code == 0
    assert "owner's choice, taken by default (D4.3222): photon#A of photon#A, photon#B, photon#C, photon#D" in out


def test_choose_answers_the_owners_choices_in_order(capsys):
    code, data = run_json(
        capsys, "--ship", "FED-CA", "--shield", "1", "--damage", "3", "--rolls", "11,4,5",
        "--choose", "photon#C,-",
    )
    assert code == 0
    torp, phaser, _warp = data["points"]
    assert (torp["box"], torp["choice"]["by"]) == ("photon#C", "owner")
    assert phaser["choice"]["by"] == "default"


def test_choose_with_an_answer_not_offered(capsys):
    code, out = run(capsys, "--ship", "FED-CA", "--shield", "1", "--damage", "1", "--rolls", "11", "--choose", "phaser#1")
    assert code == 2 and "photon#A, photon#B" in out


def test_choose_with_answers_left_over(capsys):
    code, out = run(capsys, "--boxes", "forward_hull=1", "--shield", "1", "--damage", "1", "--rolls", "6", "--choose", "x")
    assert code == 2 and "left over" in out


def test_phaser_arcs_restrict_phaser_hits(capsys):
    """--phaser-arcs FA,RA through shield #4: only the RA phaser bears (D4.321)."""
    code, data = run_json(
        capsys, "--boxes", "phaser=2,transporter=1", "--phaser-arcs", "FA,RA",
        "--shield", "4", "--damage", "2", "--rolls", "4,4",
    )
    assert code == 0
    assert [(p["column"], p["box"]) for p in data["points"]] == [("A", "phaser#2"), ("B", "transporter#1")]


def test_every_box_name_is_accepted(capsys):
    boxes = ",".join(f"{name}=2" for name in BOX_NAMES)
    rolls = ",".join(str(2 + i % 11) for i in range(40))
    code, data = run_json(capsys, "--boxes", boxes, "--shield", "2", "--damage", "40", "--rolls", rolls)
    assert code == 0 and len(data["points"]) == 40
    assert {p["system"] for p in data["points"]} <= set(BOX_NAMES) | {None}


def test_crew_casualty_is_printed(capsys):
    code, out = run(capsys, "--boxes", "forward_hull=10", "--shield", "1", "--damage", "10", "--rolls", ",".join(["6"] * 10))
    assert code == 0 and "a crew unit is killed (G9.21" in out
