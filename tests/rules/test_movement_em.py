"""Erratic maneuvering (C10, S0 L480-682) and nimble units (C11, S0 L684-732)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import ORIGIN
from sfb_desk.rules.movement.em import (
    EM_ECM,
    announce_em,
    em_cost_hexes,
    em_ecm,
    em_energy,
    em_forbids,
    end_of_impulse,
    end_of_turn,
    pay_em,
)
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import SHUTTLE, SHUTTLE_PROFILE, EmState, MoveProfile, new_seeker, new_ship

OPTIONS = RuleOptions()
FRIGATE = MoveProfile(turn_mode="B", move_cost=Fraction(1, 2), warp=12, impulse=2)


def frigate(**changes):
    unit = new_ship("FF", "fed", FRIGATE, hex=ORIGIN, facing=0, speed=12)
    return replace(unit, **changes)


def start(unit, impulse):
    result = announce_em(unit, "start", impulse, OPTIONS)
    assert not isinstance(result, Refusal), result
    return end_of_impulse(result, impulse)[0]


def test_em_cost_c10_11_to_c10_13_s0_l486():
    """S0 L486: six hexes of movement; nimble three (L494); shuttles one point (L496)."""
    assert em_cost_hexes(frigate()) == 6 and em_energy(frigate()) == 3  # 6 x 1/2
    nimble = frigate(profile=replace(FRIGATE, nimble=True))
    assert em_cost_hexes(nimble) == 3
    shuttle = frigate(kind=SHUTTLE, profile=SHUTTLE_PROFILE)
    assert em_cost_hexes(shuttle) == 1


def test_em_starts_at_the_end_of_the_impulse_c10_311_s0_l553():
    unit = pay_em(frigate(), True, OPTIONS)
    assert not isinstance(unit, Refusal)
    announced = announce_em(unit, "start", 10, OPTIONS)
    assert not isinstance(announced, Refusal)
    assert not announced.em.active and em_ecm(announced) == 0  # not yet during the impulse
    after, event = end_of_impulse(announced, 10)
    assert after.em.active and em_ecm(after) == EM_ECM and event.kind == "em_started"


def test_em_must_be_paid_c10_11():
    refused = announce_em(frigate(), "start", 10, OPTIONS)
    assert isinstance(refused, Refusal) and refused.rule == "C10.11"


def test_em_starts_once_a_turn_c10_31_s0_l551():
    unit = start(pay_em(frigate(), True, OPTIONS), 5)
    stopped = end_of_impulse(announce_em(unit, "stop", 8, OPTIONS), 8)[0]
    refused = announce_em(stopped, "start", 12, OPTIONS)
    assert isinstance(refused, Refusal) and refused.rule == "C10.31"


def test_frigate_example_c10_6_s0_l674():
    """S0 L674-682: a frigate at speed 12 announces on impulse 32 that it continues EM into the
    next turn (so it must pay for it, C10.313); it drops EM at the end of impulse 17 and cannot
    resume it on impulse 18 even though it paid for the whole turn (C10.32)."""
    unit = start(pay_em(frigate(), True, OPTIONS), 3)
    unit = end_of_turn(unit)  # in EM after impulse 32, no stop announced
    assert unit.em.active and unit.em.must_pay
    refused = pay_em(unit, False, OPTIONS)
    assert isinstance(refused, Refusal) and refused.rule == "C10.313"
    unit = pay_em(unit, True, OPTIONS)
    assert not isinstance(unit, Refusal)
    assert unit.em.active and unit.em.started_this_turn  # continuous; its one start (C10.35)
    stop = announce_em(unit, "stop", 17, OPTIONS)
    assert not isinstance(stop, Refusal) and stop.em.active  # still in force during 17
    unit, event = end_of_impulse(stop, 17)
    assert not unit.em.active and event.kind == "em_stopped"
    again = announce_em(unit, "start", 18, OPTIONS)
    assert isinstance(again, Refusal) and again.rule in ("C10.31", "C10.32")


def test_announcement_on_impulse_32_carries_over_c10_312_s0_l555():
    """S0 L555: an announcement on impulse 32 takes effect next turn and must be paid there."""
    unit = frigate()
    announced = announce_em(unit, "start", 32, OPTIONS)  # unpaid this turn: allowed on 32
    assert not isinstance(announced, Refusal)
    unit = end_of_turn(end_of_impulse(announced, 32)[0])
    assert unit.em.must_pay
    assert isinstance(pay_em(unit, False, OPTIONS), Refusal)


def test_stopping_on_impulse_32_ends_the_obligation_c10_313_s0_l557():
    unit = start(pay_em(frigate(), True, OPTIONS), 3)
    unit = end_of_impulse(announce_em(unit, "stop", 32, OPTIONS), 32)[0]
    unit = end_of_turn(unit)
    assert not unit.em.must_pay
    assert not isinstance(pay_em(unit, False, OPTIONS), Refusal)


def test_em_forbids_launches_c10_511_s0_l623():
    """S0 L623: a unit using EM cannot launch drones, shuttles, ... or plasma torpedoes."""
    unit = frigate(em=EmState(paid=True, active=True))
    assert em_forbids(unit, "launch").rule == "C10.511"
    assert em_forbids(unit, "tractor").rule == "C10.521"
    assert em_forbids(frigate(), "launch") is None


def test_seeking_weapons_never_use_em_c10_17_s0_l518():
    """S0 L518: seeking weapons, including drones and plasma torpedoes, can never use EM."""
    drone = new_seeker("D", "kli", hex=ORIGIN, facing=0, speed=20, target=None)
    assert announce_em(drone, "start", 5, OPTIONS).rule == "C10.17"
    assert pay_em(drone, True, OPTIONS).rule == "C10.17"


def test_em_rule_can_be_switched_off():
    off = replace(OPTIONS, erratic_maneuvers=False)
    assert pay_em(frigate(), True, off).rule == "C10.0"
