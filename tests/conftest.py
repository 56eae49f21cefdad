"""Test-wide set-up: Qt offscreen, and a private SFB_DESK_HOME so no test touches the real home."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("sfb-desk-home")
    monkeypatch.setenv("SFB_DESK_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def _no_thread_left_running():
    """DESIGN.md section 4: a test fails if a QThread is left running."""
    yield
    import sys

    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QThread
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    running = [t for t in app.findChildren(QThread) if t.isRunning()]
    assert not running, f"QThread(s) left running: {running}"

pytest_plugins = ["pytester"]



_QT_DIRS = ("ui", "qt", "printing")


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """Collect a Qt test's garbage right after it, while its widgets' Qt side still lives.

    Left to accumulate, cycles holding Qt objects from many tests were freed together by
    pytest's final collection and crashed the interpreter at exit (a segfault after
    "N passed"), which fails CI. Collecting per Qt test costs a few seconds in all.
    """
    parts = item.path.parts
    if "qtbot" in getattr(item, "fixturenames", ()) or any(d in parts for d in _QT_DIRS):
        import gc

        gc.collect()
