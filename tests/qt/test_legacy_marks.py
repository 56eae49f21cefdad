"""Saves of an earlier version kept boxes marked by hand aside ("table_marks"): on loading they
become table corrections (issue 12, item 1); a malformed or impossible mark refuses the save."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sfb_desk.data.saves import SaveError, game_to_json
from sfb_desk.engine.corrections import Correction
from sfb_desk.engine.session import Session
from sfb_desk.qt.game_files import load_record

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import setup  # noqa: E402


def write(tmp_path, marks) -> Path:
    g = setup()
    doc = game_to_json(Session(g.state, g.combat, g.specs))
    doc["table_marks"] = marks
    path = tmp_path / "old.sfbsave"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_old_marks_become_corrections(tmp_path):
    record = load_record(write(tmp_path, [["KRT", "phaser#3", True], ["ENT", "shield1#18", True]]))
    assert "phaser#3" in record.state.find("KRT").destroyed
    printed = record.combat.ship("ENT").shields.printed[0]
    assert record.combat.ship("ENT").shields.boxes[0] == printed - 1
    assert [v for v, _ in record.answers] == [Correction("KRT", "phaser#3"),
                                              Correction("ENT", "shield1#18")]


@pytest.mark.parametrize("marks, words", [
    (["abc"], "mark 1: expected [unit, box id, true or false]"),
    ([["KRT", "phaser#3"]], "mark 1: expected"),
    ([["KRT", "phaser#3", "yes"]], "mark 1: expected"),
    ("KRT", "expected a list"),
    ([["KRT", "phaser#3", True], ["NOPE", "phaser#1", True]], "mark 2: there is no unit 'NOPE'"),
    ([["KRT", "warp#99", True]], "has no box 'warp#99'"),
])
def test_malformed_marks_refuse_the_save(tmp_path, marks, words):
    with pytest.raises(SaveError) as err:
        load_record(write(tmp_path, marks))
    assert words in str(err.value) and "table_marks" in str(err.value)
