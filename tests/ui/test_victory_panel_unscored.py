"""The victory panel with a ship whose file has no combat BPV (the reconstructed Module C2
classes, or any ship file without one): it says the victory cannot be scored and why."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.robot.duel import duel_scenario
from sfb_desk.ui.table.victory_panel import VictoryPanel


def test_a_ship_without_a_bpv_is_named_instead_of_a_score(qtbot):
    setup = units_from_scenario(duel_scenario("FED-CA", "KLI-D7", 1, 15, load_library()),
                                load_library(), turns=1)
    session = SimpleNamespace(combat=setup.combat, state=setup.state)
    specs = dict(setup.specs)
    panel = VictoryPanel()
    qtbot.addWidget(panel)
    record = SimpleNamespace(combat=session.combat, setup={"specs": specs}, pending=None)
    panel._controller = SimpleNamespace(record=record, state=session.state)
    panel._refresh()
    assert panel.result is not None and panel.headline.text().startswith("Game over.")
    specs["FED-CA"] = replace(specs["FED-CA"], bpv_combat=None)
    panel._refresh()
    assert panel.result is None
    assert panel.headline.text() == ("Victory cannot be scored: FED-CA: no combat BPV in the "
                                     "ship file (S2.1)")
