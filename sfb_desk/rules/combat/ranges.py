"""True and effective range (D1.4), fire control (D6.6, D6.7, D19), scanners and lock-on (D6.1, D6.2).

Reference basic-set-facts.md G1.1 (High unless noted):

* **True range** is the hex count, :func:`sfb_desk.rules.hexes.hex_range`.
* **Effective range** (D1.4) reads the hit and damage charts: the true range, **doubled** when
  the firer has no lock-on to the target (D6.123) or fires under passive fire control (D19.11),
  **plus the scanner factor** (D6.21), **plus the cloak bonus** (G13: +5 for a cloaked target,
  +1 per fade impulse). Doubling comes first. Passive fire control and a missing lock-on do
  not double twice, and passive fire control adds no cloak bonus of its own (D19.11, seed 000
  L2340). Seed 000 L1949 (D17): "the true range to a cloaked ship (without a lock-on to it) is
  47 but the effective range would be 99".
* A negative scanner factor (a legendary weapons officer, G22.712, seed 000 L5354) is not used
  on targets closer than 8 hexes true range.

Which checks use the true range (overload limit 8, D6.126; photon minimum range, E4.14;
disruptor damage, E3.33) is the business of :mod:`.weapons` and :mod:`.resolve`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sfb_desk.rules.results import Refusal

from .options import DEFAULT_COMBAT_OPTIONS, LOW_POWER_NO_FIRE, CombatOptions

#: Fire-control modes (D6.6, D6.7, D19). OFF covers inactive and disrupted (D6.68) fire control.
ACTIVE = "active"
LOW_POWER = "low-power"
PASSIVE = "passive"
OFF = "off"
FIRE_CONTROL_MODES = (ACTIVE, LOW_POWER, PASSIVE, OFF)

#: Impulses after activation before active fire control can fire (D6.633, D19.26).
ACTIVATION_DELAY = 4
#: Direct fire under passive fire control reaches at most this true range (D19.23).
PASSIVE_MAX_TRUE_RANGE = 5
#: The cloak bonus at its fullest (G13; Med).
CLOAK_MAX_BONUS = 5
#: A negative scanner factor applies only from this true range on (G22.712).
NEGATIVE_SCANNER_FROM = 8


@dataclass(frozen=True, slots=True)
class FireControl:
    """A unit's fire control: its mode and, for active fire control, the clock (absolute
    impulse) from which it may fire (activation + 4, D6.633). ``em`` is True while the unit
    performs erratic maneuvers (C10.414; under passive fire control it cannot fire, D19.25)."""

    mode: str = ACTIVE
    usable_from: int = 0
    em: bool = False

    def __post_init__(self) -> None:
        if self.mode not in FIRE_CONTROL_MODES:
            raise ValueError(f"fire control is one of {FIRE_CONTROL_MODES}, not {self.mode!r}")


def passive_like(fire_control: FireControl) -> bool:
    """Does this fire control fire as passive fire control does (D19)? Low-power fire control
    does, when it may fire at all (D6.7, rule option ``low_power_fire``)."""
    return fire_control.mode in (PASSIVE, LOW_POWER)


def check_fire_control(
    fire_control: FireControl, clock: int, options: CombatOptions = DEFAULT_COMBAT_OPTIONS
) -> Refusal | None:
    """Can this fire control fire direct-fire weapons at ``clock``?"""
    mode = fire_control.mode
    if mode == OFF:
        return Refusal("D6.6", "direct fire needs active (or passive) fire control; it is off")
    if mode == LOW_POWER and options.low_power_fire == LOW_POWER_NO_FIRE:
        return Refusal("D6.7", "low-power fire control cannot fire weapons (rule option)")
    if mode == ACTIVE and clock < fire_control.usable_from:
        return Refusal(
            "D6.633",
            f"active fire control fires 4 impulses after activation, from impulse clock "
            f"{fire_control.usable_from} (now {clock})",
        )
    if passive_like(fire_control) and fire_control.em:
        return Refusal("D19.25", "a unit using erratic maneuvers cannot fire under passive fire control")
    return None


def effective_range(
    true_range: int,
    *,
    lock_on: bool = True,
    passive: bool = False,
    scanner: int = 0,
    cloak: int = 0,
) -> int:
    """The effective range (D1.4) at ``true_range``: doubled without a lock-on (D6.123) or
    under passive fire control (D19.11), plus the scanner factor (D6.21; a negative factor only
    from true range 8, G22.712), plus the cloak bonus 0..5 (G13). Never below 0."""
    if not isinstance(true_range, int) or true_range < 0:
        raise ValueError(f"true range is a whole number of hexes >= 0, not {true_range!r}")
    if not 0 <= cloak <= CLOAK_MAX_BONUS:
        raise ValueError(f"the cloak bonus is 0..{CLOAK_MAX_BONUS}, not {cloak!r}")
    rng = true_range * 2 if (passive or not lock_on) else true_range
    if scanner >= 0 or true_range >= NEGATIVE_SCANNER_FROM:
        rng += scanner
    return max(0, rng + cloak)


def track_value(track: tuple[int, ...], destroyed: int) -> int:
    """The value of a sensor or scanner track with its ``destroyed`` leftmost boxes gone: the
    leftmost undestroyed box; the last box is never destroyed (D4.33)."""
    if not track:
        raise ValueError("the ship has no such track")
    return track[min(max(destroyed, 0), len(track) - 1)]


def scanner_factor(track: tuple[int, ...], destroyed: int = 0) -> int:
    """The scanner factor added to the range (D6.21): typically 0,0,1,3,5,9 (reference G1.1)."""
    return track_value(track, destroyed)


def sensor_rating(track: tuple[int, ...], destroyed: int = 0) -> int:
    """The sensor rating (D6.1): typically 6,6,5,3,1,0."""
    return track_value(track, destroyed)


def lock_on_succeeds(roll: int, rating: int) -> bool:
    """The turn's lock-on roll (D6.11): success on 1d6 at most the sensor rating (so always
    at 6)."""
    if not isinstance(roll, int) or not 1 <= roll <= 6:
        raise ValueError(f"the lock-on roll is 1d6 (1..6), not {roll!r}")
    return roll <= rating
