"""Answer sources: scripted, seeded dice, defaults, chains, replays."""

from __future__ import annotations

import pytest

from sfb_desk.engine.answers import (
    NO_ANSWER,
    At,
    Chain,
    Defaults,
    Replay,
    Scripted,
    ScriptError,
    SeededDice,
)
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders, check_choice, check_dice
from sfb_desk.rules.results import Refusal


class FakeSession:
    class state:  # noqa: N801 - a stand-in for session.state
        dice_seed = 5


MOVE = Orders("T1.I4.move.A", "movement", "move", unit="A", default="straight")
PLOT = Orders("T1.plot.A", "speed_plot", "plot", unit="A")
ROLL = DiceRequest("T1.I4.breakdown.A", "Breakdown roll for A (C6.5)")


def test_scripted_plain_items_answer_prompts_without_defaults():
    script = Scripted([12, [4]])
    assert script.answer(PLOT, FakeSession) == (12, "script")
    assert script.answer(MOVE, FakeSession) == ("straight", "default")
    assert script.answer(ROLL, FakeSession) == ([4], "script")
    assert script.answer(PLOT, FakeSession) is NO_ANSWER


def test_scripted_keyed_items_answer_their_prompt_once():
    script = Scripted([At("T1.I4.move.A", "turn left")])
    assert script.answer(MOVE, FakeSession) == ("turn left", "script")
    assert script.answer(MOVE, FakeSession) == ("straight", "default")
    script.check_finished()


def test_unused_script_items_are_reported():
    script = Scripted([1, At("T9.I9.move.Z", "stay")])
    with pytest.raises(ScriptError):
        script.check_finished()
    with pytest.raises(ScriptError):
        Scripted([At("k", 1), At("k", 2)])


def test_seeded_dice_answer_dice_only():
    dice = SeededDice()
    value, name = dice.answer(ROLL, FakeSession)
    assert name == "seeded" and 1 <= value[0] <= 6
    assert dice.answer(MOVE, FakeSession) is NO_ANSWER
    assert SeededDice(seed=5).answer(ROLL, FakeSession) == (value, "seeded")


def test_chain_defaults_and_replay():
    chain = Chain(SeededDice(), Defaults())
    assert chain.answer(MOVE, FakeSession) == ("straight", "default")
    assert chain.answer(PLOT, FakeSession) is NO_ANSWER
    replay = Replay([(1, "a"), (2, "b")])
    assert replay.answer(PLOT, FakeSession) == (1, "a") and replay.remaining == 1
    assert replay.answer(ROLL, FakeSession) == (2, "b")
    assert replay.answer(ROLL, FakeSession) is NO_ANSWER


def test_dice_answers_are_checked():
    two = DiceRequest("k", "DAC rolls", "2d6", 2)
    assert check_dice(two, [7, 12]) == (7, 12)
    assert check_dice(ROLL, 3) == (3,)
    for bad in ([1], [7, 13], [1, 2, 3], "7", [True, 2]):
        assert isinstance(check_dice(two, bad), Refusal)


def test_choice_answers_are_checked():
    choice = Choice("k", "Shield?", ("1", "2"), rule="D3.43")
    assert check_choice(choice, "2") == "2"
    refusal = check_choice(choice, "3")
    assert isinstance(refusal, Refusal) and refusal.rule == "D3.43"
