"""An energy module in a Dominator's hangar (Module C2, G20): the G20.5 example's part inside the
hangar played through the sequencer. The Dominator's panels are full; one damage point destroys
a panel box whose 10 points the module picks up (D10.424 priority 2, G20.41); in the Sat Ship
Launch Step 48 points move from the panels into the module, with the two hangar hits (G19.213)
it picked up, filling it (G20.31)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.game_setup import SetupError, units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.sat_ship_setup import embark
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.engine.absorber_steps import RELEASED
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.robot.robot import Robot
from sfb_desk.rules.combat import Hit, VolleyGroup
from sfb_desk.rules.energy.absorbers import REINFORCED, PanelBank
from sfb_desk.rules.results import Refusal


@pytest.fixture(scope="module")
def library():
    return load_library()


def _dominator(library, group):
    scenario = duel_scenario("AND-DOM", "KLI-D7", turns=1, library=library)
    game = embark(units_from_scenario(scenario, library, dice_seed=2), library, "AND-DOM", group)
    session = Session(game.state, game.combat, game.specs)
    robots = [Robot(s.name, seed=2) for s in scenario.sides]
    for _ in range(3000):
        prompt = session.pending
        if getattr(prompt, "kind", None) == "sat_ships":
            return session, prompt
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    raise AssertionError("no satellite-ship prompt")


def test_the_hangar_counts_the_module(library):
    scenario = duel_scenario("AND-DOM", "KLI-D7", turns=1, library=library)
    game = units_from_scenario(scenario, library)
    embark(game, library, "AND-DOM", ["AND-COB"] * 5 + ["EM-S"])  # 5 + 3/4 bays of 6
    with pytest.raises(SetupError, match="G19.212"):
        embark(game, library, "AND-DOM", ["AND-COB"] * 5 + ["EM-M", "EM-S"])


def test_g20_5_in_the_hangar(library):
    s, prompt = _dominator(library, ["EM-S"])
    state = s.panels("AND-DOM")
    assert [m.kind for m in state.modules] == ["EM-S"] and state.modules[0].capacity == 60
    full = replace(state, level=REINFORCED,
                   banks=(PanelBank((0,) * 12, 120), PanelBank((0,) * 8, 80)))
    s._panel_put("AND-DOM", full)
    dom = s.state.unit("AND-DOM")
    s._put(replace(dom, destroyed=frozenset(f"aft_hull#{n}" for n in range(1, 9))))
    # "A few damage points are scored" on the full Dominator: three internal points (the
    # panels already full), rolls 8, 8 (A Hull gone: Shuttle, the hangar, G19.213) and 3
    # (Drone: a panel box, D10.51).
    hit = Hit("KLI-D7", "AND-DOM", 3, None, None, source=RELEASED)
    walk = s._resolve_volley(VolleyGroup("AND-DOM", hit.step, (hit,), None, True))
    asked = next(walk)
    try:
        while True:
            if isinstance(asked, DiceRequest):
                asked = walk.send([8, 8, 3][:asked.count])
            else:  # the box (default) and the H7.134 reserve question (none)
                asked = walk.send(asked.default)
    except StopIteration:
        pass
    after = s.panels("AND-DOM")
    assert after.bank("pa_fwd").boxes == 11 and after.bank("pa_fwd").held == 110
    # The module picks up the 2 hangar hits and the released 10 (G20.41).
    assert after.modules[0].energy == 12
    refused = s.answer({"AND-DOM": {"transfer": [{"module": 1, "from": "pa_fwd",
                                                  "points": 49}]}})  # room for 48
    assert isinstance(refused, Refusal) and refused.rule == "G20.31"
    s.answer({"AND-DOM": {"transfer": [{"module": 1, "from": "pa_fwd", "points": 48}]}})
    now = s.panels("AND-DOM")
    assert now.modules[0].energy == 60 and now.bank("pa_fwd").held == 62  # "its maximum"
    events = [r.data for r in s.log if r.kind == "event" and r.data.kind == "module_transfer"]
    assert events and events[-1].get("energy") == 60
