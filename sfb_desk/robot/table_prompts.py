"""How many questions a table playing both sides would be asked (no Qt).

:func:`count_table_prompts` sets up the duel of :mod:`.duel` (same scenario, same start) and
walks it as the app does with its default settings: every prompt the table's pass policy
(:class:`sfb_desk.engine.orders.pass_policy.PassPolicy`, the same value the app's orders panel
starts with) lets pass is answered with its default and not counted; every other prompt is a
question to the table (dice included: the table rolls physical dice by default) and is counted
by kind, then answered by a robot of that side so the game goes on as a game would.
``sfb-desk-cli duel SHIP_A SHIP_B --table-prompts`` prints the count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..data.game_setup import units_from_scenario
from ..data.library import ShipLibrary, load_library
from ..data.scenarios import unit_keys
from ..engine.orders.pass_policy import DEFAULT, PassPolicy
from ..engine.prompts import Prompt
from ..engine.session import Session
from ..rules.results import Refusal
from .duel import DEFAULT_DISTANCE, DuelError, duel_scenario, unit_ids
from .levels import DEFAULT_LEVEL, level
from .robot import Robot

PASSED = "pass-policy"


@dataclass(frozen=True, slots=True)
class PromptCount:
    """The questions asked (``by_kind``: ``dice``, ``choice`` or the orders kind) and the
    prompts the policy passed, over ``turns`` turns."""

    turns: int
    by_kind: dict[str, int] = field(default_factory=dict)
    passed: int = 0

    @property
    def prompts(self) -> int:
        return sum(self.by_kind.values())

    def to_json(self) -> dict:
        return {"prompts": self.prompts, "by_kind": dict(sorted(self.by_kind.items())),
                "passed": self.passed, "turns": self.turns}


def prompt_kind(prompt: Prompt) -> str:
    """``dice``, ``choice`` or the kind of orders (``fire``, ``movement`` ...)."""
    return getattr(prompt, "kind", "") if prompt.prompt_type == "orders" else prompt.prompt_type


def count_table_prompts(ship_a: str, ship_b: str, *, turns: int = 1, seed: int = 0,
                        levels: tuple[str, str] = (DEFAULT_LEVEL, DEFAULT_LEVEL),
                        distance: int = DEFAULT_DISTANCE, library: ShipLibrary | None = None,
                        policy: PassPolicy = DEFAULT) -> PromptCount:
    """The questions of ``turns`` turns of the duel (module docstring). DuelError when a
    robot's answer is refused."""
    library = library or load_library()
    scenario = duel_scenario(ship_a, ship_b, turns, distance, library)
    keys = unit_keys(scenario)
    ids = dict(zip(keys, unit_ids(library.get(ship_a).id, library.get(ship_b).id)))
    setup = units_from_scenario(scenario, library, ids=ids, turns=turns, dice_seed=seed)
    session = Session(setup.state, setup.combat, setup.specs)
    robots = [Robot(side.name, level(lv).name, seed)
              for side, lv in zip(scenario.sides, levels)]
    counts: Counter[str] = Counter()
    passed = 0
    while session.pending is not None:
        prompt = session.pending
        if policy.passes(prompt, session.state, session.combat, session.specs):
            value, source = prompt.default, PASSED
            passed += 1
        else:
            counts[prompt_kind(prompt)] += 1
            robot = next((r for r in robots if r.mine(prompt, session)), None)
            if robot is None:  # a prompt of no side (a shared roll): the first robot rolls it
                robot = robots[0]
            value, source = robot.decide(prompt, session), "robot"
        outcome = session.answer(value, source)
        if isinstance(outcome, Refusal):
            raise DuelError(f"{prompt.key}: the session refused {value!r}: {outcome}", session)
    return PromptCount(turns, dict(counts), passed)
