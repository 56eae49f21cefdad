"""Satellite ships aboard their motherships at the start of a game (Module C2, G19.11, G19.21).

:func:`embark` puts satellite ships into a mothership's hangar in a :class:`GameSetup`: each is
a unit of the mothership's side with the status ``hangar`` (off the map until launched, G19.4)
and a ship record of its own (its own SSD: the RECONSTRUCTED Module C2 classes), and the
mothership's record lists it. The hangar's size is checked (G19.21, G19.212).
:func:`embark_standard_groups` gives every mothership of a game the satellite ships it usually
carries (:data:`~sfb_desk.rules.systems.satships.STANDARD_GROUPS`; the Conquistador's Cobra,
R10.8) — the robot duels use it.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.records import ShipRecord
from ..rules.combat.shields import ShieldState
from ..rules.energy import initial_state
from ..rules.energy.absorbers import EnergyModule
from ..rules.energy.costs import ENERGY_MODULES
from ..rules.energy.panels import new_panels
from ..rules.systems import satships as sat
from ..rules.systems.andromedan import IN_HANGAR, AndroRecord
from ..rules.units import new_ship, profile_from_spec
from .game_setup import GameSetup, SetupError, armed_weapons
from .library import ShipLibrary


def embark(game: GameSetup, library: ShipLibrary, carrier: str, ships: list[str] | tuple[str, ...],
           *, weapon_status: int = 2) -> GameSetup:
    """``game`` with the satellite-ship classes ``ships`` in ``carrier``'s hangar (module
    docstring); ``EM-S``, ``EM-M`` or ``EM-L`` is an energy module (G20), kept with the
    mothership's panels. SetupError naming the problem and the rule."""
    state, combat = game.state, game.combat
    home = state.find(carrier)
    record = combat.ship(carrier)
    if home is None or record is None:
        raise SetupError(f"no ship {carrier!r} in the game to carry satellite ships")
    spec = game.specs[record.spec_id]
    specs = dict(game.specs)
    sizes, new_units, new_records = [], [], []
    taken = {u.id for u in state.units}
    modules = []
    for ship_id in ships:
        if ship_id in ENERGY_MODULES:  # G20: an energy module, in the panels' record
            modules.append(EnergyModule.new(ship_id))
            sizes.append(sat.SAT_SHIP_SIZES[ship_id])
            continue
        sspec = library.get(ship_id)
        size = sat.sat_ship_size(sspec)
        if size is None:
            raise SetupError(f"{sspec.id} is not a satellite ship (G19.211)")
        sizes.append(size)
        uid, n = sspec.id, 1
        while uid in taken:
            n += 1
            uid = f"{sspec.id}-{n}"
        taken.add(uid)
        specs[sspec.id] = sspec
        unit = new_ship(uid, home.side, profile_from_spec(sspec), hex=home.hex,
                        facing=home.facing, speed=0, name=sspec.name, spec_id=sspec.id)
        new_units.append(replace(unit, status=IN_HANGAR))
        energy = initial_state(sspec, capacitor_full=weapon_status >= 1, prev_plot=((1, 0),))
        if weapon_status >= 2:
            energy = replace(energy, weapons=armed_weapons(energy, sspec))
        new_records.append(ShipRecord(uid, sspec.id, ShieldState.for_ship(sspec), energy,
                                      andro=AndroRecord(carrier=carrier)))
    panels = record.panels if record.panels.keys else new_panels(spec)
    refusal = sat.check_hangar(sat.hangar_bays(spec),
                               [*(_size(game, u) for u in record.andro.aboard),
                                *(sat.SAT_SHIP_SIZES[m.kind] for m in panels.modules), *sizes])
    if refusal is not None:
        raise SetupError(f"{carrier}: {refusal.message} ({refusal.rule})")
    aboard = (*record.andro.aboard, *(u.id for u in new_units))
    if modules:
        if not panels.keys:
            raise SetupError(f"{carrier} has no power absorber panels to feed an energy module")
        panels = replace(panels, modules=panels.modules + tuple(modules))
    ships_now = tuple(replace(r, andro=replace(r.andro, aboard=aboard),
                              panels=panels if modules else r.panels) if r.id == carrier else r
                      for r in combat.ships) + tuple(new_records)
    return GameSetup(replace(state, units=state.units + tuple(new_units)),
                     replace(combat, ships=ships_now), specs)


def _size(game: GameSetup, uid: str) -> str:
    record = game.combat.ship(uid)
    return sat.sat_ship_size(game.specs[record.spec_id]) or sat.MEDIUM


def embark_standard_groups(game: GameSetup, library: ShipLibrary) -> GameSetup:
    """Every mothership of ``game`` with its usual satellite ships aboard (module docstring)."""
    for record in game.combat.ships:
        spec = game.specs[record.spec_id]
        group = [s for s in sat.standard_group(spec) if s in library]
        if group and sat.hangar_bays(spec) and not record.andro.aboard:
            game = embark(game, library, record.id, group)
    return game
