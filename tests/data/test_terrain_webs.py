"""Scenario webs with a printed strength hold units (issue 17): SH6.2's "strength 35" web
hexes become anchored webs at set-up; a ship that flies into one is caught through the
sequencer (G10.5 as decisions.md reads it); a web without a strength only blocks fire."""

from __future__ import annotations

from pathlib import Path

import pytest

from sfb_desk.data.battlefield import battlefield_of
from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_file import load_scenario_file
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.data.terrain_webs import with_terrain_webs
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.rules.hexes import hex_from_label as H

SH6 = Path(__file__).resolve().parents[2] / "ssd_data" / "scenarios" / "SH6.toml"


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_sh6_webs_are_strength_35(library):
    """SH6.2: the three web hexes the scenario names hold at strength 35, anchored."""
    scenario = load_scenario_file(SH6, library)
    combat = with_terrain_webs(Combat(battlefield=battlefield_of(scenario)))
    (web,) = combat.c2.webs.webs
    assert web.strength == 35 and web.anchored and web.formed
    assert sorted(h.label for h in web.hexes) == ["2017", "2111", "2519"]
    assert all(combat.c2.webs.strength_at(H(x)) == 35 for x in ("2017", "2111", "2519"))


def _duel(library, strength):
    doc = duel_scenario("THO-NCL", "KLI-D7", 1, 10, library).model_dump(
        mode="json", by_alias=True, exclude_unset=True)
    web = {"kind": "web", "hexes": ["2207"], "rule": "SH6.2"}
    if strength:
        web["strength"] = strength
    doc["terrain"] = [web]
    return Scenario.model_validate(doc)


def test_a_ship_flying_into_a_scenario_web_is_caught(library):
    """The D7 (2202, heading for the Tholian at 2212) enters 2207 and is held, paying its
    movement points to the web's 6 points."""
    setup = units_from_scenario(_duel(library, 6), library, ids={}, turns=1, dice_seed=3)
    s = Session(setup.state, setup.combat, setup.specs)
    s.run(Chain(Scripted([At("T1.ea.THO-NCL", {"speed_plot": 0}),
                          At("T1.ea.KLI-D7", {"speed_plot": 16})]),
                SeededDice(3), Defaults()), limit=2000)
    caught = [r for r in s.log if r.kind == "event" and r.data.kind == "web_caught"]
    assert caught and caught[0].data.unit == "KLI-D7" and caught[0].data.get("hex") == "2207"
    paid = [r for r in s.log if r.kind == "event" and r.data.kind in ("web_pay", "web_escaped")
            and r.data.unit == "KLI-D7"]
    assert paid and paid[-1].data.kind == "web_escaped" and paid[-1].data.get("paid") == 6


def test_a_web_without_strength_stays_terrain(library):
    setup = units_from_scenario(_duel(library, None), library, ids={}, turns=1)
    assert not setup.combat.c2.webs.webs
