"""High energy turns, breakdown and the warp restriction (C6, C12.38; reference G6.8)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.movement.core import Moved, apply_order, parse_move_order
from sfb_desk.rules.movement.het import (
    apply_breakdown_facing,
    breakdown_check,
    het_refusal,
    resolve_breakdown_roll,
    warp_allows,
)
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import (
    SHUTTLE,
    SHUTTLE_PROFILE,
    EmState,
    HetState,
    MoveProfile,
    new_seeker,
    new_ship,
)

OPTIONS = RuleOptions()
FED_CA = MoveProfile(turn_mode="D", breakdown=5, warp=30, impulse=4, crew_units=43,
                     warp_systems=(("left_warp", 15), ("right_warp", 15)))


def ship(speed=12, profile=FED_CA, hets=1, **changes):
    unit = new_ship("ENT", "fed", profile, hex=hex_from_label("2215"), facing=0, speed=speed)
    changes.setdefault("het", HetState(paid=hets))
    return replace(unit, **changes)


def het(unit, facing="D", impulse=10, turn=1, options=OPTIONS):
    order = parse_move_order(f"het {facing}")
    return apply_order(unit, order, turn=turn, impulse=impulse, options=options)


def test_het_turns_in_place_to_any_facing_and_resets_counters_c6_32():
    result = het(ship(speed=12), "D", impulse=10)  # speed 12 does not move on impulse 10
    assert isinstance(result, Moved)
    unit = result.unit
    assert unit.facing == 3 and unit.hex == hex_from_label("2215")
    assert (unit.straight, unit.since_slip) == (0, 0)
    assert result.breakdown_roll and not result.then_move
    assert unit.het.made == 1 and unit.het.last_clock == 10


def test_het_on_an_impulse_the_ship_moves_then_moves_c6_33():
    """C6.33 as JP quotes it: "A ship may make a High Energy Turn during any impulse whether it
    is scheduled to move or not." (reference G6.8)"""
    result = het(ship(speed=12), "B", impulse=11)  # speed 12 moves on 11
    assert isinstance(result, Moved) and result.then_move


def test_het_on_impulse_one_is_an_option_c6_33_c6_37():
    assert isinstance(het(ship(), impulse=1), Moved)
    strict = replace(OPTIONS, het_on_impulse_1=False)
    refused = het(ship(), impulse=1, options=strict)
    assert isinstance(refused, Refusal) and refused.rule == "C6.37"


def test_het_needs_energy_c6_2():
    refused = het(ship(hets=0))
    assert isinstance(refused, Refusal) and refused.rule == "C6.2"
    free = replace(OPTIONS, require_maneuver_energy=False)
    assert isinstance(het(ship(hets=0), options=free), Moved)


def test_hets_must_be_spaced_c6_36():
    first = het(ship(hets=2), "D", impulse=10)
    assert isinstance(first, Moved)
    too_soon = het(first.unit, "A", impulse=13)
    assert isinstance(too_soon, Refusal) and too_soon.rule == "C6.36"
    assert isinstance(het(first.unit, "A", impulse=14), Moved)
    eight = replace(OPTIONS, het_min_gap=8)
    assert isinstance(het(first.unit, "A", impulse=14, options=eight), Refusal)


def test_hets_per_turn_c6_34():
    unit = ship(hets=5, het=HetState(paid=5, made=4, last_clock=-99))
    refused = het(unit)
    assert isinstance(refused, Refusal) and refused.rule == "C6.34"


def test_same_facing_is_not_an_het():
    assert isinstance(het(ship(), "A"), Refusal)


def test_shuttles_and_seekers_cannot_het_c6_4_s0_l700():
    """S0 L700 (C11.22): "Shuttles, other than fighters, cannot perform HETs (C6.4)"."""
    shuttle = replace(ship(profile=SHUTTLE_PROFILE), kind=SHUTTLE)
    assert het_refusal(shuttle, 3, 10, 10, OPTIONS).rule == "C6.4"
    drone = new_seeker("D1", "kli", hex=hex_from_label("2215"), facing=0, speed=20, target=None)
    assert het_refusal(drone, 3, 10, 10, OPTIONS).rule == "C6.4"


def test_fighter_under_em_cannot_het_c10_135_s0_l510():
    """S0 L510 (C10.135): "Fighters cannot perform an HET while under EM." """
    fighter = replace(ship(profile=replace(SHUTTLE_PROFILE, fighter=True, can_het=True)),
                      kind=SHUTTLE, em=EmState(paid=True, active=True))
    assert het_refusal(fighter, 3, 10, 10, OPTIONS).rule == "C10.135"


def test_warp_restriction_example_c12_38_s0_l917():
    """S0 L917: 30 warp boxes, 4 impulse, movement cost 1: no HET (nor EM) at speed 31."""
    unit = ship(speed=31)
    refused = het(unit, impulse=10)
    assert isinstance(refused, Refusal) and refused.rule == "C12.38"
    assert not warp_allows(unit, 6)  # EM from warp alone
    assert warp_allows(unit, 6, from_impulse_power=6)  # C12.382: EM power from impulse
    assert isinstance(het(ship(speed=26)), Moved)


