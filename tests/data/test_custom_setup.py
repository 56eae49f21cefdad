"""A game set up by hand (sfb_desk/data/custom_setup.py): every problem, and a set-up that plays."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.data.custom_setup import (
    CustomSetupError,
    UnitEntry,
    check_entries,
    entries_from_scenario,
    entry_notes,
    monster_sides,
    refusal_of_ship,
    setup_from_entries,
    ship_max_speed,
)
from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import FLOATING_MAP, STANDARD_MAP, hex_from_label

ENT = UnitEntry("FED-CA", "ENT", "Federation", "2220", "A", 8, 2)
KRT = UnitEntry("KLI-D7", "KRT", "Klingon", "2210", "D", 8, 2)
_LIBRARY = load_library()  # for the hypothesis test (fixtures are not reset between examples)


@pytest.fixture(scope="module")
def library():
    return _LIBRARY


@pytest.fixture(scope="module")
def scenarios(library):
    return load_scenarios(ships=library)


def problems_of(entries, library, **kw):
    return check_entries(entries, library, **kw)


def only(problems, field):
    found = [p for p in problems if p.field == field]
    assert found, f"no {field} problem in {problems}"
    return found


# -- a valid set-up ---------------------------------------------------------------------------


def test_valid_entries_have_no_problems(library):
    assert problems_of([ENT, KRT], library) == []


def test_setup_places_the_units(library):
    setup = setup_from_entries([ENT, KRT], library, turns=3, dice_seed=7)
    units = {u.id: u for u in setup.state.units}
    assert set(units) == {"ENT", "KRT"}
    assert units["ENT"].hex == hex_from_label("2220") and units["ENT"].facing == 0
    assert units["KRT"].hex == hex_from_label("2210") and units["KRT"].facing == 3
    assert units["ENT"].side == "Federation" and units["KRT"].side == "Klingon"
    assert units["ENT"].speed == units["KRT"].speed == 8
    assert setup.state.last_turn == 3 and setup.state.dice_seed == 7
    assert setup.state.map == STANDARD_MAP  # a unit leaving it has disengaged (C7.0)
    assert {r.id for r in setup.combat.ships} == {"ENT", "KRT"}
    assert set(setup.specs) == {"FED-CA", "KLI-D7"}


def test_floating_map_and_no_limit(library):
    setup = setup_from_entries([ENT, KRT], library, turns=None, dice_seed=None,
                               map_kind="floating")
    assert setup.state.map == FLOATING_MAP and setup.state.last_turn is None


def test_same_path_as_a_scenario_file(library, scenarios):
    """A scenario's entries set up exactly as units_from_scenario sets up the file."""
    scenario = scenarios.get("PRACTICE-CA-D7-FIXED")
    entries, problems = entries_from_scenario(scenario, library)
    assert problems == []
    ours = setup_from_entries(entries, library, turns=3, dice_seed=1, map_kind="fixed")
    theirs = units_from_scenario(scenario, library, turns=3, dice_seed=1)
    assert [(u.id, u.side, u.hex, u.facing, u.speed, u.prev_plot) for u in ours.state.units] == [
        (u.id, u.side, u.hex, u.facing, u.speed, u.prev_plot) for u in theirs.state.units]
    assert ours.combat == theirs.combat


def test_a_valid_setup_plays_to_the_end(library):
    """Three ships, three sides, two sharing a hex: turn 1 runs to the end of the game."""
    hydran = UnitEntry("HYD-RN", "Hydra One", "Hydran", "2210", "C", 8, 0)
    entries = [ENT, KRT, hydran]
    setup = setup_from_entries(entries, library, turns=1, dice_seed=5)
    session = Session(setup.state, setup.combat, setup.specs)
    plots = Scripted([At(f"T1.ea.{e.unit_id}", {"speed_plot": e.speed}) for e in entries])
    refusal = session.run(Chain(plots, SeededDice(), Defaults()))
    assert refusal is None
    assert session.pending is None  # the game is over after its last turn
    moved = {u.id: u.hex for u in session.state.units}
    assert all(moved[e.unit_id] != hex_from_label(e.hex) for e in entries)


# -- every problem ----------------------------------------------------------------------------


def test_unknown_ship(library):
    (p,) = only(problems_of([replace(ENT, ship="FED-CAX"), KRT], library), "ship")
    assert p.row == 0 and "no ship class 'FED-CAX'" in str(p) and "did you mean" in str(p)


def test_no_ship_chosen(library):
    assert only(problems_of([replace(ENT, ship=""), KRT], library), "ship")


def test_incomplete_ship_refused(library):
    spec = next(s for s in library.ships.values() if not s.complete)
    (p,) = only(problems_of([replace(ENT, ship=spec.id), KRT], library), "ship")
    assert "incomplete" in p.message and spec.missing[0] in p.message
    assert refusal_of_ship(spec) == p.message
    assert refusal_of_ship(library.get("FED-CA")) is None


