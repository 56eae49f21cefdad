"""Who rolls the to-hit dice of a volley fired from two ships of a side (``DiceRequest.side``,
no one unit): the robot playing that side, the seeded dice when that side's switch is on, else
the table, never the other side's robot or switch (:class:`sfb_desk.qt.game_record.AutoAnswers`
in the worker's :func:`~sfb_desk.qt.game_record.advance`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sfb_desk.data.saves import load_game
from sfb_desk.engine.answers import Replay
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.engine.session import Session
from sfb_desk.qt.game_record import AutoAnswers, advance, record_of

FIXTURE = Path(__file__).parents[1] / "data" / "saves" / "v8_two_a_side_fleet_volley.sfbsave"


@pytest.fixture(scope="module")
def at_fleet_volley():
    """The v8 fixture's game waiting on its first volley from two ships of one side."""
    saved = load_game(FIXTURE)
    keys, answers = saved.log.answer_keys(), saved.log.answers()
    fleet = next(r.data for r in saved.log if r.kind == "prompt"
                 and isinstance(r.data, DiceRequest) and r.data.rule == "D6.315"
                 and r.data.unit is None)
    session = Session(saved.initial, saved.initial_combat, saved.specs)
    session.run(Replay(answers[: keys.index(fleet.key)]))
    assert session.pending == fleet and fleet.side
    other = next(u.side for u in session.state.units if u.side != fleet.side)
    return record_of(session), fleet, other


def _answer_to(step, key: str):  # noqa: ANN001
    return next((r for r in step.new_records if r.kind == "answer" and r.key == key), None)


def test_the_robot_of_the_side_rolls_its_volley(at_fleet_volley):
    record, fleet, other = at_fleet_volley
    step = advance(record, auto=AutoAnswers(robots={fleet.side: "captain"}))
    answer = _answer_to(step, fleet.key)
    assert answer is not None and answer.source == "robot" and len(answer.data) == fleet.count


def test_the_seeded_dice_of_the_side_roll_its_volley(at_fleet_volley):
    record, fleet, other = at_fleet_volley
    step = advance(record, auto=AutoAnswers({fleet.side}))
    answer = _answer_to(step, fleet.key)
    assert answer is not None and answer.source == "seeded"


@pytest.mark.parametrize("who", ["robot", "dice", "nobody"])
def test_the_table_rolls_it_unless_its_own_side_is_automatic(at_fleet_volley, who):
    record, fleet, other = at_fleet_volley
    auto = {"robot": AutoAnswers(robots={other: "captain"}),
            "dice": AutoAnswers({other}), "nobody": AutoAnswers()}[who]
    step = advance(record, auto=auto)
    assert _answer_to(step, fleet.key) is None and step.record.pending == fleet
