"""Remembered print settings (page size, orientation) and the app's print entry points.

The settings live in an INI file in the user config folder (``SFB_DESK_HOME/config`` in
tests), through QSettings; this is the only module that reads or writes them. The app calls
:func:`print_preview` (a print-preview dialog whose page setup is remembered when it closes)
and :func:`export_pdf`; both take ship classes (blank SSDs) or ready sheets
(:class:`~sfb_desk.printing.output.SsdSheet` with damage, an EA sheet).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings

from sfb_desk.printing.output import (
    ORIENTATIONS,
    PAGE_SIZES,
    PageSetup,
    PrintJob,
    Sheet,
    SsdSheet,
)
from sfb_desk.printing.output import export_pdf as _export_pdf
from sfb_desk.printing.printer import print_preview as _print_preview
from sfb_desk.rules.ship import ShipSpec

from .app_settings import open_settings

PAGE_KEY = "print/page_size"
ORIENTATION_KEY = "print/orientation"


def load_page_setup(settings: QSettings | None = None) -> PageSetup:
    """The remembered page setup; anything missing or unknown falls back to the default."""
    settings = settings or open_settings()
    default = PageSetup()
    page = str(settings.value(PAGE_KEY, default.page)).lower()
    orientation = str(settings.value(ORIENTATION_KEY, default.orientation)).lower()
    return PageSetup(page if page in PAGE_SIZES else default.page,
                     orientation if orientation in ORIENTATIONS else default.orientation)


def save_page_setup(setup: PageSetup, settings: QSettings | None = None) -> None:
    settings = settings or open_settings()
    settings.setValue(PAGE_KEY, setup.page)
    settings.setValue(ORIENTATION_KEY, setup.orientation)
    settings.sync()


def _sheets(items: Sequence[ShipSpec | Sheet]) -> list[Sheet]:
    return [SsdSheet(i) if isinstance(i, ShipSpec) else i for i in items]


def print_preview(parent, items: Sequence[ShipSpec | Sheet], *, run: bool = True,
                  settings: QSettings | None = None):
    """Show the print preview of ``items`` (one page each) with the remembered page setup;
    the setup the user leaves the dialog with is remembered. Returns the dialog."""
    settings = settings or open_settings()

    def remember(setup: PageSetup) -> None:
        save_page_setup(setup, settings)

    return _print_preview(parent, _sheets(items), load_page_setup(settings), run, remember)


def export_pdf(path: str | Path, items: Sequence[ShipSpec | Sheet],
               setup: PageSetup | None = None, *,
               settings: QSettings | None = None) -> PrintJob:
    """Write ``items`` to a PDF, with ``setup`` (remembered) or the remembered page setup."""
    settings = settings or open_settings()
    if setup is None:
        setup = load_page_setup(settings)
    else:
        save_page_setup(setup, settings)
    return _export_pdf(path, _sheets(items), setup)
