"""The main window (issue 6): its panels and menus, undo and redo from the keyboard, the title
and status bar, the robot chosen per side from the Game menu, and closing mid-turn: the worker
and the analysis thread stop, nothing is left running, and the exit is recorded as clean."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThread
from PySide6.QtWidgets import QMessageBox

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import ANSWERS, setup  # noqa: E402

from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.qt import game_files  # noqa: E402
from sfb_desk.ui.window.main_window import MainWindow  # noqa: E402

WAIT = 30_000
SCRIPT = {a.key: a.value for a in ANSWERS}
DOCKS = {"map", "tracker", "orders", "dice", "log", "victory", "ssd", "ea", "analysis",
         "library"}


@pytest.fixture
def window(qtbot, monkeypatch):
    asked = []

    def record_box(*args, **kwargs):
        asked.append(args[1:3])
        return QMessageBox.StandardButton.Discard

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, record_box)
    w = MainWindow()
    w.asked = asked
    w.resize(1500, 950)
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


def start(qtbot, window, robots=None):
    c = window.controller
    g = setup()
    choice = GameChoice(g, "Duel", dict(robots or {}), frozenset(), "PRACTICE-CA-D7-FIXED")
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.start_game(choice)
    return c


def answer(qtbot, c, value):
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as done:
        assert c.answer(value)
    assert done.args[0]


def test_panels_menus_and_status(window):
    assert set(window.panels.docks) == DOCKS
    assert all(d.objectName() for d in window.panels.docks.values())
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&Game", "&View", "&Library", "&Campaign", "&Help"]
    for name in ("new", "duel", "open", "save", "save_as", "pdf", "undo", "redo", "quit"):
        assert name in window.actions
    assert window.actions["undo"].shortcut().toString() == "Ctrl+Z"
    assert "Ctrl+Shift+Z" in [s.toString() for s in window.actions["redo"].shortcuts()]
    ships = window.library.ships.values()
    playable = sum(1 for s in ships if s.complete)
    assert f"{len(ships)} ship classes ({playable} playable: " in window.statusBar().currentMessage()
    assert window.windowTitle() == "SFB Desk"


def test_undo_and_redo_from_the_keyboard_and_the_title(qtbot, window):
    c = start(qtbot, window)
    assert window.windowTitle() == "Duel — SFB Desk"
    answer(qtbot, c, SCRIPT["T1.ea.ENT"])
    assert c.pending.key == "T1.ea.KRT" and window.windowTitle() == "Duel * — SFB Desk"
    assert "Energy allocation for Battlecruiser" in window.statusBar().currentMessage()
    with qtbot.waitSignal(c.prompt_changed):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.pending.key == "T1.ea.ENT" and not c.modified
    assert window.windowTitle() == "Duel — SFB Desk"
    with qtbot.waitSignal(c.prompt_changed):
        qtbot.keyClick(window, Qt.Key.Key_Z,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert c.pending.key == "T1.ea.KRT" and c.modified


def test_a_box_marked_on_the_ssd_is_undone_with_ctrl_z(qtbot, window):
    c = start(qtbot, window)
    tabs = window.panels.ssd_tabs
    window.panels.docks["ssd"].raise_()
    ssd = tabs.widget_of("KRT")
    tabs.show_unit("KRT")
    qtbot.waitUntil(ssd.isVisible)
    box = "bridge#1"
    rect = ssd.box_rect(box)
    with qtbot.waitSignal(c.state_changed):
        qtbot.mouseClick(ssd, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert box in c.state.find("KRT").destroyed and box in ssd.marked
    assert window.windowTitle() == "Duel * — SFB Desk"
    with qtbot.waitSignal(c.state_changed):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert box not in c.state.find("KRT").destroyed and box not in ssd.marked


def test_the_robot_chosen_in_the_game_menu_answers_its_side_at_once(qtbot, window):
    c = start(qtbot, window)
    answer(qtbot, c, SCRIPT["T1.ea.ENT"])
    assert c.pending.key == "T1.ea.KRT"
    menu = window.actions["robot_menu"].menu()
    menu.aboutToShow.emit()
    sides = {a.text(): a.menu() for a in menu.actions()}
    assert set(sides) == {"Federation", "Klingon"}
    choices = {a.text(): a for a in sides["Klingon"].actions()}
    assert choices["the table"].isChecked()
    assert set(choices) == {"the table", "robot (cadet)", "robot (captain)", "robot (commodore)"}
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        choices["robot (captain)"].trigger()
    assert c.robots() == {"Klingon": "captain"}
    assert c.pending.key.startswith("T1.I1.")  # the robot wrote the Klingon allocation
    ea = [r for r in c.log if r.kind == "answer" and r.key == "T1.ea.KRT"]
    assert [r.source for r in ea] == ["robot"]


def test_closing_mid_turn_stops_every_thread_and_exits_cleanly(qtbot, window):
    c = start(qtbot, window)
    answer(qtbot, c, SCRIPT["T1.ea.ENT"])
    qtbot.waitUntil(lambda: game_files.autosave_file().exists(), timeout=WAIT)
    window.panels.docks["analysis"].raise_()  # the charts are built when first shown
    assert window.panels.analysis.built
    window.panels.analysis.show_unit("KRT")  # a Monte Carlo on the analysis thread
    c.answer(SCRIPT["T1.ea.KRT"])  # the worker is busy with it while the window closes
    window.close()  # unsaved: the question is answered Discard
    assert ("Unsaved game", "The game has changes that are not saved. Save them first?") \
        in window.asked
    assert not c.worker_thread.is_running()
    assert not window.panels.analysis.worker.is_running()
    assert not game_files.autosave_file().exists()  # a clean exit: nothing to recover
    assert game_files.recoverable() is None
    assert QThread.currentThread() is window.thread()


def test_opening_a_broken_save_says_why_and_keeps_the_game(qtbot, window, tmp_path):
    c = start(qtbot, window)
    answer(qtbot, c, SCRIPT["T1.ea.ENT"])
    before = c.record
    broken = tmp_path / "broken.sfbsave"
    broken.write_text('{"format": "sfb-desk-save", "version": 2, "initial": ')
    window.asked.clear()
    with qtbot.waitSignal(c.error, timeout=WAIT) as failed:
        window.open_game(str(broken))  # unsaved changes: the question is answered Discard
    assert "broken.sfbsave" in failed.args[0]
    qtbot.waitUntil(lambda: any(title == "SFB Desk" for title, _ in window.asked))
    assert c.record is before and broken.read_text().endswith('"initial": ')
    assert "broken.sfbsave" in window.statusBar().currentMessage()


def test_the_analysis_dock_is_built_when_first_shown_with_the_ship_chosen_before(qtbot, window):
    c = start(qtbot, window)
    analysis = window.panels.analysis
    assert not analysis.built  # behind the SSDs: pyqtgraph not needed yet
    assert analysis.show_unit("KRT") and not analysis.show_unit("NOT-A-SHIP")
    assert analysis.unit_id() == "KRT"
    window.panels.docks["analysis"].raise_()
    assert analysis.built and analysis.dock.unit_id() == "KRT"
    assert analysis.dock.panel.spec is not None and analysis.dock.panel.spec.id == "KLI-D7"
    assert c.state is not None


def test_the_panels_behind_a_tab_are_built_when_shown_and_catch_up_with_the_game(qtbot, window):
    """The EA sheet, the SSDs and the victory panel wait for their dock to be shown (start-up);
    built mid-game they show the game in play, and a ship chosen on the map meanwhile."""
    lazy = window.panels.lazy
    assert not any(panel.built for panel in lazy.values())  # the ship library is in front
    window.panels.map_bridge.unit_selected.emit("KRT")  # before the SSDs exist
    c = start(qtbot, window)  # the first prompt, energy allocation, brings the EA sheet forward
    assert lazy["ea"].built and window.panels.ea.shown_unit in {u.id for u in c.state.units}
    assert not lazy["victory"].built
    window.panels.docks["ssd"].raise_()
    assert lazy["ssd"].built and window.panels.ssd_tabs.current_unit() == "KRT"
    window.panels.docks["victory"].raise_()
    assert lazy["victory"].built and window.panels.victory.isVisible()
