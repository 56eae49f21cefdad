"""Screenshots of Module C2 in play (issue 17): a Neo-Tholian web holding a Klingon D7 on the
map, and an ISC dreadnought's PPD volley (the wave-lock on the map, the pulses in the event
log). Plays scripted duels through the real main window, offscreen:

    QT_QPA_PLATFORM=offscreen uv run python tools/c2_screenshots.py [OUT_DIR]

Writes c2-web-map.png, c2-web-window.png, c2-ppd-map.png, c2-ppd-log.png and c2-ppd-window.png
(docs/c2.md uses the web map and the PPD log).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-c2-shots-"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from screenshots import grab, settle, wait_idle  # noqa: E402

from sfb_desk.app import create_window  # noqa: E402
from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.data.game_setup import units_from_scenario  # noqa: E402
from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.engine.answers import SeededDice, pop_keyed  # noqa: E402
from sfb_desk.engine.orders.pass_policy import ASK_ALL  # noqa: E402
from sfb_desk.engine.prompts import DiceRequest  # noqa: E402
from sfb_desk.robot.duel import duel_scenario, side_names  # noqa: E402


def _game(a: str, b: str, distance: int):
    library = load_library()
    scenario = duel_scenario(a, b, 2, distance, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=2, dice_seed=5)
    return setup, side_names(library.get(a), library.get(b))


def _play(app, window, script: dict, stop) -> None:  # noqa: ANN001
    """Answer from ``script`` (by key), dice from the seeded generator, else the default,
    until ``stop(session_prompt)`` says so."""
    c = window.controller
    dice = SeededDice(11)
    while c.pending is not None and not stop(c.pending):
        prompt = c.pending
        value = pop_keyed(dict(script), prompt)
        if value is None and isinstance(prompt, DiceRequest):
            value = dice.roll(prompt, 11)
        c.answer(prompt.default if value is None else value)
        wait_idle(app, c)


def _frame(app, window, unit: str | None, zoom: float) -> None:  # noqa: ANN001
    view = window.panels.map_view
    view.fit_units()
    view.zoom_by(zoom)
    if unit is not None:
        view.center_on_hex(view.units[unit].hex)
    settle(app, 0.4)


def _start(app, window, setup, title: str) -> None:  # noqa: ANN001
    window.panels.orders.set_policy(ASK_ALL)
    window.start_game(GameChoice(setup, title, {}, frozenset(), None))
    wait_idle(app, window.controller)


def webs(app, window, out: Path) -> None:  # noqa: ANN001
    setup, (tho, kli) = _game("THO-NCL", "KLI-D7", 10)
    _start(app, window, setup, "Neo-Tholian NCL against a D7 (practice)")
    script = {
        "T1.ea.THO-NCL": {"speed_plot": 0, "weapons": [
            {"box": "webcaster#W", "action": "arm", "energy": 3}]},  # + 2 from status II
        "T1.ea.KLI-D7": {"speed_plot": 8},
        f"T1.I1.fire.{tho}": {"THO-NCL": [{"box": "webcaster#W", "mode": "cast",
                                            "hexes": ["2106", "2206", "2306"]}]},
    }
    _play(app, window, script, lambda p: p.key.startswith("T1.I19."))
    docks = window.panels.docks
    docks["map"].raise_()
    _frame(app, window, "KLI-D7", 1.8)
    grab(docks["map"], out / "c2-web-map.png")
    grab(window, out / "c2-web-window.png")


def ppd(app, window, out: Path) -> None:  # noqa: ANN001
    setup, (isc, kli) = _game("ISC-DN", "KLI-D7", 9)
    _start(app, window, setup, "ISC dreadnought against a D7 (practice)")
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    script = {
        "T1.ea.ISC-DN": {"speed_plot": 0, "weapons": hold},
        "T1.ea.KLI-D7": {"speed_plot": 4},
        f"T1.I1.fire.{isc}": {"ISC-DN": [{"box": f"ppd#{b}", "target": "KLI-D7"}
                                          for b in "ABCD"]},
        f"T1.I1.ppd.{isc}": [4, 11, 7, 9],
    }
    _play(app, window, script, lambda p: p.key.startswith("T1.I3."))
    docks = window.panels.docks
    _frame(app, window, None, 1.25)
    grab(docks["map"], out / "c2-ppd-map.png")
    log = docks["log"]
    log.setFloating(True)
    log.resize(980, 560)
    log.raise_()
    settle(app, 0.3)
    grab(log, out / "c2-ppd-log.png")
    log.setFloating(False)
    settle(app, 0.2)
    grab(window, out / "c2-ppd-window.png")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app, window = create_window()
    window.resize(1680, 1020)
    window.show()
    webs(app, window, out)
    ppd(app, window, out)
    window.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
