"""Detecting mines (M7): the minefield announcement, individual detection, automatic detection.

Everything here is a pure function of the mines, the detecting unit and the die the table
rolls; the engine asks for the die (a prompt) and applies the result with
:meth:`~.records.Minefield.reveal`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...hexes import Hex, hex_range
from .records import Mine, nearest

ANNOUNCE_RANGE = {"ship": 10, "pf": 5, "pf_scout": 10}  # M7.11 (PF scouts using G24.26: ships)
ANNOUNCE_MINIMUM = 6  # M7.11: at least six automatic pre-placed mines
#: M7.32: range of individual detection by kind of detector.
INDIVIDUAL_RANGE = {
    "ship": 6, "minesweeper": 10, "x_ship": 10, "scout": 10,  # M7.32, M7.321 (G24.26)
    "pf": 3, "pf_scout": 6,  # M7.322
    "shuttle": 0, "fighter": 0,  # M7.323 (a SWAC uses a channel: treat as "scout")
}  # fmt: skip
DETECTION_SPEED_LIMIT = 6  # M7.31
DETECTION_INTERVAL = {False: 8, True: 4}  # M7.21: minesweepers and X-ships every 4 impulses
DETECTION_ENERGY = 1  # M7.21
#: M7.34 automatic detection: ship kinds that can try it (M7.343: not shuttles).
AUTOMATIC_DETECTION = frozenset({"ship", "minesweeper", "x_ship", "scout", "pf", "pf_scout"})


def minefield_announcement(
    unit_hex: Hex, kind: str, mines: Iterable[Mine], side: str
) -> int | None:
    """M7.1: the distance to the nearest mine the Mine Field Controller must announce, or None.

    A ship (not a PF or shuttle; PFs at 5 hexes) within 10 hexes of at least six automatic
    mines placed before the scenario (disabled detonators do not count, M7.11) detects the
    minefield; the MFC gives the distance to the nearest mine (M7.12). ``side`` is the
    detecting unit's side: a side's own mines are no news to it. The once-per-turn timing
    (M7.13) is the engine's.
    """
    reach = ANNOUNCE_RANGE.get(kind)
    if reach is None:
        return None
    enemy = [m for m in mines if not m.destroyed and m.owner != side]
    counted = [
        m for m in enemy
        if m.pre_placed and not m.disabled and hex_range(m.hex, unit_hex) <= reach
    ]  # fmt: skip
    if len(counted) < ANNOUNCE_MINIMUM:
        return None
    found = nearest(enemy, unit_hex)
    return None if found is None else found[0]


def individual_detection_range(kind: str) -> int:
    """M7.32: how far a unit of ``kind`` detects individual mines (0: it cannot)."""
    return INDIVIDUAL_RANGE.get(kind, INDIVIDUAL_RANGE["ship"])


@dataclass(frozen=True, slots=True)
class DetectionAttempt:
    """The state M7.21 limits: the clock (turn * 32 + impulse) of the unit's last attempt."""

    last_clock: int | None = None


def detection_attempt_problems(
    *, speed: int, kind: str, clock: int, last: DetectionAttempt, energy_available: int,
    fire_control: bool = True, erratic: bool = False,
) -> list[str]:
    """Why a unit may not try M7.2 individual detection now; [] when it may.

    Speed 6 or less (M7.31); a unit that can detect at all (M7.32x); once in 8 consecutive
    impulses, 4 for minesweepers and X-ships (M7.21); one point of energy (M7.21); fire
    control neither off, disrupted nor low-powered (M7.344); not on erratic maneuvers
    (C10.514).
    """
    problems = []
    if individual_detection_range(kind) == 0:
        problems.append(f"a {kind} cannot detect mines (M7.323)")
    if speed > DETECTION_SPEED_LIMIT:
        problems.append(f"speed {speed}: individual detection needs speed 6 or less (M7.31)")
    gap = DETECTION_INTERVAL[kind in ("minesweeper", "x_ship")]
    if last.last_clock is not None and clock - last.last_clock < gap:
        problems.append(f"only one attempt in any {gap} consecutive impulses (M7.21)")
    if energy_available < DETECTION_ENERGY:
        problems.append("no energy left for the attempt: it costs 1 point (M7.21)")
    if not fire_control:
        problems.append("fire control is off, disrupted or low-powered (M7.344)")
    if erratic:
        problems.append("a unit on erratic maneuvers cannot detect mines (C10.514)")
    return problems


def detect_individual(
    unit_hex: Hex, kind: str, roll: int, mines: Iterable[Mine], side: str
) -> tuple[Mine, ...]:
    """M7.22: the mines revealed by one attempt: every detectable enemy mine within the unit's
    range (M7.32) whose detection number - or a deadman mine's second number - equals the
    die. EW has no effect. Sorted by hex, then id (the MFC names each one)."""
    if not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    reach = individual_detection_range(kind)
    if reach == 0:
        return ()
    found = [
        m for m in mines
        if not m.destroyed and m.owner != side and m.detectable
        and roll in m.detection_numbers() and hex_range(m.hex, unit_hex) <= reach
    ]  # fmt: skip
    return tuple(sorted(found, key=lambda m: (m.hex.col, m.hex.row, m.id)))


def automatic_detection(
    mine: Mine, entered: Hex, roll: int, sensor_rating: int, *, kind: str = "ship",
    fire_control: bool = True, side: str = "",
) -> bool:
    """M7.34: does a ship entering ``entered`` detect ``mine``? The hex must be inside the
    mine's own detection range; the mine active (or pre-active, M5.1132) and automatic; the
    ship with active fire control (M7.342, M7.344); the die at most its sensor rating. No
    energy, and EW has no effect (M7.341)."""
    if kind not in AUTOMATIC_DETECTION or not fire_control or mine.destroyed:
        return False
    if mine.owner == side or not mine.automatic or not mine.detectable:
        return False
    if mine.mode == "inactive" and mine.type != "sensor":  # M5.1133
        return False
    if hex_range(mine.hex, entered) > mine.detection_range:
        return False
    return roll <= sensor_rating
