"""One long computation off the GUI thread, its answer back on it (DESIGN.md sections 4 and 10).

A robot battle for the campaign ledger, for example, plays whole turns of a scenario and takes
seconds; run on the GUI thread it freezes the window (no repaint, no cancel, the desktop calls it
"not responding"). :class:`BackgroundTask` runs one plain callable on its own
:class:`~PySide6.QtCore.QThread` (named, so a debugger and the thread tests can tell it) and
reports exactly once, on the GUI thread: :attr:`~BackgroundTask.finished` with the callable's
result, or :attr:`~BackgroundTask.failed` with the exception it raised (nothing is lost: the
caller decides what the player reads).

The callable must not touch widgets or anything the GUI thread owns while it runs (the campaign
store is read before the task starts and written after it ends, on the GUI thread).
:meth:`BackgroundTask.wait_and_deliver` lets a window that is closing wait for the computation in
hand and deliver its answer at once, so a closing window never leaves a thread running or a
result unimported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot


class _Runner(QThread):
    """The thread itself: runs the callable and emits ``done`` (queued to the GUI thread, where
    this QThread object lives)."""

    done = Signal(object, object)  # result, exception (one of them None)

    def __init__(self, work: Callable[[], Any], name: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self._work = work
        self.outcome: tuple[Any, BaseException | None] | None = None

    def run(self) -> None:  # runs on the new thread
        try:
            self.outcome = (self._work(), None)
        except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread, never lost
            self.outcome = (None, exc)
        self.done.emit(*self.outcome)


class BackgroundTask(QObject):
    """Runs ``work()`` on a thread named ``name``; exactly one of :attr:`finished` (the result)
    or :attr:`failed` (the exception) is emitted, on the GUI thread, once."""

    finished = Signal(object)
    failed = Signal(object)

    def __init__(self, work: Callable[[], Any], name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = _Runner(work, name)
        self._runner.done.connect(self._deliver)
        self._started = False
        self._delivered = False

    @property
    def running(self) -> bool:
        """True from :meth:`start` until the answer has been delivered."""
        return self._started and not self._delivered

    @property
    def thread_name(self) -> str:
        return self._runner.objectName()

    def start(self) -> None:
        self._started = True
        self._runner.start()

    def wait_and_deliver(self) -> None:
        """Block until the computation ends and deliver its answer now (for a closing window);
        the queued answer that arrives later is then ignored."""
        if not self._started or self._delivered:
            return
        self._runner.wait()
        assert self._runner.outcome is not None  # run() always sets it before returning
        self._emit(*self._runner.outcome)

    @Slot(object, object)
    def _deliver(self, result: Any, error: BaseException | None) -> None:
        if not self._delivered:
            self._emit(result, error)

    def _emit(self, result: Any, error: BaseException | None) -> None:
        self._delivered = True
        self._runner.wait()  # the thread has returned from run(): safe to let it go
        if error is not None:
            self.failed.emit(error)
        else:
            self.finished.emit(result)
