"""Saved games: versioned JSON, migrations, replay check, atomic writes, refusals that never
destroy a file (DESIGN.md section 7)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sfb_desk.data import saves
from sfb_desk.data.saves import (
    CURRENT_VERSION,
    SaveError,
    autosave,
    autosave_path,
    game_to_json,
    load_game,
    migrate,
    save_game,
)
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
from sfb_desk.engine.session import Session
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import MoveProfile, new_ship

FIXTURES = Path(__file__).parent / "saves"
CA = MoveProfile(turn_mode="D", warp=30, impulse=4, crew_units=43)


def short_game() -> Session:
    a = new_ship("A", "fed", CA, hex=hex_from_label("1010"), facing=1, speed=8)
    b = new_ship("B", "kli", CA, hex=hex_from_label("1410"), facing=4, speed=8)
    session = Session(GameState(units=(a, b), dice_seed=3, last_turn=1))
    for value in (8, {"hets": 1}, 8, {}):
        session.answer(value, "test")
    session.run(Chain(Scripted([At("T1.I4.move.A", "slip left")]), Defaults()), limit=60)
    return session


# --- fixtures of every format version -----------------------------------------------------------


def test_every_format_version_has_a_fixture():
    versions = {json.loads(p.read_text())["version"] for p in FIXTURES.glob("*.sfbsave")}
    assert versions == set(range(1, CURRENT_VERSION + 1))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.sfbsave")), ids=lambda p: p.name)
def test_fixture_saves_still_load(path):
    session = load_game(path)
    assert session.pending is not None
    assert session.state.units and session.log.answers()


def test_the_v1_fixture_is_the_duel_at_impulse_8():
    session = load_game(FIXTURES / "v1_duel_turn1_impulse8.sfbsave")
    state = session.state
    assert (state.turn, state.impulse) == (1, 8)
    assert session.pending.key == "T1.I8.fire.fed"
    assert state.unit("ENT").facing == 1  # after its HET to B on impulse 6
    assert state.unit("KRT-D1").kind == "drone"
    before = len(session.log)
    session.run(Defaults(), limit=5)  # play on from the loaded game
    assert len(session.log) > before


# --- round trip and atomic writes -------------------------------------------------------------


def test_round_trip(tmp_path):
    session = short_game()
    path = save_game(tmp_path / "g.sfbsave", session)
    loaded = load_game(path)
    assert loaded.state == session.state and loaded.initial == session.initial
    assert loaded.pending == session.pending
    assert game_to_json(loaded) == game_to_json(session)
    assert [p.name for p in tmp_path.iterdir()] == ["g.sfbsave"]  # no temporary file left


def test_a_failed_write_leaves_the_old_save(tmp_path, monkeypatch):
    session = short_game()
    path = save_game(tmp_path / "g.sfbsave", session)
    before = path.read_bytes()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)  # the atomic write (data/save_paths.py)
    with pytest.raises(OSError):
        save_game(path, session)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.sfbsave"]


def test_autosave_goes_to_the_user_data_folder(_private_home):
    session = short_game()
    path = autosave(session)
    assert path == autosave_path() and str(path).startswith(str(_private_home))
    assert load_game(path).state == session.state
    autosave(session)  # our own autosave is overwritten freely


# --- bad files are refused, named, and never overwritten ------------------------------------------


def corrupt_variants(good: str) -> dict[str, tuple[str, str]]:
    doc = json.loads(good)
    wrong_type = json.loads(good)
    wrong_type["state"]["units"][0]["facing"] = 7
    unknown = json.loads(good)
    unknown["state"]["units"][0]["warp_drive"] = True
    future = dict(doc, version=CURRENT_VERSION + 1)
    foreign = dict(doc, format="something-else")
    tampered = json.loads(good)
    answers = [r for r in tampered["log"] if r["kind"] == "answer"]
    answers[0]["data"] = 9  # another speed plot: the log no longer gives the saved state
    missing = json.loads(good)
    del missing["initial"]
    return {
        "bad json": ("{not json", "not valid JSON"),
        "truncated": (good[: len(good) // 2], "truncated"),
        "wrong type": (json.dumps(wrong_type), "state.units[0].facing: expected a facing letter"),
        "unknown field": (json.dumps(unknown), "unknown field(s) warp_drive"),
        "future version": (json.dumps(future), "newer SFB Desk"),
        "other format": (json.dumps(foreign), "not an SFB Desk save"),
        "tampered log": (json.dumps(tampered), "does not reproduce the saved state"),
        "missing part": (json.dumps(missing), "missing \"initial\""),
        "not text": ("\udcff", "not text"),
    }


@pytest.fixture(scope="module")
def good_text(tmp_path_factory):
    path = save_game(tmp_path_factory.mktemp("good") / "good.sfbsave", short_game())
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("variant", [
    "bad json", "truncated", "wrong type", "unknown field", "future version", "other format",
    "tampered log", "missing part", "not text",
])
def test_a_bad_save_is_refused_and_never_overwritten(variant, good_text, tmp_path):
    text, problem = corrupt_variants(good_text)[variant]
    path = tmp_path / "game.sfbsave"
    if variant == "not text":
        path.write_bytes(b"\xff\xfe\x00garbage")
    else:
        path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load_game(path)
    message = str(err.value)
    assert str(path) in message and problem in message, message
    session = short_game()
    with pytest.raises(SaveError) as err:
        autosave(session, path)  # the autosave path after a failed load
    assert "will not be overwritten" in str(err.value)
    with pytest.raises(SaveError):
        save_game(path, session)
    assert path.read_bytes() == before


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(SaveError) as err:
        load_game(tmp_path / "nowhere.sfbsave")
    assert "nowhere.sfbsave" in str(err.value) and "cannot be read" in str(err.value)


def test_a_file_changed_behind_our_back_is_checked_again(tmp_path):
    session = short_game()
    path = save_game(tmp_path / "g.sfbsave", session)
    path.write_text("{}", encoding="utf-8")  # someone else wrote it
    os.utime(path, ns=(1, 1))
    with pytest.raises(SaveError):
        save_game(path, session)
    assert path.read_text() == "{}"


# --- migrations -------------------------------------------------------------------------------


def test_migrations_run_in_order_before_validation():
    calls = []

    def one_to_two(doc):
        calls.append(doc["version"])
        return dict(doc, added="by migration 1")

    def two_to_three(doc):
        calls.append(doc["version"])
        assert doc["added"] == "by migration 1"
        return dict(doc, state="renamed")

    doc = {"format": "sfb-desk-save", "version": 1, "state": {}}
    rest = {v: dict for v in range(3, CURRENT_VERSION)}  # later versions change nothing here
    chain = {1: one_to_two, 2: two_to_three, **rest}
    out = migrate(doc, "x.sfbsave", chain)
    assert calls == [1, 2] and out["version"] == max(3, CURRENT_VERSION)
    assert out["state"] == "renamed"
    with pytest.raises(SaveError) as err:
        migrate(dict(doc, version=max(3, CURRENT_VERSION) + 1), "x.sfbsave", chain)
    assert "newer" in str(err.value)
    with pytest.raises(SaveError):
        migrate(dict(doc, version=0), "x.sfbsave")
    with pytest.raises(SaveError) as err:
        migrate(doc, "x.sfbsave", {2: two_to_three})
    assert "no migration from format version 1" in str(err.value)


def test_the_autosave_is_where_the_readme_says(_private_home):
    """README: the autosave is autosave/current.sfbsave in the user data folder, the same file
    for saves.autosave and the app's autosave (qt/game_files)."""
    from sfb_desk.qt import game_files

    assert autosave_path() == _private_home / "data" / "autosave" / "current.sfbsave"
    assert game_files.autosave_file() == autosave_path()
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "`autosave/current.sfbsave` in the user data folder" in readme


