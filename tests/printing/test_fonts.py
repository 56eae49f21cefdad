"""The print font is bundled (resources/fonts, with its licence) and measured device-free."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QFontInfo, QImage, QPainter

from sfb_desk.printing import fonts


def test_bundled_font_files_and_licence():
    folder = fonts.fonts_dir()
    for name in fonts.FONT_FILES:
        data = (folder / name).read_bytes()
        assert data[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    licence = (folder / "LICENSE-DejaVu.txt").read_text()
    assert "Bitstream" in licence and "DejaVu changes are in public domain" in licence


def test_fonts_register_and_resolve_to_the_bundled_family(qapp):
    assert fonts.ensure_fonts() == fonts.FAMILY
    assert fonts.FAMILY in QFontDatabase.families()
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    for bold in (False, True):
        info = QFontInfo(fonts.reference_font(bold, image))
        assert info.family() == fonts.FAMILY and info.bold() == bold


def test_widths_scale_linearly_and_bold_is_wider(qapp):
    w7 = fonts.text_width("Emergency bridge (2)", 7.0)
    assert fonts.text_width("Emergency bridge (2)", 14.0) == 2 * w7
    assert fonts.text_width("Emergency bridge (2)", 7.0, bold=True) > w7
    assert fonts.text_width("", 7.0) == 0.0
    assert 1.1 < fonts.line_height(1.0) < 1.25


def test_painted_width_is_the_measured_width_on_any_device(qapp):
    """Text painted at the reference size under a scale is as wide as measured, whatever the
    device resolution (a 72 dpi image and a 1200 dpi one)."""
    text = "Auxiliary control (2)"
    for dpm in (2835, 47244):  # 72 and 1200 dots per inch
        image = QImage(100, 100, QImage.Format.Format_ARGB32)
        image.setDotsPerMeterX(dpm)
        image.setDotsPerMeterY(dpm)
        painter = QPainter(image)
        painter.setFont(fonts.reference_font(False, image))
        rect = painter.boundingRect(0, 0, 10000, 1000, 0, text)
        painter.end()
        measured = fonts.text_width(text, fonts.REFERENCE_SIZE) / fonts.WIDTH_SLACK
        assert abs(rect.width() - measured) <= 1.0, (dpm, rect.width(), measured)
