"""Screenshots of the battlefield on the hex map (docs/images/battlefield-*.png): SM5 The
Sunsnake (the star, the planet and the snake striking the cruiser, then the nova and its
asteroid clusters), a cruiser closing on an asteroid field, SM7's Space
Dragon closing on the cruiser, a gravity wave and an ion storm's wave moving, the
practice minefield as the Klingon owner and as the Federation see it, and every terrain kind.

Each game is played by the robot with seeded dice (tests/engine/test_battlefield_play.py) to
the moment, then shown on a MapView offscreen:

    QT_QPA_PLATFORM=offscreen uv run python tools/battlefield_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "SFB_DESK_HOME" not in os.environ:  # the pictures' Asteroid Damage Table is not yours
    import tempfile

    os.environ["SFB_DESK_HOME"] = tempfile.mkdtemp(prefix="sfb-desk-shots-")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_battlefield_play as games  # noqa: E402
from sfb_desk.engine.records import Combat  # noqa: E402
from sfb_desk.robot import Robot  # noqa: E402
from sfb_desk.rules.hexes import STANDARD_MAP, Hex, hex_from_label  # noqa: E402
from sfb_desk.rules.systems.battlefield import BattlefieldState  # noqa: E402
from sfb_desk.rules.systems.terrain import KINDS, Feature, TerrainMap  # noqa: E402
from sfb_desk.ui.map.battlefield import battlefield_view, show_battlefield  # noqa: E402
from sfb_desk.ui.map.view import MapView  # noqa: E402


def shot(state, combat, path: Path, viewer=None, centre: str = "", zoom: float = 0.0,  # noqa: ANN001
         size=(1366, 768)) -> None:
    view = MapView(state.map)
    view.resize(*size)
    view.set_units(state.units)
    view.set_impulse(state.impulse, state.turn)
    show_battlefield(view, battlefield_view(combat, viewer, state))
    view.show()
    QApplication.processEvents()
    view.fit_units(margin_hexes=3)
    if zoom:
        view.zoom_by(zoom)
    if centre:
        view.center_on_hex(hex_from_label(centre))
    QApplication.processEvents()
    view.grab().save(str(path))
    view.close()


def sm5(out: Path) -> None:
    """The snake striking, then the nova with the asteroid clusters it casts off (P12.53),
    rolled on the tests' made-up one-point table (robots never guess the Basic Set's)."""
    from sfb_desk.data.asteroid_table import save_table

    save_table(games.ONE_POINT)
    session = games.start("SM5", facing="A")
    robot = [Robot("Navy", "cadet", 3)]
    games.play(session, robot, stop=lambda s: bool(games.events(s, "monster_strikes")))
    snake = session.combat.battlefield.monsters[0]
    shot(session.state, session.combat, out / "battlefield-sm5-snake.png",
         centre=snake.hex.label, zoom=0.45)
    games.play(session, robot, stop=lambda s: s.combat.battlefield.nova_radius >= 4)
    shot(session.state, session.combat, out / "battlefield-sm5-nova.png", centre="1012",
         zoom=0.3)


def asteroids(out: Path) -> None:
    """A cruiser about to fly into an asteroid field (P3.2)."""
    sys.path.insert(0, str(ROOT))
    from sfb_desk.data.scenario_builder import BuiltTerrain
    from tests.engine.test_terrain_play import plots, run, session_with

    rocks = BuiltTerrain("asteroids", ("2213", "2214", "2313", "2114", "2212", "2312", "2113",
                                       "2012", "2412"), name="Asteroid field")
    session, _ = session_with([rocks], ca=("2217", "A", 20), d7=("2207", "D", 0))
    run(session, plots(20), until=lambda s: s.state.impulse >= 3)
    shot(session.state, session.combat, out / "battlefield-asteroids.png", centre="2213",
         zoom=1.2)


def sm7(out: Path) -> None:
    """SM7: the Space Dragon (a unit of its side) closing on the cruiser, after it was hit."""
    session = games.start("SM7", seed=5)
    robots = [Robot("Navy", "captain", 3), Robot("Space Dragon", "captain", 4)]
    games.play(session, robots, stop=lambda s: len(games.events(s, "dragon_hit")) >= 2)
    dragon, ca = session.state.unit("Space Dragon").hex, session.state.unit("FED-CA").hex
    middle = Hex.from_offset((dragon.col + ca.col) // 2, (dragon.row + ca.row) // 2)
    shot(session.state, session.combat, out / "battlefield-sm7-dragon.png",
         centre=middle.label, zoom=1.1)


def waves(out: Path) -> None:
    """A 20-point gravity wave moving C/D across the cruiser's path and an ion storm's wave."""
    sys.path.insert(0, str(ROOT))
    from sfb_desk.data.scenario_builder import BuiltTerrain
    from tests.engine.test_terrain_play import plots, run, session_with

    wave = BuiltTerrain("gravity_wave", ("1513", "1911"), strength=20, motion="C/D")
    storm = BuiltTerrain("ion_storm", (), motion="D/E")
    session, _ = session_with([wave, storm], ca=("1916", "F", 4), d7=("2410", "E", 0))
    run(session, plots(4), until=lambda s: s.state.impulse >= 3)
    shot(session.state, session.combat, out / "battlefield-gravity-wave.png", centre="1813",
         zoom=1.0)


def minefield(out: Path) -> None:
    session = games.start("PRACTICE-MINEFIELD", turns=4, seed=11)
    robots = [Robot("Federation", "captain", 1), Robot("Klingon", "captain", 2)]
    games.play(session, robots, stop=lambda s: len(
        s.combat.battlefield.mines.view_for("Federation")) >= 2)
    for side in ("Klingon", "Federation"):
        shot(session.state, session.combat, out / f"battlefield-mines-{side.lower()}.png",
             viewer=side, centre="2115")


def terrain_legend(out: Path) -> None:
    """Every terrain kind on the fixed map, labelled by the map item itself."""
    session = games.start("PRACTICE-MINEFIELD", turns=1)
    features = []
    col, row = 4, 4
    for kind in KINDS:
        if kind == "minefield":
            continue
        hexes = [f"{col:02d}{row:02d}"]
        if kind not in ("planet", "moon", "star", "asteroid", "black_hole", "pulsar",
                        "neutron_star", "white_dwarf", "gas_giant"):
            hexes += [f"{col:02d}{row + 1:02d}", f"{col + 1:02d}{row:02d}"]
        features.append(Feature(kind, frozenset(hex_from_label(h) for h in hexes),
                                KINDS[kind].name))
        col += 5
        if col > 38:
            col, row = 4, row + 4
    combat = Combat(battlefield=BattlefieldState(TerrainMap(tuple(features))))
    state = session.state
    from dataclasses import replace

    shot(replace(state, units=(), map=STANDARD_MAP), combat, out / "battlefield-terrain.png",
         centre="2108", zoom=1.55)


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    sm5(out)
    asteroids(out)
    sm7(out)
    waves(out)
    minefield(out)
    terrain_legend(out)
    builder(out)
    del app


def builder(out: Path) -> None:
    """The scenario builder started from the practice minefield, at 1366x768 and 1920x1080."""
    from sfb_desk.data.library import load_library
    from sfb_desk.data.scenarios import load_scenarios
    from sfb_desk.ui.scenario_builder.dialog import ScenarioBuilder

    ships = load_library()
    dialog = ScenarioBuilder(ships, folder=out / "unused")
    dialog.start_from(load_scenarios(ships=ships).get("PRACTICE-MINEFIELD"))
    row = dialog._add_mine()
    dialog.mines.item(row, 0).setText("Klingon")
    dialog.parts.setCurrentIndex(2)  # the Mines page
    for w, h in ((1366, 768), (1920, 1080)):
        dialog.resize(w, h)
        dialog.show()
        QApplication.processEvents()
        dialog.grab().save(str(out / f"scenario-builder-{w}.png"))
    dialog.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
