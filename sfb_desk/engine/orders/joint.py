"""Joint forms: one form for the simultaneous decisions of one impulse step (hot seat).

A table that plays several sides (or several ships of one side) is asked, by the sequencer,
one prompt at a time: the movement of each ship in C1.313 precedence (slowest first,
:mod:`sfb_desk.engine.movement_steps`), the fire declarations of each side (D6.315). With the
pass policy's ``joint_forms`` switch (:class:`~.pass_policy.PassPolicy`, on by default) the
table gets them as ONE form instead: :func:`joint_form` says which of the prompts still to come
in the step of the pending one the form covers, each as the prompt the sequencer will ask (same
key, same legal orders). The form answers the pending prompt; its other rows are *held* by
prompt key and given, as the table's answers, when each prompt arrives (:func:`held_answer`:
the session checks each; one refused because the situation changed, e.g. a tractor link or an
HET breakdown, is asked normally with a line saying why). Nothing in the sequencer, the prompt
keys, the saves or the replay changes: a game played with joint forms logs the same answers,
prompt by prompt, as one answered prompt by prompt.

* Movement (C1.313, C1.4): the table-played ships with a real choice this impulse, in the order
  they move, so the slower ship's row comes before the faster one's, as the rule intends. A
  forced move the policy passes is not a row; a ship another player (a robot) moves ends the
  form: the table sees that move before it orders the ships after it.
* Fire (D6.315, declared secretly and simultaneously): the fire declarations of each
  table-played side whose fire the policy does not pass (:func:`fire_choices`: its ready
  weapons).
* Boundary shields (D3.43, E4.431; kind ``shield``): the boundary choices of one volley (one
  impulse's fire step), a Choice per shot, as the session plans them once the to-hit dice are
  in (:attr:`sfb_desk.engine.shield_choices.ShieldChoiceSteps.shield_plan`, handed in as
  ``plan``): the pending one and those after it whose shield's owner the table plays. The
  form groups them by firer and target (:func:`shield_groups`); all shots of one firer at one
  target share the geometry, so one shield for the group is the form's default, each shot
  still answerable on its own (decisions.md, D3.43).
* DAC choices (D4.3221-D4.3223, D4.324; kind ``dac``): the owner's box choices of one volley,
  once its DAC rolls are in, from the session's ``dac_plan`` (:mod:`sfb_desk.engine.dac_plan`,
  handed in as ``dac``): a later row's options follow from the earlier rows' answers, so the
  form's ``prompts`` are the rows with every default taken and :meth:`JointForm.rows_for`
  gives them for other answers. Offered at the volley's first choice when its owner is the
  table's.

Qt-free: the app's orders panel, its automatic answerer (:class:`sfb_desk.qt.game_record.
AutoAnswers`) and the command line's count (:mod:`sfb_desk.robot.table_prompts`) use the same
functions, so the app asks what the count says.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...rules.game_state import GameState
from ...rules.movement.core import STRAIGHT, legal_orders
from ...rules.results import Refusal
from ...rules.ship import ShipSpec
from ...rules.units import Unit, clock_of
from ..prompts import Choice, Orders, Prompt, check_choice
from .pass_policy import PassPolicy

if TYPE_CHECKING:
    from ..records import Combat
    from ..dac_plan import DacPlan
    from ..session import Session
    from ..shield_choices import ShieldRow
    from .fire_options import OrdersContext, WeaponOption

#: The kinds of orders prompt a joint form gathers (and ``shield``: boundary Choices).
JOINT_KINDS = ("movement", "fire")
SHIELD = "shield"
DAC = "dac"


@dataclass(frozen=True, slots=True)
class JointForm:
    """The prompts one form answers: the pending one first, then those it pre-answers, in the
    order the sequencer asks them."""

    kind: str
    prompts: tuple[Prompt, ...]
    #: kind ``shield``: each prompt's shot (firer, weapon, target), aligned with ``prompts``
    shots: tuple[ShieldRow, ...] = ()
    #: kind ``dac``: the volley's plan (its rows follow the answers given)
    dac: DacPlan | None = None

    def rows_for(self, picks: Mapping[str, object]) -> list[tuple[Prompt, object]]:
        """The rows (prompt, answer) with ``picks`` given by key: a ``dac`` form's rows follow
        the answers (a box destroyed is not offered again); another form's are fixed (a
        missing pick: the prompt's default)."""
        if self.dac is not None:
            return list(self.dac.rows(picks))
        return [(p, picks.get(p.key, p.default)) for p in self.prompts]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.prompts)

    @property
    def ahead(self) -> tuple[Prompt, ...]:
        """The rows after the pending prompt (held until their prompts arrive)."""
        return self.prompts[1:]


@dataclass(frozen=True, slots=True)
class JointAnswer:
    """A joint form's answers, ``(prompt key, answer)`` in the form's order: the first answers
    the pending prompt, the others are held for theirs."""

    answers: tuple[tuple[str, object], ...]

    def value_for(self, key: str) -> object:
        return dict(self.answers)[key]

    def held(self) -> dict[str, object]:
        return dict(self.answers[1:])


