"""Reserve power used during the turn (H7), tracked in :attr:`EnergyState.reserve`.

Reserve power is battery power (H5) spent after energy allocation; warp power put into the
batteries in the allocation is reserve warp (H7.4), the only reserve that can pay for an HET
(H7.42), complete a plasma torpedo under rolling delay (H7.48, FP1.222), start a displacement
device (H7.32, G18.21) or pay an unplotted acceleration (C12.24). Reserve impulse can raise the
speed by one only (C12.251; movement.speed checks that). What reserve may not pay for
(reference G6.12, the seeds): repairs (G17.23), emergency damage repair (D14.28), scout
channels (G24.141), keeping stasis fields (G16.23), enveloping torpedoes (FP1.92), PPD arming
(E11.24), raising a shield (H7.345; it may only reinforce, H7.134).

:func:`reserve_available` is what the batteries can still give; :func:`use_reserve` records a
use or returns the issue that forbids it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..ship import ShipSpec
from .allocation import Allocation
from .issue import Issue
from .state import EnergyState, ReserveUse

ZERO = Fraction(0)

#: What reserve power may pay for, with the rule that allows it.
ALLOWED: dict[str, str] = {
    "general_reinforcement": "H7.134",
    "specific_reinforcement": "H7.134",
    "eccm": "H7.33",
    "ecm": "D6.315",
    "phaser_capacitor": "H7.5",
    "tractors": "H7.2",
    "negative_tractor": "H7.2",
    "transporters": "H7.2",
    "het": "H7.42",
    "plasma_completion": "H7.48",
    "em": "C10.113",
    "acceleration": "C12.24",
    "weapon_overload": "H7.5",
    "ppd_overload": "E11.24",
    "tr_heavy": "E9.2134",
    "web_caster": "E12.31",
    "snare": "E13.211",
    "pa_reinforce": "D10.24",
    "displacement_start": "H7.32",
    "plasma_d": "FP10.32",
    "life_support": "H7.2",
    "fire_control": "H7.2",
}
#: What reserve power may never pay for, with the rule that forbids it.
FORBIDDEN: dict[str, str] = {
    "repair": "G17.23",
    "damage_control": "G17.23",
    "edr": "D14.28",
    "scout_channel": "G24.141",
    "sfg_maintain": "G16.23",
    "enveloping": "FP1.92",
    "ppd_arming": "E11.24",
    "raise_shields": "H7.345",
}
#: Uses that need reserve warp (H7.4).
WARP_ONLY = frozenset({"het", "plasma_completion", "displacement_start"})


def reserve_available(state: EnergyState, allocation: Allocation, spec: ShipSpec) -> Fraction:
    """Battery power still available as reserve this turn: the charge, less what the
    allocation discharged, plus what it recharged (H7.4), less the reserve already used."""
    supply = state.supply(spec, engine_doubling=allocation.engine_doubling)
    charge = min(supply.battery_charge - allocation.battery_discharge + allocation.battery_recharge,
                 supply.battery_capacity)
    return max(charge - state.reserve_used, ZERO)


def reserve_warp_available(state: EnergyState, allocation: Allocation) -> Fraction:
    """Reserve warp not yet used (H7.4)."""
    return max(allocation.reserve_warp - state.reserve_warp_used, ZERO)


def use_reserve(
    state: EnergyState,
    allocation: Allocation,
    spec: ShipSpec,
    *,
    purpose: str,
    amount: Fraction | int,
    impulse: int,
    warp: bool | None = None,
) -> tuple[EnergyState, Issue | None]:
    """Record ``amount`` of reserve power used on ``impulse`` for ``purpose``. Returns the new
    state, or the old one and the issue when the use is not allowed."""
    amount = Fraction(amount)
    line = purpose
    if purpose in FORBIDDEN:
        return state, Issue(FORBIDDEN[purpose], f"reserve power cannot pay for {purpose}", line)
    if purpose not in ALLOWED:
        return state, Issue("H7.2", f"reserve power has no use {purpose!r}", line)
    if amount <= 0 or not 1 <= impulse <= 32:
        return state, Issue("H7.1", "reserve power is a positive amount on impulse 1-32", line)
    needs_warp = purpose in WARP_ONLY if warp is None else warp
    if needs_warp and amount > reserve_warp_available(state, allocation):
        return state, Issue(
            "H7.42" if purpose == "het" else "H7.4",
            f"{purpose} needs reserve warp: {reserve_warp_available(state, allocation)} left, "
            f"not {amount}", line)
    available = reserve_available(state, allocation, spec)
    if amount > available:
        return state, Issue("H7.1", f"the batteries can give {available} more reserve power, "
                            f"not {amount}", line)
    use = ReserveUse(impulse, amount, purpose, needs_warp)
    return replace(state, reserve=state.reserve + (use,)), None
