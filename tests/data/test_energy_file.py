"""Energy allocation files (sfb-desk-energy v1): round trips, exact energy, problems with their
place in the file, and the version-1 fixture."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from sfb_desk.data.energy_file import (
    EnergyFileError,
    allocation_from_dict,
    allocation_to_dict,
    canonical,
    dumps,
    load_energy_file,
    loads,
    to_fraction,
)
from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import carry, check, errors, initial_state, template

FIXTURE = Path(__file__).parent / "fixtures" / "energy_v1_fed_ca_turn2.json"
CORE = ["FED-CA", "KLI-D7", "GOR-CA", "HYD-RN", "ROM-KR", "LYR-CA", "ORI-CR", "THO-CA"]


@pytest.fixture(scope="module")
def lib():
    return load_library()


@pytest.mark.parametrize("ship_id", CORE)
def test_template_round_trip(lib, ship_id):
    spec = lib.get(ship_id)
    state = initial_state(spec)
    a = template(spec, state)
    f = loads(dumps(a, state))
    assert f.allocation == a
    assert f.start_state(spec) == state


def test_state_round_trip_after_two_turns(lib):
    ca = lib.get("FED-CA")
    s1 = initial_state(ca)
    a1 = template(ca, s1)
    s2 = carry(s1, a1, ca, capacitor_used=F(5, 2), destroyed=["left_warp#3"])
    a2 = template(ca, s2)
    f = loads(dumps(a2, s2))
    assert f.allocation == a2 and f.start_state(ca) == s2


def test_version_1_fixture_loads_and_validates(lib):
    f = load_energy_file(FIXTURE)
    a = f.allocation
    assert (a.ship, a.turn, a.phaser_capacitor, a.battery_recharge) == ("FED-CA", 2, 2, F(1, 2))
    assert a.order("photon#B").energy == F(9, 2) and a.order("photon#B").overload
    assert a.speed_plot == ((1, 12), (9, 14))
    ca = lib.get("FED-CA")
    state = f.start_state(ca)
    assert state.capacitor == 4 and state.battery_charge == 3 and "photon#D" in state.destroyed
    led, issues = check(a, ca, state)
    assert not errors(issues), [str(i) for i in issues]
    assert led.costs["weapon:photon#B"] == F(9, 2) and led.costs["transporters"] == F(2, 5)


def test_energy_values_are_exact():
    assert to_fraction(0.2) == F(1, 5) and to_fraction("1/2") == F(1, 2)
    assert to_fraction("1.25") == F(5, 4) and to_fraction(3) == 3
    with pytest.raises(ValueError):
        to_fraction(True)
    with pytest.raises(ValueError):
        to_fraction("half")


def test_weapons_as_an_object_keyed_by_box():
    f = allocation_from_dict({"ship": "fed-ca", "weapons": {"photon#A": {"action": "hold"}}})
    assert f.allocation.ship == "FED-CA"
    assert f.allocation.order("photon#A").action == "hold"


def test_speed_as_a_single_number():
    assert allocation_from_dict({"ship": "FED-CA", "speed_plot": 12}).allocation.speed_plot == (
        (1, 12),)


@pytest.mark.parametrize(("record", "where"), [
    ({"turn": 2}, "ship"),
    ({"ship": "FED-CA", "hets": "3"}, "hets"),
    ({"ship": "FED-CA", "phaser_capacitor": True}, "phaser_capacitor"),
    ({"ship": "FED-CA", "phaser_capacitor": "lots"}, "phaser_capacitor"),
    ({"ship": "FED-CA", "shields": "max"}, "shields"),
    ({"ship": "FED-CA", "warp_speed": 9}, "warp_speed"),
    ({"ship": "FED-CA", "weapons": [{"box": "photon#A", "action": "fire"}]}, "weapons[0].action"),
    ({"ship": "FED-CA", "weapons": [{"box": "photon#A", "energy": [2]}]}, "weapons[0].energy"),
    ({"ship": "FED-CA", "speed_plot": "fast"}, "speed_plot"),
    ({"ship": "FED-CA", "format_version": 2}, "format_version"),
    ({"ship": "FED-CA", "state": {"capacitor": "x"}}, "state.capacitor"),
])
def test_bad_records_name_the_place(record, where):
    with pytest.raises(EnergyFileError) as info:
        allocation_from_dict(record, "t.json")
    assert any(p.startswith(where + ":") for p in info.value.problems), info.value.problems
    assert str(info.value).startswith("t.json: ")


@pytest.mark.parametrize(("record", "expected"), [
    ({"weapons": [{"box": "photon#A", "action": "fly"}]},
     "weapons[0].action: 'fly' is not a weapon order: arm, hold, roll or none (B3.1)"),
    ({"weapons": {"photon#A": {"action": "fly"}}},
     "weapons.photon#A.action: 'fly' is not a weapon order: arm, hold, roll or none (B3.1)"),
    ({"shields": "up"},
     "shields: 'up' is not a shield setting: active, minimum or off (D3.32; minimum is D3.33)"),
    ({"life_support": "x"}, "life_support: 'x' is not a life support setting: normal or "
                            "emergency (B3.3)"),
    ({"fire_control": "on"}, "fire_control: 'on' is not a fire control setting: active, low or "
                             "off (D6.6; low power is D6.7)"),
    ({"pa_level": "max"}, "pa_level: 'max' is not a power absorber level: off, standard or "
                          "reinforced (D10.22)"),
])
def test_a_word_not_allowed_names_the_allowed_words_and_the_rule(record, expected):
    """Not pydantic's "Input should be ...", and not the energy hint for a weapon's action."""
    with pytest.raises(EnergyFileError) as info:
        allocation_from_dict({"ship": "FED-CA", **record})
    assert info.value.problems == [expected]


def test_bad_json_and_missing_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"ship": "FED-CA",\n "turn": }')
    with pytest.raises(EnergyFileError) as info:
        load_energy_file(bad)
    assert "is not valid JSON (line 2, column" in info.value.problems[0]
    with pytest.raises(EnergyFileError) as info:
        load_energy_file(tmp_path / "none.json")
    assert "cannot be read" in info.value.problems[0]
    with pytest.raises(EnergyFileError):
        loads("[1, 2]")


def test_state_names_unknown_boxes(lib):
    f = allocation_from_dict({"ship": "FED-CA", "state": {"destroyed": ["warp#99"],
                                                          "weapons": []}})
    with pytest.raises(EnergyFileError) as info:
        f.start_state(lib.get("FED-CA"))
    assert "warp#99" in info.value.problems[0]
    g = allocation_from_dict({"ship": "FED-CA", "state": {"weapons": [{"box": "phaser#1"}]}})
    with pytest.raises(EnergyFileError):
        g.start_state(lib.get("FED-CA"))


def test_canonical_json_is_stable(lib):
    ca = lib.get("FED-CA")
    a = template(ca, initial_state(ca))
    text = canonical(a)
    assert text == canonical(allocation_from_dict(json.loads(text)).allocation)
    assert " " not in text.replace('"note":""', "")
    assert allocation_to_dict(a)["speed_plot"] == [[1, 16]]
