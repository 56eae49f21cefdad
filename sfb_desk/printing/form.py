"""What a printed form is made of: items with rectangles in points, and the one painter for them.

A form renderer (the SSD in :mod:`.ssd_form`, the EA in :mod:`.ea_form`) first builds a
:class:`FormLayout`: a flat list of :class:`Item` (text, boxes, write-in ticks, lines, frames),
each with its rectangle in points relative to the form's top-left corner. :func:`paint_form`
then draws the items with QPainter on whatever device the caller has (screen widget, PDF
writer, printer), in a painter whose logical unit is one point.

Because every drawn thing is an item with a rectangle, tests can check a page without looking
at pixels: text rectangles are the measured extent of the text (:mod:`.fonts`), so "no two leaf
items overlap" and "every item lies inside the printable rectangle" mean nothing is drawn over
something else or cut off at the edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from . import fonts

TEXT = "text"  # rect = the measured extent of the text
BOX = "box"  # a system box with a stable id; text printed inside; marked = destroyed
TICK = "tick"  # a box to tick off (write-in cells; crew units ``crew#n``, boarding parties
#                ``boarding#n``: counters with ids, marked = lost)
LINE = "line"  # decoration: a line from (x, y) to (x + w, y + h)
FRAME = "frame"  # decoration: an outline (and fill) around other items

LEAF_KINDS = frozenset({TEXT, BOX, TICK})
EPS = 1e-6

#: Fill colours of box sections (also used on screen).
SECTION_COLOURS: dict[str, str] = {
    "Shields": "#dbe9f6",
    "Control": "#f3e3c3",
    "Power": "#f6d5d5",
    "Hull": "#e4e4e4",
    "Systems": "#dff0dc",
    "Weapons": "#f4dcef",
    "Special": "#e9e2f7",
    "Tracks": "#fff6c9",
}
TEXT_COLOURS: dict[str, str] = {
    "": "#1b1b1b",
    "muted": "#555555",
    "banner": "#8a0016",
    "marked": "#b00020",
    "filled": "#0b3d91",
}
FRAME_STYLES: dict[str, tuple[str, str | None, float]] = {  # style -> (pen, fill, width)
    "": ("#1b1b1b", None, 0.6),
    "panel": ("#8c8c8c", None, 0.5),
    "hull": ("#6b6b6b", "#fafafa", 0.8),
    "banner": ("#b00020", "#fde8eb", 0.9),
    "grid": ("#9a9a9a", None, 0.35),
    "header": ("#d7d7d7", "#f0f0f0", 0.0),
    "write": ("#6b6b6b", "#ffffff", 0.5),
}
MARK_COLOUR = "#b00020"


class Rect(NamedTuple):
    """A rectangle in points (a named tuple: pages build thousands of them)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Rect, eps: float = EPS) -> bool:
        """Positive-area intersection (touching edges do not count)."""
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.bottom - eps and other.y < self.bottom - eps)

    def inside(self, other: Rect, eps: float = 1e-3) -> bool:
        return (self.x >= other.x - eps and self.y >= other.y - eps
                and self.right <= other.right + eps and self.bottom <= other.bottom + eps)

    def contains_point(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.bottom

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


class Item(NamedTuple):
    """One drawn thing. ``size`` is the font size in points of ``text``."""

    kind: str
    rect: Rect
    text: str = ""
    size: float = 0.0
    bold: bool = False
    box_id: str = ""
    style: str = ""  # colour key: a section for boxes, a TEXT_COLOURS / FRAME_STYLES key
    marked: bool = False  # a destroyed box (crossed out)

    def moved(self, dx: float, dy: float) -> Item:
        r = self.rect
        return Item(self.kind, Rect(r.x + dx, r.y + dy, r.w, r.h), self.text, self.size,
                    self.bold, self.box_id, self.style, self.marked)


@dataclass(frozen=True, slots=True)
class FormLayout:
    """A laid-out page: its size in points, and every item drawn on it."""

    width: float
    height: float
    items: tuple[Item, ...]
    info: tuple[tuple[str, object], ...] = ()  # facts about the layout (box size, orientation)

    @property
    def bounds(self) -> Rect:
        return Rect(0.0, 0.0, self.width, self.height)

    def leaves(self) -> list[Item]:
        return [i for i in self.items if i.kind in LEAF_KINDS]

    def texts(self) -> list[str]:
        """Every piece of text drawn, including the text inside boxes, in drawing order."""
        return [i.text for i in self.items if i.text]

    def boxes(self) -> dict[str, Item]:
        return {i.box_id: i for i in self.items if i.kind == BOX and i.box_id}

    def box_at(self, x: float, y: float) -> str | None:
        for item in self.items:
            if item.kind == BOX and item.box_id and item.rect.contains_point(x, y):
                return item.box_id
        return None

    def outside(self, rect: Rect | None = None) -> list[Item]:
        """Items not wholly inside ``rect`` (default: the page)."""
        area = rect or self.bounds
        return [i for i in self.items if not i.rect.inside(area)]

    def overlaps(self) -> list[tuple[Item, Item]]:
        """Pairs of leaf items (text, boxes, ticks) that overlap; a sweep along x."""
        leaves = sorted(self.leaves(), key=lambda i: i.rect.x)
        found: list[tuple[Item, Item]] = []
        active: list[Item] = []
        for item in leaves:
            active = [a for a in active if a.rect.right > item.rect.x + EPS]
            found.extend((a, item) for a in active if a.rect.overlaps(item.rect))
            active.append(item)
        return found

    def unfit_texts(self) -> list[Item]:
        """Boxes whose printed text is wider or taller than the box."""
        return [i for i in self.items if i.kind in (BOX, TICK) and i.text
                and (fonts.text_width(i.text, i.size, i.bold) > i.rect.w + EPS
                     or fonts.line_height(i.size, i.bold) > i.rect.h + EPS)]

    def info_value(self, key: str) -> object:
        return dict(self.info).get(key)


# ---------------------------------------------------------------------------------------------
# Building


@dataclass
class Builder:
    """Collects items; helpers place text by its measured extent."""

    items: list[Item] = field(default_factory=list)

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             style: str = "") -> Rect:
        rect = Rect(x, y, fonts.text_width(text, size, bold), fonts.line_height(size, bold))
        if text:
            self.items.append(Item(TEXT, rect, text, size, bold, style=style))
        return rect

    def box(self, rect: Rect, box_id: str, section: str, text: str = "", size: float = 0.0,
            marked: bool = False) -> None:
        self.items.append(Item(BOX, rect, text, size, False, box_id, section, marked))

    def tick(self, rect: Rect, text: str = "", size: float = 0.0, style: str = "",
             box_id: str = "", marked: bool = False) -> None:
        """A tick box; one of a counter (crew units ``crew#n``) has an id and may be marked."""
        self.items.append(Item(TICK, rect, text, size, style=style, box_id=box_id,
                               marked=marked))

    def line(self, x1: float, y1: float, x2: float, y2: float, style: str = "grid") -> None:
        self.items.append(Item(LINE, Rect(x1, y1, x2 - x1, y2 - y1), style=style))

    def frame(self, rect: Rect, style: str = "") -> None:
        self.items.append(Item(FRAME, rect, style=style))

    def extend(self, items: Iterable[Item], dx: float = 0.0, dy: float = 0.0) -> None:
        self.items.extend(i.moved(dx, dy) if dx or dy else i for i in items)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``width`` points; a word longer than a line is split."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if fonts.text_width(candidate, size, bold) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while fonts.text_width(word, size, bold) > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and fonts.text_width(word[:cut], size, bold) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def paragraph(builder: Builder, x: float, y: float, text: str, width: float, size: float,
              bold: bool = False, style: str = "") -> float:
    """Wrapped text; returns the height used."""
    step = fonts.line_height(size, bold)
    lines = wrap(text, width, size, bold)
    for n, line in enumerate(lines):
        builder.text(x, y + n * step, line, size, bold, style)
    return len(lines) * step


