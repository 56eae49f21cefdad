"""A person starts The Duel against the robot from the app's menu and plays it to the end
(issue 8, "done when"): File ▸ New Duel against the robot, the set-up dialog's preset (SG1, the
Klingon side played by the robot, its dice rolled by the seeded generator), the weapon status
entered (S4.0 says roll) and a length of three turns; then the Federation player plays through
the panels: the EA sheet filled in and submitted each turn, dice handed to the computer with the
dice panel's switch (solo play), fire given whenever a weapon can damage the D7 within 8 hexes
("Check all that can damage", Ctrl+Enter), their own choices (a boundary shot's shield, D3.43)
answered with key 1, everything else passed. The robot answers every
Klingon prompt on the worker thread; the game ends, the victory panel says who won, and every
Klingon answer in the log came from the robot or its dice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.qt.game_record import side_of
from sfb_desk.ui.setup.dialog import GameSetupDialog
from sfb_desk.ui.window.main_window import MainWindow
from sfb_desk.ui.setup.units_table import COLUMNS
from sfb_desk.ui.orders.pass_policy import NEVER_ANNOUNCE

WAIT = 60_000


@pytest.fixture
def window(qtbot, monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow()
    w.resize(1600, 1000)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    yield w
    w.shutdown()
    assert not w.controller.worker_thread.is_running()
    w.close()
    w.deleteLater()


def fill_the_dialog(self: GameSetupDialog) -> int:
    """What the player does in the preset dialog: roll and enter each ship's weapon status,
    play three turns, press Start."""
    assert self.scenario_id == "SG1" and self.options.robot_sides() == {
        "Klingon": "captain"}
    for row, status in ((0, 2), (1, 2)):
        index = self.units.model.index(row, COLUMNS.index("weapon_status"))
        assert self.units.model.setData(index, str(status))
    self.options.turns.setValue(3)
    assert self.ok_button.isEnabled(), self.problems()
    self.accept()
    return QDialog.DialogCode.Accepted


def test_the_duel_against_the_robot_from_the_menu_to_the_end(qtbot, window, monkeypatch):
    c = window.controller
    monkeypatch.setattr(GameSetupDialog, "exec", fill_the_dialog)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.actions["duel"].trigger()
    assert c.record.table.title == "The Duel" and set(c.robots()) == {"Klingon"}
    assert c.pending.key == "T1.ea.FED-CA"  # the robot waits for nobody: our EA comes first

    # solo play: the computer rolls the Federation's dice too (the dice panel's switch)
    window.panels.dice.switch("Federation").click()
    assert c.auto_dice("Federation")
    box = window.panels.orders.policy_box
    box.announcements.setCurrentIndex(NEVER_ANNOUNCE)
    assert box.fire.isChecked()  # the default: fire asked only when a weapon can fire
    box.fire_range.setValue(8)
    qtbot.waitUntil(lambda: not c.busy, timeout=WAIT)

    fired = 0
    answered = 0
    chosen: list[str] = []
    while c.pending is not None:
        prompt = c.pending
        assert not prompt.key.endswith((".KLI-D7", ".Klingon")), f"the robot left {prompt.key}"
        if isinstance(prompt, Orders) and prompt.kind == "energy_allocation":
            dock = window.panels.ea
            qtbot.mouseClick(dock.sheet.template_button, Qt.MouseButton.LeftButton)
            assert dock.submit_button.isEnabled(), dock.reason.text()
            act = lambda: qtbot.mouseClick(dock.submit_button, Qt.MouseButton.LeftButton)  # noqa: E731
        elif isinstance(prompt, Orders) and prompt.kind == "fire":
            panel = window.panels.orders
            panel.editor.check_all("FED-CA")
            if panel.editor.value():
                fired += 1
                act = lambda: qtbot.keyClick(panel, Qt.Key.Key_Return,  # noqa: E731
                                             Qt.KeyboardModifier.ControlModifier)
            else:
                act = lambda: qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)  # noqa: E731
        elif isinstance(prompt, Choice) and prompt.default is None:
            # ours to choose (e.g. the shield a boundary shot strikes, D3.43): key 1 picks the
            # first option
            panel = window.panels.orders
            assert panel.prompt is prompt

            def act(panel=panel) -> None:
                if panel.joint is None:
                    qtbot.keyClick(panel, Qt.Key.Key_1)
                    return
                # the volley's boundary shots in one form: each group's first shield by its
                # number (the mark goes on), then give it
                for group in panel.editor.groups:
                    qtbot.keyClick(panel, getattr(Qt.Key, f"Key_{group.options[0].split()[-1]}"))
                qtbot.keyClick(panel, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
            chosen.append(prompt.key)
        else:
            assert not isinstance(prompt, DiceRequest), "our dice are rolled by the computer"
            assert prompt.default is not None, prompt.key
            panel = window.panels.orders
            act = lambda: qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)  # noqa: E731
        with qtbot.waitSignal(c.answer_done, timeout=WAIT) as done:
            act()
        assert done.args[0], f"refused at {prompt.key}: {window.statusBar().currentMessage()}"
        answered += 1
        assert answered < 800, "the game does not end"

    assert fired >= 1  # the Federation player fired at least once
    log = c.log
    prompts = {r.key: r.data for r in log if r.kind == "prompt"}
    klingon = [r for r in log if r.kind == "answer"
               and side_of(prompts[r.key], c.state) == "Klingon"]
    assert klingon and all(r.source in ("robot", "seeded") for r in klingon), \
        {(r.key, r.source) for r in klingon if r.source not in ("robot", "seeded")}
    assert any(r.key.startswith("T1.ea.KLI-D7") and r.source == "robot" for r in klingon)
    state = c.state
    assert state.turn == 4 or any(r.kind == "event" and r.data.kind == "game_over" for r in log)
    lines = window.panels.victory.lines()
    assert lines[0].startswith("Game over.") and "(S2.3)" in lines[0]
    assert window.statusBar().currentMessage().startswith("Game over")
