"""Loading ship files into ShipSpec (FORMAT.md), problem reporting and format-version migration."""

from __future__ import annotations

import re

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.data import ship_file
from sfb_desk.data.ship_errors import format_loc, locate_line
from sfb_desk.data.ship_file import (
    FileProblem,
    ShipFileError,
    UnsupportedVersion,
    load_ship_file,
    migrate,
    parse_ship_text,
)

FIXTURES = Path(__file__).parent / "fixtures"
V1 = FIXTURES / "ship_v1.toml"
V1_TEXT = V1.read_text(encoding="utf-8")


def _refused(text: str) -> list[FileProblem]:
    with pytest.raises(ShipFileError) as caught:
        parse_ship_text(text, "X.toml")
    return caught.value.problems


# -- a good file -------------------------------------------------------------------------------


def test_v1_fixture_loads_to_the_fed_ca():
    """DESIGN.md section 7: the fixture of every format version must still load."""
    spec = load_ship_file(V1)
    assert (spec.id, spec.race, spec.race_name, spec.class_code, spec.name, spec.kind) == (
        "FED-CA", "FED", "Federation", "CA", "Heavy Cruiser", "ship"
    )  # fmt: skip
    assert (spec.year_in_service, spec.rule, spec.bpv_combat, spec.bpv_economic) == (
        130, "R2.4", 125, None
    )  # fmt: skip
    assert spec.size_class == 3 and spec.turn_mode == "D" and spec.breakdown == "5-6"
    assert spec.move_cost == Fraction(1) and isinstance(spec.move_cost, Fraction)
    assert spec.shields == (30, 24, 20, 20, 20, 24)  # D3.1: #1 forward, clockwise
    assert spec.sensor_track == (6, 6, 5, 3, 1, 0)
    assert spec.scanner_track == (0, 0, 1, 3, 5, 9)
    assert spec.damage_control_track == (4, 4, 2, 2, 2, 0)
    assert spec.excess_damage == 6
    assert spec.count("left_warp") == 15 and spec.count("flag_bridge") == 0
    assert spec.crew_units == 43 and spec.boarding_parties == 10 and spec.spare_shuttles == 3
    assert spec.complete and spec.missing == () and spec.confidence == "high"
    assert spec.flags == frozenset()
    assert [r.code for r in spec.refits] == ["R", "+", "a"]
    assert spec.refits[0].year == 160 and spec.refits[0].bpv_delta == 4
    assert spec.disagreements[0].field == "battery" and spec.disagreements[0].chosen == 4
    assert spec.disagreements[0].values == (("amarillo", 3),)
    assert spec.extra == (("explosion_strength", 18), ("dock_points", 8))


def test_weapons_take_their_family_from_the_catalogue():
    spec = load_ship_file(V1)
    assert [w.family for w in spec.weapons] == ["phaser"] * 6 + ["photon"] * 4
    assert spec.weapons[2].arcs == ("LF", "L") and spec.weapons[2].extra_bearings == (13,)
    ids = spec.box_ids()
    assert {"phaser#3", "photon#A", "shuttle#4", "probe_ammo#5", "shield1#30"} <= set(ids)
    assert len(ids) == len(set(ids))


def test_systems_are_in_ssd_order_without_zero_counts():
    text = V1_TEXT.replace("bridge = 2\n", "probe = 1\nbridge = 2\nflag_bridge = 0\n", 1)
    text = text.replace("probe = 1\n\n[[shuttle_bays]]", "\n[[shuttle_bays]]")
    spec = parse_ship_text(text, "X.toml")
    assert spec.systems == load_ship_file(V1).systems
    assert spec.systems[0] == ("bridge", 2)


def test_fractions_are_exact():
    text = V1_TEXT.replace('move_cost = "1"', 'move_cost = "2/3"\nhet_cost = "5"\nem_cost = "3/2"')
    spec = parse_ship_text(text, "X.toml")
    assert (spec.move_cost, spec.het_cost, spec.em_cost) == (Fraction(2, 3), 5, Fraction(3, 2))


def test_optional_tables_may_be_left_out_of_an_incomplete_file():
    keep = []
    for block in V1_TEXT.split("\n\n"):
        if not block.lstrip().startswith(("[bpv]", "[data]", "[crew]", "[tracks]", "[shields]")):
            keep.append(block)
    text = "\n\n".join(keep).replace("complete = true\nmissing = []",
                                     'complete = false\nmissing = ["shields", "ship data"]')
    spec = parse_ship_text(text, "X.toml")
    assert spec.shields is None and spec.sensor_track == () and spec.move_cost is None
    assert spec.bpv_combat is None and spec.crew_units is None
    assert not spec.complete


