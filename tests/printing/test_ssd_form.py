"""The SSD page: every library ship fits Letter and A4 with nothing overlapping or cut off, every
box drawn once, the facts and charts printed, damage crossed out, incomplete ships flagged."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtGui import QPageSize

from sfb_desk.data.library import load_library
from sfb_desk.printing.form import BOX, TEXT, FormLayout, Item, Rect
from sfb_desk.printing.output import content_size, plan_sheet, SsdSheet
from sfb_desk.printing.ssd_form import layout_ssd_form, ssd_box_layout
from sfb_desk.printing.ssd_parts import fraction_text, weapon_chart_names
from sfb_desk.rules.charts.registry import chart
from sfb_desk.rules.weapon_types import weapon_type

PAGES = {"letter": QPageSize.PageSizeId.Letter, "a4": QPageSize.PageSizeId.A4}


@pytest.fixture(scope="module")
def library():
    return load_library()


def _problems(form: FormLayout) -> list[str]:
    problems = [f"overlap: {a.kind} {a.text or a.box_id!r} {a.rect} / {b.kind} "
                f"{b.text or b.box_id!r} {b.rect}" for a, b in form.overlaps()]
    problems += [f"outside: {i.kind} {i.text or i.box_id!r} {i.rect}" for i in form.outside()]
    problems += [f"text does not fit its box: {i.text!r} in {i.rect}" for i in form.unfit_texts()]
    return problems


@pytest.mark.parametrize("page", ["letter", "a4"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_every_library_ship_fits_without_overlap(qapp, library, page, orientation):
    size = QPageSize(PAGES[page])
    failures = {}
    for spec in library.ships.values():
        printed = plan_sheet(SsdSheet(spec), size, orientation)
        form = printed.form
        expected = content_size(size, printed.orientation)
        assert (form.width, form.height) == pytest.approx((expected.width(), expected.height()))
        problems = _problems(form)
        drawn = Counter(i.box_id for i in form.items if i.kind == BOX)
        if sorted(drawn) != sorted(spec.box_ids()) or max(drawn.values(), default=1) != 1:
            problems.append("box ids drawn differ from the ship's box ids")
        if problems:
            failures[spec.id] = problems[:3]
    assert not failures, failures


def test_auto_orientation_prefers_the_larger_print(qapp, library):
    size = QPageSize(PAGES["letter"])
    for ship_id in ("FED-CA", "KLI-C8"):
        sheet = SsdSheet(library.get(ship_id))
        auto = plan_sheet(sheet, size, "auto")
        portrait = plan_sheet(sheet, size, "portrait").form.info_value("unit")
        landscape = plan_sheet(sheet, size, "landscape").form.info_value("unit")
        chosen = auto.form.info_value("unit")
        assert chosen == max(portrait, landscape) or (
            auto.orientation == "portrait" and landscape <= portrait * 1.08)


def test_the_overlap_and_bounds_checks_can_fail():
    a = Item(TEXT, Rect(0, 0, 10, 5), "a", 5.0)
    b = Item(TEXT, Rect(9, 4, 10, 5), "b", 5.0)  # overlaps a's corner
    touching = Item(TEXT, Rect(10, 0, 4, 3), "c", 5.0)  # shares an edge with a only
    form = FormLayout(15.0, 8.0, (a, b, touching))
    assert {frozenset((x.text, y.text)) for x, y in form.overlaps()} == {frozenset("ab")}
    assert [i.text for i in form.outside()] == ["b"]
    squeezed = FormLayout(20.0, 20.0, (Item(BOX, Rect(0, 0, 4, 4), "1000", 7.0, box_id="x#1"),))
    assert squeezed.unfit_texts()


def _text(form: FormLayout) -> str:
    return "\n".join(form.texts())


@pytest.mark.parametrize("ship_id", ["FED-CA", "KLI-D7", "KLI-C8", "FED-DN", "ROM-KR"])
def test_page_names_the_ship_and_prints_its_facts(qapp, library, ship_id):
    spec = library.get(ship_id)
    form = layout_ssd_form(spec, 556.0, 736.0)
    text = _text(form)
    assert spec.name in text and f"({spec.class_code})" in text and spec.id in text
    assert str(spec.bpv_combat) in form.texts()[form.texts().index("BPV") + 1]
    boxes = form.boxes()
    for weapon in spec.weapons:
        for box_id in weapon.box_ids:
            assert boxes[box_id].text == weapon.designator
    for track in ("sensor", "scanner", "damage_control"):
        values = getattr(spec, f"{track}_track")
        assert [boxes[f"{track}#{n}"].text for n in range(1, len(values) + 1)] == \
            [str(v) for v in values]
    # Turn-mode speed bands, movement chart (31 speeds), weapon tables from the registry.
    assert f"Turn mode {spec.turn_mode} (C3.31)" in text
    assert f"Movement cost {fraction_text(spec.move_cost)}: warp energy per speed" in text
    assert fraction_text(spec.move_cost * 31) in form.texts()
    for name in weapon_chart_names(spec):
        view = chart(name)
        assert f"{view.title} ({view.rule})" in text
    for code in {w.type for w in spec.weapons}:
        assert weapon_type(code).name in text


def test_weapon_tables_are_those_of_the_weapons_carried(library):
    assert weapon_chart_names(library.get("FED-CA")) == ["phaser-1", "photon"]
    assert weapon_chart_names(library.get("KLI-D7")) == ["phaser-2", "disruptor"]
    assert weapon_chart_names(library.get("KLI-C8")) == ["phaser-1", "phaser-2", "phaser-3",
                                                         "disruptor"]


def test_movement_chart_values(qapp, library):
    c8 = layout_ssd_form(library.get("KLI-C8"), 556.0, 736.0)
    texts = c8.texts()
    assert "Movement cost 1\u00bd: warp energy per speed" in texts
    energy = texts.index("Energy")
    assert texts[energy + 1: energy + 4] == ["1\u00bd", "3", "4\u00bd"]
    assert "46\u00bd" in texts  # speed 31 x 3/2


def test_fraction_text():
    from fractions import Fraction

    assert fraction_text(Fraction(3, 2)) == "1\u00bd"
    assert fraction_text(Fraction(1, 3)) == "\u2153"
    assert fraction_text(Fraction(31, 10)) == "3\u2152"
    assert fraction_text(Fraction(7, 8)) == "7/8"
    assert fraction_text(Fraction(15, 8)) == "1 7/8"
    assert fraction_text(Fraction(4)) == "4"
    assert fraction_text(None) == "-"


def test_shields_surround_the_hull(qapp, library):
    form = layout_ssd_form(library.get("FED-CA"), 556.0, 736.0)
    boxes = form.boxes()

    def centre(k: int) -> tuple[float, float]:
        rects = [b.rect for i, b in boxes.items() if i.startswith(f"shield{k}#")]
        return (sum(r.x for r in rects) / len(rects), sum(r.y for r in rects) / len(rects))

    hull = [b.rect for i, b in boxes.items() if i.split("#")[0] in ("bridge", "left_warp",
                                                                    "forward_hull")]
    hx = sum(r.x for r in hull) / len(hull)
    hy = sum(r.y for r in hull) / len(hull)
    (x1, y1), (x2, y2), (x3, y3), (x4, y4), (x5, y5), (x6, y6) = (centre(k) for k in range(1, 7))
    assert y1 < hy < y4  # #1 forward above, #4 aft below
    assert x2 > hx and x3 > hx and x5 < hx and x6 < hx  # right and left
    assert y2 < y3 and y6 < y5  # front shields above rear ones


def test_damage_is_crossed_out_and_counted(qapp, library):
    spec = library.get("KLI-D7")
    destroyed = frozenset(spec.box_ids()[::5]) | {"no_such_box#1"}
    form = layout_ssd_form(spec, 556.0, 736.0, destroyed)
    marked = {i.box_id for i in form.items if i.kind == BOX and i.marked}
    assert marked == destroyed - {"no_such_box#1"}
    total = len(spec.box_ids())
    assert f"damage marked: {len(marked)} of {total} boxes destroyed" in _text(form)
    blank = layout_ssd_form(spec, 556.0, 736.0)
    assert not any(i.marked for i in blank.items) and "blank" in _text(blank)


def test_incomplete_ship_has_a_banner_naming_what_is_missing(qapp, library):
    spec = library.get("FED-CVT")
    assert not spec.complete
    form = layout_ssd_form(spec, 556.0, 736.0)
    text = " ".join(i.text for i in form.items if i.style == "banner" and i.text)
    assert text.startswith("INCOMPLETE: missing ")
    for missing in spec.missing:
        assert all(word in text for word in missing.split())
    assert any(i.kind == "frame" and i.style == "banner" for i in form.items)
    # The tables its SSD printed still come out, with its BPV.
    assert "Phaser-1 (E2)" in _text(form) and "162 / 94" in form.texts()
    complete = layout_ssd_form(library.get("FED-CA"), 556.0, 736.0)
    assert not any(i.style == "banner" for i in complete.items)


def test_box_layout_for_the_screen_matches_the_page(qapp, library):
    spec = library.get("FED-CA")
    form = layout_ssd_form(spec, 556.0, 736.0)
    unit = form.info_value("unit")
    model = ssd_box_layout(form)
    assert model.groups[0].cells[0].box_id == "shield1#1"
    for group in model.groups:
        for cell in group.cells:
            rect = form.boxes()[cell.box_id].rect
            assert (cell.x * unit, cell.y * unit) == pytest.approx((rect.x, rect.y))
            assert model.cell_at(cell.x + 0.5, cell.y + 0.5).box_id == cell.box_id


def test_refits_and_notes_fill_spare_room(qapp, library):
    from sfb_desk.printing.ssd_parts import notes_block, notes_lines

    spec = library.get("FED-CVT")
    form = layout_ssd_form(spec, 556.0, 736.0)
    texts = form.texts()
    assert "Refits and notes" in texts
    assert any(t.startswith("\u2022 Refit + (BPV +8): PLUS REFIT") for t in texts)
    lines = notes_lines(spec)
    assert lines[0].startswith("Refit +") and lines[-1] == spec.notes[-1]
    items, height = notes_block(lines, spec.id, 300.0, 30.0, 5.8)
    shown = [i.text for i in items]
    assert shown[0] == "Refits and notes" and height <= 30.0
    assert shown[-1].startswith("\u2026 ") and shown[-1].endswith(
        "more in the ship file (sfb-desk-cli ship FED-CVT)")
    assert notes_block(lines, spec.id, 300.0, 5.0, 5.8) == ([], 0.0)
