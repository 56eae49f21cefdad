"""The ship browser lists the library, filters by race, searches, and flags incomplete ships."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6.QtCore import Qt

from sfb_desk.data.library import load_library
from sfb_desk.ui.window.main_window import MainWindow
from sfb_desk.ui.library.browser import ShipBrowser, ship_details_html


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def browser(qtbot, library):
    widget = ShipBrowser(library)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    return widget


def _ids(browser: ShipBrowser) -> list[str]:
    table = browser.table
    return [table.topLevelItem(i).text(0) for i in range(table.topLevelItemCount())]


def test_lists_every_class(browser, library):
    assert len(_ids(browser)) == len(library.ships) >= 100
    assert "FED-CA" in _ids(browser) and "KLI-D7" in _ids(browser)


def test_race_filter(browser):
    index = browser.race_filter.findData("KLI")
    browser.race_filter.setCurrentIndex(index)
    ids = _ids(browser)
    assert ids and all(i.startswith("KLI-") for i in ids)
    assert "KLI-D7" in ids


def test_search_by_class_and_name(qtbot, browser):
    qtbot.keyClicks(browser.search, "heavy cruiser")
    ids = _ids(browser)
    assert "FED-CA" in ids and "GOR-CA" in ids and "KLI-D7" not in ids
    browser.search.clear()
    qtbot.keyClicks(browser.search, "d7")
    assert "KLI-D7" in _ids(browser)
    browser.search.clear()
    qtbot.keyClicks(browser.search, "no such ship")
    assert _ids(browser) == []
    assert browser.current is None


def test_selecting_a_ship_shows_data_and_boxes(browser, library):
    assert browser.select("kli-d7")
    assert browser.current.id == "KLI-D7"
    html = browser.details.toHtml()
    assert "Battlecruiser" in html or "D7" in html
    layout = browser.ssd.layout_model
    placed = {c.box_id for g in layout.groups for c in g.cells}
    assert placed == set(library.get("KLI-D7").box_ids())


def test_incomplete_ship_is_flagged(browser, library):
    incomplete = next(s for s in library.ships.values() if not s.complete)
    assert browser.select(incomplete.id)
    assert "Incomplete ship file" in browser.details.toPlainText()
    item = browser.table.currentItem()
    assert item.text(4) == "incomplete"
    assert "Missing:" in item.toolTip(4)


def test_draft_ship_is_marked_and_says_what_the_program_can_do(browser, library):
    assert browser.select("KZI-CVL")
    assert browser.table.currentItem().text(4) == "draft: check against your SSD"
    text = browser.details.toPlainText()
    assert "Draft: check against your SSD." in text
    assert "The program can" in text and "fighters are not launched or played" in text
    assert "deastland0423/amarillo data/factions/kzinti/cvl.json" in text  # its sources
    assert "6 verified, " in browser.count_label.text()
    assert browser.select("FED-CA") and browser.table.currentItem().text(4) == "verified"


def test_set_up_dialog_marks_draft_ships(library):
    from sfb_desk.ui.setup.ship_picker import _ship_row

    assert _ship_row(library.get("KLI-G2")).text(5) == "draft: check against your SSD"
    assert _ship_row(library.get("KLI-D7")).text(5) == "verified"
    assert _ship_row(library.get("ROM-K9R")).text(5) == "incomplete"


def test_details_html_escapes_text(library):
    html = ship_details_html(library.get("FED-CA"))
    assert "Heavy Cruiser" in html and "<script" not in html


def test_hover_shows_box_id(qtbot, browser):
    browser.select("FED-CA")
    view = browser.ssd
    cell = view.layout_model.groups[0].cells[0]
    from sfb_desk.ui.ssd.view import MARGIN

    x = MARGIN + (cell.x + 0.5) * 16.0
    y = MARGIN + (cell.y + 0.5) * 16.0
    assert view.box_at(x, y) == cell.box_id == "shield1#1"


def test_main_window_status_reports_library(qtbot, library):
    window = MainWindow(library)
    qtbot.addWidget(window)
    assert f"{len(library.ships)} ship classes" in window.statusBar().currentMessage()
    assert "ship classes loaded" in window.self_test_summary()


def test_main_window_reports_broken_files(qtbot, tmp_path):
    good = load_library()
    broken = tmp_path / "BAD-X.toml"
    broken.write_text("format = 'sfb-desk-ship'\nformat_version = 1\n[identity\n")
    library = load_library([tmp_path])
    assert library.problems
    window = MainWindow(library)
    qtbot.addWidget(window)
    assert "could not be loaded" in window.statusBar().currentMessage()
    assert len(good.ships) >= 100


def test_self_test_command_exits_zero(tmp_path):
    png = tmp_path / "shot.png"
    result = subprocess.run(
        [sys.executable, "-m", "sfb_desk.app", "--self-test", "--screenshot", str(png)],
        capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 0, result.stderr
    assert "self-test: main window rendered" in result.stdout
    assert png.stat().st_size > 10_000
