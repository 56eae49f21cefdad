"""Asteroid fields in the app: the damage asked at the table (no Asteroid Damage Table entered,
P3.2) is a number box in the orders panel; a refused number names the rule; the rocks and a
nova's clusters are drawn on the map."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from sfb_desk.data.saves import save_game
from sfb_desk.data.scenario_builder import BuiltTerrain
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.battlefield import Cluster
from sfb_desk.ui.map.battlefield import battlefield_view
from sfb_desk.ui.orders.choice import NumberEditor
from sfb_desk.ui.window.main_window import MainWindow

from app_controller import WAIT

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
from test_terrain_play import plots, run, session_with  # noqa: E402


@pytest.fixture
def window(qtbot, monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow()
    w.resize(1366, 768)
    w.show()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


def asteroid_prompt_save(tmp_path):
    rocks = BuiltTerrain("asteroids", ("2214", "2213", "2313", "2114", "2212"))
    session, _ = session_with([rocks], ca=("2215", "A", 20), d7=("2207", "D", 0))
    run(session, plots(20), until=lambda s: ".asteroids." in getattr(s.pending, "key", ""))
    return save_game(tmp_path / "rocks.sfbsave", session)


def test_the_asked_asteroid_damage_is_a_number_box_and_bad_numbers_name_the_rule(
        qtbot, window, tmp_path):
    c = window.controller
    with qtbot.waitSignal(c.loaded, timeout=WAIT):
        c.load(asteroid_prompt_save(tmp_path))
    qtbot.waitUntil(lambda: c.pending is not None and ".asteroids." in c.pending.key,
                    timeout=WAIT)
    panel = window.panels.orders
    qtbot.waitUntil(lambda: isinstance(panel.editor, NumberEditor), timeout=WAIT)
    assert "Asteroid Damage Table (P3.2, the Basic Set)" in panel.purpose.text()
    assert panel.give_button.isEnabled() and not panel.pass_button.isEnabled()
    assert panel.editor.number.maximum() == 50
    panel.editor.number.setValue(7)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        panel.give()
    hits = [r for r in c.log if r.kind == "event" and r.data.kind == "asteroid_damage"]
    assert [h.data.get("damage") for h in hits] == [7]
    item = window.panels.map_bridge.view._battlefield_item
    assert any(t.kind == "asteroids" and len(t.hexes) == 5 for t in item.view.terrain)


def test_a_refused_number_is_said_in_the_panel_with_the_rule(qtbot, window, tmp_path):
    c = window.controller
    with qtbot.waitSignal(c.loaded, timeout=WAIT):
        c.load(asteroid_prompt_save(tmp_path))
    qtbot.waitUntil(lambda: c.pending is not None and ".asteroids." in c.pending.key,
                    timeout=WAIT)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.answer("99")
    panel = window.panels.orders
    qtbot.waitUntil(lambda: "Refused" in panel.message.text(), timeout=WAIT)
    assert "P3.2" in panel.message.text() and "0-50" in panel.message.text()


def test_a_novas_clusters_are_drawn_as_seven_hex_asteroid_areas():
    session, _ = session_with([BuiltTerrain("star", ("2215",))])
    field = replace(session.combat.battlefield, nova_turn=1, nova_radius=2,
                    clusters=(Cluster(hex_from_label("2210")), Cluster(hex_from_label("2820"))))
    view = battlefield_view(replace(session.combat, battlefield=field))
    clusters = [t for t in view.terrain if t.kind == "asteroids"]
    assert [len(t.hexes) for t in clusters] == [7, 7]
    assert clusters[0].hexes[0].label == "2210" and len(view.nova) == 19


def test_the_table_is_typed_checked_and_saved_in_its_dialog(qtbot, tmp_path):
    from sfb_desk.data.asteroid_table import load_table
    from sfb_desk.ui.library.asteroid_table import AsteroidTableDialog

    dialog = AsteroidTableDialog()
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 3 and dialog.table.columnCount() == 7
    rows = [("1-9", (0, 0, 1, 1, 2, 2)), ("10-19", (1, 1, 2, 2, 3, 3))]
    for row, (speeds, damage) in enumerate(rows):
        dialog.table.item(row, 0).setText(speeds)
        for k, d in enumerate(damage, 1):
            dialog.table.item(row, k).setText(str(d))
    assert not dialog.save()  # the last column ends at 19: refused, nothing written
    assert "leave its highest speed open" in dialog.problems.text() and "(P3.2)" in \
        dialog.problems.text()
    assert load_table() is None
    dialog.table.item(1, 0).setText("10+")
    dialog.table.item(0, 3).setText("x")
    assert not dialog.save() and "whole number" in dialog.problems.text()
    dialog.table.item(0, 3).setText("1")
    assert dialog.save()
    table = load_table()
    assert [b.label for b in table.bands] == ["1-9", "10+"] and table.damage(12, 6) == 3
    again = AsteroidTableDialog()
    qtbot.addWidget(again)
    assert again.table.rowCount() == 2 and again.table.item(1, 0).text() == "10+"
    again.forget()
    assert load_table() is None
