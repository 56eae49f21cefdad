"""Qt adapter tests: every sequencer thread is stopped by the end of each test, and Python's
cyclic garbage collector runs only on the GUI thread (as in the app: sfb_desk.qt.gc_guard):
otherwise a collection triggered by the worker's allocations may destroy a GUI-thread QObject
(pytest-qt's signal blockers hold their timers in cycles) on the worker thread."""

from __future__ import annotations

import gc

import pytest


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread():
    was = gc.isenabled()
    gc.disable()
    yield
    gc.collect()
    if was:
        gc.enable()


@pytest.fixture(autouse=True)
def _no_sequencer_thread_left():
    yield
    from sfb_desk.qt.worker import running_threads

    running = running_threads()
    assert not running, f"sequencer thread(s) left running: {running}"
