"""The victory panel shows a scenario's task victory (data/task_victory.py): a game set up from
SH19 heads the panel with the SH19.5 level reached, the S2.20 figures kept for comparison; a
game set up by hand shows S2.20 alone."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.qt.game_record import TableSettings
from sfb_desk.ui.table.victory_panel import VictoryPanel


def _panel(qtbot, state, setup, scenario_id: str, pending=None) -> VictoryPanel:
    panel = VictoryPanel()
    qtbot.addWidget(panel)
    record = SimpleNamespace(combat=setup.combat, setup={"specs": dict(setup.specs)},
                             pending=pending, table=TableSettings("SH19", scenario=scenario_id))
    panel._controller = SimpleNamespace(record=record, state=state)
    panel._refresh()
    return panel


def test_sh19_shows_its_task_victory(qtbot):
    scenario = load_scenarios().get("SH19")
    setup = units_from_scenario(scenario, load_library(), turns=6)
    level = next(lv.level for lv in scenario.victory.levels if lv.outcome == "Hood is captured")
    panel = _panel(qtbot, setup.state, setup, "SH19", pending=object())
    assert panel.headline.text() == "Task victory (SH19.5): none reached yet"
    assert panel.lines()[1].startswith("Standard Victory Conditions, for comparison: So far")
    captured = replace(setup.state, units=tuple(
        replace(u, status="captured") if u.id == "Hood" else u for u in setup.state.units))
    panel = _panel(qtbot, captured, setup, "SH19")
    text = panel.headline.text()
    assert text.startswith(f"Game over. Task victory (SH19.5): {level} — Hood is captured")
    assert "Hood: captured" in text
    assert "Standard Victory Conditions, for comparison: Game over." in panel.details.text()


def test_a_game_without_a_scenario_shows_the_standard_conditions(qtbot):
    scenario = load_scenarios().get("SH19")
    setup = units_from_scenario(scenario, load_library(), turns=6)
    panel = _panel(qtbot, setup.state, setup, "")
    text = panel.headline.text()
    assert text.startswith("Game over. ") and text.endswith("(S2.3)") and "Task" not in text


def test_the_scenario_id_is_saved_with_the_table():
    table = TableSettings("SH19", (("Klingon", "captain"),), frozenset(), "SH19")
    assert TableSettings.from_json(table.to_json()) == table
    assert "scenario" not in TableSettings("by hand").to_json()  # older saves read as before


def test_sm5_played_to_its_end_is_scored_by_sm5_5(qtbot):
    """The Sunsnake has one side of ships: no S2.20, but its own SM5.5 result."""
    from tests.engine.test_battlefield_play import start

    session = start("SM5", facing="A")
    setup = SimpleNamespace(combat=session.combat, specs=session.specs)
    panel = _panel(qtbot, session.state, setup, "SM5", pending=object())
    assert panel.headline.text() == "Task victory (SM5.5): none reached yet"
    destroyed = replace(session.state, units=tuple(
        u.with_(status="destroyed") for u in session.state.units))
    panel = _panel(qtbot, destroyed, setup, "SM5")
    assert panel.headline.text().startswith(
        "Game over. Task victory (SM5.5): The player loses — the ship is destroyed")
    assert "cannot be scored" not in " ".join(panel.lines())


def test_a_running_standing_claims_no_level_before_the_end(qtbot):
    """SG15 at its start: the attacker's only points are the weaker-force bonus; the panel said
    "Attacker leads — Astounding victory". Mid-game it gives the points so far, the bonus
    named, and leaves the level to the end (S2.3)."""
    scenario = load_scenarios().get("SG15")
    setup = units_from_scenario(scenario, load_library(), turns=3)
    panel = _panel(qtbot, setup.state, setup, "SG15", pending=object())
    text = panel.headline.text()
    assert text == ("So far (S2.20), points: Attacker 11: the weaker-force bonus of 11 (S2.20) "
                    "and 0 scored in play; Defender 0. The level is judged at the end (S2.3)")
    assert "victory" not in text.lower() and "leads" not in text
    assert any(line.endswith("Astounding victory if the game ended now")
               for line in panel.lines())
    over = _panel(qtbot, setup.state, setup, "SG15")
    assert over.headline.text() == "Game over. Attacker: Astounding victory (S2.3)"


def test_sm5_the_table_counts_its_points(qtbot):
    """SM5.5 lacking a clear-cut result: the captain's level by the points the table counts
    (information points, crew evacuated), entered on the panel."""
    from tests.engine.test_battlefield_play import start

    session = start("SM5", facing="A")
    setup = SimpleNamespace(combat=replace(session.combat, battlefield=replace(
        session.combat.battlefield, monsters=tuple(
            replace(m, gone="star") for m in session.combat.battlefield.monsters))),
        specs=session.specs)
    left = replace(session.state, units=tuple(
        u.with_(status="off_map") for u in session.state.units))
    panel = _panel(qtbot, left, setup, "SM5")
    assert not panel.sm5_row.isHidden()
    assert panel.headline.text().startswith(
        "Game over. Task victory (SM5.5): By the captain's points")
    panel.information.setValue(150)
    panel.evacuated.setValue(10)  # 150 + 10 x 10 = 250
    assert panel.headline.text().startswith(
        "Game over. Task victory (SM5.5): Did his best in a difficult situation (3) — 250 points")
    sh19 = _panel(qtbot, left, setup, "SH19")
    assert sh19.sm5_row.isHidden()
