"""Patrols and raids on the ledger (004 I2, I3), with typed dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sfb_desk.campaign import battle_queue, examples, missions
from sfb_desk.campaign.dice import Dice
from sfb_desk.campaign.ledger import LedgerError


@pytest.fixture
def war(tmp_path):
    c = examples.border_war(tmp_path / "w.sfbcampaign")
    yield c
    c.close()


def test_patrol_results_without_a_battle(war):
    missions.assign(war, "hood", "patrol")
    with pytest.raises(LedgerError, match="already has hood on patrol"):
        missions.assign(war, "burke", "patrol")
    out = missions.resolve(war, "hood", Dice.typed([4, 4]))  # 8: derelict freighter, 10 EP
    assert out["battle"] is None and war.treasury("FED") == 110
    missions.assign(war, "hood", "patrol")
    missions.resolve(war, "hood", Dice.typed([6, 6]))  # 12: a prime team
    assert "Prime Team" in war.unit("hood").officers
    missions.assign(war, "hood", "patrol")
    out = missions.resolve(war, "hood", Dice.typed([1, 1, 3, 3]))  # 2: officer roll, 6 Doctor
    assert out["officer"] == "Doctor"
    assert [r.source for r in war.store.dice_log()] == ["typed"] * 4


def test_a_raid_battle_and_its_award(war):
    war.add_ship("c8", "KLI-C8", "KLI", location="2726")
    with pytest.raises(LedgerError, match="size class 2: raids take a size class 3 or 4 ship"):
        missions.assign(war, "c8", "raid")
    missions.assign(war, "kahless", "raid")
    out = missions.resolve(war, "kahless", Dice.typed([1, 2]), opponent_class="FED-CL")  # 3: equal BPV
    assert out["battle"] == "G3" and out["opponent_bpv"] == war.spec("KLI-D7").bpv_combat
    bid = out["battle_id"]
    battle = war.store.get("battle", bid)
    opponent = battle["sides"]["raid opponent"][0]
    result = {"format": "sfb-desk-battle-result", "scenario": battle["scenario"]["scenario"]["id"],
              "turns_played": 3, "ships": [
                  {"unit": "Kahless", "fate": "on map", "destroyed_boxes": [], "internal_points": 0},
                  {"unit": war.unit(opponent).name, "fate": "destroyed", "internal_points": 40,
                   "destroyed_boxes": ["bridge#1"]}]}
    before = war.treasury("KLI")
    notes = battle_queue.import_result(war, bid, result, Dice.typed([50] * 4))
    assert any("raid award: opponent destroyed" in n for n in notes)
    cl = war.spec("FED-CL").bpv_combat  # the opponent's combat BPV (option award_bpv)
    assert war.treasury("KLI") - before == Fraction(cl * 40, 100)  # 40% for a destroyed opponent


def test_monster_is_rolled_and_logged(war):
    missions.assign(war, "hood", "patrol")
    out = missions.resolve(war, "hood", Dice.typed([3, 3, 6, 6]))  # 6: monster; 12: dragon
    assert out["monster"]["scenario"] == "SM7 Space Dragon" and out["monster"]["dragon"] == "adult"
    missions.award(war, "FED", 25, "SM7 Space Dragon defeated")
    assert war.treasury("FED") == 125
