"""Shields (D3): reinforcement, down and dropped shields, reserve power, bleed-through.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; "reference" = ../shared/reference/basic-set-facts.md.
"""

from __future__ import annotations

import pytest

from sfb_desk.rules.combat import (
    DOWN,
    DROPPED,
    UP,
    CombatOptions,
    Reinforcement,
    ShieldState,
    add_specific,
    apply_to_shields,
    choose_shield,
    drop_shield,
    end_turn,
    raise_shield,
    set_reinforcement,
)
from sfb_desk.rules.combat.shields import destroyed_shield_boxes, repair_boxes, set_energized
from sfb_desk.rules.results import Refusal

CA = (30, 24, 20, 20, 20, 24)


def applied(*args, **kwargs):
    result = apply_to_shields(*args, **kwargs)
    assert not isinstance(result, Refusal), result
    return result


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_fd14_example_four_points_on_a_two_box_shield():
    """S0 L3931 (FD14 example, the shield part of a large spearfish: 4 points of shield
    damage): "two points will eliminate the shield, allowing the remaining two points to also
    be scored as internal damage"."""
    state = ShieldState.fresh((2, 2, 2, 2, 2, 2))
    new, internal, events = applied(state, 1, 4)
    assert (new.boxes[0], internal) == (0, 2)
    assert kinds(events) == ["shield_boxes", "shield_down", "internal_damage"]


def test_fd14_example_one_point_of_reinforcement_stops_one_excess_point():
    """S0 L3931: "If one point of shield reinforcement had been allocated to the shield, then
    only one of the two excess points of shield damage would be scored"."""
    state = set_reinforcement(ShieldState.fresh((2,) * 6), 0, (1, 0, 0, 0, 0, 0))
    new, internal, _ = applied(state, 1, 4)
    assert (new.boxes[0], new.specific[0], internal) == (0, 0, 1)


def test_fd14_example_reserve_power_blocks_everything_and_the_shield_keeps_its_boxes():
    """S0 L3931: "three points of reserve power ... together with the one allocated ... would
    block all the damage to the shield ... It would still have a two-box shield"; FD14.22
    (L3933): reserve power is converted to specific reinforcement (H7.134)."""
    state = set_reinforcement(ShieldState.fresh((2,) * 6), 0, (1, 0, 0, 0, 0, 0))
    new, internal, events = applied(state, 1, 4, Reinforcement(specific=3))
    assert (new.boxes[0], internal, new.specific[0]) == (2, 0, 0)
    assert kinds(events) == ["reserve_reinforcement", "specific_reinforcement"]
    assert events[1].get("points") == 4


def test_order_general_then_specific_then_boxes():
    """FD14.22 (S0 L3933): general reinforcement, specific reinforcement, printed boxes."""
    state = set_reinforcement(ShieldState.fresh(CA), 3, (0, 0, 5, 0, 0, 0))
    new, internal, events = applied(state, 3, 30)
    assert [e.get("points") for e in events] == [3, 5, 20, None, 2]
    assert kinds(events) == ["general_reinforcement", "specific_reinforcement", "shield_boxes",
                             "shield_down", "internal_damage"]
    assert (new.general, new.specific[2], new.boxes[2], internal) == (0, 0, 0, 2)


def test_general_reinforcement_stops_damage_from_any_direction_and_is_shared():
    """D3.341 (reference 5.7): one pool, used first on whichever shield is struck."""
    state = set_reinforcement(ShieldState.fresh(CA), 5, (0,) * 6)
    state, _, _ = applied(state, 1, 3)
    state, _, _ = applied(state, 4, 3)
    assert (state.general, state.boxes[0], state.boxes[3]) == (0, 30, 19)


def test_down_shield_general_reinforcement_still_blocks():
    """D3.343 as quoted in reference 5.7: "A shield that is down (or which has been dropped)
    cannot be reinforced, but general reinforcement would still block fire from that
    direction"."""
    state = drop_shield(set_reinforcement(ShieldState.fresh(CA), 4, (0,) * 6), 1, clock=3)
    new, internal, events = applied(state, 1, 10)
    assert (internal, new.boxes[0], new.general) == (6, 30, 0)
    assert kinds(events) == ["general_reinforcement", "internal_damage"]


def test_down_shield_option_lets_everything_through():
    """The amarillo reading of D3.343 as a rule option."""
    state = drop_shield(set_reinforcement(ShieldState.fresh(CA), 4, (0,) * 6), 1, clock=3)
    options = CombatOptions(down_shield_general_blocks=False)
    new, internal, _ = applied(state, 1, 10, options=options)
    assert (internal, new.general) == (10, 4)


