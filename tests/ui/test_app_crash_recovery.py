"""Kill -9 of the real app in the middle of a turn, then start it again (DESIGN.md section 7):
the autosave is offered and restores the game to the last completed step.

A child process (app_crash_child.py) builds the main window as ``sfb_desk.app.main()`` does and
plays the practice duel (tests/engine/duel_script.py) through it up to the dice of turn 1's
impulse-8 shots, then is killed with SIGKILL. Its private SFB_DESK_HOME is kept as left by the
kill; each test here starts the window again on a copy of it, and answers the recovery question
(QMessageBox.question, patched to record what it asked) Yes or No.
"""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed

import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).parents[1]))
from child_pipe import TIMEOUT, read_until  # noqa: E402
from duel_script import ANSWERS, setup  # noqa: E402

from sfb_desk.engine.session import Session  # noqa: E402
from sfb_desk.qt import game_files  # noqa: E402
from sfb_desk.qt.game_record import TABLE  # noqa: E402
from sfb_desk.ui.window.main_window import MainWindow  # noqa: E402

CHILD = Path(__file__).with_name("app_crash_child.py")
WAIT_MS = 20_000
SCRIPT = {a.key: a.value for a in ANSWERS}
LAST_SHOT = "T1.I8.hits.Klingon"  # the child stops after these dice: mid-turn 1
AUTOSAVE = Path("data") / game_files.AUTOSAVE_DIR / game_files.AUTOSAVE_FILE
CLEAN_EXIT = Path("data") / game_files.AUTOSAVE_DIR / game_files.CLEAN_EXIT_FILE


def scripted(session: Session) -> object:
    """The script's answer to the pending prompt, or its default."""
    prompt = session.pending
    value = pop_keyed(dict(SCRIPT), prompt)
    return prompt.default if value is None else value


def reference(count: int) -> Session:
    """A plain engine session given the script's first ``count`` answers, as the table."""
    g = setup()
    session = Session(g.state, g.combat, g.specs)
    for _ in range(count):
        assert session.answer(scripted(session), TABLE)
    return session


def answers_through(key: str) -> int:
    """How many answers the script gives up to and including the one to ``key``."""
    g = setup()
    session = Session(g.state, g.combat, g.specs)
    while session.pending.key != key:
        assert session.answer(scripted(session), TABLE)
    return len(session.log.answers()) + 1


@dataclass(frozen=True)
class Crash:
    """What a kill -9 of the app left: its home, its lines, its exit status."""

    home: Path
    lines: list[str]
    returncode: int
    stderr: str
    count: int  # answers the child was told to give

    @property
    def last_step(self) -> int:
        """The answers in the last autosave the child reported on disk."""
        return max(int(line.split()[1]) for line in self.lines if line.startswith("STEP "))


