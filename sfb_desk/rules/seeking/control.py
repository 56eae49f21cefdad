"""Control of seeking weapons (F3.2): how many a unit may guide at once.

Reference basic-set-facts.md G4.2 "Control" (High): a ship controls seeking weapons up to its
sensor rating (F3.21; usually 6); a ship armed with neither drones nor plasma controls half of
that, rounded up (F3.211). Scouts add one channel of 6 (G24.24, seed 000 L5653). Some ships
control double their sensor rating (seed 000 L14522, L15487; a tug with the plus refit,
L14791): ``double=True``. A battle pod adds 3 of its own (R5.15, L8343): ``extra=3``.

Launching a seeking weapon takes a control channel (F3.2): a launch is refused when the unit
already controls its limit (:func:`control_refusal`). Suicide shuttles use one too (J2.2,
reference G5).
"""

from __future__ import annotations

from ..results import Refusal
from ..ship import ShipSpec

#: Seeking weapons one scout channel controls (G24.24).
SCOUT_CHANNEL = 6


def is_seeker_armed(spec: ShipSpec) -> bool:
    """Does the ship carry drones or plasma torpedoes (F3.211)?"""
    return any(w.family in ("drone", "plasma") for w in spec.weapons)


def control_limit(
    sensor_rating: int,
    *,
    seeker_armed: bool = True,
    double: bool = False,
    scout_channel: bool = False,
    extra: int = 0,
) -> int:
    """Seeking weapons a unit with this sensor rating may control (F3.21, F3.211, G24.24)."""
    if not isinstance(sensor_rating, int) or sensor_rating < 0:
        raise ValueError(f"a sensor rating is a whole number >= 0, not {sensor_rating!r}")
    limit = sensor_rating if seeker_armed else -(-sensor_rating // 2)
    if double:
        limit *= 2
    return limit + (SCOUT_CHANNEL if scout_channel else 0) + extra


def control_refusal(controlled: int, limit: int, unit: str = "the unit") -> Refusal | None:
    """A refusal when ``unit``, already controlling ``controlled`` seekers, has no channel left."""
    if controlled >= limit:
        return Refusal("F3.2", f"{unit} controls {controlled} seeking weapon(s), its limit is {limit}")
    return None
