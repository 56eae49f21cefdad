"""The SSD form: one page per ship, the one renderer for the screen, PDF and printer.

``render_ssd(painter, rect, spec, destroyed)`` lays the page out in ``rect`` (logical unit =
one point) and paints it; it returns the :class:`~sfb_desk.printing.form.FormLayout`, whose
items (with rectangles) are what was drawn. The page, top to bottom:

* header: race, class and name, the ship id, rule and year, and whether damage is marked;
* a red "incomplete: missing ..." banner for ship files without every box count;
* the box diagram: the six shields around the hull like a paper SSD (#1 forward on top, #2
  and #3 on the right, #4 aft at the bottom, #5 and #6 on the left, D3.1), the hull holding
  control, power, hull, systems, shuttles, weapons (designators in their boxes, arcs below)
  and special systems; beside it the ship data table (BPV, size, movement cost, turn mode and
  its speed bands, breakdown ...), the sensor, scanner and damage-control tracks, excess
  damage, crew units, boarding parties and the drone racks with their reloads;
* the movement-cost chart (warp energy for speeds 1..31) and the tables of the weapons
  carried, from the chart registry.

The box size is the largest (up to :data:`UNIT_MAX` points) at which everything fits; chart
notes and chart font shrink first when space is short.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from sfb_desk.rules.ship import ShipSpec, why_reconstructed

from . import fonts
from .form import (
    Builder,
    FormLayout,
    Item,
    Rect,
    fitted_table,
    paint_form,
    paragraph,
    shelf_pack,
    table_items,
)
from .ssd_boxes import group_items, unit_measure
from .ssd_layout import BOX, GAP, PAD, Block, Group, blocks, extent, flow, layout_ssd, place
from .ssd_parts import (
    chart_table,
    data_rows,
    drone_table,
    key_values,
    movement_tables,
    notes_block,
    notes_lines,
    tick_rows,
    turn_mode_table,
    weapon_chart_names,
)

UNIT_MAX = 12.0  # points per box at most (about a paper SSD's box)
UNIT_MIN = 3.0  # never smaller
UNIT_COMFORT = 6.5  # below this, shrink the charts before the boxes
UNIT_ENOUGH = 9.0  # a portrait page with boxes this large needs no landscape trial
HULL_SECTIONS = ("Control", "Power", "Hull", "Systems", "Weapons", "Special")
HULL_PAD = 0.6  # units between the hull outline and its groups
GUTTER = 9.0  # points between the diagram and the side column, and between blocks
#: (chart font size, print chart notes) tried in order until the boxes are large enough.
CHART_STYLES = ((6.2, True), (5.6, True), (5.6, False), (5.0, False), (4.6, False))
CHART_LARGER = (7.2, 6.8)  # chart font sizes tried when the page has room to spare
NOTE_SIZE = 5.8
HEADER_SIZE = 13.0
SUB_SIZE = 7.0
SIDE_SIZE = 6.4


@dataclass(frozen=True, slots=True)
class Diagram:
    """The shields-around-the-hull arrangement in box units."""

    groups: tuple[Group, ...]  # shields first (#1 .. #6), then the hull groups
    width: float
    height: float
    hull: Rect | None  # the hull outline, in units


def diagram_layout(spec: ShipSpec, width: float, measure,
                   spec_blocks: list[Block] | None = None, build: bool = True) -> Diagram:
    """Shields around the hull when the ship has six shields and room; else a plain flow.

    The side shields are 2..8 boxes wide, whichever makes the diagram shortest (then the
    widest hull). ``build=False`` computes the size only (no groups): the box-size search.
    """
    chosen = blocks(spec) if spec_blocks is None else spec_blocks
    shields = [b for b in chosen if b.section == "Shields"]
    hull_blocks = [b for b in chosen if b.section in HULL_SECTIONS]
    best = None
    if len(shields) == 6:
        by_number = dict(enumerate(shields, start=1))
        for side_cols in range(2, 9):
            side = {k: extent(by_number[k], width, measure, side_cols) for k in (2, 3, 5, 6)}
            side_w = max(e.width for e in side.values())
            center_w = width - 2 * (side_w + PAD)
            if center_w < 10 * (BOX + GAP):
                break
            top_cols = max(1, int((center_w + GAP) // (BOX + GAP)))
            top = {k: extent(by_number[k], center_w, measure, top_cols) for k in (1, 4)}
            placed, hull_flow_h = flow(hull_blocks, center_w - 2 * HULL_PAD, measure,
                                       HULL_SECTIONS)
            hull_h = hull_flow_h + 2 * HULL_PAD if placed else 2.0
            height = max(top[1].height + PAD + hull_h + PAD + top[4].height,
                         side[6].height + PAD + side[5].height,
                         side[2].height + PAD + side[3].height)
            key = (height, -center_w)
            if best is None or key < best[0]:
                best = (key, side, side_w, center_w, top, placed)
            elif height > best[0][0] + 2 * (BOX + GAP):
                break  # narrower hulls only grow taller from here
    if best is None:
        placed, height = flow(chosen, width, measure, ("Shields", *HULL_SECTIONS))
        groups = tuple(place(b, e, x, y) for b, e, x, y in placed) if build else ()
        return Diagram(groups, width, height, None)
    (height, _), side, side_w, center_w, top, placed = best
    if not build:
        return Diagram((), width, height, None)
    by_number = dict(enumerate(shields, start=1))
    x0 = side_w + PAD
    spots = {
        1: (x0 + (center_w - top[1].width) / 2, 0.0),
        2: (width - side_w, 0.0),
        3: (width - side_w, height - side[3].height),
        4: (x0 + (center_w - top[4].width) / 2, height - top[4].height),
        5: (0.0, height - side[5].height),
        6: (0.0, 0.0),
    }
    sizes = {**side, **top}
    groups = [place(by_number[k], sizes[k], *spots[k]) for k in range(1, 7)]
    hull_top = top[1].height + PAD
    hull_rect = Rect(x0, hull_top, center_w, height - hull_top - top[4].height - PAD)
    groups += [place(b, e, x0 + HULL_PAD + x, hull_top + HULL_PAD + y) for b, e, x, y in placed]
    return Diagram(tuple(groups), width, height, hull_rect)


def _side_parts(spec: ShipSpec, width: float) -> list[tuple[list[Item], float]]:
    """Side-column pieces that do not depend on the box size."""
    parts = [key_values(data_rows(spec), width, SIDE_SIZE, "Ship data")]
    for table in (turn_mode_table(spec), drone_table(spec)):
        if table is not None:
            items, _w, h = fitted_table(table, SIDE_SIZE - 0.4, width)
            parts.append((items, h))
    return parts


def _side_column(spec: ShipSpec, width: float, unit: float, destroyed: Collection[str],
                 fixed: list[tuple[list[Item], float]]) -> tuple[list[Item], float]:
    """Data table, turn mode, tracks (boxes at ``unit``), crew and boarding-party ticks,
    drone racks, stacked; returns items at the origin and the height."""
    b = Builder()
    y = 0.0
    pieces = list(fixed[:2])
    tracks = layout_ssd(spec, width / unit, unit_measure(unit), ("Tracks",))
    if tracks.groups:
        tb = Builder()
        group_items(tb, tracks.groups, 0.0, 0.0, unit, destroyed)
        pieces.append((tb.items, tracks.height * unit))
    tick = min(max(unit * 0.72, 4.2), 6.5)
    for label, count, prefix in (("Crew units", spec.crew_units, "crew"),
                                 ("Boarding parties", spec.boarding_parties, "boarding"),
                                 ("Deck crews", spec.deck_crews, "")):
        if count:
            pieces.append(tick_rows(label, count, width, tick, SIDE_SIZE, prefix, destroyed))
    pieces.extend(fixed[2:])
    for items, h in pieces:
        b.extend(items, 0.0, y)
        y += h + GUTTER * 0.7
    return b.items, max(y - GUTTER * 0.7, 0.0)


def _charts(spec: ShipSpec, width: float, size: float,
            notes: bool) -> tuple[list[Item], float]:
    tables = movement_tables(spec, width, size)
    tables += [t for t in (chart_table(n) for n in weapon_chart_names(spec)) if t is not None]
    built = [table_items(t, size, notes, min(width, 260.0)) for t in tables]
    positions, height = shelf_pack([(w, h) for _i, w, h in built], width, GUTTER * 1.4)
    b = Builder()
    for (items, _w, _h), (x, y) in zip(built, positions, strict=True):
        b.extend(items, x, y)
    return b.items, height


def _header(spec: ShipSpec, width: float, destroyed_count: int, total: int,
            status: str) -> tuple[list[Item], float]:
    b = Builder()
    ident = spec.id
    id_w = fonts.text_width(ident, 10.0, True)
    title = f"{spec.race_name} {spec.name} ({spec.class_code})"
    size = HEADER_SIZE
    while size > 7.0 and fonts.text_width(title, size, True) > width - id_w - 12.0:
        size -= 0.5
    y = paragraph(b, 0.0, 0.0, title, width - id_w - 12.0, size, True)
    b.text(width - id_w, 0.0, ident, 10.0, True)
    facts = ["Ship System Display (SSD)"]
    if spec.rule:
        facts.append(f"rule {spec.rule}")
    if spec.year_in_service is not None:
        facts.append(f"Y{spec.year_in_service}")
    facts.append(status or (f"damage marked: {destroyed_count} of {total} boxes destroyed"
                            if destroyed_count else "blank"))
    y += 1.0
    y += paragraph(b, 0.0, y, " \u00b7 ".join(facts), width, SUB_SIZE, style="muted")
    b.line(0.0, y + 2.0, width, y + 2.0, "")
    return b.items, y + 2.5


def _banner(spec: ShipSpec, width: float) -> tuple[list[Item], float]:
    if spec.data_status == "verified":
        return [], 0.0
    b = Builder()
    if spec.kind == "monster":  # SM7: a Space Dragon plays with the chart's weapons
        text = ("A SPACE DRAGON HAS NO SSD (SM7.462). This page shows the eyes and flame of the "
                "Advanced Missions chart (SM7.461) it fires; hits are rolled on its record "
                "(body, wings, tail, claws: SM7.463), shown under its counter on the map.")
        h = paragraph(b, 4.0, 3.0, text, width - 8.0, 7.0, True, "banner")
        return [Item("frame", Rect(0.0, 0.0, width, h + 6.0), style="banner"), *b.items], h + 6.0
    if spec.data_status == "reconstructed":  # issue 17: Module C2 prints no box counts
        why = why_reconstructed(spec)
        if why.startswith("Module C2"):
            why += "; this page keeps every fact the module states and reconstructs the rest"
        text = (f"RECONSTRUCTED: PRACTICE DATA, NOT THE SSD. {why[0].upper()}{why[1:]}. "
                "Complete the ship from your SSD book in the ship designer.")
        h = paragraph(b, 4.0, 3.0, text, width - 8.0, 7.0, True, "banner")
        return [Item("frame", Rect(0.0, 0.0, width, h + 6.0), style="banner"), *b.items], h + 6.0
    if spec.complete:  # a draft (issue 16): playable, from one source
        disputed = len(spec.disagreements)
        text = ("DRAFT: CHECK AGAINST YOUR SSD. The box counts come from one public "
                "transcription" + (f"; {disputed} facts are disputed between sources" if disputed
                                   else "") + ". Confirm them in the ship designer.")
        h = paragraph(b, 4.0, 3.0, text, width - 8.0, 7.0, True, "banner")
        return [Item("frame", Rect(0.0, 0.0, width, h + 6.0), style="banner"), *b.items], h + 6.0
    missing = "; ".join(spec.missing) or "box counts"
    text = (f"INCOMPLETE: missing {missing}. This ship file lacks these facts; the page prints "
            "what is known and never guesses.")
    h = paragraph(b, 4.0, 3.0, text, width - 8.0, 7.0, True, "banner")
    items = [Item("frame", Rect(0.0, 0.0, width, h + 6.0), style="banner"), *b.items]
    return items, h + 6.0


def _footer(spec: ShipSpec, width: float, footer: str) -> tuple[list[Item], float]:
    b = Builder()
    text = f"SFB Desk \u00b7 {spec.id} \u00b7 box ids as in the ship file"
    if footer:
        text = f"{text} \u00b7 {footer}"
    h = paragraph(b, 0.0, 0.0, text, width, 5.5, style="muted")
    return b.items, h


def _best_unit(fits, low: float, high: float) -> float | None:
    """The largest unit in [low, high] (to 0.05 pt) for which ``fits(unit)`` holds."""
    if fits(high):
        return high
    if not fits(low):
        return None
    for _ in range(7):
        mid = (low + high) / 2
        if fits(mid):
            low = mid
        else:
            high = mid
    return low


def layout_ssd_form(spec: ShipSpec, width: float, height: float,
                    destroyed: Collection[str] = frozenset(), footer: str = "",
                    status: str = "") -> FormLayout:
    """Lay out the SSD page of ``spec`` in a ``width`` x ``height`` point rectangle."""
    destroyed = frozenset(destroyed)
    all_ids = spec.box_ids()
    marked = len(destroyed.intersection(all_ids))
    head, head_h = _header(spec, width, marked, len(all_ids), status)
    banner, banner_h = _banner(spec, width)
    foot, foot_h = _footer(spec, width, footer)
    side_w = min(max(width * 0.3, 150.0), 205.0)
    diag_w = width - side_w - GUTTER
    fixed_side = _side_parts(spec, side_w)
    top = head_h + GUTTER * 0.6 + (banner_h + GUTTER * 0.6 if banner else 0.0)
    has_boxes = bool(all_ids)
    spec_blocks = blocks(spec)

    best = None
    for size, notes in CHART_STYLES:
        charts, charts_h = _charts(spec, width, size, notes)
        middle_h = height - top - (charts_h + GUTTER if charts else 0.0) - foot_h - GUTTER * 0.6

        def fits(unit: float) -> bool:
            if not has_boxes:
                return _side_column(spec, side_w, unit, destroyed, fixed_side)[1] <= middle_h
            diagram = diagram_layout(spec, diag_w / unit, unit_measure(unit), spec_blocks,
                                     build=False)
            if diagram.height * unit > middle_h:
                return False
            return _side_column(spec, side_w, unit, destroyed, fixed_side)[1] <= middle_h

        unit = _best_unit(fits, UNIT_MIN, UNIT_MAX)
        if unit is not None and (best is None or unit > best[0]):
            best = (unit, size, notes, charts, charts_h, middle_h)
        if unit is not None and unit >= UNIT_COMFORT:
            break
    if best is None:
        raise ValueError(f"{spec.id}: the SSD does not fit a {width:.0f} x {height:.0f} pt page")
    unit, size, notes, charts, charts_h, middle_h = best

    b = Builder()
    diagram_h = 0.0
    if has_boxes:
        diagram = diagram_layout(spec, diag_w / unit, unit_measure(unit), spec_blocks)
        diagram_h = diagram.height * unit
        if diagram.hull is not None:
            h = diagram.hull
            b.frame(Rect(h.x * unit, top + h.y * unit, h.w * unit, h.h * unit), "hull")
        group_items(b, diagram.groups, 0.0, top, unit, destroyed)
    else:
        diagram_h = paragraph(b, 0.0, top, "No box counts in this ship file: nothing to mark.",
                              diag_w, 8.0, True, "muted")
    side_items, side_h = _side_column(spec, side_w, unit, destroyed, fixed_side)
    b.extend(side_items, width - side_w, top)
    b.extend(head)
    if banner:
        b.extend(banner, 0.0, head_h + GUTTER * 0.6)
    # Charts follow the taller of the diagram and the side column. Room left over makes the
    # charts larger (up to CHART_MAX) and then holds the refits and the ship file's notes.
    charts_top = top + max(diagram_h, side_h) + GUTTER
    room = height - foot_h - GUTTER * 0.6 - charts_top
    for larger in CHART_LARGER:
        if larger <= size or not charts:
            continue
        trial, trial_h = _charts(spec, width, larger, True)
        if trial_h <= room:
            charts, charts_h, size, notes = trial, trial_h, larger, True
            break
    if charts:
        b.extend(charts, 0.0, charts_top)
        room -= charts_h + GUTTER
    notes_items, _notes_h = notes_block(notes_lines(spec), spec.id, width, room, NOTE_SIZE)
    b.extend(notes_items, 0.0, height - foot_h - GUTTER * 0.6 - room)
    b.extend(foot, 0.0, height - foot_h)
    info = (("score", unit), ("score_enough", UNIT_ENOUGH), ("unit", unit),
            ("chart_size", size), ("chart_notes", notes),
            ("diagram_height", diagram_h), ("destroyed", marked))
    return FormLayout(width, height, tuple(b.items), info)


def render_ssd(painter: QPainter, rect: QRectF, spec: ShipSpec,
               destroyed: Collection[str] = frozenset(), highlighted: Iterable[str] = (),
               footer: str = "") -> FormLayout:
    """Lay out and paint the SSD page of ``spec`` in ``rect`` (the painter's logical unit must
    be one point); returns the layout, whose items are exactly what was drawn."""
    form = layout_ssd_form(spec, rect.width(), rect.height(), destroyed, footer)
    paint_form(painter, form, rect.topLeft(), highlighted)
    return form


def ssd_box_layout(form: FormLayout):
    """The boxes of a laid-out form as an :class:`~sfb_desk.printing.ssd_layout.SsdLayout` in
    box units (one unit = the form's box size), for hit-testing on screen."""
    from .ssd_layout import Cell, SsdLayout

    unit = float(form.info_value("unit"))
    by_section: dict[str, list[Cell]] = {}
    for item in form.items:
        if item.kind == "box":
            by_section.setdefault(item.style, []).append(
                Cell(item.box_id, item.rect.x / unit, item.rect.y / unit, item.text))
    groups = []
    for section, cells in by_section.items():
        x0 = min(c.x for c in cells)
        y0 = min(c.y for c in cells)
        x1 = max(c.x for c in cells) + BOX
        y1 = max(c.y for c in cells) + BOX
        groups.append(Group(section, section, x0, y0, x1 - x0, y1 - y0, tuple(cells)))
    return SsdLayout(tuple(groups), form.width / unit, form.height / unit)
