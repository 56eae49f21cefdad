"""One shot on its chart (sfb_desk.rules.combat.resolve.fire_weapon), with the seeds' examples.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002; "reference" is
../shared/reference/basic-set-facts.md. The charts themselves are tested in test_charts_*.py;
here the question is whether a shot reads the right chart, the right range and the right mode,
and whether illegal shots are refused with their rule.
"""

from __future__ import annotations

import pytest

from sfb_desk.rules.charts.ew import ew_shift
from sfb_desk.rules.charts.heavy_weapons import disruptor_result, fusion_damage, photon_hit
from sfb_desk.rules.charts.phasers import phaser_damage
from sfb_desk.rules.charts.seeking import plasma_warhead
from sfb_desk.rules.combat import CombatOptions, ShotResult, fire_weapon
from sfb_desk.rules.combat.options import BOLT_NO_DAMAGE
from sfb_desk.rules.combat.weapons import DIRECT_FIRE_WEAPONS, direct_fire_weapon, max_range, min_range
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.weapon_types import WEAPON_TYPES


def shot(*args, **kwargs) -> ShotResult:
    result = fire_weapon(*args, **kwargs)
    assert isinstance(result, ShotResult), result
    return result


def refused(*args, **kwargs) -> Refusal:
    result = fire_weapon(*args, **kwargs)
    assert isinstance(result, Refusal), result
    return result


# --- the seeds' and the rulebook's worked examples --------------------------------------------


def test_e1822_rulebook_example_ph1_range_3_die_4_with_9_ecm():
    """Reference G3 (E1.822, the rulebook example): "9 ECM is shift 3; a Ph-1 at range 3
    rolling 4 becomes die 6 in the range-4 column"."""
    assert ew_shift(9) == 3
    result = shot("ph-1", true_range=3, roll=4, shift=3)
    assert result.damage == phaser_damage("phaser-1", 6, 4) == 2
    assert result.notes == ("E1.822: die 4 shift +3 reads die 6 in the range-4 column",)


def test_seed2_l151_hydran_hellbores_at_range_7_with_a_plus_2_shift():
    """S2 L151 (D10.13 example): two hellbores at range 7, "die rolls of 7 and 5 are adjusted
    by a +2 die roll shift ... to a 7 and a 9, resulting in one hit for 13 points"."""
    first, second = (shot("hellbore", true_range=7, roll=r, shift=2) for r in (7, 5))
    assert (first.hit, second.hit) == (False, True)
    assert second.damage == 13 and second.enveloping
    assert first.damage == 0


def test_seed2_l360_three_overloaded_disruptor_hits_at_range_4_are_24_points():
    """S2 L360 (D10.6, turn 2): "a Klingon D7 scores three hits with overloaded disruptors
    from range 4, a total of 24 points" (E3.52: double damage)."""
    hits = [shot("disruptor", "overload", true_range=4, roll=r) for r in (1, 3, 4)]
    assert all(h.hit for h in hits) and sum(h.damage for h in hits) == 24


def test_seed2_l366_long_range_disruptor_hits_score_3_each():
    """S2 L366 (D10.6, turn 3): a range-15 disruptor shot, "two disruptor hits (6 points)",
    and the F5's single hit "(3 points)"."""
    assert [shot("disruptor", true_range=15, roll=r).damage for r in (2, 4)] == [3, 3]
    assert shot("disruptor", true_range=15, roll=5).hit is False  # 1-4 at 9-15


def test_seed2_l374_overloaded_disruptors_at_ranges_6_4_and_8():
    """S2 L374 (D10.6, turn 5): the D7 with its UIM "scores three out of four hits (18
    points)" at range 6; the D5 "fires both disruptors from range 4 ... two hits with 16
    points"; the F5 "fires from range 8, scoring one hit (6 points)"."""
    d7 = [shot("disruptor", "uim-overload", true_range=6, roll=r) for r in (1, 2, 5, 6)]
    assert sum(h.hit for h in d7) == 3 and sum(h.damage for h in d7) == 18
    assert sum(shot("disruptor", "overload", true_range=4, roll=r).damage for r in (1, 2)) == 16
    assert shot("disruptor", "overload", true_range=8, roll=3).damage == 6


