"""Damage allocation of small volleys: 20-point volleys on a fresh KLI-D7 through shield #1.

The recipe (issue 13, DESIGN.md section 10): 20,000 volleys of 20 internal points, each on an
undamaged D7 (nothing carried from one volley to the next), with seeded 2d6 DAC rolls. Three
ways through our code, each timed several times (median):

* ``dac``: :func:`sfb_desk.rules.damage.allocate_damage` alone (the D4 procedure: row walk,
  bold gates, phasers bearing on shield #1, owner's choices by the default policy, casualties),
  returning the new DamageState and the packed event log;
* ``volley``: :func:`sfb_desk.rules.combat.volley.resolve_volley`, the way the sequencer calls
  it: 20 points striking shield #1 (down, so all 20 are internal: D3), the DAC, the shield
  boxes marked on the SSD state;
* ``volley+events``: the same, then every point's event read as a DamageEvent.

The figure to compare with another allocator is volleys per second (the same rolls can be
written for it with ``--rolls-out``). Run:

    uv run python tools/bench_dac.py [--volleys 20000] [--runs 5] [--rolls-out rolls.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import replace

from sfb_desk.data.library import load_library
from sfb_desk.rules.combat.volley import CombatTarget, Hit, VolleyGroup, resolve_volley
from sfb_desk.rules.damage import FRESH, Volley, allocate_damage

SEED = 20261125
POINTS = 20


def make_rolls(volleys: int, seed: int = SEED) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(1, 6) + rng.randint(1, 6) for _ in range(POINTS)] for _ in range(volleys)]


def workloads(ship: str = "KLI-D7"):
    spec = load_library().get(ship)
    volley = Volley(POINTS, shields=(1,))
    fresh = CombatTarget.fresh("target", spec)
    down = replace(fresh, shields=replace(fresh.shields, boxes=(0, *fresh.shields.boxes[1:])))
    group = VolleyGroup("target", "direct-fire", (Hit("firer", "target", POINTS, 1),), shield=1)

    def dac(all_rolls):
        scored = 0
        for rolls in all_rolls:
            scored += allocate_damage(spec, FRESH, volley, rolls).rolls_used
        return scored

    def full(all_rolls):
        scored = 0
        for rolls in all_rolls:
            scored += resolve_volley(down, group, rolls).dac.rolls_used
        return scored

    def full_events(all_rolls):
        scored = 0
        for rolls in all_rolls:
            scored += len(list(resolve_volley(down, group, rolls).dac.events))
        return scored

    return {"dac": dac, "volley": full, "volley+events": full_events}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--volleys", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", help="run only this workload")
    parser.add_argument("--rolls-out", metavar="JSON", help="write the rolls (a list of volleys) here")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    all_rolls = make_rolls(args.volleys, args.seed)
    if args.rolls_out:
        with open(args.rolls_out, "w", encoding="utf-8") as out:
            json.dump(all_rolls, out)
    results = {}
    for name, run in workloads().items():
        if args.only and name != args.only:
            continue
        scored = run(all_rolls)  # warm-up (compiles the layout once) and a check
        if scored != args.volleys * POINTS:
            raise SystemExit(f"{name}: {scored} points scored, expected {args.volleys * POINTS}")
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            run(all_rolls)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        results[name] = {"median_s": median, "volleys_per_s": args.volleys / median,
                         "points_per_s": args.volleys * POINTS / median}
        if not args.json:
            print(f"{name:14} {median * 1000:8.0f} ms  {args.volleys / median:10,.0f} volleys/s"
                  f"  {args.volleys * POINTS / median:12,.0f} points/s")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
