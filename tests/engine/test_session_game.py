"""The scripted three-turn game (tests/engine/game_script.py): it plays through, saves, loads
and replays to an identical state, and undo walks it back answer by answer."""

from __future__ import annotations

import json

import pytest

from sfb_desk.data.saves import CURRENT_VERSION, load_game, save_game
from sfb_desk.engine.replay import replay, undo
from sfb_desk.engine.session import Session
from sfb_desk.rules.movement.speed import hexes_moved

from game_script import initial_state, script


@pytest.fixture(scope="module")
def played():
    """The game played answer by answer, with the state after every answer."""
    session = Session(initial_state())
    source = script()
    states = [session.state]
    while session.pending is not None:
        value, name = source.answer(session.pending, session)
        result = session.answer(value, name)
        assert not hasattr(result, "rule"), f"refused: {result}"
        states.append(session.state)
    source.check_finished()  # every scripted answer was asked for
    return session, states


def events_of(session, kind, turn=None):
    return [
        r for r in session.log
        if r.kind == "event" and r.data.kind == kind and (turn is None or r.turn == turn)
    ]


def test_the_game_plays_three_turns(played):
    session, _ = played
    assert session.finished and session.state.turn == 4
    assert [r.turn for r in events_of(session, "end_of_turn")] == [1, 2, 3]


def test_the_maneuvers_happened(played):
    session, _ = played
    (het,) = events_of(session, "het")
    assert (het.turn, het.impulse, het.data.get("facing")) == (1, 6, "B")
    (roll,) = events_of(session, "breakdown_roll")
    assert roll.data.get("roll") == 3 and roll.data.get("broken") is False
    slips = [r for r in events_of(session, "moved", 1) if r.data.get("how") == "slip left"]
    assert [(r.data.unit, r.impulse) for r in slips] == [("KRT", 4)]
    (tac,) = events_of(session, "tac")
    assert (tac.turn, tac.impulse, tac.data.unit) == (3, 5, "ENT")
    changes = [(r.data.unit, r.turn, r.impulse) for r in events_of(session, "speed_change")]
    assert ("KRT", 1, 17) in changes and ("ENT", 2, 9) in changes and ("ENT", 2, 21) in changes
    (unplotted,) = events_of(session, "unplotted_acceleration")
    assert unplotted.data.get("speed") == 10 and unplotted.data.get("impulse") == 21
    assert [r.data.kind for r in session.log if r.kind == "event" and r.data.kind.startswith("em_s")
            ] == ["em_started", "em_stopped"]
    (hit,) = events_of(session, "impact")
    assert hit.data.get("target") == "ENT" and (hit.turn, hit.impulse) == (1, 17)


def test_hexes_moved_follow_the_speed_plot(played):
    """KRT's turn-1 plot (20, then 10 from impulse 17) moves 15 hexes (C12.10, C12.21)."""
    session, _ = played
    krt = [r for r in events_of(session, "moved", 1) if r.data.unit == "KRT"]
    assert len(krt) == hexes_moved(((1, 20), (17, 10))) == 15
    ent3 = [r for r in events_of(session, "moved", 3) if r.data.unit == "ENT"]
    assert ent3 == []  # speed 0 all turn 3


def test_save_and_load_replays_to_an_identical_state(played, tmp_path):
    session, _ = played
    path = save_game(tmp_path / "duel.sfbsave", session)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "sfb-desk-save" and doc["version"] == CURRENT_VERSION
    loaded = load_game(path)
    assert loaded.state == session.state
    assert loaded.initial == session.initial
    assert loaded.log.answers() == session.log.answers()
    assert [r.data for r in loaded.log if r.kind == "event"] == session.log.events()
    assert replay(loaded.initial, loaded.log.answers()).state == session.state


def test_a_save_mid_game_resumes_where_it_stopped(played, tmp_path):
    session, states = played
    answers = session.log.answers()
    middle = replay(session.initial, answers[:300])
    path = save_game(tmp_path / "middle.sfbsave", middle)
    loaded = load_game(path)
    assert loaded.state == states[300] and loaded.pending == middle.pending
    # answering the rest of the game on the loaded session ends where the game ended
    for value, name in answers[300:]:
        assert not hasattr(loaded.answer(value, name), "rule")
    assert loaded.state == session.state


def test_undo_walks_back_answer_by_answer(played):
    """Undo is replaying one answer fewer, from the nearest impulse snapshot: walking back
    from the end one answer at a time, EVERY undo gives the state the game had after that
    many answers, down to the initial state."""
    session, states = played
    n = len(session.log.answers())
    current = session
    for k in range(n - 1, -1, -1):
        current = undo(current)
        assert len(current.log.answers()) == k
        assert current.state == states[k]
    assert current.state == session.initial
    assert undo(session, n).state == session.initial


def test_undo_then_the_same_answer_is_redo(played):
    session, states = played
    answers = session.log.answers()
    het_index = next(i for i, (v, _) in enumerate(answers) if v == "het B")
    before = replay(session.initial, answers[:het_index])
    assert before.pending.key == "T1.I6.move.ENT"
    assert before.state == states[het_index]
    before.answer("het B", "script")
    assert before.state == states[het_index + 1]
