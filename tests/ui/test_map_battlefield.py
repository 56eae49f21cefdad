"""The battlefield in the app: a game of the practice minefield started in the main window shows
the mines on the map as the table sees them (none until located) and, through View > Battlefield
seen as, as their owner sees them (all of them); SM5's snake, star and planet are drawn."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QMessageBox

from sfb_desk.data.custom_setup import entries_from_scenario, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.ui.window.main_window import MainWindow

from app_controller import WAIT


@pytest.fixture
def window(qtbot, monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow()
    w.show()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


def start(qtbot, window, scenario_id: str, facing: str = "A"):
    ships = load_library()
    scenario = load_scenarios(ships=ships).get(scenario_id)
    entries, _ = entries_from_scenario(scenario, ships)
    entries = [replace(e, facing=e.facing or facing) for e in entries]
    setup = setup_from_entries(entries, ships, turns=2, dice_seed=1, map_kind=scenario.map.kind,
                               scenario=scenario)
    c = window.controller
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(setup.state, combat=setup.combat, specs=setup.specs)
    return window.panels.map_bridge


def test_mines_on_the_map_as_the_table_and_as_their_owner_see_them(qtbot, window):
    bridge = start(qtbot, window, "PRACTICE-MINEFIELD")
    item = bridge.view._battlefield_item
    assert item.view.mines == ()  # a shared table: no mine located yet
    assert {t.kind for t in item.view.terrain} == {"planet", "minefield"}
    bridge.view_as("Klingon")
    assert len(item.view.mines) == 69 and all(m.own for m in item.view.mines)
    bridge.view_as("Federation")
    assert item.view.mines == ()
    menu = window.menuBar().findChildren(type(window.menuBar().actions()[0].menu()))
    seen_as = next(m for m in menu if m.title() == "&Battlefield seen as")
    seen_as.aboutToShow.emit()
    texts = [a.text() for a in seen_as.actions()]
    assert texts[0].startswith("The table") and "Klingon (its own mines in full)" in texts


def test_sm5_draws_the_star_the_planet_and_the_snake(qtbot, window):
    bridge = start(qtbot, window, "SM5")
    item = bridge.view._battlefield_item
    assert [(m.kind, m.hex.label) for m in item.view.monsters] == [("Sun Snake", "4222")]
    assert {t.kind for t in item.view.terrain} == {"planet", "star"}
