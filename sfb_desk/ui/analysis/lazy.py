"""The Analysis dock's stand-in until the dock is first shown: :class:`LazyAnalysisDock`.

The charts (:class:`~.dock.AnalysisDock`) need pyqtgraph and numpy, a third of the app's
start-up; a player who never opens the Analysis tab never pays for them (issue 13: start-up).
The stand-in takes the calls the window and the other panels make (``bind``, ``show_unit``,
``unit_id``, ``shutdown``) and builds the real dock inside itself the first time the dock is
shown (:meth:`LazyAnalysisDock.dock_visible`) or its ``dock``/``worker`` is asked for, handing
it the controller and the ship last selected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QVBoxLayout, QWidget

from sfb_desk.rules.units import SHIP

if TYPE_CHECKING:
    from sfb_desk.qt.analysis_worker import MonteCarloWorker

    from .dock import AnalysisDock


class LazyAnalysisDock(QWidget):
    """Builds :class:`~.dock.AnalysisDock` (with ``options``) when first shown (module doc).

    ``unit_changed(str)`` is the real dock's, forwarded."""

    unit_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None, **options: object) -> None:
        super().__init__(parent)
        self._options = options
        self._real: AnalysisDock | None = None
        self._closed = False
        self.controller = None
        self._pending: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._real is not None

    @property
    def dock(self) -> AnalysisDock:
        """The real dock, built now if it was not yet."""
        if self._real is None:
            from .dock import AnalysisDock

            real = AnalysisDock(self, **self._options)  # type: ignore[arg-type]
            real.unit_changed.connect(self.unit_changed)
            self.layout().addWidget(real)
            self._real = real
            if self.controller is not None:
                real.bind(self.controller)
            if self._pending:
                real.show_unit(self._pending)
        return self._real

    @property
    def worker(self) -> MonteCarloWorker:
        return self.dock.worker

    @Slot(bool)
    def dock_visible(self, visible: bool) -> None:
        """Connected to the QDockWidget's ``visibilityChanged``: true when the dock is shown or
        its tab selected (a widget in a tab group not selected gets show events too)."""
        if visible and not self._closed:
            self.dock  # noqa: B018 - built on first show

    def bind(self, controller) -> None:  # noqa: ANN001 - sfb_desk.qt.controller.GameController
        self.controller = controller
        if self._real is not None:
            self._real.bind(controller)

    def unit_id(self) -> str | None:
        return self._real.unit_id() if self._real is not None else self._pending

    def show_unit(self, unit_id: str) -> bool:
        """Show ship ``unit_id`` (when built; otherwise remember it for when it is); False if
        it is not a ship of the game."""
        if self._real is not None:
            return self._real.show_unit(unit_id)
        state = getattr(self.controller, "state", None)
        unit = state.find(unit_id) if state is not None else None
        if unit is None or unit.kind != SHIP:
            return False
        self._pending = unit_id
        return True

    def shutdown(self) -> bool:
        """Stop the Monte Carlo thread if the dock was built (at exit); True if stopped."""
        self._closed = True
        return self._real.shutdown() if self._real is not None else True
