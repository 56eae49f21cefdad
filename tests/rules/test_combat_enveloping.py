"""Enveloping damage over all six shields: hellbores (E10.4) and enveloping plasma (FP5).

Reference basic-set-facts.md G4.4 and G7; the remainder placement is a rule option
(decisions.md FP5.31).
"""

from __future__ import annotations

from sfb_desk.rules.combat import (
    CombatOptions,
    ShieldState,
    apply_enveloping,
    enveloping_shares,
    remainder_needed,
    set_reinforcement,
)
from sfb_desk.rules.combat.enveloping import EPT, HELLBORE
from sfb_desk.rules.combat.options import REMAINDER_ROUND_UP
from sfb_desk.rules.results import Refusal

D7 = (30, 22, 15, 13, 15, 22)


def test_hellbore_weakest_shield_takes_one_part_the_others_share_the_last():
    """Reference G7 (E10.41x, JP's quote): divide by 1 + X; each weakest shield takes one
    part, the last part is spread over the other shields. D7 shields: #4 (13) is weakest.
    20 points: #4 takes 10, the other five share 10."""
    assert enveloping_shares(ShieldState.fresh(D7), 20, HELLBORE) == (0, {1: 2, 2: 2, 3: 2, 4: 10, 5: 2, 6: 2})


def test_hellbore_two_weakest_shields_and_the_owners_leftover():
    """Two weakest shields (#3 and #5, 10 boxes each):
    divide by 3; 13 points: 4, 4, and 5 over four others: 1 each plus one left over that the
    owner places (FP5.31 reading, at most one a shield)."""
    state = ShieldState.fresh((20, 20, 10, 20, 10, 20))
    assert remainder_needed(state, 13, HELLBORE) == (1, (1, 2, 4, 6))
    general, shares = enveloping_shares(state, 13, HELLBORE, remainder_to=(6,))
    assert shares == {1: 1, 2: 1, 3: 4, 4: 1, 5: 4, 6: 2}
    assert sum(shares.values()) == 13


def test_general_reinforcement_comes_off_the_total_first():
    """D3.3412 (reference 5.7, G4.4, G7)."""
    state = set_reinforcement(ShieldState.fresh(D7), 8, (0,) * 6)
    general, shares = enveloping_shares(state, 20, HELLBORE)
    assert general == 8 and sum(shares.values()) == 12 and shares[4] == 6


def test_enveloping_plasma_splits_evenly_and_the_owner_places_the_rest():
    """Reference G4.4 (FP5): split evenly over all six shields; fractions dropped, the owner
    places the leftover, at most one point a shield (FP5.31, SP)."""
    state = ShieldState.fresh(D7)
    assert remainder_needed(state, 50, EPT) == (2, (1, 2, 3, 4, 5, 6))
    _, shares = enveloping_shares(state, 50, EPT, remainder_to=(1, 4))
    assert shares == {1: 9, 2: 8, 3: 8, 4: 9, 5: 8, 6: 8}
    _, default = enveloping_shares(state, 50, EPT)  # default: the strongest shields
    assert default == {1: 9, 2: 9, 3: 8, 4: 8, 5: 8, 6: 8}


def test_bad_placements_are_refused():
    state = ShieldState.fresh(D7)
    assert enveloping_shares(state, 50, EPT, remainder_to=(1, 1)).rule == "FP5.31"
    assert enveloping_shares(state, 50, EPT, remainder_to=(1,)).rule == "FP5.31"
    assert enveloping_shares(state, 48, EPT, remainder_to=(1,)).rule == "FP5.31"
    state2 = ShieldState.fresh((20, 20, 10, 20, 10, 20))
    assert enveloping_shares(state2, 13, HELLBORE, remainder_to=(3,)).rule == "E10.41"


def test_round_up_option_rounds_every_share_up():
    """TG's reading (reference G4.4), a rule option."""
    _, shares = enveloping_shares(ShieldState.fresh(D7), 50, EPT,
                                  options=CombatOptions(enveloping_remainder=REMAINDER_ROUND_UP))
    assert set(shares.values()) == {9}


def test_all_shields_equally_weak_splits_evenly():
    state = ShieldState.fresh((10,) * 6)
    assert enveloping_shares(state, 12, HELLBORE) == (0, {k: 2 for k in range(1, 7)})


def test_apply_enveloping_penetrates_the_weakest_shield():
    state, internal, penetrated, events = apply_enveloping(ShieldState.fresh(D7), 40, HELLBORE)
    assert (internal, penetrated) == (7, (4,))  # #4 takes 20 against 13 boxes
    assert state.boxes == (26, 18, 11, 0, 11, 18)
    assert events[0].kind == "enveloping" and events[0].get("shares") == (4, 4, 4, 20, 4, 4)


def test_apply_enveloping_passes_refusals_on():
    assert isinstance(apply_enveloping(ShieldState.fresh(D7), 50, EPT, remainder_to=(9, 9)), Refusal)
