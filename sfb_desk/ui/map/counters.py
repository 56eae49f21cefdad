"""Counters of the hex map: one graphics item per unit (their look: :mod:`.looks`; the
overlays: :mod:`.overlays`).

* :class:`ShipCounter`: ships and controlled shuttles; a disc in the side's colour with its
  unit id (:func:`caption_text`; the name in its tool tip), its speed and a pointer at the
  hexside it faces; a halo when it moves this impulse; a yellow rim when selected.
* :class:`SeekerCounter`: drones (a dart) and plasma torpedoes (a glowing ball), small, so a
  hundred of them leave the ships readable; the speed beside it, clear of the hex number.

Counters keep a readable size on screen: zoomed out, the view enlarges them
(:attr:`_Counter.enlarged`, :func:`~sfb_desk.ui.map.zoom.counter_scale`), so the id and the facing
pointer stay legible; counters sharing a hex are fanned out by the view (:mod:`.fan`).
Counters cache their pixels in device coordinates; text is laid out once (QStaticText).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
    QStaticText,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from sfb_desk.rules.units import PLASMA, SHUTTLE, Unit

from .geometry import facing_vector, hex_center
from .looks import (HALO, HALO_FILL, PLATE, PLATE_OPAQUE, R, SELECTED, TEXT, caption_above,
                    caption_text, facing_pointer, near_number_bands, number_band, side_colour,
                    unit_title)
#: Counters are drawn from pictures while the view's zoom is below this (pixels per scene
#: unit), and painted directly above it, where only a handful are on screen.
COUNTER_CACHE_SCALE = 4.0
#: Pictures kept per counter (zoom levels x with or without text), oldest dropped first.
PICTURES_KEPT = 3
#: A ship counter's caption (its id), in scene pixels at the natural size.
CAPTION_PX = 0.26 * R


def _area(rect: QRectF) -> float:
    return rect.width() * rect.height() if rect.isValid() else 0.0


def _ring(inner: float, outer: float) -> QPainterPath:
    """An annulus, filled rather than stroked: Qt fills a ready path several times faster
    than it strokes a thick antialiased ellipse."""
    path = QPainterPath()
    path.addEllipse(QPointF(0, 0), outer, outer)
    path.addEllipse(QPointF(0, 0), inner, inner)  # odd-even fill leaves the middle empty
    return path


def _disc(radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(0, 0), radius, radius)
    return path


_SHIP_HALO_RING = _ring(0.58 * R, 0.66 * R)
_SHIP_HALO_DISC = _disc(0.62 * R)
_SHIP_HALO_RECT = _SHIP_HALO_RING.boundingRect()
_SEEKER_HALO_RING = _ring(0.375 * R, 0.425 * R)


class _Text:
    """A line of text laid out once (QStaticText), with its size in scene units."""

    __slots__ = ("static", "width", "height")

    def __init__(self, text: str, font: QFont) -> None:
        self.static = QStaticText(text)
        self.static.setTextFormat(Qt.TextFormat.PlainText)
        metrics = QFontMetricsF(font)
        self.width = metrics.horizontalAdvance(text)
        self.height = metrics.height()

    def draw_centred(self, painter: QPainter, x: float, y: float) -> None:
        painter.drawStaticText(QPointF(x - self.width / 2, y - self.height / 2), self.static)


class _Counter(QGraphicsItem):
    """Shared state of the counters: the unit, the movement halo, the selection rim, and a
    picture cache.

    Zoomed out (below ``COUNTER_CACHE_SCALE`` pixels per scene unit) a counter is drawn from a
    pixmap of itself, rendered at the power of two at or above the zoom (mip levels; a few kept
    per counter) until the unit or its highlight changes, so 300 counters cost 300 small
    pixmap draws a frame while panning and zooming (painting them directly, antialiased, was
    measured at about a millisecond a ship at zoom 2). A zoom crossing into a new level renders at most
    ``RENDERS_PER_FRAME`` counters a frame (the view resets the budget each frame); the rest
    show their pixmap of another level, scaled, until their turn. Zoomed in, where
    few counters are visible, it is painted directly and stays sharp. (Qt's own
    ``ItemCoordinateCache`` with a larger cache size drew the pixmap at the cache size, and
    ``DeviceCoordinateCache`` re-renders on every zoom step; both were measured and dropped.)
    """

    #: Below this device size of a hex's radius, text is left out (level of detail).
    TEXT_MIN = 14.0
    #: The counter's extent around its centre (one constant: Qt asks for it several times a
    #: frame per item).
    BOUNDS = QRectF()
    TOP_LEFT = QPointF()
    RENDERS_PER_FRAME = 24
    _budget = [RENDERS_PER_FRAME]

    @classmethod
    def new_frame(cls) -> None:
        """Reset the per-frame budget of pixmap renders (the view calls this each frame)."""
        _Counter._budget[0] = cls.RENDERS_PER_FRAME

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self.BOUNDS

    def __init__(self, unit: Unit) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.unit = unit
        self.moving = False
        self.selected = False
        self._pixmaps: dict[tuple[float, bool], QPixmap] = {}
        self.renders = 0
        self.offset = QPointF()  # from the hex's centre (several units share a hex)
        self.enlarged = 1.0  # drawn this many times its natural size (map.zoom.counter_scale)
        self.set_unit(unit)

    def set_unit(self, unit: Unit, offset: QPointF | None = None, enlarged: float = 1.0) -> None:
        """Show ``unit`` at ``offset`` (scene units) from its hex's centre, ``enlarged`` times
        its natural size. Its labels keep clear of the hex number only when it is alone in its
        hex (offset 0) at the natural size; enlarged or fanned out (:mod:`.fan`) it covers the
        number anyway and they take fixed places. So only a change of unit, of being natural,
        or of being alone lays it out and draws it again."""
        offset = QPointF() if offset is None else QPointF(offset)
        natural = enlarged == 1.0
        changed = (unit != self.unit or natural != (self.enlarged == 1.0)
                   or offset.isNull() != self.offset.isNull())
        if enlarged != self.enlarged:
            self.enlarged = enlarged
            self.setScale(enlarged)
        self.unit = unit
        self.offset = offset
        self.setPos(hex_center(unit.hex) + offset)
        if changed:
            self._relayout()
            self._changed()

    @property
    def fixed_labels(self) -> bool:
        """Enlarged or fanned out: its labels take fixed places (:meth:`set_unit`)."""
        return self.enlarged != 1.0 or not self.offset.isNull()

    def footprint(self) -> QRectF:
        """What it covers, in its own coordinates, when fanned out (:mod:`.fan`)."""
        return self.BOUNDS

    def _relayout(self) -> None:
        pass

    def _changed(self) -> None:
        self._pixmaps.clear()
        self.update()

    def set_moving(self, moving: bool) -> None:
        if moving != self.moving:
            self.moving = moving
            self._changed()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.setZValue(self.zValue() + (5 if selected else -5))
            self._changed()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        text = lod * R >= self.TEXT_MIN
        if lod >= COUNTER_CACHE_SCALE:
            self._draw(painter, text)
            return
        # Mip levels: the pixmap of the next power of two at or above the zoom, so drawing it
        # scales by 1/2..1, which Qt's bilinear path does fast (a larger shrink is slow).
        level = 2.0 ** max(-4, math.ceil(math.log2(lod))) if lod > 0 else COUNTER_CACHE_SCALE
        key = (level, text)
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            budget = _Counter._budget
            if budget[0] <= 0 and self._pixmaps:  # over budget: another level, this frame
                other = min(self._pixmaps, key=lambda k: (k[1] != text, abs(math.log2(k[0] / level))))
                painter.drawPixmap(self.TOP_LEFT, self._pixmaps[other])
                self.update()  # and the right level in a later frame
                return
            budget[0] -= 1
            pixmap = self._pixmaps[key] = self._render(level, text)
            if len(self._pixmaps) > PICTURES_KEPT:
                del self._pixmaps[next(iter(self._pixmaps))]
        painter.drawPixmap(self.TOP_LEFT, pixmap)

    def _render(self, scale: float, text: bool) -> QPixmap:
        rect = self.boundingRect()
        pixmap = QPixmap(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale))
        pixmap.setDevicePixelRatio(scale)  # drawn at its logical size: the bounding rect
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.translate(-rect.left(), -rect.top())
        self._draw(p, text)
        p.end()
        self.renders += 1
        return pixmap

    def _draw(self, painter: QPainter, text: bool) -> None:
        raise NotImplementedError


class ShipCounter(_Counter):
    """A ship (or controlled shuttle) counter: a disc in the side's colour with a nose at the
    hexside it faces, its speed inside and its name on a caption away from the nose."""

    def __init__(self, unit: Unit) -> None:
        super().__init__(unit)
        self._font = QFont()
        self._font.setPixelSize(round(CAPTION_PX))
        self._speed_font = QFont(self._font)
        self._speed_font.setPixelSize(round(0.36 * R))
        self._speed_font.setBold(True)
        self.setZValue(10)
        self._relayout()

    def _relayout(self) -> None:
        u = self.unit
        radius = 0.34 * R if u.kind == SHUTTLE else 0.45 * R
        self._radius = radius
        self._colour = side_colour(u.side)
        body = QPainterPath()
        body.addEllipse(QPointF(0, 0), radius, radius)
        nose = QPainterPath()
        nose.addPolygon(facing_pointer(u.facing, 0.84 * R, 0.2 * R, 0.3 * R))
        nose.closeSubpath()
        self._body = body.united(nose)
        self._nose_tip = facing_pointer(u.facing, 0.84 * R, 0.52 * R, 0.12 * R)
        caption = caption_text(u, QFontMetricsF(self._font), 1.9 * R)
        self._name = _Text(caption, self._font)
        self.setToolTip(f"{unit_title(u)}: speed {u.speed}{' (reverse)' if u.reverse else ''},"
                        f" facing {u.facing_letter}")
        self._speed = _Text(f"{'R' if u.reverse else ''}{u.speed}", self._speed_font)
        name = self._name
        plate = QRectF(-name.width / 2 - 3, -name.height / 2, name.width + 6, name.height)
        if caption_above(u) and self.fixed_labels:
            plate = plate.translated(0, -0.66 * R)  # enlarged or fanned out: over the number
            self._plate_colour = PLATE
        elif caption_above(u):
            # Up there it would half hide the hex number: its plate covers the number whole.
            band = number_band().translated(-self.offset)
            plate = plate.translated(0, band.center().y()).united(band).intersected(self.BOUNDS)
            self._plate_colour = PLATE_OPAQUE
        else:
            plate = plate.translated(0, 0.66 * R)
            self._plate_colour = PLATE
        self._plate = plate
        self._caption_y = plate.center().y()

    BOUNDS = QRectF(-1.0 * R, -0.9 * R, 2.0 * R, 1.8 * R)
    TOP_LEFT = BOUNDS.topLeft()

    def shape(self) -> QPainterPath:
        """Where a click hits it: the disc with its nose, and the caption."""
        path = QPainterPath(self._body)
        path.addRect(self._plate)
        return path

    def footprint(self) -> QRectF:
        return self._body.boundingRect().united(self._plate).united(_SHIP_HALO_RECT)

    @property
    def caption(self) -> str:
        """The text on the counter's caption (:func:`caption_text`)."""
        return self._name.static.text()

    def caption_rect(self) -> QRectF:
        """The caption's plate, in scene coordinates."""
        return self.mapRectToScene(self._plate)

    def _draw(self, painter: QPainter, text: bool) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.moving:
            painter.fillPath(_SHIP_HALO_DISC, HALO_FILL)
            painter.fillPath(_SHIP_HALO_RING, HALO)
        rim = QPen(SELECTED, 0.1 * R) if self.selected else QPen(QColor(235, 240, 255), 0.04 * R)
        painter.setPen(rim)
        painter.setBrush(self._colour)
        painter.drawPath(self._body)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TEXT)
        painter.drawPolygon(self._nose_tip)
        if not text:
            return
        painter.setPen(TEXT)
        painter.setFont(self._speed_font)
        self._speed.draw_centred(painter, 0.0, 0.0)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._plate_colour)
        painter.drawRoundedRect(self._plate, 3, 3)
        painter.setPen(TEXT)
        painter.setFont(self._font)
        self._name.draw_centred(painter, 0.0, self._caption_y)


