"""The orders panel bound to a (fake) controller around a real Session of the duel: what is
shown per prompt, Choices by key and click, Enter passes untouched orders, Ctrl+Enter gives
them, refusals in red with the rule while the editor keeps its entries, and the pass policy
handed to the controller."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.engine.session import Accepted
from sfb_desk.engine.orders.pass_policy import NEVER, PassPolicy
from sfb_desk.ui.orders.pass_policy import NEVER_ANNOUNCE
from sfb_desk.ui.orders.choice import ChoiceEditor, MovementEditor
from sfb_desk.ui.orders.fire import FireEditor
from sfb_desk.ui.orders.panel import OrdersPanel, is_orders_prompt

from test_orders_helpers import ONE_AT_A_TIME, FakeController, duel_at

SHIELD = Choice("T2.I8.shield.ENT.photon#A.KRT", "ENT photon#A strikes a hex spine: which "
                "shield of KRT? (D3.43)", ("shield 1", "shield 2"), rule="D3.43", unit="KRT",
                default="shield 2")
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    p.policy_box.set_policy(ONE_AT_A_TIME)  # the single editors (joint forms: test_orders_joint)
    qtbot.addWidget(p)
    p.resize(700, 600)
    p.show()
    return p


def bound(qtbot, panel, key):
    controller = FakeController(duel_at(key))
    panel.bind(controller)
    return controller


def test_which_prompts_are_the_panels():
    assert is_orders_prompt(SHIELD)
    assert is_orders_prompt(Orders("k", "fire", "fire", side="A", default={}))
    assert not is_orders_prompt(Orders("k", "energy_allocation", "EA", unit="ENT"))
    assert not is_orders_prompt(DiceRequest("k", "a roll"))


def test_shows_purpose_side_and_rule_of_a_fire_prompt(qtbot, panel):
    bound(qtbot, panel, "T1.I8.fire.Federation")
    assert panel.purpose.text() == "Fire declarations of side Federation, impulse 8 (D6.315)"
    # the purpose names side, impulse and rule: no second line repeating them (the orders
    # get the room); a prompt whose purpose does not name them has the line (below)
    assert panel.who.text() == "" and panel.who.isHidden()
    assert isinstance(panel.editor, FireEditor)
    assert panel.give_button.isEnabled() and panel.pass_button.isEnabled()


def test_energy_allocation_is_left_to_the_ea_sheet(qtbot, panel):
    controller = FakeController(duel_at("T1.ea.KRT"))
    panel.bind(controller)
    assert panel.purpose.text() == "Energy allocation for KRT: fill in the EA sheet"
    assert panel.editor is None
    assert not panel.give_button.isEnabled() and not panel.pass_button.isEnabled()


def test_dice_are_left_to_the_dice_panel(qtbot, panel):
    panel.set_prompt(DiceRequest("T1.I8.shot.ENT.photon#A.KRT", "ENT fires photon#A at KRT"))
    assert panel.purpose.text() == "Waiting for dice: ENT fires photon#A at KRT"
    assert panel.editor is None and panel.prompt is None
    panel.set_prompt(None)
    assert panel.purpose.text() == "Nothing to order now"


def test_a_choice_by_key_and_by_click(qtbot, panel):
    panel.set_prompt(SHIELD)
    editor = panel.editor
    assert isinstance(editor, ChoiceEditor)
    assert [b.text() for b in editor.buttons] == ["1  shield 1", "2  shield 2  (default)"]
    assert editor.default_button() is editor.buttons[1] and editor.buttons[1].isDefault()
    assert panel.who.isHidden()  # the purpose names the unit and the rule already
    with qtbot.waitSignal(panel.answered) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_1)
    assert blocker.args == ["shield 1"]
    with qtbot.waitSignal(panel.answered) as blocker:
        qtbot.mouseClick(editor.buttons[1], Qt.MouseButton.LeftButton)
    assert blocker.args == ["shield 2"]
    with qtbot.waitSignal(panel.answered) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_Return)  # Enter: the default
    assert blocker.args == ["shield 2"]
    with qtbot.assertNotEmitted(panel.answered):
        qtbot.keyClick(panel, Qt.Key.Key_3)  # no third option


def test_movement_by_key_answers_the_session(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I16.move.ENT")
    editor = panel.editor
    assert isinstance(editor, MovementEditor)
    assert editor.default_button() is editor.button_for("straight")
    assert "facing A, speed 2" in editor.info.text()
    qtbot.keyClick(panel, Qt.Key.Key_A)  # turn left
    assert controller.answers == ["turn left"]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert controller.session.state.find("ENT").facing == 5  # A turned left is F
    assert panel.prompt.key == "T1.I16.move.KRT"
    qtbot.keyClick(panel, Qt.Key.Key_W)
    assert controller.answers[-1] == "straight" and isinstance(controller.outcomes[-1], Accepted)


def test_enter_passes_untouched_orders_and_ctrl_enter_gives(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I8.fire.Federation")
    editor = panel.editor
    editor.row("ENT", "photon#A").check.setChecked(True)
    with qtbot.assertNotEmitted(panel.answered):
        qtbot.keyClick(panel, Qt.Key.Key_Return)  # edited: Enter does not throw it away
    assert "Ctrl+Enter" in panel.message.text()
    qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    assert controller.answers == [{"ENT": [{"box": "photon#A", "target": "KRT"}]}]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert panel.prompt.key == "T1.I8.fire.Klingon"
    qtbot.keyClick(panel, Qt.Key.Key_Return)  # untouched: Enter passes (the default, {})
    assert controller.answers[-1] == {} and isinstance(controller.outcomes[-1], Accepted)


def test_a_refusal_is_shown_with_its_rule_and_the_entries_stay(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I8.fire.Klingon")
    row = panel.editor.row("KRT", "phaser#6")  # L and LR arcs: ENT is dead ahead
    assert row.info.text().startswith("range 10, out of arc")
    row.check.setChecked(True)
    editor = panel.editor
    panel.give_button.click()
    assert controller.answers == [{"KRT": [{"box": "phaser#6", "target": "ENT"}]}]
    assert panel.message.isVisible()
    assert panel.message.text().startswith("Refused: phaser#6 (L LR) does not bear")
    assert panel.message.text().endswith("(D2)")
    assert "b00020" in panel.message.styleSheet()
    assert panel.editor is editor and row.check.isChecked()
    row.check.setChecked(False)
    panel.editor.row("KRT", "disruptor#A").check.setChecked(True)
    panel.give_button.click()
    assert isinstance(controller.outcomes[-1], Accepted)
    assert not panel.message.isVisible()


def test_the_same_prompt_again_keeps_the_editor(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I8.fire.Federation")
    editor = panel.editor
    editor.row("ENT", "phaser#2").check.setChecked(True)
    controller.prompt_changed.emit(controller.pending)  # e.g. after a box marked by hand
    assert panel.editor is editor and editor.row("ENT", "phaser#2").check.isChecked()


def test_pass_without_a_default_says_so(qtbot, panel):
    prompt = Orders("T1.I3.xyz.A", "xyz", "Something new", side="A")
    panel.set_prompt(prompt)
    assert not panel.pass_button.isEnabled()
    with qtbot.assertNotEmitted(panel.answered):
        panel.pass_()
    assert "there is no default" in panel.message.text()


def test_the_pass_policy_goes_to_the_controller(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I8.fire.Federation")
    assert controller.policies == [ONE_AT_A_TIME]  # the fixture's: the default but joint forms
    box = panel.policy_box
    box.announcements.setCurrentIndex(NEVER_ANNOUNCE)
    box.fire.setChecked(True)
    box.fire_range.setValue(8)
    box.until.setChecked(True)
    box.until_turn.setValue(2)
    box.until_impulse.setValue(16)
    box.joint.setChecked(True)
    assert controller.policies[-1] == PassPolicy(
        skip_announcements=True, skip_idle_announcements=False, fire_max_range=8, until=(2, 16),
        joint_forms=True)
    assert panel.policy == controller.policies[-1]
    panel.set_policy(replace(NEVER, skip_idle_launches=True))
    assert box.launches.isChecked() and box.announcements.currentIndex() == 0
    assert not box.fire.isChecked() and box.self_destruct.isChecked()
    assert not box.until_turn.isEnabled()
    assert controller.policies[-1] == replace(NEVER, skip_idle_launches=True)


def test_busy_disables_the_buttons(qtbot, panel):
    controller = bound(qtbot, panel, "T1.I8.fire.Federation")
    controller.busy_changed.emit(True)
    assert not panel.give_button.isEnabled() and not panel.pass_button.isEnabled()
    with qtbot.assertNotEmitted(panel.answered):
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    controller.busy_changed.emit(False)
    assert panel.give_button.isEnabled() and panel.pass_button.isEnabled()


def test_the_who_line_says_what_the_purpose_does_not(qtbot, panel):
    """Unit and rule on a line of their own when the purpose does not name them."""
    panel.set_prompt(Choice("T2.I8.shield.x", "Which shield is struck?", ("shield 1", "shield 2"),
                            rule="D3.43", unit="KRT", default="shield 2"))
    assert panel.who.text() == "Unit KRT · Rule D3.43" and not panel.who.isHidden()


def test_no_leftover_scroll_bars_once_the_editor_goes(qtbot, panel):
    """A dice prompt after the fire orders: the panel shows no scroll bar of the orders gone."""
    bound(qtbot, panel, "T1.I8.fire.Federation")
    panel.resize(200, 200)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.scroll.verticalScrollBar().maximum() > 0  # the fire rows are taller (they
    # fit the width: narrow rows, issue 12)
    panel.set_prompt(DiceRequest("T1.I8.hits.Federation", "To-hit dice"))
    assert panel.scroll.horizontalScrollBar().maximum() == 0
    assert panel.scroll.verticalScrollBar().maximum() == 0
