"""The cloaking device (G13), as pure functions over a frozen :class:`CloakState`.

* **Cost** (G13.21-G13.23): the ship's cloak cost (its ship file), paid in the Energy
  Allocation Phase once a turn however often the cloak is switched. If it is not paid, a
  cloaked or fading-out ship starts to fade in on impulse 1 (G13.116, G13.117).
* **Switching** (G13.14, G13.15): in the Cloaking Device Stage (6B02) of an impulse; at most one
  activation and one deactivation a turn (amarillo).
* **Fade** (G13.14, G13.302): fading out and fading in take 5 impulses each. The range penalty
  of fire at the ship grows +1 an impulse of fade-out to +5 (then the ship is cloaked) and
  shrinks +5 to +1 during fade-in (:func:`cloak_bonus`).
* **What it may not do** (G13.51, G13.133): while cloaked or fading it may not fire, launch or
  guide seeking weapons, use tractors or transporters; after decloaking it may not fire until
  the fade-in is complete (:func:`blocks`).
* **Fire at it** (G13.3, G13.37): by rule option ``cloak_fire``: "range" (default) adds the
  cloak bonus to the effective range and, once fully cloaked, the firer has no lock-on
  (G13.301, G13.31: the range is doubled); "table" rolls the G13.37 die per weapon instead
  (1-2 full damage, 3-4 half, 5-6 a quarter, fractions dropped: :func:`cloak_damage`); "both".
* **Seeking weapons** (decisions.md G13.4): seekers aimed at a ship that becomes fully cloaked
  lose their tracking (amarillo) and fly on straight.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..results import Refusal

OFF = "off"
FADING_OUT = "fading_out"
CLOAKED = "cloaked"
FADING_IN = "fading_in"
STATES = (OFF, FADING_OUT, CLOAKED, FADING_IN)
FADE_IMPULSES = 5  # G13.14, G13.15
MAX_BONUS = 5  # G13.302


@dataclass(frozen=True, slots=True)
class CloakState:
    """``status`` with the clock the current fade started (``since``), and the clock of the
    last activation and deactivation (one of each a turn)."""

    status: str = OFF
    since: int = 0
    activated: int = -999
    deactivated: int = -999


NO_CLOAK = CloakState()


def now(state: CloakState, clock: int) -> str:
    """The status at ``clock``: a fade that has run 5 impulses is complete."""
    if state.status == FADING_OUT and clock - state.since >= FADE_IMPULSES:
        return CLOAKED
    if state.status == FADING_IN and clock - state.since >= FADE_IMPULSES:
        return OFF
    return state.status


def settle(state: CloakState, clock: int) -> CloakState:
    """``state`` with a completed fade recorded as its end state."""
    status = now(state, clock)
    if status == state.status:
        return state
    return CloakState(status, state.since, state.activated, state.deactivated)


def cloak_bonus(state: CloakState, clock: int) -> int:
    """G13.302: the effective-range penalty of fire at the ship (0..5)."""
    status = now(state, clock)
    if status == CLOAKED:
        return MAX_BONUS
    if status == FADING_OUT:
        return min(clock - state.since + 1, MAX_BONUS)
    if status == FADING_IN:
        return max(MAX_BONUS - (clock - state.since), 1)
    return 0


def fully_cloaked(state: CloakState, clock: int) -> bool:
    return now(state, clock) == CLOAKED


def blocks(state: CloakState, clock: int) -> bool:
    """G13.51/G13.133: cloaked or fading (out or in): no fire, launch, tractor or transporter."""
    return now(state, clock) != OFF


def _turn_of(clock: int) -> int:
    return (clock - 1) // 32


def activate(state: CloakState, clock: int, *, paid: bool, ship: str = "") -> CloakState | Refusal:
    """Start fading out (G13.14)."""
    who = ship or "the ship"
    status = now(state, clock)
    if not paid:
        return Refusal("G13.21", f"{who} did not pay its cloak cost this turn (Energy Allocation)")
    if status in (FADING_OUT, CLOAKED):
        return Refusal("G13.14", f"{who} is already {status.replace('_', ' ')}")
    if status == FADING_IN:
        return Refusal("G13.15", f"{who} is fading in; it may cloak again once visible")
    if _turn_of(state.activated) == _turn_of(clock):
        return Refusal("G13.14", f"{who} has cloaked once this turn already")
    return CloakState(FADING_OUT, clock, clock, state.deactivated)


def deactivate(state: CloakState, clock: int, ship: str = "", rule: str = "G13.15") -> CloakState | Refusal:
    """Start fading in (G13.15; G13.116 when the cost was not paid)."""
    who = ship or "the ship"
    status = now(state, clock)
    if status in (OFF, FADING_IN):
        return Refusal("G13.15", f"{who} is not cloaked")
    if rule == "G13.15" and _turn_of(state.deactivated) == _turn_of(clock):
        return Refusal("G13.15", f"{who} has decloaked once this turn already")
    return CloakState(FADING_IN, clock, state.activated, clock)


def cloak_damage(damage: int, roll: int, *, legendary: bool = False) -> int:
    """G13.37: damage of one weapon at a cloaked ship by the 1d6 roll (a legendary weapons
    officer subtracts 1, G22.73): 1-2 full, 3-4 half, 5-6 a quarter, 7+ nothing; fractions
    dropped (decisions.md G13.37)."""
    r = roll - (1 if legendary else 0)
    if r <= 2:
        return damage
    if r <= 4:
        return damage // 2
    if r <= 6:
        return damage // 4
    return 0
