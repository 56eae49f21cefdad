"""Strategic speed from the current SSD (004 C1) and the pulse chart (004 C2).

C1: the ship's current maximum SFB speed using warp power only, ignoring the speed-31 limit,
divided by 7.5, fractions dropped. Fast cruisers (R6) and light dreadnoughts (R7) add 2 to the
SFB speed first. A result of 0, or a ship without warp engines (by design or dropped), moves at
1 by non-tactical warp if an impulse engine works. Out of supply: halved, rounded up. A
legendary engineer adds 4 power (I1). No ship moves more than 5 hexes a turn (C2).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor

from ...rules.ship import ShipSpec
from ..ships import CampaignShip

MAX_STRATEGIC_SPEED = 5  # C2: the pulse chart's fastest column
ENGINEER_POWER = 4  # I1: a legendary engineer's extra power

#: C2 pulse chart: for each strategic speed, the pulses (1-5) on which the ship moves a hex.
PULSES: dict[int, tuple[int, ...]] = {
    1: (3,), 2: (2, 4), 3: (1, 3, 5), 4: (1, 2, 4, 5), 5: (1, 2, 3, 4, 5),
}


@dataclass(frozen=True)
class StrategicSpeed:
    speed: int
    sfb_speed: Fraction
    explain: str


def strategic_speed(spec: ShipSpec, ship: CampaignShip, *, engineer: bool | None = None
                    ) -> StrategicSpeed:
    """C1 for ``ship`` of class ``spec`` as its SSD stands now (module docstring)."""
    warp = ship.warp_left(spec)
    engineer = ("Engineer" in ship.officers) if engineer is None else engineer
    power = warp + (ENGINEER_POWER if engineer and warp else 0)
    cost = spec.move_cost or Fraction(1)
    sfb = Fraction(power) / cost + (2 if ship.fast else 0)
    speed = floor(sfb / Fraction(15, 2))
    why = [f"{warp} warp" + (f" + {ENGINEER_POWER} (legendary engineer)" if power > warp else "")
           + f" / move cost {cost}" + (" + 2 (fast ship)" if ship.fast else "")
           + f" = SFB speed {float(sfb):g}; / 7.5 = {speed}"]
    if speed == 0:
        if ship.impulse_left(spec) > 0:
            speed = 1
            why.append("non-tactical warp: 1")
        else:
            why.append("no warp and no impulse: 0")
    if not ship.in_supply:
        speed = ceil(speed / 2)
        why.append(f"out of supply: halved, rounded up, {speed}")
    if speed > MAX_STRATEGIC_SPEED:
        speed = MAX_STRATEGIC_SPEED
        why.append(f"at most {MAX_STRATEGIC_SPEED} (C2)")
    return StrategicSpeed(speed, sfb, "; ".join(why) + " (C1)")


def moves_on_pulse(speed: int, pulse: int) -> bool:
    """C2: does a ship of strategic ``speed`` move a hex on ``pulse`` (1-5)?"""
    if not 1 <= pulse <= 5:
        raise ValueError(f"operational movement has pulses 1 to 5, not {pulse} (C2)")
    return pulse in PULSES.get(min(speed, MAX_STRATEGIC_SPEED), ())


def retrograde_allowance(movement_left: int, in_supply: bool) -> int:
    """C7: up to half the ship's current movement, rounded up; none out of supply."""
    return ceil(movement_left / 2) if in_supply else 0
