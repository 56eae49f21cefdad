"""The lockstep kernel of :mod:`sfb_desk.analysis.monte_carlo`: the DAC procedure (D4.2-D4.4)
for many trials at once, one damage point per step, on a compiled
:class:`~sfb_desk.rules.damage.layout.Layout`.

State per trial, in flat numpy arrays (trial ``t``'s part at ``t * width``):

* ``cnt``: boxes left in each pool. Plain pools are taken in box order, so a count says which
  boxes are gone. The special pools say whether a hit could take something: "Phaser", "Torp",
  "Drone", "Any Weapon" and "Any W En" are 1 until a hit reaching them finds nothing left to
  take, then 0 for the rest of the volley (as the allocator clears them); "destroy" (column M
  with no excess damage left, D4.40) is always 1;
* ``ptr``: for each of the eleven rows, the first entry that was available when the row was
  last walked. Within one volley an entry never becomes available again (boxes are only
  destroyed; a bold cell, D4.31, is closed once scored), so the walk of D4.22 can start there;
  scoring a bold cell moves the pointer past the cell and its fall-backs;
* ``alive``: the weapons not destroyed, as bits of a uint64; ``groups``: the rule-of-three
  groups (D4.3221-D4.3223: hits in the current group of three, best type taken in it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sfb_desk.rules.damage.layout import Layout

#: Entry codes: the low bits say what the entry's pool is, BOLD marks a bold cell.
PLAIN, WEAPON, ANY_WARP, DESTROY = 0, 1, 2, 3
BOLD = 4
KIND_MASK = 3
WEAPON_KINDS = ("phaser", "torpedo", "drone", "any_weapon")  # index < 3: a D4.322 group
MAX_WEAPONS = 64  # weapon boxes are bits of a uint64


@dataclass(frozen=True, slots=True, eq=False)
class Tables:
    """A layout's eleven rows and pools as flat numpy arrays.

    Entries of all rows are numbered in one sequence, row by row, in column order.
    ``e_next[e]`` is the row pointer after a point scored at a bold entry ``e``: the first
    entry of the next cell, so a closed cell and its fall-backs are never looked at again.
    """

    row_start: np.ndarray  # (11,)
    e_pool: np.ndarray  # (E,)
    e_code: np.ndarray  # (E,) PLAIN/WEAPON/ANY_WARP/DESTROY | BOLD
    e_next: np.ndarray  # (E,)
    npools: int
    warp_pools: np.ndarray
    any_warp_pool: int  # -1 if none
    kind_pool: np.ndarray  # (4,) pool of each WEAPON_KINDS entry, -1 if the ship has none
    pool_kind: np.ndarray  # (npools,) index in WEAPON_KINDS of a weapon pool, else -1
    #: Weapons are bits of a uint64, in the default policy's order (cheapest to repair by
    #: Annex #9, then lowest D4.322 rank, then SSD order): bit i is ``layout.weapons[bit_weapon[i]]``,
    #: so the policy's pick among candidates is the lowest set bit.
    bit_weapon: np.ndarray  # (W,)
    rank_masks: np.ndarray  # (levels,) uint64: the weapons of each rank, best rank first


def build_tables(layout: Layout) -> Tables:
    kinds = {p: k for k, p in layout.special_pool.items()}
    starts: list[int] = []
    pools: list[int] = []
    codes: list[int] = []
    nexts: list[int] = []
    for roll in range(2, 13):
        row = layout.rows[roll]
        start = len(pools)
        starts.append(start)
        for k, (slot, pool, _) in enumerate(row):
            kind = kinds.get(pool)
            code = (
                PLAIN if kind is None else DESTROY if kind == "destroy"
                else ANY_WARP if kind == "any_warp" else WEAPON
            )
            after = k
            if layout.slot_bold[slot]:
                code |= BOLD
                after = k + 1
                while after < len(row) and row[after][0] == slot:
                    after += 1  # the cell's fall-backs close with it
            pools.append(pool)
            codes.append(code)
            nexts.append(start + after)
        # Every row ends in "destroy" (column M, D4.40), never bold: a walk always stops.
        if kinds.get(row[-1][1]) != "destroy" or layout.slot_bold[row[-1][0]]:
            raise AssertionError(f"row {roll} of {layout.spec.id} does not end in D4.40")
    weapons = layout.weapons
    if len(weapons) > MAX_WEAPONS:
        raise ValueError(
            f"{layout.spec.id} has {len(weapons)} weapon boxes; the Monte Carlo handles at most"
            f" {MAX_WEAPONS}"
        )
    order = sorted(range(len(weapons)), key=lambda i: (weapons[i].sacrifice_key, i))
    ranks = sorted({w.rank for w in weapons}, reverse=True)
    rank_masks = [sum(1 << b for b, i in enumerate(order) if weapons[i].rank == r) for r in ranks]
    kind_pool = np.array([layout.special_pool.get(k, -1) for k in WEAPON_KINDS], dtype=np.int64)
    npools = layout.nplain + len(layout.special_pool)
    pool_kind = np.full(npools, -1, dtype=np.int64)
    for k, p in enumerate(kind_pool):
        if p >= 0:
            pool_kind[p] = k
    return Tables(
        row_start=np.array(starts, dtype=np.intp),
        e_pool=np.array(pools, dtype=np.intp),
        e_code=np.array(codes, dtype=np.int8),
        e_next=np.array(nexts, dtype=np.intp),
        npools=npools,
        warp_pools=np.array(layout.warp_pools, dtype=np.int64),
        any_warp_pool=layout.special_pool.get("any_warp", -1),
        kind_pool=kind_pool,
        pool_kind=pool_kind,
        bit_weapon=np.array(order, dtype=np.intp),
        rank_masks=np.array(rank_masks, dtype=np.uint64),
    )


class Lockstep:
    """Trials advancing point by point (module docstring). ``member[k]`` says which weapons
    (by index in ``layout.weapons``) a hit of kind ``WEAPON_KINDS[k]`` may take (D4.32; D4.321
    for phasers)."""

    def __init__(
        self,
        tables: Tables,
        trials: int,
        cnt0: np.ndarray,
        alive0: np.ndarray,
        member: np.ndarray,
        groups0: np.ndarray,
        rule_of_three: bool,
    ) -> None:
        self.tb = tables
        self.npools = tables.npools
        cnt = np.empty((trials, self.npools), dtype=np.int16)
        cnt[:] = cnt0
        self.cnt = cnt.reshape(-1)
        ptr = np.empty((trials, 11), dtype=np.intp)
        ptr[:] = tables.row_start
        self.ptr = ptr.reshape(-1)
        order = tables.bit_weapon
        self.member_bits = np.array([_bits(m[order]) for m in member], dtype=np.uint64)
        self.alive = np.full(trials, _bits(alive0[order]), dtype=np.uint64)
        # Rule-of-three groups (D4.3221-D4.3223), flat (trial * 4 + kind): hits in the group
        # times 2, plus 1 once the best type was taken in it.
        groups = np.zeros((trials, 4), dtype=np.int8)
        groups[:, :3] = groups0[:, 0] * 2 + (groups0[:, 1] != 0)
        self.groups = groups.reshape(-1)
        self.rule_of_three = rule_of_three

    def group(self, kind: int) -> np.ndarray:
        """(trials, 2): the (hits, best type taken) of rule-of-three group ``kind``."""
        state = self.groups.reshape(-1, 4)[:, kind].astype(np.int32)
        return np.stack([state >> 1, state & 1], axis=1)

    def weapons_alive(self) -> np.ndarray:
        """(trials, W) bool, columns in ``layout.weapons`` order."""
        out = np.empty((self.alive.size, self.tb.bit_weapon.size), dtype=bool)
        for bit, w in enumerate(self.tb.bit_weapon):
            out[:, w] = (self.alive >> np.uint64(bit)) & np.uint64(1) != 0
        return out

    def bases(self, trials: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where ``trials``' pool counts and row pointers start (for :meth:`point`). Index
        arrays are intp throughout: numpy converts any other index type on every gather."""
        trials = trials.astype(np.intp, copy=False)
        return trials * self.npools, trials * 11 - 2  # rolls are 2..12

    def point(
        self,
        trials: np.ndarray,
        rolls: np.ndarray,
        bases: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> np.ndarray:
        """Score one point for each of ``trials`` (trial numbers, intp) with its 2d6 roll;
        returns the positions (into ``trials``) whose ship this point destroyed (D4.40).
        ``bases`` is :meth:`bases` of ``trials``, if the caller keeps it."""
        tb = self.tb
        cnt, ptr, e_pool = self.cnt, self.ptr, tb.e_pool
        base, rbase = self.bases(trials) if bases is None else bases
        pidx = rbase + rolls
        e = ptr.take(pidx)
        ci = base + e_pool.take(e)
        c = cnt.take(ci)
        ok = c > 0
        if not ok.all():
            # Walk on along the row (D4.22) where the remembered entry is used up.
            walked = np.flatnonzero(~ok)
            ew = e[walked] + 1
            bw = base[walked]
            pending = np.arange(walked.size)
            while True:
                good = cnt.take(bw[pending] + e_pool.take(ew[pending])) > 0
                pending = pending[~good]
                if not pending.size:
                    break
                ew[pending] += 1
            e[walked] = ew
            ptr[pidx[walked]] = ew
            ciw = bw + e_pool.take(ew)
            ci[walked] = ciw
            c[walked] = cnt.take(ciw)
        cnt[ci] = c - 1
        code = tb.e_code.take(e)
        special = np.flatnonzero(code != 0)
        if not special.size:
            return special
        sc = code[special]
        es = e[special]
        bold = (sc & BOLD) != 0
        if bold.any():  # D4.31: a bold cell is scored once per volley
            ptr[pidx[special[bold]]] = tb.e_next.take(es[bold])
        kind = sc & KIND_MASK
        redo: list[np.ndarray] = []
        weapon = kind == WEAPON
        if weapon.any():
            pos = special[weapon]
            pools = e_pool.take(es[weapon])
            empty = self._weapons(trials[pos], tb.pool_kind.take(pools), base[pos] + pools)
            redo.append(pos[empty])
        warp = kind == ANY_WARP
        if warp.any():
            pos = special[warp]
            redo.append(pos[self._any_warp(base[pos])])
        dead = special[kind == DESTROY]
        again = np.concatenate(redo) if redo else dead[:0]
        if again.size:
            # The entry had nothing left to take: its count is now 0 for good; walk on from
            # the next entry (D4.22) as if it had been skipped.
            ptr[pidx[again]] = e[again] + 1
            died = self.point(trials[again], rolls[again])
            dead = np.concatenate([dead, again[died]])
        return dead

    def _any_warp(self, rows: np.ndarray) -> np.ndarray:
        """"Any W En" for the trials whose pools start at ``rows``: the engine with the most
        boxes left, ties left, right, center (the default policy). Returns which of them had
        no warp engine left."""
        cnt = self.cnt
        left = cnt[rows[:, None] + self.tb.warp_pools[None, :]]
        has = left.max(axis=1) > 0
        pick = self.tb.warp_pools[np.argmax(left, axis=1)]
        cnt[rows[has] + pick[has]] -= 1
        cnt[rows[has] + self.tb.any_warp_pool] = 1  # still available
        return ~has

    def _weapons(self, trial: np.ndarray, kidx: np.ndarray, cidx: np.ndarray) -> np.ndarray:
        """The weapon each hit takes: the default policy's (the lowest bit) among those the hit
        may take, narrowed to the best type present on the third hit of a group that has not
        taken one yet (D4.3221-D4.3223; phaser groups start afresh each volley). ``cidx`` is
        where each hit's kind count is. Returns which hits found no weapon to take."""
        alive = self.alive.take(trial)
        cand = alive & self.member_bits.take(kidx)
        empty = cand == 0
        if empty.any():
            keep = ~empty
            trial, kidx, cidx, alive, cand = trial[keep], kidx[keep], cidx[keep], alive[keep], cand[keep]
        self.cnt[cidx] = 1  # still available: a kind's count is 1 until a hit finds none left
        best = np.zeros(trial.size, dtype=np.uint64)  # the candidates' best rank, as a mask
        for mask in self.tb.rank_masks:
            best = np.where((best == 0) & (cand & mask != 0), mask, best)
        gi = trial * 4 + kidx
        groups = self.groups
        state = groups.take(gi)  # hits in the group * 2 + best type taken
        hits, took = state >> 1, state & 1
        grouped = (kidx < 3) & self.rule_of_three
        forced = grouped & (state == 4)  # the third hit, and the best type not yet taken
        cand = np.where(forced, cand & best, cand)
        pick = cand & (~cand + np.uint64(1))  # lowest set bit: the policy's choice
        took = took | (pick & best != 0)
        after = np.where(hits == 2, 0, (hits + 1) * 2 + took)
        groups[gi] = np.where(grouped, after, state)
        self.alive[trial] = alive ^ pick
        return empty


def _bits(flags: np.ndarray) -> int:
    return sum(1 << i for i, f in enumerate(flags) if f)
