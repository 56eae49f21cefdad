"""Editors that follow the width of the view they are shown in (the orders dock's scroll area).

A scroll area's viewport, not the editor's own size, says how much room a form has: at 1366x768
the fire forms narrow their rows to it instead of scrolling sideways (issue 12, nothing
clipped). :class:`FollowsRoomWidth` watches the editor's parent for resizes and calls the
editor's ``fit_width(width)`` when it is shown and whenever that view changes width.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget


class FollowsRoomWidth:
    """Mixin of a QWidget that defines ``fit_width(width: int)``."""

    _room: QWidget | None = None  # the view it is shown in (a scroll area's viewport)

    def showEvent(self, event) -> None:  # noqa: ANN001, N802 (Qt name)
        room = self.parentWidget()  # type: ignore[attr-defined]
        if room is not None and room is not self._room:
            if self._room is not None:
                self._room.removeEventFilter(self)  # type: ignore[arg-type]
            self._room = room
            room.installEventFilter(self)
            self.fit_width(room.width())  # type: ignore[attr-defined]
        super().showEvent(event)  # type: ignore[misc]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self._room and event.type() == QEvent.Type.Resize:
            self.fit_width(watched.width())  # type: ignore[attr-defined]
        return False
