"""sfb-desk-cli scenarios / scenario, called through sfb_desk.cli.main."""

from __future__ import annotations

import re

import json
import shutil
from pathlib import Path

from sfb_desk.cli import main
from sfb_desk.data import paths

BUNDLED_IDS = sorted(p.stem for p in (paths.ssd_data_dir() / "scenarios").glob("*.toml"))
BROKEN = Path(__file__).parent / "data" / "broken_scenarios"


def test_scenarios_lists_id_title_rule_and_playable(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["ID", "RULE", "ORIGIN", "PLAYABLE", "TITLE"]
    rows = {line.split()[0]: line.split() for line in out[1 : 1 + len(BUNDLED_IDS)]}
    assert sorted(rows) == BUNDLED_IDS
    assert rows["SH19"][:4] == ["SH19", "SH19.0", "rulebook", "yes"]
    assert rows["SG22"][:4] == ["SG22", "SG22.0", "rulebook", "no"]
    assert rows["SG1"][:4] == ["SG1", "SG1.0", "reconstructed", "yes"]
    assert rows["PRACTICE-CA-D7"][:4] == ["PRACTICE-CA-D7", "-", "practice", "yes"]
    count = out[1 + len(BUNDLED_IDS)]
    playable = [r for r in rows.values() if r[3] == "yes"]
    assert count == f"{len(playable)} of {len(BUNDLED_IDS)} scenarios playable"
    reasons = {r.split()[0]: r for r in out[2 + len(BUNDLED_IDS) :]}
    assert sorted(reasons) == sorted(i for i, r in rows.items() if r[3] == "no")
    assert "ships to complete in the ship designer: GEN-F-S: no ship file" in reasons["SG22"]


def test_scenarios_json(capsys):
    assert main(["scenarios", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(d["id"] for d in data) == BUNDLED_IDS
    sm5 = next(d for d in data if d["id"] == "SM5")
    file = sm5.pop("file")
    assert file.endswith("ssd_data/scenarios/SM5.toml")
    assert {k: sm5[k] for k in ("id", "title", "rule", "origin", "missing")} == {
        "id": "SM5", "title": "The Sunsnake", "rule": "SM5.0", "origin": "rulebook",
        "missing": [],
    }  # fmt: skip
    sg22 = next(d for d in data if d["id"] == "SG22")
    assert sg22["playable"] is False
    assert {"ship": "GEN-F-S", "printed": "Small freighter (Basic Set)",
            "missing": "no ship file", "exists": False} in sg22["missing"]
    for d in data:
        assert d["playable"] == (not d["missing"] and not d["reason"])


def test_scenario_shows_one_in_full_ignoring_case(capsys):
    assert main(["scenario", "sh19"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SH19: The Mighty Hood Goes Down (SH19.0)\n  rulebook scenario\n")
    assert "  from Captain's Advanced Missions\n" in out
    assert "Hood: FED-CA (refits R, +, a), in 1820, heading A, speed 4, WS-I, BPV 143" in out
    assert "Challenger: KLI-D7 (refits B), in 0128, heading B, speed max, WS-III, BPV 128" in out
    assert "Hood disengages crippled = Draw" in out
    assert "Rules         drone_speed 20" in out


#: Where a fact came from, which the normal view never shows (only --details).
SOURCE_WORDS = re.compile(r"L\d+|\blines? \d|\.json|decisions\.md|seed|\.toml", re.IGNORECASE)


def test_scenario_normal_view_never_says_where_facts_came_from(capsys):
    """Every library scenario in the rulebook's terms: no rulebook line numbers, file names or
    the program's notes file; --details (or --sources) shows them."""
    from sfb_desk.commands.scenarios import describe_scenario
    from sfb_desk.data.library import load_library
    from sfb_desk.data.scenarios import load_scenarios

    ships = load_library()
    for scenario in load_scenarios(ships=ships).sorted():
        text = "\n".join(describe_scenario(scenario, ships, "ssd_data/scenarios/x.toml"))
        found = SOURCE_WORDS.findall(text)
        assert not found, (scenario.id, found)
    assert main(["scenario", "SM5"]) == 0
    out = capsys.readouterr().out
    assert not SOURCE_WORDS.search(out) and "(SM5.2)" in out
    assert main(["scenario", "SM5", "--details"]) == 0
    out = capsys.readouterr().out
    assert "source: Captain's Advanced Missions, lines 10319-10413" in out
    assert "L10331-10339 SM5.2 set-up" in out and "file ssd_data/scenarios/SM5.toml" in out
    assert main(["scenario", "SG1", "--sources"]) == 0
    assert "reference/core_ships.json" in capsys.readouterr().out


def test_ship_normal_view_never_says_where_facts_came_from(capsys):
    from sfb_desk.commands.ships import describe_ship
    from sfb_desk.data.library import load_library

    for spec in load_library().search():
        text = "\n".join(describe_ship(spec, "ssd_data/ships/x.toml"))
        found = SOURCE_WORDS.findall(text)
        assert not found, (spec.id, found)
    assert main(["ship", "KLI-F5M"]) == 0
    out = capsys.readouterr().out
    assert "ADD HAS 6 ROUNDS PRIOR TO Y175." in out and "Sources       shown with --details" in out
    assert main(["ship", "KLI-F5M", "--details"]) == 0
    out = capsys.readouterr().out
    assert "L16175: ADD HAS 6 ROUNDS" in out and "file ssd_data/ships/KLI-F5M.toml" in out


def test_scenario_shows_why_it_is_not_playable(capsys):
    assert main(["scenario", "SG22"]) == 0
    out = capsys.readouterr().out
    assert "Playable      no: ships to complete in the ship designer: GEN-F-S: no ship file" in out
    assert "FED-POL, in 2515, heading F, speed 0, WS-III, BPV 40" in out
    assert "flags: inert, cannot_fire, cannot_be_fired_on, cannot_be_boarded" in out


def test_reconstructed_and_practice_are_labelled(capsys):
    assert main(["scenario", "SG1"]) == 0
    assert "RECONSTRUCTED by SFB Desk" in capsys.readouterr().out
    assert main(["scenario", "practice-ca-d7"]) == 0
    assert "SFB Desk practice set-up, not a rulebook scenario" in capsys.readouterr().out


def test_scenario_json(capsys):
    assert main(["scenario", "SM5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scenario"]["id"] == "SM5"
    assert data["unit_keys"] == ["FED-CA", "Sun Snake"]
    assert data["sides"][0]["units"][0]["hex"] == "2330"
    assert data["file"].endswith("SM5.toml")


def test_unknown_scenario_exits_1_with_suggestions(capsys):
    assert main(["scenario", "SM55"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no scenario 'SM55'" in captured.err and "did you mean SM5" in captured.err


def test_a_bad_user_file_is_reported_and_the_rest_listed(capsys):
    folder = paths.user_data_dir() / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(BROKEN / "weapon_status_out_of_range.toml", folder / "MINE.toml")
    assert main(["scenarios"]) == 0
    captured = capsys.readouterr()
    assert "MINE.toml:52: sides[0].units[0].weapon_status: weapon status 4 is out of range" in (
        captured.err
    )
    assert "SH19" in captured.out
