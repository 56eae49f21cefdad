"""Rate of fire: when a weapon may fire again (E1.50, E2.22, E2.151, E5.13).

Reference G7 "Common to all weapons" (High): no weapon may fire twice within 8 impulses (a
quarter turn), counted across the turn boundary and per weapon, not per family (E1.50, JP's
quote). A phaser fires at most once a turn (E2.22, E2.23) and is under E1.50 as well. The
phaser-G fires up to 4 times a turn and is exempt from the quarter-turn gap (E2.151, G4.5);
we allow several of its shots in one impulse (decisions.md). The anti-drone fires one round an
impulse (E5.13) and is exempt from the gap (E1.213).

Times are absolute impulse clocks, ``(turn - 1) * 32 + impulse`` (:func:`sfb_desk.rules.units.clock_of`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import IMPULSES

from .options import DEFAULT_COMBAT_OPTIONS, CombatOptions
from .weapons import GATLING, PER_IMPULSE, PHASER, DirectFireWeapon


def turn_of(clock: int) -> int:
    """The turn an absolute impulse clock falls in (clock 1..32 is turn 1)."""
    return (clock - 1) // IMPULSES + 1


@dataclass(frozen=True, slots=True)
class FiringHistory:
    """The recent shots of one unit's weapons: ``(box id, clock)`` pairs, oldest first.

    Only shots that still matter are kept: this turn's and the last ``refire_gap`` impulses'
    (:func:`record_shot` drops the rest)."""

    shots: tuple[tuple[str, int], ...] = ()

    def last_shot(self, box_id: str) -> int | None:
        times = [c for b, c in self.shots if b == box_id]
        return max(times) if times else None

    def shots_in_turn(self, box_id: str, turn: int) -> int:
        return sum(1 for b, c in self.shots if b == box_id and turn_of(c) == turn)


def check_rate_of_fire(
    history: FiringHistory,
    weapon: DirectFireWeapon,
    box_id: str,
    clock: int,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> Refusal | None:
    """May the weapon in box ``box_id`` fire at ``clock``? A refusal names the rule."""
    turn = turn_of(clock)
    last = history.last_shot(box_id)
    if weapon.refire == PER_IMPULSE:
        if last == clock:
            return Refusal("E5.13", f"{box_id} has fired its round this impulse (one an impulse)")
        return None
    if weapon.refire == GATLING:
        used = history.shots_in_turn(box_id, turn)
        if used >= options.phaser_g_shots:
            return Refusal("E2.151", f"{box_id} has fired its {options.phaser_g_shots} shots this turn")
        return None
    if weapon.refire == PHASER and history.shots_in_turn(box_id, turn):
        return Refusal("E2.22", f"{box_id} has fired this turn; a phaser fires once a turn")
    if last is not None and clock - last < options.refire_gap:
        return Refusal(
            "E1.50",
            f"{box_id} fired {clock - last} impulse(s) ago; a weapon may not fire twice within"
            f" {options.refire_gap} impulses",
        )
    return None


def record_shot(
    history: FiringHistory, box_id: str, clock: int, options: CombatOptions = DEFAULT_COMBAT_OPTIONS
) -> FiringHistory:
    """The history with a shot of ``box_id`` at ``clock``; shots from before this turn and
    older than the refire gap are dropped."""
    turn = turn_of(clock)
    keep = tuple(
        (b, c) for b, c in history.shots
        if turn_of(c) == turn or clock - c < options.refire_gap
    )
    return FiringHistory((*keep, (box_id, clock)))