def test_a_temp_file_left_by_an_interrupted_save_is_removed_by_the_next(tmp_path):
    target = tmp_path / "game.sfbsave"
    stale = tmp_path / ".game.sfbsave.k3j9x2aa.tmp"  # what mkstemp names a write of it
    fresh = tmp_path / ".game.sfbsave.zz81pq0b.tmp"  # a write in progress: left alone
    other = tmp_path / ".notes.txt.tmp"  # not ours
    for f in (stale, fresh, other):
        f.write_bytes(b"half a save")
    old = os.path.getmtime(stale) - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    save_game(target, short_game())
    assert not stale.exists() and fresh.exists() and other.exists()
    assert load_game(target).state == short_game().state


def test_a_temp_file_left_by_a_killed_autosave_is_removed_at_the_next_start(_private_home):
    from sfb_desk.qt import game_files

    autosave = game_files.autosave_file()
    stale = autosave.with_name(f".{autosave.name}.a1b2c3d4.tmp")
    stale.write_bytes(b'{"format": "sfb-desk-save", "ver')
    old = os.path.getmtime(stale) - 3600
    os.utime(stale, (old, old))
    assert game_files.recoverable() is None  # what the app asks at start
    assert not stale.exists()


def test_a_save_in_an_older_programs_words_loads_in_this_programs_words(tmp_path):
    """What a prompt asks and what an event says are the program's words, not game facts: a save
    written by a program that worded them otherwise (or with a damaged byte in them) loads, and
    the loaded log says them as this program does. The file is never changed."""
    session = short_game()
    doc = game_to_json(session)
    log = doc["log"]
    event = next(i for i, r in enumerate(log) if r["kind"] == "event" and "moves" in r["data"]["text"])
    prompt = next(i for i, r in enumerate(log) if r["kind"] == "prompt" and r["data"].get("purpose"))
    said = log[event]["data"]["text"], log[prompt]["data"]["purpose"]
    log[event]["data"]["text"] = said[0].replace("moves", "mowes", 1)
    log[prompt]["data"]["purpose"] = "What an older program asked here"
    path = tmp_path / "old.sfbsave"
    path.write_text(json.dumps(doc))
    before = path.read_bytes()
    loaded = load_game(path)
    assert loaded.log[event].data.text == said[0] and loaded.log[prompt].data.purpose == said[1]
    assert game_to_json(loaded) == game_to_json(session)
    assert path.read_bytes() == before


