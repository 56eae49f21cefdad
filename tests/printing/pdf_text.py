"""Read back what a PDF written by Qt (QPdfWriter / QPrinter) says, with pypdf.

:func:`read_pdf` returns each page's media box, the fonts the document embeds, and its text, one
string per text object (one drawn piece of text). pypdf extracts a page's text in drawing order;
Qt's PDFs map the space glyph to U+0009 (DejaVu shares it with tab), so the spaces and line
breaks pypdf puts between text objects are what separates them, and each tab inside one is a
space of the drawn text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import DictionaryObject


@dataclass
class PdfPage:
    media_box: tuple[float, float, float, float]
    texts: list[str] = field(default_factory=list)

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.media_box
        return round(x1 - x0, 1), round(y1 - y0, 1)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)


@dataclass
class PdfDocument:
    pages: list[PdfPage]
    font_names: list[str]

    @property
    def text(self) -> str:
        return "\n".join(p.text for p in self.pages)


def _font_names(font: DictionaryObject) -> set[str]:
    """The embedded font names of a font resource (a Type0 font's are its descendants')."""
    names = set()
    for part in [font, *(d.get_object() for d in font.get("/DescendantFonts", []))]:
        descriptor = part.get("/FontDescriptor")
        if descriptor is not None:
            names.add(str(descriptor.get_object()["/FontName"]).lstrip("/"))
    return names


def read_pdf(path: str | Path) -> PdfDocument:
    reader = PdfReader(str(path), strict=True)
    pages = []
    fonts: set[str] = set()
    for page in reader.pages:
        box = tuple(float(v) for v in page.mediabox)
        texts = [piece.replace("\t", " ")
                 for piece in re.split(r"[ \n]+", page.extract_text()) if piece]
        pages.append(PdfPage(box, texts))  # type: ignore[arg-type]
        resources = page.get("/Resources")
        for font in (resources.get_object().get("/Font", {}) if resources else {}).values():
            fonts |= _font_names(font.get_object())
    return PdfDocument(pages, sorted(fonts))