def joint_form(pending: Prompt | None, state: GameState, combat: Combat | None,
               specs: Mapping[str, ShipSpec] | None, policy: PassPolicy | None,
               table_sides: Collection[str] | None = None, *,
               held: Collection[str] = (), plan: Sequence[ShieldRow] = (),
               dac: DacPlan | None = None) -> JointForm | None:
    """The joint form for ``pending`` (module docstring), or None when there is none: the
    switch is off, the prompt is not a movement, fire or planned boundary prompt, or no other
    prompt of its step is the table's. ``table_sides``: the sides the table plays (None: all);
    ``held``: keys already held by an earlier form (not listed again); ``plan``: the session's
    boundary choices to come (:attr:`~sfb_desk.engine.shield_choices.ShieldChoiceSteps.
    shield_plan`); ``dac``: the session's ``dac_plan``."""
    if pending is None or policy is None or not getattr(policy, "joint_forms", False):
        return None
    if isinstance(pending, Choice):
        if dac is not None:
            return dac_form(pending, state, dac, table_sides, held)
        return shield_form(pending, state, plan, table_sides, held)
    if not isinstance(pending, Orders) or pending.kind not in JOINT_KINDS:
        return None
    if pending.kind == "movement":
        rows = movement_rows(pending, state, combat, specs, policy, table_sides, held)
    else:
        rows = fire_rows(pending, state, combat, specs, policy, table_sides, held)
    if len(rows) < 2:
        return None
    return JointForm(pending.kind, (pending, *rows[1:]))


def precedence(state: GameState) -> list[Unit]:
    """The order units under orders move in an impulse (C1.313 as the sequencer applies it,
    decisions.md: slower first; nimble and computer-controlled later; then by id)."""
    units = sorted((u for u in state.units if u.active and not u.is_seeker), key=lambda u: u.id)
    units.sort(key=lambda u: (u.profile.computer, u.nimble, u.speed))
    return units


def movement_prompt(unit: Unit, state: GameState, combat: Combat | None) -> Orders | None:
    """The movement prompt the sequencer will ask ``unit`` this impulse (C1.4, its legal orders
    from :func:`~sfb_desk.rules.movement.core.legal_orders`), or None when it asks none (the
    unit does not move, or a web holds it, G10.5)."""
    impulse = state.impulse
    choices = legal_orders(unit, impulse, clock_of(state.turn, impulse), state.options)
    if choices == ("stay",):
        return None
    battlefield = getattr(combat, "battlefield", None)
    if battlefield is not None and "stay" not in choices and any(
            d.id == unit.id for d in battlefield.dragons):
        choices += ("stay",)  # SM7.467: a dragon may skip a move
    webs = getattr(getattr(combat, "c2", None), "webs", None)
    if webs is not None and webs.caught and webs.holding(unit.id) is not None:
        return None
    scheduled = choices[0] == STRAIGHT
    return Orders(f"T{state.turn}.I{impulse}.move.{unit.id}", "movement",
                  f"Movement of {unit.name or unit.id}, impulse {impulse} (speed {unit.speed})",
                  unit=unit.id, options=choices, rule="C1.4",
                  default=STRAIGHT if scheduled else "stay")


def movement_rows(pending: Orders, state: GameState, combat: Combat | None,
                  specs: Mapping[str, ShipSpec] | None, policy: PassPolicy,
                  table_sides: Collection[str] | None, held: Collection[str]) -> list[Orders]:
    """``pending`` and the movement prompts after it that one form may answer (module
    docstring), in C1.313 order."""
    order = precedence(state)
    ids = [u.id for u in order]
    if pending.unit not in ids:
        return [pending]
    rows = [pending]
    for unit in order[ids.index(pending.unit) + 1:]:
        prompt = movement_prompt(unit, state, combat)
        if prompt is None or prompt.key in held:
            continue
        if policy.passes(prompt, state, combat, specs):
            continue  # a forced move: the program makes it
        if table_sides is not None and unit.side not in table_sides:
            break  # another player moves it first: the table sees that move (C1.313)
        rows.append(prompt)
    return rows


def fire_prompt(side: str, state: GameState) -> Orders:
    """The fire prompt the sequencer asks ``side`` this impulse (D6.315)."""
    return Orders(f"T{state.turn}.I{state.impulse}.fire.{side}", "fire",
                  f"Fire declarations of side {side}, impulse {state.impulse} (D6.315)",
                  side=side, rule="D6.315", default={})


def fire_rows(pending: Orders, state: GameState, combat: Combat | None,
              specs: Mapping[str, ShipSpec] | None, policy: PassPolicy,
              table_sides: Collection[str] | None, held: Collection[str]) -> list[Orders]:
    """``pending`` and the fire prompts of the other table-played sides after it (sides in the
    sequencer's order) that the policy does not pass: fire is declared simultaneously."""
    sides = sorted({u.side for u in state.units if u.active and not u.is_seeker})
    if pending.side not in sides:
        return [pending]
    rows = [pending]
    for side in sides[sides.index(pending.side) + 1:]:
        if table_sides is not None and side not in table_sides:
            continue  # its player declares on its own; nothing it declares changes the rest
        prompt = fire_prompt(side, state)
        if prompt.key in held or policy.passes(prompt, state, combat, specs):
            continue
        rows.append(prompt)
    return rows


