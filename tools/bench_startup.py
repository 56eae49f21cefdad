"""Start-up time of the app and of the light CLI commands, each beside its bare reference.

Pairs, each timed as the wall time of a fresh process (several runs, median):

* ``sfb-desk --self-test`` (the real start: the window built, shown and painted once, then a
  clean close and exit) against a fresh interpreter that imports PySide6 and shows an empty
  QMainWindow with one dock (rendered once, as the self-test does);
* each light CLI command (``range 0101 0105``, ``arcs``, ``chart dac``, ``ship FED-CA``) against
  ``python -c pass``.

The runs of a pair alternate (reference, subject, [baseline subject,] reference, subject...) so
that a shared machine's load touches them alike; printed are the medians with their quartiles,
the ratio of the medians (the figure the goals are for), the ratio of the fastest runs and the
ratio of the median CPU times (user + system, every thread), which moves much less with the
machine's load than the wall time. Goals (issue 13): the app at most 3x the bare window, the
light commands at most 4x bare python.

Each command runs once untimed first: the first start compiles the ship library into its cache
and Python writes its byte code (``PYTHONDONTWRITEBYTECODE`` is dropped for the runs: an
installed program has its byte code). The runs start as a player's do: ``SFB_DESK_HOME`` unset
(the user folders come from platformdirs), the XDG folders pointed at a fresh temporary folder
(nothing of the machine's own settings, ship files or cache is read).

    QT_QPA_PLATFORM=offscreen uv run python tools/bench_startup.py [--runs N] [--cold]
        [--only NAME] [--baseline CHECKOUT]

``--cold`` removes the library cache before every run (the first start after an install or an
edit of a ship file). ``--baseline`` times the same commands of another checkout (its own
``.venv``, e.g. a ``git worktree`` of an older commit after ``uv sync``) in the same rounds.
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

# name, reference (python argv), subject (entry point and its arguments), goal
PAIRS = [
    ("app --self-test", ["-c", BARE_WINDOW], ["sfb-desk", "--self-test"], 3.0),
    ("cli range 0101 0105", ["-c", "pass"], ["sfb-desk-cli", "range", "0101", "0105"], 4.0),
    ("cli arcs", ["-c", "pass"],
     ["sfb-desk-cli", "arcs", "--from", "0101", "--facing", "1", "--to", "0105"], 4.0),
    ("cli chart dac", ["-c", "pass"], ["sfb-desk-cli", "chart", "dac"], 4.0),
    ("cli ship FED-CA", ["-c", "pass"], ["sfb-desk-cli", "ship", "FED-CA"], 4.0),
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


def _quartiles(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4) if len(values) >= 2 else [values[0]] * 3
    return f"{q[0] * 1000:.0f}-{q[2] * 1000:.0f}"


def _env(home: Path) -> dict[str, str]:
    # As a player's start: no SFB_DESK_HOME (the user folders come from platformdirs, which is
    # imported then), the XDG folders in a fresh place. As installed: byte code kept.
    env = {k: v for k, v in os.environ.items() if k not in ("SFB_DESK_HOME", "PYTHONDONTWRITEBYTECODE")}
    env.update({f"XDG_{kind}_HOME": str(home / kind.lower()) for kind in ("CONFIG", "DATA", "CACHE")})
    env["QT_QPA_PLATFORM"] = os.environ.get("QT_QPA_PLATFORM", "offscreen")
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each command (median)")
    parser.add_argument("--cold", action="store_true", help="drop the ship library cache before each run")
    parser.add_argument("--only", help="run only the pairs whose name contains this")
    parser.add_argument("--baseline", type=Path, help="another checkout (with its .venv) timed alike")
    args = parser.parse_args(argv)
    subjects = {"now": Path(sys.executable).parent}
    if args.baseline is not None:
        subjects["baseline"] = args.baseline.resolve() / ".venv" / "bin"
    homes = {name: Path(tempfile.mkdtemp(prefix=f"sfb-bench-{name}-")) for name in subjects}
    python = str(subjects["now"] / "python")
    failed = False
    print(f"load average {os.getloadavg()[0]:.1f}; {args.runs} alternating runs of each; wall: "
          "median (quartiles) in ms; ratios to the reference: of the medians, of the fastest "
          "runs, of the median CPU times")
    print(f"{'pair':20} {'subject':9} {'reference':>15} {'subject':>15} {'ratio':>6} {'fastest':>8}"
          f" {'cpu':>6} {'goal':>5}")
    for name, reference, subject, goal in PAIRS:
        if args.only and args.only not in name:
            continue
        commands = {who: [str(bin_dir / subject[0]), *subject[1:]] for who, bin_dir in subjects.items()}
        ref_env = _env(homes["now"])
        _run([python, *reference], ref_env)  # warm the OS file cache; the first start fills the cache
        for who, cmd in commands.items():
            _run(cmd, _env(homes[who]))
        times: dict[str, list[tuple[float, float]]] = {"reference": [], **{w: [] for w in commands}}
        for _ in range(args.runs):
            times["reference"].append(_run([python, *reference], ref_env))
            for who, cmd in commands.items():
                if args.cold:
                    shutil.rmtree(homes[who] / "cache", ignore_errors=True)
                times[who].append(_run(cmd, _env(homes[who])))
        ref_wall = [w for w, _ in times["reference"]]
        ref_cpu = statistics.median(c for _, c in times["reference"])
        r = statistics.median(ref_wall)
        for who in commands:
            wall = [w for w, _ in times[who]]
            s = statistics.median(wall)
            ratio = s / r
            cpu_ratio = statistics.median(c for _, c in times[who]) / ref_cpu
            if who == "now":
                failed |= ratio > goal
            print(f"{name:20} {who:9} {r * 1000:4.0f} ({_quartiles(ref_wall):>8}) {s * 1000:4.0f}"
                  f" ({_quartiles(wall):>8}) {ratio:5.2f}x {min(wall) / min(ref_wall):7.2f}x"
                  f" {cpu_ratio:5.2f}x {goal:4.0f}x{'' if ratio <= goal else '  over'}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    for home in homes.values():
        shutil.rmtree(home, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
