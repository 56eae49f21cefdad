"""Three turns of The Duel (Federation CA against Klingon D7) played through the main window, the
way the table plays it (issue 6, "done when"):

* energy allocations written on the EA dock's sheet (speed plot typed, each weapon's action
  picked) and submitted with its button;
* physical dice typed into the dice panel (one roll, or a batch of 15 DAC rolls) and Enter;
* fire and the drone launch given on the orders panel (boxes ticked, Ctrl+Enter); both sides'
  fire of an impulse in one joint form, a tab per side (the default "one form per impulse");
* every other prompt let pass by the pass policy's switches ("skip announcements" and "pass
  all defaults until" the next impulse where the script does something), as a player would.

The answers are those of the hand-checked scripted duel (tests/engine/duel_script.py,
tests/engine/test_duel_ca_d7.py), so at the end the game must be *exactly* that duel's: the
state and ship records equal, the SSD tabs showing the D7's 19 internal hits checked by hand
plus its lost shield boxes, the EA dock's history holding each turn's allocation, and the
event log listing every roll and every box destroyed.
"""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed

import dataclasses
import re
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import ANSWERS, script, setup  # noqa: E402
from test_duel_ca_d7 import KRT_INTERNAL  # noqa: E402

from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.engine.prompts import DiceRequest, Orders  # noqa: E402
from sfb_desk.engine.session import Session  # noqa: E402
from sfb_desk.rules.box_names import box_words  # noqa: E402
from sfb_desk.qt.ea_game import accepted_allocations  # noqa: E402
from sfb_desk.ui.window.main_window import MainWindow  # noqa: E402
from sfb_desk.ui.orders.pass_policy import NEVER_ANNOUNCE

WAIT = 30_000
SCRIPT = {a.key: a.value for a in ANSWERS}
#: Impulses where the script does something after the Energy Allocation Phase.
SCRIPTED_IMPULSES = sorted({(int(m[1]), int(m[2])) for k in SCRIPT
                            if (m := re.match(r"T(\d+)\.I(\d+)\.", k))})


