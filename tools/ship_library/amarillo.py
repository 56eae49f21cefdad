"""amarillo ship JSON -> our facts: the mapping lives in the app (sfb_desk/data/ship_json.py),
which also imports and exports single ship files in that format (sfb-desk-cli ship-import,
ship-export); the library importer uses the same functions."""

from sfb_desk.data.ship_json import arcs_of, breakdown, move_cost, ship_facts, weapon

__all__ = ["arcs_of", "breakdown", "move_cost", "ship_facts", "weapon"]
