"""What the app imports before its first paint (issue 13: start-up at most 3x a bare window).

Structure, not time (tools/bench_startup.py measures the time, docs/performance.md): the window
is built and shown in a fresh interpreter, and ``sys.modules`` must hold neither the analysis
charts' libraries (pyqtgraph, numpy: built when the Analysis dock is first shown) nor the game
set-up's (pydantic: the set-up dialog; the ship files: the library is read from its cache, as
at every start but the first) nor the F&E assistant (opened from its menu), nor the engine and
the rules of play (the first game imports them), nor the panels behind a tab (the SSDs, the EA
sheet, the victory panel: built when their dock is first shown).
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
lazy_built = {name: panel.built for name, panel in window.panels.lazy.items()}
window.panels.docks["analysis"].raise_()
for _ in range(3):
    app.processEvents()
window.panels.docks["ea"].raise_()
for _ in range(3):
    app.processEvents()
print(json.dumps({"modules": at_first_paint, "built_at_start": built, "lazy_built": lazy_built,
                  "ea_built_when_shown": window.panels.lazy["ea"].built,
                  "built_when_shown": window.panels.analysis.built,
                  "after": sorted(sys.modules)}))
window.close()
window.shutdown()
"""

DEFERRED = ("numpy", "pyqtgraph", "pydantic", "sfb_desk.analysis", "sfb_desk.ui.analysis.dock",
            "sfb_desk.ui.fe.window", "sfb_desk.robot", "sfb_desk.data.ship_file",
            # the engine and the rules of play: with the first game (the controller, the
            # worker, the panels' line writers and editors import them then)
            "sfb_desk.engine.session", "sfb_desk.engine.codec", "sfb_desk.engine.corrections",
            "sfb_desk.engine.records", "sfb_desk.engine.answers", "sfb_desk.engine.orders.fire_options",
            "sfb_desk.qt.game_record", "sfb_desk.qt.game_files", "sfb_desk.qt.ea_game",
            "sfb_desk.data.saves", "sfb_desk.rules.combat.volley", "sfb_desk.rules.combat.fire",
            "sfb_desk.rules.energy", "sfb_desk.rules.damage", "sfb_desk.rules.seeking",
            # the panels behind a tab (built when first shown) and the campaign ledger
            "sfb_desk.ui.ssd.tabs", "sfb_desk.ui.ea", "sfb_desk.ui.table.victory_panel",
            "sfb_desk.campaign", "sfb_desk.fe")


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
    assert report["lazy_built"] == {"ssd": False, "ea": False, "victory": False}
    assert report["ea_built_when_shown"] and "sfb_desk.ui.ea.dock" in report["after"]