@pytest.fixture(scope="module")
def crashed(tmp_path_factory) -> Crash:
    """The app played to mid-turn 1 in a child process, then killed with SIGKILL."""
    home = tmp_path_factory.mktemp("crashed-home")
    count = answers_through(LAST_SHOT)
    err_path = home.parent / "child-stderr.txt"
    env = {**os.environ, "SFB_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    with open(err_path, "wb") as err:
        proc = subprocess.Popen([sys.executable, str(CHILD), str(count)],
                                stdout=subprocess.PIPE, stderr=err, env=env)
        try:
            lines = read_until(proc, "READY")
        except AssertionError as exc:
            lines = [f"(failed: {exc})"]
        finally:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(TIMEOUT)
            lines += [line.strip() for line in proc.stdout.read().decode().splitlines()]
            proc.stdout.close()
    return Crash(home, lines, proc.returncode, err_path.read_text(errors="replace"), count)


@pytest.fixture
def restarted_home(crashed, tmp_path, monkeypatch) -> Path:
    """A copy of the killed app's home, as this process's SFB_DESK_HOME."""
    home = tmp_path / "home"
    shutil.copytree(crashed.home, home)
    monkeypatch.setenv("SFB_DESK_HOME", str(home))
    return home


@pytest.fixture
def asked(monkeypatch):
    """QMessageBox.question answered by the test: set ``asked.reply``; ``asked.calls`` holds
    (title, text) of each question."""

    class Asked:
        reply = QMessageBox.StandardButton.Yes
        calls: list[tuple[str, str]] = []

    def question(parent, title, text, buttons=None, default=None):  # noqa: ANN001
        Asked.calls.append((title, text))
        return Asked.reply

    Asked.calls = []
    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return Asked


@pytest.fixture
def window(qtbot, restarted_home):
    """The main window built as ``sfb_desk.app.main()`` builds it, on the killed app's home."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    yield w
    w.shutdown()
    assert not w.controller.worker_thread.is_running()


def test_kill_9_mid_turn_leaves_the_autosave_of_the_last_step(crashed):
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr  # killed: no clean exit
    lines = crashed.lines
    assert lines[0] == "FRESH" and "READY" in lines, (lines, crashed.stderr)
    trouble = [line for line in lines if line.split()[0] in ("QT", "ERROR", "REFUSED")]
    assert not trouble, trouble
    steps = [int(line.split()[1]) for line in lines if line.startswith("STEP ")]
    assert steps == sorted(steps) and crashed.last_step == crashed.count
    assert (crashed.home / AUTOSAVE).is_file()
    assert not (crashed.home / CLEAN_EXIT).exists()  # no clean exit was recorded
    saved = game_files.load_record(crashed.home / AUTOSAVE)
    assert len(saved.answers) == crashed.last_step
    assert saved.state.turn == 1 and 8 <= saved.state.impulse < 32  # mid-turn


def test_restart_offers_the_autosave_and_restores_the_last_completed_step(
        crashed, window, asked, qtbot):
    c = window.controller
    offer = c.recoverable_autosave()
    assert offer is not None and offer.readable
    with qtbot.waitSignal(c.loaded, timeout=WAIT_MS):
        assert window.offer_recovery()  # as main() calls it: the player is asked
    assert len(asked.calls) == 1
    title, text = asked.calls[0]
    assert title == "Recover the game?" and "did not close properly" in text

    expected = reference(crashed.last_step)
    assert c.record.answers == tuple(expected.log.answers())
    assert c.state == expected.state
    assert c.record.combat == expected.combat
    assert c.pending == expected.pending and c.pending.key == "T1.I9.announce.Federation"
    assert len(c.log) == len(expected.log)
    scenario_title = c.record.table.title
    assert scenario_title.startswith("Practice duel")
    assert window.windowTitle() == f"{scenario_title} * — SFB Desk"  # recovered, not saved
    assert c.modified and c.path is None
    assert window.panels.orders.prompt == expected.pending  # the window shows where it was

    # the game goes on from there: the next prompt passed on the orders panel
    with qtbot.waitSignal(c.answer_done, timeout=WAIT_MS) as done:
        qtbot.mouseClick(window.panels.orders.pass_button, Qt.MouseButton.LeftButton)
    assert done.args == [True]
    assert expected.answer(scripted(expected), TABLE)
    assert c.state == expected.state and c.pending == expected.pending


def test_restart_declined_keeps_the_autosave_aside_and_loads_nothing(
        crashed, window, asked, restarted_home):
    asked.reply = QMessageBox.StandardButton.No
    autosave = restarted_home / AUTOSAVE
    kept = autosave.read_bytes()
    c = window.controller
    assert not window.offer_recovery()
    assert len(asked.calls) == 1 and asked.calls[0][0] == "Recover the game?"
    assert c.record is None and not c.busy and c.recoverable_autosave() is None
    aside = autosave.with_name(f"{autosave.name}.declined-1")
    assert not autosave.exists() and aside.read_bytes() == kept  # renamed, never deleted
    assert str(aside) in window.statusBar().currentMessage()
    assert window.windowTitle() == "SFB Desk"
    window.shutdown()
    assert aside.read_bytes() == kept  # a clean exit leaves it too
