"""Render ``resources/icons/sfb-desk.svg`` to the packaging icons in ``packaging/icons/``.

    python packaging/make_icons.py

writes ``sfb-desk-<N>.png`` for the freedesktop hicolor sizes and ``sfb-desk.ico`` (Windows: the
PyInstaller executable icon) holding the 16 to 256 pixel renders as PNG entries. The outputs are
committed; run this again only when the SVG changes. Rendering uses Qt's SVG renderer (QtSvg,
part of PySide6-Essentials) and QPainter, offscreen, so no display is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "sfb-desk.svg"
OUT = Path(__file__).resolve().parent / "icons"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render_png(renderer, size: int) -> bytes:
    """The SVG drawn on a transparent ``size``x``size`` image, encoded as PNG."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
    from PySide6.QtGui import QImage, QPainter

    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"cannot encode the {size}px render as PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico with one PNG-compressed entry per size (valid since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory = b""
    images = b""
    for size in sizes:
        png = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + directory + images


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (keep alive)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1
    OUT.mkdir(exist_ok=True)
    pngs = {size: render_png(renderer, size) for size in PNG_SIZES}
    for size, png in pngs.items():
        (OUT / f"sfb-desk-{size}.png").write_bytes(png)
    (OUT / "sfb-desk.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    print(f"wrote {len(pngs)} PNGs and sfb-desk.ico to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
