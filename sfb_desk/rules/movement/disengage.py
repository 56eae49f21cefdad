"""Disengagement checks (C7; reference G6.10).

* **By acceleration** (C7.1): a ship that ran at its maximum acceleration for the turn may
  disengage at the end of that turn if its warp power is still at least the lower of half its
  original warp (rounded up) or 15 (C7.11, JP's quote; AM). D22 notes that slowing below the
  maximum cancels the attempt (seed 000 L2849).
* **By separation** (C7.2): in a Lock-On stage, more than 50 effective hexes from every enemy
  ship (75 from operating scouts, 35 from PFs and manned shuttles, C7.23 and G24.322), and no
  seeking weapon that can still catch it pursuing it: a slower seeker, or one without the
  endurance to reach it, does not block (C7.22).
* **By sublight evasion** (C7.3, ships without warp; reference Low): 1d6 once a turn, 3 or less
  succeeds, -1 per friendly ship within 35 not disengaging, +1 per uncrippled enemy within 15.

Each check returns None when the ship may disengage, else a Refusal naming the rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..results import Refusal

SEPARATION_SHIPS = 50  # C7.2
SEPARATION_SCOUTS = 75  # C7.23, G24.322
SEPARATION_SMALL = 35  # PFs and manned shuttles, C7.2
EVASION_TARGET = 3  # C7.3 (reference Low)


def by_acceleration(
    warp_now: int, warp_original: int, *, accelerated_fully: bool
) -> Refusal | None:
    """C7.1 / C7.11: maximum acceleration this turn and warp >= min(ceil(original / 2), 15)."""
    if not accelerated_fully:
        return Refusal("C7.1", "the ship did not make its maximum acceleration this turn")
    need = min(-(-warp_original // 2), 15)
    if warp_now < need:
        return Refusal(
            "C7.11", f"disengaging by acceleration needs {need} warp power (has {warp_now})"
        )
    return None


@dataclass(frozen=True, slots=True)
class Contact:
    """An enemy unit as the separation check sees it: its effective range and what it is."""

    range: int
    kind: str = "ship"  # "ship", "scout" (operating channels), "pf", "shuttle" (manned)


@dataclass(frozen=True, slots=True)
class Pursuer:
    """A seeking weapon targeting the ship: its speed and hexes of endurance left (None: no
    limit known)."""

    speed: int
    range: int
    endurance_hexes: int | None = None


def by_separation(
    contacts: Iterable[Contact], pursuers: Iterable[Pursuer], own_speed: int,
    *, ship_range: int = SEPARATION_SHIPS,
) -> Refusal | None:
    """C7.2: far enough from every enemy, and no seeker able to catch the ship (C7.22)."""
    limits = {"ship": ship_range, "scout": SEPARATION_SCOUTS, "pf": SEPARATION_SMALL,
              "shuttle": SEPARATION_SMALL}
    for c in contacts:
        limit = limits.get(c.kind, ship_range)
        if c.range <= limit:
            return Refusal(
                "C7.2", f"an enemy {c.kind} is {c.range} hexes away; more than {limit} needed"
            )
    for p in pursuers:
        slower = p.speed <= own_speed
        short = p.endurance_hexes is not None and p.endurance_hexes < p.range
        if not (slower or short):
            return Refusal("C7.22", "a seeking weapon that can still catch the ship is pursuing it")
    return None


def sublight_evasion_target(friends_within_35: int, uncrippled_enemies_within_15: int) -> int:
    """The highest 1d6 roll that evades (C7.3): 3, less one per uncrippled enemy within 15
    (the roll's +1), plus one per friendly ship within 35 (the roll's -1)."""
    return EVASION_TARGET + friends_within_35 - uncrippled_enemies_within_15
