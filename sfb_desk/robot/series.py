"""Many duels: the default pairings, running them on several processes, and their spread.

:data:`PAIRINGS` names the sets of pairings ``duels --pairings`` knows; ``DEFAULT10`` is ten
match-ups of COMPLETE library ships (every box count known), one per race pairing the Basic Set
ships allow, cruisers against cruisers and small ships against small ships.
:func:`run_series` plays ``count`` duels per pairing (seeds ``seed .. seed + count - 1``),
on ``jobs`` processes, and :func:`summarise` gives win/draw rates, turns and damage spreads
per pairing. A duel that fails (a refusal or a hang, :class:`~.duel.DuelError`) is kept as a
:class:`Failed` entry with its message, never dropped.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .duel import DEFAULT_TURNS, SYSTEM_EVENTS, DuelError, DuelResult, play_duel

DEFAULT10: tuple[tuple[str, str], ...] = (
    ("FED-CA", "KLI-D7"),
    ("FED-CA", "ROM-KR"),
    ("KLI-D7", "ROM-KR"),
    ("GOR-CA", "KZI-BC"),
    ("LYR-CA", "HYD-RN"),
    ("FED-DD", "KLI-D6"),
    ("FED-FF", "KLI-F5"),
    ("KZI-CS", "ROM-WE"),
    ("FED-DN", "KLI-C8"),
    ("ORI-CR", "FED-CL"),
)
PAIRINGS: dict[str, tuple[tuple[str, str], ...]] = {"DEFAULT10": DEFAULT10}


@dataclass(frozen=True, slots=True)
class Failed:
    """A duel that raised: which one and why."""

    ship_a: str
    ship_b: str
    seed: int
    error: str

    def line(self) -> str:
        return f"{self.ship_a} v {self.ship_b} seed {self.seed}: ERROR {self.error}"

    def to_json(self) -> dict:
        return {"ship_a": self.ship_a, "ship_b": self.ship_b, "seed": self.seed,
                "error": self.error}


Task = tuple[str, str, int, int, tuple[str, str]]
_library = None


def play_task(task: Task) -> DuelResult | Failed:
    """One duel of a series (in a worker process: the ship library is loaded once)."""
    global _library
    from ..data.library import load_library

    a, b, seed, turns, levels = task
    if _library is None:
        _library = load_library()
    try:
        return play_duel(a, b, seed, turns, levels, library=_library,
                         keep_game=False)
    except DuelError as exc:
        return Failed(a, b, seed, str(exc))


def tasks(pairings: Sequence[tuple[str, str]], count: int, seed: int, turns: int,
          levels: tuple[str, str]) -> list[Task]:
    return [(a, b, seed + i, turns, levels) for a, b in pairings for i in range(count)]


def run_series(
    pairings: Sequence[tuple[str, str]],
    count: int,
    *,
    seed: int = 0,
    turns: int = DEFAULT_TURNS,
    levels: tuple[str, str] = ("captain", "captain"),
    jobs: int = 1,
    on_result: Callable[[DuelResult | Failed], None] | None = None,
) -> list[DuelResult | Failed]:
    """Play every duel (pairing by pairing, seed by seed), in order; ``on_result`` sees each as
    it finishes (in order)."""
    work = tasks(pairings, count, seed, turns, levels)
    out: list[DuelResult | Failed] = []
    for result in _results(work, jobs):
        out.append(result)
        if on_result is not None:
            on_result(result)
    return out


def _results(work: list[Task], jobs: int) -> Iterator[DuelResult | Failed]:
    if jobs <= 1 or len(work) <= 1:
        for task in work:
            yield play_task(task)
        return
    ctx = multiprocessing.get_context("spawn" if _no_fork() else "fork")
    with ctx.Pool(processes=jobs) as pool:
        yield from pool.imap(play_task, work, chunksize=1)


def _no_fork() -> bool:
    return "fork" not in multiprocessing.get_all_start_methods()


# -- the spread --------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0-100) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, -(-len(ordered) * p // 100))
    return float(ordered[int(rank) - 1])


def spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    return {"mean": round(sum(values) / len(values), 2), "min": float(min(values)),
            "p10": percentile(values, 10), "p50": percentile(values, 50),
            "p90": percentile(values, 90), "max": float(max(values))}


def summarise(results: Sequence[DuelResult | Failed]) -> list[dict]:
    """Per pairing, in first-seen order: duels, errors, win/draw rates, how duels ended, and
    the spread of turns, internal damage and boxes destroyed of each side."""
    groups: dict[tuple[str, str], list[DuelResult | Failed]] = {}
    for r in results:
        groups.setdefault((r.ship_a, r.ship_b), []).append(r)
    out = []
    for (a, b), rs in groups.items():
        ok = [r for r in rs if isinstance(r, DuelResult)]
        n = len(ok)
        wins_a = sum(1 for r in ok if r.winner == "A")
        wins_b = sum(1 for r in ok if r.winner == "B")
        unscored = sum(1 for r in ok if r.unscored)  # no BPV: neither a win nor a draw
        ended: dict[str, int] = {}
        for r in ok:
            ended[r.ended] = ended.get(r.ended, 0) + 1
        out.append({
            "ship_a": a, "ship_b": b, "duels": len(rs), "errors": len(rs) - n,
            "levels": list(ok[0].levels) if ok else [],
            "win_a": _rate(wins_a, n), "win_b": _rate(wins_b, n),
            "draw": _rate(n - wins_a - wins_b - unscored, n), "unscored": unscored,
            "ended": ended,
            "destroyed_a": sum(1 for r in ok if r.ships[0].destroyed),
            "destroyed_b": sum(1 for r in ok if r.ships[1].destroyed),
            "turns": spread([r.turns_played for r in ok]),
            "internal_a": spread([r.ships[0].internal for r in ok]),
            "internal_b": spread([r.ships[1].internal for r in ok]),
            "boxes_a": spread([r.ships[0].boxes for r in ok]),
            "boxes_b": spread([r.ships[1].boxes for r in ok]),
            "systems": _systems(ok),
        })
    return out


def _systems(ok: Sequence[DuelResult]) -> dict[str, int]:
    """Uses of each ship system over the pairing's duels (duel.SYSTEM_EVENTS)."""
    out = {name: 0 for name, _ in SYSTEM_EVENTS}
    for r in ok:
        for name, n in r.systems:
            out[name] = out.get(name, 0) + n
    return out


