"""The EA sheet: filled from the keyboard, totals and issues update live; same as last turn,
history, concealment; a screenshot renders."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox

from sfb_desk.data.library import load_library
from sfb_desk.qt.ea_model import (
    EaSheetModel,
    TurnRecord,
    format_energy,
    parse_energy,
    parse_plot,
)
from sfb_desk.rules.energy import Allocation, WeaponOrder, carry, initial_state, template
from sfb_desk.ui.ea.sheet import HIDDEN, EaSheet


@pytest.fixture(scope="module")
def lib():
    return load_library()


@pytest.fixture
def ca_sheet(qtbot, lib):
    spec = lib.get("FED-CA")
    model = EaSheetModel(spec, initial_state(spec), Allocation("FED-CA"))
    sheet = EaSheet(model)
    qtbot.addWidget(sheet)
    sheet.resize(1100, 900)
    sheet.show()
    qtbot.waitExposed(sheet)
    return sheet


def entry(sheet: EaSheet, key: str, n: int = 0):
    return sheet.rows[key].editors[n]


def energy(sheet: EaSheet, key: str) -> str:
    return sheet.rows[key].energy.text()


def focus(qtbot, widget) -> None:
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def test_parsers():
    assert parse_energy("1/2") == F(1, 2) and parse_energy(" 0.25 ") == F(1, 4)
    assert parse_energy("3") == 3
    for bad in ("", "x", "1/0", "-1"):
        with pytest.raises(ValueError):
            parse_energy(bad)
    assert format_energy(F(3, 2)) == "1 1/2" and format_energy(F(1, 5)) == "1/5"
    assert parse_plot("16") == ((1, 16),) and parse_plot("1:9, 17:19") == ((1, 9), (17, 19))
    with pytest.raises(ValueError):
        parse_plot("fast")


def test_fill_the_ca_sheet_from_the_keyboard(qtbot, ca_sheet):
    """Type the Fed CA's turn-1 allocation with keys only: totals and issues follow."""
    sheet, model = ca_sheet, ca_sheet.model
    assert energy(sheet, "total_power") == "34" and energy(sheet, "total_used") == "4"
    # Phaser capacitor: 7 is too much (H6.21), shown beside the line.
    cap = entry(sheet, "phaser_capacitor")
    focus(qtbot, cap)
    qtbot.keyClicks(cap, "7")
    assert "(H6.21)" in sheet.row_issue_text("phaser_capacitor")
    assert energy(sheet, "phaser_capacitor") == "7"
    qtbot.keyClick(cap, Qt.Key.Key_Backspace)
    qtbot.keyClicks(cap, "6")
    assert sheet.row_issue_text("phaser_capacitor") == ""
    assert energy(sheet, "total_used") == "10"
    # Enter moves on, as Tab does: the next entry is photon#A's action.
    qtbot.keyClick(cap, Qt.Key.Key_Return)
    action = entry(sheet, "weapon:photon#A")
    assert QApplication.focusWidget() is action
    for d in "ABCD":
        w = entry(sheet, f"weapon:photon#{d}")
        focus(qtbot, w)
        qtbot.keyClicks(w, "a")  # "arm"
        assert w.currentData() == "arm"
    assert energy(sheet, "weapon:photon#C") == "2"
    assert energy(sheet, "total_used") == "18"
    # Speed 16, one hex from impulse; Tab from the plot reaches the impulse hex.
    plot = entry(sheet, "speed_plot")
    focus(qtbot, plot)
    qtbot.keyClicks(plot, "16")
    assert energy(sheet, "speed_plot") == "16"
    qtbot.keyClick(plot, Qt.Key.Key_Tab)
    hexes = entry(sheet, "impulse_hexes")
    assert QApplication.focusWidget() is hexes
    qtbot.keyClick(hexes, Qt.Key.Key_Up)
    assert hexes.value() == 1
    assert energy(sheet, "total_used") == "34" and energy(sheet, "unallocated") == "0"
    assert model.legal and "legal" in sheet.status.text()
    assert model.allocation.weapons == tuple(WeaponOrder(f"photon#{d}") for d in "ABCD")
    # A fraction: half a point of tractor energy makes the sheet over-allocated (B3.1).
    tractor = entry(sheet, "tractors")
    focus(qtbot, tractor)
    qtbot.keyClicks(tractor, "1/2")
    assert energy(sheet, "tractors") == "1/2" and energy(sheet, "total_used") == "34 1/2"
    assert "(B3.1)" in sheet.row_issue_text("total_used")
    assert "rule(s) broken" in sheet.status.text()


