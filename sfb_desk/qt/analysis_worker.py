"""The Monte Carlo of volleys off the GUI thread (DESIGN.md sections 4 and 10).

:func:`sfb_desk.analysis.monte_carlo.simulate` takes seconds for large volleys and many trials,
so the GUI never calls it. :class:`MonteCarloWorker` (a QObject of the GUI thread) owns one
long-lived :class:`~PySide6.QtCore.QThread` named ``sfb-analysis``, started at the first request,
and a stateless computing object moved to it. :meth:`MonteCarloWorker.request` hands a frozen
:class:`MonteCarloJob` across by a private signal (queued, no lambdas across threads); the
result comes back as a :class:`MonteCarloReply` by a queued signal and is re-emitted on the GUI
thread.

A newer request supersedes an older one: every request has an id, the newest id is kept in a
:class:`_Ticket` both threads read, a request still waiting when it is superseded is skipped
without computing, and a result that arrives for a superseded request is dropped. Every
request ends in exactly one of :attr:`~MonteCarloWorker.finished` (the newest request's
result), :attr:`~MonteCarloWorker.failed` (it raised) or :attr:`~MonteCarloWorker.dropped`
(superseded). :meth:`MonteCarloWorker.close` (also run when the application quits) stops the
thread after the computation in hand, so nothing is left running at exit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..analysis.monte_carlo import MonteCarloResult, simulate
from ..rules.damage import DamageState
from ..rules.ship import ShipSpec

THREAD_NAME = "sfb-analysis"


@dataclass(frozen=True, slots=True)
class MonteCarloJob:
    """One Monte Carlo request: ``points`` internal points (D4.2) into ``spec`` in ``trials``
    trials from ``seed``, the ship starting with the damage ``state`` (None: undamaged);
    ``shields`` as :func:`~sfb_desk.analysis.monte_carlo.simulate` takes them (D4.321)."""

    spec: ShipSpec
    points: int
    trials: int = 10_000
    seed: int = 0
    state: DamageState | None = None
    shields: tuple[int, ...] = ()

    def run(self) -> MonteCarloResult:
        """The computation itself (what the worker thread runs)."""
        return simulate(self.spec, self.points, self.trials, seed=self.seed, state=self.state,
                        shields=self.shields)


@dataclass(frozen=True, slots=True)
class MonteCarloReply:
    """What came back for request ``request_id``: the result (None if it was skipped or
    failed), the error text if it raised, and where it ran: the QThread, its object name and
    the Python thread id, and whether that was the GUI thread (never, by design)."""

    request_id: int
    job: MonteCarloJob
    result: MonteCarloResult | None
    error: str = ""
    thread: QThread | None = None
    thread_name: str = ""
    thread_ident: int = 0
    on_gui_thread: bool = False


def run_job(job: MonteCarloJob) -> MonteCarloResult:
    """The default computation of a job."""
    return job.run()


class _Ticket:
    """The newest request id, shared by both threads (a plain int: reads and writes of one
    attribute are atomic under the GIL). -1 once the worker is closed."""

    __slots__ = ("latest",)

    def __init__(self) -> None:
        self.latest = 0


class _Computer(QObject):
    """Lives on the analysis thread; computes each job it is handed unless it was superseded
    while it waited, and emits the reply (queued to the GUI thread)."""

    started = Signal(int)
    done = Signal(int, object)

    def __init__(self, ticket: _Ticket, compute: Callable[[MonteCarloJob], MonteCarloResult]) -> None:
        super().__init__()
        self._ticket = ticket
        self._compute = compute

    @Slot(int, object)
    def run(self, request_id: int, job: MonteCarloJob) -> None:
        thread = QThread.currentThread()
        app = QCoreApplication.instance()
        where = dict(thread=thread, thread_name=thread.objectName(),
                     thread_ident=threading.get_ident(),
                     on_gui_thread=app is not None and thread is app.thread())
        if request_id != self._ticket.latest:  # superseded while it waited: not computed
            self.done.emit(request_id, MonteCarloReply(request_id, job, None, **where))
            return
        self.started.emit(request_id)
        try:
            result = self._compute(job)
        except Exception as exc:  # noqa: BLE001 - reported to the GUI; the thread lives on
            self.done.emit(request_id, MonteCarloReply(
                request_id, job, None, f"{type(exc).__name__}: {exc}", **where))
            return
        self.done.emit(request_id, MonteCarloReply(request_id, job, result, **where))


class MonteCarloWorker(QObject):
    """Runs :class:`MonteCarloJob` requests on the ``sfb-analysis`` thread (module docstring).

    Signals (all emitted on the GUI thread):

    * ``started(int)``: the request began computing;
    * ``finished(object)``: the :class:`MonteCarloReply` of the newest request;
    * ``failed(int, str)``: the newest request raised (the message names the error);
    * ``dropped(int)``: a superseded request (skipped, or its result discarded).

    ``compute`` replaces the computation (tests gate it to hold a request running).
    """

    started = Signal(int)
    finished = Signal(object)
    failed = Signal(int, str)
    dropped = Signal(int)

    _run = Signal(int, object)

    def __init__(self, parent: QObject | None = None, *,
                 compute: Callable[[MonteCarloJob], MonteCarloResult] = run_job) -> None:
        super().__init__(parent)
        self._ticket = _Ticket()
        self._ids = 0
        self._open: set[int] = set()  # requests sent and not yet answered
        self._closed = False
        self._thread = QThread()
        self._thread.setObjectName(THREAD_NAME)
        self._computer = _Computer(self._ticket, compute)
        self._computer.moveToThread(self._thread)
        self._thread.finished.connect(self._computer.deleteLater)
        self._run.connect(self._computer.run)
        self._computer.started.connect(self._relay_started)
        self._computer.done.connect(self._relay_done)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.close)

    # -- requests ------------------------------------------------------------------------------
    def request(self, job: MonteCarloJob) -> int:
        """Compute ``job`` on the analysis thread; supersedes every earlier request. Returns
        the request id (the reply carries it). Refused (RuntimeError) once closed."""
        if self._closed:
            raise RuntimeError("the analysis worker is closed")
        if not self._thread.isRunning():
            self._thread.start()
        self._ids += 1
        rid = self._ids
        self._ticket.latest = rid
        self._open.add(rid)
        self._run.emit(rid, job)
        return rid

    def cancel(self) -> None:
        """Supersede every request sent (their results will be dropped)."""
        self._ticket.latest = self._ids + 1 if not self._closed else -1

    @property
    def latest(self) -> int:
        """The id of the newest request (0 before the first)."""
        return self._ids

    @property
    def busy(self) -> bool:
        """Is a request sent and not yet answered?"""
        return bool(self._open)

    @property
    def thread(self) -> QThread:  # type: ignore[override]
        """The analysis thread (replies name it)."""
        return self._thread

    @property
    def closed(self) -> bool:
        """Closed: requests are refused."""
        return self._closed

    def is_running(self) -> bool:
        return self._thread.isRunning()

    @Slot()
    def close(self, timeout_ms: int = 10_000) -> bool:
        """Drop every request not yet computed, let the one in hand finish, stop the thread
        and wait up to ``timeout_ms``. True if it stopped. Later requests are refused."""
        self._closed = True
        self._ticket.latest = -1
        if not self._thread.isRunning():
            return True
        self._thread.quit()
        return self._thread.wait(timeout_ms)

    # -- replies (queued from the analysis thread) ----------------------------------------------
    @Slot(int)
    def _relay_started(self, request_id: int) -> None:
        if request_id == self._ticket.latest:
            self.started.emit(request_id)

    @Slot(int, object)
    def _relay_done(self, request_id: int, reply: MonteCarloReply) -> None:
        self._open.discard(request_id)
        if request_id != self._ticket.latest:
            self.dropped.emit(request_id)
        elif reply.error:
            self.failed.emit(request_id, reply.error)
        else:
            self.finished.emit(reply)
