"""The Damage Allocation procedure (D4.2-D4.4), one volley at a time.

Per internal damage point (D4.2), the table supplies a 2d6 roll (D4.21; every die is a prompt,
the engine never rolls). The row of that roll is walked left to right (D4.22) and the point
is scored on the first entry that is available:

* the system has an undestroyed box on this ship (entries it has none of are skipped);
* a **bold** entry has not already been scored in this volley (D4.31; the gate is per chart
  cell, and a bold entry skipped for want of boxes is not used up);
* "Phaser": a phaser bearing on the struck shield(s) (D4.321, option); "Torp" / "Drone": the
  heavy-weapon / drone group (D4.32, ``weapon_types.dac_group``); "Any Weapon" (D4.324) and
  "Any W En": any weapon / warp engine. Which box is the **owner's choice**: the allocator
  asks (:class:`ChoiceNeeded`) unless one option is left; D4.3221-D4.3223 narrow the options
  to the best type on every third hit of a group (option);
* a track (sensor, scanner, damage control) loses its leftmost undestroyed box; its last box
  is never destroyed (D4.33, option);
* "F Hull" / "A Hull" fall back to center hull (D4.351, option), "Flag Bridge" to security
  (D4.5 example, option);
* column M, "Excess Damage", marks an excess-damage box; with none left the ship is destroyed
  (D4.40), and the volley's remaining points are recorded as arriving after destruction.

:func:`allocation_steps` is the procedure as a generator of prompts (DESIGN.md section 4):
it yields :class:`ChoiceNeeded` and :class:`RollsNeeded` and returns a :class:`VolleyResult`.
:func:`allocate_damage` runs it with a chooser callable or the default policy.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter

from sfb_desk.rules.damage.casualties import casualty_points
from sfb_desk.rules.damage.events import Choice, EventLog
from sfb_desk.rules.damage.layout import AFTER_SLOT, Layout, WeaponBox, compile_ship
from sfb_desk.rules.damage.options import DEFAULT_OPTIONS, DamageOptions
from sfb_desk.rules.damage.policy import DEFAULT_POLICY, ChoicePolicy, DefaultPolicy
from sfb_desk.rules.damage.state import ChoiceNeeded, DamageState, Issue, RollsNeeded, Volley
from sfb_desk.rules.damage.volley_start import bearing_set, free_lists, start_lists, start_marks
from sfb_desk.rules.ship import ShipSpec

VALID_ROLLS = frozenset(range(2, 13))
_SACRIFICE_KEY = attrgetter("sacrifice_key")
_BOX_ID = attrgetter("box_id")

Prompt = ChoiceNeeded | RollsNeeded

_CHOICE_RULE = {
    "any_weapon": "D4.324: an Any Weapon hit is scored on a weapon of the owner's choice",
    "any_warp": "D4.21 Any W En: the owner chooses which warp engine takes the hit",
    "phaser": "D4.3221: the owner chooses which phaser takes a Phaser hit",
    "torpedo": "D4.3222: the owner chooses which heavy weapon takes a Torp hit",
    "drone": "D4.3223: the owner chooses which drone rack takes a Drone hit",
}
_FORCED_RULE = {
    "phaser": "D4.3221: every third Phaser hit must fall on the best type of phaser",
    "torpedo": "D4.3222: every third Torp hit must fall on the best type of heavy weapon",
    "drone": "D4.3223: every third Drone hit must fall on the best type of drone rack",
}


@dataclass(frozen=True, slots=True)
class VolleyResult:
    """The state after the volley and one event per point.

    ``complete`` is False when the rolls ran out before the last point (``missing_rolls``
    points were not allocated; the state is the state after the points that were) or when
    the input was refused (``issues``, state unchanged).
    """

    state: DamageState
    events: EventLog
    points: int
    rolls_used: int
    complete: bool
    crew_units_killed: int = 0
    boarding_parties_killed: int = 0
    issues: tuple[Issue, ...] = ()

    @property
    def missing_rolls(self) -> int:
        return self.points - len(self.events) if not self.issues else self.points

    @property
    def ship_destroyed(self) -> bool:
        return self.state.ship_destroyed


class _ShipDestroyed(Exception):
    """Raised inside the walk when a point destroys the ship (D4.40)."""


def check_rolls(rolls: Sequence[int], first_point: int = 1) -> tuple[Issue, ...]:
    """D4.21: each DAC roll is the total of two dice, 2..12 (a value equal to one of those
    ints, e.g. a numpy integer, is accepted)."""
    if VALID_ROLLS.issuperset(rolls):
        return ()
    return tuple(
        Issue("D4.21", f"point {first_point + i}: a DAC roll is the total of 2d6 (2..12), not {r!r}")
        for i, r in enumerate(rolls)
        if not _is_roll(r)
    )


def _is_roll(r: object) -> bool:
    try:
        return r in VALID_ROLLS and not isinstance(r, bool)
    except TypeError:  # unhashable
        return False


def check_volley(volley: Volley) -> tuple[Issue, ...]:
    issues: list[Issue] = []
    if type(volley.points) is not int or volley.points < 0:
        issues.append(Issue("D4.2", f"internal damage points must be a whole number >= 0, not {volley.points!r}"))
    for shield in volley.shields:
        if shield not in (1, 2, 3, 4, 5, 6):
            issues.append(Issue("D3.1", f"shields are numbered 1..6, not {shield!r}"))
    return tuple(issues)


def check_state(layout: Layout, state: DamageState) -> tuple[Issue, ...]:
    if state.boxes and state.boxes is not layout.box_ids and state.boxes != layout.box_ids:
        return (Issue("D4.2", f"this damage state belongs to another ship class than {layout.spec.id}"),)
    return ()


class _Run:
    """The slow path of one volley: special pools, choices and rule-of-three counters."""

    def __init__(
        self, layout: Layout, state: DamageState, volley: Volley, policy: ChoicePolicy, ask: bool
    ) -> None:
        self.layout = layout
        self.policy = policy
        self.ask = ask
        # Without prompts and with the default policy, take its order directly (same result).
        self.fast_default = not ask and type(policy) is DefaultPolicy
        self.marks = marks = start_marks(layout, state)
        self.free0 = free_lists(layout, state, marks)
        self.fls: list[list[int]] = [list(t) for t in self.free0]
        self.fls.extend([] for _ in layout.special_pool)
        self.rec: list[int] = []
        self.choices: dict[int, Choice] = {}
        self.lost_weapons: list[int] = []
        opts = layout.options
        self.rule_of_three = opts.rule_of_three
        self.groups: dict[str, list] = {
            "phaser": [0, False],  # D4.3221: phaser groups restart each volley
            "torpedo": list(state.torpedo_group),
            "drone": list(state.drone_group),
        }
        bearing = bearing_set(layout, volley) if opts.phaser_direction else None
        start = start_lists(layout, marks, bearing, self.fls)
        # The weapons each special pool may take, kept up to date as boxes are destroyed.
        self.targets: dict[str, list[WeaponBox]] = {kind: list(ws) for kind, ws in start[0].items()}
        self.kind_of = layout.special_kind
        for p, live in start[1]:
            self.fls[p] = [1] if live else []

    def special(self, p: int, slot: int, roll: int, base: int) -> Generator[Prompt, object, int]:
        """Resolve a special pool for the current point: the global box, or -1 to walk on."""
        kind = self.kind_of[p]
        layout = self.layout
        if kind == "destroy":
            self.rec.append(base + layout.nboxes)  # D4.40
            raise _ShipDestroyed
        if kind == "any_warp":
            pools = [q for q in layout.warp_pools if self.fls[q]]
            if not pools:
                self.fls[p].clear()
                return -1
            if len(pools) == 1:
                return self.fls[pools[0]].pop()
            options = tuple(layout.box_ids[self.fls[q][-1]] for q in pools)
            prompt = ChoiceNeeded(
                len(self.rec) + 1, roll, layout.slot_column(slot), layout.slot_label[slot],
                kind, options, tuple(layout.pool_systems[q] for q in pools),
                tuple(len(self.fls[q]) for q in pools), _CHOICE_RULE[kind],
            )
            chosen = yield from self._ask(prompt)
            return self.fls[pools[options.index(chosen)]].pop()
        cands = self.targets[kind]
        if not cands:
            self.fls[p].clear()  # nothing of this kind can be hit for the rest of the volley
            return -1
        group = self.groups.get(kind) if self.rule_of_three else None
        best = max(w.rank for w in cands)
        forced = False
        if group is not None and group[0] == 2 and not group[1]:
            narrowed = [w for w in cands if w.rank == best]  # D4.3221-D4.3223
            forced = len(narrowed) < len(cands)
            cands = narrowed
        else:
            cands = list(cands)
        if len(cands) == 1:
            pick = cands[0]
            if forced:
                self.choices[len(self.rec)] = Choice(kind, (pick.box_id,), pick.box_id, "forced", _FORCED_RULE[kind])
        elif self.fast_default:
            pick = min(cands, key=_SACRIFICE_KEY)
            rule = _FORCED_RULE[kind] if forced else _CHOICE_RULE[kind]
            self.choices[len(self.rec)] = Choice(kind, tuple(map(_BOX_ID, cands)), pick.box_id, "default", rule)
        else:
            prompt = ChoiceNeeded(
                len(self.rec) + 1, roll, layout.slot_column(slot), layout.slot_label[slot],
                kind, tuple(w.box_id for w in cands), tuple(w.type for w in cands),
                (1,) * len(cands), _FORCED_RULE[kind] if forced else _CHOICE_RULE[kind],
                forced_best=forced,
            )
            chosen = yield from self._ask(prompt)
            pick = cands[prompt.options.index(chosen)]
        if group is not None:
            if pick.rank == best:
                group[1] = True
            group[0] += 1
            if group[0] == 3:
                group[0], group[1] = 0, False
        for targets in self.targets.values():
            if pick in targets:
                targets.remove(pick)
        self.lost_weapons.append(pick.index)
        return pick.index

    def _ask(self, prompt: ChoiceNeeded) -> Generator[Prompt, object, str]:
        """Ask the owner (or the policy); record the choice for this point."""
        default = self.policy.choose(prompt)
        if default not in prompt.options:
            raise ValueError(f"policy {self.policy!r} answered {default!r}, not one of {prompt.options}")
        prompt = replace(prompt, default=default)
        chosen, by = default, "default"
        if self.ask:
            answer = yield prompt
            while answer is not None and answer not in prompt.options:
                answer = yield replace(prompt, error=f"{answer!r} is not one of the options")
            if answer is not None:
                chosen, by = str(answer), "owner"
        self.choices[len(self.rec)] = Choice(prompt.kind, prompt.options, chosen, by, prompt.rule)
        return chosen


def allocation_steps(
    ship: ShipSpec | Layout,
    state: DamageState,
    volley: Volley,
    rolls: Sequence[int] = (),
    *,
    options: DamageOptions = DEFAULT_OPTIONS,
    policy: ChoicePolicy = DEFAULT_POLICY,
    ask: bool = True,
) -> Generator[Prompt, object, VolleyResult]:
    """Allocate one volley, yielding prompts; returns the :class:`VolleyResult`.

    Send a box id (or None for the default) to a :class:`ChoiceNeeded`, and more rolls (or
    None to stop) to a :class:`RollsNeeded`. With ``ask=False`` nothing is yielded: choices
    go to ``policy`` and the volley stops incomplete when the rolls run out.
    """
    layout = compile_ship(ship, options)
    issues = check_volley(volley) + check_rolls(rolls) + check_state(layout, state)
    if issues:
        return VolleyResult(state, EventLog(layout, (), {}), volley.points, 0, False, issues=issues)
    run = _Run(layout, state, volley, policy, ask)
    rows = layout.rows
    keep = layout.slot_keep
    nplain = layout.nplain
    fls = run.fls
    gate = [1] * len(keep)
    rec = run.rec
    append = rec.append
    special = run.special
    npoints = volley.points
    pending = list(rolls)
    destroyed = state.ship_destroyed
    while not destroyed and len(rec) < npoints:
        batch = pending[: npoints - len(rec)]
        try:
            for roll in batch:
                for slot, p, base in rows[roll]:
                    free = fls[p]
                    if free and gate[slot]:
                        if p < nplain:
                            append(base + free.pop())
                            gate[slot] = keep[slot]
                            break
                        g = yield from special(p, slot, roll, base)
                        if g >= 0:
                            append(base + g)
                            gate[slot] = keep[slot]
                            break
        except _ShipDestroyed:
            destroyed = True
            break
        if len(rec) >= npoints or not ask:
            break
        more = yield RollsNeeded(len(rec) + 1, npoints - len(rec))
        while True:
            more = list(more) if more else []
            bad = check_rolls(more, len(rec) + 1)
            if not bad:
                break
            error = "; ".join(map(str, bad))
            more = yield RollsNeeded(len(rec) + 1, npoints - len(rec), error=error)
        if not more:
            break
        pending = more
    scored = len(rec)
    if destroyed and scored < npoints:
        rec.extend([AFTER_SLOT * layout.stride + layout.nboxes] * (npoints - scored))
    return _finish(layout, state, run, scored, destroyed, npoints)


def _finish(
    layout: Layout, state: DamageState, run: _Run, scored: int, destroyed: bool, npoints: int
) -> VolleyResult:
    """Build the new state and the event log at the end of the volley."""
    opts = layout.options
    spec = layout.spec
    remaining = run.fls
    new_marks = bytearray(run.marks)
    free_after: list[tuple[int, ...]] = []
    for p, before in enumerate(run.free0):
        left = remaining[p]
        if len(left) == len(before):
            free_after.append(before)
            continue
        free_after.append(tuple(left))
        for g in before[len(left):]:
            new_marks[g] = 1
    for g in run.lost_weapons:
        new_marks[g] = 1
    marks = bytes(new_marks)
    crew = casualty_points(
        state.internal_points, scored, opts.crew_casualty_interval, 0,
        None if spec.crew_units is None else spec.crew_units - state.crew_units_lost,
    )
    bps = casualty_points(
        state.internal_points, scored, opts.boarding_party_interval, opts.boarding_party_grace,
        None if spec.boarding_parties is None else spec.boarding_parties - state.boarding_parties_lost,
    )
    torpedo, drone = run.groups["torpedo"], run.groups["drone"]
    new_state = DamageState(  # not dataclasses.replace: this runs once per volley
        boxes=layout.box_ids,
        marks=marks,
        ship_destroyed=state.ship_destroyed or destroyed,
        internal_points=state.internal_points + scored,
        crew_units_lost=state.crew_units_lost + len(crew),
        boarding_parties_lost=state.boarding_parties_lost + len(bps),
        torpedo_group=(torpedo[0], torpedo[1]),
        drone_group=(drone[0], drone[1]),
        repair_box=state.repair_box,
        repair_points=state.repair_points,
        boxes_repaired=state.boxes_repaired,
        _cache=(layout, marks, tuple(free_after)),
    )
    events = EventLog(layout, tuple(run.rec), run.choices, frozenset(crew), frozenset(bps))
    complete = len(run.rec) >= npoints
    return VolleyResult(
        new_state, events, npoints, scored, complete,
        len(crew), len(bps),
    )


def allocate_damage(
    ship: ShipSpec | Layout,
    state: DamageState,
    volley: Volley,
    rolls: Sequence[int],
    *,
    options: DamageOptions = DEFAULT_OPTIONS,
    chooser: Callable[[ChoiceNeeded], str | None] | None = None,
    policy: ChoicePolicy = DEFAULT_POLICY,
) -> VolleyResult:
    """Allocate ``volley`` with the given 2d6 ``rolls`` (one per point, D4.21).

    Without a ``chooser`` every owner's choice is taken by ``policy`` (recorded as
    ``by="default"``). A chooser gets each :class:`ChoiceNeeded` and returns a box id, or None
    for the default; an answer that is not an option is a programming error (ValueError).
    With fewer rolls than points the volley stops after the last roll (``complete=False``).
    """
    if chooser is None:
        gen = allocation_steps(ship, state, volley, rolls, options=options, policy=policy, ask=False)
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
        raise AssertionError("allocation_steps(ask=False) yielded a prompt")  # pragma: no cover
    gen = allocation_steps(ship, state, volley, rolls, options=options, policy=policy, ask=True)
    try:
        prompt = next(gen)
        while True:
            if isinstance(prompt, RollsNeeded):
                prompt = gen.send(None)
                continue
            if prompt.error:
                raise ValueError(f"chooser answered a choice with something not offered: {prompt.error}")
            prompt = gen.send(chooser(prompt))
    except StopIteration as stop:
        return stop.value