def test_a_complete_ship_needs_its_shields_and_a_movement_cost():
    """complete = true says every count is known (FORMAT.md): no [shields], no [data] or a
    movement cost of 0 is refused (C12.21), each with its own problem."""
    no_shields = "\n\n".join(b for b in V1_TEXT.split("\n\n")
                              if not b.lstrip().startswith(("[shields]", "[data]")))
    with pytest.raises(ShipFileError) as caught:
        parse_ship_text(no_shields, "X.toml")
    messages = [p.message for p in caught.value.problems]
    assert messages == ["complete = true but the [shields] table is missing",
                        "complete = true but data.move_cost is missing"]
    zero = re.sub(r'move_cost = "[^"]*"', 'move_cost = "0"', V1_TEXT)
    with pytest.raises(ShipFileError) as caught:
        parse_ship_text(zero, "X.toml")
    (problem,) = caught.value.problems
    assert problem.field == "data.move_cost" and "above 0 (C12.21)" in problem.message


# -- problems ----------------------------------------------------------------------------------


def test_problem_text_names_file_line_field_and_expectation():
    problem = FileProblem("ssd_data/ships/X.toml", "weapons[3].arcs[1]", "unknown arc 'FZ'", "one of LF, RF", 12)  # noqa: E501
    assert str(problem) == (
        "ssd_data/ships/X.toml:12: weapons[3].arcs[1]: unknown arc 'FZ' (expected one of LF, RF)"
    )
    assert str(FileProblem("X.toml", "", "not valid TOML")) == "X.toml: not valid TOML"


def test_every_problem_is_reported_not_just_the_first():
    text = (
        V1_TEXT.replace('race = "FED"', 'race = "FDE"')
        .replace('turn_mode = "D"', 'turn_mode = "Q"')
        .replace("\nbridge = 2", "\nbridge = -1")
        .replace('arcs = ["FH"]', 'arcs = ["FZ"]', 1)
        .replace('designator = "4"', 'designator = "3"')
        .replace("sensor = [6, 6, 5, 3, 1, 0]", "sensor = [6, 6, 5, 3, 1, 2]")
        .replace('description = "APR converted', 'adds = ["apr#1"]\ndescription = "APR converted')
    )
    problems = _refused(text)
    fields = [p.field for p in problems]
    assert fields == [  # in the order of their lines
        "identity.race",
        "data.turn_mode",
        "tracks.sensor[5]",
        "tracks.sensor",
        "systems.bridge",
        "weapons[0].arcs[0]",
        "weapons[3].designator",
    ], [str(p) for p in problems]
    assert [p.line for p in problems] == sorted(p.line for p in problems)
    # The refit check needs every box table valid; with weapons[0] broken it is not run,
    # so no false "apr#1 is not a box" is reported on top. Fixing the rest shows it:
    only_refit = V1_TEXT.replace(
        'description = "APR converted', 'adds = ["apr#1"]\ndescription = "APR converted'
    )
    (problem,) = _refused(only_refit)
    assert problem.field == "refits[2].adds[0]" and "'apr#1'" in problem.message


def test_error_carries_problems_and_a_readable_message():
    with pytest.raises(ShipFileError) as caught:
        parse_ship_text(V1_TEXT.replace("lab = 8", "lab = -8"), "ssd_data/ships/FED-CA.toml")
    error = caught.value
    assert str(error) == "\n".join(str(p) for p in error.problems)
    assert str(error).startswith("ssd_data/ships/FED-CA.toml:")


def test_toml_syntax_error_gives_line_and_column():
    (problem,) = _refused("format = \"sfb-desk-ship\"\nformat_version = 1\n[identity]\nid = \n")
    assert problem.line == 4
    assert "not valid TOML" in problem.message and "line 4, column" in problem.message


def test_missing_required_tables():
    text = V1_TEXT.split("[identity]")[0]
    problems = _refused(text)
    assert [(p.field, p.message) for p in problems] == [
        ("identity", "missing required table [identity]"),
        ("status", "missing required table [status]"),
    ]


def test_list_section_written_as_a_table_is_refused():
    text = V1_TEXT.replace("[[special]]", "[[specials]]", 1).replace("[[special]]", "[[specials]]")
    text = text.replace("[[shuttle_bays]]", "[shuttle_bays]")
    problems = {p.field: p for p in _refused(text)}
    assert problems["shuttle_bays"].message == "is not a list of tables"
    assert problems["specials"].message.startswith("unknown key 'specials'; did you mean")


def test_wrong_types_have_plain_messages():
    text = (
        V1_TEXT.replace("complete = true", 'complete = "yes"')
        .replace('sources = ["', 'sources = "')
        .replace(')"]\nnotes', ')"\nnotes')
        .replace('name = "Heavy Cruiser"', "name = 7")
    )
    problems = {p.field: p for p in _refused(text)}
    assert problems["status.complete"].message == "the text 'yes' is not true or false"
    assert problems["status.sources"].message.startswith("the text 'reference/")
    assert problems["status.sources"].message.endswith("is not a list")
    assert problems["identity.name"].message == "7 is not text"


