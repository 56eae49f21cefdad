"""Monte Carlo of one volley of N internal points inside a ship, vectorised across trials.

What does a volley of N internal damage points do to a ship? Every trial allocates the same
volley by the Damage Allocation procedure (D4.2-D4.4) with its own 2d6 rolls; all trials advance
point by point in lockstep, each step a handful of numpy operations over every trial at once
(DESIGN.md section 10: at least 10 million points a second). The ship is the allocator's own
precompiled :class:`~sfb_desk.rules.damage.layout.Layout` (same pools, same rows, same fall-backs
and the same rule options), so the two agree point for point: given the same rolls the final
damage of each trial equals :func:`~sfb_desk.rules.damage.allocate_damage`'s
(tests/analysis/test_monte_carlo.py checks it exactly, and by frequencies on a larger sample).

How the lockstep walk works, per point, for all live trials at once:

* the 2d6 roll picks the DAC row (D4.21); the row is walked left to right (D4.22) to the first
  entry still available: its pool has a box left ("Phaser", "Torp", "Drone", "Any Weapon" and
  "Any W En" are checked when reached, and skipped from then on if nothing is left) and, for a
  bold cell, it was not already scored in this volley (D4.31);
* within one volley an entry never becomes available again (boxes are only destroyed, bold
  cells only close), so each trial keeps, per roll, a pointer to the first entry that was
  available last time and only moves it forward (past a bold cell as soon as it is scored):
  most points cost one check (:mod:`sfb_desk.analysis.dac_kernel`);
* the point decrements the chosen pool. Plain pools are taken in box order (lowest number
  first, D4.33 for tracks), so a count says exactly which boxes are gone;
* the rare special entries then pick a box: a weapon group hit takes the weapon the allocator's
  **default policy** takes (:mod:`sfb_desk.rules.damage.policy`: cheapest to repair by Annex #9,
  then lowest D4.322 rank, then first in SSD order), after D4.3221-D4.3223 narrow every third
  hit of a group to the best type (phaser groups restart each volley, torpedo and drone groups
  continue from the given :class:`DamageState`); "Any W En" takes the engine with the most boxes
  left (ties: left, right, center), as the default policy does; column M with no excess damage
  left destroys the ship (D4.40) and the trial stops there.

A "Phaser" hit may only take phasers bearing on the struck shields (D4.321, option), as in the
allocator: pass ``shields`` (1..6) or ``bearing_phasers``; with neither, any phaser.

The rolls are drawn by numpy's seeded :class:`numpy.random.Generator` (analysis is not the
game's dice: those are prompts of the engine), one integer 0..35 per point mapped to the 2d6
total of that pair of faces, so each total has exactly its 2d6 probability.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sfb_desk.analysis.dac_kernel import Lockstep, Tables, build_tables
from sfb_desk.rules.damage.bearing import bears_on_shields
from sfb_desk.rules.damage.layout import Layout, compile_ship
from sfb_desk.rules.damage.options import DEFAULT_OPTIONS, DamageOptions
from sfb_desk.rules.damage.state import DamageState
from sfb_desk.rules.ship import CONTROL_SYSTEMS, WARP_SYSTEMS, ShipSpec

#: 2d6 total of each of the 36 equally likely (die, die) pairs.
TWO_D6_OF_PAIR = (np.arange(36) // 6 + np.arange(36) % 6 + 2).astype(np.int8)


def roll_2d6(rng: np.random.Generator, points: int, trials: int) -> np.ndarray:
    """``(points, trials)`` 2d6 totals (int8): one of the 36 equally likely pairs of faces per
    point. Row ``i`` holds point ``i + 1`` of every trial, so with one seed a shorter volley sees
    a prefix of a longer one's rolls (for the same number of trials)."""
    return TWO_D6_OF_PAIR[rng.integers(0, 36, size=(points, trials), dtype=np.int8)]


_TABLES: dict[int, tuple[Layout, Tables]] = {}


def _tables_of(layout: Layout) -> Tables:
    hit = _TABLES.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    tables = build_tables(layout)
    if len(_TABLES) > 64:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[id(layout)] = (layout, tables)
    return tables


