"""Damage allocation throughput (DESIGN.md section 10: at least 1,000,000 points a second
through the full DAC procedure, one event per point).

Workload: a large ship (the Fed CA's systems times 40, its ten weapons three times over with
their arcs: about 3,500 boxes the DAC can hit) takes 8 volleys of 300 internal points through
shield #1 with seeded 2d6 rolls, from undamaged to heavily damaged but not destroyed. Every
point runs the whole procedure (row walk, bold gates, phaser bearing, owner's choices taken by
the default policy with the D4.322 groups, casualty thresholds) and leaves one event record;
each volley ends with a new immutable DamageState.

* ``test_dac_points_per_second``: the procedure, events kept as the packed per-point records
  the EventLog decodes on reading;
* ``test_dac_points_per_second_reading_every_event``: the same, then every event read as a
  DamageEvent dataclass (what a consumer that looks at all of them pays);
* ``test_dac_small_volleys_on_the_fed_ca``: 20-point volleys on a fresh Fed CA, where the
  per-volley set-up weighs more.

With benchmarks disabled (the default) each body runs once and checks its answer. Time with
``pytest tests/benchmarks/test_bench_dac.py --benchmark-enable``; points per second is
``extra_info["points"]`` / mean round time, also stored as ``extra_info["points_per_second"]``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.damage import BOX, EXCESS, FRESH, Volley, allocate_damage, compile_ship
from sfb_desk.rules.ship import ShipSpec, ShuttleBay

pytestmark = pytest.mark.benchmark

SCALE = 40
VOLLEYS = 8
POINTS = 300


def large_ship() -> ShipSpec:
    ca = load_library().get("FED-CA")
    weapons = tuple(
        replace(w, designator=f"{w.designator}{copy}") for copy in ("", "x", "y") for w in ca.weapons
    )
    return replace(
        ca,
        id="BENCH-LARGE",
        systems=tuple((s, n * SCALE) for s, n in ca.systems),
        weapons=weapons,
        shuttle_bays=(ShuttleBay(ca.shuttle_boxes * SCALE),),
        sensor_track=ca.sensor_track * 7,
        scanner_track=ca.scanner_track * 7,
        damage_control_track=ca.damage_control_track * 7,
        excess_damage=(ca.excess_damage or 0) * SCALE,
    )


LARGE = large_ship()
LAYOUT = compile_ship(LARGE)
_rng = random.Random(20260521)
ROLLS = [[_rng.randint(1, 6) + _rng.randint(1, 6) for _ in range(POINTS)] for _ in range(VOLLEYS)]
VOLLEY = Volley(POINTS, shields=(1,))


def allocate_all():
    state = FRESH
    results = []
    for rolls in ROLLS:
        result = allocate_damage(LAYOUT, state, VOLLEY, rolls)
        results.append(result)
        state = result.state
    return results


def read_all():
    results = allocate_all()
    return results, [list(r.events) for r in results]


def _record(benchmark, points: int) -> None:
    benchmark.extra_info["points"] = points
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None and stats.stats.mean:
        rate = points / stats.stats.mean
        benchmark.extra_info["points_per_second"] = round(rate)
        print(f"\n{benchmark.name}: {rate:,.0f} damage points per second")


def _check(results) -> int:
    total = 0
    seen: set[str] = set()
    for result in results:
        assert result.complete and not result.ship_destroyed
        assert result.rolls_used == POINTS and len(result.events) == POINTS
        boxes = result.events.boxes()
        assert len(boxes) == POINTS  # one destroyed box per point: nothing after destruction
        assert seen.isdisjoint(boxes)
        seen.update(boxes)
        total += POINTS
    assert results[-1].state.destroyed == seen
    assert results[-1].state.internal_points == total
    return total


def test_dac_points_per_second(benchmark):
    results = benchmark(allocate_all)
    total = _check(results)
    assert total == VOLLEYS * POINTS
    # The workload exercises the slow paths too: owner's choices (by the default policy).
    assert sum(1 for r in results for e in r.events if e.choice is not None) > 20
    _record(benchmark, total)


def test_dac_points_per_second_reading_every_event(benchmark):
    results, events = benchmark(read_all)
    total = _check(results)
    assert sum(len(e) for e in events) == total
    assert all(e.outcome in (BOX, EXCESS) and e.box for evs in events for e in evs)
    assert [e.point for e in events[0]] == list(range(1, POINTS + 1))
    _record(benchmark, total)


CA = load_library().get("FED-CA")
SMALL_ROLLS = [[_rng.randint(1, 6) + _rng.randint(1, 6) for _ in range(20)] for _ in range(200)]


def small_volleys():
    done = 0
    for rolls in SMALL_ROLLS:
        result = allocate_damage(CA, FRESH, Volley(20, shields=(1,)), rolls)
        done += result.rolls_used
    return done


def test_dac_small_volleys_on_the_fed_ca(benchmark):
    done = benchmark(small_volleys)
    assert done == 20 * len(SMALL_ROLLS)  # 20 points never destroy a fresh CA
    _record(benchmark, done)
