"""A dock's panel built the first time the dock is shown: :class:`LazyPanel`.

The panels behind a tab at start-up (the SSDs, the energy allocation sheet, the victory panel)
need the engine and the rules, which the first paint does not (issue 13: start-up). Their dock
holds a :class:`LazyPanel` instead, which builds the real panel inside itself when the dock is
first shown (:meth:`LazyPanel.dock_visible`, from the dock's ``visibilityChanged``) or when the
panel is asked for (:attr:`LazyPanel.panel`, as the window and the tests do). A panel bound to
the game controller when it is built reads the game in play then, as it does when bound at
start (the panels' ``bind`` catch up with the controller's current record).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyPanel(QWidget):
    """Stands in a dock for the panel ``build()`` returns, built on first show (module doc).
    ``then`` run with the panel once it is built (the wiring to the other panels)."""

    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build = build
        self._real: QWidget | None = None
        self._then: list[Callable[[QWidget], None]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._real is not None

    @property
    def panel(self) -> QWidget:
        """The real panel, built now if it was not yet."""
        if self._real is None:
            real = self._build()
            self.layout().addWidget(real)
            real.show()  # a child added to a widget already shown stays hidden until shown
            self._real = real
            for then in self._then:
                then(real)
        return self._real

    def when_built(self, then: Callable[[QWidget], None]) -> None:
        """Run ``then(panel)`` once the panel exists (now, if it does)."""
        if self._real is not None:
            then(self._real)
        else:
            self._then.append(then)

    @Slot(bool)
    def dock_visible(self, visible: bool) -> None:
        """Connected to the QDockWidget's ``visibilityChanged``: true when the dock is shown or
        its tab selected."""
        if visible:
            self.panel  # noqa: B018 - built on first show
