"""Zoom, fit and pan of the hex map, and the counters' size on screen (a mixin of
:class:`~sfb_desk.ui.map.view.MapView`).

Counters keep a readable size at every zoom: a counter is drawn at its natural size (its hex's
scale) while that is big enough, and scaled up by :func:`counter_scale` when the map is zoomed
out, so its disc is at least ``MIN_COUNTER_PX`` pixels across and its id at least
``MIN_CAPTION_PX`` high. The scale is capped at ``MAX_COUNTER_SCALE`` (about three hexes
across), which is reached at ``MIN_ZOOM``: zooming out stops there, so the cap never has to
shrink a counter below a readable size.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
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


def counter_scale(zoom: float) -> float:
    """How much a counter is enlarged at ``zoom``: 1 when its natural size is readable, else
    enough for ``MIN_COUNTER_PX``, at most ``MAX_COUNTER_SCALE``."""
    if zoom <= 0:
        return MAX_COUNTER_SCALE
    return min(MAX_COUNTER_SCALE, max(1.0, MIN_COUNTER_PX / (2 * SHIP_DISC * zoom)))


class ZoomHost(Protocol):
    """What :class:`MapZoom` needs of the view it is mixed into."""

    _units: dict
    _counter_scale: float

    @property
    def extent(self) -> MapExtent: ...
    def transform(self): ...  # noqa: ANN201 (Qt's QTransform)
    def scale(self, sx: float, sy: float) -> None: ...
    def fitInView(self, rect: QRectF, mode: Qt.AspectRatioMode) -> None: ...  # noqa: N802
    def centerOn(self, pos: QPointF) -> None: ...  # noqa: N802
    def transformationAnchor(self) -> QGraphicsView.ViewportAnchor: ...  # noqa: N802
    def setTransformationAnchor(self, anchor: QGraphicsView.ViewportAnchor) -> None: ...  # noqa: N802
    def horizontalScrollBar(self) -> QScrollBar: ...  # noqa: N802
    def verticalScrollBar(self) -> QScrollBar: ...  # noqa: N802
    def viewport(self) -> QWidget: ...
    def zoom(self) -> float: ...
    def zoom_by(self, factor: float) -> None: ...
    def fit_map(self) -> None: ...
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
        """Zoom by ``factor`` (a step of a wheel or key gesture), within the zoom limits."""
        target = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom() * factor))
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

    def fit_map(self: ZoomHost) -> None:
        """Zoom and centre so the whole map (or floating window) fits."""
        self._fit(self.extent.scene_rect())

    def fit_units(self: ZoomHost, margin_hexes: float = 2.0) -> None:
        """Zoom and centre on the units shown (the whole map when there are none)."""
        if not self._units:
            self.fit_map()
            return
        points = [hex_center(u.hex) for u in self._units.values()]
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        pad = margin_hexes * 1.8 * HEX_SIZE
        self._fit(QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                         max(ys) - min(ys) + 2 * pad))

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
        """Scroll the view by ``dx``, ``dy`` viewport pixels."""
        hbar, vbar = self.horizontalScrollBar(), self.verticalScrollBar()
        hbar.setValue(round(hbar.value() + dx))
        vbar.setValue(round(vbar.value() + dy))