@dataclass(frozen=True, slots=True, eq=False)
class MonteCarloResult:
    """The damage after the volley in every trial, compactly.

    ``taken[t, p]``: boxes plain pool ``p`` (``layout.pool_systems[p]``) lost in trial ``t``,
    lowest numbers first; ``weapons_lost[t, w]``: weapon box ``layout.weapons[w]`` destroyed in
    the volley; ``ship_destroyed[t]``: D4.40; ``torpedo_group`` / ``drone_group``: the D4.3222 /
    D4.3223 groups after the volley, (hits, best taken) per trial; ``before``: the boxes
    destroyed before the volley. :meth:`box_lost` and :attr:`marks` give the damage as the
    allocator's :attr:`DamageState.marks` would show it (before + volley).
    """

    layout: Layout
    points: int
    taken: np.ndarray  # (T, nplain) int16
    weapons_lost: np.ndarray  # (T, W) bool
    ship_destroyed: np.ndarray  # (T,) bool
    torpedo_group: np.ndarray  # (T, 2) int
    drone_group: np.ndarray  # (T, 2) int
    before: np.ndarray  # (nboxes,) bool
    free_lists: tuple[np.ndarray, ...] = field(repr=False)  # per plain pool: boxes in order

    @property
    def trials(self) -> int:
        return int(self.ship_destroyed.shape[0])

    def box_lost(self, g: int) -> np.ndarray:
        """(T,) bool: box ``g`` (global index) is destroyed after the volley."""
        if self.before[g]:
            return np.ones(self.trials, dtype=bool)
        where = _where_is(self)
        found = where.get(g)
        if found is None:  # a box the DAC cannot hit (a shield, a track's last box, D4.33)
            return np.zeros(self.trials, dtype=bool)
        kind, p, j = found
        if kind == "weapon":
            return self.weapons_lost[:, p].copy()
        return self.taken[:, p] > j

    @property
    def marks(self) -> np.ndarray:
        """(T, nboxes) bool, as :attr:`DamageState.marks` after the volley (memory: T x boxes)."""
        out = np.empty((self.trials, self.layout.nboxes), dtype=bool)
        for g in range(self.layout.nboxes):
            out[:, g] = self.box_lost(g)
        return out

    def box_indices(self, system: str) -> tuple[int, ...]:
        """Global indices of the boxes of a counted system, track or DAC weapon group
        (``phaser``, ``torpedo``), or of one weapon (``phaser#3``)."""
        layout = self.layout
        if "#" in system:
            return tuple(
                g for g, b in enumerate(layout.box_ids) if b == system or b.startswith(system + ".")
            )
        return tuple(g for g, s in enumerate(layout.box_system) if s == system)

    def _lost(self, systems: str | Iterable[str]) -> np.ndarray:
        names = (systems,) if isinstance(systems, str) else tuple(systems)
        boxes = [g for name in names for g in self.box_indices(name)]
        out = np.zeros((self.trials, len(boxes)), dtype=bool)
        for k, g in enumerate(boxes):
            out[:, k] = self.box_lost(g)
        return out

    def p_all_lost(self, systems: str | Iterable[str]) -> float:
        """P(every box of ``systems`` is destroyed); 0 if the ship has none."""
        lost = self._lost(systems)
        return float(lost.all(axis=1).mean()) if lost.shape[1] else 0.0

    def p_any_lost(self, systems: str | Iterable[str]) -> float:
        """P(at least one box of ``systems`` is destroyed)."""
        lost = self._lost(systems)
        return float(lost.any(axis=1).mean()) if lost.shape[1] else 0.0

    def expected_lost(self, systems: str | Iterable[str]) -> float:
        """Mean number of boxes of ``systems`` destroyed."""
        return float(self._lost(systems).sum(axis=1).mean())

    @property
    def p_ship_destroyed(self) -> float:
        return float(self.ship_destroyed.mean())

    def p_box(self, box_id: str) -> float:
        return float(self.box_lost(self.layout.index[box_id]).mean())

    def outcomes(self) -> list[Outcome]:
        """The headline figures, in display order (see :class:`Outcome`)."""
        layout = self.layout
        counted = [s for s, _ in layout.spec.systems if s in layout.pool_systems]
        if "shuttle" in layout.pool_systems:
            counted.append("shuttle")
        control = [s for s in CONTROL_SYSTEMS if s in counted]
        warps = [s for s in WARP_SYSTEMS if s in counted]
        out: list[Outcome] = []
        if control:
            out.append(Outcome("all control", self.p_any_lost(control), self.p_all_lost(control)))
        if warps:
            out.append(Outcome("all warp", self.p_any_lost(warps), self.p_all_lost(warps)))
        for system in counted:
            out.append(Outcome(system, self.p_any_lost(system), self.p_all_lost(system)))
        seen: set[str] = set()
        for w in layout.weapons:
            wid = w.box_id.split(".", 1)[0]
            if wid not in seen:
                seen.add(wid)
                out.append(Outcome(wid, self.p_any_lost(wid), self.p_all_lost(wid)))
        p = self.p_ship_destroyed
        out.append(Outcome("ship destroyed", p, p))
        return out


