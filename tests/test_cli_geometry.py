"""``sfb-desk-cli range`` and ``sfb-desk-cli arcs`` (sfb_desk.commands.geometry)."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [("2215", "2513", "4"), ("2215", "2215", "0"), ("0101", "4230", "50"), ("-3.12", "101.05", "104")],
)
def test_range_prints_the_true_range(capsys, a, b, expected):
    assert main(["range", a, b]) == 0
    out = capsys.readouterr()
    assert out.out == expected + "\n"
    assert out.err == ""


@pytest.mark.parametrize("bad", ["22x5", "221", ""])
def test_range_refuses_bad_labels(capsys, bad):
    assert main(["range", "2215", bad]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert f"bad hex label {bad!r}" in out.err and "expected CCRR" in out.err


def test_arcs_text_boundary_shot(capsys):
    assert main(["arcs", "--from", "2215", "--facing", "A", "--to", "2314"]) == 0
    out = capsys.readouterr().out
    assert "range 2" in out
    assert "bearing: 3 = 30 deg (on a hex spine)" in out
    assert "arcs: RF FA FH FX RS 360 FP LP RP\n" in out
    assert "struck by fire from 2314: 1/2 (boundary, D3.43: owner chooses)" in out


def test_arcs_json_g14_rotation_check_facing_c(capsys):
    """G1.4 rotation check: facing C, 2615 is at 330 degrees, on the #6/#1 boundary."""
    assert main(["arcs", "--from", "2215", "--facing", "C", "--to", "2615", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == {
        "from": "2215", "facing": "C", "to": "2615", "range": 4, "bearing": 23,
        "arcs": ["LF", "FA", "FH", "FX", "LS", "360", "FP", "LP", "RP"],
        "shield": None, "shield_choice": [6, 1],
    }


def test_arcs_json_single_shield_and_numeric_facing(capsys):
    assert main(["arcs", "--from", "2215", "--facing", "1", "--to", "2220", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["facing"], got["bearing"], got["shield"], got["shield_choice"]) == ("A", 13, 4, None)
    assert got["arcs"] == ["LR", "RR", "RA", "RH", "RX", "LS", "RS", "360", "AP", "LPR", "RPR"]


def test_arcs_same_hex(capsys):
    assert main(["arcs", "--from", "1010", "--facing", "C", "--to", "1010", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["range"], got["bearing"], got["arcs"]) == (0, 0, ["360"])
    assert got["shield"] is None and got["shield_choice"] is None
    # C13.915 (S0 L1351): the Klingon is in direction B from the Fed CA facing C -> Fed #6.
    args = ["arcs", "--from", "1010", "--facing", "C", "--to", "1010", "--same-hex-direction", "B"]
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shield"] == 6
    assert main(args) == 0
    assert "struck by fire from 1010: 6\n" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["--from", "2215", "--facing", "G", "--to", "2314"],
        ["--from", "2215", "--facing", "0", "--to", "2314"],
        ["--from", "22-15", "--facing", "A", "--to", "2314"],
        ["--from", "2215", "--facing", "A", "--to", "x"],
        ["--from", "2215", "--facing", "A", "--to", "2215", "--same-hex-direction", "Z"],
    ],
)
def test_arcs_refuses_bad_input(capsys, args):
    assert main(["arcs", *args]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("sfb-desk-cli arcs: bad ")


def test_hexes_off_the_map_are_printed_in_four_digits(capsys):
    """A hex given by its exact column and row (C.R) is printed as players read it: four
    digits, modulo 100 (rules/hexes.py)."""
    assert main(["arcs", "--from=-3.12", "--facing", "A", "--to=-3.-1"]) == 0
    out = capsys.readouterr().out
    assert "from 9712 facing A to 9799: range 13" in out
    assert "22.-24" not in out and "-3." not in out