def test_the_words_are_all_that_may_differ(tmp_path):
    """A changed fact inside a prompt or an event (its unit, its rule, an event's numbers) is
    refused as before: only the words are the program's to change."""
    session = short_game()
    doc = game_to_json(session)
    i = next(i for i, r in enumerate(doc["log"]) if r["kind"] == "prompt" and r["data"].get("rule"))
    doc["log"][i]["data"]["rule"] = "Z9.9"
    doc["log"][i]["data"]["purpose"] = "other words too"
    path = tmp_path / "bad.sfbsave"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert f"log record {i}" in caught.value.problem and "Z9.9" in caught.value.problem


def test_a_refused_roll_names_its_rule_live_and_in_an_older_save():
    """A roll refused at the dice prompt names the rule the roll is for (D6.315 for the to-hit
    dice), not "dice"; a save written before (its refusal's rule "dice") loads with the
    prompt's rule, so the replayed log reads "... (D6.315)"."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from duel_script import script, setup

    from sfb_desk.engine.log import REFUSED
    from sfb_desk.engine.prompts import DiceRequest
    from sfb_desk.data.saves import game_from_json

    g = setup()
    session, source = Session(g.state, g.combat, g.specs), script()
    while not isinstance(session.pending, DiceRequest):
        session.answer(*source.answer(session.pending, session))
    prompt = session.pending
    refused = session.answer([7, 9], "player")
    assert refused.rule == prompt.rule == "D6.315" and str(refused).endswith("(D6.315)")
    session.answer(*source.answer(prompt, session))
    doc = game_to_json(session)
    (saved,) = [r for r in doc["log"] if r["kind"] == REFUSED]
    assert saved["data"]["rule"] == "D6.315"
    saved["data"]["rule"] = "dice"  # as an older program wrote it
    loaded = game_from_json(json.loads(json.dumps(doc)))
    (record,) = [r for r in loaded.log if r.kind == REFUSED]
    assert record.data[1].rule == "D6.315" and str(record.data[1]).endswith("(D6.315)")
