"""The worked examples and rules of F&E Combined Operations the sub-procedures implement."""

from __future__ import annotations

from sfb_desk.fe import operations, procedures
from sfb_desk.fe.dice import Dice


def test_worked_312_24_d7a_directed_damage():
    # (312.24): a D7A (defense 8) takes 16 to cripple, 8 if it used its SFG.
    assert procedures.directed_cost(8, 4).cripple == 16
    assert procedures.directed_cost(8, 4, full_effect=True).cripple == 8


def test_worked_312_41_frozen_kzinti_dn_and_the_md5():
    """(312.41): a Kzinti DN takes 24 to cripple and 36 to destroy; frozen, 12 and 18. A 7-point
    MD5 scores 14 with 7 actual points, and with 4 more points the DN is destroyed for 11."""
    normal = procedures.directed_cost(12, 6)
    assert (normal.cripple, normal.destroy) == (24, 36)
    frozen = procedures.directed_cost(12, 6, full_effect=True, mauler=7)
    assert (frozen.cripple, frozen.destroy) == (12, 18)
    assert frozen.actual_destroy == 11
    assert frozen.actual_cripple <= 7


def test_worked_312_212_b10a_freezes_a_cc_and_a_ca():
    """(312.212): of 28 points, 14 destroy the frozen CC and 12 the frozen CA, 2 remain.
    The rulebook prints neither ship's factors; full effect costs defense + crippled defense,
    so the CA is 8 + 4 and the CC 9 + 5 here (factors chosen to give the example's costs)."""
    cc = procedures.directed_cost(9, 5, full_effect=True).destroy
    ca = procedures.directed_cost(8, 4, full_effect=True).destroy
    assert (cc, ca, 28 - cc - ca) == (14, 12, 2)


def test_ew_units_crippled_and_frozen():
    res = procedures.electronic_warfare({
        "attacker": [{"name": "D6S", "ew": 4, "crippled": True},
                     {"name": "F5S", "ew": 1}],
        "defender": [{"name": "SC", "ew": 4}]}, frozen=set())
    # crippled scout without the diamond: EW 0 (313.11): 1 against 4 -> NEWPT 3, -1
    assert res.totals == {"attacker": 1, "defender": 4} and res.shift == -1
    alone = procedures.electronic_warfare({"attacker": [{"name": "F5S", "ew": 1}]})
    assert (alone.newpt, alone.shift, alone.disadvantaged) == (1, -1, "defender")  # 313.22


def test_combat_damage_die_never_below_one_313_21():
    res = procedures.combat_damage(40, 3, 1, -2, "standard", "half-up")
    assert res.shifted == 1 and res.coefficient == 15 and res.damage == 6


def test_shock_roll_311_21():
    dice = Dice.of({"6S.KH": [6, 6], "6S.SPJ": [5, 6]})
    res = procedures.shock([{"name": "KH"}, {"name": "SPJ"},
                            {"name": "BCJ", "full": False},
                            {"name": "KH2", "crippled": "directed"}], dice)
    assert res.crippled == ["KH"]
    assert [r.get("roll") for r in res.rolls] == [12, 11, None, None]


def test_saf_on_a_base_ew_shift_at_most_one_520_42():
    dice = Dice.of({"5S.SAF": [3]})
    res = operations.saf_assault(dice, target="base", ew_shift=-2, other_ships=6, bir=4)
    assert (res.modified, res.scored, res.unit) == (2, 2, "SIDS")
    dice = Dice.of({"5S.SAF": [5]})
    res = operations.saf_assault(dice, target="PDUs", ew_shift=-2, monitor=True,
                                 disrupted=True, other_ships=5, bir=3)
    # against PDUs EW has no effect, the monitor -1 (520.62): 4 disrupted -> 1 PDU (520.63)
    assert (res.modified, res.scored, res.unit) == (4, 1, "PDUs")
    assert any("520.4" in p and "six" in p for p in res.problems)
    assert any("intensity 4" in p for p in res.problems)


