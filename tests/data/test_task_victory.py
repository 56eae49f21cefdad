"""Task victory conditions computed from the game (SG22.5 tractor and towing; SH19.5 is played
to its end in tests/engine/test_sh19_capture.py)."""

from __future__ import annotations

from fractions import Fraction

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.data.task_victory import task_result
from sfb_desk.engine.records import Combat
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.tractors import TractorLink, TractorState
from sfb_desk.rules.units import MoveProfile, new_ship


def _sg22(warp_destroyed=0, linked=True):
    """SG22 with the Federation CA standing in for player A's police ship (the police ships
    and the small freighter have no complete ship file) and a freighter of movement cost 1."""
    library = load_library()
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, library, ids={"FED-CA": "POL", "KLI-D7": "G2"})
    sg22 = load_scenarios().get("SG22")
    freighter = new_ship("FRT", "Neutral", MoveProfile(move_cost=Fraction(1)),
                         hex=hex_from_label("2215"), facing=0)
    dead = frozenset(f"left_warp#{i}" for i in range(1, warp_destroyed + 1))
    units = []
    for u in game.state.units:
        side = "Player A" if u.id == "POL" else "Player B"
        units.append(u.with_(side=side, destroyed=dead if u.id == "POL" else u.destroyed))
    state = game.state.__class__(units=tuple(units) + (freighter,))
    links = (TractorLink("POL", "FRT", "tractor#1", 1, 1, 30),) if linked else ()
    combat = Combat(game.combat.ships, game.combat.seeking, TractorState(links))
    return sg22, state, combat, game.specs


def test_sg22_the_holder_who_can_tow_at_speed_3_wins():
    scenario, state, combat, specs = _sg22()
    result = task_result(scenario, state, combat, specs)
    # 30 warp power over movement costs 1 + 1: speed 15.
    assert result.level == "Player A wins" and "speed 15" in result.why


def test_sg22_holding_without_the_power_to_tow_at_3_is_no_win():
    # 25 of the CA's 30 warp boxes destroyed: 5 power / (1 + 1) = speed 2.
    scenario, state, combat, specs = _sg22(warp_destroyed=15)
    state = state.with_unit(state.unit("POL").with_(destroyed=frozenset(
        [f"left_warp#{i}" for i in range(1, 16)] + [f"right_warp#{i}" for i in range(1, 11)])))
    result = task_result(scenario, state, combat, specs)
    assert result.level == "no winner yet" and "speed 2" in result.why


def test_sg22_no_link_no_result():
    scenario, state, combat, specs = _sg22(linked=False)
    assert task_result(scenario, state, combat, specs) is None
