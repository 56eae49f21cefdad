"""Printing sheets on a printer, and the print preview (Qt's print support library).

The same renderer as every path (:func:`.output.paint_pages`); apart from :mod:`.output` so that
showing a sheet on screen does not load the print support (the app's start-up, issue 13).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QRect, QSize, Slot
from PySide6.QtGui import QGuiApplication, QPageLayout
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QToolBar

from .output import MARGIN, PAGE_SIZES, PageSetup, PrintJob, Sheet, page_layout, paint_pages


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
