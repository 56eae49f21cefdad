"""The orders panel's joint forms (issue 12, sfb_desk/ui/orders/joint.py) on the duel of the
count (FED-CA v KLI-D7): both ships' moves of an impulse in one form, slowest first, filled by
keys and given with one submit; both sides' fire in one form, a tab per side; the switch and a
robot side give today's one prompt at a time; and on the app's controller, a joint form's held
rows dropped on undo and new game."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from joint_duel import duel_setup, play_until, robot_for  # noqa: E402

from app_controller import WAIT, answered  # noqa: E402
from sfb_desk.engine.orders.joint import JointAnswer  # noqa: E402
from sfb_desk.engine.orders.pass_policy import DEFAULT  # noqa: E402
from sfb_desk.engine.prompts import DiceRequest  # noqa: E402
from sfb_desk.qt.game_record import session_of  # noqa: E402
from sfb_desk.ui.orders.choice import MovementEditor  # noqa: E402
from sfb_desk.ui.orders.joint import JointFireEditor, JointMovementEditor  # noqa: E402
from sfb_desk.ui.orders.panel import OrdersPanel  # noqa: E402

from test_orders_helpers import FakeController  # noqa: E402

FED, KLI = "T1.I4.move.FED-CA", "T1.I4.move.KLI-D7"
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


def test_both_moves_in_one_form_by_keys_and_one_submit(qtbot, panel):
    panel.bind(FakeController(play_until(FED)))
    assert panel.policy == DEFAULT and panel.joint.keys == (FED, KLI)
    editor = panel.editor
    assert isinstance(editor, JointMovementEditor)
    assert panel.purpose.text() == "Movement, impulse 4: FED-CA, then KLI-D7 (C1.313)"
    assert [r.prompt.unit for r in editor.rows] == ["FED-CA", "KLI-D7"]  # slowest first
    assert [r.value for r in editor.rows] == ["straight", "straight"]  # the scheduled moves
    assert editor.rows[0].mark.text() == "▶" and editor.rows[1].mark.text() == ""
    qtbot.keyClick(panel, Qt.Key.Key_D)  # the FED-CA turns right, the mark goes to the D7
    assert editor.rows[0].value == "turn right" and editor.rows[1].mark.text() == "▶"
    qtbot.keyClick(panel, Qt.Key.Key_Q)
    assert editor.rows[1].value == "slip left"
    qtbot.keyClick(panel, Qt.Key.Key_Backspace)
    assert editor.rows[0].mark.text() == "▶"
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    assert sent.args[0] == JointAnswer(((FED, "turn right"), (KLI, "slip left")))


def test_enter_moves_every_ship_as_scheduled(qtbot, panel):
    panel.bind(FakeController(play_until(FED)))
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert sent.args[0] == JointAnswer(((FED, "straight"), (KLI, "straight")))


def test_the_switch_off_or_a_robot_side_gives_one_prompt_at_a_time(qtbot, panel):
    panel.bind(FakeController(play_until(FED)))
    panel.policy_box.joint.setChecked(False)  # the switch, in the pass-policy box
    assert panel.joint is None and isinstance(panel.editor, MovementEditor)
    assert not panel.policy.joint_forms
    panel.policy_box.joint.setChecked(True)
    assert isinstance(panel.editor, JointMovementEditor)
    other = OrdersPanel()
    qtbot.addWidget(other)
    other.bind(RobotKlingons(play_until(FED)))  # the robot moves its own D7
    assert other.joint is None and isinstance(other.editor, MovementEditor)


def test_both_sides_fire_in_one_form_a_tab_each(qtbot, panel):
    key = "T1.I1.fire.Federation"
    panel.bind(FakeController(play_until(key)))
    editor = panel.editor
    assert isinstance(editor, JointFireEditor)
    assert panel.purpose.text() == "Fire, impulse 1 (D6.315)"
    assert [editor.tabs.tabText(i) for i in range(editor.tabs.count())] == ["Federation",
                                                                            "Klingon"]
    assert editor.pages.currentWidget() is editor.editors[0]
    qtbot.keyClick(panel, Qt.Key.Key_Tab, CTRL)  # the Klingon's tab
    assert editor.tabs.currentIndex() == 1 and editor.pages.currentWidget() is editor.editors[1]
    klingon = editor.editors[1]
    ship, rows = next(iter(klingon.rows.items()))
    rows[0].check.setChecked(True)
    assert editor.is_edited
    with qtbot.waitSignal(panel.answered) as sent:
        qtbot.keyClick(panel, Qt.Key.Key_Return, CTRL)
    answer = sent.args[0]
    assert [k for k, _ in answer.answers] == [key, "T1.I1.fire.Klingon"]
    assert answer.value_for(key) == {}
    assert answer.value_for("T1.I1.fire.Klingon") == {ship: [rows[0].order()]}


def _het_game(qtbot, c):  # noqa: ANN001
    """The duel on the app's controller, the CA paying an HET (C6.2): on impulse 2 it may make
    it while the D7 moves (a joint form of two rows)."""
    g = duel_setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    while c.pending.key != "T1.I2.move.FED-CA":
        session = session_of(c.record)
        p = session.pending
        value = robot_for(p, session).decide(p, session)
        if p.key == "T1.ea.FED-CA":
            value = dict(value, hets=1, general_reinforcement=0, tractors="0")
        assert answered(qtbot, c, lambda: c.answer(value))


def test_held_rows_wait_across_a_roll_and_are_dropped_on_undo(qtbot, controller_in_app):
    c = controller_in_app
    c.set_pass_policy(DEFAULT)
    _het_game(qtbot, c)
    joint = JointAnswer((("T1.I2.move.FED-CA", "het B"), ("T1.I2.move.KLI-D7", "turn left")))
    assert answered(qtbot, c, lambda: c.answer(joint))
    assert isinstance(c.pending, DiceRequest) and "C6.5" in c.pending.purpose  # breakdown
    assert c.held_answers == {"T1.I2.move.KLI-D7": "turn left"}
    c.undo()
    assert c.pending.key == "T1.I2.move.FED-CA" and c.held_answers == {}
    c.redo()
    assert isinstance(c.pending, DiceRequest) and c.held_answers == {}
    # held again, then the roll: the D7's row is given as the table's answer, unasked
    c.undo()
    assert answered(qtbot, c, lambda: c.answer(joint))
    assert answered(qtbot, c, lambda: c.answer([6]))
    given = [(r.key, r.data) for r in c.log if r.kind == "answer"]
    assert ("T1.I2.move.KLI-D7", "turn left") in given and c.held_answers == {}
    assert c.pending.key != "T1.I2.move.KLI-D7"


def test_held_rows_are_dropped_by_a_load_and_a_new_game(qtbot, controller_in_app, tmp_path):
    c = controller_in_app
    c.set_pass_policy(replace(DEFAULT))
    _het_game(qtbot, c)
    joint = JointAnswer((("T1.I2.move.FED-CA", "het B"), ("T1.I2.move.KLI-D7", "straight")))
    assert answered(qtbot, c, lambda: c.answer(joint))
    assert c.held_answers
    with qtbot.waitSignal(c.saved, timeout=WAIT):
        assert c.save(tmp_path / "het.sfbsave")
    assert c.held_answers  # saving keeps them: the game goes on
    with qtbot.waitSignal(c.loaded, timeout=WAIT):
        c.load(tmp_path / "het.sfbsave")
    assert c.held_answers == {} and isinstance(c.pending, DiceRequest)
    with qtbot.waitSignal(c.refused) as said:  # a form for the move, not for the roll
        assert not c.answer(joint)
    assert said.args[0].startswith("the joint form was for an earlier prompt: Breakdown roll")
    _het_game(qtbot, c)  # a new game: held rows again, then another new game drops them
    assert answered(qtbot, c, lambda: c.answer(joint))
    assert c.held_answers
    g = duel_setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    assert c.held_answers == {}


def test_fire_of_ships_without_records_is_typed_a_side_at_a_time():
    """A game without ship records (version 1) types fire as JSON, a prompt a side: no form."""
    from sfb_desk.engine.orders.fire_options import OrdersContext
    from sfb_desk.ui.orders.joint import table_form

    session = play_until("T1.I1.fire.Federation")
    full = OrdersContext(session.state, session.combat, session.specs)
    assert table_form(session.pending, full, DEFAULT, object()).kind == "fire"
    bare = OrdersContext(session.state, None, {})
    assert table_form(session.pending, bare, DEFAULT, object()) is None


def test_a_refused_row_is_asked_in_the_panel_with_the_reason(qtbot, controller_in_app):
    """The D7's row cannot be carried out when its prompt comes (an HET it never paid for,
    C6.2): the panel asks its move as usual and says why in its message line."""
    c = controller_in_app
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    panel.bind(c)
    panel.show()
    g = duel_setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    while c.pending.key != FED:
        session = session_of(c.record)
        p = session.pending
        value = robot_for(p, session).decide(p, session)
        assert answered(qtbot, c, lambda: c.answer(value))
    assert panel.joint.keys == (FED, KLI)
    assert answered(qtbot, c, lambda: c.answer(JointAnswer(((FED, "straight"),
                                                            (KLI, "het A")))))
    assert c.pending.key == KLI and panel.prompt.key == KLI
    assert isinstance(panel.editor, MovementEditor)  # asked on its own, as usual
    text = panel.message.text()
    assert panel.message.isVisible() and text.startswith("Refused: Movement of ")
    assert "'het A' given in the joint form cannot be carried out now" in text


def test_the_movement_forms_fit_the_orders_dock_at_1366(qtbot, panel):
    """The orders dock of a 1366x768 screen is about 250 pixels wide: the one-ship movement
    editor and the joint form (three compact buttons a line) fit it without scrolling sideways;
    each button's text is whole."""
    from sfb_desk.ui.orders.panel import context_from

    controller = FakeController(play_until(FED))
    panel.bind(controller)
    ctx = context_from(controller)
    one = MovementEditor(controller.pending, ctx)
    both = JointMovementEditor(panel.joint, ctx)
    for editor in (one, both):
        qtbot.addWidget(editor)
        editor.resize(250, 300)
        editor.show()
        assert editor.minimumSizeHint().width() <= 250, type(editor).__name__
        buttons = getattr(editor, "buttons", None) or [
            b for row in editor.rows for b in row.buttons.values()]
        for b in buttons:
            assert b.width() >= b.sizeHint().width() - 1, b.text()
