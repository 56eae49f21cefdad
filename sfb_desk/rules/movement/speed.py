"""Speed: the legal speed plot, acceleration and deceleration, unplotted accelerations (C2, C12).

A speed plot is ``((first impulse, signed speed), ...)`` starting at impulse 1 (C12.12; a
negative speed is reverse movement). Every ship has one, even under free movement (C12.12).
The rules checked here:

* acceleration between turns and in mid-turn: at most double the base speed or base + 10,
  whichever is more, the base being the lowest speed of the previous 32 impulses (C2.21, C12.33),
  or 0 after a breakdown, emergency deceleration (C2.233) or a reversal (C2.232);
* deceleration in mid-turn: by half the current speed, fractions of the change rounded up, or by
  4 below speed 8 (C12.32); between turns it is free (C12.32);
* at most four mid-turn changes (C12.311), at least 8 impulses apart, 6 for nimble ships
  (C12.312, C11.28), none before impulse 4 or after 28 (C12.313); only real changes count
  (C12.314), so equal neighbouring segments merge;
* the maximum speed: warp power / movement cost + 1 for impulse, at most 31 (C12.384, C2.112);
  shuttles change by at most half their maximum speed and never exceed it (C12.34, C12.341);
* reversing in mid-turn only through a plotted speed 0 (C12.37); braking cost is the highest
  speed of the previous 8 impulses (C12.371);
* no movement while immobile after a breakdown (C6.541) or emergency deceleration (C12.352).

The energy of a plot is the hexes it moves on the Impulse Chart (C12.21); an unplotted
acceleration costs twice the hexes gained, capped at the whole-turn increase, at least one
(C12.24). Emergency deceleration is :func:`emergency_deceleration` (C8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..charts.impulse import moves_on
from ..game_state import RuleOptions
from ..results import Event, Refusal, event
from ..units import IMPULSES, SHUTTLE, SpeedPlot, Unit, clock_of

SHIP_MAX_SPEED = 31  # C2.112
FIRST_CHANGE, LAST_CHANGE = 4, 28  # C12.313
MAX_CHANGES = 4  # C12.311


# ---------------------------------------------------------------------------------------------
# Plots


def parse_plot(raw: object) -> SpeedPlot | Refusal:
    """A speed plot from an answer: an int (one speed all turn) or ``[[impulse, speed], ...]``."""
    if isinstance(raw, bool):
        return Refusal("C12.12", "a speed plot is a speed or a list of [impulse, speed] pairs")
    if isinstance(raw, int):
        return ((1, raw),)
    if not isinstance(raw, (list, tuple)) or not raw:
        return Refusal("C12.12", "a speed plot is a speed or a list of [impulse, speed] pairs")
    out: list[tuple[int, int]] = []
    for item in raw:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)
        ):
            return Refusal("C12.12", f"bad speed plot entry {item!r}: expected [impulse, speed]")
        out.append((item[0], item[1]))
    if out[0][0] != 1:
        return Refusal("C12.12", "the speed plot must give the speed from impulse 1")
    for (a, _), (b, _) in zip(out, out[1:]):
        if not a < b:
            return Refusal("C12.12", "speed plot impulses must increase")
    if out[-1][0] > IMPULSES:
        return Refusal("C12.12", f"speed plot impulses run 1..{IMPULSES}")
    return normalise_plot(tuple(out))


def normalise_plot(plot: SpeedPlot) -> SpeedPlot:
    """Merge neighbouring segments of equal speed: only real changes count (C12.314)."""
    out = [plot[0]]
    for start, speed in plot[1:]:
        if speed != out[-1][1]:
            out.append((start, speed))
    return tuple(out)


def speed_at(plot: SpeedPlot, impulse: int) -> int:
    """The signed plotted speed on ``impulse`` (1..32)."""
    current = plot[0][1]
    for start, speed in plot:
        if start > impulse:
            break
        current = speed
    return current


def expand(plot: SpeedPlot) -> tuple[int, ...]:
    """The signed speed on each impulse 1..32 (index 0 is impulse 1)."""
    out: list[int] = []
    bounds = [start for start, _ in plot[1:]] + [IMPULSES + 1]
    for (start, speed), end in zip(plot, bounds):
        out.extend([speed] * (end - start))
    return tuple(out)


def hexes_moved(plot: SpeedPlot, first: int = 1, last: int = IMPULSES) -> int:
    """Hexes the plot moves on impulses ``first``..``last`` by the Impulse Chart (C12.21)."""
    speeds = expand(plot)
    return sum(1 for i in range(first, last + 1) if moves_on(abs(speeds[i - 1]), i))


def changes(plot: SpeedPlot) -> tuple[tuple[int, int, int], ...]:
    """The mid-turn speed changes: ``(impulse, old speed, new speed)``."""
    return tuple((b[0], a[1], b[1]) for a, b in zip(plot, plot[1:]))


def max_acceleration(base: int) -> int:
    """The highest speed a ship whose base speed is ``base`` may reach: double or +10 (C2.21)."""
    return base + max(base, 10)


def max_deceleration(speed: int) -> int:
    """How far a ship at ``speed`` may slow in one mid-turn change (C12.32): half, the change
    rounded up; below speed 8 by 4 if that is more. 31 may drop 16; 11 may drop 6."""
    half = (speed + 1) // 2
    return max(half, 4) if speed < 8 else half


def max_speed(unit: Unit, warp_power: int | None = None) -> int:
    """C12.384: warp power / movement cost + 1 for impulse, at most 31 (C2.112).

    Shuttles and seeking weapons have their own maximum (C12.341). ``warp_power`` defaults to
    the unit's warp at the start of the turn. Without impulse power the +1 is lost (C2.111).
    """
    p = unit.profile
    if unit.kind != "ship":
        return p.max_speed
    warp = unit.warp_at_start if warp_power is None else warp_power
    cost = p.move_cost if p.move_cost else Fraction(1)
    speed = int(Fraction(warp) / cost) + (1 if p.impulse > 0 else 0)
    return min(speed, SHIP_MAX_SPEED, p.max_speed)


def change_gap(unit: Unit, options: RuleOptions) -> int:
    """Impulses required between mid-turn changes: 8, or 6 for nimble ships (C12.312, C11.28)."""
    if unit.kind == "ship" and unit.nimble and options.nimble_units:
        return 6
    return 8


def lowest_before(unit: Unit, plot: SpeedPlot, impulse: int, turn: int) -> int:
    """The lowest speed of the 32 impulses before ``impulse`` of the plotted ``turn`` (C12.33).

    The previous turn counts as speed 0 after a breakdown, emergency deceleration (C2.233) or
    reversal (C2.232), flagged by ``accel_zero_turn``.
    """
    if unit.accel_zero_turn == turn:
        return 0
    speeds = expand(unit.prev_plot)[impulse - 1 :] + expand(plot)[: impulse - 1]
    return min(abs(s) for s in speeds)


def braking_cost(prev_plot: SpeedPlot, plot: SpeedPlot, impulse: int) -> int:
    """The highest speed of the 8 impulses before ``impulse`` (C12.371); 0 needs no braking."""
    speeds = expand(prev_plot) + expand(plot)
    window = speeds[IMPULSES + impulse - 9 : IMPULSES + impulse - 1]
    return max(abs(s) for s in window)


# ---------------------------------------------------------------------------------------------
# Validation


def validate_plot(unit: Unit, plot: SpeedPlot, options: RuleOptions, *, turn: int) -> Refusal | None:
    """Is ``plot`` a legal speed plot for ``unit`` on ``turn`` (C12.12 and the rules above)?"""
    top = max_speed(unit)
    for _, speed in plot:
        if abs(speed) > top:
            rule = "C12.341" if unit.kind == SHUTTLE else "C12.384"
            return Refusal(rule, f"{unit.id} cannot exceed speed {top} (speed {abs(speed)} plotted)")
        if speed < 0 and unit.kind == SHUTTLE:
            return Refusal("C12.37", "shuttles cannot move in reverse")
    mids = changes(plot)
    if mids and not options.mid_turn_speed_changes:
        return Refusal("C12.0", "mid-turn speed changes are not in use in this game")
    if len(mids) > MAX_CHANGES:
        return Refusal("C12.311", f"at most {MAX_CHANGES} mid-turn speed changes a turn")
    gap = change_gap(unit, options)
    last = None
    for at, old, new in mids:
        if not FIRST_CHANGE <= at <= LAST_CHANGE:
            return Refusal(
                "C12.313", f"no mid-turn speed change before impulse 4 or after 28 (impulse {at})"
            )
        if last is not None and at - last < gap:
            return Refusal(
                "C11.28" if gap == 6 else "C12.312",
                f"mid-turn speed changes must be {gap} impulses apart (impulses {last} and {at})",
            )
        last = at
        refusal = _check_change(unit, plot, at, old, new, turn)
        if refusal:
            return refusal
    refusal = _check_turn_start(unit, plot, turn)
    if refusal:
        return refusal
    # Immobile after a breakdown (C6.541) or emergency deceleration (C12.352, C8.4).
    start = clock_of(turn, 1)
    if unit.immobile_until > start:
        speeds = expand(plot)
        for i in range(1, min(IMPULSES, unit.immobile_until - start) + 1):
            if speeds[i - 1] != 0:
                return Refusal(
                    "C12.352",
                    f"{unit.id} cannot move before impulse {unit.immobile_until - start + 1} "
                    "(16 impulses after stopping; C6.541, C8.4)",
                )
    return None


def _check_change(
    unit: Unit, plot: SpeedPlot, at: int, old: int, new: int, turn: int
) -> Refusal | None:
    if old and new and (old > 0) != (new > 0):
        return Refusal(
            "C12.37",
            f"to reverse in mid-turn, plot speed 0 first and change direction "
            f"{8} impulses later (impulse {at}); braking (C3.5) is not handled yet",
        )
    a, b = abs(old), abs(new)
    if unit.kind == SHUTTLE:
        if 2 * abs(b - a) > unit.profile.max_speed:
            return Refusal(
                "C12.34", f"a shuttle changes speed by at most half its maximum (impulse {at})"
            )
    if b < a:
        drop = max_deceleration(a)
        if a - b > drop:
            return Refusal(
                "C12.32",
                f"from speed {a} a ship may slow by at most {drop} in one change "
                f"(to {a - drop}), not to {b} (impulse {at})",
            )
        return None
    if b > a and unit.kind != SHUTTLE:
        base = lowest_before(unit, plot, at, turn)
        if old == 0 and new < 0:
            base = 0  # accelerating into reverse counts from 0 (C12.32 example, C2.232)
        limit = max_acceleration(base)
        if b > limit:
            return Refusal(
                "C12.33",
                f"the lowest speed of the previous 32 impulses was {base}, so speed "
                f"{limit} is the most (double or +10), not {b} (impulse {at})",
            )
    return None


def _check_turn_start(unit: Unit, plot: SpeedPlot, turn: int) -> Refusal | None:
    """Acceleration between turns (C2.21, C12.33); deceleration between turns is free."""
    first = plot[0][1]
    prev_end = unit.prev_plot[-1][1]
    reversing = first and prev_end and (first > 0) != (prev_end > 0)
    if unit.kind == SHUTTLE:
        return None  # shuttles: only their maximum speed (C12.341)
    zero = reversing or unit.accel_zero_turn == turn
    base = 0 if zero else min(abs(s) for s in expand(unit.prev_plot))
    limit = max_acceleration(base)
    if abs(first) > limit:
        why = "after a reversal" if reversing else "the lowest speed of last turn was"
        return Refusal(
            "C2.232" if reversing else "C2.21",
            f"{unit.id}: {why} {base}; speed {limit} is the most this turn, not {abs(first)}",
        )
    return None


# ---------------------------------------------------------------------------------------------
# Unplotted acceleration (C12.24)


@dataclass(frozen=True, slots=True)
class UnplottedAcceleration:
    """The new plot after an unplotted acceleration and what it costs (C12.24)."""

    plot: SpeedPlot
    hexes_gained: int
    movement_points: int  # reserve power must generate this many movement points
    energy: Fraction  # movement points x movement cost (C12.24, C12.252)


def unplotted_acceleration(
    unit: Unit,
    at: int,
    speed: int,
    options: RuleOptions,
    *,
    turn: int,
    until: int = IMPULSES,
    impulse_reserve: bool = False,
) -> UnplottedAcceleration | Refusal:
    """Accelerate to ``speed`` from impulse ``at`` through ``until`` with reserve power.

    The plot resumes after ``until`` (C12.244). Deceleration is never unplotted (C12.32);
    reserve impulse power adds only 1 to the speed (C12.251). The new plot must obey every
    mid-turn limit (C12.242), which :func:`validate_plot` checks.
    """
    if not options.unplotted_accelerations:
        return Refusal("C12.24", "unplotted accelerations are not in use in this game")
    if not 1 <= at <= until <= IMPULSES:
        return Refusal("C12.24", f"bad impulses for an unplotted acceleration ({at}..{until})")
    old = unit.plot
    plotted = expand(old)
    window = plotted[at - 1 : until]
    if any(s < 0 for s in window) or speed < 0:
        return Refusal("C12.22", "unplotted accelerations are made in the forward direction")
    if speed <= plotted[at - 1] or any(speed < s for s in window):
        return Refusal("C12.32", "a speed reduction must always be plotted; it cannot be unplotted")
    if impulse_reserve and speed - plotted[at - 1] > 1:
        return Refusal("C12.251", "reserve impulse power can increase the speed by one only")
    new_speeds = list(plotted)
    new_speeds[at - 1 : until] = [speed] * (until - at + 1)
    new_plot = _plot_of(new_speeds)
    refusal = validate_plot(replace(unit, plot=new_plot), new_plot, options, turn=turn)
    if refusal:
        return refusal
    gained = hexes_moved(new_plot) - hexes_moved(old)
    whole_turn = speed - plotted[at - 1]
    points = max(1, min(2 * gained, whole_turn))
    return UnplottedAcceleration(new_plot, gained, points, points * unit.profile.move_cost)


def _plot_of(speeds: list[int]) -> SpeedPlot:
    out = [(1, speeds[0])]
    for i, s in enumerate(speeds[1:], start=2):
        if s != out[-1][1]:
            out.append((i, s))
    return tuple(out)


def stop_from(plot: SpeedPlot, impulse: int) -> SpeedPlot:
    """``plot`` with speed 0 from ``impulse`` on (breakdown C6.541, emergency deceleration C8)."""
    if impulse > IMPULSES:
        return plot
    speeds = list(expand(plot))
    speeds[impulse - 1 :] = [0] * (IMPULSES - impulse + 1)
    return _plot_of(speeds)


# ---------------------------------------------------------------------------------------------
# Emergency deceleration (C8)


def emergency_deceleration(
    unit: Unit, turn: int, impulse: int, options: RuleOptions
) -> tuple[Unit, list[Event]] | Refusal:
    """Declare emergency deceleration on ``impulse``: the ship keeps moving for
    ``options.emergency_decel_delay`` impulses (the declaration period, C8.3; AM: two), then
    stops. Plotted changes are cancelled (C12.352), EM stops (C8.23), the ship may not move
    for 16 impulses after stopping (C8.4, C12.352) and next turn accelerates from 0 (C2.233).
    The unexpended movement (hexes the old plot would still have moved) goes to the shields
    (C8.11, C12.351): reported in the event for the energy issue.
    """
    if unit.is_seeker:
        return Refusal("C8.0", "seeking weapons cannot decelerate")
    clock = clock_of(turn, impulse)
    if unit.decel_at and clock < unit.immobile_until:
        return Refusal("C8.0", f"{unit.id} has already declared emergency deceleration")
    if unit.speed == 0 and all(s == 0 for s in expand(unit.plot)[impulse:]):
        return Refusal("C8.0", f"{unit.id} is already stopped")
    stop_clock = clock + options.emergency_decel_delay + 1
    stop_impulse = stop_clock - clock_of(turn, 0)
    unused = hexes_moved(unit.plot, stop_impulse, IMPULSES) if stop_impulse <= IMPULSES else 0
    em = unit.em
    if em.active or em.pending:
        em = replace(em, active=False, pending="", stopped_this_turn=True)
    new = replace(
        unit,
        decel_at=stop_clock,
        immobile_until=stop_clock + 16,
        plot=stop_from(unit.plot, stop_impulse),
        accel_zero_turn=turn + 1,
        em=em,
    )
    ev = event(
        "emergency_deceleration",
        unit.id,
        "C8.0",
        f"{unit.id} declares emergency deceleration: stops from impulse {stop_impulse}",
        stop_clock=stop_clock,
        unused_movement=unused,
    )
    return new, [ev]
