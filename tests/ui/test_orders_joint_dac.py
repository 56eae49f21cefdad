"""The orders panel's form of the owner's DAC choices of one volley (issue 12, D4.322;
sfb_desk/ui/orders/joint_dac.py): seed 8's six KLI-D7 points in one form, the program's picks
chosen, keys 1-9 for the marked row, a row below following the answer above it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_joint_dac import seed8_at_first_choice  # noqa: E402

from sfb_desk.engine.orders.joint import JointAnswer  # noqa: E402
from sfb_desk.ui.orders.joint_dac import JointDacEditor  # noqa: E402
from sfb_desk.ui.orders.panel import OrdersPanel  # noqa: E402

from test_orders_helpers import FakeController  # noqa: E402

CTRL = Qt.KeyboardModifier.ControlModifier
P = "T1.I13.dac.v1.KLI-D7."


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(700, 700)
    p.show()
    return p


def test_six_points_in_one_form_keys_and_following_rows(qtbot, panel):
    panel.bind(FakeController(seed8_at_first_choice()))
    editor = panel.editor
    assert isinstance(editor, JointDacEditor) and len(editor.rows) == 6
    assert panel.purpose.text().startswith("Damage to KLI-D7, impulse 13")
    defaults = editor.pass_value()
    assert [k for k, _ in defaults.answers] == [P + s for s in
                                                ("p3", "p7", "p16", "p17", "p25", "p34")]
    qtbot.keyClick(panel, Qt.Key.Key_2)  # point 3: the second drone rack; mark to point 7
    qtbot.keyClick(panel, Qt.Key.Key_3)  # point 7: phaser 3
    assert editor.current == 2
    rows = {p.key: p for p, _, _ in editor.rows}
    assert "phaser#3" not in rows[P + "p17"].options and "phaser#1" in rows[P + "p17"].options
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    answer = sent.args[0]
    assert isinstance(answer, JointAnswer)
    assert answer.value_for(P + "p3") == "drone#2" and answer.value_for(P + "p7") == "phaser#3"


def test_enter_takes_every_default(qtbot, panel):
    panel.bind(FakeController(seed8_at_first_choice()))
    expected = panel.editor.pass_value()
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert sent.args[0] == expected
