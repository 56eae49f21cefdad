"""Declared shots: situation, arcs, fire control, lock-on and rate of fire (sfb_desk.rules.combat.fire).

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; "reference" = ../shared/reference/basic-set-facts.md.
The Fed CA and Klingon D7 mounts are those of ssd_data/ships (arcs as the ship files give them).
"""

from __future__ import annotations

import pytest

from sfb_desk.rules.combat import (
    PASSIVE,
    FireControl,
    FiringHistory,
    ShotOrder,
    ShotResult,
    check_rate_of_fire,
    check_shot,
    fire_shots,
    record_shot,
    resolve_shot,
    shot_dice,
    situation,
)
from sfb_desk.rules.combat.rate import turn_of
from sfb_desk.rules.combat.weapons import DIRECT_FIRE_WEAPONS
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import clock_of

PH1_FH = Weapon("1", "PH-1", "phaser", ("FH",))
PH1_LEFT = Weapon("3", "PH-1", "phaser", ("LF", "L"), (13,))  # Fed CA phaser #3: may fire astern
PHOTON_FA = Weapon("A", "PHOTON", "photon", ("FA",))
ADD_360 = Weapon("1", "ADD", "add", ("360",))
PHG = Weapon("G", "PH-G", "phaser", ("360",))
DISR_FA = Weapon("A", "DISRUPTOR", "disruptor", ("FA",))
HELLBORE_FA = Weapon("A", "HELLBORE", "hellbore", ("FA",))

AHEAD = situation(hex_from_label("2215"), 0, hex_from_label("2211"), 3, clock=5)  # range 4, dead ahead
ASTERN = situation(hex_from_label("2215"), 0, hex_from_label("2218"), 0, clock=5)  # range 3, dead astern


def test_situation_geometry_range_bearing_and_shields():
    """D1.4 range, D2 bearing, D3.4 shields: the D7 in 2211 facing D (toward the CA) shows the
    CA its #1 shield; the CA's own #1 shield faces the D7 (feedback, E4.431)."""
    assert (AHEAD.true_range, AHEAD.bearing, AHEAD.from_bearing) == (4, 1, 1)
    assert AHEAD.target_shield.shields == (1,) and AHEAD.firer_shield.shields == (1,)
    assert (ASTERN.bearing, ASTERN.target_shield.shields) == (13, (1,))  # it faces away from us


def test_same_hex_uses_the_d342_direction_both_ways():
    """D3.42 (decisions.md): at range 0 the table supplies the direction of the target."""
    where = situation(hex_from_label("1010"), 0, hex_from_label("1010"), 0, same_hex_direction=1)
    assert (where.true_range, where.bearing) == (0, 5)
    assert where.target_shield.shields == (5,)  # the firer is in direction E of the target
    blind = situation(hex_from_label("1010"), 0, hex_from_label("1010"), 0)
    assert blind.bearing == 0 and blind.target_shield.same_hex


def test_arcs_and_extra_bearings():
    """D2 with D2.33 extra bearings (reference G1.2; arcs.arc_mask)."""
    assert check_shot(ShotOrder(PH1_FH), AHEAD) is None
    assert check_shot(ShotOrder(PH1_FH), ASTERN).rule == "D2"
    assert check_shot(ShotOrder(PH1_LEFT), ASTERN) is None  # extra bearing 13
    assert check_shot(ShotOrder(PHOTON_FA), ASTERN).rule == "D2"
    assert check_shot(ShotOrder(Weapon("X", "PH-1", "phaser")), AHEAD).rule == "D2"


def test_passive_fire_control_doubles_the_range_and_stops_at_true_range_5():
    """S0 L2340 (D19.11) doubled range; S0 L2360 (D19.23): "The maximum true range to the
    target for direct-fire weapons can be no more than five hexes"."""
    passive = situation(hex_from_label("2215"), 0, hex_from_label("2211"), 3,
                        fire_control=FireControl(PASSIVE))
    assert passive.effective_range == 8
    result = resolve_shot(ShotOrder(PH1_FH), passive, 1)
    assert isinstance(result, ShotResult) and result.effective_range == 8 and result.damage == 4
    far = situation(hex_from_label("2215"), 0, hex_from_label("2209"), 3, fire_control=FireControl(PASSIVE))
    assert check_shot(ShotOrder(PH1_FH), far).rule == "D19.23"


def test_passive_fire_control_has_no_eccm_in_the_situation_shift():
    """D19.12: the caller computes the shift with passive=True (test_combat_ranges_ew)."""
    assert AHEAD.passive is False


def test_no_lock_on_doubles_and_may_push_a_weapon_out_of_range():
    """D6.123 (reference G1.1): "A no-lock-on shot whose effective range exceeds the weapon's
    maximum cannot be fired"."""
    where = situation(hex_from_label("2215"), 0, hex_from_label("2200"), 3, lock_on=False)
    assert (where.true_range, where.effective_range) == (15, 30)
    assert check_shot(ShotOrder(Weapon("3", "PH-3", "phaser", ("FH",))), where).rule == "D1.4"
    assert check_shot(ShotOrder(PH1_FH), where) is None


def test_anti_drone_needs_a_lock_on():
    """Reference G4.3 (E5.14) and G3 (D6.124)."""
    where = situation(hex_from_label("2215"), 0, hex_from_label("2213"), 3, lock_on=False)
    assert check_shot(ShotOrder(ADD_360), where).rule == "E5.14"
    passive = situation(hex_from_label("2215"), 0, hex_from_label("2213"), 3, fire_control=FireControl(PASSIVE))
    assert check_shot(ShotOrder(ADD_360), passive).rule == "E5.14"
    derfacs = ShotOrder(DISR_FA, "derfacs")
    assert check_shot(derfacs, where).rule == "D6.124"