def _rate(k: int, n: int) -> float:
    return round(k / n, 3) if n else 0.0


def summary_lines(summary: Sequence[dict]) -> list[str]:
    """The summary as text, a few lines per pairing."""
    lines = []
    for s in summary:
        lines.append(
            f"{s['ship_a']} v {s['ship_b']}: {s['duels']} duel(s), {s['errors']} error(s); "
            f"{s['ship_a']} wins {s['win_a']:.0%}, {s['ship_b']} wins {s['win_b']:.0%}, "
            f"draws {s['draw']:.0%}"
            + (f", victory not scored {s['unscored']}" if s.get("unscored") else "")
            + "; ended: "
            + ", ".join(f"{k} {v}" for k, v in sorted(s["ended"].items())))
        for label, key in (("turns", "turns"), (f"internal {s['ship_a']}", "internal_a"),
                           (f"internal {s['ship_b']}", "internal_b")):
            sp = s[key]
            if sp:
                lines.append(f"  {label}: mean {sp['mean']:g}, min {sp['min']:g}, p10 "
                             f"{sp['p10']:g}, median {sp['p50']:g}, p90 {sp['p90']:g}, "
                             f"max {sp['max']:g}")
        systems = s.get("systems") or {}
        if any(systems.values()):
            lines.append("  systems: " + ", ".join(f"{k.replace('_', ' ')} {v}"
                                                   for k, v in systems.items()))
    return lines
