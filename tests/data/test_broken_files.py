"""The broken-file corpus (issue 13): every broken save, energy allocation file and ship file is
refused with its own clear message, through the real loaders and through the CLI (exit code,
the message on stderr, no traceback), and a broken ship file in the user's folder never stops the
others loading.

The files are made by tests/data/make_broken_files.py (the older ship cases are hand-written);
the ship table is CASES of test_broken_ships.py, the others are below.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from sfb_desk.cli import main
from sfb_desk.data import paths
from sfb_desk.data.energy_file import EnergyFileError, load_energy_file
from sfb_desk.data.library import load_library
from sfb_desk.data.safe_load import BOM
from sfb_desk.data.saves import SaveError, load_game
from sfb_desk.data.ship_file import load_ship_file

from .test_broken_ships import CASES as SHIP_CASES

DATA = Path(__file__).parent
SAVES = DATA / "broken_saves"
EA = DATA / "broken_ea"
SHIPS = DATA / "broken_ships"
DEEP = "is nested too deeply to read (no file of ours is nested more than 32 levels)"
DEEPER = "is nested more than 32 levels deep (no file of ours is)"
LONG = "holds a number too long to read (thousands of digits; no file of ours has one)"

# name -> what the refusal says (after "<file>: ")
SAVE_CASES: dict[str, str] = {
    "deep_nesting_array": DEEP,
    "deep_nesting_object": DEEP,
    "deep_inside_the_log": DEEPER,
    "binary_junk": "is not text (UTF-8): byte 128 is 0x80",
    "utf16_text": "is not text (UTF-8): byte 0 is 0xff",
    "nul_bytes": "is not text: it holds a NUL byte at 40",
    "number_too_long": LONG,  # a 5,001-digit integer: a ValueError out of json.loads
    "empty": "is not valid JSON (line 1, column 1: Expecting value)",
    "not_json": "is not valid JSON (line 1, column 1: Expecting value)",
    "truncated": "is truncated (line 1, column",
    "top_level_list": 'not an SFB Desk save (no "format": "sfb-desk-save")',
    "foreign_format": 'not an SFB Desk save (no "format": "sfb-desk-save")',
    "newer_version": "saved by a newer SFB Desk (format version 99; this program reads up to",
    "version_as_text": "bad format version '3'",
    "missing_log": 'missing "log"',
    "log_not_a_list": "log: expected a list of records",
    "seq_out_of_order": "log[0].seq: expected 0 (records are numbered in order)",
    "flipped_prompt_key": "turn 1, impulse 1, the question 'Movement of A, impulse 1 (speed 8)': "
                          "the save's question differs from what replaying the game gives "
                          "there; the file is damaged or was edited by hand\nDetails: log "
                          "record 10 (prompt T1.I1.mowe.A): its key is 'T1.I1.mowe.A' where "
                          "replaying the game writes 'T1.I1.move.A'",
    # (a save of an older format version replays by answer key: then the replay names it)
    "flipped_answer_key": "'T1.I1.mowe.A'",
    "flipped_step_name": "the save's step of the turn differs from what replaying the game gives "
                         "there; the file is damaged or was edited by hand\nDetails: log record "
                         "12 (prompt T1.I1.announce.fed): its step is '6A-announcex' where "
                         "replaying the game writes '6A-announce'",
    "flipped_prompt_turn": "turn 1, the question 'Speed plot for B (C12.12)': the save's turn "
                           "differs from what replaying the game gives there; the file is "
                           "damaged or was edited by hand\nDetails: log record 4 (prompt "
                           "T1.plot.B): its turn is 7 where replaying the game writes 1",
    "log_cut_short": "the log ends 1 record(s) short of what replaying the game writes",
    "answer_changed": "the log does not replay: answer 2 was refused",
    "state_changed": "replaying the log does not reproduce the saved state",
    "unknown_ship_class": "ship class FED-NOPE of ENT is not in the ship library",
    # a unit that does not fit its ship class is named, with the box, before any replay
    "bad_box_mark": "initial: ENT: 'abc' is not a box of the Heavy Cruiser (FED-CA) "
                    "(destroyed boxes, D4)",
    "bad_box_mark_in_state_only": "state: KRT: 'phaser#99' is not a box of the Battlecruiser "
                                  "(KLI-D7) (destroyed boxes, D4)",
    "bad_repair_box": "initial: ENT: the box being repaired, 'abc', is not a box of the Heavy "
                      "Cruiser (FED-CA) (D9)",
    "unknown_unit_field": "initial.units[0]: unknown field(s) colour",
    "unknown_record_field": "initial_combat.ships[0]: unknown field(s) colour",
    "shield_over_its_boxes": "initial_combat.ships[0].shields: shield #1: 99 boxes left of 30",
    "shield_count": "initial_combat.ships[0].shields: boxes: six values (shields #1-#6), not 5",
    "shield_status": "initial_combat.ships[0].shields: shield #6 status is one of ('up', "
                     "'down', 'dropped'), not 'gone'",
    "plot_from_impulse_999": "initial: KRT: its prev plot: the speed plot must give the speed "
                             "from impulse 1 (C12.12)",
    "empty_plot": "initial: ENT: its prev plot: a speed plot is a speed or a list of [impulse, "
                  "speed] pairs (C12.12)",
    "unknown_turn_mode": "initial: ENT: unknown turn-mode category 'abc' (C3.3; known: AA, A, B,",
    # the migrations read the unit ids before decoding: a list there is not a crash either
    "unit_id_not_text": "initial.units[1].id: expected text, got []",
}

# name -> (what the loader says, or None when the file itself reads; exit code of `ea check`,
# what `ea check` prints on stderr or stdout)
EA_CASES: dict[str, tuple[str | None, int, str]] = {
    "deep_nesting": (DEEP, 2, DEEP),
    "deep_inside_a_line": (DEEPER, 2, DEEPER),
    "number_too_long": (LONG, 2, LONG),
    "binary_junk": ("is not text (UTF-8): byte 128 is 0x80", 2, "is not text (UTF-8)"),
    "utf16_text": ("is not text (UTF-8): byte 0 is 0xff", 2, "is not text (UTF-8)"),
    "empty": ("is not valid JSON (line 1, column 1", 2, "is not valid JSON"),
    "not_json": ("is not valid JSON (line 1, column 1", 2, "is not valid JSON"),
    "truncated": ("is truncated (line 19, column 3", 2, "is truncated"),
    "top_level_list": ("the file must hold one JSON object", 2, "one JSON object"),
    "wrong_format": ("format: not an energy allocation file: format is 'sfb-desk-ship' "
                     "(expected 'sfb-desk-energy')", 2, "not an energy allocation file"),
    "energy_as_words": ("phaser_capacitor: 'six' is not an amount of energy", 2,
                        "'six' is not an amount of energy"),
    "unknown_line": ("phasor_capacitor: unknown line", 2, "phasor_capacitor: unknown line"),
    "unknown_ship": (None, 2, "FED-NOPE"),
    "negative_energy": (None, 1, "rule(s) broken"),
    "weapon_not_on_ship": (None, 1, "(B3.1) FED-CA has no weapon, probe or shuttle box 'disruptor A'"),
}


def test_the_corpus_is_complete_and_big_enough():
    assert {p.stem for p in SAVES.iterdir()} == set(SAVE_CASES)
    assert {p.stem for p in EA.iterdir()} == set(EA_CASES)
    assert len(SAVE_CASES) + len(EA_CASES) + len(SHIP_CASES) >= 40


@pytest.mark.parametrize("name", sorted(SAVE_CASES))
def test_a_broken_save_is_refused_by_the_loader(name):
    path = SAVES / f"{name}.sfbsave"
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert caught.value.path == path
    assert SAVE_CASES[name] in caught.value.problem
    assert path.read_bytes() == before  # never changed


@pytest.mark.parametrize("name", sorted(SAVE_CASES))
def test_a_broken_save_is_refused_by_print_game(name, tmp_path, capsys):
    path = SAVES / f"{name}.sfbsave"
    out = tmp_path / "out.pdf"
    assert main(["print", "ssd", "--game", str(path), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"sfb-desk-cli print ssd: {path}: ")
    assert SAVE_CASES[name] in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("name", sorted(EA_CASES))
def test_a_broken_energy_file_is_refused(name, capsys):
    path = EA / f"{name}.json"
    loader, code, said = EA_CASES[name]
    if loader is None:
        load_energy_file(path)  # the file reads; `ea check` refuses what it says
    else:
        with pytest.raises(EnergyFileError) as caught:
            load_energy_file(path)
        assert caught.value.source == str(path)
        assert any(loader in p for p in caught.value.problems), caught.value.problems
    assert main(["ea", "check", str(path)]) == code
    captured = capsys.readouterr()
    assert said in captured.err + captured.out and "Traceback" not in captured.err


@pytest.mark.parametrize("name", sorted(SHIP_CASES))
def test_a_broken_ship_file_is_refused_by_validate(name, capsys):
    field, message, _expected = SHIP_CASES[name]
    path = SHIPS / f"{name}.toml"
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert message in text and (not field or field in text) and "Traceback" not in text


def test_deep_and_huge_files_are_refused_quickly_in_a_fresh_process(tmp_path):
    """No RecursionError, no hang, no gigabytes: each CLI run ends with a message (a fresh
    interpreter, as a player runs it; the time allows for a slow shared machine)."""
    runs = [
        (["validate", str(SHIPS / "huge_system_count.toml")], 1, "100,000,000 boxes"),
        (["validate", str(SHIPS / "deep_nesting.toml")], 1, DEEP),
        (["ea", "check", str(EA / "deep_nesting.json")], 2, DEEP),
        (["ea", "check", str(EA / "binary_junk.json")], 2, "is not text (UTF-8)"),
        (["print", "ssd", "--game", str(SAVES / "deep_nesting_object.sfbsave"), "-o",
          str(tmp_path / "x.pdf")], 1, DEEP),
    ]
    for args, code, said in runs:
        result = subprocess.run([sys.executable, "-m", "sfb_desk.cli", *args],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == code, result.stderr
        assert said in result.stdout + result.stderr
        assert "Traceback" not in result.stderr


def test_a_bad_file_in_the_user_ship_folder_never_stops_the_others(capsys):
    folder = paths.user_data_dir() / "ships"
    folder.mkdir()
    for name in ("huge_system_count", "deep_nesting", "binary_junk", "too_many_boxes_in_all"):
        (folder / f"{name}.toml").write_bytes((SHIPS / f"{name}.toml").read_bytes())
    started = time.monotonic()
    library = load_library()
    assert time.monotonic() - started < 60  # it once took 5 GB and never finished
    assert "FED-CA" in library and "KLI-D7" in library
    assert len(library.problems) == 4
    assert any("100,000,000 boxes in one system" in str(p) for p in library.problems)
    assert main(["ships"]) == 0
    assert "FED-CA" in capsys.readouterr().out


def test_a_ship_file_with_a_byte_order_mark_loads(tmp_path):
    plain = DATA / "fixtures" / "ship_v1.toml"
    marked = tmp_path / "FED-CA.toml"
    marked.write_bytes(BOM.encode("utf-8") + plain.read_bytes())
    assert load_ship_file(marked) == load_ship_file(plain)


def test_a_save_and_an_energy_file_with_a_byte_order_mark_load(tmp_path):
    good = DATA / "saves" / "v4_ca_d7_one_turn.sfbsave"
    marked = tmp_path / "marked.sfbsave"
    marked.write_bytes(BOM.encode("utf-8") + good.read_bytes())
    assert load_game(marked).state == load_game(good).state
    assert main(["ea", "template", "FED-CA", "--out", str(tmp_path / "t.json")]) == 0
    energy = tmp_path / "t.json"
    energy.write_bytes(BOM.encode("utf-8") + energy.read_bytes())
    assert load_energy_file(energy).allocation.ship == "FED-CA"
