"""A robot duel or battle with a ship that has no combat BPV (the reconstructed Module C2
classes, or any ship file without one) ends with every figure but the victory: the result
says "victory not scored" and why, never a traceback (S2.20 scores by BPV; S2.21's category
needs none)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from robot_games import library

from sfb_desk.cli import main
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.robot import play_duel
from sfb_desk.robot.battle import play_battle
from sfb_desk.robot.series import summarise, summary_lines


def without_bpv(ship_id: str = "FED-CA") -> ShipLibrary:
    """The ship library with ``ship_id``'s combat BPV unknown."""
    lib = library()
    spec = replace(lib.get(ship_id), bpv_combat=None)
    return ShipLibrary(ships={**lib.ships, spec.id: spec}, files=dict(lib.files))


def test_a_duel_without_a_bpv_gives_its_figures_and_says_victory_is_not_scored():
    result = play_duel("FED-CA", "KLI-D7", seed=1, turns=1, library=without_bpv())
    assert result.victory_levels is None and result.points is None and result.winner is None
    assert result.unscored.startswith("victory not scored")
    assert "FED-CA: no combat BPV" in result.unscored
    assert result.explain == (result.unscored,)
    a, b = result.ships
    assert result.turns_played == 1 and (a.ship, b.ship) == ("FED-CA", "KLI-D7")
    session = result.session
    for s in (a, b):  # the other figures are the game's
        assert s.internal == session.combat.ship(s.id).internal_points
        assert s.category in ("", "internal damage", "crippled", "destroyed",
                              "forced to disengage")
    assert result.unscored in result.line() and "wins" not in result.line()
    doc = result.to_json()
    assert doc["victory_levels"] is None and doc["unscored"] == result.unscored


def test_the_spread_counts_unscored_duels_apart_from_draws():
    scored = play_duel("FED-CA", "KLI-D7", seed=1, turns=1, library=library())
    unscored = play_duel("FED-CA", "KLI-D7", seed=1, turns=1, library=without_bpv())
    (row,) = summarise([scored, unscored])
    assert row["duels"] == 2 and row["errors"] == 0 and row["unscored"] == 1
    assert row["win_a"] + row["win_b"] + row["draw"] == 0.5
    assert "victory not scored 1" in summary_lines([row])[0]


def test_a_robot_battle_without_a_bpv_has_no_victory_but_every_ship():
    unit = {"ship": "FED-CA", "name": "Enterprise", "hex": "2210", "facing": "D", "speed": 8,
            "weapon_status": 2}
    scenario = Scenario.model_validate({
        "format": "sfb-desk-scenario", "format_version": 1,
        "scenario": {"id": "PRACTICE-NO-BPV", "title": "A cruiser without a BPV",
                     "origin": "practice"},
        "status": {"playable": True}, "map": {"kind": "floating"}, "length": {"turns": 1},
        "sides": [{"name": "Federation", "units": [unit]},
                  {"name": "Klingon", "units": [dict(unit, ship="KLI-D7", name="Kahless",
                                                     hex="2216", facing="A")]}],
        "victory": {"kind": "standard", "text": "Standard Victory Conditions (S2.20)"},
    })
    run = play_battle(scenario, seed=2, library=without_bpv())
    assert run.victory is None and [s["unit"] for s in run.ships] == ["Enterprise", "Kahless"]
    assert run.result()["victory"] is None


@pytest.mark.parametrize("json_out", [False, True])
def test_the_cli_duel_says_victory_is_not_scored(monkeypatch, capsys, json_out):
    import sfb_desk.commands.duel as duel_command

    monkeypatch.setattr(duel_command, "load_library", without_bpv)
    args = ["duel", "FED-CA", "KLI-D7", "--turns", "1"] + (["--json"] if json_out else [])
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "victory not scored" in out and "FED-CA: no combat BPV in the ship file" in out


def test_the_reconstructed_module_c2_interceptor_duels_to_the_end(capsys):
    """The QA report's command: whether or not AND-INT has a BPV, a result, no traceback."""
    assert main(["duel", "AND-INT", "FED-CA", "--turns", "1"]) == 0
    assert capsys.readouterr().out.startswith("AND-INT (captain) v FED-CA (captain)")
