"""No scenario text claims a ship class is missing when the library has it (QA, session 4).

Whether a unit has a ship file is worked out from the library when shown
(:func:`sfb_desk.data.scenario_play.unit_label`), never written in a scenario file: the
"(no ship file in the library)" the files once carried went stale as classes were added
(SH46 named the Conquistador, the Cobra and the D5 as missing while AND-CON, AND-COB and
KLI-D5 existed). The prose of the files (notes, limitations, reasons) is checked too: a clause
saying some ship has no file may not name a class the library holds.
"""

from __future__ import annotations

import re

import pytest

from sfb_desk.commands.scenarios import describe_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_play import unit_label
from sfb_desk.data.scenarios import load_scenarios, unit_bpv

MISSING = re.compile(r"no ship files?|not in the (ship )?library|has no file", re.I)


@pytest.fixture(scope="module")
def ships():
    return load_library()


@pytest.fixture(scope="module")
def scenarios(ships):
    return load_scenarios(ships=ships)


def _names(ships) -> dict[str, str]:
    """Every way a scenario's prose names a library class -> its id."""
    names = {}
    for spec in ships.ships.values():
        names[spec.id] = spec.id
        names[f"{spec.race_name} {spec.class_code}"] = spec.id
    return names


def _strings(value, skip=("unlisted",)):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from _strings(v, skip)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v, skip)


def test_no_unlisted_text_says_whether_a_file_exists(scenarios):
    for s in scenarios.sorted():
        for _, unit in s.units():
            if unit.unlisted:
                assert not MISSING.search(unit.unlisted), (s.id, unit.unlisted)


def test_a_unit_whose_class_is_in_the_library_is_shown_with_it(scenarios, ships):
    sh46 = scenarios.get("SH46")
    lines = "\n".join(describe_scenario(sh46, ships))
    assert "no ship file" not in lines
    assert "Cortez: AND-CON (Andromedan Conquistador carrying one Cobra)" in lines
    assert "Reaper: KLI-D5 (Klingon D5)" in lines
    assert "BPV -" not in lines  # the D7's B and UIM refits both have a price
    for s in scenarios.sorted():
        for _, unit in s.units():
            label = unit_label(unit, ships)
            has = (unit.ship or unit.ship_needed or "") in ships
            assert ("no ship file" in label) == (bool(unit.unlisted) and not has), (s.id, label)
            if unit.ship_needed in ships and unit.bpv is None:
                assert unit_bpv(unit, ships)[0] is not None or not ships.get(
                    unit.ship_needed).bpv_combat, (s.id, unit.key)


def test_a_unit_with_no_file_still_says_so(scenarios, ships):
    sg22 = scenarios.get("SG22")
    freighter = sg22.sides[0].units[0]
    assert freighter.ship_needed not in ships
    assert unit_label(freighter, ships) == \
        "Small freighter (Basic Set) (no ship file in the library)"


def test_no_scenario_prose_calls_a_library_class_missing(scenarios, ships):
    names = _names(ships)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
                         + r")\b")
    claims = 0
    for s in scenarios.sorted():
        for text in _strings(s.model_dump()):
            for clause in re.split(r"[.;]\s|\(", text):
                if MISSING.search(clause):
                    claims += 1
                    named = pattern.findall(clause)
                    assert not named, f"{s.id}: {clause!r} names {named}, which the library has"
    assert claims  # the check reads real claims (SG10's scout, SG11's FRD and base station)


#: Rules the sequencer plays now (rules/systems/, engine/*_steps.py): a scenario may not say it
#: is unplayable because of them. Satellite ships, PA panels, cloaking, raids and boarding.
PLAYED = ("G19.0", "D10.0", "G13.0", "D7.8", "D7.0")


def test_no_unplayable_reason_blames_a_rule_the_program_plays(scenarios):
    blamed = 0
    for s in scenarios.sorted():
        for clause in re.split(r"[.;:]\s", s.status.reason or ""):
            if re.search(r"\bnot\b", clause):
                blamed += 1
                assert not [r for r in PLAYED if r in clause], (s.id, clause)
    assert blamed
