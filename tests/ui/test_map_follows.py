"""A map that follows the action (issue 12, item 4), in the main window as a table plays it.

The Duel (SG1, FED-CA against KLI-D7) is played hot-seat in the main window at 1366x768 and at
1920x1080, every answer the robot's (both sides, computer dice). After every answer:

* every unit's counter lies whole inside the map's viewport (QA found the D7 cut off at the top
  and the CA at the bottom at impulse 1 at 1366x768, and the CA out of view at impulse 23);
* the map's message line follows the pending prompt: the asked unit's orders with the keys the
  orders form uses (W, A/D, Q/E ...) during a move, else what is asked and which panel answers
  it (it showed the last mover's orders and "[Up]" keys during a tractor prompt);

and when the ships are in adjacent hexes (range 1) their counters barely overlap (at 1920x1080
the D7's enlarged counter covered the CA: the view never zoomed in as the ships closed): the
discs of the two counters share at most a tenth of their area (none at all at 1920x1080).
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF, QSizeF
from PySide6.QtWidgets import QApplication, QMessageBox

from sfb_desk.engine.prompts import Orders
from sfb_desk.qt.game_record import session_of
from sfb_desk.robot import Robot
from sfb_desk.rules.hexes import hex_range
from sfb_desk.ui.map.bridge import waiting_text
from sfb_desk.ui.map.looks import SHIP_DISC
from sfb_desk.ui.map.zoom import FIT_MAX_ZOOM, _reach, fit_zoom
from sfb_desk.ui.setup.dialog import GameSetupDialog
from sfb_desk.ui.setup.units_table import COLUMNS
from sfb_desk.ui.window.main_window import MainWindow

WAIT = 60_000
SIDES = ("Federation", "Klingon")
SEED = 1


@pytest.fixture(scope="module")
def library():
    from sfb_desk.data.library import load_library

    return load_library()


def the_duel(library):
    """SG1 as the set-up dialog gives it, weapon status 2 for both ships, computer dice with
    the seed ``SEED``."""
    dialog = GameSetupDialog(library)
    dialog.choose_scenario("SG1")
    for row in (0, 1):
        assert dialog.units.model.setData(
            dialog.units.model.index(row, COLUMNS.index("weapon_status")), "2")
    for side in SIDES:
        dialog.options.set_auto_dice(side, True)
    dialog.options.seed.setValue(SEED)  # the same dice every run: the same game
    choice = dialog.result()
    dialog.deleteLater()
    return choice


def counters_in_view(view) -> list[str]:
    """The units whose counters (what they draw) are not wholly inside the map's viewport."""
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    return [uid for uid in view.units if not seen.contains(drawn(view, uid))]


def drawn(view, uid: str) -> QRectF:
    """The scene rectangle of what the counter of ``uid`` draws (its footprint)."""
    counter = view.counter(uid)
    return counter.mapRectToScene(counter.footprint())


def covered(view, a: str, b: str) -> float:
    """The part of the disc of ``a``'s counter that the disc of ``b``'s covers (equal discs:
    the lens they share over the area of one)."""
    ca, cb = view.counter(a), view.counter(b)
    r = SHIP_DISC * ca.enlarged
    d = math.dist((ca.scenePos().x(), ca.scenePos().y()), (cb.scenePos().x(), cb.scenePos().y()))
    if d >= 2 * r:
        return 0.0
    lens = 2 * r * r * math.acos(d / (2 * r)) - d / 2 * math.sqrt(4 * r * r - d * d)
    return lens / (math.pi * r * r)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_map_follows_the_duel(qtbot, library, monkeypatch, size):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    window = MainWindow(library)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    c = window.controller
    view = window.panels.map_view
    robots = [Robot(side, solo=True) for side in SIDES]
    try:
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            window.start_game(the_duel(library))
        closest = 99
        answers = 0
        while c.pending is not None and c.state.turn == 1:
            QApplication.processEvents()  # the docks laid out, as a player sees them
            state, prompt = c.state, c.pending
            where = f"{size} turn {state.turn} impulse {state.impulse} ({prompt.key})"
            assert view.following, where
            assert counters_in_view(view) == [], where
            hint = view.message_label.toolTip()
            if isinstance(prompt, Orders) and prompt.kind == "movement":
                assert hint.startswith(prompt.unit), (where, hint)
                assert "[Up]" not in hint and "[Left]" not in hint and "Shift" not in hint, hint
                assert "straight [W]" in hint or "straight" not in prompt.options, hint
            else:
                assert hint == waiting_text(prompt) and prompt.purpose in hint, (where, hint)
            ships = {u.id: u for u in state.units if not u.is_seeker}
            apart = hex_range(ships["FED-CA"].hex, ships["KLI-D7"].hex)
            closest = min(closest, apart)
            if apart == 1:  # adjacent: the counters do not cover each other
                assert view.counter("FED-CA").enlarged == view.counter("KLI-D7").enlarged
                part = covered(view, "FED-CA", "KLI-D7")
                assert part <= (0.1 if size[0] < 1920 else 0.0), (where, part, view.zoom())
            session = session_of(c.record)
            value = next(a for r in robots if isinstance(a := r.answer(prompt, session), tuple))
            with qtbot.waitSignal(c.answer_done, timeout=WAIT) as done:
                assert c.answer(value[0])
            assert done.args[0], where
            answers += 1
            assert answers < 600
        assert closest <= 1  # the robots closed to range 1 in turn 1
    finally:
        window.shutdown()
        window.close()
        window.deleteLater()


def test_the_map_stays_where_the_player_puts_it(qtbot, library, monkeypatch):
    """Once the player zooms or pans, the map no longer follows; F frames the units again."""
    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, lambda *a, **k: None)
    window = MainWindow(library)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    view = window.panels.map_view
    try:
        with qtbot.waitSignal(window.controller.answer_done, timeout=WAIT):
            window.start_game(the_duel(library))
        QApplication.processEvents()
        assert view.following and counters_in_view(view) == []
        view.zoom_by(4.0)  # the player zooms in on one ship: the other leaves the view ...
        QApplication.processEvents()
        assert not view.following and counters_in_view(view)
        window.resize(1920, 1080)  # ... and stays out, even when the window is resized
        QApplication.processEvents()
        assert counters_in_view(view)
        view.setFocus()
        qtbot.keyClick(view, "f")  # F: framed and followed again
        assert view.following and counters_in_view(view) == []
    finally:
        window.shutdown()
        window.close()
        window.deleteLater()


def test_a_fit_leaves_room_for_the_counters_size_on_screen():
    """Zoomed out, counters are enlarged to a readable size: a fit counts their size on
    screen, so at range 15 in a short map both whole counters show; close together the fit
    zooms in to its limit, where counters are at their natural size."""
    disc = QRectF(-30, -27, 60, 54)  # a ship counter's extent at its natural size
    far = [(QPointF(0, 0), disc, 0.0), (QPointF(0, 15 * 52), disc, 0.0)]
    view = QSizeF(750, 150)
    zoom, centre = fit_zoom(far, view)
    reach = _reach(zoom, far, 0.0)
    assert reach.height() <= view.height() and reach.width() <= view.width()
    assert centre == QPointF(0, 15 * 52 / 2)
    near = [(QPointF(0, 0), disc, 0.0), (QPointF(45, 26), disc, 0.0)]
    assert fit_zoom(near, QSizeF(1100, 600))[0] == FIT_MAX_ZOOM
