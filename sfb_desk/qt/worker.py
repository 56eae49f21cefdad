"""The sequencer worker: one long-lived QThread that advances, saves and loads games
(DESIGN.md section 4).

:class:`SequencerWorker` is a QObject moved to the thread. Its slots take everything they need
(a frozen :class:`~.game_record.GameRecord`, the answer, a request id) and emit the result back
by signals, which reach the GUI thread queued; it keeps no game between requests. Requests run
one at a time in the order sent.

:class:`SequencerThread` owns the thread and the worker. Callers on the GUI thread use its
methods (:meth:`~SequencerThread.advance`, :meth:`~SequencerThread.save`,
:meth:`~SequencerThread.load`); they emit private signals connected to the worker's slots
across the thread (queued), never lambdas. :meth:`~SequencerThread.stop` quits the thread's
event loop after the request in hand and waits for it with a time-out, so closing the app in
the middle of a turn leaves no thread running.
"""

from __future__ import annotations

import traceback
import weakref
from pathlib import Path

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThread, Signal, Slot

if TYPE_CHECKING:
    from .game_record import AutoAnswers, GameRecord

# The engine (game_record, game_files, data.saves) is imported by the first request, on the
# worker thread: the window starts, and its worker with it, before any game (issue 13: start-up).


class SequencerWorker(QObject):
    """Stateless: each slot computes from its arguments and emits one result signal.

    * ``advanced(request_id, Step)``: a :class:`~.game_record.Step` (the new record, or the
      refusal with the answer left unanswered);
    * ``saved(request_id, path)`` / ``loaded(request_id, GameRecord, path)``;
    * ``failed(request_id, message)``: a save or load that could not be done (the message
      names the file and the problem), or an error in the engine.
    """

    advanced = Signal(int, object)
    saved = Signal(int, str)
    loaded = Signal(int, object, str)
    failed = Signal(int, str)

    @Slot(int, object, object, str, object)
    def advance(self, request_id: int, record: GameRecord, value: object, source: str,
                auto: AutoAnswers | None) -> None:
        """Answer the record's pending prompt with ``value`` (NO_ANSWER: none), then let
        ``auto`` answer what it may."""
        from .game_record import advance

        try:
            step = advance(record, value, source, auto)
        except Exception as exc:  # noqa: BLE001 - reported; the thread lives on
            self.failed.emit(request_id, _describe(exc))
            return
        self.advanced.emit(request_id, step)

    @Slot(int, object, str)
    def save(self, request_id: int, record: GameRecord, path: str) -> None:
        from ..data.saves import SaveError
        from .game_files import save_record
        from .game_record import RecordError

        try:
            save_record(path, record)
        except (SaveError, OSError, RecordError) as exc:
            self.failed.emit(request_id, str(exc))
            return
        except Exception as exc:  # noqa: BLE001 - reported, never a silent hang
            self.failed.emit(request_id, f"{path}: not saved ({_describe(exc)})")
            return
        self.saved.emit(request_id, path)

    @Slot(int, str)
    def load(self, request_id: int, path: str) -> None:
        from ..data.saves import SaveError
        from .game_files import load_record

        try:
            record = load_record(path)
        except (SaveError, OSError) as exc:
            self.failed.emit(request_id, str(exc))
            return
        except Exception as exc:  # noqa: BLE001 - a file the loader missed: reported, not a hang
            self.failed.emit(request_id, f"{path}: cannot be opened ({_describe(exc)})")
            return
        self.loaded.emit(request_id, record, path)


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {Path(last[0].filename).name}:{last[0].lineno}" if last else ""
    return f"internal error{where}: {type(exc).__name__}: {exc}"


_NOTHING = object()  # no answer given to SequencerThread.advance


def no_answer() -> object:
    """The engine's "no answer" (the automatic sources answer), imported when first asked: only
    with a game."""
    from ..engine.answers import NO_ANSWER

    return NO_ANSWER

_threads: weakref.WeakSet[SequencerThread] = weakref.WeakSet()


def running_threads() -> list[QThread]:
    """The sequencer threads still running (tests assert there are none at teardown)."""
    return [t.thread for t in list(_threads) if t.is_running()]


class SequencerThread(QObject):
    """The worker's thread, started on construction (``start=False`` to start later).

    The worker's results are relayed by this object's own signals (same names and arguments
    as :class:`SequencerWorker`'s), emitted on the thread this object lives in (the GUI
    thread): connect to these, never to the worker's, so that no receiver is called on the
    worker thread. Request ids come from :meth:`next_id`.
    """

    advanced = Signal(int, object)
    saved = Signal(int, str)
    loaded = Signal(int, object, str)
    failed = Signal(int, str)

    _advance = Signal(int, object, object, str, object)
    _save = Signal(int, object, str)
    _load = Signal(int, str)

    def __init__(self, parent: QObject | None = None, *, start: bool = True) -> None:
        super().__init__(parent)
        self._thread = QThread()
        self._thread.setObjectName("sfb-sequencer")
        self.worker = SequencerWorker()
        self.worker.moveToThread(self._thread)
        self._thread.finished.connect(self.worker.deleteLater)
        self._advance.connect(self.worker.advance)
        self._save.connect(self.worker.save)
        self._load.connect(self.worker.load)
        self.worker.advanced.connect(self._relay_advanced)
        self.worker.saved.connect(self._relay_saved)
        self.worker.loaded.connect(self._relay_loaded)
        self.worker.failed.connect(self._relay_failed)
        self._ids = 0
        _threads.add(self)
        if start:
            self.start()

    @Slot(int, object)
    def _relay_advanced(self, rid: int, step: object) -> None:
        self.advanced.emit(rid, step)

    @Slot(int, str)
    def _relay_saved(self, rid: int, path: str) -> None:
        self.saved.emit(rid, path)

    @Slot(int, object, str)
    def _relay_loaded(self, rid: int, record: object, path: str) -> None:
        self.loaded.emit(rid, record, path)

    @Slot(int, str)
    def _relay_failed(self, rid: int, message: str) -> None:
        self.failed.emit(rid, message)

    def start(self) -> None:
        if not self._thread.isRunning():
            self._thread.start()

    @property
    def thread(self) -> QThread:  # type: ignore[override]
        return self._thread

    def is_running(self) -> bool:
        return self._thread.isRunning()

    def next_id(self) -> int:
        self._ids += 1
        return self._ids

    def advance(self, record: GameRecord, value: object = _NOTHING, source: str = "player",
                auto: AutoAnswers | None = None) -> int:
        """Answer the record's pending prompt with ``value`` on the worker (none given: the
        engine's NO_ANSWER, the automatic sources only); the request id."""
        if value is _NOTHING:
            value = no_answer()
        rid = self.next_id()
        self._advance.emit(rid, record, value, source, auto)
        return rid

    def save(self, record: GameRecord, path: str | Path) -> int:
        rid = self.next_id()
        self._save.emit(rid, record, str(path))
        return rid

    def load(self, path: str | Path) -> int:
        rid = self.next_id()
        self._load.emit(rid, str(path))
        return rid

    def stop(self, timeout_ms: int = 5000) -> bool:
        """Quit the thread after the request in hand and wait up to ``timeout_ms``; True if it
        stopped. Requests still queued are dropped (the GUI thread owns the state, so nothing
        is lost but work not yet done)."""
        if not self._thread.isRunning():
            return True
        self._thread.quit()
        return self._thread.wait(timeout_ms)