def test_duplicate_unit_id(library):
    (p,) = only(problems_of([ENT, replace(KRT, unit_id="ENT")], library), "unit_id")
    assert p.row == 1 and "already used by unit 1" in p.message


@pytest.mark.parametrize("uid", ["", "  ", "EN.T", "E#1", "(ENT)", "x" * 25])
def test_unusable_unit_id(library, uid):
    (p,) = only(problems_of([replace(ENT, unit_id=uid), KRT], library), "unit_id")
    assert p.row == 0


def test_unit_ids_with_spaces_and_dashes_are_fine(library):
    assert problems_of([replace(ENT, unit_id="USS Hood-2"), KRT], library) == []


def test_only_one_side(library):
    (p,) = only(problems_of([ENT, replace(KRT, side="Federation")], library), "sides")
    assert p.row is None and p.rule == "S2.20" and "'Federation'" in p.message


def test_no_units(library):
    (p,) = only(problems_of([], library), "units")
    assert p.rule == "S2.20"


def test_side_needs_a_name(library):
    problems = problems_of([ENT, replace(KRT, side="")], library)
    assert only(problems, "side")[0].row == 1
    assert only(problems, "sides")  # and then only one side is named


def test_hex_unreadable(library):
    (p,) = only(problems_of([replace(ENT, hex="22x0"), KRT], library), "hex")
    assert "bad hex label" in p.message and "CCRR" in p.message


def test_hex_missing(library):
    assert only(problems_of([replace(ENT, hex=""), KRT], library), "hex")


@pytest.mark.parametrize("label", ["4331", "0031", "2200", "4301"])
def test_hex_off_the_fixed_map(library, label):
    (p,) = only(problems_of([replace(ENT, hex=label), KRT], library), "hex")
    assert p.rule == "C7.0" and "off the fixed 42x30 map" in p.message
    assert problems_of([replace(ENT, hex=label), KRT], library, map_kind="floating") == []


def test_two_units_in_one_hex_is_legal(library):
    entries = [ENT, replace(KRT, hex=ENT.hex)]
    assert problems_of(entries, library) == []
    (note,) = entry_notes(entries)
    assert "ENT and KRT" in note and "2220" in note and "D3.42" in note
    setup = setup_from_entries(entries, library, turns=1, dice_seed=1)
    assert {u.hex for u in setup.state.units} == {hex_from_label("2220")}


@pytest.mark.parametrize("facing", ["", "G", "a", "1"])
def test_bad_facing(library, facing):
    (p,) = only(problems_of([replace(ENT, facing=facing), KRT], library), "facing")
    assert "A to F" in p.message


def test_speed_not_chosen_or_negative(library):
    assert only(problems_of([replace(ENT, speed=None), KRT], library), "speed")
    assert only(problems_of([replace(ENT, speed=-1), KRT], library), "speed")


@pytest.mark.parametrize("ship", ["HYD-RN", "ROM-WE", "FED-CA", "FED-FF"])
def test_speed_above_the_ships_maximum(library, ship):
    spec = library.get(ship)
    top = ship_max_speed(spec)
    assert top <= 31  # C2.112
    fine = [replace(ENT, ship=ship, speed=top), KRT]
    assert problems_of(fine, library) == []
    (p,) = only(problems_of([replace(ENT, ship=ship, speed=top + 1), KRT], library), "speed")
    assert p.rule == "C12.384, C2.112" and f"at most speed {top}" in p.message


def test_slow_ships_have_a_lower_maximum(library):
    """C12.384: warp / movement cost + 1; the Romulan WE has 20 warp at movement cost 1."""
    we = library.get("ROM-WE")
    assert ship_max_speed(we) == int(we.warp_boxes / we.move_cost) + 1 < 31


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["FED-CA", "KLI-D7", "HYD-RN", "ROM-WE", "KZI-CS", "ORI-LR"]),
       st.integers(0, 40))
def test_speed_problem_exactly_above_the_maximum(ship, speed):
    library = _LIBRARY
    problems = [p for p in check_entries([replace(ENT, ship=ship, speed=speed), KRT], library)
                if p.field == "speed"]
    assert bool(problems) == (speed > ship_max_speed(library.get(ship)))


@pytest.mark.parametrize("status", [None, -1, 4])
def test_weapon_status(library, status):
    (p,) = only(problems_of([replace(ENT, weapon_status=status), KRT], library),
                "weapon_status")
    assert p.rule == "S4.0"


def test_turns(library):
    (p,) = only(problems_of([ENT, KRT], library, turns=0), "turns")
    assert p.row is None


def test_every_problem_at_once_is_listed_not_raised(library):
    bad = [UnitEntry("NOPE", "", "", "99x", "Q", None, None), replace(KRT, unit_id="KRT")]
    problems = problems_of(bad, library)
    fields = {p.field for p in problems if p.row == 0}
    assert fields == {"ship", "unit_id", "side", "hex", "facing", "speed", "weapon_status"}
    with pytest.raises(CustomSetupError) as raised:
        setup_from_entries(bad, library, turns=3, dice_seed=1)
    assert raised.value.problems == problems
    assert "Unit 1, hex" in str(raised.value)


