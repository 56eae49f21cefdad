"""The step forms read a round and write it back unchanged (sfb_desk/fe/forms.py)."""

from __future__ import annotations

import copy

from fe_round_data import ROUND

from sfb_desk.fe import combat_round, folio, forms


def test_every_form_round_trips_the_example_round():
    data = copy.deepcopy(ROUND)
    data["5S"] = {"target": "PDUs", "disrupted": True, "monitor": True, "other_ships": 6}
    data["6G"] = {"target": "planet", "consorts": 2, "monitor": False, "prime_team": "",
                  "roll_again": True, "attacks": [{"ship": "D6G", "breach": True}]}
    data["6X"] = {"capture": True, "prime_team": "Dagger", "gce": False, "pursuit": False,
                  "sfg_destroyed": ["D7A"], "sfg_captured": 0}
    data["seed"] = 3
    before = combat_round.evaluate(copy.deepcopy(data)).as_dict()
    edited = copy.deepcopy(data)
    for step in forms.SPECS:
        values, rows = forms.read(step, edited)
        forms.write(step, edited, values, rows)
    after = combat_round.evaluate(edited).as_dict()
    assert after["summary"] == before["summary"]
    assert [s["result"] for s in after["steps"]] == [s["result"] for s in before["steps"]]


def test_unused_saf_form_removes_the_step():
    data = copy.deepcopy(ROUND) | {"5S": {"target": "base"}}
    values, rows = forms.read("5S", data)
    values["used"] = False
    forms.write("5S", data, values, rows)
    assert "5S" not in data


def test_folio_tables_round_trip():
    data = copy.deepcopy(folio.EXAMPLE)
    head = {k: data[k] for k in ("race", "turn", "deficit_allowed")}
    again = folio.from_tables(head, folio.to_tables(data))
    assert [t.as_dict() for t in folio.economic_form(again)] == [
        t.as_dict() for t in folio.economic_form(data)]
    assert folio.base_status(again) == folio.base_status(data)


def test_simple_sfg_rule_targets_round_trip():
    data = copy.deepcopy(ROUND) | {"sfg_rule": "simple"}
    data["4A3"] = {"attacker": [{"name": "D7A", "unit": "D7A", "sfgs": 1,
                                 "targets": ["CA", "NSC", "FF", "DD"], "attempts": []}],
                   "defender": [], "accompanying": {"attacker": 6.0, "defender": 0.0}}
    values, rows = forms.read("4A3", data)
    edited = copy.deepcopy(data)
    forms.write("4A3", edited, values, rows)
    assert edited["4A3"] == data["4A3"]
