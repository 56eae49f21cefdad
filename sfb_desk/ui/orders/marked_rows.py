"""The ▶ cursor the joint forms share (movement rows, boundary-shield groups).

A joint form lists several rows the table answers in turn, keyboard first: a key answers the
marked row and moves the mark to the next, a click on a row does the same, Backspace moves
back. :class:`MarkedRows` keeps that cursor; the editor gives its rows (each with a ``mark``
label) through :meth:`MarkedRows.marked_rows` and calls :meth:`MarkedRows.cursor_key` first in
its ``handle_key``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

MARK = "▶"


class MarkedRows:
    """Mixin of an :class:`~.editor.OrderEditor` (which gives ``mark_edited``)."""

    current = 0
    #: the editor's ``marked_rows()`` gives the rows in the order the cursor walks them, each
    #: with a ``mark`` QLabel
    marked_rows: Callable[[], Sequence[object]]

    def show_mark(self) -> None:
        for n, row in enumerate(self.marked_rows()):
            row.mark.setText(MARK if n == self.current else "")  # type: ignore[attr-defined]

    def row_answered(self, row: object) -> None:
        """``row`` got its answer (key or click): the mark goes to the next row."""
        self.mark_edited()  # type: ignore[attr-defined]
        rows = list(self.marked_rows())
        self.current = min(rows.index(row) + 1, len(rows) - 1)
        self.show_mark()

    def cursor_key(self, event: QKeyEvent) -> bool | None:
        """True when the key was the cursor's (Backspace), False when a modifier makes it
        nobody's, None when the row's own keys should read it."""
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.key() == Qt.Key.Key_Backspace:
            self.current = max(0, self.current - 1)
            self.show_mark()
            return True
        return None
