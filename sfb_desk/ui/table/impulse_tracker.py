"""Where the turn stands: turn, impulse, step, and which units move on this impulse (C1.4,
from the impulse chart :func:`sfb_desk.rules.charts.impulse.moves_on`, the table the rules
use; the GUI never re-types it).

:meth:`ImpulseTracker.bind` follows a GameController (its state and its log's last step).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QVBoxLayout, QWidget

from sfb_desk.engine.steps import STEPS_BY_ID
from sfb_desk.rules.charts.impulse import moves_on
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.units import Unit
from ..common.names import name_first


def movers(state: GameState) -> list[Unit]:
    """The units on the map that move on the state's impulse (none before impulse 1)."""
    if state.impulse < 1:
        return []
    return [u for u in state.on_map if moves_on(u.speed, state.impulse)]


def step_title(key: str) -> str:
    """The step of the sequence of play (:data:`sfb_desk.engine.steps.STEPS_BY_ID`) in a
    player's words, short, with its first rule: ``6D-fire-decision`` -> ``Fire Decision Step
    (D6.315)``; a key the table does not know is shown as it is; no key: ``""``."""
    step = STEPS_BY_ID.get(key)
    if step is None:
        return f"Step {key}" if key else ""
    name = step.name.split(": ")[0].split(" (")[0].split(", ")[0]
    rule = step.rules.split(",")[0].strip()
    return f"{name} ({rule})" if rule else name


def step_tip(key: str) -> str:
    """The whole step: its full name, all its rules and the key the log and saves use."""
    step = STEPS_BY_ID.get(key)
    if step is None:
        return ""
    return f"{step.name} ({step.rules})\nstep {step.id}"


class ImpulseTracker(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock = QLabel("No game")
        font = self.clock.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.clock.setFont(font)
        self.step = QLabel("")
        self.heading = QLabel("")
        self.moving = QListWidget()
        self.moving.setFlow(QListWidget.Flow.LeftToRight)  # a strip: the movers side by side
        self.moving.setMaximumHeight(34)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        top = QHBoxLayout()
        top.addWidget(self.clock)
        top.addWidget(self.step, 1)
        layout.addLayout(top)
        row = QHBoxLayout()
        row.addWidget(self.heading)
        row.addWidget(self.moving, 1)
        layout.addLayout(row)
        self._controller = None

    def bind(self, controller) -> None:
        self._controller = controller
        controller.state_changed.connect(self._controller_state)
        if controller.state is not None:
            self._controller_state(controller.state)

    @Slot(object)
    def _controller_state(self, state: GameState) -> None:
        log = self._controller.log if self._controller is not None else ()
        self.set_state(state, log[-1].step if log else "")

    def set_state(self, state: GameState, step: str = "") -> None:
        if state.impulse == 0:
            self.clock.setText(f"Turn {state.turn} · before the impulses")
        else:
            self.clock.setText(f"Turn {state.turn} · Impulse {state.impulse} of 32")
        self.step.setText(step_title(step))
        self.step.setToolTip(step_tip(step))
        self.moving.clear()
        if state.impulse < 1:
            self.heading.setText("")
            return
        units = movers(state)
        self.heading.setText(f"Moving on impulse {state.impulse}: {len(units)} "
                             f"unit{'' if len(units) == 1 else 's'}")
        for u in units:
            self.moving.addItem(f"{name_first(u.id, u.name)}, speed {u.speed}")
            self.moving.item(self.moving.count() - 1).setData(Qt.ItemDataRole.UserRole, u.id)

    def moving_ids(self) -> list[str]:
        return [self.moving.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.moving.count())]
