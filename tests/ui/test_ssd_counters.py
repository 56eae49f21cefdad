"""The SSD's crew-unit and boarding-party ticks (G9.21, D7): drawn with ids on the printed
page, clickable on screen like the system boxes, crossed out from the first as the record's
counts say, printed crossed out, and left alone by the ship browser's damage controller."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from sfb_desk.data.library import load_library
from sfb_desk.printing.form import TICK
from sfb_desk.printing.output import SsdSheet, plan_sheet
from sfb_desk.ui.ssd.controller import SsdController
from sfb_desk.ui.ssd.counters import counter_marks
from sfb_desk.ui.ssd.widget import SsdWidget


@pytest.fixture(scope="module")
def ca():
    return load_library().get("FED-CA")


def test_counter_marks_from_the_first_within_the_ships_counts(ca):
    assert counter_marks(ca, 2, 1) == {"crew#1", "crew#2", "boarding#1"}
    assert counter_marks(ca, 0, 0) == frozenset()
    over = counter_marks(ca, ca.crew_units + 5, 0)  # never more ticks than the ship has
    assert len(over) == ca.crew_units and f"crew#{ca.crew_units}" in over


def test_the_printed_page_names_and_crosses_out_the_ticks(qapp, ca):
    from PySide6.QtGui import QPageSize

    page = plan_sheet(SsdSheet(ca, frozenset({"crew#1", "boarding#2"})),
                      QPageSize(QPageSize.PageSizeId.Letter), "auto").form
    ticks = {i.box_id: i for i in page.items if i.kind == TICK and i.box_id}
    assert len([t for t in ticks if t.startswith("crew#")]) == ca.crew_units
    assert len([t for t in ticks if t.startswith("boarding#")]) == ca.boarding_parties
    assert {t for t, i in ticks.items() if i.marked} == {"crew#1", "boarding#2"}


def test_a_tick_clicked_on_the_widget_asks_for_a_mark(qtbot, ca):
    widget = SsdWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 1150)
    widget.set_ship(ca)
    widget.show()
    qtbot.waitExposed(widget)
    asked = []
    widget.box_toggled.connect(lambda box, marked: asked.append((box, marked)))
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton,
                     pos=widget.box_rect("crew#7").center().toPoint())
    assert asked == [("crew#7", True)]
    widget.set_destroyed(counter_marks(ca, 1, 0))
    assert "crew#1" in widget.marked
    assert next(i for i in widget.form.items if i.box_id == "crew#1").marked
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton,
                     pos=widget.box_rect("crew#1").center().toPoint())
    assert asked[-1] == ("crew#1", False)  # a crossed-out tick: one restored
    assert "Crew unit 1 of" in widget.tooltip_for("crew#1")
    widget.set_cursor_box("boarding#1")  # the keyboard cursor reaches them too
    assert widget.cursor_box == "boarding#1"


def test_the_browsers_damage_controller_ignores_the_ticks(qtbot, ca):
    widget = SsdWidget()
    qtbot.addWidget(widget)
    controller = SsdController(widget, ca)
    widget.toggle_box("crew#3")  # no ValueError: not a box of the damage state
    assert controller.undo_stack.count() == 0 and "crew#3" not in widget.marked
