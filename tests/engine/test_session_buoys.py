"""The Tholian web anchor buoy through the sequencer (Advanced Missions G26; issue 17): a
scenario puts charged buoys aboard (G26.12), a ship standing in an anchored web hex drops one in
the Ship Systems Function Stage (G26.30, G26.32), never outside a web hex (G26.36) nor into a
free-standing web (G26.32, E12.222); the map draws it (G26.33)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.game_setup import SetupError, units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_schema import Scenario
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.codec import decode, encode
from sfb_desk.engine.log import REFUSED
from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, side_names
from sfb_desk.rules.systems.webs import Web, add_web
from sfb_desk.ui.map.webs import webs_view


@pytest.fixture(scope="module")
def library():
    return load_library()


def _scenario(library, ship="THO-C", buoys=2):
    doc = duel_scenario(ship, "KLI-D7", 1, 10, library).model_dump(mode="json", by_alias=True,
                                                                    exclude_unset=True)
    doc["sides"][0]["units"][0]["anchor_buoys"] = buoys
    return Scenario.model_validate(doc)


def _session(library, *, anchored=True, in_web=True):
    setup = units_from_scenario(_scenario(library), library, ids={}, turns=1, dice_seed=7)
    tho = next(u for u in setup.state.units if u.id == "THO-C")
    at = tho.hex if in_web else tho.hex.__class__(tho.hex[0] + 3, tho.hex[1] - 3, tho.hex[2])
    webs = add_web(setup.combat.c2.webs, Web("", "THO-C", "web_generator#1", (at,), 10, 0,
                                             anchored=anchored))
    combat = replace(setup.combat, c2=replace(setup.combat.c2, webs=webs))
    names = side_names(library.get("THO-C"), library.get("KLI-D7"))
    return Session(setup.state, combat, setup.specs), names


def _run(s, names, answer):
    tho, _ = names
    s.run(Chain(Scripted([At("T1.ea.THO-C", {"speed_plot": 0}),
                          At("T1.ea.KLI-D7", {"speed_plot": 0}),
                          At(f"T1.I1.anchor_buoys.{tho}", answer)]),
                SeededDice(3), Defaults()), limit=120)


def _events(s, kind):
    return [r for r in s.log if r.kind == "event" and r.data.kind == kind]


def test_scenario_puts_charged_buoys_aboard(library):
    """G26.12: the scenario designates the buoys; each takes a shuttle box (G26.10)."""
    setup = units_from_scenario(_scenario(library), library, ids={}, turns=1)
    assert setup.combat.c2.webs.aboard == (("THO-C", 2),)
    with pytest.raises(SetupError, match="G26.362"):
        units_from_scenario(_scenario(library, ship="FED-CA"), library, ids={}, turns=1)
    with pytest.raises(SetupError, match="G26.10"):
        units_from_scenario(_scenario(library, buoys=5), library, ids={}, turns=1)


def test_a_ship_in_an_anchored_web_drops_a_buoy(library):
    """G26.30, G26.32: dropped in the Ship Systems Function Stage into the web the ship stands
    in; one buoy left aboard; it survives a save; the map draws it (G26.33)."""
    s, names = _session(library)
    _run(s, names, {"THO-C": "drop"})
    (laid,) = _events(s, "buoy_laid")
    assert laid.data.rule == "G26.32" and laid.step == "6B-systems"
    webs = s.combat.c2.webs
    here = s.state.find("THO-C").hex
    assert webs.buoys == (("THO-C.buoy1", here, "W1"),) and webs.aboard == (("THO-C", 1),)
    assert decode(encode(s.combat), Combat, "combat") == s.combat
    view = webs_view(s.combat, s.state)
    assert [(b.id, b.hex) for b in view.buoys] == [("THO-C.buoy1", here)]


def test_no_buoy_into_a_free_standing_web(library):
    """G26.32 (E12.222): the order is refused with the rule; the default (no drop) stands."""
    s, names = _session(library, anchored=False)
    _run(s, names, {"THO-C": "drop"})
    refused = [r for r in s.log if r.kind == REFUSED]
    assert refused and "G26.32" in str(refused[0].data)
    assert not _events(s, "buoy_laid") and s.combat.c2.webs.aboard == (("THO-C", 2),)


def test_no_prompt_outside_a_web_hex(library):
    """G26.36: a charged buoy goes only into a web hex, so a ship outside one is not asked."""
    s, names = _session(library, in_web=False)
    _run(s, names, {"THO-C": "drop"})
    assert not any(r.key.startswith("T1.I1.anchor_buoys") for r in s.log)
    assert s.combat.c2.webs.aboard == (("THO-C", 2),)