_WHERE: dict[int, tuple[MonteCarloResult, dict[int, tuple[str, int, int]]]] = {}


def _where_is(result: MonteCarloResult) -> dict[int, tuple[str, int, int]]:
    """Box -> ("pool", pool, position in its free list) or ("weapon", w, 0)."""
    hit = _WHERE.get(id(result))
    if hit is not None and hit[0] is result:
        return hit[1]
    where: dict[int, tuple[str, int, int]] = {}
    for p, free in enumerate(result.free_lists):
        for j, g in enumerate(free.tolist()):
            where[g] = ("pool", p, j)
    for w, weapon in enumerate(result.layout.weapons):
        where[weapon.index] = ("weapon", w, 0)
    if len(_WHERE) > 16:
        _WHERE.pop(next(iter(_WHERE)))
    _WHERE[id(result)] = (result, where)
    return where


@dataclass(frozen=True, slots=True)
class Outcome:
    """One bar of the chart: P(at least one box destroyed) and P(every box destroyed) of a
    system (all control: bridge, flag bridge, emergency bridge, aux control and security
    together; all warp: every warp engine), a weapon, or the ship (D4.40). Boxes destroyed
    before the volley count as lost; a destroyed ship's boxes are as the allocator left them
    (the point that destroys the ship marks nothing, D4.40)."""

    label: str
    p_any: float
    p_all: float


#: Trials are run in chunks of this many, so the state of a chunk stays in the CPU caches.
CHUNK = 32_768


def simulate(
    ship: ShipSpec | Layout,
    points: int,
    trials: int = 10_000,
    *,
    seed: int | np.random.Generator | None = 0,
    rolls: np.ndarray | None = None,
    state: DamageState | None = None,
    shields: Sequence[int] = (),
    bearing_phasers: Iterable[str] | None = None,
    options: DamageOptions = DEFAULT_OPTIONS,
) -> MonteCarloResult:
    """Allocate a volley of ``points`` internal points in ``trials`` trials (module docstring).

    ``rolls`` gives the 2d6 totals instead, shape ``(points, trials)`` (row i is point i + 1):
    then ``seed`` and ``trials`` are not used. ``state`` is the damage the ship starts with
    (default undamaged). ``shields`` / ``bearing_phasers`` are those of
    :class:`~sfb_desk.rules.damage.Volley` (D4.321).
    """
    layout = compile_ship(ship, options)
    if rolls is None:
        if points < 0 or trials <= 0:
            raise ValueError("points must be >= 0 and trials > 0")
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        rolls = roll_2d6(rng, points, trials)
    else:
        rolls = np.asarray(rolls)
        if rolls.ndim != 2 or rolls.shape[0] != points:
            raise ValueError(f"rolls must have shape (points={points}, trials)")
        if rolls.size and (rolls.min() < 2 or rolls.max() > 12):
            raise ValueError("a DAC roll is the total of 2d6, 2..12 (D4.21)")
        rolls = rolls.astype(np.int8)
    return _run(layout, _tables_of(layout), rolls, state or DamageState(), shields, bearing_phasers)


