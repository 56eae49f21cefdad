"""The real app in its own process, for the kill -9 test (tests/ui/test_app_crash_recovery.py).

Builds the main window the way ``sfb_desk.app.main()`` does (QApplication named as the app, the
window icon, ``MainWindow()``, ``show()``, a clean shutdown on quit, the autosave offered from
the event loop) and starts the practice duel (PRACTICE-CA-D7-FIXED, ENT against KRT, 3 turns,
every side played by the table, dice typed). Then it plays the first ``count`` answers of the
scripted duel (tests/engine/duel_script.py) through the window:

* dice typed into the dice panel's line edit, then Enter;
* prompts the script leaves to their default passed with the orders panel's Pass button;
* the scripted orders (energy allocations, the drone launch, fire) given to the window's
  controller as the answer dicts of the script.

It prints ``FRESH`` when the window is up with no autosave to offer, ``STEP n`` each time the
autosave of the game after ``n`` answers is on disk (the controller's ``autosaved``), then
``READY`` once the autosave after ``count`` answers is, and waits with its event loop running,
mid-turn, until it is killed. Trouble is printed as ``REFUSED``, ``ERROR`` or ``QT`` (a Qt
warning) lines, and a refusal or error ends the process with status 3.

Usage: ``app_crash_child.py COUNT`` with ``SFB_DESK_HOME`` set to the test's private home.
"""

from __future__ import annotations

import os
import sys
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from PySide6.QtCore import QtMsgType, QTimer, Qt, qInstallMessageHandler  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from duel_script import ANSWERS, setup  # noqa: E402
from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.app import create_window, start  # noqa: E402
from sfb_desk.data.scenarios import load_scenarios  # noqa: E402
from sfb_desk.engine.answers import pop_keyed  # noqa: E402
from sfb_desk.engine.orders.pass_policy import ASK_ALL  # noqa: E402
from sfb_desk.engine.prompts import DiceRequest  # noqa: E402
from sfb_desk.ui.window.main_window import MainWindow  # noqa: E402

SCENARIO = "PRACTICE-CA-D7-FIXED"
SCRIPT = {a.key: a.value for a in ANSWERS}
#: Qt messages that are not problems (the offscreen platform's, as in pyproject's qt_log_ignore).
QT_IGNORED = ("This plugin does not support propagateSizeHints",)


def say(line: str) -> None:
    print(line, flush=True)


def practice_duel() -> GameChoice:
    """The practice duel as the set-up dialog hands it over: all sides played by the table."""
    title = load_scenarios().get(SCENARIO).title
    return GameChoice(setup(), title, {}, frozenset(), SCENARIO)


def build_like_main() -> tuple[QApplication, MainWindow]:
    """The application and window exactly as ``sfb_desk.app.main()`` builds them (no SAVE
    argument): the autosave is offered from the event loop."""
    app, window = create_window()
    start(app, window)
    return app, window


class Player:
    """Plays the script through the window, one answer per finished request."""

    def __init__(self, app: QApplication, window: MainWindow, count: int) -> None:
        self.app = app
        self.window = window
        self.count = count
        self.given = 0
        c = window.controller
        c.autosaved.connect(self.autosaved)
        c.answer_done.connect(self.done)
        c.error.connect(lambda text: self.fail(f"ERROR {text}"))

    def fail(self, line: str) -> None:
        say(line)
        self.app.exit(3)

    def start(self) -> None:
        if self.window.controller.recoverable_autosave() is not None:
            self.fail("ERROR an autosave was already there")
            return
        say("FRESH")
        # every prompt asked (the script answers each one, and counts them)
        self.window.panels.orders.set_policy(ASK_ALL)
        self.window.start_game(practice_duel())  # the first request: "Start"

    def autosaved(self, path: str, n: int) -> None:
        say(f"STEP {n}")
        if n == self.count:
            say("READY")

    def done(self, accepted: bool) -> None:
        c = self.window.controller
        if not accepted:
            self.fail(f"REFUSED {c.pending.key if c.pending else '-'}")
        elif self.given < self.count:
            QTimer.singleShot(0, self.next_answer)  # from the event loop, as a player would

    def next_answer(self) -> None:
        try:
            self._answer()
        except Exception:  # noqa: BLE001 - reported to the parent, which fails the test
            self.fail("ERROR " + traceback.format_exc().replace("\n", " | "))

    def _answer(self) -> None:
        c = self.window.controller
        prompt = c.pending
        if prompt is None:
            self.fail("ERROR the game ended before the kill")
            return
        panels = self.window.panels
        if isinstance(prompt, DiceRequest):
            rolls = pop_keyed(dict(SCRIPT), prompt)
            if rolls is None:
                self.fail(f"ERROR no dice scripted for {prompt.key}")
                return
            dice = panels.dice.input
            dice.clear()
            QTest.keyClicks(dice, " ".join(str(v) for v in rolls))
            QTest.keyClick(dice, Qt.Key.Key_Return)
        elif prompt.key in SCRIPT:
            c.answer(SCRIPT[prompt.key])
        else:
            button = panels.orders.pass_button
            if panels.orders.prompt != prompt or not button.isEnabled():
                self.fail(f"ERROR the orders panel cannot pass {prompt.key}")
                return
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        if not c.busy:
            self.fail(f"ERROR the window did not answer {prompt.key}")
            return
        self.given += 1


def main(count: int) -> int:
    def on_message(kind, context, message) -> None:  # noqa: ANN001
        if kind != QtMsgType.QtDebugMsg and not message.startswith(QT_IGNORED):
            say(f"QT {message}")

    qInstallMessageHandler(on_message)
    app, window = build_like_main()
    player = Player(app, window, count)
    QTimer.singleShot(0, player.start)  # after the offer main() schedules
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))
