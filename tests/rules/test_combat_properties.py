"""Properties of direct fire and shields over random inputs (hypothesis).

* shields: every point is accounted for (general + specific + boxes + internal = damage);
  reinforcement, reserve power included, never increases the internal damage; a down shield
  loses no boxes;
* shots: a larger EW shift never helps the firer (no more hits, no more damage), for every
  weapon, mode, range and die; the effective range is never below the true range when the
  scanner is not negative and grows with it;
* enveloping: the shares add up to the damage less general reinforcement;
* volleys: grouping keeps every hit once, each group homogeneous; a volley's DAC events are
  exactly its internal points.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.rules.combat import (
    CombatTarget,
    Hit,
    Reinforcement,
    ShieldState,
    ShotResult,
    apply_enveloping,
    apply_to_shields,
    effective_range,
    enveloping_shares,
    fire_weapon,
    group_volleys,
    resolve_volley,
)
from sfb_desk.rules.combat.enveloping import EPT, HELLBORE
from sfb_desk.rules.combat.shields import DROPPED, UP
from sfb_desk.rules.combat.volley import STEPS
from sfb_desk.rules.combat.weapons import DIRECT_FIRE_WEAPONS, max_range, min_range
from sfb_desk.rules.ship import ShipSpec, Weapon

small = st.integers(min_value=0, max_value=30)


@st.composite
def shield_states(draw) -> ShieldState:
    printed = tuple(draw(st.lists(small, min_size=6, max_size=6)))
    boxes = tuple(draw(st.integers(0, p)) for p in printed)
    status = tuple(draw(st.lists(st.sampled_from((UP, UP, UP, DROPPED)), min_size=6, max_size=6)))
    specific = tuple(
        0 if (s != UP or b == 0) else draw(st.integers(0, 8)) for s, b in zip(status, boxes, strict=True)
    )
    return ShieldState(boxes, printed, status, draw(st.integers(0, 10)), specific)


def accounted(before: ShieldState, after: ShieldState, reserve: Reinforcement) -> int:
    general = before.general + reserve.general - after.general
    specific = sum(before.specific) + reserve.specific - sum(after.specific)
    boxes = sum(before.boxes) - sum(after.boxes)
    return general + specific + boxes


@given(shield_states(), st.integers(1, 6), st.integers(0, 80))
def test_every_point_is_accounted_for(state, shield, damage):
    after, internal, _ = apply_to_shields(state, shield, damage)
    assert accounted(state, after, Reinforcement()) + internal == damage
    if state.is_down(shield):
        assert after.boxes == state.boxes


@given(shield_states(), st.integers(1, 6), st.integers(0, 80), st.integers(0, 10), st.integers(0, 10))
def test_reinforcement_never_increases_internals(state, shield, damage, general, specific):
    _, bare, _ = apply_to_shields(state, shield, damage)
    reserve = Reinforcement(general, 0 if state.is_down(shield) else specific)
    after, braced, _ = apply_to_shields(state, shield, damage, reserve)
    assert braced <= bare
    assert accounted(state, after, reserve) + braced == damage


@given(shield_states(), st.integers(0, 120), st.sampled_from((EPT, HELLBORE)))
def test_enveloping_shares_add_up(state, damage, kind):
    general, shares = enveloping_shares(state, damage, kind)
    assert general == min(state.general, damage)
    assert sum(shares.values()) == damage - general and min(shares.values()) >= 0
    after, internal, penetrated, _ = apply_enveloping(state, damage, kind)
    assert accounted(state, after, Reinforcement()) + internal == damage
    assert (internal > 0) == bool(penetrated)


CASES = [
    (code, mode) for code, w in sorted(DIRECT_FIRE_WEAPONS.items()) for mode in w.modes
]


@settings(max_examples=400)
@given(st.sampled_from(CASES), st.data(), st.integers(-2, 6))
def test_more_ew_shift_never_helps_the_firer(case, data, shift):
    """E1.821 / E1.822 (reference G3): more shift, never more hits nor more damage."""
    code, mode = case
    weapon = DIRECT_FIRE_WEAPONS[code]
    true_range = data.draw(st.integers(min_range(weapon, mode), max_range(weapon, mode)))
    low, high = (2, 12) if weapon.dice == "2d6" else (1, 6)
    roll = data.draw(st.integers(low, high))
    a = fire_weapon(weapon, mode, true_range=true_range, roll=roll, shift=shift)
    b = fire_weapon(weapon, mode, true_range=true_range, roll=roll, shift=shift + 1)
    assert isinstance(a, ShotResult) and isinstance(b, ShotResult)
    assert b.damage <= a.damage and (a.hit or not b.hit)


@given(st.integers(0, 60), st.booleans(), st.booleans(), st.integers(0, 9), st.integers(0, 5))
def test_effective_range_is_at_least_true_range_and_grows_with_it(rng, lock_on, passive, scanner, cloak):
    here = effective_range(rng, lock_on=lock_on, passive=passive, scanner=scanner, cloak=cloak)
    there = effective_range(rng + 1, lock_on=lock_on, passive=passive, scanner=scanner, cloak=cloak)
    assert rng <= here < there


hits = st.builds(
    Hit,
    firer=st.sampled_from("ABC"),
    target=st.sampled_from("TU"),
    damage=st.integers(0, 20),
    shield=st.integers(1, 6),
    step=st.sampled_from(STEPS),
    feedback=st.booleans(),
)


@given(st.lists(hits, max_size=30))
def test_grouping_keeps_every_hit_once(hit_list):
    groups = group_volleys(hit_list)
    assert Counter(h for g in groups for h in g.hits) == Counter(hit_list)
    for g in groups:
        assert {(h.target, h.step, h.shield, h.feedback) for h in g.hits} == {(g.target, g.step, g.shield, g.feedback)}
    assert [STEPS.index(g.step) for g in groups] == sorted(STEPS.index(g.step) for g in groups)


SHIP = ShipSpec(
    id="TEST-PROP", race="GEN", race_name="test", class_code="P", name="prop",
    systems=(("bridge", 2), ("forward_hull", 6), ("aft_hull", 4), ("left_warp", 6), ("right_warp", 6),
             ("impulse", 2), ("cargo", 2), ("lab", 2), ("battery", 2)),
    weapons=(Weapon("1", "PH-1", "phaser", ("FA",)), Weapon("A", "PHOTON", "photon", ("FA",))),
    shields=(10, 8, 8, 8, 8, 8), excess_damage=5, crew_units=20, boarding_parties=4,
)


@settings(max_examples=60)
@given(st.integers(0, 60), st.integers(1, 6), st.lists(st.integers(2, 12), min_size=60, max_size=60))
def test_volley_dac_events_are_the_internal_points(damage, shield, rolls):
    target = CombatTarget.fresh("T", SHIP)
    [group] = group_volleys([Hit("A", "T", damage, shield)])
    outcome = resolve_volley(target, group, rolls)
    assert outcome.internal == max(0, damage - SHIP.shields[shield - 1])
    assert len(outcome.dac.events) == outcome.internal and outcome.complete
