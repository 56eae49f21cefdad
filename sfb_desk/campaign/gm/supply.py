"""Supply in the GM campaign rules (ECONOMICS A-B): who is in supply, and what turns out of
supply do to a ship in the desk.

A warship is in supply within 4 hexes of a mobile base or larger base, with an auxiliary on the
supply mission that is itself in supply, or in a colony hex of its race. The degradation chart's
rows 2 to 7+ are read as turns out of supply (the chart has no row 1; decisions.md): critical
hits (D8.1), leaky shields (D3.6), then a speed limit. "20 shield+internals" is read as one
critical-hit check per 20 points of shield and internal damage.
"""

from __future__ import annotations

from dataclasses import dataclass

SUPPLY_RANGE = 4


@dataclass(frozen=True)
class Degradation:
    turns_out: int
    critical_hits: str | None = None  # what triggers a D8.1 check
    leaky_shields: str | None = None  # D3.6: one hit in N leaks
    speed_limit: int | None = None
    rule: str = "ECONOMICS B"

    def describe(self) -> str:
        parts = []
        if self.critical_hits:
            parts.append(f"critical hits (D8.1) per {self.critical_hits}")
        if self.leaky_shields:
            parts.append(f"leaky shields (D3.6), {self.leaky_shields}")
        if self.speed_limit:
            parts.append(f"speed {self.speed_limit} or slower")
        return "; ".join(parts) or "no effect"


CHART: dict[int, Degradation] = {
    2: Degradation(2, critical_hits="20 points of shield and internal damage"),
    3: Degradation(3, critical_hits="20 points of shield damage"),
    4: Degradation(4, leaky_shields="1 hit in 10"),
    5: Degradation(5, leaky_shields="1 hit in 6"),
    6: Degradation(6, leaky_shields="1 hit in 4"),
    7: Degradation(7, speed_limit=16),
}


def degradation(turns_out: int) -> Degradation:
    """The chart row for a ship ``turns_out`` turns out of supply (0-1: none; 7+: row 7)."""
    if turns_out < 2:
        return Degradation(turns_out)
    return CHART[min(turns_out, 7)]


def in_supply(*, hexes_to_base: int | None = None, supplied_by_auxiliary: bool = False,
              in_own_colony_hex: bool = False) -> bool:
    near = hexes_to_base is not None and hexes_to_base <= SUPPLY_RANGE
    return near or supplied_by_auxiliary or in_own_colony_hex
