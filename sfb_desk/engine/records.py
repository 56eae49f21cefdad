"""What the session keeps beside the units for ships fought with the full rules.

A :class:`ShipRecord` is one ship's shields (D3), energy carried between turns (B3, H5, H6,
the arming state of each heavy weapon), this turn's allocation, firing history (E1.50), and
the damage counters the DAC keeps (D4.3222/D4.3223 groups, crew casualties G9.21, continuous
repair D9.7). The destroyed boxes themselves are :attr:`Unit.destroyed` (one place). The
:class:`Combat` is every ship record plus the :class:`~sfb_desk.rules.seeking.SeekingState`
(drone racks, seeker records). Both are frozen and encode with :mod:`.codec`, so saves carry
them. Units without a record (movement-only games, v1 saves) keep the movement-only steps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..rules.combat.rate import FiringHistory
from ..rules.combat.shields import ShieldState
from ..rules.damage import DamageState
from ..rules.energy import Allocation, EnergyState
from ..rules.seeking import SeekingState
from ..rules.ship import ShipSpec
from ..rules.energy.panels import NO_PANELS, PanelState
from ..rules.systems.andromedan import NO_ANDRO, AndroRecord
from ..rules.systems.state import SystemsRecord
from ..rules.systems.battlefield import BattlefieldState
from ..rules.systems.c2_play import NO_C2, C2Play
from ..rules.systems.tractors import TractorState

ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class ShipRecord:
    """One ship's combat and energy bookkeeping (module docstring).

    ``energy`` is the state at the start of the current turn; ``allocation`` this turn's
    accepted energy allocation (None before phase 1); ``armed`` the heavy weapons holding a
    complete load this turn and not yet fired; ``fired`` the weapons fired this turn (for the
    arming state machine at the end of turn); ``capacitor_used`` phaser energy spent this turn
    (H6); ``destroyed_this_turn`` for D9.73."""

    id: str
    spec_id: str
    shields: ShieldState
    energy: EnergyState
    allocation: Allocation | None = None
    history: FiringHistory = FiringHistory()
    armed: frozenset[str] = frozenset()
    fired: frozenset[str] = frozenset()
    capacitor_used: Fraction = ZERO
    destroyed_this_turn: frozenset[str] = frozenset()
    ship_destroyed: bool = False
    internal_points: int = 0
    crew_units_lost: int = 0
    boarding_parties_lost: int = 0
    torpedo_group: tuple[int, bool] = (0, False)
    drone_group: tuple[int, bool] = (0, False)
    repair_box: str | None = None
    repair_points: int = 0
    boxes_repaired: int = 0
    systems: SystemsRecord = SystemsRecord()
    panels: PanelState = NO_PANELS  # D10: power absorber panels (absorber_steps)
    andro: AndroRecord = NO_ANDRO  # G18, G19: hangar and displacement (andro_steps)

    @property
    def capacitor(self) -> Fraction:
        """Phaser capacitor energy available now (H6): carried, plus this turn's, less used."""
        paid = self.allocation.phaser_capacitor if self.allocation is not None else ZERO
        return self.energy.capacitor + paid - self.capacitor_used


@dataclass(frozen=True, slots=True)
class Combat:
    """The ship records and the seeking weapons' state of a game."""

    ships: tuple[ShipRecord, ...] = ()
    seeking: SeekingState = SeekingState()
    tractors: TractorState = TractorState()
    battlefield: BattlefieldState = BattlefieldState()
    c2: C2Play = NO_C2  # webs and PPD pulse trains (Module C2; ppd_steps, web_steps)

    def ship(self, ship_id: str) -> ShipRecord | None:
        for r in self.ships:
            if r.id == ship_id:
                return r
        return None


NO_COMBAT = Combat()


def damage_state(record: ShipRecord, spec: ShipSpec, destroyed: frozenset[str]) -> DamageState:
    """The rules' :class:`DamageState` of a ship from its record and destroyed boxes."""
    return replace(
        DamageState.for_ship(spec, destroyed),
        ship_destroyed=record.ship_destroyed, internal_points=record.internal_points,
        crew_units_lost=record.crew_units_lost, boarding_parties_lost=record.boarding_parties_lost,
        torpedo_group=record.torpedo_group, drone_group=record.drone_group,
        repair_box=record.repair_box, repair_points=record.repair_points,
        boxes_repaired=record.boxes_repaired,
    )


def with_damage(record: ShipRecord, damage: DamageState) -> ShipRecord:
    """``record`` with the counters of ``damage`` (the boxes go to the unit)."""
    return replace(
        record, ship_destroyed=damage.ship_destroyed, internal_points=damage.internal_points,
        crew_units_lost=damage.crew_units_lost, boarding_parties_lost=damage.boarding_parties_lost,
        torpedo_group=damage.torpedo_group, drone_group=damage.drone_group,
        repair_box=damage.repair_box, repair_points=damage.repair_points,
        boxes_repaired=damage.boxes_repaired,
    )
