"""Replay and undo: errors for answers that do not fit."""

from __future__ import annotations

import pytest

from sfb_desk.engine.replay import ReplayError, replay, undo
from sfb_desk.engine.session import Session
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.units import MoveProfile, new_ship

STATE = GameState(
    units=(new_ship("A", "fed", MoveProfile(warp=30), hex=Hex(0, 0), facing=0, speed=8),),
    last_turn=1,
)


def test_a_refused_answer_stops_the_replay():
    with pytest.raises(ReplayError, match="refused"):
        replay(STATE, [(40, "script")])  # too fast for a ship at 8 (C2.21)


def test_answers_left_over_are_an_error():
    session = Session(STATE)
    session.answer(8)
    session.answer({})
    from sfb_desk.engine.answers import Defaults

    session.run(Defaults())
    assert session.finished
    answers = session.log.answers() + [("straight", "script")]
    with pytest.raises(ReplayError, match="left over"):
        replay(STATE, answers)


def test_undo_bounds():
    session = Session(STATE)
    session.answer(8)
    assert undo(session).pending.key == "T1.plot.A"
    with pytest.raises(ValueError):
        undo(session, 2)
