"""Screenshots of mines laid in play (docs/images/battlefield-mine-laid-*.png): a Romulan War
Eagle drops its nuclear space mine (M2.7) on impulse 4 and runs on; the map as the Romulan
owner sees it (the mine, its detection number, "arming" until the ship is out of its zone) and
as the Federation sees it (the counter only, type unknown); then the Romulan view once it is
armed; and the orders panel's mine-laying editor at 1366x768.

    QT_QPA_PLATFORM=offscreen uv run python tools/mine_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT / "tools"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_minelaying_play as games  # noqa: E402
from battlefield_screenshots import shot  # noqa: E402
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice  # noqa: E402


def laid(out: Path) -> None:
    session = games.we_and_ca()
    script = Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}), At("T1.ea.CA", {"speed_plot": 4}),
                             At("T1.I4.lay_mines.Romulan", {"WE": [{"from": "nsm",
                                                                    "detection": 4}]})]),
                   Defaults(), SeededDice())
    # impulse 9: the War Eagle has moved on a hex, still inside the mine's zone (M2.3)
    games.run_until(session, script, lambda s: s.state.impulse >= 9)
    (mine,) = session.combat.battlefield.mines.live()
    assert mine.mode == "pre_active", mine
    for side in ("Romulan", "Federation"):
        shot(session.state, session.combat, out / f"battlefield-mine-laid-{side.lower()}.png",
             viewer=side, centre=mine.hex.label, zoom=2.2)
    games.run_until(session, script, lambda s: bool(games.events(s, "mine_armed")))
    shot(session.state, session.combat, out / "battlefield-mine-armed-romulan.png",
         viewer="Romulan", centre=mine.hex.label, zoom=2.2)


def editor(out: Path) -> None:
    from sfb_desk.ui.orders.panel import OrdersPanel

    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from test_orders_helpers import FakeController

    session = games.game([games.UnitEntry("FED-CA", "MS", "Federation", "1010", "B", 4, 2),
                          games.UnitEntry("KLI-D7", "D7", "Klingon", "3010", "E", 4, 2)],
                         minelayer="FED-CA", racks=3)
    script = Chain(Scripted([At("T1.ea.MS", {"speed_plot": 4}), At("T1.ea.D7", {"speed_plot": 4}),
                             At("T1.I1.lay_mines.Federation", {"MS": [{"from": "rack#1"}]})]),
                   Defaults(), SeededDice())
    games.run_until(session, script, lambda s: s.state.impulse >= 2 and s.pending is not None
                    and s.pending.key.endswith("lay_mines.Federation"))
    panel = OrdersPanel()
    panel.bind(FakeController(session))
    panel.resize(760, 520)
    panel.show()
    row = panel.editor.row("MS", "rack#2")
    row.check.setChecked(True)
    row.detection.setValue(5)
    row.sizes.setText("1-4")
    QApplication.processEvents()
    panel.grab().save(str(out / "orders-lay-mines.png"))
    panel.close()


def window(out: Path) -> None:
    """The whole window, the Romulan player against the robot's Federation cruiser, at the
    Mine Laying Step of impulse 4: the orders panel's mine-laying editor, the map as the
    Romulan sees it; at 1366x768 and 1920x1080."""
    sys.path.insert(0, str(ROOT / "tools"))
    import tempfile

    os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-mine-shots-"))
    from screenshots import settle, wait_idle

    from sfb_desk.app import create_window
    from sfb_desk.data.custom_setup import GameChoice, setup_from_entries
    from sfb_desk.engine.orders.pass_policy import ASK_ALL

    app, win = create_window()
    win.resize(1366, 768)
    win.show()
    c = win.controller
    entries = [games.UnitEntry("ROM-WE", "WE", "Romulan", "1010", "B", 8, 2),
               games.UnitEntry("FED-CA", "CA", "Federation", "1714", "F", 8, 2)]
    g = setup_from_entries(entries, games.ships(), turns=2, dice_seed=3, map_kind="fixed")
    win.panels.orders.set_policy(ASK_ALL)
    win.start_game(GameChoice(g, "A War Eagle and its nuclear space mine (practice)",
                              {"Federation": "captain"}, frozenset({"Romulan", "Federation"})))
    wait_idle(app, c)
    script = {"T1.ea.WE": {"speed_plot": 8}}
    while c.pending is not None and c.pending.key != "T1.I4.lay_mines.Romulan":
        prompt = c.pending
        c.answer(script.get(prompt.key, prompt.default))
        wait_idle(app, c)
    row = win.panels.orders.editor.row("WE", "nsm")
    row.check.setChecked(True)
    row.detection.setValue(4)
    row.sizes.setText("1-4")
    win.panels.docks["orders"].raise_()
    for width, height in ((1366, 768), (1920, 1080)):
        win.resize(width, height)
        settle(app, 0.3)
        win.grab().save(str(out / f"app-lay-mines-{width}.png"))
    win.shutdown()


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    laid(out)
    editor(out)
    window(out)
    del app


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