def fire_choices(ctx: OrdersContext, prompt: Orders) -> list[tuple[Unit, list[WeaponOption]]]:
    """The fire options of a fire row: each ship of the side with its weapons
    (:func:`~.fire_options.weapon_options`: ready ones have ``not_ready`` None)."""
    from .fire_options import weapon_options

    out = []
    for unit in ctx.side_units(prompt.side):
        options = weapon_options(ctx, unit)
        if options:
            out.append((unit, options))
    return out


def shield_form(pending: Choice, state: GameState, plan: Sequence[ShieldRow],
                table_sides: Collection[str] | None, held: Collection[str]) -> JointForm | None:
    """The boundary choices of the volley from ``pending`` on (module docstring), or None when
    ``pending`` is not planned or is the only one left for the table."""
    keys = [row.prompt.key for row in plan]
    if pending.key not in keys:
        return None
    at = keys.index(pending.key)
    if plan[at].prompt != pending:
        return None  # not the prompt planned (a programmer error): asked on its own
    rows = [plan[at]]
    for row in plan[at + 1:]:
        if row.prompt.key in held:
            continue
        owner = state.find(row.shield_owner)
        if table_sides is not None and (owner is None or owner.side not in table_sides):
            continue  # its owner (a robot) picks it; nothing it picks changes these rows
        rows.append(row)
    if len(rows) < 2:
        return None
    return JointForm(SHIELD, tuple(r.prompt for r in rows), tuple(rows))


def dac_form(pending: Choice, state: GameState, dac: DacPlan,
             table_sides: Collection[str] | None, held: Collection[str]) -> JointForm | None:
    """The owner's DAC choices of the volley (module docstring), or None when ``pending`` is
    not its first, its owner is another player's, or it is the only one."""
    rows = dac.rows()
    if not rows or rows[0][0] != pending or len(rows) < 2:
        return None
    if any(p.key in held for p, _ in rows):
        return None
    owner = state.find(dac.tid)
    if table_sides is not None and (owner is None or owner.side not in table_sides):
        return None
    return JointForm(DAC, tuple(p for p, _ in rows), dac=dac)


def shield_groups(form: JointForm) -> list[tuple[tuple[str, str, bool], list[int]]]:
    """The rows of a ``shield`` form grouped by (firer, target, feedback), in the order of
    their first row: ``[((firer, target, feedback), [row indices]), ...]``. One group's shots
    share the geometry: the same shields are offered to each."""
    groups: dict[tuple[str, str, bool], list[int]] = {}
    for n, row in enumerate(form.shots):
        groups.setdefault((row.firer, row.target, row.feedback), []).append(n)
    return list(groups.items())


# -- giving held answers -----------------------------------------------------------------------
def check_ahead(session: Session, prompt: Prompt, value: object) -> Refusal | None:
    """The session's own check of ``value`` for a row of a joint form not yet asked (the
    session's movement or fire check, changing nothing), as if it were pending now."""
    if getattr(prompt, "kind", None) == "movement":
        unit = session.state.find(prompt.unit or "")
        if unit is None:
            return Refusal("C1.4", f"{prompt.unit} is no longer in play")
        checked = session._check_move(unit, value)  # noqa: SLF001 - the sequencer's own check
    elif getattr(prompt, "kind", None) == "fire":
        checked = session._check_fire(prompt.side, value)  # noqa: SLF001
    elif isinstance(prompt, Choice):
        checked = check_choice(prompt, value)  # a boundary shield: one of the options
    else:
        return session.check(value) if session.pending == prompt else None
    return checked if isinstance(checked, Refusal) else None


class Ahead:
    """``session`` seen from a row of a joint form not yet asked: ``pending`` is the row's
    prompt and :meth:`check` checks answers to it (:func:`check_ahead`); everything else is the
    session's. Lets a robot fill a joint form's rows the way it answers a pending prompt."""

    def __init__(self, session: Session, prompt: Prompt) -> None:
        self._session = session
        self.pending = prompt

    def __getattr__(self, name: str) -> object:
        return getattr(self._session, name)

    def check(self, value: object) -> Refusal | None:
        return check_ahead(self._session, self.pending, value)


def held_answer(prompt: Prompt, held: Mapping[str, object],
                session: Session) -> tuple[bool, object, str]:
    """A held answer for the arriving ``prompt``: ``(True, value, "")`` when one is held and the
    session accepts it; ``(False, None, why)`` when one is held but refused now (the prompt is
    asked normally and ``why`` says so); ``(False, None, "")`` when none is held."""
    if prompt.key not in held:
        return False, None, ""
    value = held[prompt.key]
    refusal = session.check(value)
    if refusal is None:
        return True, value, ""
    what = f"'{value}'" if isinstance(value, str) else "the orders"
    return False, None, (f"{prompt.purpose}: {what} given in the joint form cannot be carried "
                         f"out now ({refusal}); choose again")
