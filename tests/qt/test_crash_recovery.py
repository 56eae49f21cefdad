"""Kill -9 in the middle of a turn: the autosave written after the last completed step is
offered on the next start and restores that step (DESIGN.md section 7)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from sfb_desk.engine.session import Session
from sfb_desk.qt.controller import GameController
from sfb_desk.qt.game_record import TABLE

sys.path.insert(0, str(Path(__file__).parents[1]))
from child_pipe import TIMEOUT, read_until  # noqa: E402
from games import OPENING, duel  # noqa: E402

CHILD = Path(__file__).with_name("autosave_child.py")


def test_kill_9_mid_turn_then_recover_the_last_completed_step(qtbot, qapp):
    answers = [*OPENING, "stay", {}]  # phase 1, then impulse 1 under way (C1.4: no move yet)
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), *(json.dumps(a) for a in answers)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ),
    )
    try:
        lines = read_until(proc, "READY")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(TIMEOUT)
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    assert f"STEP {len(answers)}" in lines

    reference = Session(duel())
    for value in answers:  # the same answers, as the table gave them
        assert reference.answer(value, TABLE)

    controller = GameController()
    try:
        offer = controller.recoverable_autosave()
        assert offer is not None and offer.readable
        with qtbot.waitSignal(controller.loaded, timeout=10_000):
            assert controller.recover()
        assert controller.record.answers == tuple(reference.log.answers())
        assert controller.state == reference.state
        assert controller.pending == reference.pending and controller.state.impulse == 1
    finally:
        assert controller.close()
