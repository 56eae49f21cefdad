"""A combat round stepped through, against a calculation by hand from the rulebook's tables."""

from __future__ import annotations

import copy

import pytest

from sfb_desk.fe import procedures
from sfb_desk.fe.combat_round import DONE, NOT_USED, PLAYERS, WAITING, evaluate
from sfb_desk.fe.dice import Dice
from sfb_desk.fe.steps import STEP_IDS

from fe_round_data import ROUND  # noqa: E402



def test_round_with_sfg_ew_and_shock_matches_the_hand_calculation():
    """Klingon attacker (D7A, D6S scout EW 4, six accompanying ships) against a Federation
    force (SC EW 4, NSC EW 3, a BCJ at its full factor), advanced table, BIR 4 each.

    4A2 (313.21): EW 4 against 7, NEWPT 3 -> shift -1 on the attacker's die (2-4 -> -1).
    4A3 (312.44): that shift is against the Klingons, so +1 on each stasis die.
      Attempt 1 on the CA, die 1 + 1 = 2 on line D7A-1 (1-2 target frozen): CA frozen.
      Attempt 2 on the NSC, die 2 + 1 = 3 on line D7A-2 (2-3 random frozen): the attacker names
      CL, SC, DD (#1-#3), the defender FF, NCL, DD2 (#4-#6); die 2 -> the SC is frozen.
      The SC produced EW, so EW is recalculated (312.211): 4 against 3, NEWPT 1 with scouts on
      both sides -> no shift (313.21, not 313.22).
    4A4: the BCJ uses its full 11 (not the non-shock 9) and rolls in 6S.
    4A5: attacker 60 + 2 for one prime team on a commando mission (522.41) = 62; defender 48.
    4B/4C (311.1 advanced): attacker BIR 4, die 4, no shift: 27.5% x 62 = 17.05 -> 17;
      defender BIR 4, die 3: 25% x 48 = 12.
    5A: the frozen CA (defense 8, crippled 4) at full effect: cripple 8, destroy 12 (as in the
      (312.212) example, "12 to destroy the CA").
    5B: the D7A used its SFG: full effect, cripple 8 (the (312.24) example), destroy 12.
    6S (311.21): the BCJ rolls 6+6 = 12: crippled by shock.
    """
    report = evaluate(copy.deepcopy(ROUND))
    s = report.step
    assert s("4A2").values["newpt"] == 3 and s("4A2").values["shift"] == -1
    assert s("4A2").values["disadvantaged"] == "attacker"
    attempts = s("4A3").values["attempts"]
    assert [(a["target"], a["modifier"], a["line"], a["result"]) for a in attempts] == [
        ("CA", 1, "D7A-1", "target frozen"), ("NSC", 1, "D7A-2", "random frozen")]
    assert attempts[1]["random_target"] == "SC"
    assert s("4A3").values["frozen"] == {"CA": "enemy", "SC": "enemy"}
    assert s("4A3").values["shift"] == 0  # EW recalculated without the SC
    assert "312.211" in s("4A3").result
    assert s("4A5").values["potential"] == {"attacker": 62.0, "defender": 48.0}
    c = s("4C").values
    assert (c["attacker"]["coefficient"], c["attacker"]["damage"]) == (27.5, 17.0)
    assert c["attacker"]["raw"] == pytest.approx(17.05)
    assert (c["defender"]["coefficient"], c["defender"]["damage"]) == (25.0, 12.0)
    assert s("5A").values["targets"][0] | {} == {
        "name": "CA", "full_effect": True, "cripple": 8, "destroy": 12,
        "actual_cripple": 8, "actual_destroy": 12}
    assert (s("5B").values["targets"][0]["cripple"], s("5B").values["targets"][0]["destroy"]) \
        == (8, 12)
    assert s("6S").values["crippled"] == ["BCJ"]
    assert [d["key"] for d in report.dice_log] == [
        "4A3.D7A.1", "4A3.D7A.2", "4A3.D7A.2.random", "4B.attacker", "4B.defender", "6S.BCJ"]
    assert all(d["source"] == "typed" for d in report.dice_log)
    assert report.summary["waiting_at"] is None


