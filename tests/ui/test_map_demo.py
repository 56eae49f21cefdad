"""The standalone map demo renders the mid-turn scene (the docs screenshot is made so)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage

from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.ui.map.demo import IMPULSE, TURN, demo_units, screenshot
from sfb_desk.ui.map.geometry import HEX_SIZE, hex_center
from sfb_desk.ui.map.looks import side_colour


def test_demo_scene_is_mid_turn_with_the_ca_the_d7_and_drones():
    units = {u.id: u for u in demo_units()}
    assert units["CA"].spec_id == "FED-CA" and units["D7"].spec_id == "KLI-D7"
    assert sum(u.kind == "drone" for u in units.values()) >= 3
    assert 1 < IMPULSE < 32 and TURN >= 1


def test_screenshot_renders_the_scene(qtbot, tmp_path):
    path = tmp_path / "map.png"
    view = screenshot(str(path))
    qtbot.addWidget(view)
    image = QImage(str(path))
    assert image.width() == view.width() and image.height() == view.height()
    assert view.selected_unit.id == "CA" and view.movers()
    assert "Hex 2412: D7 (D7 Kahless)" in view.info_label.text()
    for uid, label in (("CA", "1818"), ("D7", "2412")):
        at = view.mapFromScene(hex_center(hex_from_label(label)))
        at.setY(at.y() - round(0.33 * HEX_SIZE * view.zoom()))
        seen = image.pixelColor(at + view.viewport().pos())
        want = side_colour(view.units[uid].side)
        assert max(abs(seen.red() - want.red()), abs(seen.green() - want.green()),
                   abs(seen.blue() - want.blue())) < 40, (uid, seen.name(), QColor(want).name())


def test_command_line_writes_the_screenshot(qtbot, tmp_path):
    from PySide6.QtWidgets import QApplication

    from sfb_desk.ui.map.demo import main
    from sfb_desk.ui.map.view import MapView

    path = tmp_path / "shot.png"
    assert main(["--screenshot", str(path)]) == 0
    assert QImage(str(path)).width() > 500
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MapView):
            qtbot.addWidget(widget)
