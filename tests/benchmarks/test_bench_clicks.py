"""A click at the table, through the controller of the app as it runs (DESIGN.md section 10:
any action the table takes under 100 ms end to end; issue 12, item 7).

The main window of the scripted duel (tests/engine/duel_script.py: ENT against KRT, every side
played by the table): each round answers the pending prompt through the window's
GameController, waits for the worker's verdict (``answer_done``) and lets the window repaint
(one ``processEvents``): the engine's step, the log, the autosave request and every panel
following the new state. Between rounds the step is undone (not timed) and the event loop runs
idle, as it does while the table writes a sheet or looks at the map.

* ``test_bench_ea_submit``: ENT's turn-1 energy allocation submitted; KRT's sheet comes forward;
* ``test_bench_move``: ENT's impulse-16 move (the default, straight ahead) given; the map, the
  SSD tabs and the orders panel follow.

With benchmarks disabled (the default) each body runs once and checks its answer. Time them
with ``pytest tests/benchmarks/test_bench_clicks.py --benchmark-enable`` (docs/performance.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from duel_script import ANSWERS, setup  # noqa: E402
from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.ui.window.main_window import MainWindow  # noqa: E402

pytestmark = pytest.mark.benchmark

SCRIPT = {a.key: a.value for a in ANSWERS}
WAIT = 30_000
ROUNDS = 15


@pytest.fixture
def table(qtbot, monkeypatch):
    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name,
                            lambda *a, **k: QMessageBox.StandardButton.Discard)
    window = MainWindow()
    window.resize(1500, 950)
    window.show()
    c = window.controller
    choice = GameChoice(setup(), "Duel", {}, frozenset(), "PRACTICE-CA-D7-FIXED")
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.start_game(choice)
    idle()
    yield qtbot, window
    window.shutdown()
    window.close()
    window.deleteLater()


def idle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def click(qtbot, c, value) -> bool:  # noqa: ANN001
    """Answer through the controller, wait for the verdict, let the window repaint."""
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as done:
        assert c.answer(value)
    QApplication.processEvents()
    return done.args[0]


def undo(c) -> None:  # noqa: ANN001
    c.undo()
    idle()


def test_bench_ea_submit(benchmark, table):
    qtbot, window = table
    c = window.controller
    assert c.pending.key == "T1.ea.ENT"
    value = SCRIPT["T1.ea.ENT"]

    def submit() -> bool:
        return click(qtbot, c, value)

    def setup_round():
        if c.pending.key != "T1.ea.ENT":
            undo(c)
        return (), {}

    accepted = benchmark.pedantic(submit, setup=setup_round, rounds=ROUNDS, iterations=1)
    assert accepted and c.pending.key == "T1.ea.KRT"
    ea = window.panels.ea
    assert ea.editing and ea.shown_unit == "KRT" and ea.sheet.model.spec.id == "KLI-D7"


def _play_to_first_move(qtbot, c) -> None:  # noqa: ANN001
    for _ in range(200):
        prompt = c.pending
        if prompt.kind == "movement":
            return
        value = SCRIPT.get(prompt.key, prompt.default)
        parts = getattr(prompt, "parts", ())
        if prompt.key not in SCRIPT and parts and all(p in SCRIPT for p in parts):
            value = [die for part in parts for die in SCRIPT[part]]  # one entry for a volley
        assert click(qtbot, c, value), prompt.key
    raise AssertionError("no movement prompt in the first 200 answers")


def test_bench_move(benchmark, table):
    qtbot, window = table
    c = window.controller
    _play_to_first_move(qtbot, c)
    prompt = c.pending
    assert prompt.key == "T1.I16.move.ENT"
    idle()
    before = c.state.find("ENT").hex

    def move() -> bool:
        return click(qtbot, c, prompt.default)

    def setup_round():
        if c.pending is None or c.pending.key != prompt.key:
            undo(c)
        return (), {}

    moved = benchmark.pedantic(move, setup=setup_round, rounds=ROUNDS, iterations=1)
    assert moved and c.state.find("ENT").hex != before
    assert c.pending.key != prompt.key
