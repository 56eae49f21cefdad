"""PDF, printer and print preview go through the one renderer: several ships a job, one page
each, A4 or Letter, portrait or landscape; the PDF's own text names each ship's facts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget

from sfb_desk.data.library import load_library
from sfb_desk.printing.output import PageSetup, SsdSheet, export_pdf
from sfb_desk.printing.printer import make_printer, page_setup_of, print_preview, print_sheets
from sfb_desk.qt import print_settings

from .pdf_text import read_pdf

LETTER = (612.0, 792.0)
A4 = (595.3, 841.9)


@pytest.fixture(scope="module")
def library():
    return load_library()


def _facts_in(text: str, spec) -> None:
    assert spec.name in text, spec.id
    assert f"({spec.class_code})" in text and spec.id in text
    if spec.bpv_combat is not None:
        assert str(spec.bpv_combat) in text
    pieces = set(text.split("\n"))
    for weapon in spec.weapons:
        assert weapon.designator in pieces, (spec.id, weapon.designator)


def test_pdf_has_one_page_per_ship_with_their_text(qapp, library, tmp_path):
    ids = ["FED-CA", "KLI-D7", "KLI-C8", "FED-CVT"]
    path = tmp_path / "ships.pdf"
    job = export_pdf(path, [SsdSheet(library.get(i)) for i in ids], PageSetup("letter", "auto"))
    doc = read_pdf(path)
    assert len(doc.pages) == len(job.pages) == 4
    for page, printed, ship_id in zip(doc.pages, job.pages, ids, strict=True):
        expected = LETTER if printed.orientation == "portrait" else LETTER[::-1]
        assert page.size == pytest.approx(expected, abs=0.5)
        _facts_in(page.text, library.get(ship_id))
        # What the PDF says is what the layout drew, piece by piece.
        assert page.texts == [t for t in printed.form.texts()]
    assert "page 2 of 4" in doc.pages[1].text
    assert any(name.endswith("+DejaVuSansCondensed") for name in doc.font_names)
    assert any(name.endswith("+DejaVuSansCondensed-Bold") for name in doc.font_names)
    assert "INCOMPLETE: missing" in doc.pages[3].text


@pytest.mark.parametrize(("page", "orientation", "size"), [
    ("a4", "portrait", A4), ("a4", "landscape", A4[::-1]),
    ("letter", "portrait", LETTER), ("letter", "landscape", LETTER[::-1]),
])
def test_page_size_and_orientation(qapp, library, tmp_path, page, orientation, size):
    path = tmp_path / "one.pdf"
    job = export_pdf(path, [SsdSheet(library.get("KLI-D7"))], PageSetup(page, orientation))
    (printed,) = job.pages
    assert printed.orientation == orientation
    assert read_pdf(path).pages[0].size == pytest.approx(size, abs=0.5)
    # the printable rectangle: page less 28 pt margins all round
    assert (printed.form.width, printed.form.height) == pytest.approx(
        (size[0] - 56, size[1] - 56), abs=0.5)


def test_damaged_ship_pdf(qapp, library, tmp_path):
    spec = library.get("KLI-D7")
    destroyed = frozenset(spec.box_ids()[:30])
    path = tmp_path / "damaged.pdf"
    job = export_pdf(path, [SsdSheet(spec, destroyed)], PageSetup("a4", "portrait"))
    assert f"damage marked: 30 of {len(spec.box_ids())} boxes destroyed" in read_pdf(path).text
    assert sum(i.marked for i in job.pages[0].form.items) == 30


def test_bad_page_setup_is_refused():
    with pytest.raises(ValueError, match="page size"):
        PageSetup("legal")
    with pytest.raises(ValueError, match="orientation"):
        PageSetup("a4", "sideways")


def test_nothing_to_print_is_refused(qapp, tmp_path):
    with pytest.raises(ValueError, match="nothing to print"):
        export_pdf(tmp_path / "empty.pdf", [])


def test_printer_path_uses_the_same_renderer(qapp, library, tmp_path):
    """A QPrinter (here printing to a PDF file: no printer hardware in tests)."""
    printer = make_printer(PageSetup("a4", "portrait"))
    out = tmp_path / "printer.pdf"
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    sheets = [SsdSheet(library.get("FED-CA")), SsdSheet(library.get("KLI-D7"))]
    job = print_sheets(printer, sheets, "portrait")
    doc = read_pdf(out)
    assert [p.size for p in doc.pages] == [pytest.approx(A4, abs=0.5)] * 2
    for page, printed, sheet in zip(doc.pages, job.pages, sheets, strict=True):
        _facts_in(page.text, sheet.spec)
        assert page.texts == printed.form.texts()


def test_print_preview_shows_every_page(qtbot, library):
    sheets = [SsdSheet(library.get(i)) for i in ("FED-CA", "KLI-D7", "GEN-APT")]
    dialog = print_preview(None, sheets, PageSetup("letter", "portrait"), run=False)
    qtbot.addWidget(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    preview.updatePreview()
    assert preview.pageCount() == 3
    jobs = dialog.jobs
    assert jobs and len(jobs[-1].pages) == 3
    assert "Federation Heavy Cruiser (CA)" in jobs[-1].pages[0].form.texts()


def test_page_setup_of_a_printer(qapp):
    printer = make_printer(PageSetup("a4", "auto"))
    assert page_setup_of(printer, PageSetup("a4", "auto")) == PageSetup("a4", "auto")
    printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    assert page_setup_of(printer, PageSetup("a4", "auto")) == PageSetup("letter", "landscape")


def test_settings_are_remembered(qapp, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert print_settings.load_page_setup(settings) == PageSetup()
    print_settings.save_page_setup(PageSetup("a4", "landscape"), settings)
    again = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert print_settings.load_page_setup(again) == PageSetup("a4", "landscape")
    again.setValue(print_settings.PAGE_KEY, "tabloid")
    assert print_settings.load_page_setup(again) == PageSetup("letter", "landscape")


def test_settings_file_is_under_the_private_home(qapp, _private_home):
    settings = print_settings.open_settings()
    assert settings.fileName().startswith(str(_private_home))


def test_app_export_pdf_remembers_the_setup(qapp, library, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    spec = library.get("FED-CA")
    job = print_settings.export_pdf(tmp_path / "a.pdf", [spec], PageSetup("a4", "landscape"),
                                    settings=settings)
    assert job.pages[0].orientation == "landscape"
    job = print_settings.export_pdf(tmp_path / "b.pdf", [spec], settings=settings)
    assert job.pages[0].orientation == "landscape"
    assert read_pdf(tmp_path / "b.pdf").pages[0].size == pytest.approx(A4[::-1], abs=0.5)


def test_app_print_preview_remembers_what_the_dialog_ends_with(qtbot, library, tmp_path,
                                                                monkeypatch):
    from PySide6.QtPrintSupport import QPrintPreviewDialog

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    print_settings.save_page_setup(PageSetup("a4", "portrait"), settings)

    def fake_exec(dialog):  # the user turns the page to landscape and closes the dialog
        dialog.printer().setPageOrientation(QPageLayout.Orientation.Landscape)
        return 0

    monkeypatch.setattr(QPrintPreviewDialog, "exec", fake_exec)
    dialog = print_settings.print_preview(None, [library.get("FED-CA")], settings=settings)
    qtbot.addWidget(dialog)
    assert print_settings.load_page_setup(settings) == PageSetup("a4", "landscape")