def test_a_down_or_dropped_or_destroyed_shield_cannot_be_reinforced():
    """D3.343; H7.345 (reference G6.12): reserve may only reinforce a shield, never raise it;
    S0 L3931: reinforcement goes on a shield that still has boxes."""
    fresh = ShieldState.fresh(CA)
    dropped = drop_shield(fresh, 2, clock=1)
    assert set_reinforcement(dropped, 0, (0, 1, 0, 0, 0, 0)).rule == "D3.343"
    assert apply_to_shields(dropped, 2, 5, Reinforcement(specific=1)).rule == "D3.343"
    assert add_specific(dropped, 2, 1).rule == "D3.343"
    destroyed, _, _ = applied(fresh, 4, 20)
    assert destroyed.is_down(4) and set_reinforcement(destroyed, 0, (0, 0, 0, 1, 0, 0)).rule == "D3.343"
    unpowered = set_energized(fresh, False)
    assert unpowered.status == (DOWN,) * 6
    assert set_reinforcement(unpowered, 2, (0,) * 6).general == 2  # general is not on a shield


def test_reserve_general_left_over_stays_for_the_turn():
    """FD14.22 (S0 L3933): reserve power committed is converted to general reinforcement."""
    new, internal, _ = applied(ShieldState.fresh(CA), 1, 3, Reinforcement(general=5))
    assert (new.general, new.boxes[0], internal) == (2, 30, 0)
    assert Reinforcement(general=5, specific=1).energy == 11  # H7.2: 2 a general, 1 a specific


def test_add_specific_commits_reserve_ahead_of_the_volley():
    state = add_specific(ShieldState.fresh(CA), 3, 4)
    assert state.specific == (0, 0, 4, 0, 0, 0)
    assert state.strength(3) == 24


def test_illegal_reinforcement_values_are_refused():
    fresh = ShieldState.fresh(CA)
    assert set_reinforcement(fresh, -1, (0,) * 6).rule == "D3.34"
    assert set_reinforcement(fresh, 0, (0,) * 5).rule == "D3.342"
    assert apply_to_shields(fresh, 1, 1, Reinforcement(general=-2)).rule == "H7.134"


def test_drop_and_raise_a_quarter_turn_later():
    """S0 L995 and L2560 (D3.51): dropped shields must remain dropped for 8 impulses, "cannot
    be raised for 1/4 turn after the impulse in which they were dropped"."""
    state = drop_shield(ShieldState.fresh(CA), 5, clock=10)
    assert state.status[4] == DROPPED and state.dropped_at[4] == 10
    early = raise_shield(state, 5, clock=17)
    assert isinstance(early, Refusal) and early.rule == "D3.51"
    up = raise_shield(state, 5, clock=18)
    assert up.status[4] == UP and up.dropped_at[4] is None
    assert drop_shield(state, 5, clock=11).rule == "D3.5"
    assert raise_shield(ShieldState.fresh(CA), 5, clock=11).rule == "D3.51"


def test_end_of_turn_loses_unused_reinforcement():
    """Reference 5.7 (D3.342): unused reinforcement is lost at the end of the turn."""
    state = end_turn(set_reinforcement(ShieldState.fresh(CA), 3, (1, 2, 3, 4, 5, 6)))
    assert (state.general, state.specific) == (0, (0,) * 6)


def test_boundary_shot_needs_the_owners_choice():
    """D3.43 (reference G2; seed 002 L704, E11.351)."""
    assert choose_shield((3,), None) == 3
    assert choose_shield((6, 1), 1) == 1
    assert choose_shield((6, 1), None).rule == "D3.43"
    assert choose_shield((6, 1), 2).rule == "D3.43"
    assert choose_shield((), None).rule == "D3.42"


def test_repair_and_destroyed_box_ids():
    """D9.21 shield repair, capped at the printed strength; box ids of ship.py."""
    state, _, _ = applied(ShieldState.fresh((3, 2, 0, 0, 0, 0)), 1, 2)
    assert destroyed_shield_boxes(state) == ("shield1#2", "shield1#3")
    assert repair_boxes(state, 1, 5).boxes[0] == 3
    assert destroyed_shield_boxes(repair_boxes(state, 1, 1)) == ("shield1#3",)


def test_shield_state_validation_is_a_programming_error():
    with pytest.raises(ValueError):
        ShieldState.fresh((1, 2, 3))
    with pytest.raises(ValueError):
        ShieldState(boxes=(5,) * 6, printed=(4,) * 6)
    with pytest.raises(ValueError):
        apply_to_shields(ShieldState.fresh(CA), 7, 1)
    with pytest.raises(ValueError):
        apply_to_shields(ShieldState.fresh(CA), 1, -1)
