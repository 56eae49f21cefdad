"""The cloaking device in the rules layer (G13; systems-facts section 4)."""

from __future__ import annotations

import pytest

from sfb_desk.rules.combat import effective_range
from sfb_desk.rules.systems import cloak as ck


def test_fade_out_takes_five_impulses_and_the_bonus_grows_to_5():
    """G13.14/G13.302: +1 an impulse of fade-out to +5, then cloaked."""
    state = ck.activate(ck.NO_CLOAK, 10, paid=True)
    assert [ck.cloak_bonus(state, c) for c in range(10, 16)] == [1, 2, 3, 4, 5, 5]
    assert [ck.now(state, c) for c in (10, 14, 15)] == [ck.FADING_OUT, ck.FADING_OUT, ck.CLOAKED]
    assert ck.blocks(state, 10) and ck.blocks(state, 15)


def test_fade_in_takes_five_impulses_and_the_bonus_shrinks_from_5():
    state = ck.settle(ck.activate(ck.NO_CLOAK, 1, paid=True), 20)
    state = ck.deactivate(state, 40)
    assert [ck.cloak_bonus(state, c) for c in range(40, 46)] == [5, 4, 3, 2, 1, 0]
    # G13.51/G13.132: no fire until the fade-in is complete.
    assert ck.blocks(state, 44) and not ck.blocks(state, 45)


def test_switching_refusals():
    assert ck.activate(ck.NO_CLOAK, 3, paid=False).rule == "G13.21"
    state = ck.activate(ck.NO_CLOAK, 3, paid=True)
    assert ck.activate(state, 4, paid=True).rule == "G13.14"
    assert ck.deactivate(ck.NO_CLOAK, 4).rule == "G13.15"
    back = ck.deactivate(ck.settle(state, 9), 9)
    assert ck.activate(back, 11, paid=True).rule == "G13.15"  # still fading in
    visible = ck.settle(back, 20)
    assert visible.status == ck.OFF
    assert ck.activate(visible, 20, paid=True).rule == "G13.14"  # once a turn (amarillo)
    assert isinstance(ck.activate(visible, 33, paid=True), ck.CloakState)  # next turn


def test_the_worked_range_example():
    """systems-facts 4 (sfb-player's worked example): true range 3, no lock-on -> 6, scanner +3
    -> 9, fully cloaked +5 -> 14."""
    assert effective_range(3, lock_on=False, scanner=3, cloak=5) == 14


@pytest.mark.parametrize("roll, damage", [(1, 12), (2, 12), (3, 6), (4, 6), (5, 3), (6, 3), (7, 0)])
def test_g13_37_damage_table(roll, damage):
    assert ck.cloak_damage(12, roll) == damage


def test_a_legendary_weapons_officer_subtracts_1_g22_73():
    assert ck.cloak_damage(12, 3, legendary=True) == 12
