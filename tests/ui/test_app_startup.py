"""What the app imports before its first paint (issue 13: start-up at most 3x a bare window).

Structure, not time (tools/bench_startup.py measures the time, docs/performance.md): the window
is built and shown in a fresh interpreter, and ``sys.modules`` must hold neither the analysis
charts' libraries (pyqtgraph, numpy: built when the Analysis dock is first shown) nor the game
set-up's (pydantic: the set-up dialog; the ship files: the library is read from its cache, as
at every start but the first) nor the F&E assistant (opened from its menu).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import json, sys
from sfb_desk.app import create_window
app, window = create_window()
window.resize(1280, 800)
window.show()
for _ in range(3):
    app.processEvents()
assert not window.grab().isNull()
at_first_paint = sorted(sys.modules)
built = window.panels.analysis.built
window.panels.docks["analysis"].raise_()
for _ in range(3):
    app.processEvents()
print(json.dumps({"modules": at_first_paint, "built_at_start": built,
                  "built_when_shown": window.panels.analysis.built,
                  "after": sorted(sys.modules)}))
window.close()
window.shutdown()
"""

DEFERRED = ("numpy", "pyqtgraph", "pydantic", "sfb_desk.analysis", "sfb_desk.ui.analysis.dock",
            "sfb_desk.ui.fe.window", "sfb_desk.robot", "sfb_desk.data.ship_file")


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_first_paint_waits_for_nothing_it_does_not_show(tmp_path):
    env = dict(os.environ, SFB_DESK_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    subprocess.run([sys.executable, "-c", "from sfb_desk.data.library import load_library;"
                    " load_library()"], env=env, timeout=300, check=True)  # the library cached
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    report = json.loads(done.stdout.splitlines()[-1])
    assert _loaded(report["modules"], DEFERRED) == []
    assert not report["built_at_start"] and report["built_when_shown"]
    assert "pyqtgraph" in report["after"] and "sfb_desk.ui.analysis.dock" in report["after"]
