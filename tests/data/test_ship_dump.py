"""dump_ship writes what the ship designer saves: TOML that loads back to an equal ShipSpec."""

from __future__ import annotations

import dataclasses
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.data import paths
from sfb_desk.data.ship_file import dump_ship, load_ship_file, parse_ship_text, save_ship
from sfb_desk.rules.ship import Refit, SpecialSystem, Weapon

V1 = Path(__file__).parent / "fixtures" / "ship_v1.toml"
LIBRARY_FILES = sorted((paths.ssd_data_dir() / "ships").glob("*.toml"))


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=[p.stem for p in LIBRARY_FILES])
def test_every_library_file_round_trips(path):
    spec = load_ship_file(path)
    assert parse_ship_text(dump_ship(spec), "dumped.toml") == spec


def test_the_library_has_files_to_round_trip():
    assert len(LIBRARY_FILES) >= 1
    assert "FED-CA" in {p.stem for p in LIBRARY_FILES}


def test_dump_follows_the_format_layout():
    text = dump_ship(load_ship_file(V1))
    headers = [line for line in text.splitlines() if line.startswith("[")]
    assert headers[:9] == [
        "[identity]", "[status]", "[bpv]", "[data]", "[crew]", "[tracks]", "[shields]",
        "[systems]", "[[shuttle_bays]]",
    ]  # fmt: skip
    assert headers.count("[[weapons]]") == 10 and headers[-1] == "[extra]"
    assert text.startswith("# Federation CA Heavy Cruiser (R2.4).")
    assert 'move_cost = "1"' in text and "sensor = [6, 6, 5, 3, 1, 0]" in text
    assert "values = { amarillo = 3 }" in text
    assert tomllib.loads(text)["format_version"] == 1


def test_dump_writes_what_the_designer_adds():
    spec = load_ship_file(V1)
    spec = dataclasses.replace(
        spec,
        flags=frozenset({"scout", "nimble"}),
        move_cost=Fraction(2, 3),
        weapons=spec.weapons
        + (
            Weapon("7", "PH-1", "phaser", ("RH",), refit="R"),
            Weapon("1", "DRONE", "drone", ("360",), rack_type="G", reloads=1, refit="+"),
            Weapon("E", "DISRUPTOR", "disruptor", ("FA",), boxes=2, max_range=30, note="x"),
        ),
        special=spec.special + (SpecialSystem("cloak", "Cloaking device", 4),),
        refits=spec.refits[:2]
        + (Refit("a", 170, None, "APR to AWR", ("phaser#7", "drone#1", "disruptor#E.2")),),
    )
    text = dump_ship(spec)
    assert 'flags = ["nimble", "scout"]' in text and 'move_cost = "2/3"' in text
    assert 'rack_type = "G"' in text and "boxes = 2" in text
    assert parse_ship_text(text, "designer.toml") == spec


_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30)
_scalar = st.one_of(
    _text, st.integers(-(2**63), 2**63 - 1), st.booleans(), st.floats(allow_nan=False)
)


@settings(max_examples=60, deadline=None)
@given(
    name=_text,
    notes=st.lists(st.text(st.characters(blacklist_categories=("Cs",)), max_size=40), max_size=4),
    move_cost=st.fractions(min_value=0, max_value=4, max_denominator=12).filter(bool),
    extra=st.dictionaries(_text, st.one_of(_scalar, st.lists(_scalar, max_size=3)), max_size=4),
)
def test_any_text_and_fraction_round_trips(name, notes, move_cost, extra):
    """Quotes, backslashes, newlines and control characters in free text survive the trip."""
    spec = dataclasses.replace(
        load_ship_file(V1),
        name=name,
        notes=tuple(notes),
        move_cost=move_cost,
        extra=tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in extra.items()),
    )
    assert parse_ship_text(dump_ship(spec), "dumped.toml") == spec


def test_save_ship_writes_atomically(tmp_path):
    spec = load_ship_file(V1)
    target = save_ship(spec, tmp_path / "ships" / "FED-CA.toml")
    assert load_ship_file(target) == spec
    save_ship(dataclasses.replace(spec, name="Renamed"), target)
    assert load_ship_file(target).name == "Renamed"
    assert sorted(p.name for p in target.parent.iterdir()) == ["FED-CA.toml"]  # no temp files
