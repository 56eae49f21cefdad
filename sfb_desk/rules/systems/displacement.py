"""The Andromedan displacement device (Module C2, G18).

* **Who uses it on what** (G18.32): on itself (always works, G18.322), on another Andromedan
  unit (1d6 + EW at most 5 at any range to 50, G18.323), on anything else (the G18.33 success
  table, :func:`sfb_desk.rules.charts.c2.displacement_succeeds`), or to launch its own satellite
  ship (G18.55, G19.42: as a friendly displacement).
* **Where it lands**: a non-Andromedan target goes 1d6 hexes in the 1d6 direction of the map's
  directional display (G18.40), the one announced direction number swapped for another first
  (G18.41, one way). An Andromedan unit: 1d6 + EW at most 5 and its owner names the distance,
  up to 12 for itself and 6 for another unit (G18.511, G18.52), in the direction announced at
  declaration (G18.311); 6 or more rolls again: 1-5 it stays in its hex but counts as
  displaced, 6 it goes randomly as G18.40 (G18.512).
* **Where it may not go**: a fixed map's edge stops it (G18.68); a planet, black hole, pulsar,
  white dwarf, star, nova front or neutron star destroys it without an explosion (G18.66).
* **Limits** (G18.13, G18.61, G18.72, G18.81): active, undisrupted fire control and a lock-on
  (not for itself); one device on an object a 4-impulse period; one displacement of an
  Andromedan unit a 32-impulse period (4 after a complete failure); range 0 to 50; not on a
  cloaked unit; at most two units of a scenario use displacement devices.
"""

from __future__ import annotations

from ..charts.c2 import displacement_succeeds
from ..hexes import Hex, MapBounds, neighbor
from ..results import Refusal

SELF, FRIENDLY, ENEMY, LAUNCH = "self", "friendly", "enemy", "launch"
MAX_RANGE = 50  # G18.323, G18.33
SELF_DISTANCE = 12  # G18.511
FRIENDLY_DISTANCE = 6  # G18.52
TARGET_SPACING = 4  # G18.61
ANDRO_SPACING = 32  # G18.61
MAX_USERS = 2  # G18.81
#: G18.66: terrain that destroys a unit displaced into it (no explosion).
DEADLY_TERRAIN = frozenset({"planet", "black_hole", "pulsar", "white_dwarf", "star", "nova",
                            "neutron_star"})
DIRECTIONS = "ABCDEF"  # the map's directional display 1..6 is A..F


def kind_of(user: str, target: str, user_race: str, target_race: str, *,
            aboard: bool = False) -> str:
    """Which G18.32 case an attempt is."""
    if user == target:
        return SELF
    if aboard:
        return LAUNCH
    return FRIENDLY if target_race == user_race == "AND" else ENEMY


def check_use(*, kind: str, rng: int, clock: int, fire_control: bool, lock_on: bool,
              cloaked: bool, targeted_at: int, displaced_at: int, users: frozenset[str],
              user: str, target: str) -> Refusal | None:
    """Whether ``user`` may declare its device on ``target`` now (module docstring)."""
    if not fire_control:
        return Refusal("G18.13", f"{user}'s displacement device needs active, undisrupted fire "
                                 "control (D6.68)")
    if kind not in (SELF, LAUNCH) and not lock_on:
        return Refusal("G18.13", f"{user} has no lock-on to {target}: it cannot be displaced")
    if cloaked:
        return Refusal("G18.72", f"{target} is cloaked and cannot be displaced (G13.58)")
    if kind == ENEMY and rng == 0:
        return Refusal("G18.33", "a unit in the same hex cannot be displaced (range 0)")
    if rng > MAX_RANGE:
        return Refusal("G18.33", f"{target} is {rng} hexes away: the device reaches 50")
    if clock - targeted_at < TARGET_SPACING:
        return Refusal("G18.61", f"a displacement device was used on {target} less than "
                                 "4 impulses ago")
    if kind in (SELF, FRIENDLY) and clock - displaced_at < ANDRO_SPACING:
        return Refusal("G18.61", f"{target} was displaced less than 32 impulses ago")
    if user not in users and len(users) >= MAX_USERS:
        return Refusal("G18.81", f"{', '.join(sorted(users))} already used displacement "
                                 "devices in this scenario: a third user would destroy all three")
    return None


def succeeds(kind: str, rng: int, die: int, shift: int = 0) -> bool:
    """The first roll of G18.32 (self-displacement needs none, G18.322)."""
    if kind == SELF:
        return True
    if kind in (FRIENDLY, LAUNCH):
        return die + shift <= 5  # G18.323
    return displacement_succeeds(rng, die, shift=shift)


def controlled(die: int, shift: int = 0) -> bool:
    """G18.511: 1-5 after the EW shift (offensive EW, a poor crew) gives the owner control."""
    return die + shift <= 5


def max_distance(kind: str) -> int:
    return SELF_DISTANCE if kind == SELF else FRIENDLY_DISTANCE


def swapped(direction: int, swap: tuple[int, int] | None) -> int:
    """G18.41: the named direction number becomes the other (one way)."""
    if swap is not None and direction == swap[0]:
        return swap[1]
    return direction


def landing(start: Hex, direction: int, distance: int, bounds: MapBounds) -> Hex:
    """``distance`` hexes from ``start`` in direction 1..6 (A..F), stopping at a fixed map's
    edge (G18.68)."""
    here = start
    for _ in range(distance):
        nxt = neighbor(here, direction - 1)
        if not bounds.contains(nxt):
            break
        here = nxt
    return here


def deadly(kinds: set[str] | frozenset[str]) -> str | None:
    """The G18.66 terrain among ``kinds`` (None: the unit survives the landing)."""
    found = sorted(set(kinds) & DEADLY_TERRAIN)
    return found[0] if found else None
