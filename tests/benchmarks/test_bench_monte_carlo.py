"""Monte Carlo of volleys (DESIGN.md section 10): at least 10 million damage points a second.

The workload: a Federation CA takes a 50-point volley in 100,000 trials (5 million points), with
the rolls drawn inside the timed call. The answer is checked against the scalar allocator on
the first trials (same rolls, same damage), so with benchmarks disabled (the default) the body
still runs once as a correctness test.

Time it with ``pytest tests/benchmarks/test_bench_monte_carlo.py --benchmark-enable``; points
per second = ``extra_info["points_per_round"]`` / mean round time. ``extra_info`` also records
the rate by CPU time of one run (``cpu_points_per_second``), which a busy machine does not skew.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from sfb_desk.analysis.monte_carlo import roll_2d6, simulate
from sfb_desk.data.library import load_library
from sfb_desk.rules.damage import DamageState, Volley, allocate_damage

pytestmark = pytest.mark.benchmark

POINTS = 50
TRIALS = 100_000
SEED = 20260521
CHECKED = 60  # trials compared with the allocator


def test_bench_monte_carlo_points_per_second(benchmark):
    spec = load_library().get("FED-CA")
    simulate(spec, 2, 10)  # compile the layout outside the timing
    benchmark.extra_info["points_per_round"] = POINTS * TRIALS
    result = benchmark.pedantic(
        simulate, args=(spec, POINTS, TRIALS), kwargs={"seed": SEED}, rounds=5, iterations=1,
        warmup_rounds=1,
    )
    assert result.trials == TRIALS
    # Also the CPU time of one run: on a shared machine the wall clock counts other processes.
    start = time.process_time()
    simulate(spec, POINTS, TRIALS, seed=SEED + 1)
    cpu = time.process_time() - start
    benchmark.extra_info["cpu_points_per_second"] = round(POINTS * TRIALS / max(cpu, 1e-9))
    rolls = roll_2d6(np.random.default_rng(SEED), POINTS, TRIALS)[:, :CHECKED]
    for t in range(CHECKED):
        scalar = allocate_damage(spec, DamageState(), Volley(POINTS), rolls[:, t].tolist())
        expected = np.frombuffer(scalar.state.marks, dtype=np.uint8).astype(bool)
        got = np.array([result.box_lost(g)[t] for g in range(result.layout.nboxes)])
        assert np.array_equal(got, expected), t
        assert result.ship_destroyed[t] == scalar.ship_destroyed
    # 50 points always reach deep into a CA: the volley did its work in every trial.
    assert (result.taken.sum(axis=1) + result.weapons_lost.sum(axis=1) > 0).all()
