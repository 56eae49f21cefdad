"""The orders panel's form of the boundary shots of one volley (issue 12, D3.43;
sfb_desk/ui/orders/joint_shields.py): FED-CA's two phasers on the KLI-D7's 1/2 spine on
impulse 28 (seed 0) in one form, one shield for both by default (a key), per shot once "same"
is unticked; a shield missing is refused with the rule; a robot Klingon answers its own."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from joint_duel import play_until  # noqa: E402

from sfb_desk.engine.orders.joint import JointAnswer  # noqa: E402
from sfb_desk.ui.orders.choice import ChoiceEditor  # noqa: E402
from sfb_desk.ui.orders.joint_shields import JointShieldEditor  # noqa: E402
from sfb_desk.ui.orders.panel import OrdersPanel  # noqa: E402

from test_orders_helpers import FakeController  # noqa: E402

FIRST = "T1.I28.shield.FED-CA.phaser#1.KLI-D7"
SECOND = "T1.I28.shield.FED-CA.phaser#2.KLI-D7"
CTRL = Qt.KeyboardModifier.ControlModifier


class RobotKlingons(FakeController):
    def robots(self) -> dict[str, str]:
        return {"Klingon": "captain"}


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(700, 600)
    p.show()
    return p


def test_one_shield_for_both_shots_by_a_key(qtbot, panel):
    panel.bind(FakeController(play_until(FIRST)))
    editor = panel.editor
    assert isinstance(editor, JointShieldEditor) and panel.joint.keys == (FIRST, SECOND)
    assert "hex spine" in panel.purpose.text() and "D3.43" in panel.purpose.text()
    (group,) = editor.groups
    assert group.label.text() == "FED-CA → KLI-D7: phaser 1, phaser 2 on the 1/2 spine (D3.43)"
    assert group.same is not None and group.same.isChecked()
    qtbot.keyClick(panel, Qt.Key.Key_3)  # not offered: nothing happens
    assert group.picked is None
    qtbot.keyClick(panel, Qt.Key.Key_2)
    assert group.picked == "shield 2"
    assert all(b["shield 2"].isChecked() and not b["shield 2"].isEnabled()
               for b in group.shot_buttons)
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    assert sent.args[0] == JointAnswer(((FIRST, "shield 2"), (SECOND, "shield 2")))


def test_shot_by_shot_once_same_is_unticked(qtbot, panel):
    panel.bind(FakeController(play_until(FIRST)))
    (group,) = panel.editor.groups
    group.same.setChecked(False)
    group.shot_buttons[0]["shield 1"].click()
    qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)  # the second shot has no shield yet
    assert "choose a shield for every shot (D3.43)" in panel.message.text()
    group.shot_buttons[1]["shield 2"].click()
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    assert sent.args[0] == JointAnswer(((FIRST, "shield 1"), (SECOND, "shield 2")))


def test_a_robot_target_picks_its_own(qtbot, panel):
    """The Klingon's owner chooses (D3.43): a robot Klingon answers; a table playing only the
    Federation sees no form (and would not be asked at all)."""
    panel.bind(RobotKlingons(play_until(FIRST)))
    assert panel.joint is None and isinstance(panel.editor, ChoiceEditor)
