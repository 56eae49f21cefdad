"""Volleys: direct-fire hits on one target, through its shields, into the DAC (D3, D4.22).

The path of damage, as pure functions:

1. shots (:mod:`.fire`: one die each) give :class:`~.resolve.ShotResult` s;
2. :func:`hits_from` turns a result into :class:`Hit` s: the damage on the target's struck
   shield (a boundary shot needs the owner's choice, D3.43), or enveloping (E10.4, FP5), and
   overload feedback on the firer's own facing shield (E3.54, E4.431);
3. :func:`group_volleys` groups the hits into volleys (D4.22; decisions.md): by default all the
   damage striking **one shield of one target in one step** of the Direct-Fire Weapons Fire
   Stage is one volley, from any number of firers (seed 002 L147, D10.12: each panel bank
   "counts as one 'shield' for purposes of volley definitions", and three ships' fire on one
   bank in one impulse is "a single volley for all purposes"; seed 002 L366; for seeking
   weapons the same at seed 000 L3937, FD14.24). The steps are separate volleys (seed 002
   L656-670: PPD Step, First Hellbore Firing Option, Direct-Fire Step, Aegis, Second Hellbore
   Firing Option). The rule option ``volley_grouping="firer"`` makes one volley per firing
   unit instead. Enveloping damage and feedback are volleys of their own;
4. :func:`shield_phase`: reinforcement (reserve power too, H7.134), shield boxes, bleed-through
   (:mod:`.shields`, :mod:`.enveloping`);
5. :func:`volley_steps` / :func:`resolve_volley`: the internal points go to the DAC as one
   volley (:func:`sfb_desk.rules.damage.allocation_steps`, bold entries once per volley,
   D4.31) with the table's 2d6 rolls. For direct fire a "Phaser" hit may destroy only a phaser
   able to fire at the unit that scored the damage (D10.151, seed 002 L157); for enveloping
   damage and feedback, phasers through the shields that let damage through (D4.321, D10.153).

:func:`fire_volley` runs 1-5 for one firer at one target, the way the sequencer and a scripted
duel call it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace

from sfb_desk.rules.arcs import arc_mask, in_mask
from sfb_desk.rules.damage import (
    DEFAULT_OPTIONS,
    DEFAULT_POLICY,
    ChoiceNeeded,
    ChoicePolicy,
    DamageOptions,
    DamageState,
    RollsNeeded,
    Volley,
    VolleyResult,
    allocation_steps,
)
from sfb_desk.rules.results import Event, Refusal, event
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.weapon_types import weapon_type

from .enveloping import EPT, HELLBORE, apply_enveloping
from .fire import FireSituation, ShotOrder, fire_shots
from .options import DEFAULT_COMBAT_OPTIONS, VOLLEY_BY_FIRER, CombatOptions
from .rate import FiringHistory
from .resolve import ShotResult
from .shield_marks import sync_shield_marks
from .shields import (
    NO_RESERVE,
    SHIELDS,
    Reinforcement,
    ShieldState,
    apply_to_shields,
    choose_shield,
)

#: Steps of the Direct-Fire Weapons Fire Stage (6D2), in order (seed 002 L656-670).
PPD_STEP = "ppd"
HELLBORE_FIRST = "hellbore-1"
DIRECT_FIRE_STEP = "direct-fire"
AEGIS_STEP = "aegis"
HELLBORE_SECOND = "hellbore-2"
STEPS: tuple[str, ...] = (PPD_STEP, HELLBORE_FIRST, DIRECT_FIRE_STEP, AEGIS_STEP, HELLBORE_SECOND)


@dataclass(frozen=True, slots=True)
class Hit:
    """Damage on its way to a unit. ``shield`` is the shield struck (None when enveloping);
    ``enveloping`` the kind (:data:`~.enveloping.HELLBORE`, :data:`~.enveloping.EPT`) or None;
    ``from_bearing`` the firer's compass point seen from the target (D10.151; None if not
    known); ``feedback``: the firer's own overload feedback (E3.54, E4.431)."""

    firer: str
    target: str
    damage: int
    shield: int | None = None
    enveloping: str | None = None
    step: str = DIRECT_FIRE_STEP
    source: str = ""
    from_bearing: int | None = None
    feedback: bool = False


