"""The ship designer: edits are new immutable specs on an undo stack, the validator's problems
are listed with their fields and block saving, the saved file loads back equal, and an
incomplete library ship can be completed."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem

from sfb_desk.data import paths
from sfb_desk.data.library import load_library
from sfb_desk.data.ship_file import load_ship_file
from sfb_desk.ui.library.designer import ShipDesigner
from sfb_desk.ui.library.editor import ShipEditor


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def designer(qtbot, library):
    widget = ShipDesigner(library.get("FED-CA"))
    qtbot.addWidget(widget)
    return widget


def test_edit_shields_count_weapon_remove_system_and_save(qtbot, designer, library):
    original = library.get("FED-CA")
    assert designer.problems == [] and designer.save_button.isEnabled()
    designer.shields[0].setValue(32)  # shield #1
    assert designer.spec.shields == (32, *original.shields[1:])
    designer.set_count("battery", 6)
    assert designer.spec.count("battery") == 6
    designer.add_weapon("DRONE", arcs=("FA",))
    added = designer.spec.weapons[-1]
    assert (added.type, added.family, added.designator, added.rack_type) == \
        ("DRONE", "drone", "1", "A")
    assert designer.weapons.rowCount() == len(original.weapons) + 1
    designer.remove_system("probe")
    assert designer.spec.count("probe") == 0
    assert designer.spec.shields[0] == 32 and original.shields[0] == 30  # a new value
    assert designer.undo_stack.count() == 4
    assert designer.problems == []
    path = designer.save_to()
    assert path == paths.user_data_dir() / "ships" / "FED-CA.toml"
    assert load_ship_file(path) == designer.spec
    # undo walks back through the edits and the widgets follow
    designer.undo_stack.undo()
    assert designer.spec.count("probe") == original.count("probe")
    assert designer.systems["probe"].value() == original.count("probe")
    designer.undo_stack.setIndex(0)
    assert designer.spec == original


def test_text_fields_and_weapon_cells_edit_the_spec(qtbot, designer, tmp_path):
    designer.lines["move_cost"].setText("2/3")
    designer.lines["move_cost"].editingFinished.emit()
    assert str(designer.spec.move_cost) == "2/3"
    designer.lines["sensor_track"].setText("6 5 4 2 0")
    designer.lines["sensor_track"].editingFinished.emit()
    assert designer.spec.sensor_track == (6, 5, 4, 2, 0)
    # the validator names the field: scanner and sensor tracks must be the same length
    assert any(p.startswith("tracks.") for p in designer.problems), designer.problems
    assert not designer.save_button.isEnabled()
    designer.undo_stack.undo()
    assert designer.problems == []
    designer.lines["size_class"].setText("big")
    designer.lines["size_class"].editingFinished.emit()
    assert designer.problems == ["size_class: 'big' is not a whole number"]
    assert not designer.save_button.isEnabled()
    designer.lines["size_class"].setText("4")
    designer.lines["size_class"].editingFinished.emit()
    assert designer.spec.size_class == 4 and designer.save_button.isEnabled()
    designer.weapons.setItem(0, 2, QTableWidgetItem("LF+L"))
    assert designer.spec.weapons[0].arcs == ("LF", "L")
    designer.flags["scout"].setChecked(True)
    assert "scout" in designer.spec.flags
    written = designer.save_to(tmp_path / "mine.toml")
    assert load_ship_file(written) == designer.spec


def test_duplicate_designator_is_a_problem_and_blocks_save(qtbot, designer):
    designer.add_weapon("PHOTON", designator="A")  # the CA already has photon A
    problems = designer.problems
    assert problems and any(p.startswith("weapons[") and "designator" in p for p in problems)
    assert designer.problem_list.count() == len(problems)
    assert designer.problem_list.item(0).text() == problems[0]
    assert not designer.save_button.isEnabled()
    with pytest.raises(ValueError):
        designer.save_to()
    # remove the duplicate through the table's selection and the button
    designer.weapons.selectRow(designer.weapons.rowCount() - 1)
    qtbot.mouseClick(designer.remove_weapon_button, Qt.MouseButton.LeftButton)
    assert designer.problems == [] and designer.save_button.isEnabled()


def test_completing_an_incomplete_ship(qtbot, library, tmp_path):
    base = library.get("FED-CA")
    incomplete = replace(base, complete=False, shields=None, excess_damage=None,
                         missing=("shield box counts", "excess damage boxes"))
    designer = ShipDesigner(incomplete)
    qtbot.addWidget(designer)
    assert not designer.complete_button.isHidden()
    assert not designer.complete_button.isEnabled()
    assert "Still to fill: shield box counts, excess damage boxes" in designer.status_label.text()
    designer.set_shields((30, 24, 20, 20, 20, 24))
    designer.lines["excess_damage"].setText("6")
    designer.lines["excess_damage"].editingFinished.emit()
    assert designer.complete_button.isEnabled()
    assert "mark it complete?" in designer.status_label.text()
    qtbot.mouseClick(designer.complete_button, Qt.MouseButton.LeftButton)
    assert designer.spec.complete and designer.spec.missing == ()
    assert designer.spec == base
    assert designer.complete_button.isHidden()
    written = designer.save_to(tmp_path / "FED-CA.toml")
    assert load_ship_file(written) == base


def test_incomplete_library_ship_lists_what_is_missing(qtbot, library):
    spec = library.get("FED-CVT")
    designer = ShipDesigner(spec)
    qtbot.addWidget(designer)
    assert not designer.complete_button.isEnabled()
    assert "Still to fill: shield box counts" in designer.status_label.text()
    assert designer.problems == []  # an incomplete file that says so is valid


def test_editor_previews_edits_on_the_ssd(qtbot, library):
    editor = ShipEditor(library.get("KLI-D7"))
    qtbot.addWidget(editor)
    assert "battery#5" not in editor.ssd.box_ids()
    editor.designer.set_count("battery", 5)
    assert "battery#5" in editor.ssd.box_ids()
    editor.designer.undo_stack.undo()
    assert "battery#5" not in editor.ssd.box_ids()
