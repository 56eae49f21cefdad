"""The one kind of command on the game controller's undo stack: the game record before and after
(undo is keeping the old value, DESIGN.md section 4)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QUndoCommand

from ..engine.log import LogRecord
from .game_record import GameRecord


class RecordCommand(QUndoCommand):
    """Replace the shown record ``before`` by ``after`` (and back on undo) through ``show(record,
    added log records)``; ``added`` are the log records of the first redo (pushed live);
    ``moved()`` is called on each undo and later redo (the controller drops a joint form's
    held answers)."""

    def __init__(self, show: Callable[[GameRecord, Iterable[LogRecord]], None], text: str,
                 before: GameRecord, after: GameRecord, added: tuple[LogRecord, ...] = (),
                 moved: Callable[[], None] | None = None) -> None:
        super().__init__(text)
        self._show = show
        self.before = before
        self.after = after
        self._added = added
        self._moved = moved
        self._pushed = False

    def redo(self) -> None:
        added, self._added = self._added, ()
        if self._pushed and self._moved is not None:
            self._moved()
        self._pushed = True
        self._show(self.after, added)

    def undo(self) -> None:
        if self._moved is not None:
            self._moved()
        self._show(self.before, ())