def test_ground_attack_twelve_rolls_again_and_modifiers_cap_521_35():
    dice = Dice.of({"6G.1.1": [6, 6], "6G.1.2": [3, 4], "6G.2.1": [2, 3]})
    results, problems = operations.ground_attacks(
        [{"ship": "D6G", "supported": True, "prime_team": True, "breach": True},
         {"ship": "F5G", "crippled": True, "defending_gce": True, "defender_sfg": True}],
        dice, consorts=4)
    first, second = results
    # +3 capped at +2: 12 -> 12, casualty, roll again; 7 + 2 = 9: casualty (2-7 only before
    # the modifier would be "no effect").
    assert first.modifier == 2 and first.rolls == [12, 7] and first.casualties == 2
    # -3 capped at -2: 5 - 2 = 3: attacking GCE destroyed (and any supporting GCE)
    assert second.modifier == -2 and second.attacker_lost
    assert problems == []


def test_ground_attack_on_a_base_scores_one_sids_a_round_521_41():
    dice = Dice.of({"6G.1.1": [5, 5], "6G.2.1": [6, 6]})
    results, _ = operations.ground_attacks([{"ship": "D6G"}, {"ship": "F5G"}], dice,
                                           target="base", consorts=4)
    assert results[0].casualties == 1 and results[1].cancelled


def test_monitor_blocks_ground_attacks_on_its_planet_521_323():
    results, problems = operations.ground_attacks([{"ship": "D6G"}], Dice.of({}),
                                                  monitor=True, consorts=2)
    assert results == [] and "521.323" in problems[0]


def test_prime_teams_522_4():
    assert operations.prime_commando(3)[0] == 4  # two at most, +2 each (522.41)
    res = operations.capture_roll(Dice.of({"6X.capture": [2, 2]}), prime_team="Dagger",
                                  pursuit=True)
    assert res["captured"] and res["fate"] == "unharmed"  # 2-4 in pursuit (522.43)
    res = operations.capture_roll(Dice.of({"6X.capture": [5, 5]}), prime_team="Dagger")
    assert not res["captured"] and res["fate"] == "wounded"
    assert operations.prime_survives(Dice.of({"prime.X.survival": [2]}), "X")["survived"]


def test_convoy_raid_443_24():
    res = operations.convoy_raid(Dice.of({"443.raid": [5]}), escorts=4, lost_before=8)
    # 5 - 3 escorts (at most three count) = 2; 8 + 2 = 10, the cap
    assert (res["loss"], res["total_lost"], res["delivery"]) == (2, 10, 0)
    res = operations.convoy_raid(Dice.of({"443.raid": [2]}), escorts=3)
    assert res["loss"] == 0


def test_base_station_and_starbase_sfg_rules():
    assert operations.base_station_repair(170) == 2 and operations.base_station_repair(171) == 3
    assert [operations.sb_sfgs_working(2, s) for s in (0, 4, 8)] == [2, 1, 0]  # 312.125
    assert not operations.sfg_salvage(Dice.of({}), "D7A", out_of_supply=True)["recovered"]
    assert operations.sfg_salvage(Dice.of({"312.47.D7A": [6]}), "D7A")["recovered"]


def test_worked_521_382_five_attacks_against_three_defending_gces():
    """(521.382): five attacking GCEs, three defending: the first three attacks are against a
    supported battalion (-1, 521.35), the last two against an unsupported one."""
    dice = Dice.of({f"6G.{n}.1": [3, 4] for n in range(1, 6)})
    results, _ = operations.ground_attacks([{"ship": f"G{n}"} for n in range(1, 6)], dice,
                                           consorts=10, defending_gces=3)
    assert [r.modifier for r in results] == [-1, -1, -1, 0, 0]
    dice = Dice.of({"6G.1.1": [3, 4], "6G.2.1": [3, 4]})
    results, _ = operations.ground_attacks([{"ship": "A"}, {"ship": "B"}], dice, target="base",
                                           consorts=4, defending_gces=1)
    assert [r.modifier for r in results] == [-1, -1]  # a base's G meets every attack (521.383)