class SeekerCounter(_Counter):
    """A drone (a dart) or a plasma torpedo (a glowing ball), pointing where it heads."""

    def __init__(self, unit: Unit) -> None:
        super().__init__(unit)
        self._font = QFont()
        self._font.setPixelSize(round(0.24 * R))
        self.setZValue(20)
        self._relayout()

    def _relayout(self) -> None:
        u = self.unit
        self._colour = side_colour(u.side)
        self._dart = facing_pointer(u.facing, 0.34 * R, -0.2 * R, 0.15 * R)
        self._label = _Text(str(u.speed), self._font)
        self._label_at = self._label_place()
        vx, vy = facing_vector(u.facing)
        self._trail = QLineF(vx * 0.22 * R, vy * 0.22 * R, vx * 0.38 * R, vy * 0.38 * R)
        what = "plasma torpedo" if u.kind == PLASMA else u.kind
        target = f", target {u.target}" if u.target else ""
        self.setToolTip(f"{unit_title(u)}: {what}, speed {u.speed}{target}")

    #: Where the speed label may go, in hexsides from the seeker's facing: behind it first,
    #: then behind to either side, then beside the nose (never on the nose).
    LABEL_SIDES = (3, 2, 4, 1, 5)
    LABEL_DISTANCE = 0.36 * R

    def _label_place(self) -> QPointF:
        """The speed label's centre: behind the seeker unless that covers a hex number (its
        own hex's, or the next one's below); then the first place round it that is clear, else
        the one that covers least. (In a shared hex the counters are fanned out, :mod:`.fan`,
        each inside its own bounds.)"""
        if self.fixed_labels:  # enlarged or fanned out, it covers the hex number: behind it
            vx, vy = facing_vector((self.unit.facing + self.LABEL_SIDES[0]) % 6)
            return QPointF(vx * self.LABEL_DISTANCE, vy * self.LABEL_DISTANCE)
        keep_clear = [band.translated(-self.offset) for band in near_number_bands()]
        w, h = self._label.width, self._label.height
        places = []
        for side in self.LABEL_SIDES:
            vx, vy = facing_vector((self.unit.facing + side) % 6)
            at = QPointF(vx * self.LABEL_DISTANCE, vy * self.LABEL_DISTANCE)
            rect = QRectF(at.x() - w / 2, at.y() - h / 2, w, h)
            covered = sum(_area(rect.intersected(k)) for k in keep_clear)
            if covered == 0:
                return at
            places.append((covered, at))
        return min(places, key=lambda p: p[0])[1]

    BOUNDS = QRectF(-0.6 * R, -0.6 * R, 1.2 * R, 1.2 * R)
    TOP_LEFT = BOUNDS.topLeft()
    _SHAPE = _disc(0.45 * R)

    def shape(self) -> QPainterPath:
        """Where a click hits it: a disc round the dart or ball (and most of its label)."""
        return self._SHAPE

    def footprint(self) -> QRectF:
        w, h = self._label.width, self._label.height
        at = self._label_at
        return self._SHAPE.boundingRect().united(QRectF(at.x() - w / 2, at.y() - h / 2, w, h))

    TEXT_MIN = 22.0

    def label_rect(self) -> QRectF:
        """Where the speed label is drawn, in scene coordinates."""
        w, h = self._label.width, self._label.height
        at = self._label_at
        return self.mapRectToScene(QRectF(at.x() - w / 2, at.y() - h / 2, w, h))

    def _draw(self, painter: QPainter, text: bool) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.moving:
            painter.fillPath(_SEEKER_HALO_RING, HALO)
        rim = QPen(SELECTED, 0.08 * R) if self.selected else QPen(QColor("white"), 0.03 * R)
        if self.unit.kind == PLASMA:
            glow = QRadialGradient(QPointF(0, 0), 0.24 * R)
            glow.setColorAt(0.0, QColor("#fff6c0"))
            glow.setColorAt(0.6, QColor("#ff9d2e"))
            glow.setColorAt(1.0, self._colour)
            painter.setPen(rim)
            painter.setBrush(QBrush(glow))
            painter.drawEllipse(QPointF(0, 0), 0.22 * R, 0.22 * R)
            painter.setPen(QPen(QColor("#fff6c0"), 0.05 * R))
            painter.drawLine(self._trail)
        else:
            painter.setPen(rim)
            painter.setBrush(self._colour)
            painter.drawPolygon(self._dart)
        if text:
            painter.setPen(TEXT)
            painter.setFont(self._font)
            self._label.draw_centred(painter, self._label_at.x(), self._label_at.y())
