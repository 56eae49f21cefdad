"""The state of a game as the rules see it, and the rule options the table agreed on.

:class:`GameState` is immutable (frozen, slotted); the sequencer session (sfb_desk.engine)
derives each new state from the last. It carries the dice seed of the solo-play dice source
(boardgame.io style), so that a saved game replays and rolls on exactly as before.

:class:`RuleOptions` holds every choice where the sources disagree or where players differ
(sfb_desk/rules/decisions.md names the rule behind each), and the switches of the optional and
Commander's-level rules. They are fields of the game state, never branches scattered in code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hexes import FLOATING_MAP, MapBounds
from .systems.options import SystemsOptions
from .units import GONE, Unit


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Switches for disputed and optional movement rules (see decisions.md for each)."""

    # C6.33 (JP's quote: "any impulse") against C6.37 as read by AM, TG and SP (not impulse 1).
    het_on_impulse_1: bool = True
    # C6.36: impulses between two HETs of one ship (AM 4, SP 8).
    het_min_gap: int = 4
    # C6.34: HETs a ship may make in one turn (AM).
    het_max_per_turn: int = 4
    # C6.52: die-roll bonus of the first HET of the scenario (C11.22: two for nimble ships).
    het_bonus: int = 2
    # C4.33 as JP quotes it: the hex entered by a turn counts toward slip mode. False = SP.
    turn_satisfies_slip: bool = True
    # HET / TAC / EM need energy paid in the energy allocation (C6.2, C5, C10.11).
    require_maneuver_energy: bool = True
    # Commander's level: mid-turn speed changes (C12.0); unplotted accelerations (C12.24 note:
    # players may agree before the scenario not to use them).
    mid_turn_speed_changes: bool = True
    unplotted_accelerations: bool = True
    # Commander's level: erratic maneuvering (C10.0). Advanced: nimble units (C11.0).
    erratic_maneuvers: bool = True
    nimble_units: bool = True
    # C8: impulses a ship keeps moving after declaring emergency deceleration (AM: 2).
    emergency_decel_delay: int = 2
    # C7.2: effective range beyond which a ship may disengage by separation.
    separation_range: int = 50
    # Ship systems (D5, D7, G7, G8, G13): rules/systems/options.py and decisions.md.
    systems: SystemsOptions = SystemsOptions()


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need to go on: the clock, the units, the options, the dice seed.

    ``impulse`` is 0 before the Impulse Procedure of ``turn`` starts (phases 1-5) and 32 after
    it. ``last_turn`` ends the scenario (None = open-ended). ``map`` is the playing area
    (the floating map by default; a unit leaving a bounded map is ``off_map``).
    """

    turn: int = 1
    impulse: int = 0
    units: tuple[Unit, ...] = ()
    options: RuleOptions = RuleOptions()
    dice_seed: int | None = None
    last_turn: int | None = None
    map: MapBounds = FLOATING_MAP

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def find(self, unit_id: str) -> Unit | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None

    @property
    def on_map(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.status not in GONE)

    def with_unit(self, unit: Unit) -> GameState:
        """This state with ``unit`` replacing the unit of the same id (or appended)."""
        units = list(self.units)
        for i, u in enumerate(units):
            if u.id == unit.id:
                units[i] = unit
                break
        else:
            units.append(unit)
        return GameState(
            self.turn, self.impulse, tuple(units), self.options, self.dice_seed,
            self.last_turn, self.map,
        )
