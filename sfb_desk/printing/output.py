"""Print paths: PDF (QPdfWriter), printer (QPrinter) and print preview, one page per sheet.

A *sheet* is anything with ``layout(width, height, footer) -> FormLayout`` (an SSD page,
:class:`SsdSheet`, or an EA form, :class:`sfb_desk.printing.ea_form.EaSheet`). Every path
lays each sheet out in the page's printable rectangle (in points) and paints it with
:func:`sfb_desk.printing.form.paint_form` - the same renderer the screen uses. A job holds any
number of sheets, one page each; the page size (A4 or Letter) and orientation come from a
:class:`PageSetup`; orientation ``auto`` gives each sheet the orientation in which it prints
larger (its layout's ``score``), portrait unless landscape is clearly better (landscape is
not tried when portrait's score reaches the layout's ``score_enough``).

Printing on a printer and the print preview (Qt's print support library) are in
:mod:`.printer`: the SSD view shows a sheet on screen at the app's start without them (issue 13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QMarginsF, QPointF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPagedPaintDevice, QPainter, QPdfWriter

from sfb_desk import __version__
from sfb_desk.rules.ship import ShipSpec

from .fonts import ensure_fonts
from .form import FormLayout, paint_form
from .ssd_form import layout_ssd_form

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "letter": QPageSize.PageSizeId.Letter,
    "a4": QPageSize.PageSizeId.A4,
}
ORIENTATIONS = ("auto", "portrait", "landscape")
MARGIN = 28.0  # points (about 10 mm), inside every printer's unprintable edge
LANDSCAPE_GAIN = 1.08  # auto: landscape only when its score is this much better


class Sheet(Protocol):
    def layout(self, width: float, height: float, footer: str = "") -> FormLayout: ...


@dataclass(frozen=True, slots=True)
class SsdSheet:
    """One ship's SSD page: blank, or with ``destroyed`` box ids crossed out."""

    spec: ShipSpec
    destroyed: frozenset[str] = frozenset()
    status: str = ""  # replaces "blank" / "damage marked ..." in the header when given

    def layout(self, width: float, height: float, footer: str = "") -> FormLayout:
        return layout_ssd_form(self.spec, width, height, self.destroyed, footer, self.status)


@dataclass(frozen=True, slots=True)
class PageSetup:
    """Page size (``letter`` or ``a4``), orientation (``auto``, ``portrait``, ``landscape``)."""

    page: str = "letter"
    orientation: str = "auto"
    margin: float = MARGIN

    def __post_init__(self) -> None:
        if self.page not in PAGE_SIZES:
            raise ValueError(f"page size must be one of {', '.join(PAGE_SIZES)}, not {self.page!r}")
        if self.orientation not in ORIENTATIONS:
            raise ValueError(f"orientation must be one of {', '.join(ORIENTATIONS)}, "
                             f"not {self.orientation!r}")

    @property
    def page_size(self) -> QPageSize:
        return QPageSize(PAGE_SIZES[self.page])


@dataclass(frozen=True, slots=True)
class PrintedPage:
    """What was printed on one page: its orientation and the form's layout."""

    orientation: str
    form: FormLayout


@dataclass
class PrintJob:
    pages: list[PrintedPage] = field(default_factory=list)


def _qt_orientation(name: str) -> QPageLayout.Orientation:
    return (QPageLayout.Orientation.Landscape if name == "landscape"
            else QPageLayout.Orientation.Portrait)


def page_layout(page_size: QPageSize, orientation: str, margin: float = MARGIN) -> QPageLayout:
    return QPageLayout(page_size, _qt_orientation(orientation),
                       QMarginsF(margin, margin, margin, margin), QPageLayout.Unit.Point)


def content_size(page_size: QPageSize, orientation: str, margin: float = MARGIN) -> QSizeF:
    """The printable rectangle's size in points."""
    return page_layout(page_size, orientation, margin).paintRect(QPageLayout.Unit.Point).size()


def _footer(k: int, n: int) -> str:
    return f"page {k} of {n}" if n > 1 else ""


