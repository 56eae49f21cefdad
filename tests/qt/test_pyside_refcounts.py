"""Guard against a Qt binding that leaks references to None or True (PySide6 6.12.0 on 3.11).

PySide6 6.12.0 returned ``None`` from C++ void methods without a new reference and lost a
reference to ``True`` on every ``Signal.emit()``; on CPython 3.11 (no immortal objects) a page
of drawing or a few hundred signals aborted the process ("none_dealloc" / "bool_dealloc").
pyproject.toml excludes that version; this test runs the two patterns in a fresh interpreter
(where the singletons have few references) and fails if the process dies or the counts drift.
"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = r"""
import sys
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication, QImage, QPainter

app = QGuiApplication(["refcount-check"])

class Emitter(QObject):
    changed = Signal(bool)

image = QImage(64, 64, QImage.Format.Format_ARGB32)
painter = QPainter(image)
emitter = Emitter()
seen = []
emitter.changed.connect(seen.append)
none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
for _ in range(20000):
    painter.drawRect(1, 1, 5, 5)
    emitter.changed.emit(True)
painter.end()
seen.clear()
none_drift = sys.getrefcount(None) - none_before
true_drift = sys.getrefcount(True) - true_before
print(none_drift, true_drift)
sys.exit(0 if abs(none_drift) < 100 and abs(true_drift) < 100 else 1)
"""


def test_qt_calls_do_not_leak_singleton_references():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, (result.stdout, result.stderr[-2000:])
