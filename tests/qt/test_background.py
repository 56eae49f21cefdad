"""qt/background: one long computation off the GUI thread, its answer delivered once on it."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication

from sfb_desk.qt.background import BackgroundTask


def _where() -> tuple[str, bool]:
    return threading.current_thread().name, threading.current_thread() is threading.main_thread()


def test_the_work_runs_off_the_gui_thread_and_the_answer_comes_back_on_it(qtbot):
    seen = []
    task = BackgroundTask(lambda: (_where(), 6 * 7), "sfb-test-task")
    task.finished.connect(lambda result: seen.append((result, _where())))
    task.failed.connect(lambda exc: seen.append(("failed", exc)))
    assert not task.running
    with qtbot.waitSignal(task.finished, timeout=10_000):
        task.start()
        assert task.running
    ((worker_where, answer), gui_where), = seen
    assert answer == 42 and worker_where[1] is False and gui_where[1] is True
    assert task.thread_name == "sfb-test-task" and not task.running


def test_an_exception_is_handed_over_not_lost(qtbot):
    got = []
    task = BackgroundTask(lambda: 1 / 0, "sfb-test-task")
    task.failed.connect(got.append)
    task.finished.connect(lambda r: got.append(("finished", r)))
    with qtbot.waitSignal(task.failed, timeout=10_000):
        task.start()
    assert len(got) == 1 and isinstance(got[0], ZeroDivisionError)


def test_wait_and_deliver_answers_at_once_and_only_once(qtbot):
    gate = threading.Event()
    got = []
    task = BackgroundTask(lambda: gate.wait(10) and "done", "sfb-test-task")
    task.finished.connect(got.append)
    task.start()
    assert task.running and got == []
    gate.set()
    task.wait_and_deliver()  # the answer now, without the event loop
    assert got == ["done"] and not task.running
    QCoreApplication.processEvents()  # the queued answer arrives later and is ignored
    qtbot.wait(50)
    assert got == ["done"]
    task.wait_and_deliver()  # a second call does nothing
    assert got == ["done"]
