"""Terrain (Advanced Missions P8-P15, and what the rulebooks say of the Basic Set's P1-P7).

* :mod:`.kinds`: every terrain type and what it does (:data:`KINDS`);
* :mod:`.effects`: orbits (P8), gravity waves (P9), heat (P10), sunspots and ion storms
  (P11, P14), novas (P12), dust (P13), radiation (P15);
* :mod:`.field`: :class:`TerrainMap`, the features of one battle and the questions the engine
  and the map ask (line of fire, entering a hex, natural ECM).
"""

from .effects import (
    BLACK_HOLE_WAVE,
    DUST_TABLE,
    ION_STORM_TABLE,
    black_hole_wave_force,
    black_hole_wave_turn,
    dust_damage,
    dust_hits_per_turn,
    gravity_wave_facing,
    gravity_wave_shields,
    heat_damage,
    ion_storm_effects,
    next_orbit_hex,
    nova_front,
    nova_zones,
    orbit_path,
    radiation_crew_loss,
    split_wave_damage,
)
from .field import Blocked, Feature, TerrainMap
from .kinds import KINDS, TerrainKind, kind

__all__ = [
    "BLACK_HOLE_WAVE", "DUST_TABLE", "ION_STORM_TABLE", "KINDS", "Blocked", "Feature",
    "TerrainKind", "TerrainMap", "black_hole_wave_force", "black_hole_wave_turn", "dust_damage",
    "dust_hits_per_turn", "gravity_wave_facing", "gravity_wave_shields", "heat_damage",
    "ion_storm_effects", "kind", "next_orbit_hex", "nova_front", "nova_zones", "orbit_path",
    "radiation_crew_loss", "split_wave_damage",
]  # fmt: skip
