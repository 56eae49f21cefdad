"""The launch editor on the duel's launch prompts (F2): the Klingon drone launch of impulse 1
as the duel script gives it, rack limits shown with their rule (FD4), shuttles (J1.50), and
orders that cannot be sent as they stand."""

from __future__ import annotations

import pytest

from sfb_desk.engine.session import Accepted
from sfb_desk.rules.results import Refusal
from sfb_desk.ui.orders.launch import LaunchEditor
from sfb_desk.ui.orders.panel import OrdersPanel

from test_orders_helpers import FakeController, duel_at, play_until


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(760, 600)
    p.show()
    return p


def test_the_duel_drone_launch_through_the_panel(qtbot, panel):
    controller = FakeController(duel_at("T1.I1.launch.Klingon"))
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, LaunchEditor)
    row = editor.row("KRT", "drone#1")
    assert row.target.currentData() == "ENT" and row.info.text() == "may launch"
    assert row.what.count() == 4 and row.what.itemText(0) == "1: type I, speed 12"
    row.check.setChecked(True)
    panel.give()
    sid = row.id.text()
    assert controller.answers == [{"KRT": {"drones": [{"box": "drone#1", "id": sid,
                                                       "target": "ENT"}]}}]
    assert isinstance(controller.outcomes[-1], Accepted)
    drone = controller.session.state.find(sid)
    assert drone is not None and drone.kind == "drone" and drone.target == "ENT"


def test_a_rack_that_launched_this_turn_shows_the_rule_and_is_refused(qtbot, panel):
    session = play_until(duel_at("T1.I1.launch.Klingon"), "T1.I2.launch.Klingon")
    controller = FakeController(session)
    panel.bind(controller)
    row = panel.editor.row("KRT", "drone#1")  # KD1 left it on impulse 1
    assert row.info.text().endswith("(FD4)")
    assert panel.editor.row("KRT", "drone#2").info.text() == "may launch"
    row.check.setChecked(True)
    panel.give()
    assert isinstance(controller.outcomes[-1], Refusal)
    assert panel.message.text().startswith("Refused: drone#1 (type F) launches 1 drone(s)")
    assert row.check.isChecked()


def test_unique_ids_and_an_empty_id_is_not_sent(qtbot, panel):
    controller = FakeController(duel_at("T1.I1.launch.Klingon"))
    panel.bind(controller)
    editor = panel.editor
    ids = [r.id.text() for r in editor.rows["KRT"]]
    assert len(set(ids)) == len(ids) and "KD1" not in ids
    row = editor.row("KRT", "drone#2")
    row.check.setChecked(True)
    row.id.setText("")
    with qtbot.assertNotEmitted(panel.answered):
        panel.give()
    assert panel.message.text() == "Drone rack 2 of KRT: the launched unit needs an id (F2)"


def test_an_administrative_shuttle(qtbot, panel):
    controller = FakeController(duel_at("T1.I1.launch.Federation"))
    panel.bind(controller)
    row = panel.editor.row("ENT", "shuttle#1")
    assert row.what.currentData() == "admin"
    row.check.setChecked(True)
    panel.give()
    sid = row.id.text()
    assert controller.answers == [{"ENT": {"shuttles": [{"box": "shuttle#1", "id": sid,
                                                         "bay": 1, "speed": 6,
                                                         "mission": "admin"}]}}]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert controller.session.state.find(sid).kind == "shuttle"