def hits_from(
    result: ShotResult,
    firer: str,
    target: str,
    where: FireSituation,
    *,
    source: str = "",
    shield_choice: int | None = None,
    feedback_choice: int | None = None,
    step: str = DIRECT_FIRE_STEP,
) -> tuple[Hit, ...] | Refusal:
    """The hits of one shot: on the target (``shield_choice``: the target owner's pick on a
    boundary, D3.43) and the feedback on the firer (``feedback_choice``: the firer's pick)."""
    hits: list[Hit] = []
    from_bearing = where.from_bearing or None
    if result.damage > 0:
        if result.enveloping:
            hits.append(Hit(firer, target, result.damage, None, HELLBORE, step, source, from_bearing))
        else:
            shield = choose_shield(where.target_shield.shields, shield_choice)
            if isinstance(shield, Refusal):
                return shield
            hits.append(Hit(firer, target, result.damage, shield, None, step, source, from_bearing))
    if result.feedback > 0:
        own = choose_shield(where.firer_shield.shields, feedback_choice)
        if isinstance(own, Refusal):
            return own
        hits.append(Hit(firer, firer, result.feedback, own, None, step, source, None, True))
    return tuple(hits)


@dataclass(frozen=True, slots=True)
class VolleyGroup:
    """The hits resolved as one volley on ``target`` (module docstring)."""

    target: str
    step: str
    hits: tuple[Hit, ...]
    shield: int | None = None
    enveloping: bool = False
    feedback: bool = False
    splash: bool = False  # a PPD pulse: each hit on its own shield, one volley (E11.332)

    @property
    def damage(self) -> int:
        return sum(h.damage for h in self.hits)


def group_volleys(
    hits: Sequence[Hit], options: CombatOptions = DEFAULT_COMBAT_OPTIONS
) -> tuple[VolleyGroup, ...]:
    """Group ``hits`` into volleys (module docstring, D4.22), ordered by step, then by first
    appearance."""
    groups: dict[tuple, list[Hit]] = {}
    for hit in hits:
        if hit.step not in STEPS:
            raise ValueError(f"unknown fire step {hit.step!r}; steps: {STEPS}")
        firer = hit.firer if options.volley_grouping == VOLLEY_BY_FIRER else None
        kind = ("enveloping", hit.enveloping) if hit.enveloping else ("shield", hit.shield)
        key = (hit.target, hit.step, hit.feedback, firer, kind)
        groups.setdefault(key, []).append(hit)
    ordered = sorted(groups.items(), key=lambda kv: STEPS.index(kv[0][1]))
    return tuple(
        VolleyGroup(target, step, tuple(hs), None if kind[0] == "enveloping" else kind[1],
                    kind[0] == "enveloping", feedback)
        for (target, step, feedback, _firer, kind), hs in ordered
    )


@dataclass(frozen=True, slots=True)
class CombatTarget:
    """A ship as damage sees it: its class, shields and internal damage."""

    id: str
    spec: ShipSpec
    shields: ShieldState
    damage: DamageState = field(default_factory=DamageState)

    @classmethod
    def fresh(cls, unit_id: str, spec: ShipSpec) -> CombatTarget:
        return cls(unit_id, spec, ShieldState.for_ship(spec), DamageState.for_ship(spec))


@dataclass(frozen=True, slots=True)
class ShieldPhase:
    """A volley after the shields: new shield state, internal points, the shields that let
    damage through, and the events."""

    shields: ShieldState
    internal: int
    penetrated: tuple[int, ...]
    events: tuple[Event, ...]


