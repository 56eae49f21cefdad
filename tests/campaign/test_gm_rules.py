"""The GM campaign rule pack: one Economics phase against a hand calculation from the
rulebook's tables, and every worked example of the GM campaign rules the pack computes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sfb_desk.campaign.dice import Dice
from sfb_desk.campaign.gm import command, detection, economics, production, ratings, supply


def test_one_economics_phase_matches_a_hand_calculation():
    report = economics.economics_phase(
        20,
        colonies=[{"name": "Alpha", "ep": 50, "network": True},
                  {"name": "Beta", "ep": 30, "network": False}],
        units=[{"id": "CA", "kind": "warship", "bpv": 125}, {"id": "DD", "kind": "warship", "bpv": 94},
               {"id": "CPL", "kind": "station", "bpv": 50}, {"id": "F-S", "kind": "auxiliary", "bpv": 15},
               {"id": "dock", "kind": "dock_space", "bpv": 100}, {"id": "GB", "kind": "ground", "bpv": 10}],
        web={"hexes": 2, "strength": 4},
        resupply=[{"item": "fighter", "epv": 12, "count": 2}, {"item": "uim", "count": 1},
                  {"item": "general_drone", "epv": 2, "count": 6}],
        expeditionary_ships=2, repair_points=40)
    # By hand from ECONOMICS A-F and CONVERSION & REPAIR B:
    #   income: homeworld 200 + Alpha 50 (in the supply network); Beta's 30 stays on Beta
    #   maintenance: CA 125 x 5% = 6.25, DD 94 x 5% = 4.7, CPL 50 x 2% = 1, F-S 15 x 2% = 0.3,
    #                space dock 100 x 2% = 2, ground base 0                    -> 14.25
    #   web: 2 hexes x 5 + 4 points x 1/4 = 11
    #   resupply: 2 fighters x 12 EPV x 1/2 = 12, one UIM module 1, general drones free -> 13
    #   expeditionary fleet: 2 ships x 5 = 10
    #   repairs: 40 repair points x 1/10 = 4
    hand = Fraction(20) + 200 + 50 - Fraction(1425, 100) - 11 - 13 - 10 - 4
    assert report.treasury == hand == Fraction(21775, 100)
    assert report.local == {"Beta": 30}
    assert report.deficit_limit == 25  # 10% of the network's 250
    assert sum(amount for _, amount, _ in report.lines) == hand - 20


def test_repairs_past_the_deficit_limit_are_refused():
    ok = economics.economics_phase(-190, repair_points=300)  # 10 after income; 30 EP of repairs
    assert ok.treasury == -20 and not ok.refused  # exactly the limit: 10% of the network's 200
    over = economics.economics_phase(-190, repair_points=310)
    assert over.treasury == 10 and "deficit limit of 20" in over.refused[0]


def test_maintenance_multiplier_and_web_example_costs():
    assert economics.maintenance("warship", 100, multiplier=2) == 10
    assert economics.web_cost(6) == 30 and economics.web_cost(0, 0, 1) == 25
    with pytest.raises(economics.GMEconomyError, match="maintenance kinds"):
        economics.maintenance("spaceship", 100)


def test_conversion_example_cpl_to_sam():
    # CONVERSION & REPAIR A: CPL 50 EPV -> SAM 38 keeping two civilian pods at 14: 16 EPV
    # as the example prints it, without the rule's +5.
    assert production.conversion_cost(50, 38 + 2 * 14, fee=False) == 16
    assert production.conversion_cost(50, 38 + 2 * 14) == 21


def test_prototype_crew_and_officer_rolls():
    assert production.prototype_cost(100) == 125
    assert production.crew_price(100, "poor") == 80 and production.crew_price(100, "outstanding") == 150
    assert production.outstanding_allowed(19) == 1
    assert production.roll_crew(Dice.typed([1, 1]), "3") == "outstanding"
    assert production.roll_crew(Dice.typed([6, 6]), "2") == "poor"
    assert production.roll_crew(Dice.typed([5]), "fighter", carrier_crew="outstanding") == "outstanding"
    assert production.roll_new_ship_officer(Dice.typed([3])) is None
    assert production.roll_new_ship_officer(Dice.typed([2, 6, 6])) == "Admiral"
    assert production.roll_new_ship_officer(Dice.typed([1, 3, 4])) is None  # 7: none


def test_command_limit_examples():
    # COMBAT C: Fed DN (MSC rating 10) with two flag bridge boxes: 52
    assert command.flagship_rating(10, flag_bridges=2) == 52
    # A Fed SCS: 12 F-14 6 + 12 F-18 6 + 6 A-20 3 = 15 (30 fighters at 1/2), leaving 37
    fleet = command.Fleet(fighters=30)
    assert command.fleet_cost(fleet)[0] == 15 and command.check(52, fleet) == 37
    # A CC leads one CF and one CA, each reduced by one to 9
    squadron = command.Fleet(ships=[("cc", "CC"), ("cf", "CF"), ("ca", "CA")], leaders={"cc": ["cf", "ca"]})
    assert command.fleet_cost(squadron)[0] == 12 + 9 + 9
    # A Klingon D6P pays 5 for 4 G-1, a G-1L and a G-1S (the leader free with five others)
    assert command.pf_cost([6], [True]) == 5
    assert command.pf_cost([6, 6]) == 6 + 12
    assert command.fighter_cost(12, hydran=True) == 4
    scouts = command.Fleet(ships=[("sc1", "FF")], scouts=3, squadronless_leaders=2)
    assert command.fleet_cost(scouts)[0] == 5 + (2 + 4) + (2 + 4)
    with pytest.raises(command.GMCommandError, match="command limit is 20"):
        command.check(20, command.Fleet(ships=[("a", "DN"), ("b", "DD")]))


def test_drone_bombardment_and_resupply_examples():
    # COMBAT D: a D6D pays 18 EPV (36 primary spaces of two-space IIIXX drones)
    assert command.drone_bombardment_cost(36) == 18
    # ECONOMICS E: a fast III ECM drone replaced for 1/2 EP (only the type III frame is
    # restricted); general-availability drones are free
    assert economics.resupply_cost("restricted_drone", Fraction(1, 2)) == Fraction(1, 2)
    assert economics.resupply_cost("general_drone", 3, count=12) == 0
    assert economics.resupply_cost("pf", 30) == 30 and economics.resupply_cost("mine", 8) == 2


def test_detection_modifiers_and_results():
    assert detection.modifier(sensors=6, hexes_moved=0) == 3 - 2
    assert detection.modifier(sensors=8, hexes_moved=7, scout_at_range_1=True, cloaked=True) == 4 + 3 + 1 - 5
    assert detection.learned(1) == ["nothing"]
    assert detection.learned(4) == ["force", "TF move cost", "number of ships in the TF"]
    assert detection.learned(9)[-1] == "IIIXX lock-on"
    die, total, seen = detection.roll(Dice.typed([3]), sensors=4, hexes_moved=2)
    assert (die, total) == (3, 5) and seen[-1] == "ship classes"
    assert detection.can_detect(2, scout=True) and not detection.can_detect(2, scout=False)


def test_out_of_supply_chart():
    assert supply.degradation(1).describe() == "no effect"
    assert "critical hits" in supply.degradation(2).describe()
    assert supply.degradation(5).leaky_shields == "1 hit in 6"
    assert supply.degradation(9).speed_limit == 16
    assert supply.in_supply(hexes_to_base=4) and not supply.in_supply(hexes_to_base=5)


def test_rating_formula_options():
    # 150% VP, size factor 20, opponent 6, grade 3: 1.5 x 2 x 3 x 3 / 100 = 0.27
    assert ratings.rating_change(150, 20, 6, 3) == Fraction(27, 100)
    assert ratings.rating_change(50, 20, 6, 3) > 0  # as written a defeat never lowers a rating
    assert ratings.rating_change(50, 20, 6, 3, formula="centred") == Fraction(-9, 100)
    assert ratings.new_rating(10, Fraction(1, 2)) == 10 and ratings.new_rating(3, Fraction(-1)) == 3


def test_a_gm_campaign_economics_phase_on_the_ledger(tmp_path):
    from sfb_desk.campaign import orders, turn
    from sfb_desk.campaign.ledger import Campaign

    c = Campaign.create(tmp_path / "gm.sfbcampaign", "GM war", pack="gm",
                        options={"maintenance_multiplier": 2})
    c.add_race("FED", "Federation", treasury=10)
    c.add_planet("earth", "Earth", "homeworld", "FED")
    c.add_planet("vega", "Vega", "minor", "FED", ep_value=40)
    c.add_planet("far", "Far Colony", "minor", "FED", ep_value=20, grid="isolated")
    c.add_facility("dock", "dock", "FED", "0101", dock_class=3)
    c.add_ship("ca", "FED-CA", "FED", location="0101", permanent=["left_warp#1", "bridge#1"])
    c.add_ship("ff", "FED-FF", "FED", location="0505", in_supply=False)
    qid = orders.order_repair(c, "ca", "dock")
    assert Fraction(c.store.get("queue", qid)["cost"]) == Fraction(16, 10)  # 16 points / 10
    notes = turn.step(c)  # the Economics phase
    ca, ff = c.spec("FED-CA").bpv_combat, c.spec("FED-FF").bpv_combat
    # by hand: 10 + homeworld 200 + Vega 40 (network) - maintenance 5% x 2 of each BPV
    #          - repairs 16 points x 0.1; Far Colony's 20 stays in its own grid
    hand = 10 + 200 + 40 - Fraction(5 * 2 * (ca + ff), 100) - Fraction(16, 10)
    assert c.treasury("FED") == hand and c.treasury("FED", "isolated") == 20
    assert c.unit("ca").permanent == [] and c.unit("ff").turns_out_of_supply == 1
    assert any("1 turn(s) out of supply" in n for n in notes)
    turn.advance_to(c, "Production")
    assert c.step_number == 7
    c.close()
