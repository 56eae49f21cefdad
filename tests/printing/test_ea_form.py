"""The EA form: the energy model's lines fitted to each ship, costs from its tables, several
turns, a turn's allocation filled in with its energy, totals and issues; every library ship
fits Letter and A4 with nothing overlapping or cut off."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QPageSize

from sfb_desk.data.library import load_library
from sfb_desk.printing.ea_form import MAX_TURNS, EaSheet, decode_allocation, layout_ea_form
from sfb_desk.printing.ea_lines import (
    SHUTTLES,
    cost_column,
    ea_rows,
    filled_column,
    record_column,
    used_lines,
)
from sfb_desk.printing.form import TEXT
from sfb_desk.printing.output import PageSetup, export_pdf, plan_sheet
from sfb_desk.rules.energy import LINES, Allocation, WeaponOrder, initial_state, ledger, template

from .pdf_text import read_pdf

PAGES = {"letter": QPageSize.PageSizeId.Letter, "a4": QPageSize.PageSizeId.A4}
RAW_RECORD = {"hets": 1, "em": True, "speed_plot": [[1, 12], [17, 20]],
              "weapons": [{"box": "disruptor#B", "action": "arm", "overload": True},
                          {"box": "shuttle#2", "action": "arm", "mode": "suicide"},
                          {"box": "photon#Z", "action": "arm"}],
              "specific_reinforcement": [3, 0, 0, 0, 0, 1], "mystery": 5}


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


def test_filled_forms_fit_too(qapp, library):
    for spec in library.ships.values():
        state = initial_state(spec)
        allocation = template(spec, state)
        form = plan_sheet(EaSheet(spec, 4, allocation=allocation, state=state),
                          QPageSize(PAGES["letter"]), "auto").form
        assert not form.overlaps() and not form.outside(), spec.id


def test_rows_are_the_energy_models_lines_fitted_to_the_ship(library):
    ca = ea_rows(library.get("FED-CA"))
    keys = [r.key for r in ca]
    line_keys = {line.key for line in LINES}
    assert all(k in line_keys or k.startswith("weapon:") for k in keys)
    assert [k for k in keys if k.startswith("weapon:photon")] == [
        "weapon:photon#A", "weapon:photon#B", "weapon:photon#C", "weapon:photon#D"]
    assert "weapon:probe#1" in keys and SHUTTLES in keys
    assert not any(k.startswith("weapon:phaser") for k in keys)  # phasers: line 9
    assert "weapons" not in keys  # line 10 is a row per launcher
    numbers = [r.form for r in ca]
    assert numbers[:-1] == sorted(numbers[:-1]) and numbers[0] == 1 and numbers[-2] == 21
    assert keys[-1] == "unallocated"
    assert {"battery_discharge", "tractors", "transporters", "shields"} <= set(keys)
    assert not {"cloak", "edr_labs", "pa_level", "engine_doubling", "sfg_fields"} & set(keys)
    d7 = ea_rows(library.get("KLI-D7"))
    assert [r.label for r in d7 if r.key.startswith("weapon:disr")] == [
        f"Disruptor bolt {d}" for d in "ABCD"]
    assert not any(r.key.startswith("weapon:drone") for r in d7)  # racks need no energy
    kr = [r.key for r in ea_rows(library.get("ROM-KR"))]
    assert "cloak" in kr
    cvt = [r.key for r in ea_rows(library.get("FED-CVT"))]  # no box counts known
    assert not {"battery_discharge", "reactor", "tractors", "phaser_capacitor", "shields"} & \
        set(cvt)
    # an optional line prints when the allocation uses it
    assert "edr_labs" in [r.key for r in ea_rows(library.get("FED-CA"), {"edr_labs"})]


def test_cost_column_from_the_energy_tables(library):
    d7 = library.get("KLI-D7")
    blank = cost_column(d7)
    assert (blank["warp"], blank["impulse"], blank["reactor"], blank["total_power"]) == \
        ("30", "5", "4", "39")
    assert blank["life_support"] == "1" and blank["shields"] == "2, min 1"
    assert blank["phaser_capacitor"] == "max 9" and blank["hets"] == "5"
    assert blank["weapon:disruptor#A"] == "2, OL 4"
    assert cost_column(library.get("FED-CA"))["weapon:photon#A"] == "2+2 warp, hold 1, OL 4"
    damaged = cost_column(d7, {"left_warp#1", "right_warp#3", "apr#1", "phaser#1",
                               "disruptor#C"})
    assert (damaged["warp"], damaged["reactor"], damaged["total_power"]) == \
        ("28/30", "3/4", "36/39")
    assert damaged["phaser_capacitor"] == "max 8" and damaged["weapon:disruptor#C"] == "destroyed"


def test_filled_column_has_entries_energy_and_totals(library):
    d7 = library.get("KLI-D7")
    state = initial_state(d7)
    allocation = Allocation(
        ship=d7.id, turn=2, phaser_capacitor=9, speed_plot=((1, 12), (17, 20)),
        weapons=(WeaponOrder("disruptor#A"), WeaponOrder("disruptor#B", overload=True)),
        general_reinforcement=1, specific_reinforcement=(2, 0, 0, 0, 0, 0), hets=1)
    rows = ea_rows(d7, used_lines(allocation))
    cells, issues = filled_column(allocation, d7, state, rows)
    led = ledger(allocation, d7, state)
    assert cells["weapon:disruptor#A"] == "arm \u00b7 2"
    assert cells["weapon:disruptor#B"] == "arm OL \u00b7 4"
    assert cells["speed_plot"] == f"speed 12; 20 from 17 \u00b7 {led.value('speed_plot')}"
    assert cells["specific_reinforcement"] == "#1 2 \u00b7 2"
    assert cells["general_reinforcement"] == "1 \u00b7 2"
    assert cells["hets"] == "1 \u00b7 5"
    assert cells["total_power"] == "39" and cells["total_used"] == str(led.total_used)
    assert cells["shields"] == "active \u00b7 2" and cells["life_support"] == "normal \u00b7 1"
    assert any("error" in i for i in issues)  # far more energy than a D7 has


def test_raw_record_fills_entries_and_lists_the_rest(library):
    rows = ea_rows(library.get("KLI-D7"), used_lines(RAW_RECORD))
    cells, extra = record_column(RAW_RECORD, rows)
    assert cells["weapon:disruptor#B"] == "arm OL"
    assert cells[SHUTTLES] == "2: arm suicide"
    assert cells["speed_plot"] == "12; 20 from 17"
    assert cells["specific_reinforcement"] == "#1 3, #6 1"
    assert cells["hets"] == "1" and cells["em"] == "yes"
    assert extra == ["photon#Z: arm", "mystery: 5"]


def test_filled_form(qapp, library):
    d7 = library.get("KLI-D7")
    state = initial_state(d7, turn=3, destroyed={"disruptor#C"})
    allocation = replace(template(d7, state), turn=3)
    form = layout_ea_form(d7, 556.0, 736.0, 4, allocation=allocation, state=state)
    texts = form.texts()
    assert [t for t in texts if t.startswith("Turn ")] == ["Turn 3", "Turn 4", "Turn 5",
                                                          "Turn 6"]
    filled = [i.text for i in form.items if i.kind == TEXT and i.style == "filled"]
    assert "arm \u00b7 2" in filled and "active \u00b7 2" in filled
    assert "Energy rules on turn 3: no issues." in filled
    assert "destroyed" in texts
    blank = layout_ea_form(d7, 556.0, 736.0, 4)
    assert [t for t in blank.texts() if t.startswith("Turn ")] == ["Turn ____"] * 4
    assert not any(i.style == "filled" for i in blank.items)
    raw = layout_ea_form(d7, 556.0, 736.0, 2, allocation=RAW_RECORD, first_turn=1)
    raw_filled = [i.text for i in raw.items if i.style == "filled"]
    assert "arm OL" in raw_filled
    assert "Other entries of this allocation: photon#Z: arm; mystery: 5" in raw_filled


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


def test_ea_pdf_text(qapp, library, tmp_path):
    path = tmp_path / "ea.pdf"
    d7 = library.get("KLI-D7")
    state = initial_state(d7)
    sheets = [EaSheet(library.get("FED-CA"), 4),
              EaSheet(d7, 2, allocation=template(d7, state), state=state)]
    job = export_pdf(path, sheets, PageSetup("a4", "auto"))
    doc = read_pdf(path)
    assert len(doc.pages) == 2
    assert "Energy Allocation \u2014 Federation Heavy Cruiser (CA)" in doc.pages[0].texts
    assert "Photon torpedo A (E4.2)" in doc.pages[0].texts
    assert "arm \u00b7 2" in doc.pages[1].texts
    assert doc.pages[1].texts == job.pages[1].form.texts()