def test_anti_drone_shift_is_the_em_penalty_not_the_ew_shift():
    """E5.15, C10.49: the situation's ``add_shift`` applies, ``shift`` does not."""
    where = situation(hex_from_label("2215"), 0, hex_from_label("2212"), 3, shift=3, add_shift=1)
    result = resolve_shot(ShotOrder(ADD_360), where, 3)
    assert isinstance(result, ShotResult) and (result.shift, result.hit) == (1, True)
    assert resolve_shot(ShotOrder(ADD_360), where, 4).hit is False  # 4 + 1 against 1-4 at range 3


def test_fire_control_off_and_activation_delay():
    off = situation(hex_from_label("2215"), 0, hex_from_label("2211"), 3, fire_control=FireControl("off"))
    assert check_shot(ShotOrder(PH1_FH), off).rule == "D6.6"
    waking = situation(hex_from_label("2215"), 0, hex_from_label("2211"), 3,
                       fire_control=FireControl(usable_from=9), clock=8)
    assert check_shot(ShotOrder(PH1_FH), waking).rule == "D6.633"


def test_mode_and_unknown_weapon_refusals():
    assert check_shot(ShotOrder(PH1_FH, "overload"), AHEAD).rule == "E2"
    assert check_shot(ShotOrder(Weapon("1", "DRONE", "drone", ("360",))), AHEAD).rule == "FD3"


def test_dice_prompt_per_shot():
    """Every die is a prompt: 1d6 for most, 2d6 for the hellbore (E10)."""
    assert shot_dice(ShotOrder(PH1_FH)) == "1d6"
    assert shot_dice(ShotOrder(HELLBORE_FA)) == "2d6"


# --- rate of fire ------------------------------------------------------------------------------


def test_no_weapon_fires_twice_within_8_impulses_across_the_turn_boundary():
    """Reference G7 (E1.50): per weapon, counted across the turn boundary."""
    photon = DIRECT_FIRE_WEAPONS["PHOTON"]
    history = record_shot(FiringHistory(), "photon#A", clock_of(1, 28))
    assert check_rate_of_fire(history, photon, "photon#A", clock_of(2, 3)).rule == "E1.50"
    assert check_rate_of_fire(history, photon, "photon#A", clock_of(2, 4)) is None
    assert check_rate_of_fire(history, photon, "photon#B", clock_of(2, 3)) is None


def test_a_phaser_fires_once_a_turn():
    """Reference G7 (E2.22): a phaser fires at most once a turn, and E1.50 still applies."""
    ph1 = DIRECT_FIRE_WEAPONS["PH-1"]
    history = record_shot(FiringHistory(), "phaser#1", clock_of(1, 2))
    assert check_rate_of_fire(history, ph1, "phaser#1", clock_of(1, 30)).rule == "E2.22"
    assert check_rate_of_fire(history, ph1, "phaser#1", clock_of(2, 1)) is None
    late = record_shot(FiringHistory(), "phaser#1", clock_of(1, 32))
    assert check_rate_of_fire(late, ph1, "phaser#1", clock_of(2, 1)).rule == "E1.50"


def test_phaser_g_fires_four_times_a_turn_without_the_gap():
    """Reference G4.5 (E2.151)."""
    phg = DIRECT_FIRE_WEAPONS["PH-G"]
    history = FiringHistory()
    for _ in range(4):
        assert check_rate_of_fire(history, phg, "phaser#G", 10) is None
        history = record_shot(history, "phaser#G", 10)
    assert check_rate_of_fire(history, phg, "phaser#G", 11).rule == "E2.151"
    assert check_rate_of_fire(history, phg, "phaser#G", clock_of(2, 1)) is None


def test_anti_drone_one_round_an_impulse():
    """Reference G4.3 (E5.13) and G7 (E1.213: exempt from the gap)."""
    add = DIRECT_FIRE_WEAPONS["ADD"]
    history = record_shot(FiringHistory(), "add#1", 10)
    assert check_rate_of_fire(history, add, "add#1", 10).rule == "E5.13"
    assert check_rate_of_fire(history, add, "add#1", 11) is None


def test_history_forgets_what_no_longer_matters():
    history = FiringHistory()
    for clock in (1, 20, 40, 45):
        history = record_shot(history, "photon#A", clock)
    assert history.shots == (("photon#A", 40), ("photon#A", 45))
    assert turn_of(32) == 1 and turn_of(33) == 2


def test_fire_shots_records_each_shot_and_refuses_a_second_in_the_same_impulse():
    results, history = fire_shots([(ShotOrder(PH1_FH), 1), (ShotOrder(PH1_FH), 2),
                                   (ShotOrder(PHOTON_FA), 3)], AHEAD)
    assert isinstance(results[0], ShotResult) and results[0].damage == 5
    assert isinstance(results[1], Refusal) and results[1].rule == "E2.22"
    assert isinstance(results[2], ShotResult) and results[2].hit
    assert history.shots == (("phaser#1", 5), ("photon#A", 5))


@pytest.mark.parametrize("weapon", [PH1_FH, PHOTON_FA, DISR_FA])
def test_refused_shots_do_not_enter_the_history(weapon):
    out_of_arc = situation(hex_from_label("2215"), 0, hex_from_label("2218"), 0, clock=5)
    results, history = fire_shots([(ShotOrder(weapon), 1)], out_of_arc)
    assert isinstance(results[0], Refusal) and history.shots == ()
