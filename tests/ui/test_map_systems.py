"""Ship systems on the map (ui/map/systems.py): what each viewer sees, drawn offscreen."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

import test_session_cloak as cloak_game  # noqa: E402

from sfb_desk.ui.map.systems import counter_opacity, systems_view  # noqa: E402
from sfb_desk.ui.map.view import MapView  # noqa: E402


def _cloaked_game():
    session, sides = cloak_game._session()
    cloak_game._walk_to(session, f"T1.I8.fire.{sides[0]}", cloak_game._ea(sides))
    return session, sides


def test_the_owner_sees_the_cloak_status_the_enemy_only_a_cloaked_ghost(qapp):
    session, (fed, rom) = _cloaked_game()
    own = systems_view(session.state, session.combat, session.log.records, rom)
    enemy = systems_view(session.state, session.combat, session.log.records, fed)
    assert [c.tag for c in own.cloaked] == ["cloaked (+5)"]
    assert [c.tag for c in enemy.cloaked] == ["cloaked"]
    assert counter_opacity(enemy.cloaked, "ROM-KR")[0] < counter_opacity(own.cloaked, "ROM-KR")[0] < 1
    assert counter_opacity(enemy.cloaked, "FED-CA") == (1.0, "")
    view = MapView(session.state.map)
    view.set_units(session.state.units)
    view.set_systems(enemy)
    assert view.counter("ROM-KR").opacity() == counter_opacity(enemy.cloaked, "ROM-KR")[0]
    assert not view.grab().isNull()
    view.close()


def test_links_and_explosions_are_read_from_the_game():
    import test_session_explosions as boom_game
    import test_session_tractors as tractor_game

    session = tractor_game._play({"speed_plot": 0, "tractors": 1}, tractor_game.TractorDrones())
    state = session.state
    assert systems_view(state, session.combat).links == (
        (state.unit("ENT").hex, state.unit("KD1").hex),)
    session, _ = boom_game._play([boom_game.At("T1.self_destruct.Klingon", {"KRT": True})])
    records = session.log.records
    # The game is over at the end of impulse 1: the explosion of phase 3 is from the impulse
    # before, so it is still shown.
    view = systems_view(session.state, session.combat, records)
    assert [(h.label, r) for h, r in view.explosions] == [("2219", 1)]


def test_the_new_game_dialog_sets_the_ship_system_rule_options(qapp):
    from sfb_desk.rules.systems import SystemsOptions
    from sfb_desk.ui.setup.options import GameOptions

    options = GameOptions()
    assert options.systems_options() == SystemsOptions()
    options.cloak_fire.setCurrentIndex(options.cloak_fire.findData("table"))
    options.auction.setCurrentIndex(options.auction.findData("none"))
    options.extended_tractors.setChecked(True)
    options.self_destruct_limits.setChecked(False)
    assert options.systems_options() == SystemsOptions(
        self_destruct_limits=False, tractor_extended_range=True, tractor_auction="none",
        cloak_fire="table")
    options.close()
