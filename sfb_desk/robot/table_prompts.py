"""How many questions a table playing both sides would be asked (no Qt).

:func:`count_table_prompts` sets up the duel of :mod:`.duel` (same scenario, same start) and
walks it as the app does with its default settings: every prompt the table's pass policy
(:class:`sfb_desk.engine.orders.pass_policy.PassPolicy`, the same value the app's orders panel
starts with) lets pass is answered with its default and not counted; every other prompt is a
question to the table (dice included: the table rolls physical dice by default) and is counted
by kind, then answered by a robot of that side so the game goes on as a game would.

Joint forms (the policy's ``joint_forms``, :mod:`sfb_desk.engine.orders.joint`): a movement,
fire, boundary-shield or DAC-choice prompt that starts a joint form (the boundary choices of
one volley from the session's ``shield_plan``, D3.43; the owner's DAC choices of one volley
from its ``dac_plan``, D4.322) is one question for the whole form; the robots fill its
rows at once (each robot its own side's, as a player at the table would) and the rows are held
by prompt key. A covered prompt that arrives is answered with its held row and not counted;
one whose held row the session refuses now is asked, and counted, again.
``sfb-desk-cli duel SHIP_A SHIP_B --table-prompts`` prints the count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..data.game_setup import units_from_scenario
from ..data.library import ShipLibrary, load_library
from ..data.scenarios import unit_keys
from ..engine.orders.joint import Ahead, JointAnswer, JointForm, held_answer, joint_form
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
    joint: int = 0  # prompts answered by a row of a joint form (not asked on their own)

    @property
    def prompts(self) -> int:
        return sum(self.by_kind.values())

    def to_json(self) -> dict:
        return {"prompts": self.prompts, "by_kind": dict(sorted(self.by_kind.items())),
                "passed": self.passed, "joint": self.joint, "turns": self.turns}


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
    passed = joint = 0
    held: dict[str, object] = {}
    while session.pending is not None:
        prompt = session.pending
        given, value, _why = held_answer(prompt, held, session)
        held.pop(prompt.key, None)
        if policy.passes(prompt, session.state, session.combat, session.specs):
            value, source = prompt.default, PASSED
            passed += 1
        elif given:
            source = "robot"
            joint += 1
        else:
            counts[prompt_kind(prompt)] += 1
            form = joint_form(prompt, session.state, session.combat, session.specs, policy,
                              held=held, plan=session.shield_plan, dac=session.dac_plan)
            if form is None:
                value = _robot(robots, prompt, session).decide(prompt, session)
            else:
                answer = robots_fill(robots, form, session)
                value = answer.value_for(prompt.key)
                held.update(answer.held())
            source = "robot"
        outcome = session.answer(value, source)
        if isinstance(outcome, Refusal):
            raise DuelError(f"{prompt.key}: the session refused {value!r}: {outcome}", session)
    return PromptCount(turns, dict(counts), passed, joint)


def robots_fill(robots: list[Robot], form: JointForm, session: Session) -> JointAnswer:
    """A joint form filled at once by the robots (each row by its side's robot), as a table
    fills it: the rows after the pending one are decided before their prompts are asked
    (:class:`~sfb_desk.engine.orders.joint.Ahead`)."""
    if form.dac is not None:  # a DAC form: each row follows the answers before it
        picks: dict[str, object] = {}
        while (todo := next((p for p, _ in form.rows_for(picks) if p.key not in picks),
                            None)) is not None:
            view = session if todo == session.pending else Ahead(session, todo)
            picks[todo.key] = _robot(robots, todo, view).decide(todo, view)
        return JointAnswer(tuple((p.key, v) for p, v in form.rows_for(picks)))
    rows = []
    for n, row in enumerate(form.prompts):
        view = session if n == 0 else Ahead(session, row)
        rows.append((row.key, _robot(robots, row, view).decide(row, view)))
    return JointAnswer(tuple(rows))


def _robot(robots: list[Robot], prompt: Prompt, session: object) -> Robot:
    """The robot of ``prompt``'s side; a prompt of no side (a shared roll): the first."""
    return next((r for r in robots if r.mine(prompt, session)), robots[0])
