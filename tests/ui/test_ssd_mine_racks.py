"""The SSD shows each mine rack's load to its owner (M9.11) and nothing to the enemy; a rack
box's tool tip names the DAC entries that destroy it (M9.13); the reconstructed F5M's SSD says
why it is reconstructed (not Module C2)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

import test_f5m_mine_racks as games  # noqa: E402
from sfb_desk.qt.game_ships import human_side, rack_texts  # noqa: E402
from sfb_desk.ui.ssd.info import box_info  # noqa: E402


def record_of(session, robots=None):  # noqa: ANN001, ANN201
    table = SimpleNamespace(robot_sides=robots or {})
    return SimpleNamespace(combat=session.combat, setup={"specs": session.specs},
                           state=session.state, initial=session.initial, table=table)


def test_rack_loads_for_the_owner_only_and_a_destroyed_rack_is_empty():
    session = games.session_of()
    record = record_of(session)
    assert rack_texts(record, "KLI-F5M", session.state) == {
        "mine_rack#1": "4L", "mine_rack#2": "4L", "mine_rack#3": "2L4S", "mine_rack#4": "0"}
    assert rack_texts(record, "KLI-F5M", session.state, viewer="Defender") == {}
    assert rack_texts(record, "KLI-F5", session.state) == {}  # no racks
    hit = replace(session.state, units=tuple(
        replace(u, destroyed=frozenset({"mine_rack#1"})) if u.id == "KLI-F5M" else u
        for u in session.state.units))
    assert rack_texts(record, "KLI-F5M", hit, viewer="Attacker")["mine_rack#1"] == "0"
    # against the robot the player looks from his own side
    assert human_side(record_of(session, {"Defender": "cadet"}), session.state) == "Attacker"
    assert human_side(record, session.state) is None


def test_a_rack_box_names_the_dac_entries_that_destroy_it():
    spec = games.library().get("KLI-F5M")
    info = box_info(spec, "mine_rack#2")
    assert info.rule == "M9.13" and {"Cargo", "Shuttle", "Excess Damage"} <= set(info.dac)
    assert "Mine rack 2" in info.tooltip()


def test_the_f5m_says_why_it_is_reconstructed():
    from sfb_desk.data.ship_capabilities import capabilities
    from sfb_desk.rules.ship import why_reconstructed

    spec = games.library().get("KLI-F5M")
    assert "KLI-F5 hull" in why_reconstructed(spec)
    assert why_reconstructed(games.library().get("ISC-CS")) == "Module C2 prints no box counts"
    _can, cannot = capabilities(spec)
    assert any("KLI-F5 hull" in c for c in cannot) and not any("Module C2" in c for c in cannot)


def test_the_setup_table_offers_the_racks_load_and_refuses_what_does_not_fit(qtbot):
    from PySide6.QtCore import Qt

    from sfb_desk.data.custom_setup import (
        check_entries,
        entries_from_scenario,
        setup_from_entries,
    )
    from sfb_desk.ui.setup.units_table import COLUMNS, UnitsTable

    table = UnitsTable(games.library())
    qtbot.addWidget(table)
    entries, _problems = entries_from_scenario(games.sg15(), games.library())
    table.model.set_entries(entries)
    column = COLUMNS.index("mine_racks")
    f5m, frigate = (table.model.index(r, column) for r in (0, 1))
    assert f5m.data() == "4L, 4L, 2L4S" and frigate.data() == "\u2014"
    assert not frigate.flags() & Qt.ItemFlag.ItemIsEditable
    assert table.model.setData(f5m, "4L, 9S")
    problems = check_entries(table.model.entries(), games.library())
    (bad,) = [p for p in problems if p.field == "mine_racks"]
    assert bad.row == 0 and "M9.11" in str(bad)
    assert table.model.setData(f5m, "2L4S, 0, 4S")
    assert not check_entries(table.model.entries(), games.library())
    setup = setup_from_entries(table.model.entries(), games.library(), turns=None, dice_seed=1,
                               scenario=games.sg15())
    racks = setup.combat.battlefield.stores_of("KLI-F5M").racks
    assert [(r.large, r.small) for r in racks] == [(2, 4), (0, 0), (0, 4), (0, 0)]


def test_the_scenario_builder_keeps_rack_loads_and_arrivals():
    from sfb_desk.data.custom_setup import entries_from_scenario
    from sfb_desk.data.scenario_builder import BuiltScenario, scenario_dict

    entries, _problems = entries_from_scenario(games.sg15(), games.library())
    built = BuiltScenario(title="Sweep", units=tuple(entries))
    units = [u for side in scenario_dict(built)["sides"] for u in side["units"]]
    assert units[0]["mine_racks"] == [{"large": 4, "small": 0}, {"large": 4, "small": 0},
                                      {"large": 2, "small": 4}]
    assert units[1]["arrives_turn"] == 15 and "mine_racks" not in units[1]
