"""Geometry in the inner loop (DESIGN.md section 10): range, arc and shield calls per second.

The workload is one impulse's worth of checks with 10 ships and 100 seeking weapons on a 42x30
map: for every (ship, seeker) pair, the true range, whether the seeker is in the ship's FA arc,
and which shield it would strike. Each benchmark asserts its answer against the slow
definitional path (G1.3 tests on the rotated delta, G2 scores), so with benchmarks disabled
(the default) the body still runs once as a correctness test.

Time it with ``pytest tests/benchmarks/test_bench_hexes.py --benchmark-enable``; calls per
second = calls per round (in ``extra_info``) / mean round time.
"""

from __future__ import annotations

import random

import pytest

from sfb_desk.rules.arcs import arcs_containing, in_arc, in_arc_ship_frame, shield_struck
from sfb_desk.rules.hexes import STANDARD_MAP, Hex, hex_range, to_ship_frame

pytestmark = pytest.mark.benchmark

_rng = random.Random(20260521)
_ALL = list(STANDARD_MAP.hexes())
SHIPS = [(_rng.choice(_ALL), _rng.randrange(6)) for _ in range(10)]
SEEKERS = [_rng.choice(_ALL) for _ in range(100)]
PAIRS = [(ship, facing, seeker) for ship, facing in SHIPS for seeker in SEEKERS]


def _slow_range(a: Hex, b: Hex) -> int:
    return max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def _slow_shield(target: Hex, facing: int, firer: Hex) -> tuple[int, ...]:
    q, r, s = to_ship_frame(target, facing, firer)
    if (q, r, s) == (0, 0, 0):
        return ()
    scores = [s - r, q - r, q - s, r - s, r - q, s - q]
    return tuple(sorted(i + 1 for i, v in enumerate(scores) if v == max(scores)))


def _impulse() -> tuple[int, int, int]:
    total_range = in_fa = boundary = 0
    for ship, facing, seeker in PAIRS:
        total_range += hex_range(ship, seeker)
        if in_arc("FA", ship, facing, seeker):
            in_fa += 1
        if shield_struck(ship, facing, seeker).choice is not None:
            boundary += 1
    return total_range, in_fa, boundary


def test_bench_impulse_range_arc_shield(benchmark):
    benchmark.extra_info["calls_per_round"] = 3 * len(PAIRS)
    got = benchmark(_impulse)
    expected = (
        sum(_slow_range(s, t) for s, _, t in PAIRS),
        sum(in_arc_ship_frame("FA", to_ship_frame(s, f, t)) for s, f, t in PAIRS),
        sum(len(_slow_shield(s, f, t)) == 2 for s, f, t in PAIRS),
    )
    assert got == expected
    assert got[1] > 0


def test_bench_hex_range(benchmark):
    benchmark.extra_info["calls_per_round"] = len(PAIRS)
    got = benchmark(lambda: [hex_range(s, t) for s, _, t in PAIRS])
    assert got == [_slow_range(s, t) for s, _, t in PAIRS]


def test_bench_in_arc(benchmark):
    benchmark.extra_info["calls_per_round"] = len(PAIRS)
    got = benchmark(lambda: [in_arc("FX", s, f, t) for s, f, t in PAIRS])
    assert got == [in_arc_ship_frame("FX", to_ship_frame(s, f, t)) for s, f, t in PAIRS]


def test_bench_arcs_containing(benchmark):
    benchmark.extra_info["calls_per_round"] = len(PAIRS)
    got = benchmark(lambda: [arcs_containing(s, f, t) for s, f, t in PAIRS])
    assert all(("FA" in arcs) == in_arc_ship_frame("FA", to_ship_frame(s, f, t))
               for arcs, (s, f, t) in zip(got, PAIRS))


def test_bench_shield_struck(benchmark):
    benchmark.extra_info["calls_per_round"] = len(PAIRS)
    got = benchmark(lambda: [shield_struck(s, f, t).shields for s, f, t in PAIRS])
    assert [tuple(sorted(x)) for x in got] == [_slow_shield(s, f, t) for s, f, t in PAIRS]
