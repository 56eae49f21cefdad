"""Where the map's counters go (a mixin of :class:`~sfb_desk.ui.map.view.MapView`): one counter
per unit, at its size for the zoom (:mod:`.zoom`), fanned out where units share a hex
(:mod:`.fan`), and which counter a click lands on."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from sfb_desk.rules.hexes import Hex
from sfb_desk.rules.units import Unit

from .counters import SeekerCounter, ShipCounter, _Counter
from .fan import FanItem, fan_offsets
from .zoom import counter_scale

_FANNED = QPointF(1.0, 0.0)  # any offset but none: lays a counter out as fanned (_place_all)


class PlacingHost(Protocol):
    """What :class:`CounterPlacing` needs of the view it is mixed into."""

    _by_hex: dict[Hex, list[Unit]]
    _counters: dict[str, _Counter]
    _counter_scale: float
    fan_item: FanItem

    def scene(self) -> QGraphicsScene: ...
    def zoom(self) -> float: ...
    def items(self, pos) -> list[QGraphicsItem]: ...  # noqa: ANN001 (a QPoint)
    def mapToScene(self, pos) -> QPointF: ...  # noqa: ANN001, N802 (a QPoint; Qt name)
    def _place(self, unit: Unit, offset: QPointF, enlarged: float) -> None: ...
    def _place_all(self) -> None: ...


class CounterPlacing:
    """Counters placed, sized and hit (module docstring)."""

    def unit_at_view(self: PlacingHost, pos: QPointF) -> str | None:
        """The id of the unit whose counter is drawn at viewport point ``pos`` (of several
        overlapping there, the one whose centre is nearest), or None."""
        at = self.mapToScene(pos.toPoint())
        hits = [item for item in self.items(pos.toPoint()) if isinstance(item, _Counter)]
        if not hits:
            return None
        return min(hits, key=lambda c: (c.scenePos() - at).manhattanLength()).unit.id

    def _place_all(self: PlacingHost) -> None:
        """Place every counter at its size for the zoom, fanned out where units share a hex
        (:mod:`.fan`: laid out as fanned first, so each knows what it covers)."""
        k = self._counter_scale
        fans = []
        for h, here in self._by_hex.items():
            if len(here) == 1:
                self._place(here[0], QPointF(), k)
                continue
            for u in here:
                self._place(u, _FANNED, k)
            for u, offset in fan_offsets(here, k, lambda u: self._counters[u.id].footprint()):
                self._place(u, offset, k)
            block = QRectF()
            for u in here:
                counter = self._counters[u.id]
                block = block.united(counter.mapRectToScene(counter.footprint()))
            fans.append((h, block))
        self.fan_item.set_fans(fans)

    def _zoomed(self: PlacingHost) -> None:
        """The zoom changed: counters take their size for it (:func:`.zoom.counter_scale`)."""
        k = counter_scale(self.zoom())
        if k != self._counter_scale:
            self._counter_scale = k
            self._place_all()

    def _place(self: PlacingHost, unit: Unit, offset: QPointF, enlarged: float) -> None:
        counter = self._counters.get(unit.id)
        if counter is None or counter.unit.is_seeker != unit.is_seeker:
            if counter is not None:
                self.scene().removeItem(counter)
            counter = (SeekerCounter if unit.is_seeker else ShipCounter)(unit)
            self._counters[unit.id] = counter
            self.scene().addItem(counter)
        counter.set_unit(unit, offset, enlarged)
