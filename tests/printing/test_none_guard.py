"""PySide6 6.12 on Python 3.11 spends a reference of None on every void call; importing the
printing package must make a page's worth (and far more) of painter calls survivable."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
{guard}
from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication, QImage, QPainter
app = QGuiApplication([])
image = QImage(20, 20, QImage.Format.Format_ARGB32)
painter = QPainter(image)
for _ in range(20000):
    painter.drawLine(QPointF(0, 0), QPointF(5, 5))
painter.end()
print("survived")
"""


def _run(guard: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT.format(guard=guard)],
                          capture_output=True, text=True, timeout=120)


def test_many_void_calls_survive_with_the_printing_package():
    result = _run("import sfb_desk.printing")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "survived" in result.stdout


def test_the_guard_is_needed_on_this_interpreter():
    """Proves the test above can fail: without the guard the same script dies where None is
    mortal (CPython before 3.12) and PySide6 is 6.12; elsewhere it survives either way."""
    import PySide6

    needed = (sys.implementation.name == "cpython" and sys.version_info < (3, 12)
              and PySide6.__version__.startswith("6.12"))
    result = _run("")
    assert (result.returncode != 0) == needed, (result.returncode, result.stderr[-500:])
    if needed:
        assert "none_dealloc" in result.stderr
