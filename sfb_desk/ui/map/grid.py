"""The hex grid as ONE cached graphics item (DESIGN.md section 5: not 1,260 items).

:class:`GridItem` paints the map's background, every hexside once and the ``CCRR`` label of
each hex. How it is cached was chosen by measurement (tests/benchmarks/test_bench_map.py):

* **Zoomed out** (scale below ``DIRECT_ZOOM``, where most of the 1,260 hexes are on screen) the
  whole grid is **pre-rendered into a QPixmap per zoom level** (a few levels kept, least recently
  used dropped). A frame at a known level is one blit in device pixels; panning re-renders
  nothing. During a zoom gesture (:meth:`GridItem.zooming`) a level not yet rendered is drawn
  from the nearest rendered one, scaled, and rendered crisp once the gesture pauses.
* **Zoomed in** only a few hundred hexes are visible, and painting just those (culled to the
  exposed rectangle) is cheaper than keeping a large pixmap: it is painted directly.

Qt's own ``DeviceCoordinateCache`` was measured first: it re-renders the whole item on every
zoom step (about 30-40 ms a frame here), so it is not used. Labels are drawn in device pixels
at whole-pixel font sizes, each laid out once per size (QStaticText), and dropped when smaller
than ``MIN_LABEL_DEVICE_PX`` (level of detail).
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.hexes import Hex, neighbor

from .geometry import CORNERS, HEX_SIZE, SIDE_CORNERS, SQRT3, MapExtent, hex_center_xy

MAP_FILL = QColor("#16213a")
GRID_LINE = QColor("#4a5d86")
LABEL_COLOUR = QColor("#8796b8")
LABEL_PX = 0.34 * HEX_SIZE  # label font size in scene units
MIN_LABEL_DEVICE_PX = 6  # below this font size on screen the labels are not drawn
#: Label font sizes on screen: a zoom picks the largest that fits, so a zoom gesture meets
#: only a dozen sizes, each laid out once (QStaticText), not a new size every few frames.
LABEL_SIZES = (6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 23, 26)
DIRECT_ZOOM = 1.0  # at this scale and above the visible hexes are painted directly
LEVELS_KEPT = 4
SETTLE_MS = 120  # a zoom gesture has paused after this long


class GridItem(QGraphicsItem):
    """Background, hexsides and labels of a :class:`MapExtent`; see the module docstring."""

    def __init__(self, extent: MapExtent) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(-100)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._pen = QPen(GRID_LINE, 0)  # cosmetic: one device pixel at every zoom
        self._texts: dict[int, _LabelTexts] = {}
        self._levels: OrderedDict[tuple[float, float], QPixmap] = OrderedDict()
        self._gesture = False
        self._settle = QTimer()
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self.settle)
        self.renders = 0  # zoom levels rendered into a pixmap
        self.direct_paints = 0  # frames painted hex by hex (zoomed in)
        self.scaled_paints = 0  # frames drawn from another level's pixmap, mid-gesture
        self._build(extent)

    @property
    def extent(self) -> MapExtent:
        return self._extent

    @property
    def cached_levels(self) -> tuple[float, ...]:
        """The zoom levels held as pixmaps, least recently used first."""
        return tuple(scale for scale, _ in self._levels)

    def set_extent(self, extent: MapExtent) -> None:
        if extent == self._extent:
            return
        self.prepareGeometryChange()
        self._build(extent)
        self.update()

    def zooming(self) -> None:
        """A zoom gesture step: until it pauses, new levels are drawn scaled from old ones."""
        self._gesture = True
        self._settle.start()

    def settle(self) -> None:
        """The gesture is over: render the current level crisp on the next paint."""
        self._settle.stop()
        if self._gesture:
            self._gesture = False
            self.update()

    def _build(self, extent: MapExtent) -> None:
        self._extent = extent
        self._rect = extent.scene_rect()
        self._levels.clear()
        # Per column: its hexside lines, row by row; each hexside belongs to one hex only (the
        # hex owns its A, B and F sides, and C, D, E where no hex of the extent lies beyond).
        self._columns: list[list[list[QLineF]]] = []
        self._labels: list[list[tuple[float, float, str]]] = []
        fill = QPainterPath()
        for col in range(extent.col0, extent.col0 + extent.columns):
            lines_col: list[list[QLineF]] = []
            labels_col: list[tuple[float, float, str]] = []
            for row in range(extent.row0, extent.row0 + extent.rows):
                h = Hex.from_offset(col, row)
                cx, cy = hex_center_xy(h.q, h.r)
                pts = [QPointF(cx + dx, cy + dy) for dx, dy in CORNERS]
                sides = [0, 1, 5] + [f for f in (2, 3, 4) if not extent.contains(neighbor(h, f))]
                lines_col.append([QLineF(pts[SIDE_CORNERS[f][0]], pts[SIDE_CORNERS[f][1]])
                                  for f in sides])
                labels_col.append((cx, cy - 0.8 * HEX_SIZE, extent.label(h)))
                fill.addPolygon(QPolygonF(pts))
            self._columns.append(lines_col)
            self._labels.append(labels_col)
        fill.setFillRule(Qt.FillRule.WindingFill)
        self._fill = fill.simplified()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect

    # -- painting ------------------------------------------------------------------------
    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        world = painter.worldTransform()
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
        if lod >= DIRECT_ZOOM or world.isRotating():
            self.direct_paints += 1
            self._paint_hexes(painter, self._exposed(painter, option, world), world)
            return
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        key = (round(lod, 4), dpr)
        pixmap = self._levels.get(key)
        if pixmap is None and self._gesture and self._levels:
            nearest = min(self._levels, key=lambda k: abs(math.log(k[0] / key[0])) + abs(k[1] - dpr))
            self.scaled_paints += 1
            # A passing frame: unfiltered scaling is 4-8 times faster than smooth over the
            # whole viewport, and the crisp level follows when the gesture pauses.
            smooth = painter.testRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            source = self._levels[nearest]
            painter.drawPixmap(self._rect, source, QRectF(source.rect()))
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
            return
        if pixmap is None:
            pixmap = self._render_level(*key)
        self._levels.move_to_end(key)
        origin = world.map(self._rect.topLeft())
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(QPointF(round(origin.x()), round(origin.y())), pixmap)
        painter.setWorldTransform(world)

    def _exposed(self, painter: QPainter, option: QStyleOptionGraphicsItem, world: QTransform) -> QRectF:
        """The part of the grid to paint: the exposed rectangle, cut to what the painter's
        device shows (QGraphicsView.render passes the whole item as exposed)."""
        exposed = option.exposedRect if option.exposedRect.isValid() else self._rect
        device = painter.device()
        inverse, invertible = world.inverted()
        if device is not None and invertible:
            shown = inverse.mapRect(QRectF(0, 0, device.width(), device.height()))
            if painter.hasClipping():
                shown = shown.intersected(painter.clipBoundingRect())
            exposed = exposed.intersected(shown)
        return exposed

    def _render_level(self, scale: float, dpr: float = 1.0) -> QPixmap:
        """The whole grid at ``scale`` logical pixels per scene unit (``dpr`` device pixels
        per logical pixel, so a high-DPI screen gets a sharp pixmap)."""
        rect = self._rect
        pixmap = QPixmap(math.ceil(rect.width() * scale * dpr) + 1,
                         math.ceil(rect.height() * scale * dpr) + 1)
        pixmap.setDevicePixelRatio(dpr)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        transform = QTransform(scale, 0, 0, scale, -rect.left() * scale, -rect.top() * scale)
        painter.setWorldTransform(transform)
        self._paint_hexes(painter, rect, transform)
        painter.end()
        self.renders += 1
        self._levels[(scale, dpr)] = pixmap
        while len(self._levels) > LEVELS_KEPT:
            self._levels.popitem(last=False)
        return pixmap

    def _visible(self, rect: QRectF) -> tuple[range, range]:
        """Column and row indices (into the extent) of hexes that may meet ``rect``."""
        ext = self._extent
        w, h = 1.5 * HEX_SIZE, SQRT3 * HEX_SIZE
        c_lo = max(0, math.floor((rect.left() - HEX_SIZE) / w) - ext.col0)
        c_hi = min(ext.columns, math.ceil((rect.right() + HEX_SIZE) / w) - ext.col0 + 1)
        r_lo = max(0, math.floor(rect.top() / h) - 1 - ext.row0)
        r_hi = min(ext.rows, math.ceil(rect.bottom() / h) + 1 - ext.row0 + 1)
        return range(c_lo, max(c_lo, c_hi)), range(r_lo, max(r_lo, r_hi))

    def _paint_hexes(self, painter: QPainter, exposed: QRectF, world: QTransform) -> None:
        """Fill, hexsides and labels of the hexes meeting ``exposed`` (scene units)."""
        painter.fillPath(self._fill, MAP_FILL)
        cols, rows = self._visible(exposed)
        lines: list[QLineF] = []
        for c in cols:
            column = self._columns[c]
            for r in rows:
                lines.extend(column[r])
        painter.setPen(self._pen)
        painter.drawLines(lines)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
        want = LABEL_PX * lod + 0.5
        if want < MIN_LABEL_DEVICE_PX or world.isRotating():  # the map view never rotates
            return
        # Labels are drawn in device pixels at one of LABEL_SIZES: the laid-out text of each
        # size is kept, so zooming re-lays nothing out once a size has been seen.
        texts = self._label_texts(max(s for s in LABEL_SIZES if s <= want))
        painter.setWorldTransform(QTransform())
        painter.setFont(texts.font)
        painter.setPen(LABEL_COLOUR)
        draw, get = painter.drawStaticText, texts.get
        # Not rotated, so device = scale * scene + offset, without a QTransform call per label.
        sx, sy, dx, dy = world.m11(), world.m22(), world.dx(), world.dy()
        for c in cols:
            column = self._labels[c]
            for r in rows:
                x, y, text = column[r]
                static, half = get(text)
                draw(QPointF(sx * x + dx - half, sy * y + dy), static)
        painter.setWorldTransform(world)

    def _label_texts(self, size: int) -> _LabelTexts:
        texts = self._texts.get(size)
        if texts is None:
            texts = self._texts[size] = _LabelTexts(size)
        return texts


class _LabelTexts:
    """The hex labels laid out at one device font size (QStaticText, half width)."""

    def __init__(self, size: int) -> None:
        self.font = QFont()
        self.font.setPixelSize(size)
        self._metrics = QFontMetricsF(self.font)
        self._texts: dict[str, tuple[QStaticText, float]] = {}

    def get(self, text: str) -> tuple[QStaticText, float]:
        found = self._texts.get(text)
        if found is None:
            static = QStaticText(text)
            static.setTextFormat(Qt.TextFormat.PlainText)
            found = self._texts[text] = (static, self._metrics.horizontalAdvance(text) / 2)
        return found