def test_negative_shift_never_reads_below_the_first_row_nor_a_nearer_column():
    """S0 L5358 (G22.721, E1.812): a modified roll below the chart's minimum is the minimum;
    S0 L5002 (G21.02, E1.83): a negative modifier cannot shift to a lower range column."""
    assert shot("ph-1", true_range=3, roll=1, shift=-1).damage == phaser_damage("ph-1", 1, 3) == 6
    assert shot("ph-1", true_range=3, roll=2, shift=-1).damage == phaser_damage("ph-1", 1, 3)
    assert shot("photon", true_range=5, roll=4, shift=-1).hit is True  # 3 against 1-3


# --- every weapon reads its own chart ---------------------------------------------------------


@pytest.mark.parametrize("code", ["PH-1", "PH-2", "PH-3", "PH-4", "PH-G"])
def test_phasers_read_their_tables_at_the_effective_range(code):
    table_max = max_range(DIRECT_FIRE_WEAPONS[code], "standard")
    for rng in range(0, table_max + 1, 7):
        for die in range(1, 7):
            result = shot(code, true_range=rng // 2, effective_range=rng, roll=die)
            assert result.damage == phaser_damage(code, die, rng)
            assert result.hit == (result.damage > 0)


def test_phaser_g_uses_the_phaser_3_table():
    """G4.5, E2.15: the phaser-G fires on the phaser-3 table."""
    assert [shot("ph-g", true_range=3, roll=d).damage for d in range(1, 7)] == [
        shot("ph-3", true_range=3, roll=d).damage for d in range(1, 7)
    ]


@pytest.mark.parametrize("mode", ["standard", "overload", "suicide"])
def test_fusion_modes_read_their_tables(mode):
    for rng in (0, 1, 2, 5, 8):
        for die in range(1, 7):
            assert shot("fusion", mode, true_range=rng, roll=die).damage == fusion_damage(die, rng, mode)


def test_tr_beams_heavy_light_and_a_heavy_fired_as_light():
    """E9.35/E9.36: a TRH may fire as a TRL."""
    assert shot("tr-h", true_range=7, roll=1).damage == 18
    assert shot("tr-h", "light", true_range=7, roll=1).damage == 9
    assert shot("tr-l", true_range=7, roll=1).damage == 9


def test_disruptor_damage_by_true_range_hit_by_effective_range():
    """E3.33 (reference G1.1): hit number at effective range, damage at true range."""
    result = shot("disruptor", true_range=2, effective_range=8, roll=4)
    expected = disruptor_result(8, 4, true_range=2)
    assert (result.hit, result.damage) == (expected.hit, expected.damage) == (True, 4)
    assert any(n.startswith("E3.33") for n in result.notes)
    assert shot("disruptor", true_range=2, effective_range=8, roll=5).hit is False  # 1-4 at 5-8


def test_photon_standard_proximity_and_overload():
    assert shot("photon", true_range=2, roll=5).damage == 8
    assert shot("photon", true_range=2, roll=6).hit is False
    prox = shot("photon", "proximity", true_range=10, roll=4)
    assert (prox.hit, prox.damage) == (True, 4)
    over = shot("photon", "overload", true_range=1, roll=6)
    assert (over.hit, over.damage, over.feedback) == (True, 16, 4)
    assert shot("photon", "overload", true_range=1, roll=6, energy=5.0).damage == 10  # E4.413
    assert shot("photon", "overload", true_range=3, roll=4).feedback == 0


def test_proximity_photon_inside_9_hexes_misses_automatically():
    """Reference G1.1 (E4.32): a proximity-fused photon misses inside true range 9; it fires
    (and is spent) but cannot hit."""
    result = shot("photon", "proximity", true_range=6, roll=1)
    assert (result.hit, result.damage, result.rule) == (False, 0, "E4.32")


def test_disruptor_overload_feedback_at_range_0_on_a_hit():
    """E3.54: an overloaded disruptor at range 0 feeds 2 back on a hit (decisions.md)."""
    assert shot("disruptor", "overload", true_range=0, roll=6).feedback == 2
    assert shot("disruptor", "overload", true_range=0, roll=6, shift=1).feedback == 0


def test_plasma_bolts_hit_numbers_and_half_warhead_option():
    """FP8: bolts hit on 1-4 at 0-5 ... 1 at 21-30; damage is half the warhead (AM, option)."""
    result = shot("plasma-s", true_range=4, roll=4)
    assert plasma_warhead("S", 4) == 30
    assert (result.hit, result.damage) == (True, 15)
    assert shot("plasma-s", true_range=4, roll=5).hit is False
    assert shot("plasma-f", true_range=14, roll=2).damage == 2  # F warhead 5 at 13-14, halved
    none = shot("plasma-r", true_range=4, roll=1, options=CombatOptions(plasma_bolt_damage=BOLT_NO_DAMAGE))
    assert (none.hit, none.damage) == (True, 0)


def test_anti_drone_destroys_the_drone_and_scores_nothing():
    hit = shot("add", true_range=3, roll=4)
    assert (hit.hit, hit.destroys_drone, hit.damage) == (True, True, 0)
    assert shot("add", true_range=3, roll=5).destroys_drone is False


def test_hellbore_overload_damage_and_2d6():
    result = shot("hellbore", "overload", true_range=0, roll=11)
    assert (result.hit, result.damage) == (True, 30)
    assert shot("hellbore", true_range=20, roll=6).damage == 8


# --- refusals, each with its rule ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "rule"),
    [
        (("photon",), {"true_range": 1, "roll": 1}, "E4.14"),
        (("photon", "proximity"), {"true_range": 1, "roll": 1}, "E4.14"),
        (("hellbore",), {"true_range": 0, "roll": 2}, "E10.33"),
        (("disruptor",), {"true_range": 0, "roll": 1}, "E3"),
        (("add",), {"true_range": 0, "roll": 1}, "E5"),
        (("add",), {"true_range": 4, "roll": 1}, "E5"),
        (("ph-1",), {"true_range": 76, "roll": 1}, "E2"),
        (("ph-3",), {"true_range": 10, "effective_range": 20, "roll": 1}, "D1.4"),
        (("photon", "overload"), {"true_range": 9, "roll": 1}, "E4.42"),
        (("disruptor", "overload"), {"true_range": 9, "roll": 1}, "E3.53"),
        (("fusion", "overload"), {"true_range": 9, "roll": 1}, "E7.41"),
        (("hellbore", "overload"), {"true_range": 9, "roll": 2}, "E10.6"),
        (("disruptor",), {"true_range": 31, "roll": 1}, "E3"),
        (("ph-1",), {"true_range": 3, "roll": 0}, "E2"),
        (("ph-1",), {"true_range": 3, "roll": 7}, "E2"),
        (("hellbore",), {"true_range": 3, "roll": 1}, "E10"),
        (("hellbore",), {"true_range": 3, "roll": 13}, "E10"),
        (("ph-1", "overload"), {"true_range": 3, "roll": 3}, "E2"),
        (("plasma-d",), {"true_range": 3, "roll": 3}, "FP9.13"),
        (("DRONE",), {"true_range": 3, "roll": 3}, "FD3"),
        (("phasor-9",), {"true_range": 3, "roll": 3}, "E1"),
        (("ph-1",), {"true_range": -1, "roll": 3}, "D1.4"),
        (("photon", "overload"), {"true_range": 3, "roll": 3, "energy": 9.0}, "E4.413"),
    ],
)
def test_illegal_shots_are_refused_with_their_rule(args, kwargs, rule):
    assert refused(*args, **kwargs).rule == rule


def test_disruptor_40_mount_reaches_40_and_other_mounts_are_refused():
    assert shot("disruptor", true_range=35, roll=1, mount_range=40).damage == 1
    assert refused("disruptor", true_range=35, roll=1).rule == "E3"
    assert refused("disruptor", true_range=3, roll=1, mount_range=25).rule == "E3"


def test_catalogue_covers_every_charted_direct_fire_type():
    for code, weapon in DIRECT_FIRE_WEAPONS.items():
        assert code in WEAPON_TYPES
        assert direct_fire_weapon(code.lower()) is weapon
        for mode in weapon.modes:
            assert 0 <= min_range(weapon, mode) <= max_range(weapon, mode)
    assert direct_fire_weapon("ph-g").code == "PH-G"
    assert direct_fire_weapon("plasma-s").code == "PLASMA-S"
    assert direct_fire_weapon("MAULER") is None


def test_photon_matches_chart_lookup_across_ranges():
    for rng in range(2, 31):
        for die in range(1, 7):
            result = shot("photon", true_range=rng, roll=die)
            expected = photon_hit(rng, die)
            assert (result.hit, result.damage) == (expected.hit, expected.damage)
