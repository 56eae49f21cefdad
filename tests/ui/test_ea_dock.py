"""The EA dock on a real GameController playing the scripted CA-vs-D7 duel
(tests/engine/duel_script.py): turn 1 allocations for ENT and KRT written on the sheet the way
a player does (Fill in, then edits) and accepted by the session; a broken allocation cannot be
submitted and says the rule; a refusal is shown; read-only views, "Same as last turn" from
the log at turn 2, and hot-seat concealment."""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed


def scripted(script, prompt):  # noqa: ANN001, ANN201
    """The script's answer to ``prompt`` (a volley's to-hit dice joined), or its default."""
    value = pop_keyed(dict(script), prompt)
    return prompt.default if value is None else value


import sys
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).parents[1] / "qt"))
from duel_script import ANSWERS, setup  # noqa: E402

from app_controller import answered  # noqa: E402
from sfb_desk.qt.ea_game import accepted_allocations  # noqa: E402
from sfb_desk.rules.energy import WeaponOrder  # noqa: E402
from sfb_desk.ui.ea.dock import EaDock  # noqa: E402
from sfb_desk.ui.ea.sheet import HIDDEN  # noqa: E402

WAIT = 20_000
SCRIPT = {a.key: a.value for a in ANSWERS}


@pytest.fixture
def game(qtbot, controller_in_app):
    """A controller with the duel started (T1.ea.ENT pending) and a dock bound to it."""
    c = controller_in_app
    dock = EaDock()
    qtbot.addWidget(dock)
    dock.bind(c)
    dock.resize(1150, 900)
    dock.show()
    dock.activateWindow()
    qtbot.waitUntil(dock.isActiveWindow)  # shortcuts work in the active window
    g = setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    yield c, dock


def step(qtbot, c, act):
    return answered(qtbot, c, act, WAIT)


def play_script_until(qtbot, c, key):
    """Answer from the duel's script (else the default) until ``key`` is asked."""
    while c.pending is not None and c.pending.key != key:
        value = scripted(SCRIPT, c.pending)
        assert step(qtbot, c, lambda: c.answer(value)), c.pending.key


def entry(dock, key, n=0):
    return dock.sheet.rows[key].editors[n]


def type_into(qtbot, widget, text):
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def set_action(dock, box, action):
    combo = entry(dock, f"weapon:{box}")
    combo.setCurrentIndex(combo.findData(action))


def fill_in(qtbot, dock, speed, actions):
    """What a player does: Fill in, type the speed plot, pick each weapon's action."""
    qtbot.mouseClick(dock.sheet.template_button, Qt.MouseButton.LeftButton)
    type_into(qtbot, entry(dock, "speed_plot"), speed)
    for box, action in actions.items():
        set_action(dock, box, action)


def test_turn_1_allocations_are_written_on_the_sheet_and_accepted(qtbot, game):
    c, dock = game
    assert c.pending.key == "T1.ea.ENT"
    assert dock.editing and dock.shown_unit == "ENT"
    assert dock.sheet.model.spec.id == "FED-CA" and dock.sheet.model.turn == 1
    assert dock.sheet.model.state.capacitor == 6  # carried in at weapon status 2 (S4)
    assert "ENT" in dock.heading.text() and "turn 1" in dock.heading.text()
    holds = {f"photon#{b}": "hold" for b in "ABCD"}
    fill_in(qtbot, dock, "2", holds)
    assert dock.sheet.model.legal and dock.submit_button.isEnabled()
    assert "Legal" in dock.reason.text()
    with qtbot.waitSignal(dock.submitted) as sent:
        assert step(qtbot, c, lambda: qtbot.keyClick(entry(dock, "speed_plot"),
                                                     Qt.Key.Key_Return,
                                                     Qt.KeyboardModifier.ControlModifier))
    assert sent.args[0]["speed_plot"] == [[1, 2]]

    # The Klingon's sheet comes forward; it is written and submitted with the button.
    assert c.pending.key == "T1.ea.KRT" and dock.editing and dock.shown_unit == "KRT"
    assert dock.sheet.model.spec.id == "KLI-D7"
    fill_in(qtbot, dock, "2", {f"disruptor#{b}": "arm" for b in "ABCD"})
    assert step(qtbot, c, lambda: qtbot.mouseClick(dock.submit_button,
                                                   Qt.MouseButton.LeftButton))
    # the EA phase is over: the Self-Destruction Phase (phase 3, D5.5) asks next
    assert c.pending.key == "T1.self_destruct.Federation"

    ent, krt = c.record.combat.ship("ENT"), c.record.combat.ship("KRT")
    assert ent.allocation.speed_plot == ((1, 2),) == krt.allocation.speed_plot
    assert {o.box: o.action for o in ent.allocation.weapons} == holds
    assert krt.armed == {f"disruptor#{b}" for b in "ABCD"}  # armed this turn (E3.2)
    assert ent.armed == {f"photon#{b}" for b in "ABCD"}  # held (E4.22)
    logged = accepted_allocations(c.log, "ENT", "FED-CA")
    assert logged[1] == ent.allocation

    # Nothing asked for now: the ship's allocation of this turn, read-only.
    assert not dock.editing and not dock.submit_button.isEnabled()
    assert "No energy allocation is asked" in dock.reason.text()
    assert "KRT's allocation for turn 1 (accepted; read-only)" in dock.heading.text()
    assert entry(dock, "speed_plot").text() == "2" and not entry(dock, "speed_plot").isEnabled()
    with qtbot.waitSignal(dock.unit_selected) as chosen:
        dock.show_unit("ENT")
    assert chosen.args == ["ENT"] and dock.sheet.model.allocation == ent.allocation
    assert not dock.sheet.template_button.isEnabled()