def plan_sheet(sheet: Sheet, page_size: QPageSize, orientation: str, margin: float = MARGIN,
               footer: str = "") -> PrintedPage:
    """Lay a sheet out for the page; ``auto`` tries both orientations and keeps the better."""
    choices = ("portrait", "landscape") if orientation == "auto" else (orientation,)
    planned: list[PrintedPage] = []
    error: ValueError | None = None
    for choice in choices:
        if planned and float(planned[0].form.info_value("score") or 0.0) >= float(
                planned[0].form.info_value("score_enough") or float("inf")):
            break  # portrait prints large enough: no need to try landscape
        size = content_size(page_size, choice, margin)
        try:
            planned.append(PrintedPage(choice, sheet.layout(size.width(), size.height(), footer)))
        except ValueError as exc:  # does not fit this way round
            error = exc
    if not planned:
        raise error or ValueError("nothing to print")
    if len(planned) == 2:
        portrait, landscape = planned
        p_score = float(portrait.form.info_value("score") or 0.0)
        l_score = float(landscape.form.info_value("score") or 0.0)
        return landscape if l_score > p_score * LANDSCAPE_GAIN else portrait
    return planned[0]


def _set_layout(device: QPagedPaintDevice, layout: QPageLayout) -> None:
    """Ask for the page layout of the next page, unless the device cannot change it now (a
    printer other than PDF while printing: it keeps its layout and the sheet is laid out for
    that)."""
    if device.pageLayout().isEquivalentTo(layout):
        return
    if hasattr(device, "printerState"):  # a QPrinter: the print support is loaded
        from PySide6.QtPrintSupport import QPrinter

        if (device.printerState() == QPrinter.PrinterState.Active
                and device.outputFormat() != QPrinter.OutputFormat.PdfFormat):
            return
    device.setPageLayout(layout)


def paint_pages(device: QPagedPaintDevice, sheets: Sequence[Sheet], page_size: QPageSize,
                orientation: str = "auto", margin: float = MARGIN) -> PrintJob:
    """Paint ``sheets`` on ``device`` (a QPdfWriter or QPrinter), one page each.

    The painter is scaled so that one logical unit is one point; its origin is the top-left
    corner of the printable rectangle. If the device keeps another page layout than the one
    asked for (a printer that cannot turn pages), the sheet is laid out again for it.
    """
    ensure_fonts()
    job = PrintJob()
    painter = QPainter()
    n = len(sheets)
    try:
        for k, sheet in enumerate(sheets, start=1):
            page = plan_sheet(sheet, page_size, orientation, margin, _footer(k, n))
            _set_layout(device, page_layout(page_size, page.orientation, margin))
            if k == 1:
                if not painter.begin(device):
                    raise OSError("cannot start painting on the output device")
            elif not device.newPage():
                raise OSError("the output device refused a new page")
            actual = device.pageLayout().paintRect(QPageLayout.Unit.Point)
            if (abs(actual.width() - page.form.width) > 0.5
                    or abs(actual.height() - page.form.height) > 0.5):
                kept = ("landscape" if device.pageLayout().orientation()
                        == QPageLayout.Orientation.Landscape else "portrait")
                page = PrintedPage(kept, sheet.layout(actual.width(), actual.height(),
                                                      _footer(k, n)))
            painter.save()
            painter.scale(device.logicalDpiX() / 72.0, device.logicalDpiY() / 72.0)
            paint_form(painter, page.form, QPointF(0.0, 0.0))
            painter.restore()
            job.pages.append(page)
    finally:
        if painter.isActive():
            painter.end()
    return job


def export_pdf(path: str | Path, sheets: Sequence[Sheet], setup: PageSetup | None = None,
               title: str = "SFB Desk forms") -> PrintJob:
    """Write ``sheets`` to a PDF file, one page each (vector output, bundled font embedded)."""
    if not sheets:
        raise ValueError("nothing to print: no sheets")
    setup = setup or PageSetup()
    writer = QPdfWriter(str(path))
    writer.setResolution(1200)
    writer.setCreator(f"SFB Desk {__version__}")
    writer.setTitle(title)
    return paint_pages(writer, sheets, setup.page_size, setup.orientation, setup.margin)
