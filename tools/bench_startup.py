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
compiles the ship library into its cache and Python writes its byte code
(``PYTHONDONTWRITEBYTECODE`` is dropped for the runs: an installed program has its byte code).
The runs start as a player's do: ``SFB_DESK_HOME`` unset (the user folders come from
platformdirs), the XDG folders pointed at a fresh temporary folder. Beside the wall times, the
CPU time (user + system, every thread) of each run is taken: its ratio moves much less with the
machine's load than the wall time's.

    QT_QPA_PLATFORM=offscreen uv run python tools/bench_startup.py [--runs N] [--cold]

``--cold`` removes the library cache before every app and ``ship`` run (the first start after
an install or an edit of a ship file).
"""

from __future__ import annotations

import argparse
import os
import resource
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


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time and the CPU time (user + system, all threads) of one run of ``cmd``."""
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return elapsed, _cpu() - cpu


def _spread(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4) if len(values) >= 4 else [min(values), 0, max(values)]
    return f"{q[0] * 1000:.0f}-{q[2] * 1000:.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (median)")
    parser.add_argument("--cold", action="store_true", help="drop the ship library cache before each run")
    parser.add_argument("--only", help="run only the pairs whose name contains this")
    args = parser.parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="sfb-bench-"))
    # As a player's start: no SFB_DESK_HOME (the user folders come from platformdirs, which is
    # imported then), the XDG folders pointed at a fresh place so that nothing of the machine's
    # own SFB Desk (settings, ship files, cache) is read.
    env = {k: v for k, v in os.environ.items() if k != "SFB_DESK_HOME"}
    env.update({f"XDG_{kind}_HOME": str(home / kind.lower()) for kind in ("CONFIG", "DATA", "CACHE")})
    env["QT_QPA_PLATFORM"] = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    # As installed: byte code compiled once and kept (a shell may have turned that off).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    failed = False
    print(f"load average {os.getloadavg()[0]:.1f}; {args.runs} alternating runs of each; wall: "
          "median (quartiles) in ms; ratios of the medians, of the fastest runs, of the CPU times")
    print(f"{'pair':22} {'reference':>15} {'subject':>15} {'ratio':>6} {'fastest':>8} {'cpu':>6}"
          f" {'goal':>5}")
    for name, reference, subject, goal in PAIRS:
        if args.only and args.only not in name:
            continue
        _run(reference, env)  # warm the OS file cache for both; the first start fills the cache
        _run(subject, env)
        ref, sub, ref_cpu, sub_cpu = [], [], [], []
        for _ in range(args.runs):
            wall, cpu = _run(reference, env)
            ref.append(wall)
            ref_cpu.append(cpu)
            if args.cold:
                shutil.rmtree(home / "cache", ignore_errors=True)
            wall, cpu = _run(subject, env)
            sub.append(wall)
            sub_cpu.append(cpu)
        r, s = statistics.median(ref), statistics.median(sub)
        ratio = s / r
        cpu_ratio = statistics.median(sub_cpu) / statistics.median(ref_cpu)
        failed |= ratio > goal
        print(f"{name:22} {r * 1000:4.0f} ({_spread(ref):>8}) {s * 1000:4.0f} ({_spread(sub):>8})"
              f" {ratio:5.2f}x {min(sub) / min(ref):7.2f}x {cpu_ratio:5.2f}x {goal:4.0f}x"
              f"{'' if ratio <= goal else '  over'}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    shutil.rmtree(home, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
