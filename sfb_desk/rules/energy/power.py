"""Power available to a ship this turn (B3.1 lines 1-6; H2 warp, H3 impulse, H4 APR/AWR, H5).

Each undestroyed warp, impulse, APR or AWR box produces one point of power a turn; destroyed
boxes produce nothing (D4, D22.21). Batteries hold what was left in them: a destroyed battery
is taken from the discharged ones first (reference G6.12, TG), so the charge is capped by the
undestroyed boxes. Orion engine doubling (G15.2, announced in energy allocation; D17, D22.21)
doubles the warp output.

Kinds of power and what they may pay for (reference G6.12, 5.3; sfb-player's typed energy):

* warp engine power: anything, and the only power for warp movement, HETs and warp TACs;
* AWR power: anything but movement; counts as warp for warp-only uses (photons, E4.23);
* impulse power: anything but warp-only uses; at most one hex of movement (C2.111, H3.4);
* APR power and batteries: anything but movement and warp-only uses (H4, H5.4, C10.111).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..ship import WARP_SYSTEMS, ShipSpec
from .costs import ANDROMEDAN_BATTERY_BOX, BATTERY_BOX

ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class PowerSupply:
    """The power lines of this turn's form."""

    warp: Fraction = ZERO  # line 1 (after doubling)
    impulse: Fraction = ZERO  # line 2
    apr: Fraction = ZERO  # line 3 (reactors) ...
    awr: Fraction = ZERO  # ... split by kind
    battery_boxes: int = 0  # undestroyed battery boxes
    battery_capacity: Fraction = ZERO
    battery_charge: Fraction = ZERO  # line 5: charge at the start of the turn
    warp_boxes_lost: int = 0  # warp boxes destroyed (for D22 step D, a caller's count)

    @property
    def reactor(self) -> Fraction:
        return self.apr + self.awr

    @property
    def total(self) -> Fraction:
        """Line 4: total power = warp + impulse + reactors (batteries are separate)."""
        return self.warp + self.impulse + self.apr + self.awr

    @property
    def battery_room(self) -> Fraction:
        """Room to recharge (H5)."""
        return self.battery_capacity - self.battery_charge


def alive(spec: ShipSpec, system: str, destroyed: Iterable[str]) -> int:
    """Undestroyed boxes of a counted system."""
    dead = destroyed if isinstance(destroyed, (set, frozenset)) else frozenset(destroyed)
    return sum(1 for n in range(1, spec.count(system) + 1) if f"{system}#{n}" not in dead)


def battery_box_size(spec: ShipSpec) -> Fraction:
    """Energy one battery box holds: 1, or 5 on Andromedan ships (D10.55)."""
    return ANDROMEDAN_BATTERY_BOX if spec.race == "AND" else BATTERY_BOX


def power_available(
    spec: ShipSpec,
    destroyed: Iterable[str] = (),
    battery_charge: Fraction | int | None = None,
    *,
    engine_doubling: bool = False,
) -> PowerSupply:
    """The power of ``spec`` with the boxes ``destroyed``; ``battery_charge`` defaults to full
    batteries (all batteries are charged at the start of a scenario, S4.10)."""
    dead = frozenset(destroyed)
    warp = sum(alive(spec, s, dead) for s in WARP_SYSTEMS)
    lost = spec.warp_boxes - warp
    boxes = alive(spec, "battery", dead)
    capacity = boxes * battery_box_size(spec)
    charge = capacity if battery_charge is None else min(Fraction(battery_charge), capacity)
    return PowerSupply(
        warp=Fraction(warp * (2 if engine_doubling else 1)),
        impulse=Fraction(alive(spec, "impulse", dead)),
        apr=Fraction(alive(spec, "apr", dead)),
        awr=Fraction(alive(spec, "awr", dead)),
        battery_boxes=boxes,
        battery_capacity=capacity,
        battery_charge=max(charge, ZERO),
        warp_boxes_lost=lost,
    )


def damage_control_rating(spec: ShipSpec, destroyed: Iterable[str] = ()) -> int:
    """The highest undestroyed value of the damage-control track (D9; reference G6.5)."""
    dead = frozenset(destroyed)
    values = [v for n, v in enumerate(spec.damage_control_track, 1)
              if f"damage_control#{n}" not in dead]
    return max(values, default=0)


def sensor_rating(spec: ShipSpec, destroyed: Iterable[str] = ()) -> int:
    """The highest unchecked sensor box (D6.310: the limit of self-generated ECM + ECCM)."""
    dead = frozenset(destroyed)
    values = [v for n, v in enumerate(spec.sensor_track, 1) if f"sensor#{n}" not in dead]
    return max(values, default=0)
