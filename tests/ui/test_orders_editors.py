"""The other editors of the orders panel against the duel's Session: announcements (C12.36,
C12.313, C8), reserve reinforcement (H7.134), the JSON fallback, speed plots (C12.12) and
yes/no orders."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from sfb_desk.engine.prompts import Orders
from sfb_desk.engine.session import Accepted
from sfb_desk.rules.movement.speed import FIRST_CHANGE
from sfb_desk.ui.orders.announce import AnnounceEditor, SpeedPlotEditor
from sfb_desk.ui.orders.choice import YesNoEditor
from sfb_desk.ui.orders.json_editor import JsonEditor
from sfb_desk.ui.orders.editor import OrdersInputError
from sfb_desk.ui.orders.panel import OrdersPanel
from sfb_desk.ui.orders.reserve import ReserveEditor

from test_orders_helpers import FakeController, duel_at

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(700, 560)
    p.show()
    return p


def test_an_unplotted_acceleration(qtbot, panel):
    controller = FakeController(duel_at("T1.I8.announce.Federation"))
    panel.bind(controller)
    ship = panel.editor.ships["ENT"]
    assert isinstance(panel.editor, AnnounceEditor)
    assert ship.speed.value() == 2 and not ship.accelerate.isChecked()
    ship.speed.setValue(4)  # typing a speed checks "change speed"
    assert ship.accelerate.isChecked()
    ship.until.setValue(20)
    panel.give()
    assert controller.answers == [{"ENT": {"speed": 4, "until": 20}}]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert controller.session.state.find("ENT").plot[-2:] == ((9, 4), (21, 2))


def test_no_speed_change_before_impulse_4_but_deceleration(qtbot, panel):
    controller = FakeController(duel_at("T1.I1.announce.Federation"))
    panel.bind(controller)
    ship = panel.editor.ships["ENT"]
    assert not ship.accelerate.isEnabled() and 2 < FIRST_CHANGE
    ship.decel.setChecked(True)
    assert ship.em.itemData(1) == "start"
    panel.give()
    assert controller.answers == [{"ENT": {"decel": True}}]
    assert isinstance(controller.outcomes[-1], Accepted)


def test_erratic_maneuvers_not_paid_are_refused_with_the_rule(qtbot, panel):
    controller = FakeController(duel_at("T1.I1.announce.Federation"))
    panel.bind(controller)
    ship = panel.editor.ships["ENT"]
    ship.em.setCurrentIndex(1)
    qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    assert controller.answers == [{"ENT": {"em": "start"}}]
    assert panel.message.text() == ("Refused: ENT did not pay for erratic maneuvers this turn "
                                    "(C10.11)")
    assert ship.em.currentIndex() == 1


def test_reserve_reinforcement(qtbot, panel):
    controller = FakeController(duel_at("T2.I8.reserve.v1.KRT"))
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, ReserveEditor)
    available = editor.available
    assert available > 0 and editor.specific.maximum() == int(available)
    assert editor.general.maximum() == int(available) // 2
    editor.general.setValue(1)
    panel.give()
    assert controller.answers == [{"general": 1}]
    assert isinstance(controller.outcomes[-1], Accepted)


def test_reserve_beyond_what_is_left_is_not_sent(qtbot, panel):
    controller = FakeController(duel_at("T2.I8.reserve.v1.KRT"))
    panel.bind(controller)
    editor = panel.editor
    editor.general.setValue(editor.general.maximum())
    editor.specific.setValue(editor.specific.maximum())
    with qtbot.assertNotEmitted(panel.answered):
        panel.give()
    assert panel.message.text().endswith("reserve power is left (H7.134)")


def test_json_for_an_unknown_kind(qtbot, panel):
    prompt = Orders("T1.I3.tractor.Federation", "tractor", "Tractor beams", side="Federation",
                    default={"ENT": []})
    panel.set_prompt(prompt)
    editor = panel.editor
    assert isinstance(editor, JsonEditor)
    assert editor.value() == {"ENT": []}
    editor.text.setPlainText('{"ENT": [')
    with qtbot.assertNotEmitted(panel.answered):
        panel.give()
    assert panel.message.text().startswith("not JSON: ")
    editor.text.setPlainText('{"ENT": ["KRT"]}')
    with qtbot.waitSignal(panel.answered) as blocker:
        qtbot.keyClick(editor.text, Qt.Key.Key_Return, CTRL)  # from inside the text box
    assert blocker.args == [{"ENT": ["KRT"]}]


def test_speed_plot_editor():
    prompt = Orders("T1.plot.A", "speed_plot", "Speed plot for A (C12.12)", unit="A",
                    rule="C12.12")
    editor = SpeedPlotEditor(prompt, None)
    editor.speed.setValue(8)
    assert editor.value() == 8
    editor.changes.setText("17:10, 25:12")
    assert editor.value() == [[1, 8], [17, 10], [25, 12]]
    editor.changes.setText("17-10")
    with pytest.raises(OrdersInputError, match=r"'17-10' is not impulse:speed \(C12.12\)"):
        editor.value()


def test_yes_no_orders(qtbot, panel):
    panel.set_prompt(Orders("T1.disengage.A", "disengage", "Disengage A?", unit="A",
                            default="no"))
    assert isinstance(panel.editor, YesNoEditor)
    with qtbot.waitSignal(panel.answered) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_Y)
    assert blocker.args == ["yes"]


def test_a_choice_of_boxes_names_them_in_words_and_answers_the_box_id(qtbot):
    """QA: the D9.7 repair choice showed 'disruptor#A' on its button; it says 'disruptor A'
    and still answers the box id."""
    from sfb_desk.engine.prompts import Choice
    from sfb_desk.ui.orders.choice import ChoiceEditor

    prompt = Choice("T1.I32.repair.KLI-D7", "Continuous damage repair on KLI-D7: 4 point(s) "
                    "to which box? (D9.7)", ("none", "disruptor#A"), rule="D9.7",
                    unit="KLI-D7", default="none")
    editor = ChoiceEditor(prompt, None)
    qtbot.addWidget(editor)
    assert [b.text() for b in editor.buttons] == ["1  none  (default)", "2  disruptor A"]
    with qtbot.waitSignal(editor.submitted) as sent:
        editor.buttons[1].click()
    assert sent.args == ["disruptor#A"]
