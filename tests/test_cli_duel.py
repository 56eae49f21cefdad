"""sfb-desk-cli duel / duels, called through sfb_desk.cli.main."""

from __future__ import annotations

import json

import pytest

from sfb_desk.cli import main
from sfb_desk.data.saves import load_game
from sfb_desk.engine.log import REFUSED


def test_duel_prints_turns_damage_and_victory_level(capsys):
    assert main(["duel", "FED-CA", "KLI-D7", "--seed", "2", "--turns", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FED-CA (captain) v KLI-D7 (captain) seed 2: ")
    assert "turn(s)" in out[0] and ("Federation: " in out[0])
    assert out[1].startswith("  FED-CA (Federation, captain): ") and "internal" in out[1]
    assert out[2].startswith("  KLI-D7 (Klingon, captain): ")
    assert any(line.startswith("  Federation: ") and "(S2.3)" in line for line in out)
    assert any(line.startswith("  Klingon: ") and "(S2.3)" in line for line in out)


def test_duel_json_has_the_outcome_and_both_levels(capsys):
    assert main(["duel", "fed-ff", "kli-f5", "--seed", "1", "--turns", "2",
                 "--levels", "cadet", "commodore", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["ship_a"] == "FED-FF" and doc["ship_b"] == "KLI-F5"
    assert doc["levels"] == ["cadet", "commodore"] and doc["seed"] == 1
    assert 1 <= doc["turns_played"] <= 2
    assert doc["ended"] in ("turn limit", "destroyed", "disengaged", "no power")
    assert doc["winner"] in ("A", "B", None)
    assert [s["id"] for s in doc["ships"]] == ["FED-FF", "KLI-F5"]
    for s in doc["ships"]:
        assert {"internal", "boxes", "shield_boxes", "destroyed", "crippled",
                "category"} <= set(s)
    assert len(doc["victory_levels"]) == 2 and doc["victory"]


def test_duel_log_is_a_save_that_loads_and_replays(tmp_path, capsys):
    path = tmp_path / "duel.sfbsave"
    assert main(["duel", "KLI-D7", "ROM-KR", "--seed", "1", "--turns", "2", "--json",
                 "--log", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    session = load_game(path)  # replays the log and checks the saved state
    assert not [r for r in session.log if r.kind == REFUSED]
    assert session.state.turn == (doc["turns_played"] + 1 if doc["ended"] == "turn limit"
                                  else doc["turns_played"])
    internal = {r.id: r.internal_points for r in session.combat.ships}
    assert internal == {s["id"]: s["internal"] for s in doc["ships"]}


def test_mirror_duel_names_the_ships_apart(capsys):
    assert main(["duel", "KLI-F5", "KLI-F5", "--turns", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["id"] for s in doc["ships"]] == ["KLI-F5-A", "KLI-F5-B"]
    assert doc["sides"] == ["Klingon A", "Klingon B"]


@pytest.mark.parametrize(("argv", "message"), [
    (["duel", "FED-CA", "NOPE-X"], "no ship class 'NOPE-X'"),
    (["duel", "FED-CA", "THO-CA"], "THO-CA is incomplete"),
    (["duel", "FED-CA", "THO-CA"], "complete it in Library ▸ Complete from your SSD book"),
    (["duel", "FED-CA", "KLI-D7", "--seed", "-3"], "seed is a whole number >= 0"),
    (["duel", "FED-CA", "KLI-D7", "--turns", "0"], "at least one turn"),
    (["duel", "FED-CA", "KLI-D7", "--level", "admiral"], "unknown level 'admiral'"),
    (["duel", "FED-CA", "KLI-D7", "--distance", "40"], "1 to 28 hexes"),
    (["duels", "--pairings", "ALL99"], "unknown pairings 'ALL99'"),
    (["duels", "--count", "0"], "--count is at least 1"),
    (["duels", "--jobs", "0"], "--jobs is at least 1"),
])
def test_bad_input_is_a_clear_message_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith(f"sfb-desk-cli {argv[0]}: ")


def test_a_log_over_a_file_that_is_not_a_save_is_refused(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("my notes")
    assert main(["duel", "FED-FF", "KLI-F5", "--turns", "1", "--log", str(path)]) == 2
    assert "will not be overwritten" in capsys.readouterr().err
    assert path.read_text() == "my notes"


def test_duels_lines_and_summary(capsys):
    assert main(["duels", "--count", "1", "--turns", "1", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    duels = out[:10]
    assert duels[0].startswith("FED-CA (captain) v KLI-D7 (captain) seed 4: ")
    assert duels[9].startswith("ORI-CR (captain) v FED-CL (captain) seed 4: ")
    summary = [line for line in out if " duel(s), " in line and " wins " in line]
    assert len(summary) == 10 and summary[0].startswith("FED-CA v KLI-D7: 1 duel(s), 0 error(s)")
    assert out[-1].startswith("10 duel(s) in ") and out[-1].endswith("0 error(s)")


def test_duels_json_on_two_processes_matches_one_process(capsys):
    assert main(["duels", "--count", "1", "--turns", "1", "--jobs", "2", "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert main(["duels", "--count", "1", "--turns", "1", "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert two["errors"] == 0 and len(two["duels"]) == 10
    assert two["duels"] == one["duels"]  # the same seeds give the same games
    first = two["summary"][0]
    assert first["ship_a"] == "FED-CA" and first["duels"] == 1
    assert first["win_a"] + first["win_b"] + first["draw"] == pytest.approx(1.0)
    assert set(first["turns"]) == {"mean", "min", "p10", "p50", "p90", "max"}
    systems = {"tractor_links", "raids", "boarding_actions", "cloak_cycles", "explosions"}
    assert all(set(s["systems"]) == systems for s in two["summary"])  # issue 14
    assert all(set(d["systems"]) == systems for d in two["duels"])
    pairs = {(s["ship_a"], s["ship_b"]) for s in two["summary"]}
    assert any("ROM-" in a + b for a, b in pairs)  # a Romulan (cloak) in the default set


def test_table_prompts_counts_the_questions_by_kind(capsys):
    """Issue 12: the questions a table playing both sides is asked on turn 1 with the app's
    default settings (robots answer them); every prompt is either asked or passed."""
    assert main(["duel", "FED-CA", "KLI-D7", "--turns", "1", "--table-prompts", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["prompts"] == sum(doc["by_kind"].values())
    assert doc["by_kind"]["energy_allocation"] == 2 and doc["by_kind"]["movement"] > 0
    # nothing announced, no self-destruction question, launches only when a rack can launch
    assert "announce" not in doc["by_kind"] and "self_destruct" not in doc["by_kind"]
    assert doc["by_kind"].get("launches", 0) <= 2
    assert doc["passed"] > 150  # 64 announcements, most launches and fire steps ...
    assert main(["duel", "FED-CA", "KLI-D7", "--turns", "1", "--table-prompts"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"FED-CA v KLI-D7, 1 turn(s): {doc['prompts']} questions to the table")
    assert doc["joint"] > 0 and f"; {doc['joint']} answered in a joint form" in line


def test_table_prompts_with_a_log_is_refused_not_silently_unsaved(capsys, tmp_path):
    """QA, session 4: --table-prompts --log FILE wrote no save and said nothing."""
    log = tmp_path / "duel.sfbsave"
    assert main(["duel", "FED-CA", "KLI-D7", "--turns", "1", "--table-prompts",
                 "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "--table-prompts counts the table's questions and writes no save" in err
    assert "leave out --log" in err and not log.exists()
