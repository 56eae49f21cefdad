"""How the map's counters look: side colours, the highlight colours, captions and titles, where the
grid prints a hex's number, and the facing pointer every counter and ghost draws."""

from __future__ import annotations

import zlib
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPolygonF,
)

from sfb_desk.rules.units import Unit

from .geometry import HEX_SIZE, facing_vector
from .grid import LABEL_PX


R = HEX_SIZE
#: The radius of a ship counter's disc (a shuttle's is smaller), in scene units at its natural size.
SHIP_DISC = 0.45 * R
SIDE_COLOURS = {
    "fed": QColor("#2f6fd6"),
    "kli": QColor("#c0392b"),
    "rom": QColor("#2e9e4f"),
    "kzi": QColor("#d9891a"),
    "gor": QColor("#8e44ad"),
    "tho": QColor("#c0a020"),
    "ori": QColor("#6b7a8f"),
    "hyd": QColor("#1aa39a"),
    "lyr": QColor("#b5651d"),
    "isc": QColor("#9aa5b1"),
}
_FALLBACK = [QColor(c) for c in ("#d35400", "#16a085", "#7f8c8d", "#a04000", "#2471a3")]
HALO = QColor(255, 179, 0)
HALO_FILL = QColor(255, 179, 0, 60)
SELECTED = QColor("#ffe14d")
TEXT = QColor("white")
PLATE = QColor(10, 14, 24, 200)  # under a ship's caption
PLATE_OPAQUE = QColor(10, 14, 24)  # the same over a hex number


def side_colour(side: str) -> QColor:
    """The counter colour of a side (``"fed"``, ``"Federation"``, ``"KLI"`` ...)."""
    key = side.strip().lower()[:3]
    colour = SIDE_COLOURS.get(key)
    if colour is None:
        colour = _FALLBACK[zlib.crc32(key.encode()) % len(_FALLBACK)]
    return colour


def unit_title(unit: Unit) -> str:
    """``"ENT (Heavy Cruiser)"``: the id every panel uses, and the name when there is one."""
    name = unit.name.strip()
    return unit.id if not name or name == unit.id else f"{unit.id} ({name})"


def caption_text(unit: Unit, metrics: QFontMetricsF, width: float) -> str:
    """A ship counter's caption: its id, as every other panel names it (ENT, KRT); an id too
    long for ``width`` gives way to the name when that is shorter, elided if need be."""
    text = unit.id
    if metrics.horizontalAdvance(text) > width and unit.name and len(unit.name) < len(text):
        text = unit.name
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def caption_above(unit: Unit) -> bool:
    """A ship counter's caption goes below the disc unless the nose points down there (C, D,
    E)."""
    return unit.facing in (2, 3, 4)


_NUMBER_BAND: list[QRectF] = []


def number_band() -> QRectF:
    """Where the grid prints a hex's number (:mod:`~.grid`: ``CCRR`` at the top of the
    hex), relative to the hex's centre, with a little margin."""
    if not _NUMBER_BAND:
        font = QFont()
        font.setPixelSize(round(LABEL_PX))
        metrics = QFontMetricsF(font)
        half = metrics.horizontalAdvance("8888") / 2 + 0.04 * R
        _NUMBER_BAND.append(QRectF(-half, -0.8 * R, 2 * half, metrics.height()))
    return _NUMBER_BAND[0]


def near_number_bands() -> tuple[QRectF, ...]:
    """The hex numbers a seeker's label could reach: its hex's, and the three hexes' below."""
    band = number_band()
    return tuple(band.translated(x * R, y * R) for x, y in ((0, 0), (-1.5, 0.866), (1.5, 0.866),
                                                            (0, 1.732)))


def facing_pointer(facing: int, tip: float, base: float, half: float) -> QPolygonF:
    """A triangle pointing from the centre toward the hexside ``facing``."""
    vx, vy = facing_vector(facing)
    px, py = -vy, vx
    return QPolygonF([
        QPointF(vx * tip, vy * tip),
        QPointF(vx * base + px * half, vy * base + py * half),
        QPointF(vx * base - px * half, vy * base - py * half),
    ])
