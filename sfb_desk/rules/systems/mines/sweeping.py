"""Minesweeping (M8): destroying located mines by phasers, seeking weapons and MSS shuttles."""

from __future__ import annotations

from dataclasses import dataclass

from ...hexes import Hex, hex_range
from .records import Mine

DESTROY_DAMAGE = {"large": 6, "small": 4}  # M8.41 (and M8.22)
MINE_LOCK_ON_RATING = 4  # M8.14, M7.41: the sensor rating is at most 4 against a mine
NON_MINESWEEPER_ECM = 6  # M8.12: cannot be offset by ECCM
NON_MINESWEEPER_DIE_SHIFT = 2  # M8.12: without electronic warfare
#: M8.32: the MSS die: 1-4 the mine is destroyed; 5 mine and shuttle destroyed (an explosive
#: mine detonates); 6 nothing happens, roll again next impulse.
MSS_RESULTS = {1: "mine", 2: "mine", 3: "mine", 4: "mine", 5: "mine_and_shuttle", 6: "nothing"}


@dataclass(frozen=True, slots=True)
class SweepResult:
    """What damage to a mine did (M8.4).

    ``outcome``: ``destroyed`` (M8.41); ``detonates`` (an explosive mine, M8.421);
    ``fires_back`` (a captor fires direct-fire weapons at the attacker after the damage is
    resolved, or launches its seeking weapons at the next opportunity, M8.422);
    ``orders_controlled`` (a damaged sensor mine orders its captors to fire and its adjacent
    explosive mines to detonate, M8.4231-M8.4234); ``nothing`` (a dummy, a disabled or
    pre-active mine, M8.421, M8.424, M8.425)."""

    outcome: str
    rule: str


def damage_to_mine(mine: Mine, damage: int) -> SweepResult:
    """M8.41-M8.42: the result of ``damage`` points from phasers or seeking weapons (all of a
    gatling's declared shots added first, M8.51)."""
    if damage >= DESTROY_DAMAGE[mine.size]:
        return SweepResult("destroyed", "M8.41")
    if mine.disabled:
        return SweepResult("nothing", "M8.424")
    if mine.mode == "pre_active":
        return SweepResult("nothing", "M8.425")
    if mine.type == "dummy":
        return SweepResult("nothing", "M8.421")
    if mine.type == "explosive":
        return SweepResult("detonates", "M8.421")
    if mine.type == "captor":
        return SweepResult("fires_back", "M8.422")
    return SweepResult("orders_controlled", "M8.4231")


def mss_sweep(roll: int) -> str:
    """M8.32: the minesweeping shuttle's die (EW has no effect)."""
    if roll not in MSS_RESULTS:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    return MSS_RESULTS[roll]


def lock_on_rating(sensor_rating: int) -> int:
    """M8.14: the sensor rating used to lock on to a mine (at most 4)."""
    return min(sensor_rating, MINE_LOCK_ON_RATING)


def phaser_sweep_problems(
    mine: Mine, ship_hex: Hex, *, side: str, speed: int, locked_on: bool, tractored: bool
) -> list[str]:
    """Why a ship may not fire phasers at ``mine`` to sweep it (M8.11); [] when it may.
    The mine must have been detected and located by the ship's side (M8.0)."""
    problems = []
    if side not in mine.located_by and mine.owner != side:
        problems.append("only detected and located mines can be swept (M8.0)")
    if hex_range(ship_hex, mine.hex) > 1:
        problems.append("the ship must be in the mine's hex or adjacent to it (M8.11)")
    if speed != 0:
        problems.append(f"speed {speed}: the ship must be at speed 0 (M8.11)")
    if not locked_on:
        problems.append("no lock-on to the mine (M8.11, M8.14: sensor rating at most 4)")
    if not tractored:
        problems.append("the mine must be held in a tractor beam (M8.11, G7.271)")
    return problems