def test_every_step_of_311_3_is_listed_in_order():
    report = evaluate(copy.deepcopy(ROUND))
    assert [v.id for v in report.steps] == list(STEP_IDS)
    assert STEP_IDS[:4] == ("1A", "1B", "2A", "2B")
    assert {"4A2", "4A3", "4A4", "6G", "6S", "6X"} <= set(STEP_IDS)
    kinds = {v.id: v.status for v in report.steps}
    assert kinds["1A"] == PLAYERS and kinds["4C"] == DONE and kinds["6G"] == NOT_USED


def test_missing_die_waits_and_blocks_later_steps():
    data = copy.deepcopy(ROUND)
    del data["dice"]["4B.defender"]
    report = evaluate(data)
    assert report.step("4B").status == WAITING
    assert "Defender's damage die" in report.step("4B").result
    assert report.step("4C").status == WAITING
    assert report.summary["waiting_at"] == "4B"


def test_seeded_dice_are_stable_and_logged_as_seeded():
    data = copy.deepcopy(ROUND)
    data["dice"] = {}
    data["seed"] = 7
    data["4A3"]["attacker"][0]["attempts"][0]["defender_pick"] = "FF"
    data["4A3"]["attacker"][0]["attempts"][0]["random_pool"] = ["CL", "SC", "DD", "FF", "NCL",
                                                                 "DD2"]
    data["4A3"]["attacker"][0]["attempts"][1]["defender_pick"] = "FF"
    one, two = evaluate(copy.deepcopy(data)), evaluate(copy.deepcopy(data))
    assert one.dice_log == two.dice_log
    assert one.dice_log and all(d["source"] == "seeded" for d in one.dice_log)
    assert one.summary["waiting_at"] is None


def test_sfg_needs_intensity_3_and_two_accompanying_ships():
    data = copy.deepcopy(ROUND)
    data["3X1"]["attacker"] = 2
    data["4A3"]["accompanying"]["attacker"] = 1.5
    report = evaluate(data)
    problems = " ".join(report.step("4A3").problems)
    assert "312.262" in problems and "312.261" in problems
    assert report.step("4A3").values["frozen"] == {}


def test_total_disaster_freezes_nothing_and_zeroes_the_sfg_ship():
    dice = Dice.of({"4A3.D5A.1": [1], "4A3.D5A.2": [6]})
    res = procedures.stasis("attacker", [{"name": "D5A", "unit": "D5A", "attempts": [
        {"target": "CA"}, {"target": "CL"}]}], 3, dice, accompanying=2)
    # D5A-1 die 1: target frozen; D5A-2 die 6 (6+): Total Disaster -> nothing frozen (312.223)
    assert res.disasters == ["D5A"] and res.frozen == {}
    assert "312.223" in res.text


def test_friendly_freeze_needs_no_roll_312_281():
    dice = Dice.of({})
    res = procedures.stasis("attacker", [{"name": "B10A", "unit": "B10A", "attempts": [
        {"target": "D6", "friendly": True}]}], 3, dice, accompanying=2)
    assert res.frozen == {"D6": "friendly"} and dice.log == []


def test_bad_input_names_the_rule():
    data = copy.deepcopy(ROUND)
    data["3X1"]["attacker"] = 11
    report = evaluate(data)
    assert report.step("3X1").status == WAITING
    assert "304.1" in report.step("3X1").problems[0]
    data = copy.deepcopy(ROUND)
    data["dice"]["4B.attacker"] = [7]
    with pytest.raises(ValueError, match="1-6"):
        evaluate(data)


