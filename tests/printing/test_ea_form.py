"""The EA form: lines fitted to each ship, several turns, the current allocation filled in; every
library ship fits Letter and A4 with nothing overlapping or cut off."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QPageSize

from sfb_desk.data.library import load_library
from sfb_desk.printing.ea_form import (
    MAX_TURNS,
    EaSheet,
    allocation_cells,
    decode_allocation,
    ea_lines,
    ea_sheet_for,
    layout_ea_form,
    ssd_column,
)
from sfb_desk.printing.form import TEXT
from sfb_desk.printing.output import PageSetup, export_pdf, plan_sheet
from sfb_desk.rules.units import Unit

from .pdf_text import read_pdf

PAGES = {"letter": QPageSize.PageSizeId.Letter, "a4": QPageSize.PageSizeId.A4}
D7_ALLOCATION = {
    "life_support": "normal", "fire_control": "active", "phaser_capacitor": "9",
    "weapons": [{"box": "disruptor#A", "action": "arm"},
                {"box": "disruptor#B", "action": "arm", "overload": True, "energy": "4"},
                {"box": "shuttle#2", "action": "arm", "mode": "suicide"},
                {"box": "photon#Z", "action": "arm"}],
    "shields": "active", "general_reinforcement": 2, "specific_reinforcement": [3, 0, 0, 0, 0, 1],
    "speed_plot": [[1, 12], [17, 20]], "impulse_hexes": 1, "hets": 1, "em": False,
    "battery_recharge": "3/2", "ecm": 2, "mystery": 5,
}


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.mark.parametrize("page", ["letter", "a4"])
@pytest.mark.parametrize("turns", [1, 4, MAX_TURNS])
def test_every_library_ship_fits(qapp, library, page, turns):
    failures = {}
    for spec in library.ships.values():
        form = plan_sheet(EaSheet(spec, turns), QPageSize(PAGES[page]), "auto").form
        problems = [f"overlap {a.text!r}/{b.text!r}" for a, b in form.overlaps()]
        problems += [f"outside {i.kind} {i.text!r}" for i in form.outside()]
        if problems:
            failures[spec.id] = problems[:3]
    assert not failures, failures


def test_lines_fit_the_ship(library):
    ca = [line.key for line in ea_lines(library.get("FED-CA"))]
    assert [k for k in ca if k.startswith("weapon:photon")] == [
        "weapon:photon#A", "weapon:photon#B", "weapon:photon#C", "weapon:photon#D"]
    assert not any(k.startswith("weapon:phaser") for k in ca)  # phasers: line 9
    assert "phaser_capacitor" in ca and "battery_discharge" in ca and "tractors" in ca
    d7 = ea_lines(library.get("KLI-D7"))
    assert [ln.label for ln in d7 if ln.form == 10] == [f"Disruptor bolt {d}" for d in "ABCD"]
    assert not any(ln.key.startswith("weapon:drone") for ln in d7)  # racks need no energy
    numbers = [ln.form for ln in d7]
    assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] == 21
    cvt = [line.key for line in ea_lines(library.get("FED-CVT"))]  # no box counts known
    assert "battery_discharge" not in cvt and "reactor" not in cvt and "tractors" not in cvt
    assert "phaser_capacitor" not in cvt and "shields" not in cvt
    assert cvt[:3] == ["warp", "impulse", "total_power"]


def test_ssd_column_counts_boxes_left(library):
    d7 = library.get("KLI-D7")
    blank = ssd_column(d7)
    assert (blank["warp"], blank["impulse"], blank["reactor"], blank["total_power"]) == \
        ("30", "5", "4", "39")
    damaged = ssd_column(d7, {"left_warp#1", "right_warp#3", "apr#1", "phaser#1",
                              "disruptor#C"})
    assert (damaged["warp"], damaged["reactor"], damaged["total_power"]) == \
        ("28/30", "3/4", "36/39")
    assert damaged["phaser_capacitor"] == "8/9 ph"
    assert damaged["weapon:disruptor#C"] == "destroyed"


def test_allocation_fills_its_lines_and_lists_the_rest(library):
    lines = ea_lines(library.get("KLI-D7"))
    cells, extra = allocation_cells(D7_ALLOCATION, lines)
    assert cells["weapon:disruptor#A"] == "arm"
    assert cells["weapon:disruptor#B"] == "arm 4 OL"
    assert cells["weapon:shuttle#"] == "2: arm suicide"
    assert cells["speed_plot"] == "12; 20 from 17"
    assert cells["specific_reinforcement"] == "#1 3, #6 1"
    assert cells["battery_recharge"] == "1\u00bd" and cells["hets"] == "1"
    assert "em" not in cells or cells["em"] == ""
    assert extra == ["photon#Z: arm", "mystery: 5"]


def test_filled_form_shows_the_turn_and_entries(qapp, library):
    form = layout_ea_form(library.get("KLI-D7"), 556.0, 736.0, 4, frozenset({"disruptor#C"}),
                          D7_ALLOCATION, first_turn=3)
    texts = form.texts()
    assert ["Turn 3", "Turn 4", "Turn 5", "Turn 6"] == [t for t in texts if t.startswith("Turn ")]
    assert "allocation of turn 3 filled in" in " ".join(texts)
    filled = [i.text for i in form.items if i.kind == TEXT and i.style == "filled"]
    assert "arm 4 OL" in filled and "12; 20 from 17" in filled
    assert any(t.startswith("Other entries of this allocation: photon#Z: arm; mystery: 5")
               for t in filled)
    assert "destroyed" in texts
    blank = layout_ea_form(library.get("KLI-D7"), 556.0, 736.0, 4)
    assert [t for t in blank.texts() if t.startswith("Turn ")] == ["Turn ____"] * 4
    assert not any(i.style == "filled" for i in blank.items)


def test_turn_limits(qapp, library):
    with pytest.raises(ValueError, match="turns must be 1..8"):
        layout_ea_form(library.get("FED-CA"), 556.0, 736.0, 9)
    with pytest.raises(ValueError, match="turn columns do not fit"):
        layout_ea_form(library.get("FED-CA"), 200.0, 736.0, 8)


def test_decode_allocation():
    assert decode_allocation("") is None and decode_allocation(None) is None
    assert decode_allocation('{"hets":1}') == {"hets": 1}
    with pytest.raises(ValueError, match="record of lines"):
        decode_allocation("[1, 2]")


def test_sheet_for_a_saved_unit(library):
    d7 = library.get("KLI-D7")
    unit = Unit(id="KRT", side="kli", spec_id="KLI-D7", destroyed=frozenset({"apr#1"}),
                allocation=json.dumps(D7_ALLOCATION, sort_keys=True))

    class State:
        turn = 2

    sheet = ea_sheet_for(d7, 3, unit, State(), "save, turn 2")
    assert sheet.first_turn == 2 and sheet.allocation == D7_ALLOCATION
    assert sheet.destroyed == {"apr#1"} and sheet.turns == 3
    assert ea_sheet_for(d7, 3) == EaSheet(d7, 3)


def test_ea_pdf_text(qapp, library, tmp_path):
    path = tmp_path / "ea.pdf"
    sheets = [EaSheet(library.get("FED-CA"), 4), EaSheet(library.get("KLI-D7"), 2,
                                                        allocation=D7_ALLOCATION, first_turn=1)]
    job = export_pdf(path, sheets, PageSetup("a4", "auto"))
    doc = read_pdf(path)
    assert len(doc.pages) == 2
    assert "Energy Allocation \u2014 Federation Heavy Cruiser (CA)" in doc.pages[0].texts
    assert "Photon torpedo A (E4)" in doc.pages[0].texts
    assert "arm 4 OL" in doc.pages[1].texts
    assert doc.pages[1].texts == job.pages[1].form.texts()
