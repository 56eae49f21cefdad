"""The per-volley short cuts of the damage procedure give the results of the long way.

A volley on an undamaged ship starts from lists built once per layout; a state carries the
free lists the allocator left (also across the shield marks, which the DAC never takes); the
shield boxes are marked by runs of positions; events are built through their slots. Each is
checked here against the plain computation it replaces, on the library's ships and seeded
rolls (tools/bench_dac.py measures the gain).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.combat.shields import ShieldState, destroyed_shield_boxes
from sfb_desk.rules.combat.volley import CombatTarget, Hit, VolleyGroup, resolve_volley, sync_shield_marks
from sfb_desk.rules.damage import FRESH, DamageState, Volley, allocate_damage, compile_ship
from sfb_desk.rules.damage.events import DamageEvent, _event

SHIPS = ("KLI-D7", "FED-CA", "FED-DN", "ROM-KR", "GOR-CA")


@pytest.fixture(scope="module")
def library():
    return load_library()


def _specs(library):
    return [library.get(s) for s in SHIPS if s in library]


def _slow_sync(damage: DamageState, shields: ShieldState) -> DamageState:
    """sync_shield_marks as it was written first: by box id."""
    destroyed = set(destroyed_shield_boxes(shields))
    ids = [b for b in damage.boxes if b.startswith("shield")]
    return damage.with_marks(destroy=[b for b in ids if b in destroyed],
                             repair=[b for b in ids if b not in destroyed])


def test_event_through_slots_equals_the_dataclass():
    assert DamageEvent.__slots__ == tuple(f.name for f in fields(DamageEvent))
    args = (3, 7, "A", "F Hull", "forward_hull", "forward_hull#1", "box", None, "note", True, False)
    made = _event(*args)
    assert made == DamageEvent(*args) and type(made) is DamageEvent
    with pytest.raises(AttributeError):
        made.point = 4  # still frozen


def test_box_ids_are_built_once_and_not_carried_by_replace(library):
    ca = library.get("FED-CA")
    assert ca.box_ids() is ca.box_ids()
    bigger = replace(ca, excess_damage=(ca.excess_damage or 0) + 2)
    assert len(bigger.box_ids()) == len(ca.box_ids()) + 2
    assert bigger.box_ids()[-1] == f"excess_damage#{bigger.excess_damage}"


def test_undamaged_state_of_any_form_allocates_alike(library):
    rng = random.Random(7)
    for spec in _specs(library):
        for _ in range(40):
            rolls = [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(20)]
            volley = Volley(20, shields=(rng.randint(1, 6),))
            a = allocate_damage(spec, FRESH, volley, rolls)
            b = allocate_damage(spec, DamageState.for_ship(spec), volley, rolls)
            uncached = DamageState(boxes=spec.box_ids(), marks=bytes(len(spec.box_ids())))
            c = allocate_damage(spec, uncached, volley, rolls)
            assert list(a.events) == list(b.events) == list(c.events)
            assert a.state.marks == b.state.marks == c.state.marks


def test_state_chain_with_and_without_the_kept_free_lists(library):
    """Volleys one after another, the state carried through the shield marks, give what the
    same volleys give on states rebuilt from their marks alone (nothing kept)."""
    rng = random.Random(11)
    for spec in _specs(library):
        target = CombatTarget.fresh("T", spec)
        plain = DamageState.for_ship(spec)
        for n in range(12):
            shield = rng.randint(1, 6)
            rolls = [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(60)]
            group = VolleyGroup("T", "direct-fire", (Hit("F", "T", 25 + n, shield),), shield=shield)
            outcome = resolve_volley(target, group, rolls)
            used = outcome.dac.rolls_used
            volley = Volley(outcome.internal, shields=outcome.phase.penetrated)
            again = allocate_damage(spec, plain, volley, rolls[:used])
            assert list(outcome.dac.events) == list(again.events)
            target = outcome.target
            expected = _slow_sync(again.state, outcome.phase.shields)
            assert target.damage == expected
            plain = DamageState(**{f.name: getattr(expected, f.name) for f in fields(DamageState)
                                   if f.name != "_cache"})
            if target.damage.ship_destroyed:
                break


def test_shield_marks_by_runs_equal_marks_by_box_id(library):
    rng = random.Random(3)
    for spec in _specs(library):
        for _ in range(100):
            printed = tuple(rng.randint(0, s + 3) for s in spec.shields)
            left = tuple(rng.randint(0, p) for p in printed)
            shields = ShieldState(boxes=left, printed=printed)
            ids = spec.box_ids()
            damage = DamageState.for_ship(spec, [b for b in ids if rng.random() < 0.2])
            assert sync_shield_marks(damage, spec, shields) == _slow_sync(damage, shields)


def test_shield_marks_on_boxes_out_of_order():
    """A state whose box list is not in SSD order (hand-built) is marked by id all the same."""
    boxes = ("shield1#2", "bridge#1", "shield1#1", "shield2#1", "shield1#3")
    damage = DamageState(boxes=boxes, marks=bytes(5))
    shields = ShieldState(boxes=(1, 0, 0, 0, 0, 0), printed=(3, 1, 0, 0, 0, 0))
    marked = sync_shield_marks(damage, None, shields)  # type: ignore[arg-type]
    assert marked.destroyed == {"shield1#2", "shield1#3", "shield2#1"}
    assert marked == _slow_sync(damage, shields)


def test_layout_start_lists_are_per_bearing(library):
    """Phaser hits through shield 1 and through shield 4 take different phasers on a fresh
    ship (D4.321): the lists kept for one bearing are not used for the other."""
    spec = library.get("FED-CA")
    layout = compile_ship(spec)
    front = {e.box for v in range(30) for e in allocate_damage(
        layout, FRESH, Volley(12, shields=(1,)), [4] * 12).events if e.system == "phaser"}
    rear = {e.box for e in allocate_damage(layout, FRESH, Volley(12, shields=(4,)), [4] * 12).events
            if e.system == "phaser"}
    assert front and rear and front != rear
