"""Printed campaign forms: the economic form of each race, the build and repair orders, and the
fleet roster (issue 18), one renderer per form, drawn by :func:`.form.paint_form` like the SSD
and EA forms.

Each form reads the campaign summary (``sfb_desk.campaign.report.summary``: plain data, so
this module needs nothing of the campaign package) and lays out a titled table; a table longer
than a page continues on the next sheet. :func:`write_pdf` writes the chosen forms to a PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import fonts
from .form import FRAME, LINE, TEXT, FormLayout, Item, Rect

TITLE, HEAD, BODY = 14.0, 8.5, 8.0
ROW = 12.5
BOOK = "SFB Campaign Rules, The Admiral's Edition"


@dataclass(frozen=True)
class TableSheet:
    """A titled table on one page: ``columns`` (heading, share of the width), ``rows`` of
    cell texts, and notes printed under it."""

    title: str
    subtitle: str
    columns: tuple[tuple[str, float], ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def layout(self, width: float, height: float, footer: str = "") -> FormLayout:
        items: list[Item] = []
        y = 0.0
        items.append(_text(0, y, self.title, TITLE, bold=True, width=width))
        y += fonts.line_height(TITLE, True) + 2
        items.append(_text(0, y, self.subtitle, BODY, style="muted", width=width))
        y += fonts.line_height(BODY) + 6
        xs, x = [], 0.0
        for _, share in self.columns:
            xs.append(x)
            x += share * width
        items.append(Item(FRAME, Rect(0, y, width, ROW), style="header"))
        for (heading, share), cx in zip(self.columns, xs):
            items.append(_text(cx + 2, y + 2, heading, HEAD, bold=True, width=share * width - 4))
        y += ROW
        for row in self.rows:
            if y + ROW > height - 3 * ROW:
                raise ValueError("the table does not fit the page")
            for cell, (_, share), cx in zip(row, self.columns, xs):
                items.append(_text(cx + 2, y + 2, cell, BODY, width=share * width - 4))
            items.append(Item(LINE, Rect(0, y + ROW, width, 0), style="grid"))
            y += ROW
        y += 6
        for note in self.notes:
            items.append(_text(0, y, note, BODY, style="muted", width=width))
            y += fonts.line_height(BODY) + 1
        if footer:
            items.append(_text(0, height - fonts.line_height(BODY), footer, BODY, style="muted",
                               width=width))
        return FormLayout(width, height, tuple(items), (("score", 1.0), ("score_enough", 1.0)))


def _text(x: float, y: float, text: str, size: float, *, bold: bool = False, style: str = "",
          width: float | None = None) -> Item:
    if width is not None:
        while text and fonts.text_width(text, size, bold) > width:
            text = text[:-2] + "…" if len(text) > 2 else ""
    w = fonts.text_width(text, size, bold)
    return Item(TEXT, Rect(x, y, w, fonts.line_height(size, bold)), text, size, bold, style=style)


def _pages(title: str, subtitle: str, columns, rows, notes=(), per_page: int = 44) -> list[TableSheet]:  # noqa: ANN001
    chunks = [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    return [TableSheet(title + (f" (continued {k})" if k > 1 else ""), subtitle, tuple(columns),
                       tuple(tuple(r) for r in chunk), tuple(notes) if k == len(chunks) else ())
            for k, chunk in enumerate(chunks, start=1)]


def economic_form(doc: dict) -> list[TableSheet]:
    """Each race's treasury by grid and its EP ledger this campaign (D1-D5, E3, E7, H3)."""
    sheets = []
    for code, race in doc["races"].items():
        grids = ", ".join(f"{g}: {v} EP" for g, v in race["treasury"].items())
        rows = [(str(e["turn"]), str(e["step"]), e["grid"], e["what"], e["rule"], e["amount"])
                for e in race["ledger"]]
        sheets += _pages(f"Economic form: {race['name']}", f"{doc['name']} - {doc['when']} - {BOOK}",
                         [("Turn", .07), ("Step", .07), ("Grid", .1), ("Entry", .52), ("Rule", .1),
                          ("EP", .14)], rows,
                         [f"Treasury {grids}; total {race['total']} EP; ground-force pool "
                          f"{race['ground_pool']} EP" + ("; production frozen by deficit (D3)" if race["frozen"] else "")])
    return sheets


def orders_form(doc: dict) -> list[TableSheet]:
    """Build, conversion, refit, reactivation and repair orders (E3, E8, H3)."""
    rows = [(q["id"], q["kind"], q["race"], q["what"] + (f" ({q['unit']})" if q["unit"] and q["unit"] != q["what"] else ""),
             q["facility"], f"{q['points']} RP" if q["points"] is not None else f"{q['turns']} turn(s)",
             f"{q['paid']} / {q['cost']}", str(q["completes"]), "done" if q["done"] else "open")
            for q in doc["queues"]]
    return _pages("Build and repair orders", f"{doc['name']} - {doc['when']} - {BOOK}",
                  [("Order", .1), ("Kind", .1), ("Race", .09), ("What", .22), ("Facility", .12),
                   ("Work", .11), ("Paid / cost EP", .12), ("Turn", .06), ("", .08)], rows,
                  ["Repairs: 1 EP per 5 repair points; dock 1000, FRD 600, BATS or BS 200 repair "
                   "points a turn (H3). Builds: cost spread evenly over the build time (E3)."])


def roster_form(doc: dict) -> list[TableSheet]:
    """Every ship with its SSD state: damage, crippled, warp, strategic speed, repair bill."""
    rows = [(s["id"], s["class"], s["race"], s["status"], s["location"] or "-",
             f"{s['current']} / {s['permanent']}" + (f" +{s['dropped_warp']} warp" if s["dropped_warp"] else ""),
             "crippled" if s["crippled"] else "", s["warp"], str(s["strategic_speed"]),
             f"{s['repair_points']} RP / {s['repair_ep']} EP", ", ".join(s["officers"]))
            for s in doc["fleet"]]
    return _pages("Fleet roster", f"{doc['name']} - {doc['when']} - {BOOK}",
                  [("Ship", .11), ("Class", .09), ("Race", .08), ("Status", .08), ("Hex", .06),
                   ("Damage: now / permanent", .16), ("", .06), ("Warp", .06), ("Speed", .05),
                   ("Repair", .12), ("Officers", .13)], rows,
                  ["Damage: boxes destroyed this turn (field repairs, H1) / permanent (H3). Speed: "
                   "strategic speed from the current SSD (C1)."])


FORMS = {"economic": economic_form, "orders": orders_form, "roster": roster_form}


def sheets_for(doc: dict, forms=("economic", "orders", "roster")) -> list[TableSheet]:  # noqa: ANN001
    out: list[TableSheet] = []
    for name in forms:
        out += FORMS[name](doc)
    return out


def write_pdf(doc: dict, path: str | Path, forms=("economic", "orders", "roster")) -> int:  # noqa: ANN001
    """Write the forms to ``path``; returns the number of pages. Starts an offscreen
    QGuiApplication when none runs (the CLI needs no display)."""
    import os

    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        write_pdf._app = QGuiApplication(["sfb-desk-cli"])  # type: ignore[attr-defined]
    from .output import PageSetup, export_pdf

    sheets = sheets_for(doc, forms)
    job = export_pdf(path, sheets, PageSetup(orientation="landscape"), title=f"{doc['name']} campaign forms")
    return len(job.pages)
