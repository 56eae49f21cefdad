"""The terrain types of the rulebooks (P) and what each does in play.

Advanced Missions prints P8-P15 (orbits, gravity waves, heat, sunspots, novas, dust, ion
storms, radiation). P1-P7 (planets, asteroids, black holes, pulsars, nebulae) are Basic Set
rules that the rulebooks only cite: what they say about those terrains is used (a planet blocks
fire, M4.45; ships cannot enter a planet's hex, SM6.49; a ship entering a star is destroyed,
SM5.41; asteroids degrade fire without blocking it, M4.45), and what they leave out is left to
the players (landing) or to their own Basic Set (the P3.2 asteroid damage table, which the
player enters once: :mod:`.asteroids`), each said in ``note``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TerrainKind:
    """One kind of terrain: its rule, how it acts on movement and fire, and its colour key.

    ``area`` terrains (dust, heat, ion storms, radiation, sunspots) cover the whole map unless
    the scenario lists hexes. ``printed``: its rules are in Advanced Missions (else Basic Set
    or another module, cited only)."""

    kind: str
    name: str
    rule: str
    printed: bool
    blocks_fire: bool = False
    blocks_movement: bool = False
    destroys_entering: bool = False
    area: bool = False
    natural_ecm: int = 0
    note: str = ""


KINDS: dict[str, TerrainKind] = {k.kind: k for k in (
    TerrainKind("planet", "Planet", "P2.0", False, blocks_fire=True, blocks_movement=True,
                note="Blocks fire (M4.45) and ships may not enter its hex (SM6.49); landing "
                     "(P2.4) and fire through an atmosphere (P2.54) are Basic Set rules not in "
                     "the rulebooks, judged at the table. Units may orbit it (P8)."),
    TerrainKind("moon", "Moon", "P2.23", False, blocks_fire=True, blocks_movement=True,
                note="A small planet: blocks fire and movement like one (P8.0 counts moons as "
                     "planets); a hidden unit may sit on or behind it (SH44, D20.1)."),
    TerrainKind("gas_giant", "Gas giant", "P2.22", False, blocks_fire=True,
                blocks_movement=True,
                note="A planet several hexes across (P8.6); orbits above its atmosphere."),
    TerrainKind("asteroids", "Asteroid field", "P3.0", False,
                note="Degrades fire without blocking it (M4.45). A ship entering an asteroid "
                     "hex takes the P3.2 damage for its speed on the shield facing its move: "
                     "rolled on the Asteroid Damage Table the player entered from his Basic "
                     "Set, or asked at the table when he has not."),
    TerrainKind("asteroid", "Large asteroid", "P3.0", False, blocks_fire=True,
                blocks_movement=True,
                note="A single large asteroid (a web anchor in SH6, not a field: G10.1314)."),
    TerrainKind("star", "Star", "SM5.41", False, blocks_fire=True, destroys_entering=True,
                note="A ship entering the star is destroyed (SM5.41); the Sun Snake entering "
                     "it makes the star go nova (SM5.49, P12.0)."),
    TerrainKind("black_hole", "Black hole", "P4.0", False,
                note="Its pull (P4.1) is a Basic Set rule; its gravity waves (P9.4) are "
                     "played: a 100-point ring every 10th turn from turn 5."),
    TerrainKind("pulsar", "Pulsar", "P5.0", False,
                note="Pulsar bursts (P5) are a Basic Set rule; a nova emits them (P12.52)."),
    TerrainKind("nebula", "Nebula", "P6.0", False, area=True,
                note="A Basic Set rule (P6); a nova creates one (P12.5)."),
    TerrainKind("dust", "Dust cloud", "P13.0", True, area=True, natural_ecm=1,
                note="1 point on the shield facing the direction of movement on impulses "
                     "divisible by 5, by speed (P13.1); 1 point of natural ECM (P13.4)."),
    TerrainKind("intense_dust", "Intense dust cloud", "P13.5", True, area=True, natural_ecm=1,
                note="Dust with the damage doubled (P13.5)."),
    TerrainKind("ion_storm", "Ion storm", "P14.0", True, area=True,
                note="A radiation zone (P14.1) with 10-point gravity waves every 32 hexes "
                     "(P14.2) and a die after energy allocation for sunspot effects (P14.3)."),
    TerrainKind("gravity_wave", "Gravity wave", "P9.0", True,
                note="Moves one hex per impulse; its strength split on the two facing shields "
                     "and the unit turned parallel to it (P9.31, P9.32)."),
    TerrainKind("heat_zone", "Heat zone", "P10.0", True, area=True,
                note="1 damage per down shield at each DRI (P10.1)."),
    TerrainKind("sunspots", "Sunspot activity", "P11.0", True, area=True, natural_ecm=8,
                note="No talk between ships, no control transfer, no transporters or tractors, "
                     "8 points of natural ECM (P11.1-P11.3)."),
    TerrainKind("nova", "Nova wave front", "P12.0", True, destroys_entering=True,
                note="Advances one hex a turn on impulse 16 and destroys every unit in nova "
                     "hexes, no explosion (P12.3, P12.4)."),
    TerrainKind("radiation_zone", "Radiation zone", "P15.0", True, area=True,
                note="One crew unit dies at each DRI while a shield is down (P15.11); ranges "
                     "capped at 25 hexes (P15.6)."),
    TerrainKind("neutron_star", "Neutron star", "P15.5", True, blocks_fire=True,
                destroys_entering=True,
                note="A radiation zone of 20 hexes; units pulled one hex toward it on impulse "
                     "16 (P15.5)."),
    TerrainKind("white_dwarf", "White dwarf", "P10.5", True, blocks_fire=True,
                destroys_entering=True,
                note="A heat zone and a black hole with the P4.1 ranges halved (P10.5)."),
    TerrainKind("web", "Tholian web", "G10.0", False, blocks_fire=True,
                note="Blocks fire (M4.45); given a strength, it catches units that enter it "
                     "(Module C2 webs); the rest of G10 is not played yet."),
    TerrainKind("minefield", "Minefield", "M6.0", True,
                note="Marks where a minefield lies; the mines are the owner's secret (M6.1)."),
    TerrainKind("other", "Other terrain", "P1.0", False, note="Described by the scenario."),
)}


def kind(name: str) -> TerrainKind:
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown terrain kind {name!r}: {', '.join(KINDS)}") from None
