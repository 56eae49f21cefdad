"""High energy turns and breakdown (C6), with the warp restriction of mid-turn speeds (C12.38).

An HET turns a ship in its hex to any new facing regardless of its turn mode (C6.39) on any
impulse, whether or not it is scheduled to move (C6.33, JP's quote; option
``het_on_impulse_1`` for the AM/TG/SP reading of C6.37). It resets the turn-mode and sideslip
counters (C6.32). A ship scheduled to move that impulse then moves its hex straight ahead in the
new facing (decisions.md, C6.1). Limits: at most ``het_max_per_turn`` a turn (C6.34), at least
``het_min_gap`` impulses apart (C6.36), energy paid (C6.2, five hexes of movement energy from
warp), and the warp in use for movement plus the HET's may never exceed the warp power of the
start of the turn (C12.38: a 30-warp ship at speed 31 cannot HET; a war cruiser can, C12.381).
Shuttles other than fighters cannot HET (C6.4), nor seeking weapons.

**Breakdown** (C6.5): after each HET roll 1d6 (a DiceRequest of the session). The ship breaks
down when the modified roll reaches the lowest roll of its breakdown rating (``"5-6"``: 5), the
rating worsened by one for every earlier breakdown (C6.544). Modifiers: the HET bonus of -2 on
the first HET of the scenario (C6.52; two bonuses for nimble ships, C11.22), +1 under erratic
maneuvering unless nimble (C10.55), -1 for a computer-controlled ship (G11.14), after whose
bonuses an unmodified 6 always breaks down (G11.14).

**Breakdown effects** (C6.54x, reference G6.8): speed 0 at once with all plotted movement lost,
a random facing (a second 1d6: 1 = A ... 6 = F), no movement for 16 impulses (C6.541), one
third of the crew killed rounded up (C6.5421), every fifth warp box destroyed (C6.5422), two
internal hits on the DAC (C6.5423), repairs aborted, tractors released, no fire, launches,
transporters or tractors for 8 impulses (C6.547x), nimble status lost (C11.31), and next turn
accelerates from 0 (C2.233). Damage and crew losses are events for the damage issue.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..game_state import RuleOptions
from .speed import stop_from
from ..results import Event, Refusal, event
from ..units import FACING_LETTERS, SHIP, SHUTTLE, Unit

HET_HEXES = 5  # C6.2: an HET costs the movement energy of five hexes


def het_refusal(
    unit: Unit, facing: int | None, impulse: int, clock: int, options: RuleOptions
) -> Refusal | None:
    """Why ``unit`` may not HET to ``facing`` now, or None. ``facing=None`` asks whether any
    HET is possible (for the list of legal orders)."""
    p = unit.profile
    if unit.is_seeker:
        return Refusal("C6.4", "seeking weapons cannot make high energy turns")
    if unit.kind == SHUTTLE and not p.fighter:
        return Refusal("C6.4", "shuttles other than fighters cannot make high energy turns")
    if not p.can_het:
        return Refusal("C6.4", f"{unit.id} cannot make high energy turns")
    if unit.kind == SHUTTLE and unit.em.active:
        return Refusal("C10.135", "fighters cannot HET while under erratic maneuvering")
    if clock < unit.immobile_until:
        return Refusal("C6.541", f"{unit.id} has broken down or stopped and cannot maneuver yet")
    if impulse == 1 and not options.het_on_impulse_1:
        return Refusal("C6.37", "no high energy turn on impulse 1 (option het_on_impulse_1)")
    het = unit.het
    if options.require_maneuver_energy and het.made >= het.paid:
        return Refusal("C6.2", f"{unit.id} has no HET paid for in this turn's energy allocation")
    if het.made >= options.het_max_per_turn:
        return Refusal("C6.34", f"at most {options.het_max_per_turn} HETs a turn")
    if clock - het.last_clock < options.het_min_gap:
        wait = het.last_clock + options.het_min_gap - clock
        return Refusal(
            "C6.36", f"HETs must be {options.het_min_gap} impulses apart ({wait} more to wait)"
        )
    if unit.kind == SHIP and not warp_allows(unit, HET_HEXES):
        return Refusal(
            "C12.38",
            f"at speed {unit.speed} {unit.id} has no warp power left for an HET "
            f"(warp {unit.warp_at_start} at the start of the turn)",
        )
    if facing is not None:
        if not 0 <= facing <= 5:
            return Refusal("C6.1", f"bad facing {facing!r}")
        if facing == unit.facing:
            return Refusal("C6.1", f"{unit.id} already faces {FACING_LETTERS[facing]}")
    return None


def warp_allows(unit: Unit, extra_hexes: int, *, from_impulse_power: int = 0) -> bool:
    """C12.38: warp used for movement now plus ``extra_hexes`` of warp-paid maneuver energy must
    not exceed the warp power of the start of the turn. Impulse power provides at most one hex of
    the speed (C2.111) and ``from_impulse_power`` points of the maneuver (EM, C10.112, C12.382).
    Example (C12.38): 30 warp, movement cost 1, speed 31 uses 30 warp: no room for an HET.
    Example (C12.381): 24 warp at cost 2/3 uses 20 for speed 31 (30 hexes), 3 1/3 for an HET.
    """
    p = unit.profile
    cost = p.move_cost if p.move_cost else Fraction(1)
    speed_from_warp = max(unit.speed - (1 if p.impulse > 0 else 0), 0)
    maneuver = max(extra_hexes * cost - from_impulse_power, Fraction(0))
    return speed_from_warp * cost + maneuver <= unit.warp_at_start


def perform_het(unit: Unit, facing: int, clock: int) -> tuple[Unit, Event]:
    """Turn to ``facing`` in the hex; counters reset (C6.32)."""
    het = replace(unit.het, made=unit.het.made + 1, last_clock=clock)
    new = replace(unit, facing=facing, het=het, straight=0, since_slip=0)
    ev = event(
        "het", unit.id, "C6.1",
        f"{unit.id} makes a high energy turn to facing {FACING_LETTERS[facing]}",
        facing=FACING_LETTERS[facing], number=het.made,
    )
    return new, ev


def breakdown_threshold(unit: Unit) -> int | None:
    """The lowest modified roll that breaks down: the rating's low end, worse by one for each
    earlier breakdown (C6.544). None if the unit never rolls."""
    low = unit.profile.breakdown
    if low is None:
        return None
    return low - unit.het.breakdowns


def bonuses_left(unit: Unit) -> int:
    """HET bonuses still unused this scenario (C6.52; two for nimble ships, C11.22)."""
    return max(unit.profile.het_bonuses - unit.het.bonuses_used, 0)


def breakdown_check(unit: Unit, roll: int, options: RuleOptions) -> tuple[bool, int, bool]:
    """``(breaks down, modified roll, bonus used)`` for a 1d6 ``roll`` after an HET (C6.5)."""
    threshold = breakdown_threshold(unit)
    if threshold is None:
        return False, roll, False
    modifier = 0
    use_bonus = bonuses_left(unit) > 0 and options.het_bonus > 0
    if use_bonus:
        modifier -= options.het_bonus
    if unit.em.active and not (unit.nimble and options.nimble_units):
        modifier += 1  # C10.55
    if unit.profile.computer:
        modifier -= 1  # G11.14
    modified = roll + modifier
    broken = modified >= threshold
    if unit.profile.computer and not use_bonus and roll == 6:
        broken = True  # G11.14: after the bonuses an unmodified 6 always breaks down
    return broken, modified, use_bonus


def resolve_breakdown_roll(
    unit: Unit, roll: int, options: RuleOptions, *, turn: int, impulse: int, clock: int
) -> tuple[Unit, list[Event], bool]:
    """Apply the breakdown roll: ``(unit, events, broke down)``. On a breakdown the caller asks
    for the facing roll and calls :func:`apply_breakdown_facing`."""
    broken, modified, used = breakdown_check(unit, roll, options)
    het = unit.het
    if used:
        het = replace(het, bonuses_used=het.bonuses_used + 1)
    unit = replace(unit, het=het)
    threshold = breakdown_threshold(unit)
    text = (
        f"{unit.id} breakdown roll {roll} (modified {modified}, breaks on {threshold}+): "
        + ("BREAKDOWN" if broken else "no breakdown")
    )
    events = [event("breakdown_roll", unit.id, "C6.5", text, roll=roll, modified=modified,
                    threshold=threshold, bonus=used, broken=broken)]
    if not broken:
        return unit, events, False
    unit, more = apply_breakdown(unit, turn=turn, impulse=impulse, clock=clock)
    return unit, events + more, True


def apply_breakdown(unit: Unit, *, turn: int, impulse: int, clock: int) -> tuple[Unit, list[Event]]:
    """The effects of a breakdown (C6.54x); the random facing comes with the next roll."""
    p = unit.profile
    warp_ids = _every_fifth_warp_box(unit)
    crew_lost = -(-p.crew_units // 3)  # one third, rounded up (C6.5421)
    em = replace(unit.em, active=False, pending="", stopped_this_turn=True) if (
        unit.em.active or unit.em.pending) else unit.em
    new = replace(
        unit,
        speed=0,
        plot=stop_from(unit.plot, impulse),
        immobile_until=clock + 16,  # C6.541: no movement for 16 impulses
        no_fire_until=clock + 8,  # C6.5471-C6.5474
        accel_zero_turn=turn + 1,  # C2.233
        nimble_lost=True,  # C11.31
        het=replace(unit.het, breakdowns=unit.het.breakdowns + 1),  # C6.544
        destroyed=unit.destroyed | frozenset(warp_ids),
        em=em,
    )
    events = [
        event("breakdown", unit.id, "C6.54",
              f"{unit.id} breaks down: stops, cannot move for 16 impulses nor fire or launch "
              "for 8, breakdown rating worse by one", speed=0, until_clock=clock + 16),
        event("crew_lost", unit.id, "C6.5421",
              f"{unit.id} loses {crew_lost} crew units (one third, rounded up)", crew_units=crew_lost),
        event("boxes_destroyed", unit.id, "C6.5422",
              f"{unit.id} loses every fifth warp box: {', '.join(warp_ids) or 'none'}",
              boxes=tuple(warp_ids)),
        event("internal_hits", unit.id, "C6.5423",
              f"{unit.id} takes 2 internal hits on the Damage Allocation Chart", hits=2),
        event("repairs_aborted", unit.id, "C6.54", f"{unit.id}: all repairs in progress abort"),
        event("tractors_released", unit.id, "C6.54", f"{unit.id} releases its tractor links"),
    ]
    if p.nimble:
        events.append(event("nimble_lost", unit.id, "C11.31", f"{unit.id} is no longer nimble"))
    return new, events


def apply_breakdown_facing(unit: Unit, roll: int) -> tuple[Unit, Event]:
    """The random facing after a breakdown: 1d6, 1 = A ... 6 = F (C6.54, reference G6.8)."""
    facing = roll - 1
    new = replace(unit, facing=facing, straight=0, since_slip=0)
    return new, event("breakdown_facing", unit.id, "C6.54",
                      f"{unit.id} tumbles to facing {FACING_LETTERS[facing]}",
                      roll=roll, facing=FACING_LETTERS[facing])


def _every_fifth_warp_box(unit: Unit) -> list[str]:
    """Box ids of every fifth warp box not yet destroyed, counting the warp engines in SSD
    order (left, right, center) as one row (C6.5422; which boxes is decisions.md C6.5422)."""
    boxes = [
        f"{system}#{n}"
        for system, count in unit.profile.warp_systems
        for n in range(1, count + 1)
        if f"{system}#{n}" not in unit.destroyed
    ]
    return boxes[4::5]