def test_war_cruiser_can_het_at_speed_31_c12_381_s0_l921():
    """S0 L921: 24 warp at movement cost 2/3: 20 for speed 31 (30 warp hexes), 3 1/3 for an
    HET."""
    war_cruiser = replace(FED_CA, warp=24, move_cost=Fraction(2, 3))
    unit = ship(speed=31, profile=war_cruiser, warp_at_start=24)
    assert warp_allows(unit, 5)
    assert isinstance(het(unit), Moved)


# --- breakdown (C6.5) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "bonus_used", "broken"),
    [(6, False, True), (5, False, True), (4, False, False), (6, True, False), (1, True, False)],
)
def test_breakdown_on_the_rating_with_the_first_het_bonus(roll, bonus_used, broken):
    used = 0 if bonus_used else 1  # a ship with its bonus spent rolls unmodified
    unit = ship(het=HetState(paid=1, bonuses_used=used))
    result, modified, used_now = breakdown_check(unit, roll, OPTIONS)
    assert result is broken and used_now is bonus_used
    assert modified == roll - (2 if bonus_used else 0)


def test_em_adds_one_to_het_rolls_c10_55_s0_l669():
    """S0 L669: "One is added to all HET die rolls." Nimble ships exempt (L671)."""
    spent = HetState(paid=1, bonuses_used=1)
    em = EmState(paid=True, active=True)
    assert breakdown_check(ship(het=spent, em=em), 4, OPTIONS) == (True, 5, False)
    nimble = ship(het=replace(spent, bonuses_used=2), em=em,
                  profile=replace(FED_CA, nimble=True, het_bonuses=2))
    assert breakdown_check(nimble, 4, OPTIONS) == (False, 4, False)


def test_nimble_ships_have_two_bonus_hets_c11_22_s0_l700():
    """S0 L700: nimble units "make two high energy turns with reduced chance of breakdown"."""
    nimble = ship(profile=replace(FED_CA, nimble=True, het_bonuses=2))
    first, _, _ = resolve_breakdown_roll(nimble, 6, OPTIONS, turn=1, impulse=10, clock=10)
    assert first.het.bonuses_used == 1
    second, events, broken = resolve_breakdown_roll(first, 6, OPTIONS, turn=1, impulse=20,
                                                    clock=20)
    assert not broken and second.het.bonuses_used == 2 and events[0].get("bonus") is True
    third, _, broken = resolve_breakdown_roll(second, 6, OPTIONS, turn=1, impulse=30, clock=30)
    assert broken


def test_computer_ship_g11_14_s0_l4113():
    """S0 L4113 (G11.14): -1 on all HET rolls; after the bonus an unmodified 6 always breaks
    down."""
    computer = replace(FED_CA, computer=True, breakdown=6)
    spent = HetState(paid=1, bonuses_used=1)
    assert breakdown_check(ship(profile=computer, het=spent), 6, OPTIONS)[0] is True
    assert breakdown_check(ship(profile=computer, het=spent), 5, OPTIONS) == (False, 4, False)


def test_breakdown_effects_c6_54():
    unit = ship(speed=12, plot=((1, 12),), em=EmState(paid=True, active=True),
                het=HetState(paid=1, bonuses_used=1),
                profile=replace(FED_CA, nimble=True, het_bonuses=1))
    new, events, broken = resolve_breakdown_roll(unit, 6, OPTIONS, turn=2, impulse=10, clock=42)
    assert broken
    assert new.speed == 0 and new.plot == ((1, 12), (10, 0))
    assert new.immobile_until == 58 and new.no_fire_until == 50  # 16 and 8 impulses
    assert new.accel_zero_turn == 3  # C2.233
    assert new.nimble_lost and not new.nimble  # C11.31
    assert new.het.breakdowns == 1 and not new.em.active
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["breakdown_roll", "breakdown", "crew_lost"]
    crew = next(e for e in events if e.kind == "crew_lost")
    assert crew.get("crew_units") == 15  # 43 / 3 rounded up (C6.5421)
    boxes = next(e for e in events if e.kind == "boxes_destroyed").get("boxes")
    assert boxes == ("left_warp#5", "left_warp#10", "left_warp#15", "right_warp#5",
                     "right_warp#10", "right_warp#15")  # every fifth of 30 (C6.5422)
    assert set(boxes) <= new.destroyed
    assert next(e for e in events if e.kind == "internal_hits").get("hits") == 2
    assert "nimble_lost" in kinds
    # the rating is worse by one now (C6.544): a 4 breaks down next time
    assert breakdown_check(new, 4, OPTIONS)[0] is True
    assert het_refusal(new, 2, 11, 43, OPTIONS).rule == "C6.541"


def test_breakdown_facing_roll():
    unit, event = apply_breakdown_facing(ship(), 4)
    assert unit.facing == 3 and event.get("facing") == "D"
