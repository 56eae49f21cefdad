"""The scenario library (sfb_desk.data.scenarios): user folder, bad files, ids, victory glue."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from sfb_desk.data import paths
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import locate_line, parse_scenario_text
from sfb_desk.data.scenarios import (
    CannotScore,
    load_scenarios,
    score,
    unit_bpv,
    unit_keys,
    victory_inputs,
)
from sfb_desk.rules.victory import ShipOutcome

HERE = Path(__file__).parent
BASE = HERE / "broken_scenarios" / "_base.toml"
BUNDLED = paths.ssd_data_dir() / "scenarios"


@pytest.fixture(scope="module")
def ships() -> ShipLibrary:
    return load_library()


def _user_folder() -> Path:
    folder = paths.user_data_dir() / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_default_folders_are_bundled_then_user(ships):
    library = load_scenarios(ships=ships)
    assert "SH19" in library and "sh19" in library and 42 not in library
    assert library.files["SH19"].parent == BUNDLED


def test_get_ignores_case_and_names_close_ids(ships):
    library = load_scenarios([BUNDLED], ships)
    assert library.get(" sm5 ").id == "SM5"
    with pytest.raises(KeyError, match=r"no scenario 'SH91' .*did you mean SH19"):
        library.get("SH91")


def test_one_bad_user_file_never_stops_the_others(ships):
    folder = _user_folder()
    shutil.copy(HERE / "broken_scenarios" / "bad_facing.toml", folder / "BAD.toml")
    shutil.copy(BASE, folder / "SG99.toml")
    (folder / "binary.toml").write_bytes(b"\xff\xfe")
    library = load_scenarios(ships=ships)
    assert "SG99" in library and "SH19" in library
    assert sorted(Path(p.file).name for p in library.problems) == ["BAD.toml", "binary.toml"]
    assert any("unknown facing 'G'" in p.message for p in library.problems)


def test_a_user_file_replaces_the_bundled_scenario(ships):
    text = (BUNDLED / "SH19.toml").read_text(encoding="utf-8")
    (_user_folder() / "my-hood.toml").write_text(
        text.replace("The Mighty Hood Goes Down", "My Hood"), encoding="utf-8"
    )
    library = load_scenarios(ships=ships)
    assert library.get("SH19").title == "My Hood"
    assert library.overridden["SH19"] == BUNDLED / "SH19.toml"


def test_two_files_with_one_id_in_one_folder(tmp_path, ships):
    shutil.copy(BASE, tmp_path / "a.toml")
    shutil.copy(BASE, tmp_path / "b.toml")
    library = load_scenarios([tmp_path], ships)
    assert list(library.scenarios) == ["SG99"]
    (problem,) = library.problems
    assert problem.field == "scenario.id" and problem.file.endswith("b.toml")
    assert "duplicate id 'SG99'" in problem.message


def test_sorting_puts_rulebook_numbers_in_order_and_practice_last(ships):
    ids = [s.id for s in load_scenarios([BUNDLED], ships).sorted()]
    assert ids[:6] == ["SG1", "SG2.64", "SG2.66", "SG10", "SG11", "SG12"]
    assert ids.index("SH6") < ids.index("SH11") < ids.index("SM5") < ids.index("T7S1") < ids.index(
        "T7S3")
    assert all(i.startswith("PRACTICE-") for i in ids[-3:])


def test_locate_line_finds_nested_array_tables():
    text = BASE.read_text(encoding="utf-8")
    assert locate_line(text, ("sides", 1, "units", 1, "speed")) == 70
    assert locate_line(text, ("sides", 1, "units", 0)) == 58
    assert locate_line(text, ("sides", 1, "units", 0, "refits")) == 58  # absent: the header
    assert locate_line(text, ("victory", "bonus", 0, "points")) == 79
    assert locate_line(text, ("format_version",)) == 3
    assert locate_line(text, ("nowhere",)) is None


# --- Units and BPV ------------------------------------------------------------------------------


def _base(ships: ShipLibrary, **replace: str):
    text = BASE.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    return parse_scenario_text(text, "base.toml", ships)


def test_unit_keys_are_names_or_numbered_ship_ids(ships):
    scenario = _base(ships, **{'name = "Challenger"\n': "", 'ship = "KLI-D6"': 'ship = "KLI-D7"'})
    assert unit_keys(scenario) == ["Hood", "KLI-D7", "KLI-D7 2"]


def test_unit_bpv_from_the_library_the_refits_or_the_scenario(ships):
    scenario = _base(ships)
    hood, d7, d6 = (u for _, u in scenario.units())
    assert unit_bpv(hood, ships) == (129, "FED-CA 125, R +4")
    assert unit_bpv(d7, ships) == (121, "KLI-D7 121")
    assert unit_bpv(d6, ships, "economic")[0] is None
    given = _base(ships, **{'speed = 12': 'speed = 12\nbpv = 99'})
    assert unit_bpv(given.sides[1].units[1], ships) == (99, "the scenario's BPV")
    uim = _base(ships, **{'name = "Challenger"': 'name = "Challenger"\nrefits = ["UIM"]'})
    assert unit_bpv(uim.sides[1].units[0], ships) == (126, "KLI-D7 121, UIM +5")  # R3.31
    k = _base(ships, **{'name = "Challenger"': 'name = "Challenger"\nrefits = ["K"]'})
    assert unit_bpv(k.sides[1].units[0], ships) == (
        None, "KLI-D7 refit 'K': BPV change not known",
    )  # fmt: skip


# --- Scoring a scenario -------------------------------------------------------------------------


def test_score_the_base_scenario(ships):
    """Federation CA+R (129) against D7 (121) and D6 (113): 234 BPV.

    Federation: weaker force 234 - 129 = 105 (S2.20 A); the D6 destroyed, 113; the D7 forced
    to disengage, 25% of 121 = 30.25 -> 30 (S2.24): 248. Klingon: the SG99.5 bonus 25; the
    Federation's options 20 (S2.20 B); the CA crippled, 50% of 129 = 64.5 -> 65: 110.
    248 / 110 = 225% (Substantive victory); 110 / 248 = 44% (Brutal defeat).
    """
    scenario = _base(ships)
    outcomes = {
        "Hood": ShipOutcome(crippled=True),
        "Challenger": ShipOutcome(disengaged=True, disengaged_turn=5, internal_points=4),
        "KLI-D6": ShipOutcome(destroyed=True),
    }
    result = score(scenario, ships, outcomes, {"Federation": 20})
    assert [(x.side, x.points, x.rule) for x in result.lines] == [
        ("Federation", 105, "S2.20 A"),
        ("Klingon", 20, "S2.20 B"),
        ("Klingon", 25, "SG99.5"),
        ("Klingon", 65, "S2.21"),
        ("Federation", 30, "S2.21"),
        ("Federation", 113, "S2.21"),
    ]
    fed, kli = result.side("Federation"), result.side("Klingon")
    assert (fed.points, kli.points) == (248, 110)
    assert (fed.level, kli.level) == ("Substantive victory", "Brutal defeat")
    assert fed.ratio_percent == Fraction(24800, 110)


def test_crippled_from_destroyed_boxes_uses_the_ship_class(ships):
    scenario = _base(ships)
    warp = [f"{s}_warp#{i}" for s in ("left", "right") for i in range(1, 16)]
    outcome = ShipOutcome(destroyed_boxes=frozenset(warp[:27]))
    result = score(scenario, ships, {"Challenger": outcome})
    (status,) = [s for s in result.ships if s.key == "Challenger"]
    assert status.category == "crippled"
    assert "3 of 30 warp boxes left" in status.crippled_reasons[0]


def test_task_and_unscorable_scenarios(ships):
    library = load_scenarios([BUNDLED], ships)
    with pytest.raises(CannotScore, match="SH19.5: task victory conditions"):
        score(library.get("SH19"), ships, {})
    # the D5 Reaper, the Cortez and its Cobra score with the library's KLI-D5, AND-CON, AND-COB
    inputs = victory_inputs(library.get("SH46"), ships)
    assert inputs.problems == ()
    assert {s.key: (s.bpv, s.spec.id) for s in inputs.ships if s.key in ("Reaper", "Cortez")} \
        == {"Reaper": (110, "KLI-D5"), "Cortez": (125, "AND-CON")}
    assert "S2.201" in inputs.notes[0]
    with pytest.raises(CannotScore, match="unknown side"):
        score(_base(ships), ships, {}, {"Romulan": 10})


def test_modified_victory_is_scored_as_standard_with_a_note(ships):
    scenario = _base(ships, **{'kind = "standard"': 'kind = "modified"'})
    result = score(scenario, ships, {})
    assert result.notes and "scores them by the Standard Victory Conditions (S2.20)" in (
        result.notes[0])
    # S2.201 option "table": the same S2.20 points, offered as a guide only (decisions.md S2.201)
    guide = score(scenario, ships, {}, modified="table")
    assert [s.points for s in guide.sides] == [s.points for s in result.sides]
    assert "a guide only" in guide.notes[0]
    with pytest.raises(ValueError, match="unknown S2.201 option"):
        score(scenario, ships, {}, modified="house")


def test_bundled_standard_scenarios_score(ships):
    library = load_scenarios([BUNDLED], ships)
    sg1 = score(library.get("SG1"), ships, {"KLI-D7": ShipOutcome(internal_points=1)})
    # CA 125 against D7 121: the Klingons get 4 (S2.20 A); the D7's internals give 12.1 -> 12.
    assert [(s.side, s.points) for s in sg1.sides] == [("Federation", 12), ("Klingon", 4)]
    assert sg1.side("Federation").level == "Decisive victory"  # 300%
