"""Linked scenarios: T3 "The Lone Gray Wolf" played by the robots in the desk meeting after
meeting until the Kang is lost (its second), damage and counters carried; T7 "The Run for Home"
waits for its opponents' ships."""

from __future__ import annotations

import pytest

from sfb_desk.campaign import battle_queue
from sfb_desk.campaign.dice import Dice
from sfb_desk.campaign.ledger import Campaign, LedgerError
from sfb_desk.campaign.linked import chain, t3, t7
from sfb_desk.data.scenario_checks import check_scenario
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.robot.battle import play_battle

GROUPS = [1, 1, 2, 3, 4, 5]  # typed group rolls: group 1 meets the Kang twice


def test_the_lone_gray_wolf_six_scenarios_with_damage_carried(tmp_path):
    c = Campaign.create(tmp_path / "t3.sfbcampaign", "The Lone Gray Wolf", pack="linked", seed=5)
    t3.begin(c)
    assert {s.id for s in c.units().values()} >= {"kang", "sabre", "comet", "ff195", "fal"}
    assert c.unit("kang").refits == ["B"]
    fought, carried_into_second_meeting = [], []
    for n, group in enumerate(GROUPS, start=1):
        contact = t3.contact(c, Dice.typed([group] + [3] * 6))  # no factional ships (T3.36)
        assert contact["scenario"] == n and contact["group"] == str(group)
        if contact["evaded"]:
            continue
        doc, units = t3.scenario_doc(c, contact, turns=4)
        scenario = Scenario.model_validate(doc)
        assert check_scenario(scenario, c.library) == []
        by_name = {u.name: u for side in scenario.sides for u in side.units}
        for name, uid in units.items():  # every ship starts with its carried SSD damage
            ship = c.unit(uid)
            assert sorted(by_name[name].damage) == sorted(ship.destroyed & set(c.spec(ship.ship).box_ids()))
        if n == 2:
            carried_into_second_meeting = [u.damage for side in scenario.sides[1:] for u in side.units]
        battle_queue.queue_scenario(c, f"t3-s{n}", "T3", [("Klingon", ["kang"]), ("Kzinti", [
            v for v in units.values() if v != "kang"])], units, doc, rule="(T3.31)")
        # robot dice where the Kang lives to a second meeting (its drones and the Kzintis' are
        # of the scenario's year, FD10.65: no seed of 0-79 lets it live through the second)
        run = play_battle(scenario, seed=n + 6)
        battle_queue.import_result(c, f"t3-s{n}", run.result())
        t3.after_battle(c, contact, run.result())
        fought.append(n)
        for ship in c.units(status="active").values():  # T3.41: shields restored, the rest carried
            assert not any(b.startswith("shield") for b in ship.current + ship.permanent)
            assert ship.current == []
        if c.unit("kang").status != "active":
            break
    state = chain.state(c)
    assert state["done"] and len(state["log"]) == len(fought) + sum(e["evaded"] for e in state["log"])
    assert fought[:2] == [1, 2]
    assert any(carried_into_second_meeting), "group 1's survivors bring their damage to scenario 2"
    # The per-campaign counter of T3.22
    assert chain.bump(c, t3.DEFINITION, "acceleration") == 1
    with pytest.raises(LedgerError, match="at most 1 .T3.22."):
        chain.bump(c, t3.DEFINITION, "acceleration")
    result = t3.victory(c)
    assert result["level"] != "in progress" and result["klingon_points"] >= 0
    rolls = [r for r in c.store.dice_log() if "which group" in r.purpose]
    assert [r.dice for r in rolls] == [[g] for g in GROUPS[:len(fought)]]
    assert {r.source for r in rolls} == {"typed"}
    c.close()


def test_a_destroyed_group_means_the_kang_evades(tmp_path):
    c = Campaign.create(tmp_path / "t3.sfbcampaign", "T3", pack="linked")
    t3.begin(c)
    with c.change("Comet lost", "(T3.21)") as tx:
        comet = c.unit("comet")
        comet.status = "destroyed"
        c.put_ship(tx, comet)
    contact = t3.contact(c, Dice.typed([2]))
    assert contact["evaded"] and chain.state(c)["next"] == 2
    factional = t3.contact(c, Dice.typed([5, 1, 4]))  # FF195 factional, FF236 loyal
    assert factional["factional"] == ["ff195"] and not factional["evaded"]
    doc, units = t3.scenario_doc(c, factional)
    assert "FF195" not in units and "FF236" in units
    assert any("T3.36" in n for n in doc["scenario"]["notes"])
    c.close()


def test_t3_stand_ins_are_labelled():
    stand_ins = t3.DEFINITION.stand_ins()
    assert {f.printed.split()[0] for f in stand_ins} == {"CVS", "EFF+", "FA-L(Drone)"}
    assert all("SFB Desk stand-in" in f.stand_in for f in stand_ins)


def test_the_run_for_home_names_what_the_library_lacks(tmp_path):
    c = Campaign.create(tmp_path / "t7.sfbcampaign", "The Run for Home", pack="linked")
    missing = t7.missing_classes(c.library)
    # the sat ships are the library's (reconstructed) classes: only opponents are missing
    assert all(c.library.get(f.ship).complete for f in t7.SAT_SHIPS)
    assert not any(m.startswith("AND-") for m in missing)
    assert "FED-DNG (DNG Unification): not in the library" in missing
    with pytest.raises(LedgerError, match="FED-DNG"):
        t7.begin(c)
    assert t7.DEFINITION.scenarios == 3 and len(t7.SAT_SHIPS) == 5
    assert t7.crew_share(4) == "1/4"
    c.close()


def test_t3_speed_limit_counter_per_segment(tmp_path):
    c = Campaign.create(tmp_path / "t3.sfbcampaign", "T3", pack="linked")
    t3.begin(c)
    assert t3.record_fast_turns(c, 1, 1, 4) == 4
    assert t3.record_fast_turns(c, 1, 1, 2) == 6
    with pytest.raises(LedgerError, match="at most 6 turns .*T3.22"):
        t3.record_fast_turns(c, 1, 1, 1)
    assert t3.record_fast_turns(c, 1, 2, 6) == 6  # a new segment starts afresh
    c.close()
