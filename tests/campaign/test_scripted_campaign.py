"""A scripted two-race campaign of The Admiral's Edition: four turns (a year) with the economy,
builds, a battle fought by the robots in the desk and its result imported, field repairs,
permanent damage repaired at a dock; every EP accounted for, and the repair bill and the
strategic speed of the damaged ship checked against hand calculations from the rulebooks'
tables (004 C1, D1, E3, E7, H1, H3; Annex #9 repair costs)."""

from __future__ import annotations

from fractions import Fraction
from math import floor

import pytest

from sfb_desk.campaign import battle_queue, orders, turn
from sfb_desk.campaign.admirals import movement
from sfb_desk.campaign.ledger import Campaign, LedgerError
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.robot.battle import play_battle

# Annex #9 repair points per box, written out by hand from the reference (G6.5), independent
# of the program's table.
HAND_COST = {"forward_hull": 1, "aft_hull": 1, "center_hull": 1, "cargo": 1, "battery": 2,
             "shuttle": 2, "probe": 3, "tractor": 3, "transporter": 3, "apr": 4, "lab": 5,
             "impulse": 5, "bridge": 6, "emergency_bridge": 6, "aux_control": 6, "flag_bridge": 6,
             "left_warp": 10, "right_warp": 10, "center_warp": 10, "sensor": 10, "scanner": 10,
             "damage_control": 3, "excess_damage": 1, "security": 6}
HAND_WEAPON = {"phaser": 5, "photon": 8}  # the Fed CA's phaser-1s and photons


def hand_points(boxes: list[str]) -> int:
    total = 0
    for box in boxes:
        system = box.split("#")[0]
        total += HAND_COST.get(system) or HAND_WEAPON[system]
    return total


@pytest.fixture
def war(tmp_path):
    c = Campaign.create(tmp_path / "war.sfbcampaign", "Four seasons", seed=11)
    c.add_race("FED", "Federation", treasury=100)
    c.add_race("KLI", "Klingon", treasury=100)
    c.add_planet("earth", "Earth", "homeworld", "FED")
    c.add_planet("alpha", "Alpha", "major", "FED")
    c.add_planet("klinshai", "Klinshai", "homeworld", "KLI")
    c.add_planet("outpost", "Outpost", "minor", "KLI", grid="cut off")
    c.add_facility("fed-dock", "dock", "FED", "0810", dock_class=3)
    c.add_facility("kli-dock", "dock", "KLI", "2726", dock_class=3)
    c.add_ship("enterprise", "FED-CA", "FED", name="Enterprise", location="0810")
    c.add_ship("kahless", "KLI-D7", "KLI", name="Kahless", location="2726")
    yield c
    c.close()


