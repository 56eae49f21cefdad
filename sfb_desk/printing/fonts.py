"""The bundled print font and device-independent text measurement.

Every form is laid out in points (1/72 inch) with DejaVu Sans Condensed from
``resources/fonts`` (DESIGN.md section 8: bundle the fonts), registered once with
:func:`QFontDatabase.addApplicationFont`, so a page has the same layout on screen, in a PDF and
on paper whatever fonts the machine has.

Text is measured on a 100-pixel unhinted reference font and scaled linearly, so a layout never
depends on the paint device; text is painted with the same reference font
(:func:`reference_font`) scaled to its size, in a painter whose logical unit is one point, on
any device (screen, PDF writer, printer). A QGuiApplication must exist before any of this is
used.
"""

from __future__ import annotations

import atexit
from functools import lru_cache
from pathlib import Path

from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF, QGuiApplication, QPaintDevice

FAMILY = "DejaVu Sans Condensed"
FONT_FILES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")
_REFERENCE_PX = 100
REFERENCE_SIZE = float(_REFERENCE_PX)
#: Safety margin on measured widths (rounding of glyph positions on low-resolution devices).
WIDTH_SLACK = 1.02


def fonts_dir() -> Path:
    """``resources/fonts`` next to the package (source tree) or inside it (wheel, frozen)."""
    package = Path(__file__).resolve().parent.parent
    inside = package / "_resources" / "fonts"
    return inside if inside.is_dir() else package.parent / "resources" / "fonts"


_loaded: list[str] = []


def ensure_fonts() -> str:
    """Register the bundled fonts (once) and return the family name used by every form."""
    if _loaded:
        return _loaded[0]
    if QGuiApplication.instance() is None:
        raise RuntimeError("printing needs a QGuiApplication (fonts, PDF writer)")
    for name in FONT_FILES:
        path = fonts_dir() / name
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id < 0:
            raise RuntimeError(f"cannot load the bundled font {path}")
        if FAMILY not in QFontDatabase.applicationFontFamilies(font_id):
            raise RuntimeError(f"{path} does not provide the family {FAMILY!r}")
    _loaded.append(FAMILY)
    return FAMILY


def _base(bold: bool) -> QFont:
    font = QFont(ensure_fonts())
    font.setStyleName("Condensed Bold" if bold else "Condensed")
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    font.setKerning(False)
    # No ligatures: "fi" stays two letters, so a PDF's text reads "Refit", not "Re\ufb01t".
    for tag in ("liga", "clig", "dlig"):
        font.setFeature(QFont.Tag(tag), 0)
    return font


@lru_cache(maxsize=4)
def _reference_metrics(bold: bool) -> QFontMetricsF:
    font = _base(bold)
    font.setPixelSize(_REFERENCE_PX)
    return QFontMetricsF(font)


@lru_cache(maxsize=65536)
def _advance(text: str, bold: bool) -> float:
    return _reference_metrics(bold).horizontalAdvance(text) / _REFERENCE_PX


@atexit.register
def _release_metrics() -> None:
    """Drop the cached QFontMetricsF before interpreter shutdown, while the application that
    owns the font engines still exists (destroying them after it can crash on exit)."""
    _reference_metrics.cache_clear()


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points at ``size`` points (with a small safety margin)."""
    if not text:
        return 0.0
    return _advance(text, bold) * size * WIDTH_SLACK


@lru_cache(maxsize=4)
def _line_factor(bold: bool) -> tuple[float, float]:
    metrics = _reference_metrics(bold)
    return metrics.ascent() / _REFERENCE_PX, metrics.descent() / _REFERENCE_PX


def line_height(size: float, bold: bool = False) -> float:
    """Ascent plus descent of the font at ``size`` points: the height of one line of text."""
    ascent, descent = _line_factor(bold)
    return (ascent + descent) * size


def ascent(size: float, bold: bool = False) -> float:
    return _line_factor(bold)[0] * size


def reference_font(bold: bool, device: QPaintDevice) -> QFont:
    """The font at the 100-unit reference size in the logical units of a painter on ``device``.

    Text is painted at this size under a ``size / 100`` scale (see
    :func:`sfb_desk.printing.form.paint_form`): glyph positions are then computed at the size
    they were measured at, so the painted width equals :func:`text_width` on every device.
    Qt resolves a point size against the device's DPI before the world transform, hence
    ``100 * 72 / dpi``.
    """
    font = _base(bold)
    dpi = device.logicalDpiY() or 72
    font.setPointSizeF(REFERENCE_SIZE * 72.0 / dpi)
    return font
