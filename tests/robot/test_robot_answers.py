"""The robot answers every prompt kind the session asks its side in a duel, only its own side's
prompts, and never an answer the session refuses."""

from __future__ import annotations

import pytest
from robot_games import library, play_until, robots, start

from sfb_desk.engine.answers import NO_ANSWER
from sfb_desk.engine.log import ANSWER, PROMPT, REFUSED
from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.robot import LEVELS, Robot
from sfb_desk.robot.duel import play_duel
from sfb_desk.robot.series import DEFAULT10


def _kind(prompt) -> str:
    if isinstance(prompt, Orders):
        return prompt.kind
    if isinstance(prompt, DiceRequest):
        return "dice"
    what = prompt.key.split(".")
    for marker in ("dac", "shield", "repair", "d22", "disengage"):
        if marker in what:
            return f"choice:{marker}"
    return "choice"


def _answered(session) -> dict[str, set[str]]:
    """Prompt kinds answered, by source."""
    prompts = {}
    out: dict[str, set[str]] = {}
    for rec in session.log:
        if rec.kind == PROMPT:
            prompts[rec.key] = rec.data
        elif rec.kind == ANSWER:
            out.setdefault(rec.source, set()).add(_kind(prompts[rec.key]))
    return out


def test_levels_are_named_and_described():
    assert list(LEVELS) == ["cadet", "captain", "commodore"]
    for name, lv in LEVELS.items():
        assert lv.name == name and lv.description and "\n" not in lv.description


@pytest.mark.parametrize(("ship_a", "ship_b", "seed"), [
    ("KLI-D7", "ROM-KR", 1),  # drones, plasma, DAC choices, reserve power, D22
    ("FED-CA", "KLI-D7", 3),  # photons and disruptors, repairs
])
def test_every_prompt_kind_of_a_duel_is_answered_by_the_robot(ship_a, ship_b, seed):
    result = play_duel(ship_a, ship_b, seed, turns=5, library=library())
    session = result.session
    assert not [r for r in session.log if r.kind == REFUSED]
    kinds = _answered(session)
    assert set(kinds) == {"robot"}  # no prompt was left to a default or another source
    assert {"energy_allocation", "movement", "announce", "fire", "launches",
            "dice"} <= kinds["robot"]



def test_choices_reserve_and_seeker_launches_come_up_and_are_answered():
    seen: set[str] = set()
    for a, b, seed in (("KLI-D7", "ROM-KR", 1), ("FED-CA", "KLI-D7", 3),
                       ("GOR-CA", "KZI-BC", 0), ("FED-DD", "KLI-D6", 1)):
        session = play_duel(a, b, seed, turns=5, library=library()).session
        seen |= _answered(session)["robot"]
        launched = [r for r in session.log if r.kind == ANSWER and ".launch." in r.key
                    and r.data]
        if a == "KLI-D7":
            assert any("drones" in v for r in launched for v in r.data.values())
            assert any("plasma" in v for r in launched for v in r.data.values())
    assert {"choice:dac", "choice:repair", "reserve_reinforcement"} <= seen


def test_the_robot_answers_only_its_own_side():
    session = start()
    fed, kli = robots(session)
    prompt = session.pending
    assert isinstance(prompt, Orders) and prompt.kind == "energy_allocation"
    owner, other = (fed, kli) if session.state.find(prompt.unit).side == fed.side else (kli, fed)
    assert other.answer(prompt, session) is NO_ANSWER
    value, source = owner.answer(prompt, session)
    assert source == "robot" and isinstance(value, dict) and "speed_plot" in value


def test_a_prompt_of_no_side_is_answered_only_in_solo_play():
    session = start()
    dice = DiceRequest("T1.test.roll", "a roll for nobody", "2d6", 3)
    choice = Choice("T1.test.pick", "pick for nobody", ("x", "y"), default="y")
    orders = Orders("T1.test.orders", "fire", "orders of nobody")
    table = Robot("Federation", "captain", 5)
    solo = Robot("Federation", "captain", 5, solo=True)
    for prompt in (dice, choice, orders):
        assert table.answer(prompt, session) is NO_ANSWER
    rolls, _ = solo.answer(dice, session)
    assert len(rolls) == 3 and all(2 <= r <= 12 for r in rolls)
    assert solo.answer(choice, session) == ("y", "robot")
    assert solo.answer(orders, session) is NO_ANSWER


def test_bad_level_and_seed_are_refused_with_the_levels_named():
    with pytest.raises(ValueError, match="cadet, captain, commodore"):
        Robot("Federation", "admiral")
    with pytest.raises(ValueError, match="whole number"):
        Robot("Federation", "cadet", seed="7")


def test_movement_is_one_of_the_prompt_options():
    session = start()
    players = robots(session, ("commodore", "cadet"))
    for _ in range(6):
        prompt = play_until(session, players,
                            lambda p, s: isinstance(p, Orders) and p.kind == "movement")
        robot = next(r for r in players if r.mine(prompt, session))
        value, _ = robot.answer(prompt, session)
        assert value in prompt.options and value != "het"
        session.answer(value, "robot")


@pytest.mark.parametrize(("ship_a", "ship_b"), DEFAULT10)
def test_ten_pairings_two_seeds_never_refused(ship_a, ship_b):
    for seed, levels in ((0, ("captain", "commodore")), (1, ("cadet", "captain"))):
        result = play_duel(ship_a, ship_b, seed, turns=3, levels=levels, library=library())
        assert not [r for r in result.session.log if r.kind == REFUSED]
        assert result.turns_played <= 3
