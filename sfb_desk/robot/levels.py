"""The robot's levels of play: named sets of habits, from a greedy cadet to a careful commodore.

Each :class:`Level` is data the decision modules read (energy, movement, fire); no level keeps
state. :data:`LEVELS` maps each name to its level, in order of strength; every level plays only
legal orders (the session's own checks are consulted before answering).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """How one level plays.

    * ``description``: one line for menus and ``--help``.
    * ``approach``: ``"charge"`` heads straight for the enemy; ``"range"`` closes to the range
      its weapons like best and keeps it, turning its strongest shield toward the threat.
    * ``full_speed``: plot the template's top speed every turn (cadet) instead of a speed that
      leaves power for reinforcement and overloads.
    * ``fire_any``: fire every weapon as soon as it can hit (cadet); else heavy weapons wait
      for their range (``heavy_range``) unless the turn is ending and the load would be lost.
    * ``phaser_range``: phasers fire at or inside this range (or at the end of the turn).
    * ``timing``: hold fire while the enemy is still closing (a forecast of the range over the
      next impulses) and the load can wait (commodore).
    * ``overload``: arm overloads when the fight will be within 8 hexes (E3.5, E4.4).
    * ``specific``: put spare power in specific reinforcement on the shield facing the enemy
      (D3.342, one energy a point) rather than general (D3.341, two a point).
    * ``reserve``: commit battery power as reinforcement against a volley (H7.134).
    * ``drones``: launch drones (FD2) and plasma (FP1) when in reach.
    * ``point_defence``: fire spare phasers at drones closing on the ship (E2, FD1.5).
    * ``disengage``: take disengagement by separation when crippled (C7.2).
    * ``shield_weight``: how much a manoeuvre values turning a strong shield (boxes and
      specific reinforcement) toward the enemy (D3.4), per point of shield, against 4 a hex
      of range off the wanted range.
    """

    name: str
    description: str
    approach: str = "range"
    full_speed: bool = False
    fire_any: bool = False
    phaser_range: int = 8
    timing: bool = False
    overload: bool = False
    specific: bool = False
    reserve: bool = False
    drones: bool = True
    point_defence: bool = False
    disengage: bool = False
    shield_weight: float = 0.0


CADET = Level(
    "cadet", "greedy: charges at full speed and fires everything the moment it can hit",
    approach="charge", full_speed=True, fire_any=True, phaser_range=30,
)
CAPTAIN = Level(
    "captain", "closes to its weapons' best range, overloads up close, reinforces shields, "
    "fires concentrated volleys in range and shoots down drones",
    approach="range", overload=True, specific=False, reserve=True, phaser_range=8,
    point_defence=True, shield_weight=0.25,
)
COMMODORE = Level(
    "commodore", "manoeuvres for range and facing (strong shield to the enemy), reinforces the "
    "threatened shield, and times its fire to the best range before the turn ends",
    approach="range", overload=True, specific=True, reserve=True, timing=True, phaser_range=5,
    point_defence=True, disengage=True, shield_weight=0.4,
)

#: Every level by name, weakest first.
LEVELS: dict[str, Level] = {lv.name: lv for lv in (CADET, CAPTAIN, COMMODORE)}
DEFAULT_LEVEL = "captain"


def level(name: str) -> Level:
    """The level called ``name`` (any case); ValueError lists the levels."""
    found = LEVELS.get(str(name).strip().lower())
    if found is None:
        raise ValueError(f"unknown robot level {name!r}: one of {', '.join(LEVELS)}")
    return found
