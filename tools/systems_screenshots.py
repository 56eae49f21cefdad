"""Screenshots of the ship systems on the hex map (docs/images/map-*.png): a tractor link on a
drone, a cloaked Romulan as its owner and as the Federation see it, and an explosion.

Each is a scripted game from the tests played to the moment, shown on a MapView offscreen:

    QT_QPA_PLATFORM=offscreen uv run python tools/systems_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_session_cloak as cloak_game  # noqa: E402
import test_session_explosions as boom_game  # noqa: E402
import test_session_tractors as tractor_game  # noqa: E402
from sfb_desk.engine.answers import At  # noqa: E402
from sfb_desk.ui.map.systems import systems_view  # noqa: E402
from sfb_desk.ui.map.view import MapView  # noqa: E402


def shot(session, path: Path, viewer=None, focus: str = "", zoom: float = 3.0) -> None:  # noqa: ANN001
    state = session.state
    view = MapView(state.map)
    view.resize(900, 600)
    view.set_units(state.units)
    view.set_impulse(state.impulse, state.turn)
    view.set_systems(systems_view(state, session.combat, session.log.records, viewer))
    view.show()
    QApplication.processEvents()
    view.fit_units(margin_hexes=3)
    if focus:
        view.zoom_by(zoom)
        view.center_on_hex(state.unit(focus).hex)
    QApplication.processEvents()
    view.grab().save(str(path))
    view.close()


def tractor_session():
    """The drone test played to the impulse after the grab."""
    state, combat, specs = tractor_game._setup()
    from sfb_desk.engine.answers import Chain, Defaults, Scripted
    from sfb_desk.engine.session import Session

    session = Session(state, combat, specs)
    script = Scripted([At("T1.ea.ENT", {"speed_plot": 0, "tractors": 1}),
                       At("T1.ea.KRT", {"speed_plot": 0}), tractor_game.LAUNCH])
    source = Chain(tractor_game.TractorDrones(), script, Defaults())
    while session.pending is not None and not session.combat.tractors.links:
        session.run(source, limit=1)
    return session


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    shot(tractor_session(), out / "map-tractor-link.png", focus="ENT", zoom=5)
    session, sides = cloak_game._session()
    cloak_game._walk_to(session, f"T1.I8.fire.{sides[0]}", cloak_game._ea(sides))
    shot(session, out / "map-cloak-owner.png", viewer=sides[1], focus="ROM-KR", zoom=3)
    shot(session, out / "map-cloak-enemy.png", viewer=sides[0], focus="ROM-KR", zoom=3)
    state, combat, specs = boom_game._setup()
    from sfb_desk.engine.answers import Chain, Defaults, Scripted
    from sfb_desk.engine.session import Session

    boom = Session(state, combat, specs)
    script = Chain(Scripted([At("T1.ea.ENT", {"speed_plot": 0}),
                             At("T1.ea.KRT", {"speed_plot": 0}),
                             At("T1.self_destruct.Klingon", {"KRT": True})]), Defaults())
    while boom.pending is not None and not any(
            r.kind == "event" and r.data.kind == "explosion" for r in boom.log):
        boom.run(script, limit=1)
    shot(boom, out / "map-explosion.png", focus="KRT", zoom=1.5)
    del app


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
