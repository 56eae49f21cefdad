"""Every kind of broken ship file is refused with its own, specific message (FORMAT.md).

Each fixture in tests/data/broken_ships/ is tests/data/fixtures/ship_v1.toml with one fault; the
table below says which field the single problem names, what the message says, and what was
expected. The line is checked too where the fault is on a line of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sfb_desk.data.ship_file import FileProblem, ShipFileError, load_ship_file

BROKEN = Path(__file__).parent / "broken_ships"

# name -> (field, message fragment, expected fragment)
CASES: dict[str, tuple[str, str, str]] = {
    "toml_syntax": ("", "not valid TOML: Expected ']'", ""),
    "wrong_format": ("format", "not a ship file: format is 'sfb-desk-scenario'", '"sfb-desk-ship"'),
    "future_version": ("format_version", "format_version 2 is newer than this version of SFB Desk supports (1)", "format_version 1 or older"),
    "missing_version": ("format_version", "missing required field", "format_version = 1"),
    "version_not_integer": ("format_version", "format_version '1' is not a whole number", "format_version = 1"),
    "unknown_key": ("identity.year_in_servce", "unknown key 'year_in_servce'; did you mean 'year_in_service'?", "one of id, race"),
    "unknown_table": ("crow", "unknown table [crow]; did you mean 'crew'?", "one of format, format_version"),
    "unknown_system": ("systems.bridg", "unknown system 'bridg'; did you mean 'bridge'?", "one of bridge, flag_bridge"),
    "unknown_weapon_type": ("weapons[6].type", "unknown weapon type 'PHOTN'; did you mean 'PHOTON'?", "one of PH-4, PH-1"),
    "negative_count": ("systems.bridge", "negative count -2", "a count of 0 or more"),
    "non_integer_count": ("systems.lab", "8.5 is not a whole number", "an integer of 0 or more"),
    "count_as_text": ("systems.impulse", "the text '4' is not a whole number", "an integer"),
    "missing_id": ("identity.id", "missing required field", 'RACE-CLASS in upper case'),
    "missing_class_code": ("identity.class_code", "missing required field", 'the class as printed'),
    "bad_id_form": ("identity.id", "'FEDCA' is not a valid id", "RACE-CLASS"),
    "id_race_mismatch": ("identity.id", "id 'KLI-CA' does not match race 'FED'", '"FED-CA"'),
    "unknown_race": ("identity.race", "unknown race code 'FDR'; did you mean 'FED'?", "one of FED, KLI, ROM"),
    "unknown_arc": ("weapons[0].arcs[0]", "unknown arc 'FZ'", "one of LF, RF, L, R"),
    "five_shields": ("shields.boxes", "5 shield values given", "exactly six: #1 forward, then clockwise (D3.1)"),
    "sensor_rises": ("tracks.sensor[2]", "sensor track rises from 6 to 7", "non-increasing"),
    "sensor_not_ending_in_zero": ("tracks.sensor", "sensor track ends with 1", "the last box to be 0"),
    "scanner_falls": ("tracks.scanner[5]", "scanner track falls from 5 to 4", "non-decreasing"),
    "track_lengths_differ": ("tracks.scanner", "scanner track has 5 boxes but sensor has 6", "the same number of boxes"),
    "empty_track": ("tracks.damage_control", "is empty", "last is 0"),
    "duplicate_box_id": ("special[1]", "duplicated box id 'probe#1' (also defined by systems.probe)", "box ids unique"),
    "duplicate_designator": ("weapons[3].designator", "duplicated box id 'phaser#3': designator '3' is already used by weapons[2]", "unique among the phaser weapons"),
    "drone_without_rack_type": ("weapons[9].rack_type", "drone rack without a rack_type", "one of A, B, C, D, E, F, G (FD3)"),
    "rack_type_on_photon": ("weapons[9].rack_type", "rack_type on a PHOTON weapon", "no rack_type"),
    "reloads_on_phaser": ("weapons[0].reloads", "reloads on a PH-1 weapon", "only on DRONE and ADD"),
    "refit_adds_unknown_box": ("refits[0].adds[0]", "refit 'R' adds 'phaser#7', which is not a box in this file", "the id of a box defined in this file"),
    "weapon_refit_unknown": ("weapons[1].refit", "refit 'Q' is not listed in [[refits]]", "one of R, +, a"),
    "duplicate_refit_code": ("refits[2].code", "refit code 'R' listed twice", "one [[refits]] entry per code"),
    "move_cost_decimal": ("data.move_cost", "the text '0.33' is not an exact fraction", '"1/3"'),
    "move_cost_zero_denominator": ("data.move_cost", "'1/0' divides by zero", "an exact fraction"),
    "turn_mode_unknown": ("data.turn_mode", "unknown turn mode 'G'", "one of AA, A, B, C, D, E, F"),
    "size_class_out_of_range": ("data.size_class", "size_class 9 is out of range", "1 to 7"),
    "breakdown_malformed": ("data.breakdown", "'5 to 6' is not a valid breakdown", '"5-6" or a single roll "6"'),
    "breakdown_backwards": ("data.breakdown", "breakdown range '6-5' does not run from low to high", "C6.5"),
    "shuttle_contents_too_long": ("shuttle_bays[0].contents", "5 shuttles listed for 4 boxes", "at most 4 entries"),
    "complete_with_missing": ("status.missing", "complete = true but missing lists weapons", "missing = []"),
    "incomplete_without_missing": ("status.missing", "complete = false but missing is empty", "a list of what is missing"),
    "unknown_flag": ("data.flags[0]", "unknown flag 'nimbel'; did you mean 'nimble'?", "one of nimble, shock"),
    "extra_table_value": ("extra.dock_points", "a table is not allowed here", "text, a number, true/false"),
    "bearing_out_of_range": ("weapons[2].extra_bearings[0]", "extra_bearings 25 is out of range", "1 to 24"),
    # made by make_broken_files.py (issue 13): bounds checked before any box is made, files
    # that are not text or nest too deeply, complete files that are not
    "huge_system_count": ("systems.left_warp", "100,000,000 boxes in one system; at most 200 expected", "a box count from 0 to 200"),
    "huge_shield": ("shields.boxes[5]", "2,400,000 boxes in one shield; at most 200 expected", "a box count from 0 to 200"),
    "huge_weapon_mount": ("weapons[0].boxes", "5,000,000 boxes in one weapon mount; at most 10 expected", "a box count from 0 to 10"),
    "huge_track": ("tracks.damage_control", "301 boxes in one track; at most 50 expected", "a box count from 0 to 50"),
    "too_many_weapons": ("weapons", "130 [[weapons]] entries; at most 100 expected", "at most 100 entries"),
    "too_many_boxes_in_all": ("", "2,539 boxes in all; a ship has at most 2,000", "fewer boxes"),
    "deep_nesting": ("", "is nested too deeply to read (no file of ours is nested more than 32 levels)", ""),
    "huge_crew": ("crew.crew_units", "100,000,000 crew units; at most 1,000 expected", "a count from 0 to 1,000"),
    "number_too_long": ("", "holds a number too long to read (thousands of digits; no file of ours has one)", ""),
    "nested_40_deep": ("", "is nested more than 32 levels deep (no file of ours is)", ""),
    "binary_junk": ("", "is not text (UTF-8): byte 128 is 0x80", ""),
    "utf16_text": ("", "is not text (UTF-8): byte 0 is 0xff", ""),
    "complete_without_shields": ("status.complete", "complete = true but the [shields] table is missing", "complete = false with what is missing listed"),
    "complete_move_cost_zero": ("data.move_cost", "move_cost '0' on a complete ship: every hex moved costs the movement cost, which is above 0 (C12.21)", "the movement cost from the ship data"),
}  # fmt: skip

# Faults on a line of their own: the problem points at that line.
LINES = {"toml_syntax": 6, "unknown_arc": 73, "negative_count": 52, "unknown_system": 52,
         "sensor_rises": 43, "five_shields": 49, "future_version": 4,
         "huge_system_count": 55, "complete_move_cost_zero": 32}  # fmt: skip


def _problems(name: str) -> list[FileProblem]:
    with pytest.raises(ShipFileError) as caught:
        load_ship_file(BROKEN / f"{name}.toml")
    return caught.value.problems


def test_every_fixture_has_a_case_and_there_are_enough():
    on_disk = {p.stem for p in BROKEN.glob("*.toml")}
    assert on_disk == set(CASES)
    assert len(CASES) >= 15


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_file_is_refused_with_its_message(name):
    field, message, expected = CASES[name]
    problems = _problems(name)
    assert len(problems) == 1, [str(p) for p in problems]
    (problem,) = problems
    assert problem.file.endswith(f"broken_ships/{name}.toml")
    assert problem.field == field
    assert message in problem.message
    assert expected in problem.expected
    if name in LINES:
        assert problem.line == LINES[name]


def test_each_kind_of_fault_has_its_own_message():
    messages = [(p.field, p.message) for name in CASES for p in _problems(name)]
    assert len(set(messages)) == len(CASES)
