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


#: Steps that gather every kind of terrain, mine and monster (their rules list them all): the
#: label names the rule of what is at hand, by terrain kind (or "mines", or a monster's kind),
#: not the step's first rule (a game with asteroids read "Terrain (SM5.41)", the star's).
AT_HAND: dict[str, dict[str, str]] = {
    "6A-battlefield": {"asteroids": "P3.2", "asteroid": "P3.2", "star": "SM5.41",
                       "nova": "P12.4", "mines": "M2.4", "Sun Snake": "SM5.45"},
    "6E-battlefield": {"nova": "P12.3", "dust": "P13.2", "heat_zone": "P10.1",
                       "radiation_zone": "P15.11"},
}


def rules_at_hand(key: str, battlefield) -> list[str]:  # noqa: ANN001 - BattlefieldState
    """The rules of step ``key`` (one of :data:`AT_HAND`) that the battlefield's terrain,
    mines and monsters call for, in the order of the step's list."""
    table = AT_HAND.get(key, {})
    if battlefield is None or not table:
        return []
    there = {f.kind for f in battlefield.terrain.features}
    there |= {m.kind for m in battlefield.monsters if not m.gone}
    if battlefield.mines.mines or "minefield" in there:
        there.add("mines")
    if battlefield.clusters:
        there.add("asteroids")
    wanted = {table[k] for k in there if k in table}
    listed = [r.strip() for r in STEPS_BY_ID[key].rules.split(",")]
    return [r for r in listed if r in wanted] + sorted(wanted - set(listed))


def step_title(key: str, rule: str = "") -> str:
    """The step of the sequence of play (:data:`sfb_desk.engine.steps.STEPS_BY_ID`) in a
    player's words, short, with its first rule: ``6D-fire-decision`` -> ``Fire Decision Step
    (D6.315)``; a key the table does not know is shown as it is; no key: ``""``. ``rule``:
    the rule of what is at hand in a step of :data:`AT_HAND` (``Terrain (P3.2)``); without
    one such a step names no rule rather than one of another terrain."""
    step = STEPS_BY_ID.get(key)
    if step is None:
        return f"Step {key}" if key else ""
    name = step.name.split(": ")[0].split(" (")[0].split(", ")[0]
    if key in AT_HAND:
        return f"{name} ({rule})" if rule else name
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
        controller = self._controller
        log = controller.log if controller is not None else ()
        step = log[-1].step if log else ""
        rule = ""
        if step in AT_HAND:  # what happens now: the last prompt's or event's rule, else the
            data = log[-1].data  # rules of the terrain, mines and monsters there
            rule = getattr(data, "rule", "") if isinstance(getattr(data, "rule", ""), str) \
                else ""
            if not rule:
                combat = getattr(getattr(controller, "record", None), "combat", None)
                rule = next(iter(rules_at_hand(step, getattr(combat, "battlefield", None))), "")
        self.set_state(state, step, rule)

    def set_state(self, state: GameState, step: str = "", rule: str = "") -> None:
        if state.impulse == 0:
            self.clock.setText(f"Turn {state.turn} · before the impulses")
        else:
            self.clock.setText(f"Turn {state.turn} · Impulse {state.impulse} of 32")
        self.step.setText(step_title(step, rule))
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
