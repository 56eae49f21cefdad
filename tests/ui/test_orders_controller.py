"""The orders panel bound to a real GameController (worker thread) playing the scripted duel:
the fire of impulse 8 given through the panel is accepted by the session on the worker, and a
refusal comes back in red with its rule while the editor keeps the entries."""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed


def scripted(script, prompt):  # noqa: ANN001, ANN201
    """The script's answer to ``prompt`` (a volley's to-hit dice joined), or its default."""
    value = pop_keyed(dict(script), prompt)
    return prompt.default if value is None else value


import pytest
from PySide6.QtCore import Qt

from app_controller import answered  # noqa: E402
from sfb_desk.ui.orders.fire import FireEditor
from sfb_desk.ui.orders.panel import OrdersPanel

from test_orders_helpers import ONE_AT_A_TIME, duel, duel_setup

WAIT = 20_000
SCRIPT = {a.key: a.value for a in duel.ANSWERS}


@pytest.fixture
def game(qtbot, controller_in_app):
    c = controller_in_app
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    panel.bind(c)
    panel.set_policy(ONE_AT_A_TIME)  # a side at a time (joint forms: test_orders_joint)
    panel.resize(760, 700)
    panel.show()
    g = duel_setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    yield c, panel


def step(qtbot, c, act):
    return answered(qtbot, c, act, WAIT)


def test_fire_through_the_panel_on_the_worker(qtbot, game):
    c, panel = game
    assert panel.purpose.text() == "Energy allocation for ENT: fill in the EA sheet"
    c.set_auto_dice("Federation", True)
    c.set_auto_dice("Klingon", True)
    while c.pending.key != "T1.I8.fire.Federation":
        value = scripted(SCRIPT, c.pending)
        assert step(qtbot, c, lambda v=value: c.answer(v)), c.pending.key
    editor = panel.editor
    assert isinstance(editor, FireEditor) and panel.prompt.key == "T1.I8.fire.Federation"
    assert editor.row("ENT", "photon#A").info.text().endswith("range 10, in arc")
    photon = editor.row("ENT", "photon#A")
    photon.check.setChecked(True)
    photon.target.setCurrentIndex(photon.target.findData("KD1"))
    # a photon at the drone: legal (E4), accepted
    assert step(qtbot, c, lambda: qtbot.keyClick(panel, Qt.Key.Key_Return,
                                                Qt.KeyboardModifier.ControlModifier))
    assert c.record.answers[-1] == ({"ENT": [{"box": "photon#A", "target": "KD1"}]}, "player")
    assert panel.prompt.key == "T1.I8.fire.Klingon"
    row = panel.editor.row("KRT", "phaser#8")  # R and RR arcs: ENT is dead ahead
    row.check.setChecked(True)
    assert not step(qtbot, c, panel.give)
    assert panel.message.text().startswith("Refused: phaser#8 (R RR) does not bear")
    assert panel.message.text().endswith("(D2)")
    assert panel.editor.row("KRT", "phaser#8").check.isChecked()
