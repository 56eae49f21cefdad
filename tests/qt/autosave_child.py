"""A controller in its own process for the kill -9 test (tests/qt/test_crash_recovery.py).

Plays the duel of games.py: the answers given on the command line (JSON values), printing
``STEP n`` once the autosave of the game after ``n`` answers is on disk, then ``READY`` and
waits (its event loop running, as mid-turn at the table) until it is killed.
"""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from PySide6.QtWidgets import QApplication  # noqa: E402

from sfb_desk.qt.controller import GameController  # noqa: E402
from sfb_desk.qt.gc_guard import GuiCollector  # noqa: E402

from games import duel  # noqa: E402


def main(answers: list[object]) -> None:
    app = QApplication([])
    collector = GuiCollector()
    controller = GameController()
    todo = list(answers)

    def on_autosaved(path: str, n: int) -> None:
        print(f"STEP {n}", flush=True)
        if n == len(answers):
            print("READY", flush=True)

    def on_done(accepted: bool) -> None:
        if not accepted:
            print(f"REFUSED {controller.pending.key}", flush=True)
            app.exit(3)
        elif todo:
            controller.answer(todo.pop(0))

    controller.autosaved.connect(on_autosaved)
    controller.answer_done.connect(on_done)
    controller.new_game(duel())
    app.exec()
    collector.stop()


if __name__ == "__main__":
    main([json.loads(a) for a in sys.argv[1:]])
