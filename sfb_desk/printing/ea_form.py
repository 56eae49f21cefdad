"""The Energy Allocation form (B3): one page per ship, a column per turn, lines that fit the ship.

``render_ea(painter, rect, spec, turns=4, ...)`` lays the form out in ``rect`` (logical unit =
one point), paints it with the same painter as the SSD and returns the
:class:`~sfb_desk.printing.form.FormLayout`.

Columns: the paper form's line number, the line (with its rule), "Ship / cost" (power from the
boxes left, costs by size class, each launcher's arming cycle: :mod:`.ea_lines`), then one
column per turn. Rows are the energy model's own form lines fitted to the ship
(:func:`~sfb_desk.printing.ea_lines.ea_rows`).

With an :class:`~sfb_desk.rules.energy.Allocation` and the ship's
:class:`~sfb_desk.rules.energy.EnergyState` (a saved game's ship record), the first turn column
is filled in: each entry with its energy, the power lines and the totals (lines 4, 20, 21)
from the energy ledger, and the issues the energy rules find are listed under the table. A raw
allocation record (a movement-only game's ``Unit.allocation``) fills in the entries only.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from sfb_desk.rules.energy import Allocation, EnergyState, initial_state
from sfb_desk.rules.ship import ShipSpec

from . import fonts
from .ea_lines import Row, cost_column, ea_rows, filled_column, record_column, used_lines
from .form import Builder, FormLayout, Rect, paint_form, paragraph, wrap
from .ssd_parts import fraction_text

MAX_TURNS = 8
LABEL_SIZE = 6.6
VALUE_SIZE = 6.4
MIN_SIZE = 4.2
ROW_MIN, ROW_MAX = 11.0, 19.0  # row height range in points (room to write by hand)


def decode_allocation(raw: str | Mapping | None) -> dict[str, object] | None:
    """A stored allocation (canonical JSON, as in ``Unit.allocation``) as a dict."""
    if raw is None or raw == "":
        return None
    try:
        value = json.loads(raw) if isinstance(raw, str) else dict(raw)
    except RecursionError:  # the printing layer reads no files; a save's text reaches it here
        raise ValueError("an energy allocation nested too deeply to be one") from None
    if not isinstance(value, dict):
        raise ValueError("an energy allocation is a record of lines (a JSON object)")
    return value


# ---------------------------------------------------------------------------------------------
# Layout


def _fit_size(text: str, width: float, size: float, bold: bool = False) -> float:
    if not text:
        return size
    wide = fonts.text_width(text, size, bold)
    return size if wide <= width else max(size * width / wide, MIN_SIZE)


def _turn_cells(spec: ShipSpec, rows_for, destroyed: frozenset[str],
                allocation: Allocation | Mapping | None, state: EnergyState | None):
    """(rows, cells of the filled column, lines printed under the table)."""
    if allocation is None:
        return rows_for(()), {}, []
    rows = rows_for(used_lines(allocation))
    if isinstance(allocation, Allocation):
        if state is None:
            state = initial_state(spec, turn=allocation.turn, destroyed=destroyed)
        cells, issues = filled_column(allocation, spec, state, rows)
        notes = [f"Energy rules on turn {allocation.turn}: " + "; ".join(issues)] if issues \
            else [f"Energy rules on turn {allocation.turn}: no issues."]
        return rows, cells, notes
    cells, extra = record_column(allocation, rows)
    notes = ["Other entries of this allocation: " + "; ".join(extra)] if extra else []
    return rows, cells, notes


def layout_ea_form(spec: ShipSpec, width: float, height: float, turns: int = 4,
                   destroyed: Collection[str] = frozenset(),
                   allocation: Allocation | Mapping[str, object] | None = None,
                   first_turn: int | None = None, status: str = "", footer: str = "",
                   state: EnergyState | None = None) -> FormLayout:
    """Lay out the EA form of ``spec`` for ``turns`` turns in ``width`` x ``height`` points.

    ``allocation`` fills the first turn column: an energy-model :class:`Allocation` (with the
    ship's ``state``, else the state of a fresh ship with ``destroyed``) or a raw record.
    """
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"turns must be 1..{MAX_TURNS}, not {turns}")
    dead = frozenset(destroyed)
    if state is not None:
        dead = dead | state.destroyed
    if first_turn is None and isinstance(allocation, Allocation):
        first_turn = allocation.turn
    rows, cells, notes = _turn_cells(spec, lambda used: ea_rows(spec, used), dead, allocation,
                                     state)
    known = cost_column(spec, dead)
    b = Builder()
    # Header.
    title = f"Energy Allocation \u2014 {spec.race_name} {spec.name} ({spec.class_code})"
    id_w = fonts.text_width(spec.id, 10.0, True)
    size = 12.0
    while size > 7.0 and fonts.text_width(title, size, True) > width - id_w - 12.0:
        size -= 0.5
    y = paragraph(b, 0.0, 0.0, title, width - id_w - 12.0, size, True)
    b.text(width - id_w, 0.0, spec.id, 10.0, True)
    facts = ["B3 energy allocation; line numbers as reconstructed in the reference (5.3)"]
    if spec.size_class is not None:
        facts.append(f"size class {spec.size_class}")
    if spec.move_cost is not None:
        facts.append(f"movement cost {fraction_text(spec.move_cost)}")
    facts.append(status or (f"allocation of turn {first_turn if first_turn is not None else '-'}"
                            " filled in" if allocation is not None else "blank"))
    y += 1.0 + paragraph(b, 0.0, y + 1.0, " \u00b7 ".join(facts), width, 7.0, style="muted")
    b.line(0.0, y + 2.0, width, y + 2.0, "")
    y += 2.0 + 9.0

    # Columns: line number, line (label + rule), ship / cost, one per turn.
    num_w = fonts.text_width("21", LABEL_SIZE, True) + 6.0
    label_w = min(max(fonts.text_width(r.title, LABEL_SIZE, True) for r in rows) + 6.0,
                  width * 0.34)
    cost_w = min(max([fonts.text_width("Ship / cost", LABEL_SIZE, True),
                      *(fonts.text_width(v, VALUE_SIZE) for v in known.values())]) + 6.0,
                 width * 0.2)
    turn_w = (width - num_w - label_w - cost_w) / turns
    if turn_w < 24.0:
        raise ValueError(f"{turns} turn columns do not fit {width:.0f} pt; fewer turns or "
                         "landscape")
    note_size = 5.8
    note_lines = [line for note in notes for line in wrap(note, width, note_size)]
    notes_h = len(note_lines) * fonts.line_height(note_size) + (6.0 if note_lines else 0.0)
    groups = list(dict.fromkeys(r.group for r in rows))
    foot_h = fonts.line_height(5.5)
    header_h = fonts.line_height(LABEL_SIZE, True) + 4.0
    count = len(rows) + len(groups)
    room = height - y - header_h - notes_h - foot_h - 8.0
    row_h = min(ROW_MAX, room / count)
    if row_h < ROW_MIN:
        raise ValueError(f"{spec.id}: {count} EA rows do not fit {height:.0f} pt")

    xs = [0.0, num_w, num_w + label_w, num_w + label_w + cost_w]
    xs += [xs[3] + turn_w * k for k in range(1, turns + 1)]
    top = y
    heads = ["#", "Line", "Ship / cost"]
    heads += [f"Turn {first_turn + k}" if first_turn is not None else "Turn ____"
              for k in range(turns)]
    b.frame(Rect(0.0, y, width, header_h), "header")
    for k, head in enumerate(heads):
        col_w = xs[k + 1] - xs[k]
        hs = _fit_size(head, col_w - 4.0, LABEL_SIZE, True)
        hw = fonts.text_width(head, hs, True)
        b.text(xs[k] + (col_w - hw) / 2 if k >= 2 else xs[k] + 2.0,
               y + (header_h - fonts.line_height(hs, True)) / 2, head, hs, True)
    y += header_h
    spans = [(top, top + header_h)]  # rows that have column lines (not the group titles)
    for group in groups:
        b.frame(Rect(0.0, y, width, row_h), "header")
        gs = min(LABEL_SIZE, row_h / fonts.line_height(1.0, True) - 0.4)
        b.text(2.0, y + (row_h - fonts.line_height(gs, True)) / 2, group, gs, True)
        y += row_h
        for row in (r for r in rows if r.group == group):
            _row(b, row, xs, y, row_h, known.get(row.key, ""), cells.get(row.key, ""))
            spans.append((y, y + row_h))
            y += row_h
    # Grid lines: the outer ones full height, the column lines through entry rows only.
    b.line(0.0, top, 0.0, y)
    b.line(width, top, width, y)
    for x in xs[1:-1]:
        for y0, y1 in spans:
            b.line(x, y0, x, y1)
    for k in range(count + 2):
        yy = top + (header_h if k else 0.0) + max(k - 1, 0) * row_h
        b.line(0.0, yy, width, yy)
    y += 6.0
    for line in note_lines:
        b.text(0.0, y, line, note_size, style="filled")
        y += fonts.line_height(note_size)
    text = f"SFB Desk \u00b7 {spec.id} \u00b7 energy allocation"
    if footer:
        text += f" \u00b7 {footer}"
    b.text(0.0, height - foot_h, text, 5.5, style="muted")
    score = min(turn_w / 60.0, row_h / 14.0)
    info = (("score", score), ("score_enough", 1.0), ("row_height", row_h),
            ("turn_width", turn_w), ("lines", tuple(r.key for r in rows)))
    return FormLayout(width, height, tuple(b.items), info)


def _row(b: Builder, row: Row, xs: list[float], y: float, row_h: float, cost: str,
         filled: str) -> None:
    number = str(row.form)
    ns = _fit_size(number, xs[1] - 4.0, LABEL_SIZE, True)
    b.text(2.0, y + (row_h - fonts.line_height(ns, True)) / 2, number, ns, True)
    label = row.title
    ls = min(_fit_size(label, xs[2] - xs[1] - 4.0, LABEL_SIZE, row.entry),
             row_h / fonts.line_height(1.0, True) - 0.4)
    if fonts.text_width(label, ls, row.entry) > xs[2] - xs[1] - 4.0:
        label = _shorten(label, xs[2] - xs[1] - 4.0, ls, row.entry)
    b.text(xs[1] + 2.0, y + (row_h - fonts.line_height(ls, row.entry)) / 2, label, ls,
           row.entry, "" if row.entry else "muted")
    for k, value, style in ((2, cost, "muted"), (3, filled, "filled")):
        if not value:
            continue
        col_w = xs[k + 1] - xs[k]
        vs = min(_fit_size(value, col_w - 4.0, VALUE_SIZE),
                 row_h / fonts.line_height(1.0) - 0.4)
        if fonts.text_width(value, vs) > col_w - 4.0:
            value = _shorten(value, col_w - 4.0, vs)
        vw = fonts.text_width(value, vs)
        b.text(xs[k] + (col_w - vw) / 2, y + (row_h - fonts.line_height(vs)) / 2, value, vs,
               style=style)


def _shorten(text: str, width: float, size: float, bold: bool = False) -> str:
    """Cut a text that cannot fit its cell even at the smallest size, marking the cut."""
    while len(text) > 1 and fonts.text_width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text + "\u2026"


def render_ea(painter: QPainter, rect: QRectF, spec: ShipSpec, turns: int = 4,
              destroyed: Collection[str] = frozenset(),
              allocation: Allocation | Mapping[str, object] | None = None,
              first_turn: int | None = None, status: str = "", footer: str = "",
              state: EnergyState | None = None) -> FormLayout:
    """Lay out and paint the EA form in ``rect`` (logical unit = one point); returns it."""
    form = layout_ea_form(spec, rect.width(), rect.height(), turns, destroyed, allocation,
                          first_turn, status, footer, state)
    paint_form(painter, form, rect.topLeft())
    return form


@dataclass(frozen=True, slots=True)
class EaSheet:
    """An EA form as a print sheet (see :mod:`sfb_desk.printing.output`)."""

    spec: ShipSpec
    turns: int = 4
    destroyed: frozenset[str] = frozenset()
    allocation: Allocation | Mapping[str, object] | None = field(default=None, hash=False)
    first_turn: int | None = None
    status: str = ""
    state: EnergyState | None = None

    def layout(self, width: float, height: float, footer: str = "") -> FormLayout:
        return layout_ea_form(self.spec, width, height, self.turns, self.destroyed,
                              self.allocation, self.first_turn, self.status, footer, self.state)