@pytest.fixture
def window(qtbot, library, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow(library)
    w.resize(1600, 1000)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    yield w
    w.shutdown()  # a clean exit: closing asks nothing after it
    assert not w.controller.worker_thread.is_running()
    w.close()
    w.deleteLater()


@pytest.fixture(scope="module")
def library():
    from sfb_desk.data.library import load_library

    return load_library()


def wait_step(qtbot, c, act) -> None:
    """Do ``act`` (a GUI action that answers) and wait for the worker's answer; it must be
    accepted."""
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
        act()
    assert blocker.args[0], f"refused at {c.pending.key if c.pending else 'the end'}"


def next_scripted_impulse(turn: int, impulse: int) -> tuple[int, int]:
    """The first impulse at or after (turn, impulse) where the script has an answer."""
    for t, i in SCRIPTED_IMPULSES:
        if (t, i) >= (turn, impulse):
            return t, i
    return 99, 1


def write_allocation(qtbot, window, c, value: dict) -> None:
    """The EA dock: type the speed plot, pick each weapon's action, press Submit."""
    dock = window.panels.ea
    assert dock.editing and dock.shown_unit == c.pending.unit
    speed = dock.sheet.rows["speed_plot"].editors[0]
    speed.setFocus()
    speed.selectAll()
    qtbot.keyClicks(speed, str(value["speed_plot"]))
    for order in value["weapons"]:
        combo = dock.sheet.rows[f"weapon:{order['box']}"].editors[0]
        combo.setCurrentIndex(combo.findData(order["action"]))
    assert dock.submit_button.isEnabled(), dock.reason.text()
    wait_step(qtbot, c, lambda: qtbot.mouseClick(dock.submit_button, Qt.MouseButton.LeftButton))


def roll_dice(qtbot, window, c, values: list[int]) -> None:
    """The dice panel: type the rolls (a batch for the DAC) and press Enter."""
    panel = window.panels.dice
    panel.input.setFocus()
    qtbot.keyClicks(panel.input, " ".join(str(v) for v in values))
    wait_step(qtbot, c, lambda: qtbot.keyClick(panel.input, Qt.Key.Key_Return))


def give_fire(qtbot, window, c, value: dict) -> None:
    """The orders panel: tick each shot's weapon (its target is the only enemy), Ctrl+Enter.
    A joint form (both sides' fire, a tab each): each tab's shots from the script."""
    panel = window.panels.orders
    editors = getattr(panel.editor, "editors", [panel.editor])
    for n, editor in enumerate(editors):
        if len(editors) > 1:
            panel.editor.tabs.setCurrentIndex(n)
            value = SCRIPT.get(editor.prompt.key) or {}
        for ship, shots in value.items():
            for shot in shots:
                row = editor.row(ship, shot["box"])
                assert row.target.currentData() == shot["target"]
                row.check.click()
    wait_step(qtbot, c, lambda: qtbot.keyClick(panel, Qt.Key.Key_Return,
                                               Qt.KeyboardModifier.ControlModifier))


def give_launch(qtbot, window, c, value: dict) -> None:
    """The orders panel: tick the rack, name the drone as the script does, Ctrl+Enter."""
    panel = window.panels.orders
    for ship, orders in value.items():
        for drone in orders["drones"]:
            row = panel.editor.row(ship, drone["box"])
            assert row.target.currentData() == drone["target"]
            row.check.click()
            row.id.selectAll()
            qtbot.keyClicks(row.id, drone["id"])
    wait_step(qtbot, c, lambda: qtbot.keyClick(panel, Qt.Key.Key_Return,
                                               Qt.KeyboardModifier.ControlModifier))


def test_three_turns_of_the_duel_through_the_gui(qtbot, window):
    c = window.controller
    g = setup()
    choice = GameChoice(g, "The Duel (practice, fixed set-up)", {}, frozenset(),
                        "PRACTICE-CA-D7-FIXED")
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.start_game(choice)
    assert window.windowTitle() == "The Duel (practice, fixed set-up) — SFB Desk"
    policy_box = window.panels.orders.policy_box
    policy_box.announcements.setCurrentIndex(NEVER_ANNOUNCE)
    assert window.panels.orders.policy.skip_announcements

    answered = joint_fire = 0
    while c.pending is not None:
        prompt = c.pending
        status = window.statusBar().currentMessage()
        assert prompt.purpose in status  # the status bar says what the program waits for
        value = pop_keyed(dict(SCRIPT), prompt)
        form = window.panels.orders.joint
        if form is not None and form.kind == "fire":
            joint_fire += 1
            if any(SCRIPT.get(k) is not None for k in form.keys):
                value = value or {}
        if isinstance(prompt, Orders) and prompt.kind == "energy_allocation":
            assert window.panels.docks["ea"].isVisible()
            write_allocation(qtbot, window, c, value)
        elif isinstance(prompt, DiceRequest):
            roll_dice(qtbot, window, c, value)
        elif isinstance(prompt, Orders) and prompt.kind == "fire" and value is not None:
            give_fire(qtbot, window, c, value)
        elif isinstance(prompt, Orders) and prompt.kind == "launches" and value is not None:
            give_launch(qtbot, window, c, value)
        else:
            # Not in the script: nothing to do here. Pass until the next scripted impulse.
            assert value is None and prompt.default is not None, prompt.key
            state = c.state
            turn, impulse = next_scripted_impulse(state.turn, max(state.impulse, 1))
            if (turn, impulse) > (3, 32):
                turn, impulse = 4, 1  # the game's end
            panel = window.panels.orders
            if (turn, impulse) != (state.turn, state.impulse) \
                    and panel.policy.until != (turn, impulse):
                policy_box.until_turn.setValue(turn)
                policy_box.until_impulse.setValue(impulse)
                if not policy_box.until.isChecked():
                    policy_box.until.click()
                qtbot.waitUntil(lambda: c.pending is not prompt and not c.busy, timeout=WAIT)
            else:
                wait_step(qtbot, c, lambda: qtbot.mouseClick(panel.pass_button,
                                                             Qt.MouseButton.LeftButton))
        answered += 1
        assert answered < 400, "the GUI game does not end"
    assert joint_fire > 0  # both sides' fire came as one form (and the game is the duel's)

    # The game is the hand-checked scripted duel, exactly.
    reference = Session(g.state, g.combat, g.specs)
    reference.run(script())
    assert reference.finished and c.state.turn == 4
    # Unit.allocation keeps the answer's text: the sheet writes every line, the script only
    # the lines it changes; the allocations themselves are compared in the ship records.
    def plain(state):
        return dataclasses.replace(state, units=tuple(
            dataclasses.replace(u, allocation=None) for u in state.units))

    assert plain(c.record.state) == plain(reference.state)
    assert c.record.combat == reference.combat

    # The SSDs: the D7's internal hits checked by hand, plus its lost shield boxes.
    krt = reference.state.find("KRT")
    tabs = window.panels.ssd_tabs
    marked = tabs.widget_of("KRT").marked
    record = reference.combat.ship("KRT")  # crew units lost (G9.21) crossed off too
    from sfb_desk.ui.ssd.counters import counter_marks
    crew = counter_marks(tabs.widget_of("KRT").spec, record.crew_units_lost,
                         record.boarding_parties_lost)
    assert marked == krt.destroyed | crew and len(crew) == record.crew_units_lost > 0
    assert KRT_INTERNAL <= marked and {b for b in marked if b.startswith("shield")}
    ent = reference.combat.ship("ENT")
    assert tabs.widget_of("ENT").marked == reference.state.find("ENT").destroyed | counter_marks(
        tabs.widget_of("ENT").spec, ent.crew_units_lost, ent.boarding_parties_lost)

    # The EA sheets: each turn's allocation as written, in the dock's history.
    for ship, spec in (("ENT", "FED-CA"), ("KRT", "KLI-D7")):
        turns = accepted_allocations(c.log, ship, spec)
        assert sorted(turns) == [1, 2, 3]
        for turn, allocation in turns.items():
            written = SCRIPT[f"T{turn}.ea.{ship}"]
            assert allocation.speed_plot == ((1, 2),)
            assert {o.box: o.action for o in allocation.weapons} == {
                o["box"]: o["action"] for o in written["weapons"]}
    window.panels.ea.show_unit("ENT")
    assert window.panels.ea.sheet.model.allocation.speed_plot == ((1, 2),)

    # The log: the table's rolls and every box the DAC destroyed.
    window.panels.log.details.setChecked(True)  # the answers as given, with their keys
    lines = "\n".join(window.panels.log.visible_lines())
    for box in KRT_INTERNAL:  # the events name each box as the SSD labels it
        assert box_words(box) in lines
    assert "T2.I8.dac.v1.KRT ← [6, 7, 8, 8] (player)" in lines
    assert "T3.I8.dac.v1.KRT ← [6, 6, 6, 8, 8, 8, 8, 8, 8, 6, 7, 7, 7, 7, 7] (player)" in lines
    assert "KRT damage point 1: roll 6, column A (F Hull): forward hull 1 (D4.21)" in lines
    assert "T1.I8.hits.Federation ← [2, 1] (player)" in lines  # one entry for the volley
    rolls = [r for r in c.log if r.kind == "answer" and (".hits." in r.key or r.key in SCRIPT
             and isinstance(SCRIPT[r.key], list) and r.key.count(".") >= 3)]
    assert all(r.source == "player" for r in rolls)
    assert window.statusBar().currentMessage().startswith("Game over")
