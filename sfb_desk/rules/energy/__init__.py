"""Energy allocation (B3) in the pure rules layer.

* :mod:`.costs` - every cost as data; :mod:`.power` - power available (lines 1-6);
* :class:`Allocation` / :class:`WeaponOrder` - one turn's form; :data:`LINES` - its lines;
* :mod:`.arming` - each weapon's arming state turn to turn (:func:`advance`, :func:`end_turn`);
* :class:`EnergyState` - what carries between turns (:func:`initial_state`, :func:`carry`);
* :func:`ledger` - the costs and totals; :func:`validate` - every broken rule as an
  :class:`Issue`; :func:`template` - a starting allocation;
* :mod:`.reserve` - reserve power used during the turn (H7);
* :mod:`.d22` - energy balance due to damage (D22), with the owner's choices as prompts;
* :mod:`.absorbers` - Andromedan power absorber panels and energy modules (D10, G20).
"""

from .allocation import LINES, Allocation, Line, WeaponOrder, weapon_line
from .arming import WeaponArming, end_turn, launchers
from .arming_step import advance, step
from .issue import ERROR, NOTE, WARNING, Issue, errors
from .ledger import Ledger, ledger, plot_hexes
from .options import DEFAULT_OPTIONS, EnergyOptions
from .power import PowerSupply, power_available
from .state import EnergyState, ReserveUse, carry, initial_state
from .template import template
from .validate import check, validate

__all__ = [
    "DEFAULT_OPTIONS",
    "ERROR",
    "LINES",
    "NOTE",
    "WARNING",
    "Allocation",
    "EnergyOptions",
    "EnergyState",
    "Issue",
    "Ledger",
    "Line",
    "PowerSupply",
    "ReserveUse",
    "WeaponArming",
    "WeaponOrder",
    "advance",
    "carry",
    "check",
    "end_turn",
    "errors",
    "initial_state",
    "launchers",
    "ledger",
    "plot_hexes",
    "power_available",
    "step",
    "template",
    "validate",
    "weapon_line",
]
