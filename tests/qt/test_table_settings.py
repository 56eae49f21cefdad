"""Who plays what at the table, kept with the game: the title, the sides whose dice the computer
rolls, the table's pass policy (prompts answered with their default) and, with a robot, the
sides it plays (tests/robot covers the robot itself)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from sfb_desk.data.saves import SaveError
from sfb_desk.qt.controller import GameController
from sfb_desk.qt.game_files import TABLE_KEY, load_record, save_record
from sfb_desk.qt.game_record import AutoAnswers, TableSettings, new_record

from games import duel

WAIT = 10_000


@pytest.fixture
def controller(qapp):
    c = GameController()
    yield c
    assert c.close()


@dataclass(frozen=True)
class PassSideB:
    """A pass policy for the test: B's prompts with a default pass, nothing else."""

    def passes(self, prompt, state, combat, specs=None) -> bool:
        unit = state.find(prompt.unit) if prompt.unit else None
        return unit is not None and unit.side == "kli"


def test_table_settings_round_trip_through_a_save(tmp_path):
    table = TableSettings("The Duel", (("kli", "captain"),), frozenset({"fed"}))
    record = new_record(duel())
    import dataclasses

    record = dataclasses.replace(record, table=table)
    path = save_record(tmp_path / "g.sfbsave", record)
    assert json.loads(path.read_text())[TABLE_KEY] == {
        "title": "The Duel", "robots": {"kli": "captain"}, "auto_dice": ["fed"]}
    assert load_record(path).table == table


def test_a_save_without_table_settings_loads_with_none(tmp_path):
    path = save_record(tmp_path / "g.sfbsave", new_record(duel()))
    assert TABLE_KEY not in json.loads(path.read_text())
    assert load_record(path).table == TableSettings()


@pytest.mark.parametrize("bad, problem", [
    ([], "expected an object"),
    ({"title": 3}, "title: expected text"),
    ({"robots": {"kli": 2}}, "robots: expected {side: level}"),
    ({"auto_dice": "fed"}, "auto_dice: expected a list"),
])
def test_broken_table_settings_are_refused_with_the_field(tmp_path, bad, problem):
    path = save_record(tmp_path / "g.sfbsave", new_record(duel()))
    doc = json.loads(path.read_text())
    doc[TABLE_KEY] = bad
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=f'"table": {problem}'):
        load_record(path)


def test_the_pass_policy_answers_defaults_it_lets_pass():
    """Movement of B (kli) with a default passes; A's prompts still wait for the table."""
    from sfb_desk.engine.answers import Chain, Scripted
    from sfb_desk.engine.session import Session

    from games import OPENING

    session = Session(duel())
    session.run(Scripted(OPENING), limit=len(OPENING))
    auto = AutoAnswers(policy=PassSideB())
    passed = []
    while session.pending is not None:
        prompt = session.pending
        result = auto.answer(prompt, session)
        unit = session.state.find(prompt.unit) if prompt.unit else None
        if unit is not None and unit.side == "kli" and prompt.default is not None:
            assert result == (prompt.default, "pass-policy")
            passed.append(prompt.key)
            session.answer(*result)
            continue
        assert result is not Chain and not (isinstance(result, tuple) and result[1] == "pass-policy")
        session.answer(prompt.default if prompt.default is not None else [3], "player")
    assert passed and all(".B" in k for k in passed)


def test_controller_keeps_title_and_settings_and_uses_them_on_load(qtbot, controller, tmp_path):
    c = controller
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(duel(), table=TableSettings("The Duel"))
    assert c.title() == "The Duel — SFB Desk"
    c.set_auto_dice("kli", True)
    with qtbot.waitSignal(c.saved, timeout=WAIT):
        c.save(tmp_path / "duel.sfbsave")
    c.set_auto_dice("kli", False)
    with qtbot.waitSignal(c.loaded, timeout=WAIT):
        c.load(tmp_path / "duel.sfbsave")
    assert c.auto_dice("kli") and c.record.table.title == "The Duel"
    assert c.title() == "duel.sfbsave — SFB Desk"