def _run(
    layout: Layout,
    tb: Tables,
    rolls: np.ndarray,
    state: DamageState,
    shields: Sequence[int],
    bearing_phasers: Iterable[str] | None,
) -> MonteCarloResult:
    npoints, ntrials = rolls.shape
    nboxes = layout.nboxes
    if state.marks and len(state.marks) != nboxes:
        raise ValueError(f"this damage state belongs to another ship class than {layout.spec.id}")
    before = (
        np.frombuffer(state.marks, dtype=np.uint8).astype(bool)
        if state.marks else np.zeros(nboxes, dtype=bool)
    )
    weapons = layout.weapons
    alive0 = ~before[np.array([w.index for w in weapons], dtype=np.intp)]

    # Which weapons each special kind may take (D4.32; D4.321 for phasers).
    bearing = _bearing(layout, shields, bearing_phasers)
    member = np.array(
        [
            [w.group == "phaser" and (bearing is None or w.index in bearing) for w in weapons],
            [w.group == "torpedo" for w in weapons],
            [w.group == "drone" for w in weapons],
            [True] * len(weapons),
        ],
        dtype=bool,
    ).reshape(4, len(weapons))

    # Initial counts: undestroyed hittable boxes per plain pool (taken in box order).
    free_lists = tuple(
        np.array([g for g in boxes if not before[g]], dtype=np.intp) for boxes in layout.pool_boxes
    )
    cnt0 = np.zeros(tb.npools, dtype=np.int16)
    for p, free in enumerate(free_lists):
        cnt0[p] = free.size
    for k, p in enumerate(tb.kind_pool):
        if p >= 0:  # 1 while a hit of the kind may find a weapon (checked when reached)
            cnt0[p] = 1 if (alive0 & member[k]).any() else 0
    if tb.any_warp_pool >= 0:
        cnt0[tb.any_warp_pool] = 1 if cnt0[tb.warp_pools].sum() else 0
    cnt0[layout.destroy_pool] = 1
    groups0 = np.array([(0, 0), state.torpedo_group, state.drone_group], dtype=np.int32)

    nplain = layout.nplain
    taken = np.zeros((ntrials, nplain), dtype=np.int16)
    weapons_lost = np.zeros((ntrials, len(weapons)), dtype=bool)
    destroyed = np.full(ntrials, bool(state.ship_destroyed))
    torpedo_group = np.zeros((ntrials, 2), dtype=np.int32)
    drone_group = np.zeros((ntrials, 2), dtype=np.int32)
    rule_of_three = layout.options.rule_of_three
    for lo in range(0, ntrials, CHUNK):
        hi = min(lo + CHUNK, ntrials)
        sim = Lockstep(tb, hi - lo, cnt0, alive0, member, groups0, rule_of_three)
        dead = destroyed[lo:hi]
        _volley(sim, rolls[:, lo:hi], dead)
        counts = sim.cnt.reshape(hi - lo, tb.npools)
        taken[lo:hi] = cnt0[:nplain] - counts[:, :nplain]
        weapons_lost[lo:hi] = alive0 & ~sim.weapons_alive()
        torpedo_group[lo:hi] = sim.group(1)
        drone_group[lo:hi] = sim.group(2)
    if state.ship_destroyed:
        torpedo_group[:] = state.torpedo_group
        drone_group[:] = state.drone_group
    return MonteCarloResult(
        layout, npoints, taken, weapons_lost, destroyed, torpedo_group, drone_group, before,
        free_lists,
    )


def _volley(sim: Lockstep, rolls: np.ndarray, destroyed: np.ndarray) -> None:
    """Every point of the volley for one chunk of trials, in lockstep; ``destroyed`` (a view)
    is set for the trials whose ship D4.40 destroys, which then stop."""
    act = np.flatnonzero(~destroyed)
    full = act.size == destroyed.size
    bases = sim.bases(act)
    for i in range(rolls.shape[0] if act.size else 0):
        died = sim.point(act, rolls[i] if full else rolls[i].take(act), bases)
        if died.size:
            destroyed[act[died]] = True
            act = np.delete(act, died)
            full = False
            if not act.size:
                break
            bases = sim.bases(act)


def _bearing(
    layout: Layout, shields: Sequence[int], bearing_phasers: Iterable[str] | None
) -> frozenset[int] | None:
    """Global indices of the phasers a Phaser hit may take (D4.321), as the allocator does."""
    if not layout.options.phaser_direction:
        return None
    if bearing_phasers is not None:
        return frozenset(layout.index[b] for b in bearing_phasers if b in layout.index)
    if not shields:
        return None
    return frozenset(
        w.index for w in layout.weapons
        if w.group == "phaser" and bears_on_shields(w.arcs, w.extra_bearings, shields)
    )
