"""Can the program play a scenario now, and if not, which ships must the player complete?

Playability is worked out from the ship library each time (ships become complete as players
finish them in the ship designer), never written in the file: a scenario is playable when
its file says the program models its rules (``[status] playable``), every unit's ship is a
complete library class, and every monster is one the program runs
(:data:`sfb_desk.rules.systems.monsters.MONSTERS`). A force-list scenario (SG2.64) is
playable when at least one force of each side is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.systems.monsters import MONSTERS
from .library import ShipLibrary
from .scenario_schema import ForceUnit, Scenario, Unit


@dataclass(frozen=True, slots=True)
class MissingShip:
    """A ship the player must make or complete: ``ship_id`` (the library id, existing or the
    one the scenario waits for), what the scenario prints, and what is missing."""

    ship_id: str
    printed: str
    missing: str
    exists: bool  # a ship file with that id exists (the designer can open it)

    def __str__(self) -> str:
        return f"{self.ship_id or self.printed}: {self.missing}"


@dataclass(frozen=True, slots=True)
class Playability:
    playable: bool
    missing: tuple[MissingShip, ...]
    reasons: tuple[str, ...]  # everything else that stops play (rules, monsters)

    def summary(self) -> str:
        parts = [r.rstrip(". ") for r in self.reasons]
        if self.missing:
            ships = "; ".join(str(m) for m in self.missing)
            parts.append(f"ships to complete in the ship designer: {ships}")
        return ". ".join(parts) + ("." if parts else "")


def resolved_ship(unit: Unit | ForceUnit, library: ShipLibrary) -> str | None:
    """The library id a unit plays with: its ``ship``, or the ``ship_needed`` of an unlisted
    unit once a file with that id exists; None otherwise."""
    if unit.ship:
        return unit.ship
    if unit.ship_needed and unit.ship_needed in library:
        return unit.ship_needed
    return None


def unit_label(unit: Unit | ForceUnit, library: ShipLibrary | None) -> str:
    """What a unit is, for the player: its library id, or the monster, or what the scenario
    prints for an unlisted unit followed by the id it plays with once that ship file exists,
    else "(no ship file in the library)" -- worked out from ``library`` each time, never written
    in a scenario file (without a library the unlisted text alone)."""
    if unit.ship or getattr(unit, "monster", ""):
        return unit.ship or unit.monster  # type: ignore[union-attr]
    if library is None:
        return unit.unlisted
    ship_id = resolved_ship(unit, library)
    if ship_id is not None:
        return f"{ship_id} ({unit.unlisted})"
    return f"{unit.unlisted} (no ship file in the library)"


def _missing(unit: Unit | ForceUnit, library: ShipLibrary) -> MissingShip | None:
    ship_id = resolved_ship(unit, library)
    if ship_id is None:
        if getattr(unit, "monster", ""):
            return None
        wanted = unit.ship_needed or ""
        return MissingShip(wanted, unit.unlisted, "no ship file", False)
    spec = library.get(ship_id)
    if spec.complete:
        return None
    return MissingShip(spec.id, unit.printed or spec.name, ", ".join(spec.missing), True)


def playability(scenario: Scenario, library: ShipLibrary) -> Playability:
    """Whether ``scenario`` can be played with ``library`` now, and what stops it."""
    reasons: list[str] = []
    if not scenario.status.playable:
        reasons.append(scenario.status.reason or "the scenario file says it is not playable")
    missing: dict[str, MissingShip] = {}
    for _side, unit in scenario.units():
        if unit.monster and not (unit.monster in MONSTERS and MONSTERS[unit.monster].runs):
            reasons.append(f"the program does not run the monster {unit.monster!r} yet")
        found = _missing(unit, library)
        if found is not None:
            missing.setdefault(found.ship_id or found.printed, found)
    for side in scenario.sides:
        if not side.forces:
            continue
        options = []
        for force in side.forces:
            lacks = [m for m in (_missing(u, library) for u in force.units) if m is not None]
            options.append(lacks)
        if all(options):  # no force of this side is complete: list the closest one's ships
            for found in min(options, key=len):
                missing.setdefault(found.ship_id or found.printed, found)
    return Playability(not reasons and not missing, tuple(missing.values()), tuple(reasons))
