"""What the combat round's steps share: the step statuses, a step's view, the report and the
state earlier steps leave for later ones (:mod:`.combat_round`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import procedures

DONE, WAITING, PLAYERS, NOT_USED = "done", "waiting", "players", "not used"


@dataclass
class StepView:
    id: str
    title: str
    rule: str
    asks: str
    computes: str
    status: str
    result: str = ""
    values: dict = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "rule": self.rule, "asks": self.asks,
                "computes": self.computes, "status": self.status, "result": self.result,
                "values": self.values, "problems": self.problems}


@dataclass
class RoundReport:
    steps: list[StepView]
    dice_log: list[dict]
    summary: dict

    def step(self, step_id: str) -> StepView:
        return next(s for s in self.steps if s.id == step_id)

    def as_dict(self) -> dict:
        return {"steps": [s.as_dict() for s in self.steps], "dice_log": self.dice_log,
                "summary": self.summary}


class State:
    """What earlier steps found, for the later ones."""

    def __init__(self) -> None:
        self.bir: dict[str, int] = {}
        self.picks_both: str | None = None
        self.variable: dict[str, int] = {"attacker": 0, "defender": 0}
        self.ew: procedures.EwResult | None = None
        self.ew_units: dict[str, list[dict]] = {"attacker": [], "defender": []}
        self.frozen: dict[str, str] = {}
        self.used_sfg: set[str] = set()
        self.disasters: list[str] = []
        self.shock_ships: list[dict] = []
        self.potential: dict[str, float] = {}
        self.damage: dict[str, float] = {}
        self.crippled: dict[str, str] = {}


def whole(value, what: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or int(value) != value:
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{what} must be {low}-{high}, not {value}")
    return value
