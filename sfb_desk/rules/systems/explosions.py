"""Ship explosions and self-destruction (D5), as pure functions.

* **Strength** (D5.2): the "Explo Str" column of the Master Ship Chart, carried by the ship
  file as :attr:`~sfb_desk.rules.ship.ShipSpec.explosion_strength`. It is not changed by
  unfired weapons; docked units would add theirs (D5.2), which this program does not model
  (no docking yet). A ship without the value explodes for nothing and the event says why.
* **Zone** (D5.41): strength 10 or more reaches the ship's own hex and the six adjacent hexes;
  9 or less only its own hex. Every unit in the zone takes the whole strength on the shield
  facing the exploding ship, with no fall-off by distance (systems-facts 5; one source,
  decisions.md D5.41).
* **When** (D5.12): a ship destroyed in play explodes at once: at the Explosion Step of the
  Movement Segment for units destroyed during movement (6A3.07) and after the Direct-Fire
  Damage step for units destroyed by fire (6D5.01); a ship destroyed by an explosion explodes
  in the same step (a chain).
* **Self-destruction** (D5.5): declared in the Self-Destruction Phase (phase 3). It is not an
  attack tactic: D5.51 allows it only when all but two (or fewer) of the ship's crew units are
  dead, or enemy boarding parties aboard outnumber friendly ones, or no other friendly ship is
  left in the fight (rule option ``self_destruct_limits``; decisions.md D5.51). An internally
  docked ship cannot (C13.4812). Explosion damage is not reduced by EM (C10.43).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arcs import ShieldHit, shield_struck
from ..hexes import Hex, hex_range
from ..results import Refusal
from ..ship import ShipSpec

#: D5.41: an explosion of this strength or more reaches the adjacent hexes.
ADJACENT_FROM = 10
#: D5.51: a ship may self-destruct when this many crew units or fewer are left.
CREW_LEFT_LIMIT = 2


def explosion_strength(spec: ShipSpec) -> int | None:
    """The explosion strength of a ship class (D5.2), None when its ship file gives none."""
    return spec.explosion_strength


def explosion_radius(strength: int) -> int:
    """Hexes from the exploding ship that the explosion reaches (D5.41): 1 or 0."""
    return 1 if strength >= ADJACENT_FROM else 0


@dataclass(frozen=True, slots=True)
class Victim:
    """A unit in an explosion's zone: its id, the range, and the shield(s) facing the
    explosion (one; two on a hex spine, the owner chooses, D3.43; none in the same hex, the
    owner names it, D3.42)."""

    unit: str
    range: int
    shield: ShieldHit


@dataclass(frozen=True, slots=True)
class Placed:
    """What an explosion needs of a unit: id, hex and facing."""

    id: str
    hex: Hex
    facing: int


def victims(source_hex: Hex, strength: int, units: list[Placed] | tuple[Placed, ...],
            exclude: str = "") -> tuple[Victim, ...]:
    """Every unit in the zone of an explosion of ``strength`` in ``source_hex`` (D5.41), in the
    order given, ``exclude`` (the exploding ship) left out."""
    if strength <= 0:
        return ()
    reach = explosion_radius(strength)
    out = []
    for u in units:
        if u.id == exclude:
            continue
        rng = hex_range(source_hex, u.hex)
        if rng <= reach:
            out.append(Victim(u.id, rng, shield_struck(u.hex, u.facing, source_hex)))
    return tuple(out)


def check_self_destruct(
    ship_id: str,
    *,
    crew_units: int,
    crew_lost: int,
    enemy_parties_aboard: int = 0,
    friendly_parties_aboard: int = 0,
    other_friendly_ships: int,
    limits: bool = True,
    docked_inside: bool = False,
) -> Refusal | None:
    """May ``ship_id`` self-destruct now (D5.5, D5.51, C13.4812)? None when it may.

    ``crew_units``/``crew_lost``: the ship's crew units and those killed (G9.21);
    ``other_friendly_ships``: friendly ships still in the fight besides this one; ``limits``:
    the D5.51 restriction in force (rule option)."""
    if docked_inside:
        return Refusal("C13.4812", f"{ship_id} is docked inside another unit and cannot "
                                   "self-destruct")
    if not limits:
        return None
    left = max(crew_units - crew_lost, 0)
    if left <= CREW_LEFT_LIMIT:
        return None
    if enemy_parties_aboard > friendly_parties_aboard:
        return None
    if other_friendly_ships == 0:
        return None
    return Refusal("D5.51", f"{ship_id} may not self-destruct: self-destruction is not an attack "
                            f"tactic; it needs all but {CREW_LEFT_LIMIT} crew units dead "
                            f"({left} left), enemy boarding parties aboard outnumbering "
                            "friendly ones, or no other friendly ship left in the fight")


def can_self_destruct(**facts: object) -> bool:
    """:func:`check_self_destruct` as a yes or no."""
    return check_self_destruct(**facts) is None  # type: ignore[arg-type]
