"""A ship without power: emergency life support for crippled ships (S2.4, B3.3) and life
support alone when even that cannot be paid (decisions.md, B3.3)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import Allocation, initial_state, template, validate
from sfb_desk.rules.energy.costs import LIFE_SUPPORT
from sfb_desk.rules.ship import WARP_SYSTEMS

POWER = (*WARP_SYSTEMS, "impulse", "apr", "awr", "battery")


@pytest.fixture(scope="module")
def ca():
    return load_library().get("FED-CA")


def dead(spec, *, keep: tuple[str, ...] = ()) -> frozenset[str]:
    boxes = {f"{s}#{n}" for s in POWER for n in range(1, spec.count(s) + 1)}
    return frozenset(boxes - set(keep))


def bare(spec, **lines) -> Allocation:
    doc = dict(life_support="normal", fire_control="off", shields="off",
               speed_plot=((1, 0),))
    doc.update(lines)
    return Allocation(ship=spec.id, **doc)


def errors(alloc, spec, state):
    return [i for i in validate(alloc, spec, state) if i.is_error]


def test_crippled_ship_without_power_takes_emergency_life_support(ca):
    state = replace(initial_state(ca, destroyed=dead(ca)), crippled=True)
    assert errors(bare(ca, life_support="emergency"), ca, state) == []
    # Normal life support is more than it has, and it could take emergency: refused.
    assert [i.rule for i in errors(bare(ca), ca, state)] == ["B3.1"]


def test_template_of_a_crippled_ship_without_power_is_legal(ca):
    state = replace(initial_state(ca, destroyed=dead(ca)), crippled=True)
    alloc = template(ca, state)
    assert alloc.life_support == "emergency"
    # The template keeps shields and fire control; shedding them leaves a legal form.
    shed = replace(alloc, shields="off", fire_control="off", phaser_capacitor=F(0),
                   weapons=(), general_reinforcement=0, battery_recharge=F(0))
    assert errors(shed, ca, state) == []


def test_uncrippled_ship_may_not_take_emergency_life_support(ca):
    state = initial_state(ca)
    assert [i.rule for i in errors(bare(ca, life_support="emergency"), ca, state)] == ["S2.4"]


def test_life_support_alone_is_accepted_when_even_it_cannot_be_paid(ca):
    """Not crippled (as the state says) and no power: no form balances, so life support and
    nothing else is accepted with a B3.3 warning."""
    state = initial_state(ca, destroyed=dead(ca))
    assert not state.crippled
    issues = validate(bare(ca), ca, state)
    assert [i for i in issues if i.is_error] == []
    assert [i.rule for i in issues if not i.is_error and i.rule == "B3.3"] == ["B3.3"]
    # Anything more than life support is still refused (B3.1).
    assert "B3.1" in {i.rule for i in errors(bare(ca, fire_control="low"), ca, state)}


def test_life_support_alone_must_use_the_batteries_first(ca):
    """One battery box left holding 1/2 (less than the CA's life support): the form must
    discharge it before life support alone is accepted."""
    state = replace(initial_state(ca, destroyed=dead(ca, keep=("battery#1",))),
                    battery_charge=F(1, 2))
    assert LIFE_SUPPORT[ca.size_class] > state.supply(ca).battery_charge == F(1, 2)
    assert "B3.1" in {i.rule for i in errors(bare(ca), ca, state)}
    assert errors(bare(ca, battery_discharge=F(1, 2)), ca, state) == []


def test_life_support_within_power_is_never_excused(ca):
    """One impulse box left pays the CA's life support (1): nothing is excused, and a form
    spending more is refused as before (B3.1)."""
    state = initial_state(ca, destroyed=dead(ca, keep=("impulse#1",)))
    assert LIFE_SUPPORT[ca.size_class] == state.supply(ca).total == 1
    issues = validate(bare(ca), ca, state)
    assert [i for i in issues if i.is_error or i.rule == "B3.3"] == []
    over = bare(ca, fire_control="active")
    assert "B3.1" in {i.rule for i in errors(over, ca, state)}
