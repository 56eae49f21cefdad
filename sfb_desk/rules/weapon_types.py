"""The catalogue of weapon types a ship file may name, and how the DAC groups them.

Each type has a code (used in ship files), a family (the prefix of its box id) and the DAC
group whose chart entry destroys it (D4.32): ``phaser`` for the "Phaser" entry, ``torpedo``
for "Torp" (the heavy weapons), ``drone`` for "Drone" (drone racks and anti-drone racks, and
Module C2's PPDs and web casters: E11.12, E12.12).
Every weapon is also an "Any Weapon" target (D4.32). ``table`` names the chart in
sfb_desk.rules.charts that resolves its fire, where there is one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WeaponType:
    code: str
    name: str
    family: str  # box-id prefix
    dac_group: str  # "phaser", "torpedo", "drone" or "other" (hit only by "Any Weapon")
    rule: str
    table: str | None = None
    #: Rank within its DAC group for the "best weapon" rule (D4.322): higher is better.
    rank: int = 0


def _types(*types: WeaponType) -> dict[str, WeaponType]:
    return {t.code: t for t in types}


WEAPON_TYPES: dict[str, WeaponType] = _types(
    # Phasers (E2); ranks follow D4.3221: phaser-4 > phaser-1 > phaser-2 > phaser-G > phaser-3.
    WeaponType("PH-4", "Phaser-4", "phaser", "phaser", "E2.4", "phaser-4", 50),
    WeaponType("PH-1", "Phaser-1", "phaser", "phaser", "E2.1", "phaser-1", 40),
    WeaponType("PH-2", "Phaser-2", "phaser", "phaser", "E2.2", "phaser-2", 30),
    WeaponType("PH-G", "Phaser-G (gatling)", "phaser", "phaser", "E2.15", "phaser-3", 20),
    WeaponType("PH-3", "Phaser-3", "phaser", "phaser", "E2.3", "phaser-3", 10),
    # Heavy weapons ("Torp" on the DAC, D4.32).
    WeaponType("PHOTON", "Photon torpedo", "photon", "torpedo", "E4", "photon", 40),
    WeaponType("DISRUPTOR", "Disruptor bolt", "disruptor", "torpedo", "E3", "disruptor", 40),
    WeaponType("PLASMA-R", "Plasma-R torpedo", "plasma", "torpedo", "FP1", "plasma", 60),
    WeaponType("PLASMA-S", "Plasma-S torpedo", "plasma", "torpedo", "FP1", "plasma", 50),
    WeaponType("PLASMA-G", "Plasma-G torpedo", "plasma", "torpedo", "FP1", "plasma", 40),
    WeaponType("PLASMA-F", "Plasma-F torpedo", "plasma", "torpedo", "FP1", "plasma", 30),
    WeaponType("PLASMA-D", "Plasma-D rack", "plasma", "torpedo", "FP9", "plasma", 20),
    WeaponType("FUSION", "Fusion beam", "fusion", "torpedo", "E7", "fusion", 40),
    WeaponType("HELLBORE", "Hellbore cannon", "hellbore", "torpedo", "E10", "hellbore", 50),
    WeaponType("MAULER", "Mauler", "mauler", "torpedo", "E8", None, 50),
    WeaponType("ESG", "Expanding sphere generator", "esg", "torpedo", "G23", None, 30),
    WeaponType("OPTION", "Orion option mount", "option", "torpedo", "R8.0", None, 30),
    WeaponType("TR-H", "Heavy tractor-repulsor beam", "tr", "torpedo", "E9", "tr-heavy", 40),
    WeaponType("TR-L", "Light tractor-repulsor beam", "tr", "torpedo", "E9", "tr-light", 30),
    WeaponType("PPD", "Plasmatic pulsar device", "ppd", "drone", "E11.12", "ppd", 40),
    WeaponType("WEB-CASTER", "Web caster", "webcaster", "drone", "E12.12", "web-caster", 30),
    WeaponType("WEB-FIST", "Web fist", "webfist", "drone", "E14", "web-fist", 30),
    WeaponType("DISPLACEMENT", "Displacement device", "dd", "torpedo", "G18", "displacement", 30),
    WeaponType("SFG", "Stasis field generator", "sfg", "torpedo", "G16", None, 30),
    # Drone family ("Drone" on the DAC, D4.32).
    WeaponType("DRONE", "Drone rack", "drone", "drone", "FD3", None, 20),
    WeaponType("ADD", "Anti-drone rack", "add", "drone", "E5", "anti-drone", 10),
)

WEAPON_FAMILIES: frozenset[str] = frozenset(t.family for t in WEAPON_TYPES.values())
DRONE_RACK_TYPES: frozenset[str] = frozenset("ABCDEFG")


def weapon_type(code: str) -> WeaponType | None:
    """Look a type up by code, ignoring case (``ph-1`` finds ``PH-1``)."""
    return WEAPON_TYPES.get(code.strip().upper())
