"""The robot casts webs (Module C2 E12): across the path of an enemy closing on it, never an
illegal cast (the session refuses nothing it sends)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.log import REFUSED
from sfb_desk.robot.duel import duel_scenario, play_duel
from sfb_desk.robot.webs import cast_candidates
from sfb_desk.rules.hexes import hex_from_label, hex_line


@pytest.fixture(scope="module")
def library():
    return load_library()


def _events(session, kind):
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


@pytest.mark.parametrize("seed,distance", [(1, 12), (2, 15)])
def test_the_neo_tholian_casts_a_web_across_the_d7s_path(library, seed, distance):
    """NTH light cruiser v KLI-D7: the robot casts a free-standing web (E12.22) ahead of the
    closing D7, 3 hexes in a straight line (E12.25), which forms 4 impulses later (E12.55); the
    D7's robot sees it and steers clear, its drones fly in and are caught; no robot ship flies
    into a web, and no answer of either robot is refused."""
    result = play_duel("THO-NCL", "KLI-D7", seed=seed, turns=1, distance=distance,
                       library=library)
    s = result.session
    assert not [r for r in s.log if r.kind == REFUSED]
    casts = _events(s, "web_cast")
    assert casts and casts[0].data.get("anchored") is False
    hexes = [hex_from_label(x) for x in casts[0].data.get("hexes")]
    assert len(hexes) == 3 and hexes in (hex_line(hexes[0], hexes[-1], 1),
                                         hex_line(hexes[0], hexes[-1], -1))
    assert _events(s, "web_formed")
    caught = {r.data.unit for r in _events(s, "web_caught")}
    assert caught and all(".drone" in u for u in caught)


def test_no_cast_at_an_enemy_going_away_nor_without_a_load(library):
    """A web ahead of a ship that is not closing catches nothing, and a caster that stores
    nothing cannot cast (E12.31): no candidate either way."""
    scenario = duel_scenario("THO-NCL", "KLI-D7", 1, 12, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=1, dice_seed=7)
    units = {u.id: u for u in setup.state.units}
    tho, kli = units["THO-NCL"], units["KLI-D7"]
    me = SimpleNamespace(unit=tho)
    closing = SimpleNamespace(unit=replace(kli, speed=12))
    orders = cast_candidates(me, closing, "webcaster#W", 5)
    assert orders and all(o["mode"] == "cast" and 1 <= len(o["hexes"]) <= 5 for o in orders)
    leaving = SimpleNamespace(unit=replace(kli, speed=12, facing=(kli.facing + 3) % 6))
    assert cast_candidates(me, leaving, "webcaster#W", 5) == []
    assert cast_candidates(me, closing, "webcaster#W", 0) == []


def _to_d7_move(library, webbed: bool):
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
    from sfb_desk.engine.session import Session
    from sfb_desk.rules.hexes import neighbor
    from sfb_desk.rules.systems.webs import Web, add_web

    scenario = duel_scenario("THO-NCL", "KLI-D7", 1, 12, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=1, dice_seed=7)
    combat = setup.combat
    if webbed:
        kli = next(u for u in setup.state.units if u.id == "KLI-D7")
        ahead = neighbor(kli.hex, kli.facing)
        webs = add_web(combat.c2.webs, Web("", "THO-NCL", "webcaster#W", (ahead,), 10, 0,
                                           anchored=True))
        combat = replace(combat, c2=replace(combat.c2, webs=webs))
    s = Session(setup.state, combat, setup.specs)
    src = Chain(Scripted([At("T1.ea.THO-NCL", {"speed_plot": 0}),
                          At("T1.ea.KLI-D7", {"speed_plot": 16})]), SeededDice(1), Defaults())
    for _ in range(200):
        p = s.pending
        if getattr(p, "prompt_type", "") == "orders" and p.kind == "movement" and (
                p.unit == "KLI-D7"):
            return s
        s.answer(src.answer(p, s)[0])
    raise AssertionError("no movement prompt for the D7")


def test_the_robot_does_not_fly_into_a_web(library):
    """A web hex holds a ship for its strength (G10.5 as decisions.md reads it): with a web
    straight ahead the robot turns or slips rather than enter it; without one it goes straight."""
    from sfb_desk.robot.levels import level
    from sfb_desk.robot.moves import movement_answer

    plain = _to_d7_move(library, False)
    assert movement_answer(plain.pending, plain, level("captain")) == "straight"
    webbed = _to_d7_move(library, True)
    assert movement_answer(webbed.pending, webbed, level("captain")) != "straight"
