"""Zoom, fit and pan of the hex map, and the counters' size on screen (a mixin of
:class:`~sfb_desk.ui.map.view.MapView`).

Counters keep a readable size at every zoom: a counter is drawn at its natural size (its hex's
scale) while that is big enough, and scaled up by :func:`counter_scale` when the map is zoomed
out, so its disc is at least ``MIN_COUNTER_PX`` pixels across and its id at least
``MIN_CAPTION_PX`` high. The scale is capped at ``MAX_COUNTER_SCALE`` (about three hexes
across), which is reached at ``MIN_ZOOM``: zooming out stops there, so the cap never has to
shrink a counter below a readable size.

The map follows the action (issue 12): :meth:`MapZoom.fit_units` frames the units with whole
counters on screen (:func:`fit_zoom`: the counters' size on screen is part of the sum), zoomed
in as far as ``FIT_MAX_ZOOM`` when they are close, so counters in adjacent hexes are drawn at
their natural size and do not cover each other. While :attr:`MapZoom.following` (set by a fit,
cleared when the player zooms or pans) the view frames the units again whenever a counter would
leave the view, the units have closed enough to zoom in, or the view is resized
(:meth:`MapZoom.keep_units_in_view`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsView, QScrollBar, QWidget

from sfb_desk.rules.hexes import Hex

from .geometry import HEX_SIZE, MapExtent, hex_center
from .looks import SHIP_DISC

#: A ship counter's disc on screen, in pixels, at the least.
MIN_COUNTER_PX = 32.0
#: A counter is never drawn more than this many times its natural size (its disc then spans
#: about three hexes).
MAX_COUNTER_SCALE = 7.0
#: Zoom limits, in pixels per scene unit: at ``MIN_ZOOM`` the capped scale still gives a
#: counter of ``MIN_COUNTER_PX``.
MIN_ZOOM = MIN_COUNTER_PX / (2 * SHIP_DISC * MAX_COUNTER_SCALE)
MAX_ZOOM = 6.0
#: The zoom at which a ship counter's natural size is ``MIN_COUNTER_PX`` (not enlarged above it).
NATURAL_ZOOM = MIN_COUNTER_PX / (2 * SHIP_DISC)
#: A fit zooms in no further than this (counters a half again their least size), ...
FIT_MAX_ZOOM = 1.5 * NATURAL_ZOOM
#: ... and out as far as this when the view is small for the units (a short map dock at
#: 1366x768): counters then a little under ``MIN_COUNTER_PX``, rather than cut off.
FIT_MIN_ZOOM = MIN_ZOOM / 2
#: Pixels kept clear between a counter and the edge of the view when framing.
FIT_MARGIN_PX = 10.0
#: Framing again zooms in when the fit would be this much closer than the view is.
REFIT_ZOOM_IN = 1.3
#: Pixels the number of a hex whose counters fan out takes above them (:class:`.fan.FanItem`).
FAN_TAG_PX = 26.0

#: What a fit frames of a counter: its hex's centre, its extent around it at its natural size
#: (scene units) and the pixels taken above it on screen.
Reach = tuple[QPointF, QRectF, float]


def counter_scale(zoom: float) -> float:
    """How much a counter is enlarged at ``zoom``: 1 when its natural size is readable, else
    enough for ``MIN_COUNTER_PX``, at most ``MAX_COUNTER_SCALE``."""
    if zoom <= 0:
        return MAX_COUNTER_SCALE
    return min(MAX_COUNTER_SCALE, max(1.0, MIN_COUNTER_PX / (2 * SHIP_DISC * zoom)))


def _reach(zoom: float, counters: Sequence[Reach], pad: float) -> QRectF:
    """The pixels ``counters`` cover at ``zoom`` (each a hex centre, its counter's extent
    around it at its natural size in scene units, and pixels taken above it: a fanned hex's
    number), their hexes padded by ``pad`` scene units. A counter is ``zoom *
    counter_scale(zoom)`` pixels a scene unit, the map ``zoom``."""
    px = zoom * counter_scale(zoom)
    left = min(p.x() * zoom + min(r.left() * px, -pad * zoom) for p, r, _a in counters)
    right = max(p.x() * zoom + max(r.right() * px, pad * zoom) for p, r, _a in counters)
    top = min(p.y() * zoom + min(r.top() * px - above, -pad * zoom) for p, r, above in counters)
    bottom = max(p.y() * zoom + max(r.bottom() * px, pad * zoom) for p, r, _a in counters)
    return QRectF(left, top, right - left, bottom - top)


def fit_zoom(counters: Sequence[Reach], viewport: QSizeF, pad: float = 0.0,
             margin_px: float = FIT_MARGIN_PX, low: float = FIT_MIN_ZOOM,
             high: float = FIT_MAX_ZOOM) -> tuple[float, QPointF]:
    """The largest zoom in [``low``, ``high``] at which ``counters`` (hex centres with their
    counters' extents at the natural size, :func:`_reach`) fit whole in ``viewport`` pixels,
    ``margin_px`` to spare, and the scene point to centre on. A zoomed-out fit leaves room for
    the enlarged counters (their size on screen is about constant)."""
    def fits(zoom: float) -> bool:
        reach = _reach(zoom, counters, pad)
        return (reach.width() + 2 * margin_px <= viewport.width()
                and reach.height() + 2 * margin_px <= viewport.height())

    if fits(high):
        zoom = high
    elif not fits(low):
        zoom = low
    else:
        for _ in range(24):  # fits() is monotone in the zoom: bisect (to a millionth)
            mid = (low + high) / 2
            low, high = (mid, high) if fits(mid) else (low, mid)
        zoom = low
    centre = _reach(zoom, counters, pad).center()
    return zoom, QPointF(centre.x() / zoom, centre.y() / zoom)


class ZoomHost(Protocol):
    """What :class:`MapZoom` needs of the view it is mixed into."""

    _units: dict
    _counters: dict
    _by_hex: dict
    _counter_scale: float
    _following: bool

    @property
    def extent(self) -> MapExtent: ...
    def transform(self): ...  # noqa: ANN201 (Qt's QTransform)
    def scale(self, sx: float, sy: float) -> None: ...
    def fitInView(self, rect: QRectF, mode: Qt.AspectRatioMode) -> None: ...  # noqa: N802
    def centerOn(self, pos: QPointF) -> None: ...  # noqa: N802
    def mapToScene(self, rect): ...  # noqa: ANN001, ANN201, N802
    def setTransform(self, matrix, combine: bool = False) -> None: ...  # noqa: ANN001, N802
    def transformationAnchor(self) -> QGraphicsView.ViewportAnchor: ...  # noqa: N802
    def setTransformationAnchor(self, anchor: QGraphicsView.ViewportAnchor) -> None: ...  # noqa: N802
    def horizontalScrollBar(self) -> QScrollBar: ...  # noqa: N802
    def verticalScrollBar(self) -> QScrollBar: ...  # noqa: N802
    def viewport(self) -> QWidget: ...
    def zoom(self) -> float: ...
    def zoom_by(self, factor: float) -> None: ...
    def fit_map(self) -> None: ...
    def fit_units(self, margin_hexes: float = ...) -> None: ...
    def _units_frame(self, margin_hexes: float) -> tuple[QPointF, float]: ...
    def overlay_strips(self) -> tuple[int, int]: ...
    def _zoom_centred(self, factor: float) -> None: ...
    def _zoomed(self) -> None: ...

    @property
    def grid(self): ...  # noqa: ANN201 (the GridItem)


class MapZoom:
    """Zoom (wheel and keys), fit, centre and pan; every change of zoom calls the view's
    ``_zoomed`` so the counters take their size for it (:func:`counter_scale`)."""

    def zoom(self: ZoomHost) -> float:
        return self.transform().m11()

    # Qt's own ways to zoom, called from Python (tools, tests, the bridge): the counters follow.
    def scale(self, sx: float, sy: float) -> None:
        QGraphicsView.scale(self, sx, sy)  # type: ignore[arg-type]
        self._zoomed()  # type: ignore[attr-defined]

    def resetTransform(self) -> None:  # noqa: N802 (Qt name)
        QGraphicsView.resetTransform(self)  # type: ignore[arg-type]
        self._zoomed()  # type: ignore[attr-defined]

    def setTransform(self, matrix, combine: bool = False) -> None:  # noqa: ANN001, N802 (Qt name)
        QGraphicsView.setTransform(self, matrix, combine)  # type: ignore[arg-type]
        self._zoomed()  # type: ignore[attr-defined]

    def zoom_by(self: ZoomHost, factor: float) -> None:
        """Zoom by ``factor`` (a step of a wheel or key gesture), within the zoom limits. The
        player's zoom: the map stops following the units (:attr:`following`)."""
        self._following = False
        low = min(MIN_ZOOM, self.zoom())  # a fit to a small view may be below MIN_ZOOM
        target = min(MAX_ZOOM, max(low, self.zoom() * factor))
        factor = target / self.zoom()
        if abs(factor - 1.0) > 1e-9:
            self.grid.zooming()
            self.scale(factor, factor)

    def settle(self: ZoomHost) -> None:
        """End a zoom gesture now: the next frame is drawn crisp (screenshots, tests)."""
        self.grid.settle()

    def zoom_in(self: ZoomHost) -> None:
        self._zoom_centred(1.25)

    def zoom_out(self: ZoomHost) -> None:
        self._zoom_centred(1 / 1.25)

    def _zoom_centred(self: ZoomHost, factor: float) -> None:
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.zoom_by(factor)
        self.setTransformationAnchor(anchor)

    @property
    def following(self: ZoomHost) -> bool:
        """Does the map frame the units again as they move (until the player zooms or pans)?"""
        return self._following

    def fit_map(self: ZoomHost) -> None:
        """Zoom and centre so the whole map (or floating window) fits; the map then stays
        there (it no longer follows the units)."""
        self._following = False
        self._fit(self.extent.scene_rect())

    def fit_units(self: ZoomHost, margin_hexes: float = 0.5) -> None:
        """Zoom and centre on the units shown, whole counters on screen with
        ``margin_hexes`` to spare around their hexes (:func:`fit_zoom`); the whole map when
        there are none. The map follows the units from then on (:attr:`following`)."""
        if not self._units:
            self.fit_map()
            return
        self._following = True
        centre, zoom = self._units_frame(margin_hexes)
        self.setTransform(QTransform.fromScale(zoom, zoom))
        self.centerOn(centre)

    def _units_frame(self: ZoomHost, margin_hexes: float = 0.5) -> tuple[QPointF, float]:
        """The scene point to centre on and the zoom that frame the units with whole
        counters, ``margin_hexes`` around their hexes (:meth:`fit_units`, :func:`fit_zoom`)."""
        k = self._counter_scale or 1.0
        counters = []
        for counter in self._counters.values():
            # what it draws (its footprint), off its hex's centre when fanned out
            natural = counter.footprint().translated(counter.offset / k)
            above = FAN_TAG_PX if len(self._by_hex.get(counter.unit.hex, ())) > 1 else 0.0
            counters.append((hex_center(counter.unit.hex), natural, above))
        area = self.viewport().size()
        top, bottom = self.overlay_strips()  # the clock above, the message line below: clear
        zoom, centre = fit_zoom(counters, QSizeF(area.width(), max(1, area.height() - top - bottom)),
                                pad=margin_hexes * 1.8 * HEX_SIZE)
        return centre + QPointF(0, (bottom - top) / 2 / zoom), zoom

    def keep_units_in_view(self: ZoomHost) -> bool:
        """While following: frame the units again if a counter is not wholly in view, or the
        units have closed so a fit would zoom in by ``REFIT_ZOOM_IN`` or more. True if it did."""
        if not self._following or not self._units:
            return False
        zoom = max(self.zoom(), 1e-9)
        margin = FIT_MARGIN_PX / 2 / zoom
        top, bottom = self.overlay_strips()
        seen = self.mapToScene(self.viewport().rect()).boundingRect().adjusted(
            margin, margin + top / 2 / zoom, -margin, -margin - bottom / 2 / zoom)
        out = any(not seen.contains(c.mapRectToScene(c.footprint()))
                  for c in self._counters.values())
        if not out and (zoom * REFIT_ZOOM_IN > FIT_MAX_ZOOM  # as close as a fit comes
                        or self._units_frame(0.5)[1] < zoom * REFIT_ZOOM_IN):
            return False
        self.fit_units()
        return True

    def _fit(self: ZoomHost, rect: QRectF) -> None:
        """Fit ``rect`` in the view, within the zoom limits (centred on it either way)."""
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        zoom = self.zoom()
        if not MIN_ZOOM <= zoom <= MAX_ZOOM:
            limited = min(MAX_ZOOM, max(MIN_ZOOM, zoom))
            self.scale(limited / zoom, limited / zoom)
            self.centerOn(rect.center())
        self._zoomed()  # fitInView zooms in Qt's code, past the override of scale

    def center_on_hex(self: ZoomHost, h: Hex) -> None:
        self.centerOn(hex_center(h))

    def pan_by(self: ZoomHost, dx: float, dy: float) -> None:
        """Scroll the view by ``dx``, ``dy`` viewport pixels (the player's pan: the map stops
        following the units)."""
        self._following = False
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setValue(round(hbar.value() + dx))
        vbar.setValue(round(vbar.value() + dy))
