"""Captor mines firing and sensor mines giving orders (M4.4, M4.5, M5.201): pure rules.

* :data:`CAPTOR_WEAPONS`: what each subtype (M4.41) fires - a direct-fire weapon of the
  combat charts (``PH-2``, ``DISRUPTOR``, ``PHOTON``, ``HELLBORE``, a plasma-F bolt) or a
  seeking weapon launched at the Seeking Weapon Stage (type-I and type-VI drones, plasma-F
  and plasma-D torpedoes, M4.48);
* :func:`shots_ready`: how many weapons may fire now within the mine's rate (M4.412-M4.419,
  M4.423: the quarter-turn between firings), from the clocks of its past shots;
* :func:`captor_shot_problems`: why a captor does not fire at a unit (range 15, M4.424; its
  zone, M4.43; a planet between, M4.45; a cloaked target without lock-on, M4.435);
* :func:`chart_range`: the range column a captor fires on (no minimum range, M4.47);
* :func:`sensor_orders`: the mines a triggered (or damaged) sensor mine orders, and how
  (M4.54, M4.542, M8.4231-M8.4234).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...hexes import Hex, hex_range
from .records import Mine

#: M4.41: subtype -> (what it fires, True for a direct-fire weapon code of the combat charts).
CAPTOR_WEAPONS: dict[str, tuple[str, bool]] = {
    "A": ("drone-I", False), "B": ("plasma-F", False), "C": ("DISRUPTOR", True),
    "D": ("PH-2", True), "E": ("HELLBORE", True), "F": ("PHOTON", True),
    "G": ("plasma-D", False), "H": ("drone-VI", False),
}  # fmt: skip
BOLT = {"B": "PLASMA-F"}  # M4.413: a type-B captor set to bolt fires a plasma-F bolt (FP8)
CAPTOR_ECCM = 3  # M4.44: built-in ECCM
CAPTOR_SENSOR = 6  # M4.4251: the assumed sensor rating of a captor
CAPTOR_MAX_RANGE = 15  # M4.424: direct-fire weapons on captors
CAPTOR_DISRUPTOR_MOUNT = 15  # M4.424: the disruptor chart column limit
SEEKER_GUIDANCE = 35  # M4.4252: a captor guides its seeking weapon to 35 hexes
SENSOR_SPAN = 15  # M4.54: a sensor mine controls mines within 15 hexes
QUARTER_TURN = 8  # M4.423
IMPULSES = 32
#: M4.413, M4.416, M4.417: turns between shots of a one-weapon-a-turn captor, by (subtype, size).
PERIOD = {("B", "large"): 1, ("B", "small"): 3, ("E", "large"): 1, ("E", "small"): 2,
          ("F", "large"): 1, ("F", "small"): 2}  # fmt: skip
#: M4.414: subtypes firing each of their weapons once a turn.
EACH_WEAPON = frozenset("CD")
#: M4.412: subtypes firing one round of their ammunition a turn (automatic).
AMMUNITION = frozenset("AGH")


def _turn_of(clock: int) -> int:
    return (clock - 1) // IMPULSES + 1


def weapons_of(mine: Mine) -> int:
    """How many weapons (or rounds) a captor carries (M4.41)."""
    from .records import CAPTOR_LOADS

    _name, large, small, _races = CAPTOR_LOADS[mine.captor or "D"]
    return large if mine.size == "large" else small


def shots_ready(mine: Mine, clock: int, *, controlled_by_base: bool = False) -> int:
    """How many of ``mine``'s weapons may fire at ``clock`` (turn * 32 + impulse) within its
    rate, from ``mine.fire_clocks`` (every past shot, one clock each):

    * C and D: each weapon once a turn (M4.414), and not within a quarter turn of its last
      shot on the turn before (M4.423);
    * B, E, F: one shot a turn, a small one every third (B) or second (E, F) turn (M4.413,
      M4.416, M4.417), a quarter turn after the last (M4.423);
    * A, G, H: one round a turn while ammunition lasts (M4.412); one an impulse under a
      base's control (M5.212)."""
    if mine.type != "captor" or mine.captor is None:
        return 0
    turn = _turn_of(clock)
    past = mine.fire_clocks
    last = max(past, default=None)
    if mine.captor in EACH_WEAPON:
        busy = sum(1 for c in past if _turn_of(c) == turn
                   or (_turn_of(c) == turn - 1 and clock - c < QUARTER_TURN))
        return max(weapons_of(mine) - busy, 0)
    if mine.captor in AMMUNITION:
        left = mine.shots if mine.shots is not None else weapons_of(mine)
        if left <= 0:
            return 0
        if controlled_by_base:
            return 0 if last == clock else 1
        if last is not None and (_turn_of(last) == turn or clock - last < QUARTER_TURN):
            return 0
        return 1
    period = PERIOD[(mine.captor, mine.size)]
    if last is not None and (turn - _turn_of(last) < period or clock - last < QUARTER_TURN):
        return 0
    return 1


