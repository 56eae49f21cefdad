"""Read back what a PDF written by Qt (QPdfWriter / QPrinter) says, in pure Python.

PySide6-Essentials has no QtPdf, and the tests must not depend on poppler; Qt's PDFs are
simple enough to read directly: objects ``N 0 obj ... endobj``, Flate-compressed content
streams, Type0 fonts with Identity-H glyph codes and a ToUnicode CMap. :func:`read_pdf`
returns each page's media box, the fonts it embeds, and its text, one string per text object
(``BT ... ET``, i.e. one drawn piece of text).
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path

_OBJ = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.S)
_REF = r"(\d+) 0 R"


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


def _stream(body: bytes) -> bytes:
    head, _, rest = body.partition(b"stream")
    data = rest.lstrip(b"\r\n")
    data = data[: data.rfind(b"endstream")].rstrip(b"\r\n")
    if b"/FlateDecode" in head:
        data = zlib.decompress(data)
    return data


def _cmap(data: bytes) -> dict[int, str]:
    """Glyph code -> text from a ToUnicode CMap (bfchar and bfrange, plain and array forms)."""
    text = data.decode("latin-1")
    mapping: dict[int, str] = {}

    def utf16(hexstr: str) -> str:
        return bytes.fromhex(hexstr).decode("utf-16-be")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(src, 16)] = utf16(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, dst in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)", block):
            lo_i, hi_i = int(lo, 16), int(hi, 16)
            if dst.startswith("["):
                for k, item in enumerate(re.findall(r"<([0-9A-Fa-f]+)>", dst)):
                    mapping[lo_i + k] = utf16(item)
            else:
                start = int(dst[1:-1], 16)
                for k in range(hi_i - lo_i + 1):
                    mapping[lo_i + k] = chr(start + k)
    return mapping


def read_pdf(path: str | Path) -> PdfDocument:
    raw = Path(path).read_bytes()
    if not raw.startswith(b"%PDF-"):
        raise ValueError(f"{path}: not a PDF")
    if b"%%EOF" not in raw[-64:]:
        raise ValueError(f"{path}: no end-of-file marker (truncated)")
    objects = {int(n): body for n, body in _OBJ.findall(raw)}
    cmaps: dict[int, dict[int, str]] = {}
    font_names = sorted({m.decode() for m in re.findall(rb"/FontName /([A-Za-z0-9+\-]+)", raw)})

    def font_map(font_obj: int) -> dict[int, str]:
        if font_obj not in cmaps:
            found = re.search(rb"/ToUnicode " + _REF.encode(), objects[font_obj])
            cmaps[font_obj] = _cmap(_stream(objects[int(found.group(1))])) if found else {}
        return cmaps[font_obj]

    kids = re.search(rb"/Type /Pages.*?/Kids\s*\[(.*?)\]", raw, re.S)
    page_ids = [int(n) for n in re.findall(rb"(\d+) 0 R", kids.group(1))] if kids else []
    pages = []
    for pid in page_ids:
        body = objects[pid].decode("latin-1")
        box = tuple(float(v) for v in re.search(r"/MediaBox \[([^\]]*)\]", body).group(1).split())
        page = PdfPage(box)  # type: ignore[arg-type]
        resources = objects[int(re.search(r"/Resources " + _REF, body).group(1))].decode("latin-1")
        fonts = {name: int(obj) for name, obj in re.findall(r"/(F\d+) " + _REF, resources)}
        contents = _stream(objects[int(re.search(r"/Contents " + _REF, body).group(1))])
        for block in re.findall(rb"BT(.*?)ET", contents, re.S):
            font = re.search(rb"/(F\d+) [\d.]+ Tf", block)
            mapping = font_map(fonts[font.group(1).decode()]) if font else {}
            chars = []
            for hexstr in re.findall(rb"<([0-9A-Fa-f]+)>\s*Tj", block):
                h = hexstr.decode()
                chars.extend(mapping.get(int(h[i:i + 4], 16), "\ufffd")
                             for i in range(0, len(h), 4))
            if chars:
                # Qt's ToUnicode maps the space glyph to U+0009 (DejaVu shares it with tab).
                page.texts.append("".join(chars).replace("\t", " "))
        pages.append(page)
    return PdfDocument(pages, font_names)