def test_unreadable_entry_is_marked_beside_its_line(qtbot, ca_sheet):
    cap = entry(ca_sheet, "phaser_capacitor")
    focus(qtbot, cap)
    qtbot.keyClicks(cap, "lots")
    assert "not an amount of energy" in ca_sheet.rows["phaser_capacitor"].issues.text()
    assert "check the marked entries" in ca_sheet.status.text()
    assert ca_sheet.model.allocation.phaser_capacitor == 0


def test_same_as_last_turn_and_history(qtbot, lib):
    spec = lib.get("FED-CA")
    s1 = initial_state(spec)
    a1 = replace(template(spec, s1), general_reinforcement=0)
    s2 = carry(s1, a1, spec, capacitor_used=F(6))  # the phasers fired on turn 1
    model = EaSheetModel(spec, s2, Allocation("FED-CA", turn=2),
                         history=(TurnRecord(a1, s1),))
    sheet = EaSheet(model)
    qtbot.addWidget(sheet)
    sheet.show()
    assert sheet.same_button.isEnabled()
    qtbot.mouseClick(sheet.same_button, Qt.MouseButton.LeftButton)
    assert model.allocation == replace(a1, turn=2)
    assert entry(sheet, "speed_plot").text() == "16"
    assert energy(sheet, "speed_plot") == "16"
    # Turn 2 photons are on their second arming turn: the copy is legal.
    assert model.legal, [str(i) for i in model.issues]
    # History: turn 1 read-only, then back.
    combo: QComboBox = sheet.history
    assert [combo.itemText(i) for i in range(combo.count())] == ["Turn 2 (this turn)",
                                                                 "Turn 1"]
    model.set_line("speed_plot", ((1, 10),))
    combo.setCurrentIndex(1)
    assert entry(sheet, "speed_plot").text() == "16" and not entry(sheet, "speed_plot").isEnabled()
    assert not sheet.same_button.isEnabled()
    combo.setCurrentIndex(0)
    assert entry(sheet, "speed_plot").text() == "10" and entry(sheet, "speed_plot").isEnabled()


def test_end_turn_keeps_history(qtbot, lib):
    spec = lib.get("KLI-D7")
    model = EaSheetModel(spec, initial_state(spec))
    sheet = EaSheet(model)
    qtbot.addWidget(sheet)
    qtbot.mouseClick(sheet.template_button, Qt.MouseButton.LeftButton)
    assert model.legal and energy(sheet, "total_used") == "39"
    model.end_turn()
    assert model.turn == 2 and [sheet.history.itemData(i) for i in range(sheet.history.count())
                                ] == [2, 1]


def test_concealed_sheet_shows_only_hidden(qtbot, lib):
    spec = lib.get("KLI-D7")
    model = EaSheetModel(spec, initial_state(spec), template(spec, initial_state(spec)))
    sheet = EaSheet(model, concealed=True)
    qtbot.addWidget(sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    for key, row in sheet.rows.items():
        assert row.hidden.isVisible() and row.hidden.text() == HIDDEN
        assert not row.energy.isVisible() and not row.issues.isVisible()
        assert all(not w.isVisible() for w in row.editors)
    assert not sheet.history.isVisible() and not sheet.status.isVisible()
    assert sheet.turn_label.text() == f"Turn 1: {HIDDEN}"
    visible = [w for cls in (QLineEdit, QSpinBox) for w in sheet.findChildren(cls)
               if w.isVisible()]
    assert visible == []
    sheet.set_concealed(False)
    assert entry(sheet, "speed_plot").isVisible() and energy(sheet, "total_used") == "39"


def test_screenshot_of_the_ca_sheet(qtbot, lib, tmp_path):
    spec = lib.get("FED-CA")
    model = EaSheetModel(spec, initial_state(spec), template(spec, initial_state(spec)))
    sheet = EaSheet(model)
    qtbot.addWidget(sheet)
    sheet.resize(1100, 1400)
    sheet.show()
    qtbot.waitExposed(sheet)
    image = sheet.grab().toImage()
    assert not image.isNull() and image.width() == 1100
    path = tmp_path / "ea_ca.png"
    assert image.save(str(path)) and path.stat().st_size > 10_000


def test_weapon_rows_name_the_weapon_in_words_with_the_ssd_id_in_the_tip(ca_sheet):
    """Issue 12: "Photon A", "Probe 1", not "photon#A"; the id stays in the tip."""
    from PySide6.QtWidgets import QLabel
    by_name = {w.objectName(): w for w in ca_sheet.findChildren(QLabel)}
    photon, probe = by_name["label:weapon:photon#A"], by_name["label:weapon:probe#1"]
    assert photon.text() == "Photon A" and "SSD box photon#A (PHOTON)" in photon.toolTip()
    assert probe.text() == "Probe 1" and "probe#1" in probe.toolTip()
    labels = [w.text() for w in ca_sheet.findChildren(QLabel)
              if w.objectName().startswith("label:weapon:")]
    assert labels and not any("#" in t for t in labels)
