"""Module C2 ships carry crew units and boarding parties (G9, D7.4): every reconstructed class
has them, and parties beamed aboard an Andromedan meet its defenders."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.sat_ship_setup import embark_standard_groups
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.robot.robot import Robot
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.boarding import groups


@pytest.fixture(scope="module")
def library():
    return load_library()


def _c2_reconstructed(library):
    return [s for i, s in library.ships.items() if i.split("-")[0] in ("AND", "ISC", "THO")
            and s.data_status == "reconstructed"]


def test_every_reconstructed_c2_class_has_crew_and_boarding_parties(library):
    ships = _c2_reconstructed(library)
    assert len(ships) == 14
    for spec in ships:
        assert spec.crew_units > 0 and spec.boarding_parties > 0, spec.id
        # labelled like the other reconstructed facts (Module C2 states no crew)
        assert any("crew units and boarding parties are reconstructed" in n
                   for n in spec.notes), spec.id


def test_parties_boarding_a_conquistador_meet_its_defenders(library):
    """D7.4: 4 Klingon parties aboard the AND-CON fight its own 8 (reconstructed) parties in
    the Final Activity Phase; before, the ship had none and fell without a fight."""
    scenario = duel_scenario("KLI-D7", "AND-CON", turns=1, distance=10, library=library)
    setup = embark_standard_groups(units_from_scenario(scenario, library, dice_seed=3), library)
    kli = next(u.side for u in setup.state.units if u.id == "KLI-D7")
    ships = tuple(replace(r, systems=replace(r.systems, enemy_parties=4, enemy_side=kli))
                  if r.id == "AND-CON" else r for r in setup.combat.ships)
    session = Session(setup.state, replace(setup.combat, ships=ships), setup.specs)
    robots = [Robot(s.name, seed=3) for s in scenario.sides]
    for _ in range(5000):
        prompt = session.pending
        if "boarding.defenders.AND-CON" in prompt.key:
            break
        robot = next(r for r in robots if r.mine(prompt, session))
        assert not isinstance(session.answer(robot.decide(prompt, session), "robot"), Refusal)
    else:
        raise AssertionError("no boarding combat aboard AND-CON")
    parties = library.get("AND-CON").boarding_parties
    assert parties == 8 and prompt.count == len(groups(parties)) >= 1
    session.answer([1] * prompt.count, "test")
    (fight,) = [r.data for r in session.log
                if r.kind == "event" and r.data.kind == "boarding_combat"]
    assert fight.get("attackers") == 4 and fight.get("defenders") == 8
