"""Draw an SSD's box layout with QPainter: the one renderer for screen, PDF and printer.

``render_ssd_boxes(painter, origin, scale, layout, destroyed)`` paints the groups of
:func:`sfb_desk.printing.ssd_layout.layout_ssd` at ``scale`` points per box. Destroyed boxes
are crossed out; a highlighted set (e.g. damage that just landed) is filled.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintDevice, QPen

from sfb_desk.printing.ssd_layout import BOX, TITLE, Measure, SsdLayout

SECTION_COLOURS: dict[str, str] = {
    "Shields": "#dbe9f6",
    "Control": "#f3e3c3",
    "Power": "#f6d5d5",
    "Hull": "#e4e4e4",
    "Systems": "#dff0dc",
    "Weapons": "#f4dcef",
    "Special": "#e9e2f7",
    "Tracks": "#fff6c9",
}


def box_fonts(base: QFont, scale: float) -> tuple[QFont, QFont]:
    """The title (bold) and box/caption fonts used at ``scale`` points per box."""
    title_font = QFont(base)
    title_font.setPointSizeF(max(scale * 0.55, 4.0))
    title_font.setBold(True)
    box_font = QFont(base)
    box_font.setPointSizeF(max(scale * 0.5, 3.5))
    box_font.setBold(False)
    return title_font, box_font


def font_measure(base: QFont, scale: float, device: QPaintDevice | None = None) -> Measure:
    """A layout ``Measure`` from the renderer's real font metrics (in box units)."""
    title_font, box_font = box_fonts(base, scale)
    bold = QFontMetricsF(title_font, device) if device else QFontMetricsF(title_font)
    plain = QFontMetricsF(box_font, device) if device else QFontMetricsF(box_font)

    def measure(text: str, is_bold: bool) -> float:
        metrics = bold if is_bold else plain
        return (metrics.horizontalAdvance(text) + 2.0) / scale

    return measure


def render_ssd_boxes(
    painter: QPainter,
    origin: QPointF,
    scale: float,
    layout: SsdLayout,
    destroyed: Collection[str] = (),
    highlighted: Collection[str] = (),
    ink: QColor | None = None,
) -> None:
    ink = ink or QColor("#1b1b1b")
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    title_font, box_font = box_fonts(painter.font(), scale)
    caption_font = box_font
    thin = QPen(ink, max(scale * 0.06, 0.6))
    for group in layout.groups:
        gx = origin.x() + group.x * scale
        gy = origin.y() + group.y * scale
        painter.setPen(ink)
        painter.setFont(title_font)
        painter.drawText(
            QRectF(gx, gy, group.width * scale, TITLE * scale),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            group.title,
        )
        fill = QColor(SECTION_COLOURS.get(group.section, "#ffffff"))
        painter.setFont(box_font)
        for cell in group.cells:
            rect = QRectF(origin.x() + cell.x * scale, origin.y() + cell.y * scale,
                          BOX * scale, BOX * scale)
            painter.setPen(thin)
            if cell.box_id in highlighted:
                painter.setBrush(QColor("#ff9a3c"))
            else:
                painter.setBrush(fill)
            painter.drawRect(rect)
            if cell.text:
                painter.setPen(ink)
                painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), cell.text)
            if cell.box_id in destroyed:
                painter.setPen(QPen(QColor("#b00020"), max(scale * 0.12, 1.0)))
                painter.drawLine(rect.topLeft(), rect.bottomRight())
                painter.drawLine(rect.topRight(), rect.bottomLeft())
        if group.caption:
            last = group.cells[-1]
            cy = origin.y() + last.y * scale + BOX * scale
            painter.setPen(ink)
            painter.setFont(caption_font)
            painter.drawText(
                QRectF(gx, cy, group.width * scale, TITLE * scale),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                group.caption,
            )
    painter.restore()
