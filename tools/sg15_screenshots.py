"""Screenshots of SG15 The Interrupted Minesweeper (docs/images/sg15-*.png) at 1366x768: the
RECONSTRUCTED Klingon F5M's SSD with its four mine racks and their loads after it laid two mines
and lost a rack to a Cargo hit (M9.11, M9.13); the map as the minesweeper's player sees it (his
two mines whole, the defender's standard minefield only where he located it) and as the
defender sees it (his minefield whole, the minesweeper's mines as counters of unknown type).

    QT_QPA_PLATFORM=offscreen uv run python tools/sg15_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT / "tools"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_f5m_mine_racks as games  # noqa: E402
from battlefield_screenshots import shot  # noqa: E402
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice  # noqa: E402
from sfb_desk.engine.session import Session  # noqa: E402
from sfb_desk.qt.game_ships import rack_texts  # noqa: E402
from sfb_desk.ui.ssd.widget import SsdWidget  # noqa: E402

UNIT = "KLI-F5M"


def played() -> Session:
    """SG15 to turn 1 impulse 12: the F5M at speed 6 laid two mines on impulse 1 (a small one
    from rack 3, a large one from rack 1); its rack 2 was destroyed before (a Cargo hit, M9.13:
    its four mines are gone)."""
    session = games.session_of()
    hit = replace(session.state, units=tuple(
        replace(u, destroyed=u.destroyed | {"mine_rack#2"}) if u.id == UNIT else u
        for u in session.state.units))
    session = Session(hit, session.combat, session.specs)
    script = Chain(Scripted([*games.PLOTS,
                             At("T1.I1.lay_mines.Attacker", {UNIT: [
                                 {"from": "rack#3", "size": "small", "detection": 5,
                                  "sizes": [5, 6]},
                                 {"from": "rack#1", "size": "large", "detection": 2}]})]),
                   Defaults(), SeededDice())
    games.run_until(session, script, lambda s: s.state.impulse >= 12)
    return session


def ssd(session: Session, out: Path) -> dict:
    record = SimpleNamespace(combat=session.combat, setup={"specs": session.specs},
                             state=session.state, initial=session.initial, table=None)
    texts = rack_texts(record, UNIT, session.state)
    w = SsdWidget()
    w.resize(1366, 768)
    w.set_ship(session.specs[UNIT], session.state.unit(UNIT).destroyed)
    w.set_status(texts)
    w.show()
    QApplication.processEvents()
    w.zoom_to_fit()
    QApplication.processEvents()
    w.grab().save(str(out / "sg15-f5m-ssd.png"))
    w.close()
    return texts


def window(out: Path) -> None:
    """The whole window at 1366x768: the minesweeper's player against the robot defender, at
    the Mine Laying Step of turn 1 impulse 1, the F5M's SSD in front and two racks ticked."""
    import tempfile

    os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-sg15-shots-"))
    from screenshots import settle, wait_idle

    from sfb_desk.app import create_window
    from sfb_desk.data.custom_setup import GameChoice, entries_from_scenario, setup_from_entries
    from sfb_desk.engine.orders.pass_policy import ASK_ALL

    app, win = create_window()
    win.resize(1366, 768)
    win.show()
    c = win.controller
    scenario = games.sg15()
    entries, _problems = entries_from_scenario(scenario, games.library())
    g = setup_from_entries(entries, games.library(), turns=None, dice_seed=3, scenario=scenario)
    win.panels.orders.set_policy(ASK_ALL)
    win.start_game(GameChoice(g, "SG15 The Interrupted Minesweeper", {"Defender": "captain"},
                              frozenset({"Attacker", "Defender"}), "SG15"))
    wait_idle(app, c)
    while c.pending is not None and c.pending.key != "T1.I1.lay_mines.Attacker":
        prompt = c.pending
        c.answer({"speed_plot": 6} if prompt.key == "T1.ea.KLI-F5M" else prompt.default)
        wait_idle(app, c)
    for source in ("rack#1", "rack#3"):
        row = win.panels.orders.editor.row(UNIT, source)
        row.check.setChecked(True)
        row.detection.setValue(3)
    win.panels.docks["orders"].raise_()
    win.panels.docks["ssd"].raise_()
    settle(app, 0.3)
    win.grab().save(str(out / "sg15-app-lay-mines-1366.png"))
    win.shutdown()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    _app = QApplication.instance() or QApplication([])
    session = played()
    texts = ssd(session, out)
    f5m = session.state.unit(UNIT).hex.label
    for side in ("Attacker", "Defender"):
        shot(session.state, session.combat, out / f"sg15-map-{side.lower()}.png", viewer=side,
             centre="3206", zoom=0.55)
    window(out)
    print(f"wrote sg15-f5m-ssd.png {texts}, sg15-map-attacker.png, sg15-map-defender.png "
          f"(the F5M in {f5m}), sg15-app-lay-mines-1366.png")


if __name__ == "__main__":
    main()
