"""The new-game dialog: a scenario chosen or ships added by hand, problems live, a GameChoice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QAbstractItemDelegate, QComboBox, QDialog

from sfb_desk.data.scenario_play import playability

from sfb_desk.data.custom_setup import CustomSetupError, GameChoice
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import FLOATING_MAP, STANDARD_MAP, hex_from_label
from sfb_desk.ui.setup import options as setup_options
from sfb_desk.ui.setup.dialog import GameSetupDialog
from sfb_desk.ui.setup.units_table import COLUMNS


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture(scope="module")
def scenarios(library):
    return load_scenarios(ships=library)


@pytest.fixture
def dialog(qtbot, library, scenarios):
    d = GameSetupDialog(library, scenarios)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def cell(d: GameSetupDialog, row: int, name: str):
    return d.units.model.index(row, COLUMNS.index(name))


def edit(d: GameSetupDialog, row: int, name: str, value) -> None:
    assert d.units.model.setData(cell(d, row, name), value)


def session_of(choice: GameChoice) -> Session:
    return Session(choice.setup.state, choice.setup.combat, choice.setup.specs)


def listed_ids(d: GameSetupDialog) -> list[str]:
    lst = d.scenario_tab.list
    return [lst.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)
            for i in range(lst.topLevelItemCount())]


# -- the scenario tab -------------------------------------------------------------------------


def test_practice_duels_then_the_duel_first(dialog, scenarios):
    ids = listed_ids(dialog)
    practice = [s.id for s in scenarios if s.scenario.origin == "practice"]
    assert practice and ids[: len(practice)] == sorted(practice, key=ids.index)
    assert set(ids[: len(practice)]) == set(practice)
    assert ids[len(practice)] == "SG1"
    assert sorted(ids) == sorted(s.id for s in scenarios)


def test_unplayable_scenarios_are_marked_with_the_reason(dialog, scenarios):
    bad = next(s for s in scenarios if not s.status.playable)
    item = dialog.scenario_tab.list.topLevelItem(listed_ids(dialog).index(bad.id))
    assert item.text(2) == "no" and bad.status.reason.rstrip(". ") in item.toolTip(2)
    dialog.scenario_tab.select(bad.id)
    assert "Not playable" in dialog.scenario_tab.details.toPlainText()
    assert not dialog.ok_button.isEnabled()
    assert "is not playable" in dialog.units.problems_label.text()


def test_filter_scenarios(dialog):
    dialog.scenario_tab.search.setText("duel")
    ids = listed_ids(dialog)
    assert "SG1" in ids and "SH19" not in ids
    dialog.scenario_tab.search.setText("KLI-D6")  # a ship of SH19 (and of others)
    ids = listed_ids(dialog)
    assert "SH19" in ids and "SM5" not in ids
    dialog.scenario_tab.search.setText("Sun Snake")  # a monster
    assert listed_ids(dialog) == ["SM5"]
    dialog.scenario_tab.search.setText("AND-VIP")  # a ship of a force list (SG2.66)
    assert listed_ids(dialog) == ["SG2.66"]


def test_unplayable_scenario_names_its_ships_and_opens_them_in_the_designer(dialog, qtbot):
    # the first scenario lacking a ship that has a file (incomplete box counts)
    found = next(
        (s, m) for s in dialog.scenarios.sorted()
        for m in playability(s, dialog.library).missing if m.exists
    )
    scenario, missing = found
    dialog.scenario_tab.select(scenario.id)
    details = dialog.scenario_tab.details.toHtml()
    assert "Ships to complete in the ship designer" in details
    assert f"ship:{missing.ship_id}" in details
    with qtbot.waitSignal(dialog.scenario_tab.open_ship) as caught:
        dialog.scenario_tab._on_link(QUrl(f"ship:{missing.ship_id}"))
    assert caught.args == [missing.ship_id]
    designer = dialog.open_in_designer(missing.ship_id)
    assert designer is not None and missing.ship_id in designer.windowTitle()
    designer.close()


def test_choose_the_duel_and_start(qtbot, dialog):
    dialog.scenario_tab.select("SG1")
    assert [e.ship for e in dialog.entries()] == ["FED-CA", "KLI-D7"]
    details = dialog.scenario_tab.details.toPlainText()
    assert "The Duel" in details and "Reconstructed" in details
    # SG1 says roll the weapon status (S4.0): OK waits for it
    assert not dialog.ok_button.isEnabled()
    assert "weapon status" in dialog.units.problems_label.text()
    assert dialog.units.model.data(cell(dialog, 0, "weapon_status"),
                                   Qt.ItemDataRole.BackgroundRole) is not None
    edit(dialog, 0, "weapon_status", "2")
    edit(dialog, 1, "weapon_status", "3")
    assert dialog.ok_button.isEnabled() and dialog.problems() == []
    dialog.options.seed.setValue(42)
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    choice = dialog.result()
    assert isinstance(choice, GameChoice)
    assert choice.title == "The Duel" and choice.scenario_id == "SG1"
    assert choice.robot_sides == {} and choice.auto_dice_sides == frozenset()
    session = session_of(choice)
    units = {u.id: u for u in session.state.units}
    assert {u: (units[u].spec_id, units[u].hex, units[u].facing, units[u].speed)
            for u in units} == {
        "FED-CA": ("FED-CA", hex_from_label("2223"), 0, 10),
        "KLI-D7": ("KLI-D7", hex_from_label("2208"), 3, 10),
    }
    assert session.state.dice_seed == 42 and session.state.map == FLOATING_MAP
    assert session.pending is not None and session.pending.key == "T1.ea.FED-CA"


def test_ok_closes_the_dialog_accepted(qtbot, dialog):
    dialog.scenario_tab.select("PRACTICE-CA-D7-FIXED")
    assert dialog.ok_button.isEnabled()
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert QDialog.result(dialog) == QDialog.DialogCode.Accepted
    choice = dialog.result()
    assert choice.setup.state.map == STANDARD_MAP and choice.setup.state.last_turn == 8


def test_duel_vs_robot_preset(qtbot, library, scenarios):
    d = GameSetupDialog.the_duel_vs_robot(library, scenarios)
    qtbot.addWidget(d)
    assert d.scenario_tab.current_id() == "SG1" and d.scenario_id == "SG1"
    level = "captain"  # the preset plays the middle level
    assert d.options.robot_sides() == {"Klingon": level}
    assert d.options.auto_dice_sides() == frozenset({"Klingon"})
    edit(d, 0, "weapon_status", "1")
    edit(d, 1, "weapon_status", "1")
    choice = d.result()
    assert choice.robot_sides == {"Klingon": level}
    assert choice.auto_dice_sides == frozenset({"Klingon"})
    assert choice.sides == ("Federation", "Klingon")


def test_editing_a_scenario_keeps_it_adding_makes_it_custom(dialog):
    dialog.scenario_tab.select("PRACTICE-CA-D7")
    edit(dialog, 0, "hex", "2224")
    assert dialog.scenario_id == "PRACTICE-CA-D7"
    assert dialog.result().setup.state.units[0].hex == hex_from_label("2224")
    dialog.add_ship("FED-FF", side="Federation")
    assert dialog.scenario_id is None and dialog.result().title == "Custom game"


# -- by hand ----------------------------------------------------------------------------------


def test_by_hand_add_two_ships_set_sides_and_hexes(qtbot, dialog):
    dialog.tabs.setCurrentWidget(dialog.ship_tab)
    picker = dialog.ship_tab
    picker.search.setText("D7")
    assert picker.select("KLI-D7")
    qtbot.mouseClick(picker.add_button, Qt.MouseButton.LeftButton)
    picker.search.setText("fed-ca")
    assert picker.select("FED-CA")
    assert picker.add_current()
    assert [e.ship for e in dialog.entries()] == ["KLI-D7", "FED-CA"]
    edit(dialog, 0, "unit_id", "Devastator")
    edit(dialog, 0, "side", "Empire")
    edit(dialog, 1, "side", "Star Fleet")
    edit(dialog, 0, "hex", "1005")
    edit(dialog, 0, "facing", "c")
    edit(dialog, 1, "hex", "1015")
    edit(dialog, 1, "speed", 12)
    assert dialog.problems() == [] and dialog.ok_button.isEnabled()
    assert set(dialog.options.rows) == {"Empire", "Star Fleet"}
    dialog.options.set_played_by("Empire", dialog.options.levels[-1])
    dialog.options.set_auto_dice("Star Fleet", True)
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    choice = dialog.result()
    assert choice.title == "Custom game" and choice.scenario_id is None
    assert choice.robot_sides == {"Empire": dialog.options.levels[-1]}
    assert choice.auto_dice_sides == frozenset({"Empire", "Star Fleet"})  # robot rolls too
    session = session_of(choice)
    units = {u.id: u for u in session.state.units}
    assert (units["Devastator"].side, units["Devastator"].hex, units["Devastator"].facing) == (
        "Empire", hex_from_label("1005"), 2)
    assert (units["FED-CA"].side, units["FED-CA"].hex, units["FED-CA"].speed) == (
        "Star Fleet", hex_from_label("1015"), 12)
    assert session.state.map == STANDARD_MAP
    assert session.pending.key == "T1.ea.Devastator"


def test_incomplete_ship_refused_with_reason(dialog, library):
    spec = next(s for s in library.ships.values() if not s.complete)
    picker = dialog.ship_tab
    picker.search.setText(spec.id)
    assert picker.select(spec.id)
    assert not picker.add_button.isEnabled()
    assert "incomplete" in picker.reason.text()
    assert picker.add_current() is False
    assert dialog.entries() == []


def test_complete_only_filter(dialog, library):
    picker = dialog.ship_tab
    picker.complete_only.setChecked(True)
    shown = picker.list.topLevelItemCount()
    assert shown == sum(1 for s in library.ships.values() if s.complete)
    assert shown < len(library.ships)


def test_race_filter(dialog):
    picker = dialog.ship_tab
    picker.race_filter.setCurrentIndex(picker.race_filter.findData("KLI"))
    ids = [picker.list.topLevelItem(i).text(0) for i in range(picker.list.topLevelItemCount())]
    assert ids and all(i.startswith("KLI-") for i in ids)


def test_added_ships_get_free_ids_and_hexes(dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    entries = dialog.entries()
    assert [e.unit_id for e in entries] == ["FED-CA", "FED-CA-2", "KLI-D7"]
    assert len({e.hex for e in entries}) == 3
    assert [e.facing for e in entries] == ["A", "A", "D"]  # the second side faces the first
    assert dialog.problems() == []


def test_invalid_entry_disables_ok_with_the_message(qtbot, dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    assert dialog.ok_button.isEnabled()
    edit(dialog, 1, "hex", "4331")
    assert not dialog.ok_button.isEnabled()
    text = dialog.units.problems_label.text()
    assert "Unit 2, hex" in text and "off the fixed 42x30 map" in text and "C7.0" in text
    assert "off the fixed" in dialog.units.model.data(cell(dialog, 1, "hex"),
                                                      Qt.ItemDataRole.ToolTipRole)
    qtbot.keyClick(dialog.units.view, Qt.Key.Key_Return)  # Enter does not start it
    assert dialog.isVisible()
    with pytest.raises(CustomSetupError):
        dialog.result()
    dialog.options.set_map("floating")  # off no map: fine again
    assert dialog.ok_button.isEnabled()


def test_speed_above_maximum_and_one_side(dialog, library):
    dialog.add_ship("ROM-WE")
    edit(dialog, 0, "speed", 31)
    text = dialog.units.problems_label.text()
    assert "ROM-WE can move at most speed" in text and "C12.384" in text
    assert "two opposing sides" in text and not dialog.ok_button.isEnabled()


def test_same_hex_is_a_note_not_a_problem(dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7", hex="2220")
    assert dialog.ok_button.isEnabled()
    assert "same hex 2220" in dialog.units.problems_label.text()


def test_remove_button(qtbot, dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    dialog.units.view.selectRow(0)
    qtbot.mouseClick(dialog.units.remove_button, Qt.MouseButton.LeftButton)
    assert [e.ship for e in dialog.entries()] == ["KLI-D7"]
    assert "two opposing sides" in dialog.units.problems_label.text()


def test_side_editor_accepts_a_new_side(qtbot, dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    view = dialog.units.view
    index = cell(dialog, 1, "side")
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index) or view.focusWidget()
    combo = editor if isinstance(editor, QComboBox) else editor.parent()
    assert isinstance(combo, QComboBox) and combo.isEditable()
    assert [combo.itemText(i) for i in range(combo.count())] == ["Federation", "Klingon"]
    combo.setEditText("Orion Pirates")
    view.commitData(combo)
    view.closeEditor(combo, QAbstractItemDelegate.EndEditHint.NoHint)
    assert dialog.entries()[1].side == "Orion Pirates"
    assert "Orion Pirates" in dialog.options.rows


def test_sides_keep_their_options_while_named(dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    dialog.options.set_played_by("Klingon", dialog.options.levels[0])
    dialog.add_ship("KLI-F5")  # a Klingon too: the rows are kept
    assert dialog.options.robot_sides() == {"Klingon": dialog.options.levels[0]}
    edit(dialog, 1, "side", "Klingons")  # F5 still keeps "Klingon"
    assert set(dialog.options.rows) == {"Federation", "Klingon", "Klingons"}


# -- options and keyboard ---------------------------------------------------------------------


def test_turns_no_limit_and_a_number(dialog):
    dialog.scenario_tab.select("PRACTICE-CA-D7-FIXED")
    assert dialog.options.turns_value() == 8
    dialog.options.turns.setValue(0)
    assert dialog.result().setup.state.last_turn is None
    dialog.options.turns.setValue(5)
    assert dialog.result().setup.state.last_turn == 5


def test_search_has_focus_on_open_and_on_tab_change(dialog):
    assert dialog.focusWidget() is dialog.scenario_tab.search
    dialog.tabs.setCurrentWidget(dialog.ship_tab)
    assert dialog.focusWidget() is dialog.ship_tab.search


def test_enter_starts_a_valid_game(qtbot, dialog):
    dialog.scenario_tab.select("PRACTICE-FF-F5")
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(dialog.scenario_tab.search, Qt.Key.Key_Return)
    assert dialog.result().scenario_id == "PRACTICE-FF-F5"


def test_tab_runs_from_the_units_to_the_options(qtbot, dialog):
    dialog.add_ship("FED-CA")
    dialog.add_ship("KLI-D7")
    dialog.units.view.setFocus()
    seen = []
    for _ in range(4):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        seen.append(dialog.focusWidget())
    assert seen[:3] == [dialog.units.remove_button, dialog.options.turns, dialog.options.seed]


def test_robot_levels_from_the_robot_package(monkeypatch):
    import sfb_desk.robot as robot

    monkeypatch.delattr(robot, "LEVELS", raising=False)
    assert setup_options.robot_levels() == setup_options.FALLBACK_LEVELS
    monkeypatch.setattr(robot, "LEVELS", ("easy", "hard"), raising=False)
    assert setup_options.robot_levels() == ("easy", "hard")


def test_sm5_starts_with_its_star_planet_and_sun_snake_on_the_map(dialog, qtbot):
    from sfb_desk.ui.map.battlefield import battlefield_view, show_battlefield
    from sfb_desk.ui.map.view import MapView

    dialog.scenario_tab.select("SM5")
    assert [e.ship for e in dialog.entries()] == ["FED-CA"]
    assert "facing" in dialog.units.problems_label.text()  # heading at the player's option
    edit(dialog, 0, "facing", "A")
    assert dialog.ok_button.isEnabled(), dialog.units.problems_label.text()
    choice = dialog.result()
    field = choice.setup.combat.battlefield
    assert [(m.kind, m.hex.label) for m in field.monsters] == [("Sun Snake", "4222")]
    assert {f.kind for f in field.terrain.features} == {"planet", "star"}
    view = MapView(choice.setup.state.map)
    qtbot.addWidget(view)
    item = show_battlefield(view, battlefield_view(choice.setup.combat, None,
                                                   choice.setup.state))
    assert [m.name for m in item.view.monsters] == ["Sun Snake"]
    assert {t.kind for t in item.view.terrain} == {"planet", "star"}


def test_a_minefield_is_drawn_for_its_owner_only(dialog, qtbot):
    from sfb_desk.ui.map.battlefield import battlefield_view

    dialog.scenario_tab.select("PRACTICE-MINEFIELD")
    choice = dialog.result()
    combat = choice.setup.combat
    assert len(battlefield_view(combat, "Klingon").mines) == 69
    assert battlefield_view(combat, "Federation").mines == ()
    assert battlefield_view(combat, None).mines == ()  # a shared table: none located yet


def test_sh19_starts_with_its_planet(dialog):
    dialog.scenario_tab.select("SH19")
    choice = dialog.result()
    terrain = choice.setup.combat.battlefield.terrain
    assert [(f.kind, sorted(h.label for h in f.hexes)) for f in terrain.features] == [
        ("planet", ["2215"])]
