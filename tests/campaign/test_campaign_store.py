"""The campaign store (sfb_desk/campaign/store.py; contract /work/COORD-store.md)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from sfb_desk.campaign.store import (
    SCHEMA_VERSION,
    CampaignStore,
    Change,
    DiceRoll,
    StoreError,
)

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def store(tmp_path):
    with CampaignStore.open(tmp_path / "c.sfbcampaign") as s:
        yield s


def test_round_trip_survives_close_and_reopen(tmp_path):
    path = tmp_path / "c.sfbcampaign"
    with CampaignStore.open(path) as s:
        with s.change(reason="Founded the Federation", rule="(G1.0)") as tx:
            tx.put("race", "fed", {"name": "Federation", "treasury": 120, "grids": [[1, 2]]})
            tx.put("race", "kli", {"name": "Klingon", "treasury": 95})
        with s.change(reason="Built a CA", rule="(G3.1)") as tx:
            tx.put("race", "fed", {"name": "Federation", "treasury": 100, "grids": [[1, 2]]})
            tx.put("unit", "fed-ca-1", {"class": "CA", "damage": {"warp": 3}})
            tx.log_dice("officer roll", [6, 2], "typed")
    with CampaignStore.open(path) as s:
        assert s.get("race", "fed")["treasury"] == 100
        assert s.get("race", "none") is None
        assert list(s.all("race")) == ["fed", "kli"]
        assert s.all("unit") == {"fed-ca-1": {"class": "CA", "damage": {"warp": 3}}}
        entries = s.journal()
        assert [(e.id, e.reason, e.rule) for e in entries] == [
            (1, "Founded the Federation", "(G1.0)"), (2, "Built a CA", "(G3.1)")]
        assert entries[1].changes == [
            Change("race", "fed", {"name": "Federation", "treasury": 120, "grids": [[1, 2]]},
                   {"name": "Federation", "treasury": 100, "grids": [[1, 2]]}),
            Change("unit", "fed-ca-1", None, {"class": "CA", "damage": {"warp": 3}}),
        ]
        assert s.dice_log() == [DiceRoll(2, "officer roll", [6, 2], "typed")]
        assert entries[1].dice == s.dice_log()
        assert s.schema_version == SCHEMA_VERSION


def test_a_failed_change_writes_nothing(store):
    with store.change(reason="Founded", rule="") as tx:
        tx.put("race", "fed", {"treasury": 1})
    with pytest.raises(RuntimeError):
        with store.change(reason="Half a change") as tx:
            tx.put("race", "fed", {"treasury": 999})
            tx.log_dice("x", [3], "seeded")
            raise RuntimeError("interrupted")
    assert store.get("race", "fed") == {"treasury": 1}
    assert len(store.journal()) == 1 and store.dice_log() == []


def test_several_puts_of_one_record_are_one_change(store):
    with store.change(reason="A") as tx:
        tx.put("unit", "u", {"v": 1})
        tx.put("unit", "u", {"v": 2})
        tx.put("unit", "gone", {"v": 0})
        tx.delete("unit", "gone")
    (entry,) = store.journal()
    assert entry.changes == [Change("unit", "u", None, {"v": 2})]


def test_undo_walks_back_and_is_journalled(store):
    with store.change(reason="One") as tx:
        tx.put("race", "fed", {"t": 1})
    with store.change(reason="Two", rule="(G3.1)") as tx:
        tx.put("race", "fed", {"t": 2})
        tx.put("unit", "ca", {"c": "CA"})
        tx.log_dice("roll", [4], "seeded")
    with store.change(reason="Three") as tx:
        tx.delete("unit", "ca")
    undone = store.undo()
    assert undone.reason == "Undo: Three" and undone.undoes == 3
    assert store.get("unit", "ca") == {"c": "CA"}
    assert store.undo().undoes == 2
    assert store.get("race", "fed") == {"t": 1} and store.get("unit", "ca") is None
    assert store.undo().undoes == 1
    assert store.all("race") == {} and store.undo() is None
    assert [e.undoes for e in store.journal()] == [None, None, None, 3, 2, 1]
    assert store.dice_log() == [DiceRoll(2, "roll", [4], "seeded")]  # dice are never erased


def test_undo_after_a_new_change_reverts_that_change(store):
    with store.change(reason="One") as tx:
        tx.put("k", "a", {"v": 1})
    store.undo()
    with store.change(reason="Again") as tx:
        tx.put("k", "a", {"v": 5})
    assert store.undo().reason == "Undo: Again"
    assert store.get("k", "a") is None


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda tx: tx.put("unit", "", {}), "non-empty string"),
        (lambda tx: tx.put("unit", "a", [1]), "must be a dict"),
        (lambda tx: tx.put("unit", "a", {"x": float("nan")}), "cannot be stored as JSON"),
        (lambda tx: tx.put("unit", "a", {"x": object()}), "cannot be stored as JSON"),
        (lambda tx: tx.log_dice("roll", [0], "typed"), "whole numbers of 1 or more"),
        (lambda tx: tx.log_dice("roll", [], "typed"), "whole numbers of 1 or more"),
        (lambda tx: tx.log_dice("roll", [3], "guessed"), "'typed' or 'seeded'"),
        (lambda tx: tx.log_dice("", [3], "typed"), "purpose"),
    ],
)
def test_bad_input_is_refused_clearly_and_writes_nothing(store, action, message):
    with pytest.raises(StoreError, match=message):
        with store.change(reason="Bad") as tx:
            tx.put("unit", "ok", {"v": 1})
            action(tx)
    assert store.journal() == [] and store.get("unit", "ok") is None


def test_a_change_needs_a_reason_and_cannot_nest(store):
    with pytest.raises(StoreError, match="reason"):
        with store.change(reason="  "):
            pass
    with store.change(reason="Outer"):
        with pytest.raises(StoreError, match="nested"):
            with store.change(reason="Inner"):
                pass
    assert [e.reason for e in store.journal()] == ["Outer"]


def _v1_store(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript((FIXTURES / "store_v1.sql").read_text())
    conn.commit()
    conn.close()


def test_a_version_1_store_is_migrated_in_place(tmp_path):
    path = tmp_path / "old.sfbcampaign"
    _v1_store(path)
    with CampaignStore.open(path) as s:
        assert s.schema_version == SCHEMA_VERSION == 2
        assert s.get("race", "fed") == {"name": "Federation", "treasury": 100}
        assert [e.reason for e in s.journal()] == ["Founded the Federation treasury", "Built a CA"]
        with s.change(reason="Rolled for an officer", rule="(G20.0)") as tx:
            tx.log_dice("officer", [5], "typed")
        assert s.dice_log() == [DiceRoll(3, "officer", [5], "typed")]
        assert s.undo().undoes == 3  # the dice-only entry
        assert s.undo().undoes == 2  # v1 before-images undo too
        assert s.get("unit", "fed-ca-1") is None and s.get("race", "fed")["treasury"] == 120
    with CampaignStore.open(path) as s:  # migrated once; reopens as the current schema
        assert s.schema_version == SCHEMA_VERSION


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / "new.sfbcampaign"
    CampaignStore.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="newer SFB Desk"):
        CampaignStore.open(path)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "notes.sfbcampaign"
    path.write_text("Turn 1: the Klingons built a D7\n")
    with pytest.raises(StoreError, match="not a campaign store"):
        CampaignStore.open(path)
    assert path.read_text() == "Turn 1: the Klingons built a D7\n"


def test_another_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE ships (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not a campaign store"):
        CampaignStore.open(path)


def test_a_corrupt_store_is_refused(tmp_path):
    path = tmp_path / "c.sfbcampaign"
    with CampaignStore.open(path) as s:
        for n in range(40):
            with s.change(reason=f"entry {n}") as tx:
                tx.put("unit", f"u{n}", {"blob": "x" * 500, "n": n})
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    for offset in range(2 * page, len(data), page):  # scribble over every page but the first
        data[offset + 8 : offset + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged"):
        CampaignStore.open(path)


def test_missing_folder_and_folder_paths_are_refused(tmp_path):
    with pytest.raises(StoreError, match="no such folder"):
        CampaignStore.open(tmp_path / "nope" / "c.sfbcampaign")
    with pytest.raises(StoreError, match="is a folder"):
        CampaignStore.open(tmp_path)


def test_values_are_stored_as_json_text(tmp_path):
    path = tmp_path / "c.sfbcampaign"
    with CampaignStore.open(path) as s:
        with s.change(reason="A") as tx:
            tx.put("race", "fed", {"b": 2, "a": 1})
    conn = sqlite3.connect(path)
    (value,) = conn.execute("SELECT value FROM records").fetchone()
    assert json.loads(value) == {"a": 1, "b": 2}
    assert conn.execute("PRAGMA application_id").fetchone()[0] == 0x53464244
    conn.close()