def test_problem_text_names_row_field_and_rule(library):
    (p,) = problems_of([replace(ENT, speed=40), KRT], library)
    assert str(p).startswith("Unit 1, speed: ") and str(p).endswith("(C12.384, C2.112)")


def test_unknown_map_kind_is_a_programming_error(library):
    with pytest.raises(ValueError, match="map_kind"):
        check_entries([ENT, KRT], library, map_kind="round")


# -- from scenarios ---------------------------------------------------------------------------


def test_the_duel_leaves_weapon_status_to_roll(library, scenarios):
    entries, problems = entries_from_scenario(scenarios.get("SG1"), library)
    assert problems == []
    assert [(e.ship, e.side) for e in entries] == [("FED-CA", "Federation"),
                                                   ("KLI-D7", "Klingon")]
    assert all(e.weapon_status is None for e in entries)  # "roll" (S4.0, U3.32)
    assert {p.field for p in check_entries(entries, library, map_kind="floating")} == {
        "weapon_status"}
    rolled = [replace(e, weapon_status=3) for e in entries]
    setup = setup_from_entries(rolled, library, turns=None, dice_seed=2, map_kind="floating")
    assert [u.hex.label for u in setup.state.units] == [e.hex for e in entries]


def test_speed_max_is_the_ships_maximum(library, scenarios):
    scenario = scenarios.get("SH19")
    entries, _ = entries_from_scenario(scenario, library)
    maxed = [u for _, u in scenario.units() if u.speed == "max"]
    assert maxed
    for unit in maxed:
        entry = next(e for e in entries if e.unit_id == unit.name)
        assert entry.speed == ship_max_speed(library.get(unit.ship))


def test_players_choice_facing_and_monsters(library, scenarios):
    # SM5: the Sun Snake is run by the battlefield steps (not a row); the CA's facing is chosen
    sm5 = scenarios.get("SM5")
    entries, problems = entries_from_scenario(sm5, library)
    assert [e.facing for e in entries] == [""] and problems == []
    assert monster_sides(sm5) == ["Sun Snake"]
    chosen = [replace(e, facing="A") for e in entries]
    assert check_entries(chosen, library, other_sides=monster_sides(sm5)) == []
    setup = setup_from_entries(chosen, library, turns=None, dice_seed=1, scenario=sm5)
    assert [m.kind for m in setup.combat.battlefield.monsters] == ["Sun Snake"]
    # SM7's Space Dragon is a unit of the Dragon player's side (SM7.1), set up with the game
    sm7 = scenarios.get("SM7")
    entries, problems = entries_from_scenario(sm7, library)
    assert problems == [] and [e.ship for e in entries] == ["FED-CA"]
    assert monster_sides(sm7) == ["Space Dragon"]
    setup = setup_from_entries(entries, library, turns=None, dice_seed=1, scenario=sm7)
    dragon = setup.state.unit("Space Dragon")
    assert (dragon.hex.label, dragon.speed, dragon.spec_id) == ("4201", 25, "MON-DRAGON-ADULT")
    assert [d.record.age for d in setup.combat.battlefield.dragons] == ["adult"]


def test_unplayable_scenario_says_why(library, scenarios):
    scenario = next(s for s in scenarios if not s.status.playable)
    _, problems = entries_from_scenario(scenario, library)
    assert any(p.field == "scenario" and scenario.status.reason.rstrip(". ") in p.message
               for p in problems)


def test_repeated_ships_get_their_own_ids(library, scenarios):
    scenario = scenarios.get("PRACTICE-CA-D7")
    base = scenario.model_dump()
    base["sides"][1]["units"].append(dict(base["sides"][1]["units"][0]))
    doubled = type(scenario).model_validate(base)
    entries, _ = entries_from_scenario(doubled, library)
    assert [e.unit_id for e in entries] == ["FED-CA", "KLI-D7", "KLI-D7-2"]


def test_module_c2_fleet_limits_are_set_up_notes():
    """E11.17: a flagship brings its own PPDs (at most 4) plus one per three other ships; three
    ISC dreadnoughts (12 PPDs) are over the limit of 4 + 1 = 5. E12.16 for web casters."""
    library = load_library()
    isc = [UnitEntry("ISC-DN", f"DN{k}", "ISC", f"22{10 + k}") for k in range(3)]
    tho = [UnitEntry("THO-NDN", f"ND{k}", "Tholian", f"12{10 + k}") for k in range(2)]
    notes = entry_notes(isc + tho, library)
    assert any("ISC fields 12 PPDs" in n and "(E11.17)" in n and "is 5" in n for n in notes)
    assert any("Tholian fields 6 web casters" in n and "(E12.16)" in n and "is 4" in n
               for n in notes)
    assert entry_notes(isc[:1], library) == []  # one dreadnought: its 4 PPDs are allowed
