"""A small controller that applies SSD box clicks as undoable commands.

The SSD widget never changes damage itself: it emits ``box_toggled(box_id, marked)``. This
controller turns each into a :class:`ToggleBox` command on a :class:`QUndoStack` that updates
the ship's immutable :class:`~sfb_desk.rules.damage.DamageState` (undo keeps the old value,
DESIGN.md section 3) and shows it on the widget. The game controller will take its place; until
then it serves the ship browser and the tests.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QUndoCommand, QUndoStack

from sfb_desk.rules.damage import DamageState
from sfb_desk.rules.ship import ShipSpec

from .widget import SsdWidget


class ToggleBox(QUndoCommand):
    """Mark (or unmark) one box; undo restores the previous damage state."""

    def __init__(self, controller: SsdController, box_id: str, marked: bool) -> None:
        verb = "Mark" if marked else "Unmark"
        super().__init__(f"{verb} {box_id}")
        self._controller = controller
        self._before = controller.state
        if marked:
            self._after = self._before.with_marks(destroy=(box_id,))
        else:
            self._after = self._before.with_marks(repair=(box_id,))

    def redo(self) -> None:
        self._controller.set_state(self._after)

    def undo(self) -> None:
        self._controller.set_state(self._before)


class SsdController(QObject):
    """Owns one ship's damage state and applies the widget's clicks through ``undo_stack``."""

    state_changed = Signal(object)  # DamageState

    def __init__(self, widget: SsdWidget, spec: ShipSpec,
                 state: DamageState | None = None, undo_stack: QUndoStack | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.widget = widget
        self.spec = spec
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        self._state = state if state is not None else DamageState.for_ship(spec)
        widget.set_ship(spec, self._state.destroyed)
        widget.box_toggled.connect(self.toggle)
        # Ctrl+Z / Ctrl+Shift+Z (platform keys) while the SSD has the focus.
        self.undo_action = self.undo_stack.createUndoAction(widget, "Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(widget, "Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        for action in (self.undo_action, self.redo_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            widget.addAction(action)

    @property
    def state(self) -> DamageState:
        return self._state

    def set_state(self, state: DamageState) -> None:
        self._state = state
        self.widget.set_destroyed(state.destroyed)
        self.state_changed.emit(state)

    def toggle(self, box_id: str, marked: bool) -> None:
        """Push the command for one click (a no-op click pushes nothing; crew and boarding
        ticks are counters of a game in play, not this ship's damage state)."""
        if box_id not in self.widget.box_ids() or self._state.is_destroyed(box_id) == marked:
            return
        self.undo_stack.push(ToggleBox(self, box_id, marked))