def test_a_broken_allocation_cannot_be_submitted_and_says_the_rule(qtbot, game):
    c, dock = game
    fill_in(qtbot, dock, "31", {})
    assert not dock.sheet.model.legal and not dock.submit_button.isEnabled()
    reason = dock.reason.text()
    assert "rule(s) broken" in reason and "(C2.21)" in reason  # acceleration limit
    with qtbot.assertNotEmitted(c.busy_changed):
        qtbot.keyClick(entry(dock, "speed_plot"), Qt.Key.Key_Return,
                       Qt.KeyboardModifier.ControlModifier)
        assert not dock.submit()
    assert c.pending.key == "T1.ea.ENT" and c.record.answers == ()

    type_into(qtbot, entry(dock, "speed_plot"), "fast")
    assert "Cannot submit: check the marked entries: speed_plot" in dock.reason.text()
    assert not dock.submit_button.isEnabled()
    type_into(qtbot, entry(dock, "speed_plot"), "2")
    assert dock.submit_button.isEnabled()

    # The session's refusal of an allocation (from whatever answered it) is shown on the dock.
    assert not dock.refusal.isVisible()
    with qtbot.waitSignal(c.refused, timeout=WAIT):
        c.answer({"speed_plot": 31})
    qtbot.waitUntil(lambda: not c.busy, timeout=WAIT)
    assert dock.refusal.isVisible() and "Refused:" in dock.refusal.text()
    assert "(C2.21)" in dock.refusal.text()
    assert dock.editing and entry(dock, "speed_plot").text() == "2"  # the edits are kept
    assert step(qtbot, c, dock.submit)
    assert not dock.refusal.isVisible() and c.pending.key == "T1.ea.KRT"


def test_same_as_last_turn_and_history_come_from_the_log(qtbot, game):
    c, dock = game
    fill_in(qtbot, dock, "2", {f"photon#{b}": "hold" for b in "ABCD"})
    assert step(qtbot, c, dock.submit)
    fill_in(qtbot, dock, "2", {f"disruptor#{b}": "arm" for b in "ABCD"})
    assert step(qtbot, c, dock.submit)
    turn_1 = c.record.combat.ship("ENT").allocation
    play_script_until(qtbot, c, "T2.ea.ENT")

    assert dock.editing and dock.sheet.model.turn == 2
    sheet = dock.sheet
    assert [sheet.history.itemData(i) for i in range(sheet.history.count())] == [2, 1]
    assert sheet.same_button.isEnabled()
    qtbot.mouseClick(sheet.same_button, Qt.MouseButton.LeftButton)
    assert sheet.model.allocation.weapons == turn_1.weapons
    assert entry(dock, "speed_plot").text() == "2"
    set_action(dock, "photon#A", "arm")  # photon A fired on turn 1: arm it again (E4.2)
    assert sheet.model.allocation.order("photon#A") == WeaponOrder("photon#A", "arm")
    assert step(qtbot, c, dock.submit)
    ent = c.record.combat.ship("ENT")
    assert ent.allocation.turn == 2 and ent.allocation.order("photon#A").action == "arm"
    assert ent.energy.weapons[0].energies == ()  # fired on turn 1, empty at the start of turn 2

    # The history box shows turn 1 as the session accepted it, read-only; no submit meanwhile.
    krt_sheet = dock.sheet
    assert c.pending.key == "T2.ea.KRT" and krt_sheet.model.spec.id == "KLI-D7"
    krt_sheet.history.setCurrentIndex(krt_sheet.history.findData(1))
    assert not entry(dock, "speed_plot").isEnabled() and entry(dock, "speed_plot").text() == "2"
    assert entry(dock, "weapon:disruptor#A").currentData() == "arm"
    assert not dock.submit_button.isEnabled() and "history" in dock.reason.text()
    krt_sheet.history.setCurrentIndex(krt_sheet.history.findData(2))
    assert entry(dock, "speed_plot").isEnabled() and entry(dock, "speed_plot").text() == "0"
    assert "history" not in dock.reason.text()  # this turn's blank form again


