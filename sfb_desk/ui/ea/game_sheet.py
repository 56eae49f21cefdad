"""The EA sheet as the game's EA dock uses it (:mod:`sfb_desk.ui.ea.dock`).

:class:`GameSheet` is an :class:`~sfb_desk.ui.ea.sheet.EaSheet` that says when its totals and
issues were redrawn (``refreshed``, after every edit, so the dock can enable its submit button),
exposes the entries it cannot read (``input_errors``), and can be read-only: every entry and
button disabled, including after the history box shows another turn.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from sfb_desk.qt.ea_model import EaSheetModel

from .sheet import EaSheet


class GameSheet(EaSheet):
    """An EA sheet that reports each refresh of its totals (``refreshed``), exposes its
    unreadable entries, and can be read-only (every entry and button disabled)."""

    refreshed = Signal()

    def __init__(self, model: EaSheetModel, parent: QWidget | None = None, *,
                 concealed: bool = False, read_only: bool = False) -> None:
        super().__init__(model, parent, concealed=concealed)
        self.read_only = read_only
        self._lock()

    @property
    def viewing(self) -> int:
        """The turn shown: the model's turn, or an earlier one from the history box."""
        return self._viewing

    @property
    def input_errors(self) -> dict[str, str]:
        """Entries that cannot be read, by line key, with the problem."""
        return dict(self._input_errors)

    def _show(self, a, led, issues) -> None:  # noqa: ANN001 (EaSheet's signature)
        super()._show(a, led, issues)
        self.refreshed.emit()

    def _fill_history(self) -> None:
        super()._fill_history()
        self._lock()

    def show_turn(self, turn: int) -> None:
        super().show_turn(turn)
        self._lock()

    def _lock(self) -> None:
        if getattr(self, "read_only", False):
            for w in self.entries:
                w.setEnabled(False)
            self.same_button.setEnabled(False)
            self.template_button.setEnabled(False)
