"""Start-up time of the app and of the light CLI commands, each beside its bare reference.

Pairs, each timed as the wall time of a fresh process (several runs, median):

* ``sfb-desk --self-test`` against a fresh interpreter that imports PySide6 and shows an empty
  QMainWindow with one dock (rendered once, as the self-test does);
* each light CLI command (``range 0101 0105``, ``arcs``, ``chart``, ``ship FED-CA``) against
  ``python -c pass``.

The runs of a pair alternate (reference, subject, reference, subject...) so that a shared
machine's load touches both alike; the medians and, beside them, the fastest runs (the least
disturbed by other work on a busy machine) are printed with their ratios. Goals (issue 13): the app at most 3x the bare window, the
light commands at most 4x bare python. Each command runs once untimed first: the first start
compiles the ship library into its cache (a fresh user folder under ``SFB_DESK_HOME``) and
Python writes its byte code (``PYTHONDONTWRITEBYTECODE`` is dropped for the runs: an installed
program has its byte code).

    QT_QPA_PLATFORM=offscreen uv run python tools/bench_startup.py [--runs N] [--cold]

``--cold`` removes the library cache before every app and ``ship`` run (the first start after
an install or an edit of a ship file).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent

BARE_WINDOW = """
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow
app = QApplication(["bare"])
window = QMainWindow()
window.setCentralWidget(QLabel("centre"))
dock = QDockWidget("Dock")
dock.setWidget(QLabel("dock"))
window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
window.resize(1280, 800)
window.show()
for _ in range(3):
    app.processEvents()
image = window.grab()
assert not image.isNull()
window.close()
"""

PY = str(BIN / "python")
CLI = str(BIN / "sfb-desk-cli")
APP = str(BIN / "sfb-desk")

PAIRS = [
    ("app --self-test", [PY, "-c", BARE_WINDOW], [APP, "--self-test"], 3.0),
    ("cli range 0101 0105", [PY, "-c", "pass"], [CLI, "range", "0101", "0105"], 4.0),
    ("cli arcs", [PY, "-c", "pass"], [CLI, "arcs", "--from", "0101", "--facing", "1", "--to", "0105"], 4.0),
    ("cli chart dac", [PY, "-c", "pass"], [CLI, "chart", "dac"], 4.0),
    ("cli ship FED-CA", [PY, "-c", "pass"], [CLI, "ship", "FED-CA"], 4.0),
]


def _run(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each command (median)")
    parser.add_argument("--cold", action="store_true", help="drop the ship library cache before each run")
    parser.add_argument("--only", help="run only the pairs whose name contains this")
    args = parser.parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="sfb-bench-"))
    env = dict(os.environ, SFB_DESK_HOME=str(home), QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    # As installed: byte code compiled once and kept (a shell may have turned that off).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    failed = False
    print(f"{'pair':24} {'reference':>10} {'subject':>10} {'ratio':>6} {'goal':>5}"
          f"   {'min ref':>8} {'min sub':>8} {'ratio':>6}")
    for name, reference, subject, goal in PAIRS:
        if args.only and args.only not in name:
            continue
        _run(reference, env)  # warm the OS file cache for both
        _run(subject, env)
        ref, sub = [], []
        for _ in range(args.runs):
            ref.append(_run(reference, env))
            if args.cold:
                shutil.rmtree(home / "cache", ignore_errors=True)
            sub.append(_run(subject, env))
        r, s = statistics.median(ref), statistics.median(sub)
        ratio = s / r
        failed |= ratio > goal
        print(f"{name:24} {r * 1000:8.0f}ms {s * 1000:8.0f}ms {ratio:5.1f}x {goal:4.0f}x"
              f"   {min(ref) * 1000:6.0f}ms {min(sub) * 1000:6.0f}ms {min(sub) / min(ref):5.1f}x"
              f"{'' if ratio <= goal else '  over'}")
    shutil.rmtree(home, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