def test_hot_seat_hides_the_other_sides_sheet(qtbot, game):
    c, dock = game
    fill_in(qtbot, dock, "2", {f"photon#{b}": "hold" for b in "ABCD"})
    assert step(qtbot, c, dock.submit)
    assert c.pending.key == "T1.ea.KRT"
    qtbot.mouseClick(dock.conceal_box, Qt.MouseButton.LeftButton)
    assert dock.conceal_box.isChecked()
    dock.show_unit("ENT")  # the Klingon player looks at the Federation's sheet
    assert not dock.editing and dock.sheet.concealed
    assert dock.sheet.rows["total_used"].hidden.isVisible()
    assert not dock.sheet.rows["total_used"].energy.isVisible()
    assert HIDDEN in dock.sheet.turn_label.text()
    assert "The game asks for KRT's allocation" in dock.heading.text()
    assert "Choose KRT" in dock.reason.text() and not dock.submit_button.isEnabled()
    dock.show_unit("KRT")
    assert dock.editing and not dock.sheet.concealed
    dock.show_unit("ENT")
    qtbot.mouseClick(dock.conceal_box, Qt.MouseButton.LeftButton)
    assert not dock.sheet.concealed
    assert dock.sheet.rows["total_used"].energy.text() != ""


def test_a_hand_mark_while_writing_keeps_the_edits_and_costs_power(qtbot, game):
    """A box marked by hand during the allocation rebuilds the sheet on the damaged ship
    (power from the boxes left, B2) without losing what was typed."""
    c, dock = game
    fill_in(qtbot, dock, "2", {f"photon#{b}": "hold" for b in "ABCD"})
    power = dock.sheet.model.ledger.supply.total
    with qtbot.waitSignal(c.answer_done, timeout=20_000):
        c.mark_box("ENT", "left_warp#1")
    assert "left_warp#1" in dock.sheet.model.state.destroyed
    assert dock.sheet.model.ledger.supply.total == power - 1
    assert entry(dock, "speed_plot").text() == "2"
    assert dock.sheet.model.allocation.order("photon#B").action == "hold"
    c.undo()
    assert dock.sheet.model.ledger.supply.total == power


def test_units_without_a_ship_class_have_no_sheet(qtbot, controller_in_app):
    from games import duel

    c = controller_in_app
    dock = EaDock()
    qtbot.addWidget(dock)
    dock.bind(c)
    assert dock.placeholder.text() == "No game in play"
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(duel())
    assert c.pending.key == "T1.plot.A" and dock.sheet is None
    assert dock.ship_box.count() == 0 and not dock.submit_button.isEnabled()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.answer(8)
    assert c.pending.key == "T1.ea.A" and dock.sheet is None
    assert "A allocates without a sheet" in dock.placeholder.text()


def test_energy_fractions_survive_the_answer(qtbot, game):
    """A fractional line (1/2 of tractor energy, G7) goes through the answer exactly."""
    c, dock = game
    fill_in(qtbot, dock, "2", {f"photon#{b}": "hold" for b in "ABCD"})
    type_into(qtbot, entry(dock, "tractors"), "1/2")
    assert dock.sheet.model.allocation.tractors == Fraction(1, 2)
    assert step(qtbot, c, dock.submit)
    assert c.record.combat.ship("ENT").allocation.tractors == Fraction(1, 2)


def test_the_next_ships_sheet_is_built_while_the_first_is_written(qtbot, game):
    """Submit brings forward a sheet built in the idle time before (issue 12: under 100 ms):
    the Klingon's, for its pending allocation, with nothing of the Federation's in it."""
    c, dock = game
    qtbot.waitUntil(lambda: "KRT" in dock._spares)
    data, spare = dock._spares["KRT"]
    assert data.unit_id == "KRT" and spare.model.spec.id == "KLI-D7" and spare.model.turn == 1
    fill_in(qtbot, dock, "2", {f"photon#{b}": "hold" for b in "ABCD"})
    assert step(qtbot, c, lambda: dock.submit())
    assert c.pending.key == "T1.ea.KRT" and dock.editing and dock.sheet is spare
    assert dock.stack.currentWidget() is spare and not dock._spares  # ENT has allocated
    c.undo()  # ENT asked again: its sheet is rebuilt, KRT's prepared again
    qtbot.waitUntil(lambda: "KRT" in dock._spares)
    assert c.pending.key == "T1.ea.ENT" and dock.sheet.model.spec.id == "FED-CA"
