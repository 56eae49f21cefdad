"""A robot duel is scored by S2.20 over every ship of the game, with each ship's outcome from
the game: a captured ship scores as captured (S2.21), and what a ship carries (a mothership's
satellite ships, G19) is in its force and scores when lost."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.robot import duel as robot_duel
from sfb_desk.robot.duel import play_duel


@pytest.fixture(scope="module")
def library():
    return load_library()


def _rescore(result, library, **statuses):  # noqa: ANN001, ANN202
    session = result.session
    for unit_id, status in statuses.items():
        session._put(replace(session.state.unit(unit_id), status=status))
    scenario = robot_duel.duel_scenario(result.ship_a, result.ship_b, result.turns,
                                        robot_duel.DEFAULT_DISTANCE, library)
    keys = robot_duel.unit_keys(scenario)
    ids = dict(zip(keys, (result.ships[0].id, result.ships[1].id)))
    return robot_duel._result(session, scenario, library, keys, ids, result.sides, result.levels,
                              result.seed, result.turns, result.answers, result.ended, True)


def test_a_captured_ship_scores_as_captured(library):
    result = play_duel("FED-CA", "KLI-D7", seed=0, turns=1, library=library)
    rescored = _rescore(result, library, **{result.ships[0].id: "captured"})
    text = "\n".join(rescored.explain)
    assert f"{result.ships[0].id} captured: 200% of BPV" in text, text
    assert rescored.points[1] > result.points[1]


def test_a_mothership_s_satellite_ship_is_in_its_force(library):
    result = play_duel("AND-CON", "KLI-D7", seed=1, turns=1, library=library)
    units = {u.id for u in result.session.state.units}
    assert "AND-COB" in units  # the Conquistador's Cobra rides along (R10.8)
    con, cob = library.get("AND-CON").bpv_combat, library.get("AND-COB").bpv_combat
    d7 = library.get("KLI-D7").bpv_combat
    text = "\n".join(result.explain)
    assert f"{d7} BPV against {con + cob}" in text, text
    rescored = _rescore(result, library, **{"AND-COB": "destroyed"})
    assert f"AND-COB destroyed: 100% of BPV {cob}" in "\n".join(rescored.explain)
