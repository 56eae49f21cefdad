"""QA (issue 12): a name is said once when it is the id ("KLI-F5M", not "KLI-F5M — KLI-F5M" in
the orders panel nor "FED-CA (FED-CA)" in the turn panel), and a unit without a facing in the
set-up dialog reads "no facing" (was "facing no facing")."""

from __future__ import annotations

import dataclasses

from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.prompts import Orders
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import MoveProfile, new_ship
from sfb_desk.ui.common.names import name_first, titled
from sfb_desk.ui.orders.panel import OrdersPanel
from sfb_desk.ui.orders.tractor_bid import TractorBidEditor
from sfb_desk.ui.setup.scenario_tab import _unit_line
from sfb_desk.ui.table.impulse_tracker import ImpulseTracker

CA = MoveProfile(turn_mode="D", warp=30, impulse=4, crew_units=43)


def test_a_name_equal_to_the_id_is_said_once():
    assert titled("FED-CA", "FED-CA") == "FED-CA"
    assert titled("FED-CA", "", "FED-CA") == "FED-CA"
    assert titled("ENT", "Enterprise") == "ENT — Enterprise"
    assert titled("KLI-F5M", "KLI-F5M", "KLI-F5M", "ship") == "KLI-F5M — ship"
    assert name_first("FED-CA", "FED-CA") == "FED-CA" and name_first("A", "") == "A"
    assert name_first("ENT", "Enterprise") == "Enterprise (ENT)"


def _state() -> GameState:
    units = (new_ship("FED-CA", "Federation", CA, hex=hex_from_label("1010"), facing=1, speed=8,
                      name="FED-CA"),
             new_ship("ENT", "Federation", CA, hex=hex_from_label("1011"), facing=1, speed=8,
                      name="Enterprise"))
    return GameState(turn=1, impulse=4, units=units)


def test_the_turn_panel_and_the_orders_panel_say_a_name_once(qtbot):
    tracker = ImpulseTracker()
    qtbot.addWidget(tracker)
    tracker.set_state(_state())
    assert [tracker.moving.item(i).text() for i in range(2)] == [
        "FED-CA, speed 8", "Enterprise (ENT), speed 8"]
    assert tracker.moving_ids() == ["FED-CA", "ENT"]
    ctx = OrdersContext(_state())
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    prompt = Orders("T1.I4.x.FED-CA", "cloak", "Something to order", unit="FED-CA", rule="G13")
    assert panel._who(prompt, ctx).startswith("Unit FED-CA · Rule G13")
    prompt = dataclasses.replace(prompt, unit="ENT")
    assert panel._who(prompt, ctx).startswith("Unit ENT — Enterprise · ")
    bid = Orders("T1.I4.tractor_bid.X.FED-CA", "tractor_bid", "Bid", unit="FED-CA")
    editor = TractorBidEditor(bid, ctx)
    qtbot.addWidget(editor)
    headings = [editor.form.itemAt(i).widget() for i in range(editor.form.count())]
    assert "FED-CA" in [w.text() for w in headings if hasattr(w, "text")]


def test_the_set_up_dialog_says_no_facing_once():
    scenario = load_scenarios().get("SM5")
    lines = [_unit_line(u) for side in scenario.sides for u in side.units]
    assert any("no facing" in line for line in lines)
    assert not any("facing no facing" in line for line in lines)
