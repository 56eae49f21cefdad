"""Production limits (701-711, 762, 763), the folio and the tug loads."""

from __future__ import annotations

import copy

import pytest

from sfb_desk.fe import folio, limits, tugs
from sfb_desk.fe.races import RACE_DATA


def _check(**changes):
    data = copy.deepcopy(limits.EXAMPLE) | changes
    findings, cost = limits.check_builds(data)
    return [f for f in findings if not f.ok], cost


def test_example_build_list_is_within_the_limits_and_priced():
    broken, cost = _check()
    # LAV 4+12, SFG 3, LTT 5, 2 FTS 3 each, MON 8, VP2 pod 6 = 44
    assert broken == [] and cost == 44


def test_auxiliary_limits_513_112_and_701():
    broken, _ = _check(builds=[{"item": "SAV"}, {"item": "LAV"}])
    assert {f.rule for f in broken} >= {"(513.112)"}
    broken, _ = _check(builds=[{"item": "SAV"}], so_far_this_year={"aux": 2})
    assert any("two auxiliaries this year" in f.message for f in broken)
    broken, _ = _check(builds=[{"item": "SAV"}], at_war=False)
    assert any("AT WAR" in f.message for f in broken)


def test_aux_in_service_annex_762_or_513_113():
    data = copy.deepcopy(limits.EXAMPLE) | {"race": "Lyran", "in_service": {"SAV": 2},
                                            "builds": [{"item": "SAV"}]}
    annex, _ = limits.check_builds(data, "annex-762")
    rule, _ = limits.check_builds(data, "513.113")
    assert any(not f.ok and f.rule == "(762)" for f in annex)  # Annex 762: Lyran SAV 2
    assert all(f.ok for f in rule)  # (513.113): four
    assert (RACE_DATA["Tholian"].lav_annex, RACE_DATA["Tholian"].lav_rule) == (2, 3)


def test_ltt_dates_and_one_per_turn_by_any_means():
    broken, _ = _check(year=168, builds=[{"item": "LTT"}])
    assert any("from Y169" in f.message for f in broken)
    broken, _ = _check(builds=[{"item": "LTT"}, {"item": "D5G", "cost": 5}])
    assert any(f.rule == "(516.11)" for f in broken)  # the D5G counts (703.3)
    broken, _ = _check(race="Tholian", year=179, builds=[{"item": "LTT"}],
                       so_far_this_year={"ltt": 1}, in_service={})
    assert any(f.rule == "(707.2)" for f in broken)


def test_saf_monitor_troops_commandos():
    broken, _ = _check(builds=[{"item": "SAF", "at": "SB 1612"}],
                       so_far_this_year={"saf": 1})
    messages = " ".join(f.message for f in broken)
    assert "one SAF per year" in messages and "capital" in messages
    broken, _ = _check(builds=[{"item": "MON"}], so_far_this_year={"monitor": 1})
    assert any(f.rule == "(519.12)" for f in broken)
    broken, _ = _check(builds=[{"item": "FTL"}, {"item": "FTS"}])
    assert any(f.rule == "(521.23)" for f in broken)
    broken, _ = _check(builds=[{"item": "commando conversion"},
                               {"item": "commando conversion GG"}])
    assert any("by conversion" in f.message for f in broken)


def test_prime_teams_522():
    broken, _ = _check(builds=[{"item": "prime team"}], in_service={"prime_teams": 14})
    # 14 + 1 free at war + 1 bought = 16 > 15 (522.13)
    assert any(f.rule == "(522.13)" for f in broken)
    broken, cost = _check(builds=[{"item": "prime team"}], in_service={"prime_teams": 0})
    assert broken == [] and cost == 5


def test_sfg_conversions_312():
    broken, _ = _check(builds=[{"item": "SFG", "on": "B10", "count": 2},
                               {"item": "SFG", "on": "D7"}], sfg_kits=2)
    assert any(f.rule == "(312.112)" for f in broken)  # three conversions in one turn
    broken, _ = _check(builds=[{"item": "SFG", "on": "D7"}], season="fall", sfg_kits=0)
    assert any(f.rule == "(312.11)" for f in broken)  # no kit
    broken, _ = _check(race="Federation", builds=[{"item": "SFG", "on": "CA"}])
    assert any(f.rule == "(312.14)" for f in broken)
    broken, _ = _check(builds=[{"item": "SFG", "on": "BATS"}])
    assert any("BATS" in f.message for f in broken)


def test_pod_pool_limits():
    broken, _ = _check(builds=[{"item": "pod", "type": "VP2", "count": 2, "cost": 6}])
    assert any("6 in service at most" in f.message for f in broken)  # 5 + 2 > 6 (703.4)
    broken, _ = _check(builds=[{"item": "pod", "type": "Assault"}])
    assert any("no 'Assault' pods" in f.message for f in broken)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="unknown race"):
        limits.check_builds({"race": "Vulcan"})
    with pytest.raises(ValueError, match="unknown build item"):
        limits.check_builds(limits.EXAMPLE | {"builds": [{"item": "DN"}]})