def test_weapon_type_case_matters_and_is_suggested():
    text = V1_TEXT.replace('type = "PHOTON"', 'type = "photon"', 1)
    (problem,) = _refused(text)
    assert problem.message == "unknown weapon type 'photon'; did you mean 'PHOTON'?"


def test_locate_line_finds_keys_in_tables_and_arrays_of_tables():
    assert locate_line(V1_TEXT, ("identity", "id")) == V1_TEXT.splitlines().index('id = "FED-CA"') + 1  # noqa: E501
    lines = V1_TEXT.splitlines()
    third_weapon = [i for i, line in enumerate(lines, 1) if line == "[[weapons]]"][2]
    assert locate_line(V1_TEXT, ("weapons", 2, "arcs", 0)) == third_weapon + 3
    assert locate_line(V1_TEXT, ("weapons", 2, "boxes")) == third_weapon  # absent key: header
    assert locate_line(V1_TEXT, ("format_version",)) == 4
    assert locate_line(V1_TEXT, ("nowhere", "x")) is None
    assert format_loc(("weapons", 3, "arcs", 1)) == "weapons[3].arcs[1]"


def test_load_reports_unreadable_files(tmp_path):
    with pytest.raises(ShipFileError) as caught:
        load_ship_file(tmp_path / "absent.toml")
    assert "cannot be read" in caught.value.problems[0].message
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ShipFileError) as caught:
        load_ship_file(binary)
    assert "is not text (UTF-8)" in caught.value.problems[0].message


# -- format versions ---------------------------------------------------------------------------


def test_current_version_passes_through_unchanged():
    raw = {"format": "sfb-desk-ship", "format_version": 1, "identity": {"id": "X"}}
    assert migrate(raw) == raw


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({}, "missing required field"),
        ({"format_version": "1"}, "format_version '1' is not a whole number"),
        ({"format_version": True}, "format_version True is not a whole number"),
        ({"format_version": 1.0}, "format_version 1.0 is not a whole number"),
        ({"format_version": 0}, "unknown format_version 0"),
        ({"format_version": 7}, "format_version 7 is newer than this version of SFB Desk"),
    ],
)
def test_unusable_versions_are_refused(raw, message):
    with pytest.raises(UnsupportedVersion) as caught:
        migrate(raw)
    assert message in str(caught.value)


def test_migrations_run_in_order_up_to_the_current_version(monkeypatch):
    """The mechanism a format v2 will use: v1 files are migrated before validation."""

    def rename_lab(raw):
        raw = dict(raw)
        raw["systems"] = {("labs" if k == "lab" else k): v for k, v in raw["systems"].items()}
        return raw

    monkeypatch.setattr(ship_file, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(ship_file, "MIGRATIONS", {1: rename_lab})
    migrated = migrate({"format_version": 1, "systems": {"lab": 8}})
    assert migrated == {"format_version": 2, "systems": {"labs": 8}}
    assert migrate({"format_version": 2, "systems": {}})["format_version"] == 2


# -- robustness --------------------------------------------------------------------------------

_V1_LINES = V1_TEXT.splitlines()
_toml_value = st.recursive(
    st.one_of(st.integers(-3, 40), st.text(max_size=6), st.booleans(), st.floats(-2, 2)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=2)),  # noqa: E501
    max_leaves=5,
)


@settings(max_examples=150, deadline=None)
@given(
    dropped=st.sets(st.integers(0, len(_V1_LINES) - 1), max_size=4),
    doubled=st.sets(st.integers(0, len(_V1_LINES) - 1), max_size=2),
)
def test_mangled_text_loads_or_raises_ship_file_error(dropped, doubled):
    """Whatever is cut or repeated, the loader answers with a spec or with problems, never a crash."""  # noqa: E501
    lines = []
    for i, line in enumerate(_V1_LINES):
        if i not in dropped:
            lines.extend([line, line] if i in doubled else [line])
    try:
        parse_ship_text("\n".join(lines), "X.toml")
    except ShipFileError as error:
        assert error.problems and all(p.file == "X.toml" and p.message for p in error.problems)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_value_in_any_place_loads_or_raises_ship_file_error(data):
    raw = tomllib.loads(V1_TEXT)
    section = data.draw(st.sampled_from(sorted(raw)))
    value = data.draw(_toml_value)
    target = raw[section]
    if isinstance(target, dict) and target:
        target[data.draw(st.sampled_from(sorted(target)))] = value
    elif isinstance(target, list) and target:
        entry = target[data.draw(st.integers(0, len(target) - 1))]
        entry[data.draw(st.sampled_from(sorted(entry)))] = value
    else:
        raw[section] = value
    try:
        parse_ship_text(tomli_w.dumps(raw), "X.toml")
    except ShipFileError as error:
        assert error.problems
