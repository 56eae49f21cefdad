"""The procedure as prompts (DESIGN.md section 4), input checks, and the state's API."""

from __future__ import annotations

import pytest

from sfb_desk.rules.damage import (
    FRESH,
    ChoiceNeeded,
    DamageState,
    RollsNeeded,
    Volley,
    allocate_damage,
    allocation_steps,
    check_rolls,
    compile_ship,
)
from sfb_desk.rules.ship import Weapon
from test_damage_support import make_ship, walk

SHIP = make_ship(
    (Weapon("A", "PHOTON", "photon"), Weapon("1", "DRONE", "drone")),
    bridge=2, forward_hull=4, excess=2,
)


def finish(gen, *answers):
    """Send ``answers`` in turn; return (prompts seen, result)."""
    seen = []
    try:
        prompt = next(gen)
        for answer in answers:
            seen.append(prompt)
            prompt = gen.send(answer)
        seen.append(prompt)
        raise AssertionError(f"generator still asking: {prompt}")
    except StopIteration as stop:
        return seen, stop.value


def test_choice_prompt_then_answer():
    gen = allocation_steps(SHIP, FRESH, Volley(1), [8])  # row 7: L Any Weapon
    seen, result = finish(gen, "photon#A")
    (prompt,) = seen
    assert isinstance(prompt, ChoiceNeeded)
    assert (prompt.point, prompt.roll, prompt.column, prompt.entry) == (1, 8, "L", "Any Weapon")
    assert prompt.options == ("photon#A", "drone#1") and prompt.default in prompt.options
    assert walk(result) == [("L", "photon#A")]


def test_wrong_answer_repeats_the_prompt_with_an_error():
    gen = allocation_steps(SHIP, FRESH, Volley(1), [8])
    seen, result = finish(gen, "phaser#9", "drone#1")
    assert seen[1].error and "phaser#9" in seen[1].error and seen[1].options == seen[0].options
    assert walk(result) == [("L", "drone#1")] and result.events[0].choice.by == "owner"


def test_none_takes_the_default():
    gen = allocation_steps(SHIP, FRESH, Volley(1), [8])
    seen, result = finish(gen, None)
    assert result.events[0].box == seen[0].default and result.events[0].choice.by == "default"


def test_more_rolls_continue_the_same_volley():
    """A RollsNeeded answered with more rolls keeps the volley: Bridge* stays used (D4.31)."""
    gen = allocation_steps(SHIP, FRESH, Volley(2), [2])
    seen, result = finish(gen, [2])
    assert isinstance(seen[0], RollsNeeded) and (seen[0].point, seen[0].missing) == (2, 1)
    assert walk(result) == [("A", "bridge#1"), ("K", "forward_hull#1")]
    assert result.complete and result.rolls_used == 2


def test_bad_rolls_in_an_answer_are_refused():
    gen = allocation_steps(SHIP, FRESH, Volley(2), [2])
    seen, result = finish(gen, [13], [6])
    assert "(D4.21)" in seen[1].error and "13" in seen[1].error
    assert walk(result) == [("A", "bridge#1"), ("A", "forward_hull#1")]


def test_no_more_rolls_leaves_the_volley_incomplete():
    gen = allocation_steps(SHIP, FRESH, Volley(3), [6])
    seen, result = finish(gen, None)
    assert not result.complete and result.missing_rolls == 2 and len(result.events) == 1
    assert result.state.is_destroyed("forward_hull#1")


def test_fewer_rolls_than_points_stops_after_the_last_roll():
    result = allocate_damage(SHIP, FRESH, Volley(4), [6, 6])
    assert (result.complete, result.missing_rolls, result.rolls_used) == (False, 2, 2)
    assert [e.box for e in result.events] == ["forward_hull#1", "forward_hull#2"]


@pytest.mark.parametrize("bad", [13, 1, 0, -3, "7", 7.5, True, None])
def test_rolls_outside_2_to_12_are_refused_with_d4_21(bad):
    result = allocate_damage(SHIP, FRESH, Volley(3), [6, bad, 6])
    assert not result.complete and len(result.events) == 0 and result.state is FRESH
    (issue,) = result.issues
    assert issue.rule == "D4.21" and "point 2" in issue.message


def test_check_rolls_accepts_all_totals():
    assert check_rolls(list(range(2, 13))) == ()
    assert [i.message for i in check_rolls([12, 13], first_point=5)] == [
        "point 6: a DAC roll is the total of 2d6 (2..12), not 13"
    ]


def test_bad_volley_is_refused():
    result = allocate_damage(SHIP, FRESH, Volley(1, shields=(7,)), [6])
    assert [i.rule for i in result.issues] == ["D3.1"]
    negative = allocate_damage(SHIP, FRESH, Volley(-1), [])
    assert [i.rule for i in negative.issues] == ["D4.2"]


def test_state_of_another_ship_is_refused():
    other = make_ship(impulse=2)
    result = allocate_damage(SHIP, DamageState.for_ship(other), Volley(1), [6])
    assert result.issues and "another ship" in result.issues[0].message


def test_chooser_answering_outside_the_options_is_a_programming_error():
    with pytest.raises(ValueError, match="not offered"):
        allocate_damage(SHIP, FRESH, Volley(1), [8], chooser=lambda prompt: "nonsense")


def test_zero_points():
    result = allocate_damage(SHIP, FRESH, Volley(0), [])
    assert result.complete and len(result.events) == 0 and result.state.destroyed == frozenset()


def test_state_is_immutable_and_input_state_untouched():
    start = DamageState.for_ship(SHIP, ["bridge#1"])
    result = allocate_damage(SHIP, start, Volley(3), [6, 6, 6])
    assert start.destroyed == {"bridge#1"}
    assert result.state.destroyed == {"bridge#1", "forward_hull#1", "forward_hull#2", "forward_hull#3"}
    with pytest.raises(AttributeError):
        result.state.ship_destroyed = True  # type: ignore[misc]
    with pytest.raises(AttributeError):
        result.events[0].box = "x"  # type: ignore[misc]


def test_replaced_state_does_not_reuse_stale_free_lists():
    """The allocator's private cache is tied to the exact marks it was built for."""
    first = allocate_damage(SHIP, FRESH, Volley(1), [6])
    repaired = first.state.with_marks(repair=["forward_hull#1"])
    again = allocate_damage(SHIP, repaired, Volley(1), [6])
    assert walk(again) == [("A", "forward_hull#1")]


def test_state_helpers():
    state = DamageState.for_ship(SHIP, ["bridge#2", "photon#A"])
    assert state.is_destroyed("photon#A") and not state.is_destroyed("bridge#1")
    assert not state.is_destroyed("no-such-box") and not FRESH.is_destroyed("bridge#1")
    assert state.with_marks(repair=["photon#A"]).destroyed == {"bridge#2"}
    with pytest.raises(ValueError, match="not a box"):
        state.with_marks(destroy=["warp#99"])


def test_compile_ship_is_cached_per_spec_and_options():
    assert compile_ship(SHIP) is compile_ship(SHIP)
    layout = compile_ship(SHIP)
    assert compile_ship(layout) is layout
    assert layout.box_ids == SHIP.box_ids()