@dataclass(frozen=True, slots=True)
class Table:
    """A titled grid of text cells (a weapon chart, the movement chart, the data table)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    min_widths: tuple[float, ...] = ()  # per column, points (write-in columns)
    uniform: bool = True  # every column after the first as wide as the widest of them


CELL_PAD = 1.6  # points each side of a cell's text


def table_size(table: Table, size: float, notes: bool, max_width: float) -> tuple[float, float]:
    items, w, h = table_items(table, size, notes, max_width)
    return w, h


def table_items(table: Table, size: float, notes: bool,
                max_width: float) -> tuple[list[Item], float, float]:
    """Lay a table out at the origin: title, header row (bold, shaded), rows, wrapped notes.

    Column widths fit the widest cell (the data columns share one width unless
    ``table.uniform`` is False); the first column is left-aligned, the others centred.
    Returns (items, width, height).
    """
    b = Builder()
    title_size = size + 0.6
    y = 0.0
    grid = [table.columns, *table.rows] if table.columns else list(table.rows)
    ncols = max(len(r) for r in grid) if grid else 0
    widths = [0.0] * ncols
    for r, row in enumerate(grid):
        bold = r == 0 and bool(table.columns)
        for c, cell in enumerate(row):
            widths[c] = max(widths[c], fonts.text_width(cell, size, bold or c == 0))
    if table.uniform and ncols > 1:
        widths[1:] = [max(widths[1:])] * (ncols - 1)
    for c, minimum in enumerate(table.min_widths[:ncols]):
        widths[c] = max(widths[c], minimum - 2 * CELL_PAD)
    col_w = [w + 2 * CELL_PAD for w in widths]
    grid_w = sum(col_w)
    title_w = fonts.text_width(table.title, title_size, True)
    width = max(grid_w, title_w)
    if table.title:
        b.text(0.0, 0.0, table.title, title_size, True)
        y += fonts.line_height(title_size, True) + 0.8
    row_h = fonts.line_height(size) + 0.8
    top = y
    for r, row in enumerate(grid):
        header = r == 0 and bool(table.columns)
        if header:
            b.frame(Rect(0.0, y, grid_w, row_h), "header")
        x = 0.0
        for c in range(ncols):
            cell = row[c] if c < len(row) else ""
            bold = header or c == 0
            tw = fonts.text_width(cell, size, bold)
            # The first column reads as labels (left); the others centre in their column.
            tx = x + CELL_PAD if c == 0 else x + (col_w[c] - tw) / 2
            b.text(tx, y + 0.4, cell, size, bold)
            x += col_w[c]
        y += row_h
    if grid:
        b.line(0.0, top, grid_w, top)
        b.line(0.0, y, grid_w, y)
        if table.columns:
            b.line(0.0, top + row_h, grid_w, top + row_h)
        x = 0.0
        for w in col_w[:-1]:
            x += w
            b.line(x, top, x, y)
        b.line(0.0, top, 0.0, y)
        b.line(grid_w, top, grid_w, y)
    if notes and table.notes:
        note_size = max(size - 1.0, 4.2)
        y += 0.8
        note_w = max(width, min(max_width, 150.0))
        for note in table.notes:
            y += paragraph(b, 0.0, y, f"\u2022 {note}", note_w, note_size, style="muted")
        width = max(width, max((i.rect.right for i in b.items), default=0.0))
    return b.items, width, y


def transpose(table: Table) -> Table:
    """Columns become rows (a wide one-row table printed as a list)."""
    grid = [table.columns, *table.rows]
    ncols = max(len(r) for r in grid)
    cols = [tuple(r[c] if c < len(r) else "" for r in grid) for c in range(ncols)]
    return Table(table.title, cols[0], tuple(cols[1:]), table.notes, uniform=table.uniform)


def fitted_table(table: Table, size: float, width: float, notes: bool = False,
                 min_size: float = 4.6) -> tuple[list[Item], float, float]:
    """:func:`table_items` at the largest size down to ``min_size`` that fits ``width``;
    failing that, the table transposed, and at last the smallest size (the caller checks)."""
    trial = size
    while True:
        items, w, h = table_items(table, trial, notes, width)
        if w <= width + EPS or trial <= min_size:
            break
        trial = max(trial - 0.4, min_size)
    if w <= width + EPS:
        return items, w, h
    flipped = table_items(transpose(table), size, notes, width)
    return flipped if flipped[1] <= width + EPS else (items, w, h)


def shelf_pack(blocks: list[tuple[float, float]], width: float,
               gap: float) -> tuple[list[tuple[float, float]], float]:
    """Place blocks (w, h) left to right in rows no wider than ``width``; returns positions and
    the total height. A block wider than ``width`` gets a row of its own."""
    positions: list[tuple[float, float]] = []
    x = y = row_h = 0.0
    for w, h in blocks:
        if x > 0 and x + w > width + EPS:
            x = 0.0
            y += row_h + gap
            row_h = 0.0
        positions.append((x, y))
        x += w + gap
        row_h = max(row_h, h)
    return positions, (y + row_h if blocks else 0.0)


# ---------------------------------------------------------------------------------------------
# Painting


def _draw_text(painter: QPainter, fonts_by_weight: dict[bool, object], item: Item,
               x: float, y: float) -> None:
    """Text at the 100-unit reference size, scaled: the painted width is the measured width."""
    scale = item.size / fonts.REFERENCE_SIZE
    painter.save()
    painter.translate(x, y + fonts.ascent(item.size, item.bold))
    painter.scale(scale, scale)
    painter.setFont(fonts_by_weight[item.bold])
    painter.drawText(QPointF(0.0, 0.0), item.text)
    painter.restore()


def _qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.w, rect.h)


def paint_form(painter: QPainter, form: FormLayout, origin: QPointF | None = None,
               highlighted: Iterable[str] = ()) -> None:
    """Draw every item of ``form`` with its top-left corner at ``origin`` (logical unit = 1 pt).

    ``highlighted`` box ids are filled orange (e.g. damage that has just landed, on screen).
    """
    device = painter.device()
    font_for = {bold: fonts.reference_font(bold, device) for bold in (False, True)}
    highlight = frozenset(highlighted)
    painter.save()
    if origin is not None:
        painter.translate(origin)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    ink = QColor(TEXT_COLOURS[""])
    for item in _paint_order(form.items):
        rect = item.rect
        if item.kind == FRAME:
            pen_colour, fill, width = FRAME_STYLES.get(item.style, FRAME_STYLES[""])
            painter.setPen(QPen(QColor(pen_colour), width) if width else Qt.PenStyle.NoPen)
            painter.setBrush(QColor(fill) if fill else Qt.BrushStyle.NoBrush)
            painter.drawRect(_qrect(rect))
        elif item.kind == LINE:
            pen_colour, _fill, width = FRAME_STYLES.get(item.style, FRAME_STYLES["grid"])
            painter.setPen(QPen(QColor(pen_colour), width))
            painter.drawLine(QPointF(rect.x, rect.y), QPointF(rect.right, rect.bottom))
        elif item.kind in (BOX, TICK):
            side = min(rect.w, rect.h)
            painter.setPen(QPen(ink, max(side * 0.06, 0.35)))
            if item.box_id and item.box_id in highlight:
                painter.setBrush(QColor("#ff9a3c"))
            elif item.kind == BOX:
                painter.setBrush(QColor(SECTION_COLOURS.get(item.style, "#ffffff")))
            else:
                painter.setBrush(QColor("#ffffff"))
            painter.drawRect(_qrect(rect))
            if item.text:
                painter.setPen(ink)
                tw = fonts.text_width(item.text, item.size, item.bold)
                th = fonts.line_height(item.size, item.bold)
                _draw_text(painter, font_for, item, rect.x + (rect.w - tw / fonts.WIDTH_SLACK) / 2,
                           rect.y + (rect.h - th) / 2)
            if item.marked:
                painter.setPen(QPen(QColor(MARK_COLOUR), max(side * 0.12, 0.7)))
                painter.drawLine(QPointF(rect.x, rect.y), QPointF(rect.right, rect.bottom))
                painter.drawLine(QPointF(rect.right, rect.y), QPointF(rect.x, rect.bottom))
        elif item.kind == TEXT:
            painter.setPen(QColor(TEXT_COLOURS.get(item.style, TEXT_COLOURS[""])))
            _draw_text(painter, font_for, item, rect.x, rect.y)
    painter.restore()


def _paint_order(items: Iterable[Item]) -> Iterator[Item]:
    """Frames first (they are backgrounds), then lines, then boxes and text."""
    ordered = list(items)
    for kinds in ((FRAME,), (LINE,), (BOX, TICK, TEXT)):
        yield from (i for i in ordered if i.kind in kinds)
