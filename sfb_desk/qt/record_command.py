"""The one kind of command on the game controller's undo stack: the game record before and after
(undo is keeping the old value, DESIGN.md section 4)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QUndoCommand

from ..engine.log import LogRecord
from .game_record import GameRecord


class RecordCommand(QUndoCommand):
    """Replace the shown record ``before`` by ``after`` (and back on undo) through ``show(record,
    added log records)``; ``added`` are the log records of the first redo (pushed live)."""

    def __init__(self, show: Callable[[GameRecord, Iterable[LogRecord]], None], text: str,
                 before: GameRecord, after: GameRecord, added: tuple[LogRecord, ...] = ()) -> None:
        super().__init__(text)
        self._show = show
        self.before = before
        self.after = after
        self._added = added

    def redo(self) -> None:
        added, self._added = self._added, ()
        self._show(self.after, added)

    def undo(self) -> None:
        self._show(self.before, ())
