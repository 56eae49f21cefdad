"""A printed page of titled tables and wrapped lines (the F&E folio, build checks, a combat
round's record): one renderer for screen, PDF and printer, like the SSD and EA forms.

A *section* is a plain dict: ``{"title", "columns", "rows", "notes"}`` for a table, or
``{"title", "lines"}`` for wrapped text. :class:`TablesSheet` lays a page out (title, subtitle,
sections top to bottom), shrinking the type until everything fits the printable rectangle;
:func:`tables_sheets` splits many sections over several sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import fonts
from .form import EPS, Builder, FormLayout, Rect, Table, fitted_table, paragraph

TITLE_SIZE = 14.0
BODY_SIZE = 9.5
MIN_SIZE = 4.8
GAP = 9.0
ROWS_PER_SHEET = 52  # a first cut for splitting; each sheet still shrinks to fit


def _table(section: dict) -> Table:
    columns = tuple(str(c) for c in section.get("columns", ()))
    rows = tuple(tuple(str(c) for c in row) for row in section.get("rows", ()))
    return Table(str(section.get("title", "")), columns, rows,
                 tuple(str(n) for n in section.get("notes", ())), uniform=False)


@dataclass(frozen=True, slots=True)
class TablesSheet:
    title: str
    subtitle: str
    sections: tuple[dict, ...]

    def layout(self, width: float, height: float, footer: str = "") -> FormLayout:
        size = BODY_SIZE
        while True:
            b, used = self._build(width, size, footer, height)
            if used <= height + EPS or size <= MIN_SIZE:
                break
            size = max(size - 0.4, MIN_SIZE)
        if used > height + EPS:
            raise ValueError(f"'{self.title}' does not fit one page even at {MIN_SIZE} pt; "
                             "print fewer sections per page")
        return FormLayout(width, height, tuple(b.items),
                          (("score", size / BODY_SIZE), ("score_enough", 1.0),
                           ("size", size)))

    def _build(self, width: float, size: float, footer: str,
               height: float) -> tuple[Builder, float]:
        b = Builder()
        y = 0.0
        b.text(0.0, y, self.title, TITLE_SIZE, True)
        y += fonts.line_height(TITLE_SIZE, True) + 1.0
        if self.subtitle:
            y += paragraph(b, 0.0, y, self.subtitle, width, size, style="muted")
        y += GAP / 2
        for section in self.sections:
            if "lines" in section:
                b.text(0.0, y, str(section.get("title", "")), size + 0.6, True)
                y += fonts.line_height(size + 0.6, True) + 0.8
                for line in section["lines"]:
                    y += paragraph(b, 0.0, y, str(line), width, size)
            else:
                items, _w, h = fitted_table(_table(section), size, width, notes=True,
                                            min_size=MIN_SIZE)
                b.extend(items, 0.0, y)
                y += h
            y += GAP
        if footer:
            fh = fonts.line_height(MIN_SIZE + 1)
            b.text(0.0, max(y, height - fh), footer, MIN_SIZE + 1, style="muted")
            y = max(y, height - fh) + fh
        return b, y


def _rows(section: dict) -> int:
    if "lines" in section:
        return 1 + sum(1 + len(str(line)) // 110 for line in section["lines"])
    return 2 + len(section.get("rows", ())) + len(section.get("notes", ()))


def tables_sheets(title: str, subtitle: str, sections: Sequence[dict]) -> list[TablesSheet]:
    """Sections packed onto sheets of about ROWS_PER_SHEET rows each (a long section is split
    into parts, its title repeated)."""
    pieces: list[dict] = []
    for section in sections:
        if "lines" not in section and len(section.get("rows", ())) > ROWS_PER_SHEET - 4:
            rows = list(section["rows"])
            step = ROWS_PER_SHEET - 4
            for k in range(0, len(rows), step):
                part = dict(section, rows=rows[k:k + step],
                            notes=section.get("notes", ()) if k + step >= len(rows) else ())
                if k:
                    part["title"] = f"{section.get('title', '')} (continued)"
                pieces.append(part)
        elif "lines" in section and _rows(section) > ROWS_PER_SHEET - 4:
            lines = list(section["lines"])
            chunk: list[str] = []
            for line in lines:
                chunk.append(line)
                if _rows({"lines": chunk}) >= ROWS_PER_SHEET - 6:
                    pieces.append({"title": section.get("title", ""), "lines": chunk})
                    chunk = []
            if chunk:
                pieces.append({"title": f"{section.get('title', '')} (continued)",
                               "lines": chunk})
        else:
            pieces.append(section)
    sheets: list[TablesSheet] = []
    current: list[dict] = []
    rows = 0
    for piece in pieces:
        n = _rows(piece)
        if current and rows + n > ROWS_PER_SHEET:
            sheets.append(TablesSheet(title, subtitle, tuple(current)))
            current, rows = [], 0
        current.append(piece)
        rows += n
    if current or not sheets:
        sheets.append(TablesSheet(title, subtitle, tuple(current)))
    return sheets


def page_size_check(form: FormLayout) -> list[str]:
    """Problems a test can assert away: items off the page, overlapping text."""
    problems = [f"outside: {i.text!r}" for i in form.outside(Rect(0, 0, form.width, form.height))]
    problems += [f"overlap: {a.text!r} / {b.text!r}" for a, b in form.overlaps()]
    return problems
