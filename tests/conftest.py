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