def test_optional_simple_sfg_rule_312_5():
    """(312.5): the attacker names #1-#2, the defender #3-#4; die 3 destroys #3 (the
    defender's first pick) and the SFG ship is destroyed too (not a 1 or a 6); a 6 destroys
    nothing and the SFG ship survives."""
    data = copy.deepcopy(ROUND)
    data["sfg_rule"] = "simple"
    data["4A3"] = {"attacker": [{"name": "D7A", "unit": "D7A",
                                 "targets": ["CA", "NSC", "FF", "DD"]}]}
    data["dice"] = {"4A3.D7A.simple": [3], "4B.attacker": [4], "4B.defender": [3],
                    "6S.BCJ": [1, 1]}
    step = evaluate(data).step("4A3")
    assert step.values["destroyed"] == ["FF"] and step.values["sfg_lost"] == ["D7A"]
    data["dice"]["4A3.D7A.simple"] = [6]
    step = evaluate(data).step("4A3")
    assert step.values["destroyed"] == [] and step.values["sfg_lost"] == []
    del data["4A3"]["attacker"][0]["targets"]
    assert "312.5" in evaluate(data).step("4A3").result


def test_bases_convoys_planets_cannot_be_frozen_312_214():
    dice = Dice.of({"4A3.D7A.1": [1]})
    res = procedures.stasis("attacker", [{"name": "D7A", "unit": "D7A", "attempts": [
        {"target": "SB 2716"}, {"target": "CA"}]}], 3, dice, accompanying=2)
    assert "312.214" in res.problems[0] and res.frozen == {"CA": "enemy"}


@pytest.mark.parametrize(("family", "side", "bir", "other", "both", "ok"), [
    ("D7A", "attacker", 3, 1, None, True),  # (312.262) its own force's BIR 3
    ("D7A", "attacker", 2, 6, None, False),
    ("D7A", "defender", 1, 1, "attacker", True),  # the enemy picks both: no restriction
    ("D7A", "attacker", 3, 2, "attacker", False),  # picks both: both must be 3 or 4
    ("D7A", "attacker", 4, 2, "attacker", True),  # ... or a total of six
    ("SBA", "defender", 0, 4, None, True),  # (312.122) the attacker's BIR 4
    ("SBA", "defender", 6, 3, None, False),
    ("SBA", "defender", 2, 3, "attacker", True),  # attacker picks both, combined 5
    ("SBA", "defender", 1, 3, "attacker", False),
])
def test_sfg_intensity_rules_312_122_and_312_262(family, side, bir, other, both, ok):
    assert procedures.sfg_intensity_ok(family, side, bir, other, both) is ok




def test_malformed_entries_stop_the_round_with_a_message_not_a_traceback():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=4),
                        lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.sampled_from(
                            ["attacker", "defender", "name", "ew", "unit", "attempts", "target",
                             "ships", "targets", "attacks", "ship", "defense", "bases", "kind",
                             "side", "full", "capture", "sfg_destroyed"]), inner, max_size=3),
                        max_leaves=8)

    @settings(max_examples=150, deadline=None)
    @given(st.sampled_from(["3X1", "4A2", "4A3", "4A4", "4A5", "5A", "5S", "6G", "6X"]), junk)
    def run(step, value):
        data = copy.deepcopy(ROUND)
        data[step] = value
        report = evaluate(data)  # never raises
        assert report.summary["waiting_at"] is None or report.step(
            report.summary["waiting_at"]).result

    run()


def test_armed_scouts_from_the_sit_313_31():
    """The COV's SIT entry reads (4EW:2AF)(1EW:6AF): EW 4 leaves attack 2, EW 1 attack 6; the
    D6S is a plain scout, EW 4 from the SIT."""
    data = copy.deepcopy(ROUND)
    data["4A2"] = {"attacker": [{"name": "D6S", "sit": "D6S"}],
                   "defender": [{"name": "COV", "sit": "COV", "race": "Federation", "ew": 4}]}
    step = evaluate(data).step("4A2")
    assert "COV: EW 4, attack 2 (313.31)" in step.result and "D6S: EW 4 (SIT" in step.result
    assert step.values["totals"] == {"attacker": 4, "defender": 4}
    data["4A2"]["defender"][0]["ew"] = 3
    step = evaluate(data).step("4A2")
    assert step.status == WAITING and "choose EW 4 or 1" in step.result
