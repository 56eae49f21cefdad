"""Screenshots of the app for the README (docs/images/): the main window mid-game, the map,
the SSD with damage, the EA sheet, the dice panel, the orders panel, the victory panel.

Plays the scripted CA-vs-D7 duel (tests/engine/duel_script.py) through the real main window
(answers given to its controller), stopping at the moments worth showing. Run offscreen:

    QT_QPA_PLATFORM=offscreen uv run python tools/screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-shots-"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402

from duel_script import ANSWERS, setup  # noqa: E402
from sfb_desk.app import create_window  # noqa: E402
from sfb_desk.data.custom_setup import GameChoice  # noqa: E402
from sfb_desk.engine.answers import pop_keyed  # noqa: E402
from sfb_desk.engine.orders.pass_policy import ASK_ALL  # noqa: E402

SCRIPT = {a.key: a.value for a in ANSWERS}


def wait_idle(app, controller) -> None:
    loop = QEventLoop()
    for _ in range(400):
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if not controller.busy:
            break
        QTimer.singleShot(10, loop.quit)
        loop.exec()
    for _ in range(5):
        app.processEvents()


def settle(app, seconds: float) -> None:
    """Let deferred layouts (pyqtgraph resizes on a timer) finish."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)


def play_until(app, window, key: str) -> None:
    c = window.controller
    while c.pending is not None and c.pending.key != key:
        prompt = c.pending
        value = pop_keyed(dict(SCRIPT), prompt)  # a volley's to-hit dice: the shots' rolls
        c.answer(prompt.default if value is None else value)
        wait_idle(app, c)


def grab(widget, path: Path) -> None:
    widget.grab().save(str(path))
    print("wrote", path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app, window = create_window()
    window.resize(1680, 1020)
    window.show()
    c = window.controller
    g = setup()
    window.panels.orders.set_policy(ASK_ALL)  # the script answers every prompt
    window.start_game(GameChoice(g, "The Duel (practice)", {}, frozenset(),
                                 "PRACTICE-CA-D7-FIXED"))
    wait_idle(app, c)
    docks = window.panels.docks

    # the EA sheet of turn 2, filled in as the script does
    play_until(app, window, "T2.ea.ENT")
    ea = window.panels.ea
    sheet = ea.sheet
    sheet.rows["speed_plot"].editors[0].setText("2")
    sheet.rows["speed_plot"].editors[0].editingFinished.emit()
    for order in SCRIPT["T2.ea.ENT"]["weapons"]:
        combo = sheet.rows[f"weapon:{order['box']}"].editors[0]
        combo.setCurrentIndex(combo.findData(order["action"]))
    docks["ea"].raise_()
    wait_idle(app, c)
    grab(docks["ea"], out / "app-ea-sheet.png")

    # turn 2, impulse 8: fire declared, the orders panel
    play_until(app, window, "T2.I8.fire.Federation")
    editor = window.panels.orders.editor  # both sides' fire, a tab each (hot seat)
    editor = getattr(editor, "editors", [editor])[0]  # the Federation's tab
    for shot in SCRIPT["T2.I8.fire.Federation"]["ENT"]:
        editor.row("ENT", shot["box"]).check.setChecked(True)
    wait_idle(app, c)
    grab(docks["orders"], out / "app-orders-fire.png")

    # the to-hit dice of the Federation's volley: one entry for four shots
    play_until(app, window, "T2.I8.hits.Federation")
    window.panels.dice.input.setText("1 3 1 2")
    docks["dice"].raise_()
    wait_idle(app, c)
    grab(docks["dice"], out / "app-dice-volley.png")

    # the DAC roll asked: the dice panel and the whole window mid-turn
    play_until(app, window, "T2.I8.dac.v1.KRT")
    window.panels.dice.input.setText("6 7 8 8")
    wait_idle(app, c)
    grab(docks["dice"], out / "app-dice-panel.png")
    grab(window, out / "app-main-window.png")
    grab(docks["map"], out / "app-map-midturn.png")
    for width, height in ((1366, 768), (1920, 1080)):  # the two screens of issue 12
        window.resize(width, height)
        settle(app, 0.3)
        grab(window, out / f"app-main-{width}.png")
    window.resize(1680, 1020)
    settle(app, 0.3)

    # the damage lands: the D7's SSD with the new damage highlighted
    window.panels.dice.submit()
    wait_idle(app, c)
    window.panels.ssd_tabs.show_unit("KRT")
    docks["ssd"].raise_()
    wait_idle(app, c)
    grab(docks["ssd"], out / "app-ssd-damage.png")

    # the analysis charts for the Federation CA, next to the map
    window.panels.analysis.show_unit("ENT")
    docks["analysis"].raise_()
    worker = window.panels.analysis.worker
    for _ in range(200):
        wait_idle(app, c)
        if not worker.busy:
            break
    settle(app, 0.5)
    grab(docks["analysis"], out / "app-analysis.png")

    # hot seat: both ships' moves of impulse 16 in one form, the CA's row given (D: turn right)
    play_until(app, window, "T2.I16.move.ENT")
    form = window.panels.orders.editor
    form.rows[0].choose("turn right")
    form._clicked(form.rows[0])  # as the key D does: the mark goes to the D7's row
    docks["orders"].raise_()
    wait_idle(app, c)
    grab(docks["orders"], out / "app-orders-joint.png")

    # the end: the victory panel
    play_until(app, window, "__end__")
    docks["victory"].raise_()
    wait_idle(app, c)
    grab(docks["victory"], out / "app-victory.png")
    grab(window, out / "app-game-over.png")
    window.shutdown()
    setup_dialog(app, window, out)


def setup_dialog(app, window, out: Path) -> None:
    """The new-game dialog as File ▸ New Duel against the robot opens it, statuses entered."""
    from sfb_desk.ui.setup.dialog import GameSetupDialog
    from sfb_desk.ui.setup.units_table import COLUMNS

    dialog = GameSetupDialog.the_duel_vs_robot(window.library, parent=window)
    for row, status in ((0, "2"), (1, "3")):
        dialog.units.model.setData(dialog.units.model.index(row, COLUMNS.index("weapon_status")),
                                   status)
    dialog.options.seed.setValue(1971)
    dialog.resize(1100, 700)
    dialog.show()
    settle(app, 0.3)
    grab(dialog, out / "setup-dialog.png")
    dialog.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
