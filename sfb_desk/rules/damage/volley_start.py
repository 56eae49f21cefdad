"""The start of a volley: a ship's free lists and special-pool targets, built once and kept.

A volley on an undamaged ship (the state's marks equal to the layout's ``zero_marks``) starts
from lists built once per layout (and per set of bearing phasers, D4.321); a damaged state
carries the free lists the allocator left in it (``DamageState._cache``), also through
:func:`remark` when only boxes the DAC never takes (shields) changed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from sfb_desk.rules.damage.layout import Layout, WeaponBox
from sfb_desk.rules.damage.state import DamageState, Volley


def start_marks(layout: Layout, state: DamageState) -> bytes:
    """The state's marks for this layout (an undamaged ship for the default state). Marks of
    an undamaged ship are the layout's own ``zero_marks`` object (its free lists are built)."""
    marks = state.marks
    if not marks or marks == layout.zero_marks:
        return layout.zero_marks
    return marks


def free_lists(layout: Layout, state: DamageState, marks: bytes) -> tuple[tuple[int, ...], ...]:
    """Per plain pool, its undestroyed hittable boxes in *reverse* order (pop() = next box)."""
    if marks is layout.zero_marks:
        return layout.fresh_free
    cached = state._cache
    if type(cached) is tuple and cached[0] is layout and cached[1] is marks:
        return cached[2]
    return tuple(tuple(g for g in reversed(boxes) if not marks[g]) for boxes in layout.pool_boxes)


def remark(state: DamageState, marks: bytes, changed: Iterable[int]) -> DamageState:
    """``state`` with ``marks`` instead of its own, which differ at most at the positions
    ``changed``. When none of those is a box the DAC takes (shield boxes, D3), the allocator's
    free lists of ``state`` carry over to the new state."""
    cached = state._cache
    keep = None
    if type(cached) is tuple and cached[1] is state.marks and cached[0].dac_boxes.isdisjoint(changed):
        keep = (cached[0], marks, cached[2])
    return replace(state, marks=marks, _cache=keep)


_START: dict[tuple[int, frozenset[int] | None], tuple[Layout, tuple]] = {}


def start_lists(
    layout: Layout, marks: bytes, bearing: frozenset[int] | None, fls: list[list[int]]
) -> tuple[dict[str, tuple[WeaponBox, ...]], tuple[tuple[int, bool], ...]]:
    """The weapons each special pool may take at the start of a volley, and whether each
    special pool is live; built once per layout and bearing for an undamaged ship."""
    fresh = marks is layout.zero_marks
    if fresh:
        hit = _START.get((id(layout), bearing))
        if hit is not None and hit[0] is layout:
            return hit[1]
    alive = tuple(w for w in layout.weapons if not marks[w.index])
    targets = {
        "any_weapon": alive,  # D4.324: any weapon, direction ignored
        "phaser": tuple(w for w in alive if w.group == "phaser" and (bearing is None or w.index in bearing)),
        "torpedo": tuple(w for w in alive if w.group == "torpedo"),
        "drone": tuple(w for w in alive if w.group == "drone"),
    }
    live = []
    for kind, p in layout.special_pool.items():
        if kind == "destroy":
            live.append((p, True))
        elif kind == "any_warp":
            live.append((p, any(fls[q] for q in layout.warp_pools)))
        else:
            live.append((p, bool(targets[kind])))
    found = targets, tuple(live)
    if fresh:
        if len(_START) >= 512:
            _START.pop(next(iter(_START)))
        _START[(id(layout), bearing)] = (layout, found)
    return found


def bearing_set(layout: Layout, volley: Volley) -> frozenset[int] | None:
    """Global indices of the phasers a Phaser hit may destroy in this volley (D4.321)."""
    if volley.bearing_phasers is not None:
        index = layout.index
        return frozenset(index[b] for b in volley.bearing_phasers if b in index)
    if not volley.shields:
        return None
    return layout.phasers_bearing(tuple(sorted(volley.shields)))
