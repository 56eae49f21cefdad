"""A standalone map: the Federation CA against the Klingon D7 with drones, mid-turn.

``python -m sfb_desk.ui.map.demo`` opens it (moves are applied by
:class:`~sfb_desk.ui.map.adapter.LocalMoves`); ``--screenshot FILE`` renders it offscreen to
a PNG instead (docs/images/map-midturn.png is made so).
"""

from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from sfb_desk.data.library import load_library
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import DRONE, PLASMA, Unit, new_seeker, new_ship, profile_from_spec

from .adapter import LocalMoves
from .view import MapView

TURN, IMPULSE = 2, 16


def demo_units() -> list[Unit]:
    """The CA and the D7 closing at mid-turn, three Klingon drones on the CA, a Federation
    drone on the D7 and a plasma torpedo from a Romulan off to the side."""
    library = load_library()
    ca = new_ship("CA", "fed", profile_from_spec(library.get("FED-CA")), hex=hex_from_label("1818"),
                  facing=1, speed=16, name="Enterprise", spec_id="FED-CA")
    d7 = new_ship("D7", "kli", profile_from_spec(library.get("KLI-D7")), hex=hex_from_label("2412"),
                  facing=4, speed=20, name="D7 Kahless", spec_id="KLI-D7")
    drones = [
        new_seeker(f"KD{i}", "kli", hex=hex_from_label(at), facing=f, speed=20, target="CA")
        for i, (at, f) in enumerate((("2213", 4), ("2214", 4), ("2115", 4)), start=1)
    ]
    fed_drone = new_seeker("FD1", "fed", hex=hex_from_label("2016"), facing=1, speed=20, target="D7",
                           kind=DRONE)
    plasma = new_seeker("RP1", "rom", hex=hex_from_label("2719"), facing=5, speed=32, target="D7",
                        kind=PLASMA)
    return [ca, d7, *drones, fed_drone, plasma]


def build(view: MapView | None = None) -> tuple[MapView, LocalMoves]:
    view = view or MapView()
    moves = LocalMoves(view, demo_units())
    view.set_impulse(IMPULSE, TURN)
    view.select_unit("CA")
    phaser = next(w for w in load_library().get("FED-CA").weapons if w.designator == "1")
    view.show_weapon_arcs("CA", phaser.arcs, phaser.extra_bearings)
    return view, moves


def hover(view: MapView, label: str) -> None:
    """Hover the mouse over hex ``label`` (as a player would before firing)."""
    at = view.hex_to_view(hex_from_label(label))
    event = QMouseEvent(QMouseEvent.Type.MouseMove, at, view.viewport().mapToGlobal(at),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def screenshot(path: str, size: tuple[int, int] = (1100, 720)) -> MapView:
    view, _moves = build()
    view.resize(*size)
    view.show()
    QApplication.processEvents()
    view.fit_units(1.6)
    hover(view, "2412")
    view.settle()
    QApplication.processEvents()
    if not view.grab().save(path):
        raise OSError(f"could not write {path}")
    return view


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshot", metavar="FILE", help="render offscreen to a PNG and exit")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if args.screenshot:
        screenshot(args.screenshot)
        return 0
    view, _moves = build()
    view.resize(1200, 800)
    view.setWindowTitle("SFB Desk - hex map")
    view.show()
    view.fit_units(3)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
