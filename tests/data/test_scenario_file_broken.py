"""Every kind of broken scenario file is refused with its own, specific message.

Each fixture in tests/data/broken_scenarios/ is ``_base.toml`` (a valid version-1 scenario)
with one fault. The table says which field the problem names, what the message says and what
was expected; the line is checked where the fault sits on a line of its own. A fault can bring
a second, consequential problem (a renamed key is also a missing one): ``COUNTS`` lists those.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import (
    FileProblem,
    Scenario,
    ScenarioFileError,
    load_scenario_file,
    parse_scenario_text,
)

BROKEN = Path(__file__).parent / "broken_scenarios"
BASE = BROKEN / "_base.toml"

# name -> (field, message fragment, expected fragment)
CASES: dict[str, tuple[str, str, str]] = {
    "toml_syntax": ("", "not valid TOML: Expected ']' at the end of a table declaration", ""),
    "wrong_format": ("format", "not a scenario file: format is 'sfb-desk-ship'", '"sfb-desk-scenario"'),
    "future_version": ("format_version", "format_version 2 is newer than this version of SFB Desk supports (1)", "format_version 1 or older"),
    "version_not_integer": ("format_version", "format_version '1' is not a whole number", "format_version = 1"),
    "unknown_key": ("scenario.titel", "unknown key 'titel'; did you mean 'title'?", "one of id, title, origin"),
    "unknown_table": ("victroy", "unknown table 'victroy'; did you mean 'victory'?", "one of format, format_version, scenario"),
    "missing_title": ("scenario.title", "missing required field", 'the title as printed'),
    "missing_victory": ("victory", "missing required table [victory]", ""),
    "unknown_ship": ("sides[0].units[0].ship", "no ship class 'FED-CAA' in the library; did you mean FED-CA", "the id of a ship file"),
    "unknown_ship_alternative": ("sides[0].units[0].alternatives[0]", "no ship class 'FED-CX' in the library", "the id of a ship file"),
    "bad_hex_label": ("sides[0].units[0].hex", "bad hex label '18x0'", "CCRR, e.g. 2215"),
    "hex_off_fixed_map": ("sides[1].units[1].hex", "hex 0131 is off the fixed 42x30 map", "a hex from 0101 to 4230"),
    "terrain_off_fixed_map": ("terrain[0].hexes[1]", "hex 4301 is off the fixed 42x30 map", "0101 to 4230"),
    "bad_facing": ("sides[0].units[0].facing", "unknown facing 'G'", "one of A, B, C, D, E, F, choice"),
    "missing_facing": ("sides[0].units[0].facing", "missing required field", 'facing = "A"'),
    "weapon_status_out_of_range": ("sides[0].units[0].weapon_status", "weapon status 4 is out of range", "WS 0 to 3 (WS-0 to WS-III, S4)"),
    "weapon_status_roman": ("sides[0].units[0].weapon_status", "the text 'III' is not a weapon status", "WS 0 to 3"),
    "speed_out_of_range": ("sides[1].units[1].speed", "speed 32 is out of range", '0 to 31, or "max"'),
    "speed_as_text": ("sides[1].units[1].speed", "the text '12' is not a speed", '0 to 31, or "max"'),
    "refit_not_on_ship": ("sides[0].units[0].refits[1]", "FED-CA has no refit 'Z'", "one of R, +, a"),
    "refit_after_year": ("sides[0].units[0].refits[1]", "refit '+' of FED-CA dates from Y165, after the scenario's year Y162", "refits of Y162 or earlier"),
    "ship_needed_without_unlisted": ("sides[1].units[1].ship_needed", "ship_needed without unlisted", "ship_needed names the ship file"),
    "minefield_unknown_side": ("minefields[0].side", "no side named 'Klingons'; did you mean 'Klingon'?", "one of Federation, Klingon"),
    "mine_bad_captor": ("minefields[0].mines[0].type", "captor subtype 'J' is not one of A-H (M4.41)", "captor-A ... captor-H"),
    "side_without_units": ("sides[1].units", "a side with no units and no forces", "at least one [[sides.units]]"),
    "unplayable_without_reason": ("status.reason", "playable = false without a reason", "why the program cannot play it"),
    "duplicate_side_name": ("sides[1].name", "side 'Federation' named twice", "a different name for each side"),
    "bonus_unknown_side": ("victory.bonus[0].side", "no side named 'Klingons'; did you mean 'Klingon'?", "one of Federation, Klingon"),
    "practice_with_rule": ("scenario.rule", "a practice set-up has no rule number", "no rule"),
    "rule_not_matching_id": ("scenario.rule", "rule 'SG98.0' is not scenario 'SG99'", '"SG99.0"'),
    "lines_backwards": ("source.lines", "lines run backwards (120 to 100)", "[first line, last line]"),
    "unknown_terrain_kind": ("terrain[0].kind", "unknown terrain kind 'planit'; did you mean 'planet'?", "one of planet, moon"),
    "direction_on_fixed_map": ("sides[0].exit_edges[0]", "direction 'E' on a fixed map", "one of 01xx, 42xx, xx01, xx30"),
    "unit_ship_and_monster": ("sides[1].units[1]", "a unit needs exactly one of ship, unlisted, monster (ship and monster given)", 'ship = "FED-CA"'),
    "no_hex_or_entry": ("sides[1].units[1].hex", "no set-up hex or entry", 'hex = "2215" or entry'),
    "standard_with_three_sides": ("victory.kind", "standard victory conditions with 3 scored sides", "two sides that are not neutral"),
    "no_length": ("length", "no length given", "turns = N or until"),
    "unknown_unit_flag": ("sides[0].units[0].flags[0]", "unknown unit flag 'inret'; did you mean 'inert'?", "one of inert, cannot_fire"),
    "percent_out_of_range": ("options.percent", "percent 120 is out of range", "0 to 100"),
}  # fmt: skip

# Faults on a line of their own: the problem points at that line of the fixture.
LINES = {
    "toml_syntax": 20, "wrong_format": 2, "future_version": 3, "unknown_key": 7,
    "missing_title": 5, "unknown_ship": 46, "bad_hex_label": 49, "hex_off_fixed_map": 68,
    "terrain_off_fixed_map": 25, "bad_facing": 50, "weapon_status_out_of_range": 52,
    "speed_out_of_range": 70, "refit_not_on_ship": 47, "lines_backwards": 14,
    "unknown_terrain_kind": 24, "direction_on_fixed_map": 43, "bonus_unknown_side": 78,
    "duplicate_side_name": 55, "percent_out_of_range": 31, "unknown_unit_flag": 53,
}  # fmt: skip

# Faults that bring a consequential problem besides the one named above.
COUNTS = {"unknown_key": 2, "unknown_table": 3, "duplicate_side_name": 2}


@pytest.fixture(scope="module")
def ships() -> ShipLibrary:
    return load_library()


def _problems(name: str, ships: ShipLibrary) -> list[FileProblem]:
    with pytest.raises(ScenarioFileError) as caught:
        load_scenario_file(BROKEN / f"{name}.toml", ships)
    return caught.value.problems


def test_every_fixture_has_a_case_and_there_are_enough():
    on_disk = {p.stem for p in BROKEN.glob("*.toml")} - {"_base"}
    assert on_disk == set(CASES)
    assert len(CASES) >= 10


def test_the_base_fixture_is_a_valid_version_1_file(ships):
    scenario = load_scenario_file(BASE, ships)
    assert isinstance(scenario, Scenario)
    assert (scenario.id, scenario.format_version) == ("SG99", 1)
    assert [u.key for _, u in scenario.units()] == ["Hood", "Challenger", "KLI-D6"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_file_is_refused_with_its_own_message(name, ships):
    field, message, expected = CASES[name]
    problems = _problems(name, ships)
    assert len(problems) == COUNTS.get(name, 1), [str(p) for p in problems]
    named = [p for p in problems if p.field == field]
    assert named, [str(p) for p in problems]
    problem = named[0]
    assert message in problem.message
    assert expected in problem.expected
    assert problem.file.endswith(f"{name}.toml")
    if name in LINES:
        assert problem.line == LINES[name]
        assert str(problem).startswith(f"{problem.file}:{LINES[name]}: ")


def test_messages_are_all_different():
    messages = [message for _, message, _ in CASES.values()]
    fields_and_messages = {(f, m) for f, m, _ in CASES.values()}
    assert len(fields_and_messages) == len(messages)


def test_all_problems_of_a_file_are_reported_at_once(ships):
    text = BASE.read_text(encoding="utf-8")
    text = text.replace('hex = "1820"', 'hex = "4331"').replace('facing = "B"', 'facing = "Q"', 1)
    text = text.replace('ship = "KLI-D6"', 'ship = "KLI-D66"')
    with pytest.raises(ScenarioFileError) as caught:
        parse_scenario_text(text, "many.toml", ships)
    # The pydantic stage stops before the library checks: the facing is reported first.
    assert [p.field for p in caught.value.problems] == ["sides[1].units[0].facing"]
    text = text.replace('facing = "Q"', 'facing = "B"')
    with pytest.raises(ScenarioFileError) as caught:
        parse_scenario_text(text, "many.toml", ships)
    assert [p.field for p in caught.value.problems] == [
        "sides[0].units[0].hex",
        "sides[1].units[1].ship",
    ]
    assert [p.line for p in caught.value.problems] == [49, 67]


def test_unreadable_files_are_problems_not_crashes(tmp_path, ships):
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ScenarioFileError, match=r"is not text \(UTF-8\)"):
        load_scenario_file(binary, ships)
    with pytest.raises(ScenarioFileError, match="cannot be read"):
        load_scenario_file(tmp_path / "absent.toml", ships)