def captor_shot_problems(
    mine: Mine, target_hex: Hex, *, commanded: bool = False, blocked: str | None = None,
    cloaked: bool = False,
) -> list[str]:
    """Why ``mine`` does not fire (or launch) at a unit in ``target_hex``; [] when it does.
    ``commanded``: ordered by a sensor mine or a base (M4.432: beyond its zone, up to 15);
    ``blocked``: what blocks the line of fire (M4.45); ``cloaked``: the target is cloaked and
    the mine has no lock-on (M4.435, G13.555)."""
    problems = []
    rng = hex_range(mine.hex, target_hex)
    weapon, direct = CAPTOR_WEAPONS[mine.captor or "D"]
    if direct or (mine.captor in BOLT and mine.bolt):
        if rng > CAPTOR_MAX_RANGE:
            problems.append(f"range {rng}: captor weapons reach {CAPTOR_MAX_RANGE} hexes (M4.424)")
    elif rng > SEEKER_GUIDANCE:
        problems.append(f"range {rng}: a captor guides its {weapon} to {SEEKER_GUIDANCE} hexes "
                        "(M4.4252)")
    if not commanded and rng > mine.detection_range:
        problems.append(f"range {rng}: outside its {mine.detection_range}-hex zone (M4.43)")
    if blocked:
        problems.append(f"the line of fire is blocked by {blocked} (M4.45)")
    if cloaked:
        problems.append("the target is cloaked and the mine has no lock-on (M4.435)")
    return problems


def chart_range(weapon_min_range: int, rng: int) -> int:
    """M4.47: a captor has no minimum range; it fires on the lowest column it may use."""
    return max(rng, weapon_min_range)


def sensor_orders(sensor: Mine, mines: Iterable[Mine], target_hex: Hex
                  ) -> tuple[tuple[Mine, str], ...]:
    """The orders a triggered sensor mine gives (M4.51, M4.54): each live mine it controls
    (``controlled_by`` names it, M4.55; within 15 hexes, M4.54), with ``fire`` for a captor
    and ``detonate`` for an explosive mine in the target's hex or next to it (M4.542; others
    stay silent). A damaged sensor (M8.4231-M8.4234) gives the same orders, whatever the
    mines' own target settings (M8.4233). Ordered by
    distance to the target, then id."""
    out = []
    for m in mines:
        if m.destroyed or sensor.id not in m.controlled_by or m.id == sensor.id:
            continue
        if hex_range(m.hex, sensor.hex) > SENSOR_SPAN:
            continue
        if m.type == "captor":
            out.append((m, "fire"))
        elif m.type == "explosive" and hex_range(m.hex, target_hex) <= 1:
            out.append((m, "detonate"))
    out.sort(key=lambda pair: (hex_range(pair[0].hex, target_hex), pair[0].id))
    return tuple(out)