def shield_phase(
    target: CombatTarget,
    group: VolleyGroup,
    *,
    reserve: Reinforcement = NO_RESERVE,
    remainder_to: Sequence[Sequence[int] | None] = (),
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> ShieldPhase | Refusal:
    """Run ``group`` through ``target``'s shields. ``reserve``: reserve power committed against
    this volley (H7.134); against enveloping damage only as general reinforcement (commit
    specific points beforehand with :func:`.shields.add_specific`). ``remainder_to``: the
    owner's placement of each enveloping hit's leftover points, in hit order (None: default)."""
    state = target.shields
    if group.enveloping:
        if reserve.specific:
            return Refusal("H7.134", "against enveloping damage commit reserve as general reinforcement"
                                     " or as specific reinforcement on a named shield beforehand")
        state = replace(state, general=state.general + reserve.general)
        internal = 0
        penetrated: set[int] = set()
        events: list[Event] = []
        if reserve.general:
            events.append(event("reserve_reinforcement", target.id, "H7.134",
                                f"reserve power adds {reserve.general} general reinforcement",
                                general=reserve.general, specific=0))
        for i, hit in enumerate(group.hits):
            placement = remainder_to[i] if i < len(remainder_to) else None
            applied = apply_enveloping(state, hit.damage, hit.enveloping or HELLBORE,
                                       remainder_to=placement, options=options, unit=target.id)
            if isinstance(applied, Refusal):
                return applied
            state, through, shields, evs = applied
            internal += through
            penetrated.update(shields)
            events.extend(evs)
        return ShieldPhase(state, internal, tuple(sorted(penetrated)), tuple(events))
    if group.splash:  # E11.332: one volley through every shield the pulse struck
        internal, penetrated, events = 0, set(), []
        for n, hit in enumerate(group.hits):
            assert hit.shield is not None
            applied = apply_to_shields(state, hit.shield, hit.damage,
                                       reserve if n == 0 else NO_RESERVE, options=options,
                                       unit=target.id)
            if isinstance(applied, Refusal):
                return applied
            state, through, evs = applied
            internal += through
            penetrated.update((hit.shield,) if through else ())
            events.extend(evs)
        return ShieldPhase(state, internal, tuple(sorted(penetrated)), tuple(events))
    assert group.shield is not None
    applied = apply_to_shields(state, group.shield, group.damage, reserve, options=options, unit=target.id)
    if isinstance(applied, Refusal):
        return applied
    state, internal, evs = applied
    return ShieldPhase(state, internal, (group.shield,) if internal else (), evs)


def bearing_phasers(spec: ShipSpec, bearings: Sequence[int]) -> frozenset[str]:
    """The phaser boxes of ``spec`` able to fire toward any of ``bearings`` (compass points in
    the ship's frame): the phasers a direct-fire "Phaser" hit may destroy (D10.151)."""
    found: set[str] = set()
    for weapon in spec.weapons:
        kind = weapon_type(weapon.type)
        if kind is None or kind.dac_group != "phaser":
            continue
        mask = arc_mask(weapon.arcs, weapon.extra_bearings)
        if any(in_mask(mask, p) for p in bearings):
            found.update(weapon.box_ids)
    return frozenset(found)


def _dac_volley(target: CombatTarget, group: VolleyGroup, phase: ShieldPhase) -> Volley:
    bearings = [h.from_bearing for h in group.hits]
    direct = (not group.enveloping and not group.feedback and not group.splash and bearings
              and None not in bearings)  # a PPD pulse: every shield it came through (E11.332)
    return Volley(
        phase.internal,
        shields=phase.penetrated,
        bearing_phasers=bearing_phasers(target.spec, bearings) if direct else None,  # type: ignore[arg-type]
    )


@dataclass(frozen=True, slots=True)
class VolleyOutcome:
    """One volley resolved: the target after it, the shield phase and the DAC result."""

    target: CombatTarget
    group: VolleyGroup
    phase: ShieldPhase
    dac: VolleyResult

    @property
    def internal(self) -> int:
        return self.phase.internal

    @property
    def complete(self) -> bool:
        return self.dac.complete

    @property
    def events(self) -> tuple[Event, ...]:
        return self.phase.events


def volley_steps(
    target: CombatTarget,
    group: VolleyGroup,
    rolls: Sequence[int] = (),
    *,
    reserve: Reinforcement = NO_RESERVE,
    remainder_to: Sequence[Sequence[int] | None] = (),
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
    damage_options: DamageOptions = DEFAULT_OPTIONS,
    policy: ChoicePolicy = DEFAULT_POLICY,
    ask: bool = True,
) -> Generator[ChoiceNeeded | RollsNeeded, object, VolleyOutcome | Refusal]:
    """Resolve one volley, yielding the DAC's prompts (:func:`sfb_desk.rules.damage.allocation_steps`:
    send more 2d6 rolls to a :class:`RollsNeeded`, a box id to a :class:`ChoiceNeeded`)."""
    if group.target != target.id:
        raise ValueError(f"volley on {group.target!r} given target {target.id!r}")
    phase = shield_phase(target, group, reserve=reserve, remainder_to=remainder_to, options=options)
    if isinstance(phase, Refusal):
        return phase
    damage = target.damage if target.damage.boxes else DamageState.for_ship(target.spec)
    result = yield from allocation_steps(
        target.spec, damage, _dac_volley(target, group, phase), rolls,
        options=damage_options, policy=policy, ask=ask,
    )
    marked = sync_shield_marks(result.state, target.spec, phase.shields)
    after = type(target)(target.id, target.spec, phase.shields, marked)  # not replace(): per volley
    return VolleyOutcome(after, group, phase, result)


def resolve_volley(
    target: CombatTarget,
    group: VolleyGroup,
    rolls: Sequence[int],
    *,
    reserve: Reinforcement = NO_RESERVE,
    remainder_to: Sequence[Sequence[int] | None] = (),
    chooser: Callable[[ChoiceNeeded], str | None] | None = None,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
    damage_options: DamageOptions = DEFAULT_OPTIONS,
    policy: ChoicePolicy = DEFAULT_POLICY,
) -> VolleyOutcome | Refusal:
    """:func:`volley_steps` with the given DAC ``rolls`` (one per internal point, D4.21) and
    the owner's choices from ``chooser`` (None: ``policy``), as
    :func:`sfb_desk.rules.damage.allocate_damage` does."""
    steps = volley_steps(
        target, group, rolls, reserve=reserve, remainder_to=remainder_to, options=options,
        damage_options=damage_options, policy=policy, ask=chooser is not None,
    )
    try:
        prompt = next(steps)
        while True:
            if isinstance(prompt, RollsNeeded):
                prompt = steps.send(None)
                continue
            if prompt.error:
                raise ValueError(f"chooser answered a choice with something not offered: {prompt.error}")
            prompt = steps.send(chooser(prompt))  # type: ignore[misc]
    except StopIteration as stop:
        return stop.value


@dataclass(frozen=True, slots=True)
class FireOutcome:
    """One firer's shots at one target in one step, and their volleys on the target.

    ``results`` per shot (a refusal for a shot that could not fire), ``history`` the firer's
    updated :class:`~.rate.FiringHistory`, ``volleys`` the target's volleys in order (the last
    one's ``target`` is the target after all of them), ``feedback`` the hits the firer takes
    itself (resolve them as volleys on the firer: :func:`group_volleys`)."""

    results: tuple[ShotResult | Refusal, ...]
    history: FiringHistory
    hits: tuple[Hit, ...]
    feedback: tuple[Hit, ...]
    volleys: tuple[VolleyOutcome, ...]
    target: CombatTarget
    refusal: Refusal | None = None


def fire_volley(
    firer: str,
    target: CombatTarget,
    where: FireSituation,
    shots: Sequence[tuple[ShotOrder, int]],
    dac_rolls: Sequence[int],
    *,
    history: FiringHistory = FiringHistory(),
    shield_choice: int | None = None,
    feedback_choice: int | None = None,
    reserve: Reinforcement = NO_RESERVE,
    step: str = DIRECT_FIRE_STEP,
    chooser: Callable[[ChoiceNeeded], str | None] | None = None,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
    damage_options: DamageOptions = DEFAULT_OPTIONS,
) -> FireOutcome:
    """``firer`` fires ``shots`` (order, die) at ``target`` in the situation ``where``; the
    hits are grouped into volleys and resolved with ``dac_rolls`` (used in order across the
    volleys; the enveloping volley of a hellbore comes after the others of its step).
    ``reserve`` applies to the first volley. A refused boundary choice or reserve stops the
    resolution (``refusal``) with the target unchanged."""
    results, history = fire_shots(shots, where, history, options)
    hits: list[Hit] = []
    for (order, _roll), result in zip(shots, results, strict=True):
        if isinstance(result, Refusal):
            continue
        made = hits_from(result, firer, target.id, where, source=order.box_id,
                         shield_choice=shield_choice, feedback_choice=feedback_choice, step=step)
        if isinstance(made, Refusal):
            return FireOutcome(results, history, (), (), (), target, made)
        hits.extend(made)
    on_target = tuple(h for h in hits if not h.feedback)
    feedback = tuple(h for h in hits if h.feedback)
    outcomes: list[VolleyOutcome] = []
    current, used = target, 0
    groups = sorted(group_volleys(on_target, options), key=lambda g: g.enveloping)
    for n, group in enumerate(groups):
        outcome = resolve_volley(
            current, group, dac_rolls[used:], reserve=reserve if n == 0 else NO_RESERVE,
            chooser=chooser, options=options, damage_options=damage_options,
        )
        if isinstance(outcome, Refusal):
            return FireOutcome(results, history, on_target, feedback, tuple(outcomes), current, outcome)
        outcomes.append(outcome)
        current, used = outcome.target, used + outcome.dac.rolls_used
    return FireOutcome(results, history, on_target, feedback, tuple(outcomes), current)


__all__ = [
    "AEGIS_STEP", "DIRECT_FIRE_STEP", "EPT", "HELLBORE", "HELLBORE_FIRST", "HELLBORE_SECOND",
    "PPD_STEP", "SHIELDS", "STEPS", "CombatTarget", "FireOutcome", "Hit", "ShieldPhase",
    "VolleyGroup", "VolleyOutcome", "bearing_phasers", "fire_volley", "group_volleys", "hits_from",
    "resolve_volley", "shield_phase", "sync_shield_marks", "volley_steps",
]
