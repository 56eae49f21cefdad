"""The test game of the power absorber panels: the practice CA-v-D7 set-up with the Federation
ship replaced by a reconstructed Conquistador, CORTEZ (the ship of the D10.6 example), against
the D7 KRT; shared by the panel tests of the engine and of the orders panel."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.session import Session
from sfb_desk.rules.combat.shields import ShieldState


def cortez_session(library: ShipLibrary) -> Session:
    """A fresh session of CORTEZ (AND-CON) against KRT (KLI-D7), six turns."""
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    game = units_from_scenario(scenario, library, ids={"FED-CA": "ENT", "KLI-D7": "KRT"}, turns=6)
    specs = dict(game.specs)
    spec = specs["AND-CON"] = library.get("AND-CON")
    ships = tuple(replace(r, spec_id="AND-CON", id="CORTEZ", shields=ShieldState.for_ship(spec))
                  if r.id == "ENT" else r for r in game.combat.ships)
    units = tuple(replace(u, id="CORTEZ", spec_id="AND-CON") if u.id == "ENT" else u
                  for u in game.state.units)
    return Session(replace(game.state, units=units), replace(game.combat, ships=ships), specs)