def test_a_year_of_war(war):
    c = war
    income = {"FED": 50 + 25, "KLI": 50 + 15}
    # Turn 1: collect, order a Fed frigate (1 turn) and a Klingon D6 (4 turns), fight
    turn.advance_to(c, "order")
    assert c.treasury("KLI", "cut off") == 15  # D1: the cut-off minor planet's EPs stay there
    orders.order_build(c, "FED", "FED-FF", "fed-dock", name="Burke")
    orders.order_build(c, "KLI", "KLI-D6", "kli-dock", name="Vengeance")
    with pytest.raises(LedgerError, match="one ship at a time"):
        orders.order_build(c, "KLI", "KLI-F5", "kli-dock")
    turn.advance_to(c, "combat")
    battle = battle_queue.queue_battle(c, "first-blood", "G3",
                                       [("Federation", ["enterprise"]), ("Klingon", ["kahless"])],
                                       turns=5)
    with pytest.raises(LedgerError, match="without a result"):
        turn.step(c)
    run = play_battle(Scenario.model_validate(battle["scenario"]), seed=1)  # damage G17.132 repairs
    assert run.turns_played >= 1
    battle_queue.import_result(c, "first-blood", run.result())
    enterprise = c.unit("enterprise")
    assert enterprise.current, "the robots' battle left the Enterprise damaged"
    turn.step(c)  # combat done
    turn.step(c)  # retrograde
    c.set_supply("enterprise", False)  # cut off at the repair step: G17.132 only (H1)
    notes = turn.step(c)  # repair
    assert any("G17.132" in n for n in notes)
    enterprise = c.unit("enterprise")
    assert enterprise.current == [] and enterprise.permanent
    assert not any(b.startswith("shield") for b in enterprise.permanent)  # D9.2 (G17.1311)
    spec = c.spec("FED-CA")
    # C1 by hand: warp boxes left / move cost 1 / 7.5, dropped fractions; halved out of supply
    warp_left = 30 - sum(1 for b in enterprise.permanent if b.split("#")[0].endswith("_warp"))
    by_hand = floor(Fraction(warp_left) / Fraction(15, 2)) or 1
    assert movement.strategic_speed(spec, enterprise).speed == -(-by_hand // 2)
    c.set_supply("enterprise", True)
    assert movement.strategic_speed(spec, c.unit("enterprise")).speed == min(by_hand, 5)
    turn.step(c)  # reveal: the frigate is built
    assert c.unit("Burke").ship == "FED-FF"
    assert (c.turn, c.step_number) == (2, 1)

    # Turn 2: repair the Enterprise's permanent damage at the Fed dock (H3)
    qid = orders.order_repair(c, "enterprise", "fed-dock")
    order = c.store.get("queue", qid)
    points = hand_points(order["boxes"])
    assert order["points"] == points
    assert Fraction(order["cost"]) == Fraction(points, 5)  # 1 EP per 5 repair points
    turn.advance_to(c, "reveal")
    assert c.unit("enterprise").permanent == []
    turn.step(c)
    # Turns 3 and 4: the D6 completes at the end of turn 4
    turn.advance_to(c, "reveal")
    assert "Vengeance" not in c.units()
    turn.step(c)
    turn.advance_to(c, "reveal")
    turn.step(c)
    assert c.unit("Vengeance").ship == "KLI-D6" and (c.turn, c.step_number) == (5, 1)

    # Every EP accounted for: treasury = start + income - builds - repairs, grid by grid
    d6 = c.spec("KLI-D6").bpv_economic or c.spec("KLI-D6").bpv_combat
    ff = c.spec("FED-FF").bpv_economic or c.spec("FED-FF").bpv_combat
    assert c.treasury("FED") == 100 + 4 * income["FED"] - ff - Fraction(points, 5)
    assert c.treasury("KLI") == 100 + 4 * 50 - d6
    assert c.treasury("KLI", "cut off") == 4 * 15
    for code in c.races():
        assert sum(Fraction(e["amount"]) for e in c.entries(code)) == sum(c.grids(code).values())
    # E7: 10% of homeworld, major and minor EPs to the ground-force pool each turn
    assert Fraction(c.race("FED")["ground_pool"]) == 4 * Fraction(75, 10)
    assert Fraction(c.race("KLI")["ground_pool"]) == 4 * Fraction(65, 10)
    # I1: one legendary officer roll per race after the Summer and the Winter turns (2 and 4)
    semiannual = [r for r in c.store.dice_log() if "semi-annual officer (I1)" in r.purpose]
    assert len(semiannual) == 4 and {r.purpose.split()[0] for r in semiannual} == {"FED", "KLI"}
    assert all(r.source == "seeded" and len(r.dice) == 2 for r in semiannual)
    # The journal holds every step and the battle; undo walks back the last reveal
    reasons = [e.reason for e in c.store.journal()]
    assert sum("step 1, Collect EPs" in r for r in reasons) == 4
    assert "Result of battle first-blood imported" in reasons
    undone = c.store.undo()
    assert undone.reason.startswith("Undo: Turn 4, Winter Y168: step 10")
    assert "Vengeance" not in c.units() and (c.turn, c.step_number) == (4, 10)


def test_a_lost_section_is_replaced_as_a_conversion(tmp_path):
    c = Campaign.create(tmp_path / "d7.sfbcampaign", "Boom", seed=1)
    c.add_race("KLI", "Klingon", treasury=200)
    c.add_facility("dock", "dock", "KLI", "2726", dock_class=3)
    c.add_ship("d7", "KLI-D7", "KLI", location="2726", lost_sections=["rear hull"])
    qid = orders.order_section_replacement(c, "d7", "dock", surviving_section_cost=40)
    order = c.store.get("queue", qid)
    # H3: the ship's cost less the surviving section; half the build time (30 warp boxes: 4 -> 2)
    assert Fraction(order["cost"]) == c.spec("KLI-D7").bpv_combat - 40 and order["turns"] == 2
    turn.advance_to(c, "order")
    turn.advance_to(c, "reveal")
    turn.step(c)
    turn.advance_to(c, "reveal")
    turn.step(c)
    d7 = c.unit("d7")
    assert d7.status == "active" and d7.lost_sections == []
    assert c.treasury("KLI") == 200 - (c.spec("KLI-D7").bpv_combat - 40)
    c.close()
