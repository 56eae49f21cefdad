"""SM7 Space Dragon in the app: the new-game dialog gives the Dragon player's side a row (table
or robot, SM7.1), the map draws the dragon and the planet, and a person flies the dragon through
the panels (movement orders, fire with "Check all that can damage", its own choices with key 1,
everything else passed, its dice rolled by the computer) against the robot's Navy cruiser for
two turns, to the game's end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox

from sfb_desk.engine.prompts import Choice, DiceRequest, Orders
from sfb_desk.qt.game_record import side_of
from sfb_desk.ui.orders.pass_policy import NEVER_ANNOUNCE
from sfb_desk.ui.setup.dialog import GameSetupDialog
from sfb_desk.ui.window.main_window import MainWindow

WAIT = 60_000
DRAGON = "Space Dragon"


@pytest.fixture
def window(qtbot, monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow()
    w.resize(1600, 1000)
    w.show()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


def test_the_dialog_gives_the_dragon_player_a_row_and_the_map_draws_the_dragon(qtbot):
    from sfb_desk.ui.map.battlefield import battlefield_view

    dialog = GameSetupDialog()
    qtbot.addWidget(dialog)
    dialog.scenario_tab.select("SM7")
    assert [e.ship for e in dialog.entries()] == ["FED-CA"]
    assert DRAGON in dialog.options.rows  # "played by the table / the robot" for SM7.1
    assert dialog.ok_button.isEnabled(), dialog.units.problems_label.text()
    choice = dialog.result()
    dragon = choice.setup.state.unit(DRAGON)
    assert (dragon.hex.label, dragon.side) == ("4201", DRAGON)
    view = battlefield_view(choice.setup.combat, None, choice.setup.state)
    assert [t.kind for t in view.terrain] == ["planet"] and view.monsters == ()
    (mark,) = view.dragons  # drawn under its counter with its record (SM7.462)
    assert (mark.name, mark.hex.label) == (DRAGON, "4201")
    assert mark.record == "body 70 · wings 50 · tail 25 · claws 40"


def test_a_person_flies_the_dragon_through_the_panels_to_the_end(qtbot, window, monkeypatch):
    def fill(self: GameSetupDialog) -> int:
        self.scenario_tab.select("SM7")
        self.options.turns.setValue(2)
        assert self.options.set_played_by("Navy", self.options.levels[0])
        assert self.options.set_auto_dice(DRAGON, True)  # the computer rolls the dragon's dice
        assert self.ok_button.isEnabled(), self.problems()
        self.accept()
        return QDialog.DialogCode.Accepted

    c = window.controller
    monkeypatch.setattr(GameSetupDialog, "exec", fill)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.actions["new"].trigger()
    assert set(c.robots()) == {"Navy"}
    box = window.panels.orders.policy_box
    box.announcements.setCurrentIndex(NEVER_ANNOUNCE)
    qtbot.waitUntil(lambda: not c.busy, timeout=WAIT)
    answered, moved, fired = 0, 0, 0
    while c.pending is not None:
        prompt = c.pending
        panel = window.panels.orders
        if isinstance(prompt, Orders) and prompt.kind == "movement":
            assert "stay" in prompt.options  # SM7.467: it may skip a move
            moved += 1
            act = lambda: qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)  # noqa: E731
        elif isinstance(prompt, Orders) and prompt.kind == "fire":
            panel.editor.check_all(DRAGON)
            if panel.editor.value():
                fired += 1
                act = lambda: qtbot.keyClick(panel, Qt.Key.Key_Return,  # noqa: E731
                                             Qt.KeyboardModifier.ControlModifier)
            else:
                act = lambda: qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)  # noqa: E731
        elif isinstance(prompt, Choice) and prompt.default is None:
            act = lambda: qtbot.keyClick(panel, Qt.Key.Key_1)  # noqa: E731
        else:
            assert not isinstance(prompt, DiceRequest), prompt.key
            assert prompt.default is not None, prompt.key
            act = lambda: qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)  # noqa: E731
        with qtbot.waitSignal(c.answer_done, timeout=WAIT) as done:
            act()
        assert done.args[0], f"refused at {prompt.key}: {window.statusBar().currentMessage()}"
        answered += 1
        assert answered < 400, "the game does not end"
    assert moved >= 40  # speed 25 for two turns: the dragon's own movement orders
    log = c.log
    prompts = {r.key: r.data for r in log if r.kind == "prompt"}
    navy = [r for r in log if r.kind == "answer" and side_of(prompts[r.key], c.state) == "Navy"]
    assert navy and all(r.source in ("robot", "seeded") for r in navy)
    assert any(r.kind == "event" and r.data.kind == "dragon_turn" for r in log)
    assert window.panels.victory.lines()[0].startswith("Game over.")
