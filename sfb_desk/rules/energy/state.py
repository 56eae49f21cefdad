"""What a ship's energy carries from turn to turn: battery charge, phaser capacitor, the arming
state of each weapon, last turn's speed plot, and the reserve power used this turn (H7).

:func:`initial_state` sets a ship up for the first turn (batteries charged, S4.10);
:func:`carry` ends a turn: it applies the turn's allocation, the weapons fired and the reserve
power used, and returns the state at the start of the next turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from ..ship import ShipSpec
from .allocation import Allocation, SpeedPlot
from .arming import WeaponArming, end_turn, launchers
from .arming_step import step
from .costs import PHASER_CAPACITY, PHASER_TYPES
from .options import DEFAULT_OPTIONS, EnergyOptions
from .power import PowerSupply, power_available

ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class ReserveUse:
    """Reserve power used during the turn (H7): ``amount`` at ``impulse`` for ``purpose``;
    ``warp`` when it was reserve warp (H7.4)."""

    impulse: int
    amount: Fraction
    purpose: str
    warp: bool = False


@dataclass(frozen=True, slots=True)
class EnergyState:
    """One ship's energy at the start of ``turn``.

    ``battery_charge`` None means full (S4.10). ``prev_plot`` None means last turn's speeds are
    unknown (no acceleration limit is checked, C2.21). ``em_carried``: EM continues from last
    turn and must be paid (C10.313). ``crippled`` makes emergency life support eligible (S2.4).
    ``reserve`` lists the reserve power used so far this turn (H7).
    """

    ship: str
    turn: int = 1
    battery_charge: Fraction | None = None
    capacitor: Fraction = ZERO
    weapons: tuple[WeaponArming, ...] = ()
    destroyed: frozenset[str] = frozenset()
    prev_plot: SpeedPlot | None = None
    em_carried: bool = False
    crippled: bool = False
    reserve: tuple[ReserveUse, ...] = ()

    def arming(self, box: str) -> WeaponArming | None:
        for w in self.weapons:
            if w.box == box:
                return w
        return None

    def supply(self, spec: ShipSpec, *, engine_doubling: bool = False) -> PowerSupply:
        return power_available(spec, self.destroyed, self.battery_charge,
                               engine_doubling=engine_doubling)

    @property
    def reserve_used(self) -> Fraction:
        return sum((r.amount for r in self.reserve), ZERO)

    @property
    def reserve_warp_used(self) -> Fraction:
        return sum((r.amount for r in self.reserve if r.warp), ZERO)


def capacitor_capacity(spec: ShipSpec, destroyed: Iterable[str] = ()) -> Fraction:
    """Phaser capacitor capacity: the sum over undestroyed phasers (H6.21)."""
    dead = frozenset(destroyed)
    total = ZERO
    for w in spec.weapons:
        if w.type in PHASER_TYPES and not any(b in dead for b in w.box_ids):
            total += PHASER_CAPACITY[w.type]
    return total


def initial_state(
    spec: ShipSpec,
    *,
    turn: int = 1,
    destroyed: Iterable[str] = (),
    capacitor_full: bool = False,
    prev_plot: SpeedPlot | None = None,
) -> EnergyState:
    """A ship at the start of a scenario: batteries charged (S4.10), weapons empty, the phaser
    capacitor empty or full (weapon status, S4)."""
    dead = frozenset(destroyed)
    return EnergyState(
        ship=spec.id,
        turn=turn,
        battery_charge=None,
        capacitor=capacitor_capacity(spec, dead) if capacitor_full else ZERO,
        weapons=launchers(spec),
        destroyed=dead,
        prev_plot=prev_plot,
    )


def carry(
    state: EnergyState,
    allocation: Allocation,
    spec: ShipSpec,
    *,
    fired: Iterable[str] = (),
    capacitor_used: Fraction | int = 0,
    destroyed: Iterable[str] | None = None,
    em_carried: bool = False,
    crippled: bool | None = None,
    options: EnergyOptions = DEFAULT_OPTIONS,
) -> EnergyState:
    """The state at the start of the next turn.

    Batteries: the charge less what the allocation discharged and the reserve power used, plus
    the recharge (unused reserve warp goes into the batteries, H7.36), within the capacity of
    the batteries still undestroyed (H5). The phaser capacitor keeps its energy (H6) less
    ``capacitor_used``. Weapons go through :func:`~.arming.end_turn`; ``destroyed`` is the
    damage at the end of the turn (default: unchanged).
    """
    dead = state.destroyed if destroyed is None else frozenset(destroyed)
    fired_set = frozenset(fired)
    supply = state.supply(spec, engine_doubling=allocation.engine_doubling)
    end_supply = power_available(spec, dead, supply.battery_charge)
    charge = (supply.battery_charge - allocation.battery_discharge + allocation.battery_recharge
              - state.reserve_used)
    charge = min(max(charge, ZERO), end_supply.battery_capacity)
    capacity = capacitor_capacity(spec, dead)
    capacitor = min(capacity, max(ZERO, state.capacitor + allocation.phaser_capacitor
                                   - Fraction(capacitor_used)))
    orders = {o.box: o for o in allocation.weapons}
    weapons = []
    for w in state.weapons:
        during = step(w, orders.get(w.box), turn=state.turn, options=options,
                      destroyed=weapon_destroyed(spec, w.box, state.destroyed)).state
        weapons.append(end_turn(during, fired=w.box in fired_set,
                                destroyed=weapon_destroyed(spec, w.box, dead), turn=state.turn,
                                options=options))
    return replace(
        state,
        turn=state.turn + 1,
        battery_charge=charge,
        capacitor=capacitor,
        weapons=tuple(weapons),
        destroyed=dead,
        prev_plot=allocation.speed_plot,
        em_carried=em_carried,
        crippled=state.crippled if crippled is None else crippled,
        reserve=(),
    )


def weapon_destroyed(spec: ShipSpec, box: str, dead: frozenset[str]) -> bool:
    """Whether the weapon (probe launcher, shuttle box) whose order id is ``box`` is destroyed:
    every one of its boxes is (a weapon of several boxes works until the last goes)."""
    if box in dead:
        return True
    for w in spec.weapons:
        if f"{w.family}#{w.designator}" == box:
            return all(b in dead for b in w.box_ids)
    return False
