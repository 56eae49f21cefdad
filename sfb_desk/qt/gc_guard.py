"""Python's cyclic garbage collector on the GUI thread only (the qutebrowser approach).

With a worker thread, an automatic collection can start on whichever thread happens to
allocate; if it frees a QObject of the GUI thread (a timer held in a reference cycle), Qt
complains ("Timers cannot be stopped from another thread") or worse. :class:`GuiCollector`
turns automatic collection off and collects from a timer on the GUI thread instead: the
youngest generation often, a full collection rarely. The app installs one at start-up.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer, Slot


class GuiCollector(QObject):
    """Collect on the GUI thread every ``interval_ms`` (a full collection every ``full_every``
    ticks). :meth:`stop` gives automatic collection back."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = 1000,
                 full_every: int = 60) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        self._ticks = 0
        self._full_every = full_every
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect)
        gc.disable()
        self._timer.start()

    @Slot()
    def collect(self) -> int:
        self._ticks += 1
        generation = 2 if self._ticks % self._full_every == 0 else 0
        return gc.collect(generation)

    def stop(self) -> None:
        self._timer.stop()
        gc.collect()
        if self._was_enabled:
            gc.enable()
