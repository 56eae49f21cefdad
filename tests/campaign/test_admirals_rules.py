"""The Admiral's Edition rule pack: every worked example of SFB Campaign Rules, The Admiral's
Edition (004) the pack computes, and its tables."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sfb_desk.campaign import calendar
from sfb_desk.campaign.admirals import command, construction, economy, encounters, movement
from sfb_desk.campaign.admirals import officers, repairs, sequence
from sfb_desk.campaign.admirals.battles import anchor_distance, build_battle, positions
from sfb_desk.campaign.dice import Dice, DiceError
from sfb_desk.campaign.ships import CampaignShip, repair_bill, warp_engine_boxes
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_checks import check_scenario
from sfb_desk.data.scenario_schema import Scenario

LIB = load_library()


# --- E3 construction ---------------------------------------------------------------------------

def test_year_in_service_example_nca_spring_175_no_sooner_than_winter_174():
    # 004 E3: a Fed NCA entering service in Spring Y175 finishes no sooner than the end of
    # Winter Y174.
    turn = calendar.earliest_completion(175)
    assert calendar.season_of(turn) == ("Winter", 174)
    assert calendar.label(1) == "Turn 1, Spring Y168" and calendar.turn_of("Winter", 168) == 4


def test_conversion_during_construction_example_dn_to_cva():
    # 004 E3: a DN 4 turns into its 6 converted to a CVA: SC2 converts in 3, so 7 in all; one
    # turn in, the conversion cannot shorten the build (still 6).
    dn_build = construction.build_time(45)  # 37-49 warp boxes: 6 turns
    assert dn_build == 6 and construction.conversion_time(dn_build) == 3
    assert construction.conversion_during_construction(4, 6, 3) == 7
    assert construction.conversion_during_construction(1, 6, 3) == 6


@pytest.mark.parametrize(("warp", "turns"), [(0, 1), (11, 1), (13, 2), (18, 2), (19, 3),
                                             (30, 4), (36, 4), (45, 6), (49, 6), (60, 10)])
def test_build_time_table(warp, turns):
    assert construction.build_time(warp) == turns


def test_twelve_warp_boxes_is_an_option():
    assert construction.build_time(12) == 1
    assert construction.build_time(12, twelve_warp_boxes=2) == 2


def test_docks_take_what_their_class_allows():
    construction.check_dock(3, 3)
    construction.check_dock(2, 4)
    with pytest.raises(construction.ConstructionError, match="class IV dock builds size class 4"):
        construction.check_dock(4, 3)
    with pytest.raises(construction.ConstructionError, match="only a class II dock converts"):
        construction.check_dock(3, 2, "convert")
    construction.check_dock(4, 2, "refit")


def test_build_plan_spreads_cost_and_respects_year_in_service():
    plan = construction.plan_build(180, 30, start_turn=2)
    assert plan.turns == 4 and plan.per_turn == (45, 45, 45, 45) and plan.completes == 5
    with pytest.raises(construction.ConstructionError, match="year in service"):
        construction.plan_build(180, 30, start_turn=2, earliest=8)
    assert construction.new_dock(2) == (450, 5)


def test_b8_example_from_a_b10_with_five_turns_done():
    # 004 E3: a B8 is a B10 with at least five turns done plus three: the quickest takes 8.
    assert construction.b8_conversion(5) == 8 and construction.b8_conversion(7) == 10
    with pytest.raises(construction.ConstructionError, match="at least 5 turns"):
        construction.b8_conversion(4)


def test_officer_conversion_example_100_to_120_bpv():
    # 004 I1: 100 -> 120 BPV keeping a captain (25%) and a weapons officer (15%): 20 + 5 + 3.
    assert construction.officer_conversion_cost(100, 120, [25, 15]) == 28


def test_reactivation_is_a_quarter_of_economic_bpv():
    assert economy.reactivation_cost(60) == 15


# --- E5, D1, D4, D5, E7 economy ------------------------------------------------------------------

def test_web_example_six_hexes():
    # 004 E5: a six-hex globular web costs 6 EP a turn at strength 0, 13.5 at strength 5.
    assert economy.web_upkeep(6) == 6
    assert economy.web_upkeep(6, 5) == Fraction(27, 2)


def test_collection_by_grid_survey_cap_and_ground_force_grant():
    planets = [
        {"name": "Kzin", "type": "homeworld", "owner": "KZI"},
        {"name": "Major", "type": "major", "owner": "KZI", "ep": 20},
        {"name": "Minor A", "type": "minor", "owner": "KZI", "grid": "cut off"},
        {"name": "Klinshai", "type": "homeworld", "owner": "KLI"},
    ]
    got = economy.collect(planets, "KZI", survey=["survey", "sc3"])
    assert got.by_grid == {"main": 50 + 20 + 25, "cut off": 15}  # survey 27 capped at 25 (D4)
    assert got.ground_force_ep == Fraction(85, 10)  # E7: 10% of 85
    rule = economy.collect(planets, "KZI", income_rule="rule")
    assert rule.by_grid["main"] == 50 + 25  # D1's 25 for a major planet


def test_cargo_boxes_carry_five_ep():
    assert economy.cargo_box_ep(3) == 15


# --- F1-F3 command -------------------------------------------------------------------------------

def test_f2_examples_three_cas_and_cc_ca_cad():
    cas = [command.FleetShip(f"CA{i}", "CA") for i in range(3)]
    assert command.fleet_cost(cas).total == 3
    squadron = [command.FleetShip("CC", "CA", leader=True, leads=("CA", "CAD")),
                command.FleetShip("CA", "CA"), command.FleetShip("CAD", "CA")]
    assert command.fleet_cost(squadron).total == Fraction(29, 10)


def test_f3_example_cvs_nac_dea_and_doubling():
    group = [command.FleetShip("CVS", "CA", carrier=True, leads=("NAC", "DEA")),
             command.FleetShip("NAC", "CW", escort=True), command.FleetShip("DEA", "DD", escort=True)]
    assert command.fleet_cost(group).total == Fraction(21, 10)  # NAC a CW, DEA a DD, both led
    alone = [command.FleetShip("CVS", "CA", carrier=True)]
    assert command.fleet_cost(alone).total == 2


def test_flagship_rating_and_attack_bonus():
    assert command.flagship_rating(10) == 5
    assert command.flagship_rating(9, "homeworld") == Fraction(17, 2)
    assert command.flagship_rating(10, "homeworld_with_sb") == 10
    with pytest.raises(command.CommandError, match="rating is 2"):
        command.check_fleet(Fraction(2), [command.FleetShip(f"CA{i}", "CA") for i in range(3)])


def test_categories_from_master_ship_chart_facts():
    assert command.derive_category(3, Fraction(1), 30) == "CA"
    assert command.derive_category(4, Fraction(1, 2), 16) == "DD"
    assert command.derive_category(2, Fraction(3, 2), 45) == "DN"
    assert command.derive_category(4, Fraction(1, 3), 10) == "FF"


# --- C1 strategic speed --------------------------------------------------------------------------

def test_strategic_speed_from_the_current_ssd():
    c8 = LIB.get("KLI-C8")  # 45 warp boxes, move cost 3/2
    ship = CampaignShip("kang", "KLI-C8", "KLI")
    assert movement.strategic_speed(c8, ship).speed == 4  # 45 / 1.5 = 30; / 7.5 = 4
    ship.permanent = warp_engine_boxes(c8, "left_warp")
    assert movement.strategic_speed(c8, ship).speed == 2  # 30 / 1.5 = 20; / 7.5 = 2
    ship.in_supply = False
    assert movement.strategic_speed(c8, ship).speed == 1  # halved, rounded up
    ship.in_supply = True
    ship.dropped_warp = warp_engine_boxes(c8, "right_warp") + warp_engine_boxes(c8, "center_warp")
    speed = movement.strategic_speed(c8, ship)
    assert speed.speed == 1 and "non-tactical warp" in speed.explain


def test_fast_ship_adds_two_and_engineer_four_power():
    ca = LIB.get("FED-CA")  # 30 warp, move cost 1
    ship = CampaignShip("e", "FED-CA", "FED")
    assert movement.strategic_speed(ca, ship).speed == 4
    ship.fast = True  # 32 / 7.5 = 4.27
    assert movement.strategic_speed(ca, ship).speed == 4
    ship.officers = ["Engineer"]  # 34 + 2 = 36 / 7.5 = 4.8
    assert movement.strategic_speed(ca, ship).speed == 4
    assert [p for p in range(1, 6) if movement.moves_on_pulse(3, p)] == [1, 3, 5]
    assert movement.retrograde_allowance(3, True) == 2 and movement.retrograde_allowance(3, False) == 0


# --- H1-H3 repairs -------------------------------------------------------------------------------

def test_h3_example_two_twelve_box_warp_engines_cost_48_ep():
    # 004 H3: replacing two dropped 12-box warp engines: 240 repair points, 48 EP.
    spec = LIB.get("FED-CA")  # 15-box engines; 12 boxes of each as the example's engines
    ship = CampaignShip("e", "FED-CA", "FED")
    ship.dropped_warp = [f"left_warp#{i}" for i in range(1, 13)] + [f"right_warp#{i}" for i in range(1, 13)]
    order = repairs.repair_order(spec, ship, "dock")
    assert order.points == 240 and order.ep == 48 and order.unknown == ()
    assert repairs.repair_order(spec, ship, "frd", x_ship=True).ep == 96


def test_capacity_deficit_and_scrapping():
    order = repairs.RepairOrder("x", "bs", (), 201, Fraction(201, 5), ())
    with pytest.raises(repairs.RepairError, match="at most 200"):
        repairs.check_capacity([order], "bs")
    repairs.check_capacity([order], "frd")
    assert repairs.may_repair(0) and not repairs.may_repair(Fraction(-1, 5))
    assert repairs.scrap_value(100, 0) == 25
    assert repairs.scrap_value(100, 40) == 10  # max(10, 25 - 20)
    assert repairs.scrap_value(100, 10) == 20
    assert repairs.section_replacement_cost(121, 40) == 81


def test_field_repairs_by_supply_status():
    spec = LIB.get("KLI-D7")
    ship = CampaignShip("d7", "KLI-D7", "KLI")
    ship.current = ["damage_control#1", "left_warp#1", "left_warp#2", "phaser#1", "forward_hull#1",
                    "forward_hull#2", "excess_damage#1", "excess_damage#2"]
    assert repairs.field_repairs(spec, ship).repaired == tuple(sorted(ship.current))  # D9.4 "all"
    ship.in_supply = False  # G17.132: 3 x the D9.76 limit
    limit = max(spec.damage_control_track)
    fix = repairs.field_repairs(spec, ship, combat_repairs=3 * limit - 2)
    assert fix.level == "G17.132"
    assert fix.repaired[:2] == ("damage_control#1", "excess_damage#1")
    assert set(fix.repaired[2:]) == {"left_warp#1", "left_warp#2"}  # the costliest first
    assert "excess_damage#2" in fix.left
    ship.in_supply_at_start = False
    assert repairs.field_repairs(spec, ship).repaired == ()
    repairs.make_permanent(ship, fix.repaired)
    assert ship.current == [] and "phaser#1" in ship.permanent


def test_repair_bill_names_unpriced_boxes():
    spec = LIB.get("FED-CA")
    bill = repair_bill(spec, ["left_warp#1", "shield1#3", "bridge#1"], extra={})
    assert bill.points == 10 + 2 + 6 and bill.unknown == ()
    assert repair_bill(spec, ["damage_control#1"], extra={}).unknown == ("damage_control#1",)


# --- I1 officers, I2/I3/I6 generators -----------------------------------------------------------

@pytest.mark.parametrize(("enemy", "own", "pct"), [(80, 100, 1), (100, 100, 2), (1104, 1000, 2),
                                                   (1106, 1000, 5), (150, 100, 10), (175, 100, 15),
                                                   (190, 100, 33), (250, 100, 50), (251, 100, 66)])
def test_officer_chance_bands(enemy, own, pct):
    assert officers.chance(enemy, own) == pct


def test_officer_rounding_option_and_eligibility():
    assert officers.chance(1109, 1000, "down") == 2 and officers.chance(1109, 1000) == 5
    ok, why = officers.eligible(survived=True, fleet_scored_internals=True, turns=2,
                                disengaged_turn=None, last_turn=2)
    assert not ok and "fewer than 3" in why
    assert officers.eligible(survived=True, fleet_scored_internals=True, turns=5,
                             disengaged_turn=4, last_turn=5)[1] == "it disengaged before the last turn"


def test_officer_roll_rerolls_duplicates_with_typed_dice():
    dice = Dice.typed([1, 1, 6, 6])  # 2: Outstanding Crew (held), re-roll: 12 Captain
    assert officers.roll_officer(dice, ["Outstanding Crew"]) == "Captain"
    assert [r[1] for r in dice.take()] == [[1, 1], [6, 6]]
    with pytest.raises(DiceError, match="needed"):
        officers.roll_officer(Dice.typed([3]), [])


def test_patrol_raid_monster_tables_and_awards():
    dice = Dice.typed([1, 2, 6, 6, 3, 3])
    assert encounters.roll_patrol(dice).battle == "G3"  # 3: marauder +10%
    raid = encounters.roll_raid(dice, ignore=(12,), dnl_or_cf=True)  # 12 ignored, then 6
    assert raid.battle == "monster"
    assert encounters.award(encounters.PATROL[3], 100, "crippled") == 25
    assert encounters.award(encounters.PATROL[9], 100, "destroyed", freighter_lost=True) == 15
    assert encounters.cargo_award(encounters.RAID[12], 10) == 5
    assert encounters.cargo_award(encounters.RAID[8], 4, captured_boxes=10) == Fraction(38, 10)
    assert encounters.dragon(70) == "young" and encounters.dragon(250) == "ancient"
    assert len(encounters.MONSTERS) == 11 and encounters.roll_monster(Dice.typed([6, 6]))[1] == "SM7 Space Dragon"


def test_sequence_of_play():
    assert [s.number for s in sequence.STEPS] == list(range(1, 11))
    assert sequence.next_step(1, 10) == (2, 1) and sequence.next_step(1, 3) == (1, 4)
    assert sequence.step("repair").number == 9
    with pytest.raises(ValueError, match="steps"):
        sequence.step("lunch")


# --- G2-G5 battle builder ------------------------------------------------------------------------

def test_battle_builder_makes_a_valid_desk_scenario_with_carried_damage():
    kang = CampaignShip("kang", "KLI-C8", "KLI", name="Kang", permanent=["left_warp#1"])
    bc = CampaignShip("bc", "KZI-BC", "KZI", name="Bloodclaw")
    ff = CampaignShip("ff", "KZI-FF", "KZI", name="Swift")
    specs = {s: LIB.get(s) for s in ("KLI-C8", "KZI-BC", "KZI-FF")}
    doc = build_battle("G3", "t2 battle 1", "Meeting at 0614", [("Klingon", [kang]),
                       ("Kzinti", [bc, ff])], specs=specs, year=170, admiral_lowers="Klingon")
    scenario = Scenario.model_validate(doc)
    assert scenario.id == "PRACTICE-CAMPAIGN-T2-BATTLE-1"
    assert check_scenario(scenario, LIB) == []
    kli, kzi = scenario.sides
    assert kli.units[0].damage == ["left_warp#1"] and kli.units[0].weapon_status == 3
    assert [u.weapon_status for u in kzi.units] == [2, 2]  # legendary admiral (I1)
    assert [u.hex for u in kzi.units] == positions("4230", 5, 2) and kzi.units[0].facing == "F"
    assert anchor_distance("G3") > 40


def test_battle_builder_refuses_an_unknown_template():
    with pytest.raises(ValueError, match="templates"):
        build_battle("G9", "x", "x", [], specs={})


# --- C4, C9, D2 ----------------------------------------------------------------------------------

def test_cloaked_detection_example_scouts_at_1_bases_at_2():
    from sfb_desk.campaign.admirals import control

    # 004 C9: "Scouts can detect a cloaked ship at range 1. Bases at range 2."
    scout, base = control.zone_of_control(["ship", "scout"]), control.zone_of_control(["large_base"])
    assert scout == 2 and base == 3
    assert control.detects(scout, 1, cloaked=True) and not control.detects(scout, 2, cloaked=True)
    assert control.detects(base, 2, cloaked=True) and not control.detects(base, 3, cloaked=True)
    assert control.detects(scout, 2)


def test_planet_control_requirements():
    from sfb_desk.campaign.admirals import control

    assert control.enemy_planet_control("major", 2, 20).controlled
    assert not control.enemy_planet_control("homeworld", 3, 29).controlled
    assert control.enemy_planet_control("minor", 0, 10, commando_ships=[4]).controlled
    assert not control.enemy_planet_control("minor", 1, 10, defenses_left=True).controlled
    assert control.unclaimed_presence("major", [3]).controlled  # a size class 3 ship counts 2
    assert not control.unclaimed_presence("major", [4]).controlled
    assert control.unclaimed_presence("major", [4], bp_offensive=15).controlled
