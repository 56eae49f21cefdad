"""The app and bad files (issue 13): opening a broken save shows why and the app goes on with
the file untouched; a broken autosave at start is put aside with a message (it once raised
RecursionError at every start); the app starts with a broken autosave and broken ship files in
the user's folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from sfb_desk.qt import game_files
from sfb_desk.ui.window.main_window import MainWindow

DATA = Path(__file__).parents[1] / "data"
BROKEN = DATA / "broken_saves"
WAIT = 30_000

#: broken save -> what the message says (tests/data/test_broken_files.py has them all)
OPENED = {
    "deep_nesting_object": "is nested too deeply to read",
    "binary_junk": "is not text (UTF-8)",
    "truncated": "is truncated",
    "flipped_step_name": "the save's step of the turn differs from what replaying the game gives",
    "number_too_long": "holds a number too long to read",
}


def newest_fixture() -> Path:
    """The fixture save of the newest format version (tests/data/saves)."""
    return max((DATA / "saves").glob("*.sfbsave"),
               key=lambda p: json.loads(p.read_text(encoding="utf-8"))["version"])


@pytest.fixture
def boxes(monkeypatch):
    """Message boxes the app shows, as (title, text), instead of showing them."""
    shown: list[tuple[str, str]] = []

    def record(*args, **kwargs):  # noqa: ANN002, ANN003
        shown.append((args[1], args[2]))
        return QMessageBox.StandardButton.Discard

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, record)
    return shown


@pytest.fixture
def window(qtbot, boxes):
    w = MainWindow()
    w.show()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


@pytest.mark.parametrize("name", sorted(OPENED))
def test_opening_a_broken_save_shows_why_and_the_app_goes_on(qtbot, window, boxes, name,
                                                            tmp_path):
    path = tmp_path / f"{name}.sfbsave"
    shutil.copy(BROKEN / f"{name}.sfbsave", path)
    before = path.read_bytes()
    c = window.controller
    with qtbot.waitSignal(c.error, timeout=WAIT) as error:
        window.open_game(str(path))
    assert error.args[0].startswith(f"{path}: ") and OPENED[name] in error.args[0]
    said, _, details = error.args[0].partition("\nDetails: ")
    if details:  # a damaged log: words in the box and the status bar, the keys behind Details
        qtbot.waitUntil(lambda: getattr(window, "error_box", None) is not None
                        and window.error_box.isVisible(), timeout=WAIT)
        assert window.error_box.text() == said and window.error_box.detailedText() == details
        assert "6A-announce" in details and "6A-announce" not in said
        window.error_box.close()
    else:
        qtbot.waitUntil(lambda: bool(boxes), timeout=WAIT)
        assert boxes == [("SFB Desk", error.args[0])]
    assert OPENED[name] in window.statusBar().currentMessage()
    assert "Details" not in window.statusBar().currentMessage()
    assert c.record is None and not c.busy and c.path is None
    assert path.read_bytes() == before  # never changed
    good = newest_fixture()
    with qtbot.waitSignal(c.loaded, timeout=WAIT):  # the app goes on: a good save opens
        window.open_game(str(good))
    assert c.record is not None and c.path == good and not c.busy


@pytest.mark.parametrize("name", ["deep_nesting_object", "number_too_long"])
def test_a_broken_autosave_at_start_is_put_aside_with_a_message(qtbot, boxes, name):
    """(A 5,001-digit number in the autosave once raised ValueError out of the window's
    constructor at every start.)"""
    autosave = game_files.autosave_file()
    autosave.write_bytes((BROKEN / f"{name}.sfbsave").read_bytes())
    kept = autosave.read_bytes()
    first = MainWindow()  # the start: the controller looks at the autosave
    try:
        assert not first.offer_recovery()  # as the app calls it once the window shows
        ((title, text),) = boxes
        assert title == "Autosave cannot be read"
        assert OPENED[name] in text and "kept aside" in text
        aside = autosave.with_name(f"{autosave.name}.declined-1")
        assert not autosave.exists() and aside.read_bytes() == kept  # moved, never deleted
        assert first.controller.recoverable_autosave() is None
        c = first.controller
        with qtbot.waitSignal(c.loaded, timeout=WAIT):  # the app works
            first.open_game(str(newest_fixture()))
        assert c.record is not None
    finally:
        first.shutdown()
        first.deleteLater()
    second = MainWindow()  # the next start offers nothing
    try:
        assert second.controller.recoverable_autosave() is None
        assert not second.offer_recovery() and len(boxes) == 1
    finally:
        second.shutdown()
        second.deleteLater()
    assert aside.read_bytes() == kept


def test_the_app_starts_with_a_broken_autosave_and_broken_ship_files(tmp_path):
    """`sfb-desk --self-test` in a fresh process whose home holds a 100,000-deep autosave, a
    ship file asking for 100,000,000 warp boxes and binary junk in the user's ship folder."""
    home = tmp_path / "home"
    env = {**os.environ, "SFB_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    autosave = home / "data" / "autosave" / "current.sfbsave"
    ships = home / "data" / "ships"
    autosave.parent.mkdir(parents=True)
    ships.mkdir(parents=True)
    autosave.write_bytes((BROKEN / "deep_nesting_array.sfbsave").read_bytes())
    for name in ("huge_system_count", "binary_junk"):
        shutil.copy(DATA / "broken_ships" / f"{name}.toml", ships / f"{name}.toml")
    result = subprocess.run([sys.executable, "-m", "sfb_desk.app", "--self-test"], env=env,
                            capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    assert "self-test: main window rendered" in result.stdout
    assert "2 file problems" in result.stdout
    assert "Traceback" not in result.stderr
    assert autosave.exists()  # nobody answered the offer: the file is left as it was
