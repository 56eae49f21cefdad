"""SSD box groups as form items: the one drawing of boxes for screen, PDF and printer.

:func:`group_items` turns groups of :mod:`sfb_desk.printing.ssd_layout` (in box units) into
:class:`~sfb_desk.printing.form.Item` s in points at ``unit`` points per box: a bold title line,
the boxes (filled by section, the printed value inside, crossed out when destroyed) and the
wrapped caption. :func:`box_sizes` gives the font sizes used at a box size, and
:func:`unit_measure` the matching layout ``Measure``, so titles and captions never clip.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from . import fonts
from .form import SECTION_COLOURS, Builder, Rect
from .ssd_layout import BOX, TITLE, Group, Measure

__all__ = ["SECTION_COLOURS", "box_sizes", "group_items", "unit_measure"]


def box_sizes(unit: float) -> tuple[float, float]:
    """(title, box text) font sizes in points at ``unit`` points per box.

    A title line is ``TITLE`` units high and must hold one line of the title font.
    """
    title = min(0.6 * unit + 1.3, TITLE * unit / fonts.line_height(1.0, True) - 0.05, 8.0)
    box = min(0.62 * unit, 7.0)
    return title, box


def unit_measure(unit: float) -> Measure:
    """Text widths in box units at ``unit`` points per box (bold = a group title)."""
    title, caption = box_sizes(unit)
    seen: dict[tuple[str, bool], float] = {}

    def measure(text: str, bold: bool) -> float:
        key = (text, bold)
        width = seen.get(key)
        if width is None:
            width = seen[key] = fonts.text_width(text, title if bold else caption, bold) / unit + 0.1
        return width

    return measure


def _fit(text: str, size: float, side: float) -> float:
    """The box-text size, shrunk so that ``text`` fits inside a box of ``side`` points."""
    if not text:
        return size
    room = side * 0.86
    width = fonts.text_width(text, size)
    return size if width <= room else size * room / width


def group_items(builder: Builder, groups: Iterable[Group], x0: float, y0: float, unit: float,
                destroyed: Collection[str] = ()) -> None:
    """Add the items of ``groups`` (box units) with their origin at (x0, y0) points."""
    title_size, box_size = box_sizes(unit)
    line = TITLE * unit
    for group in groups:
        gx = x0 + group.x * unit
        gy = y0 + group.y * unit
        title_h = fonts.line_height(title_size, True)
        builder.text(gx, gy + (line - title_h) / 2, group.title, title_size, True)
        for cell in group.cells:
            rect = Rect(x0 + cell.x * unit, y0 + cell.y * unit, BOX * unit, BOX * unit)
            builder.box(rect, cell.box_id, group.section, cell.text,
                        _fit(cell.text, box_size, rect.w), cell.box_id in destroyed)
        caption_h = fonts.line_height(box_size)
        top = gy + (group.height - TITLE * len(group.caption_lines)) * unit
        for k, text in enumerate(group.caption_lines):
            builder.text(gx, top + k * line + (line - caption_h) / 2, text, box_size,
                         style="muted")