@pytest.mark.parametrize(("race", "carrier", "pods", "verdict"), [
    ("Federation", "LTT", ["VAP"], "overloaded"),  # Annex 763 LTT+VAP
    ("Federation", "LTT", ["BP"], "overloaded"),  # Annex 763 LTT+BP
    ("Federation", "TG", ["BP", "VP"], "overloaded"),  # TG+BP+XP
    ("Federation", "TG", ["VP", "LBP"], "normal"),  # two standard pods
    ("Federation", "TG", ["BP", "LBP"], "not allowed"),  # never two battle pods
    ("Federation", "TG", ["BP", "VAP"], "not allowed"),  # never two heavy
    ("Klingon", "TG", ["VAP", "VAP"], "overloaded"),  # TGx+VAP+VAP
    ("Klingon", "LTT", ["VAP"], "overloaded"),
    ("Klingon", "TG", ["VAP", "BP"], "not allowed"),  # (517.36)
    ("Klingon", "TG", ["VP", "BP"], "normal"),  # (517.12) mix and match
    ("Kzinti", "LTT", ["VAP"], "overloaded"),
    ("Gorn", "TG", ["HBP", "PFT"], "overloaded"),  # TG+HBP+any other pod
    ("Gorn", "TG", ["HBP", "LBP"], "not allowed"),
    ("Lyran", "TG", ["KVP", "KVP"], "overloaded"),
    ("Lyran", "LTT", ["KVP"], "overloaded"),
    ("Hydran", "TG", ["BP", "VP"], "not allowed"),  # one pod (517.33)
    ("Romulan", "TG", ["BP"], "not allowed"),
])
def test_tug_loads_annex_763(race, carrier, pods, verdict):
    assert tugs.tug_load(race, carrier, pods)[0] == verdict


def test_folio_turn_and_next_turn():
    data = copy.deepcopy(folio.EXAMPLE)
    (main,) = folio.economic_form(data)
    # 0 + 70 + one convoy delivery 10 (443.51) - SFG 3 - LTT 5 - repairs 6 = 66
    assert (main.available, main.spent, main.closing) == (80, 14, 66)
    nxt = folio.next_turn(data)
    assert nxt["turn"] == 8 and nxt["grids"]["main"]["treasury"] == 66
    assert nxt["grids"]["main"]["expenses"] == []
    assert folio.turn_date(8) == (172, "Spring")


def test_folio_grids_multiplier_and_deficit():
    data = {"race": "Federation", "turn": 7, "deficit_allowed": False, "grids": {
        "main": {"treasury": 0, "income": {"sector": 40, "general treasury": 90},
                 "multiplier": 0.75, "expenses": [{"item": "LAV"}]},
        "partial": {"treasury": 5, "expenses": [{"item": "FTL"}]}}}
    main, partial = folio.economic_form(data)
    assert main.available == 97.5 and main.closing == 81.5  # (609.45): 130 x 0.75, LAV 16
    assert partial.closing == -1 and "deficit" in partial.problems[0]


def test_base_status_form_sfgs_and_base_stations():
    data = copy.deepcopy(folio.EXAMPLE)
    data["bases"] = [{"name": "SB", "kind": "SB", "sids": 5, "sfgs": 2},
                     {"name": "BS", "kind": "BS", "sids": 2}]
    sb, bs = folio.base_status(data)
    assert sb["sfgs_working"] == 1  # (312.125)
    assert bs["repair"] == 3 and bs["crippled"]  # Y171 (444.12); 2 SIDS (444.15)
    data["bases"] = [{"name": "B", "kind": "BATS", "sfgs": 1}]
    with pytest.raises(ValueError, match="312.12"):
        folio.base_status(data)


def test_folio_status_and_convoys():
    data = copy.deepcopy(folio.EXAMPLE)
    data["status"]["prime_teams"] = 16
    data["convoys"][0]["raid_loss"] = 12
    titles = [sec["title"] for sec in folio.sections(data)]
    assert "Combined Operations status" in titles and "Commercial convoys (443)" in titles
    status = next(sec for sec in folio.sections(data) if sec["title"] ==
                  "Combined Operations status")
    assert ("Prime teams in service", "16 of 15", "(522.13)") in status["rows"]
    assert "522.13" in status["notes"][0]
    convoys = next(sec for sec in folio.sections(data) if sec["title"].startswith("Commercial"))
    assert convoys["rows"][0][-1] == "0 EP"  # raids take at most 10 (443.24)
