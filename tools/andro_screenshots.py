"""Screenshots of Module C2 at the table:

* docs/images/ssd-pa-banks.png: the power absorber banks on the SSD, the RECONSTRUCTED
  Conquistador after D10.6 turn 2 played through the damage path (the test
  tests/engine/test_session_panels.py), each bank's held/capacity under its first box;
* docs/images/map-andro-satship.png: the robot duel AND-CON v KLI-D7 (seed 4) on the map four
  impulses after the Conquistador launched its Cobra by transporter (G19.411).

    QT_QPA_PLATFORM=offscreen uv run python tools/andro_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_session_panels as panels_game  # noqa: E402
from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.rules.energy.absorbers import REINFORCED  # noqa: E402
from sfb_desk.ui.ssd.widget import SsdWidget  # noqa: E402


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    app = QApplication.instance() or QApplication([])
    library = load_library()
    s = panels_game._session(library)
    panels_game._volley(s, 1, disruptor_A=9, phaser_1=6)
    s._panels_end_of_turn()
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level=REINFORCED))
    panels_game._volley(s, 1, disruptor_A=24, phaser_1=14)
    panels_game._volley(s, 4, drone_1=12)
    state = s.panels("CORTEZ")
    texts = {f"{k}#1": f"{b.held}/{b.capacity(state.level)} R" for k, b in zip(state.keys,
                                                                               state.banks)}
    w = SsdWidget()
    w.resize(1366, 768)
    w.set_ship(library.get("AND-CON"), s.state.unit("CORTEZ").destroyed)
    w.set_status(texts)
    w.show()
    app.processEvents()
    w.zoom_to_fit()
    app.processEvents()
    w.grab().save(str(out / "ssd-pa-banks.png"))
    print(f"wrote {out / 'ssd-pa-banks.png'}: {texts}")
    sat_ship_map(out)


def sat_ship_map(out: Path) -> None:
    """The duel's map a few impulses after the Cobra's launch."""
    from sfb_desk.data.game_setup import units_from_scenario
    from sfb_desk.data.sat_ship_setup import embark_standard_groups
    from sfb_desk.engine.session import Session
    from sfb_desk.robot import Robot
    from sfb_desk.robot.duel import duel_scenario
    from sfb_desk.ui.map.view import MapView

    library = load_library()
    scenario = duel_scenario("AND-CON", "KLI-D7", turns=1, library=library)
    game = embark_standard_groups(units_from_scenario(scenario, library, dice_seed=4), library)
    session = Session(game.state, game.combat, game.specs)
    robots = [Robot(side.name, seed=4) for side in scenario.sides]
    launched = None
    while session.pending is not None:
        if launched is not None and session.state.impulse >= launched + 4:
            break
        prompt = session.pending
        robot = next(r for r in robots if r.mine(prompt, session))
        done = session.answer(robot.decide(prompt, session), "robot")
        if launched is None and any(e.kind == "sat_ship_launched" for e in done.events):
            launched = session.state.impulse
    state = session.state
    view = MapView(state.map)
    view.resize(1366, 768)
    view.set_units(state.units)
    view.set_impulse(state.impulse, state.turn)
    view.show()
    QApplication.processEvents()
    view.fit_units(margin_hexes=2)
    QApplication.processEvents()
    path = out / "map-andro-satship.png"
    view.grab().save(str(path))
    print(f"wrote {path}: turn {state.turn} impulse {state.impulse}, launched on {launched}: "
          + ", ".join(f"{u.id} {u.hex.label}" for u in state.on_map))


if __name__ == "__main__":
    main()
