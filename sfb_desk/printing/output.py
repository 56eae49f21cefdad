"""Print paths: PDF (QPdfWriter), printer (QPrinter) and print preview, one page per sheet.

A *sheet* is anything with ``layout(width, height, footer) -> FormLayout`` (an SSD page,
:class:`SsdSheet`, or an EA form, :class:`sfb_desk.printing.ea_form.EaSheet`). Every path
lays each sheet out in the page's printable rectangle (in points) and paints it with
:func:`sfb_desk.printing.form.paint_form` - the same renderer the screen uses. A job holds any
number of sheets, one page each; the page size (A4 or Letter) and orientation come from a
:class:`PageSetup`; orientation ``auto`` gives each sheet the orientation in which it prints
larger (its layout's ``score``), portrait unless landscape is clearly better (landscape is
not tried when portrait's score reaches the layout's ``score_enough``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QMarginsF, QPointF, QRect, QSize, QSizeF, Slot
from PySide6.QtGui import (
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPagedPaintDevice,
    QPainter,
    QPdfWriter,
)
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QToolBar

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
    if (isinstance(device, QPrinter) and device.printerState() == QPrinter.PrinterState.Active
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


def print_sheets(printer: QPrinter, sheets: Sequence[Sheet], orientation: str = "auto",
                 margin: float = MARGIN) -> PrintJob:
    """Print on a QPrinter with the page size it is set to (its dialog's choice)."""
    return paint_pages(printer, sheets, printer.pageLayout().pageSize(), orientation, margin)


def configure_printer(printer: QPrinter, setup: PageSetup) -> QPrinter:
    """Set a printer to the page size and (initial) orientation of ``setup``."""
    first = "portrait" if setup.orientation == "auto" else setup.orientation
    printer.setPageLayout(page_layout(setup.page_size, first, setup.margin))
    return printer


def make_printer(setup: PageSetup) -> QPrinter:
    """A high-resolution QPrinter set to ``setup`` (for printing without a dialog)."""
    return configure_printer(QPrinter(QPrinter.PrinterMode.HighResolution), setup)


def page_setup_of(printer: QPrinter, previous: PageSetup) -> PageSetup:
    """The setup a printer ended with (after its dialog), in :class:`PageSetup` terms.

    A page size other than A4 or Letter keeps the previous choice; an orientation left at
    the initial one keeps ``auto`` if that was the choice.
    """
    size_id = printer.pageLayout().pageSize().id()
    page = next((name for name, pid in PAGE_SIZES.items() if pid == size_id), previous.page)
    landscape = printer.pageLayout().orientation() == QPageLayout.Orientation.Landscape
    initial_landscape = previous.orientation == "landscape"
    if landscape == initial_landscape:
        orientation = previous.orientation
    else:
        orientation = "landscape" if landscape else "portrait"
    return PageSetup(page, orientation, previous.margin)


class SheetPreviewDialog(QPrintPreviewDialog):
    """A print preview of sheets: the dialog owns its printer and paints with its own slot
    (no receiver object outside Qt's ownership), through the same renderer as every path."""

    def __init__(self, sheets: Sequence[Sheet], setup: PageSetup, parent=None) -> None:
        super().__init__(parent)
        self.sheets = list(sheets)
        self.setup = setup
        self.jobs: list[PrintJob] = []
        self.setWindowTitle("Print preview")
        self.printer().setResolution(600)  # its printer starts at screen resolution
        configure_printer(self.printer(), setup)
        self.paintRequested.connect(self._paint)
        self.preview = self.findChild(QPrintPreviewWidget)
        self.preview.setZoomMode(QPrintPreviewWidget.ZoomMode.FitInView)  # the whole page
        for action in self.findChildren(QToolBar)[0].actions() if self.findChildren(QToolBar) \
                else ():
            if action.text().replace("&", "").lower() == "fit page":
                action.setChecked(True)  # the toolbar shows the zoom it opens with
        self.resize(preview_size(self, parent))

    def showEvent(self, event) -> None:  # noqa: ANN001, N802 (Qt name)
        super().showEvent(event)
        self.preview.fitInView()  # again once laid out: the page whole, as large as fits

    @Slot(QPrinter)
    def _paint(self, printer: QPrinter) -> None:
        before = printer.pageLayout()
        now = page_setup_of(printer, self.setup)
        try:
            self.jobs.append(print_sheets(printer, self.sheets, now.orientation,
                                          self.setup.margin))
        finally:
            printer.setPageLayout(before)  # auto pages turn it; the user's choice stays

    def chosen_setup(self) -> PageSetup:
        """The page setup the user left the dialog with."""
        return page_setup_of(self.printer(), self.setup)


def preview_size(dialog: QPrintPreviewDialog, parent=None) -> QSize:  # noqa: ANN001
    """A page-shaped preview as tall as the room allows: nine tenths of the parent window's
    height (or of the screen's, without one), wide enough for the page and the toolbar, and
    never wider than the room."""
    room = QRect()
    if parent is not None:
        room = parent.window().geometry()
    if room.isEmpty():
        screen = QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 768)
    height = int(room.height() * 0.9)
    page = dialog.printer().pageLayout().fullRectPoints()
    aspect = page.width() / page.height() if page.height() > 0 else 0.77
    bars = sum(b.sizeHint().height() for b in dialog.findChildren(QToolBar))
    width = int((height - bars - 40) * aspect) + 40
    toolbar = max((b.sizeHint().width() for b in dialog.findChildren(QToolBar)), default=0)
    return QSize(min(max(width, toolbar + 20), room.width()), height)


def print_preview(parent, sheets: Sequence[Sheet], setup: PageSetup | None = None,
                  run: bool = True,
                  on_setup: Callable[[PageSetup], None] | None = None) -> SheetPreviewDialog:
    """A print-preview dialog showing ``sheets``; printing from it uses the same renderer.

    With ``run`` the dialog is executed (modal) and ``on_setup`` receives the page setup the
    user ended with (to remember it); without, the dialog is returned unexecuted (tests).
    """
    dialog = SheetPreviewDialog(sheets, setup or PageSetup(), parent)
    if run:
        dialog.exec()
        if on_setup is not None:
            on_setup(dialog.chosen_setup())
    return dialog
