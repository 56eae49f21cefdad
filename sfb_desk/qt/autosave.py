"""The autosave of the game in play and the crash-recovery offer, for the game controller
(:class:`~sfb_desk.qt.controller.GameController` owns one :class:`Autosaves`).

After every completed step the record is written to ``autosave/current.sfbsave`` on the worker
thread (:func:`~sfb_desk.qt.autosave_files.autosave_file`), one write at a time: a step completed
while a write is in flight waits, and only the newest waiting record is written. An autosave a
session left without a clean exit is offered (:attr:`Autosaves.offer`); until it is recovered
or declined nothing is written over it. Declining renames it aside, never deletes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import autosave_files
from .autosave_files import Recoverable

if TYPE_CHECKING:  # the engine is imported with the first game, not at start-up
    from .game_record import GameRecord, TableSettings
    from .worker import SequencerThread


class Autosaves:
    """Autosave writes and the recovery offer. ``pending`` is the controller's map of request
    ids to what they were for (``("autosave", answers)``, ``("recover", path)``), the controller
    routes the worker's replies back to :meth:`done`; ``table`` gives the table settings saved
    with each record."""

    def __init__(self, thread: SequencerThread, pending: dict[int, tuple[str, object]],
                 table: Callable[[], TableSettings]) -> None:
        self._thread = thread
        self._pending = pending
        self._table = table
        self.offer: Recoverable | None = autosave_files.recoverable()
        self.closed = False
        self._in_flight: int | None = None
        self._next: GameRecord | None = None

    def write(self, record: GameRecord) -> None:
        """Autosave ``record`` (after a completed step)."""
        if self.offer is not None or self.closed:
            return  # an unrecovered autosave is never written over
        if self._in_flight is not None:
            self._next = record
            return
        self._in_flight = self._thread.save(
            dataclasses.replace(record, table=self._table()), autosave_files.autosave_file())
        self._pending[self._in_flight] = ("autosave", len(record.answers))

    def done(self) -> None:
        """The write in flight finished (written or failed): the next one, if one waits."""
        self._in_flight = None
        nxt, self._next = self._next, None
        if nxt is not None:
            self.write(nxt)

    def recover(self) -> str | None:
        """Ask the worker to load the offered autosave (there is one); why it cannot, if the
        file cannot be read (then it stays where it is)."""
        offer = self.offer
        assert offer is not None
        if not offer.readable:
            return f"{offer.path}: {offer.problem}; it is left untouched"
        rid = self._thread.load(offer.path)
        self._pending[rid] = ("recover", offer.path)
        return None

    def discard(self) -> Path | None:
        """Decline the offer: the file is renamed aside (never deleted); the new name."""
        offer, self.offer = self.offer, None
        if offer is None or not offer.path.exists():
            return None
        return autosave_files.set_aside(offer.path, "declined")

    def mark_clean_exit(self) -> None:
        """At a clean close: record the clean exit, unless an offer is still undecided."""
        if self.offer is None:
            autosave_files.mark_clean_exit()


class CrashRecovery:
    """The game controller's crash-recovery methods (a mixin of :class:`~sfb_desk.qt.
    controller.GameController`: it has ``_autosaves`` and the ``error`` signal)."""

    _autosaves: Autosaves

    def recoverable_autosave(self) -> Recoverable | None:
        """The autosave of a session that did not close cleanly (checked at construction), if
        it has not been recovered or discarded yet. While it is offered nothing autosaves."""
        return self._autosaves.offer

    def recover(self) -> bool:
        """Load the offered autosave (the game at its last completed step). False if there is
        none or it cannot be read (then :attr:`error` says why and the file stays)."""
        if self._autosaves.offer is None:
            return False
        problem = self._autosaves.recover()
        if problem:
            self.error.emit(problem)  # type: ignore[attr-defined]
        return problem is None

    def discard_autosave(self) -> Path | None:
        """Decline the offered autosave: it is renamed aside (never deleted); the new name."""
        return self._autosaves.discard()
