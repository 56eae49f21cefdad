"""Terrain effects of Advanced Missions P8-P15 as pure functions of the clock, speed and facing.

Each function cites its rule; the engine (``engine/battlefield_steps.py``) calls them at the
impulses the rules name and applies the damage through shields as fire does.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...hexes import Hex, hex_range, neighbor

# ---------------------------------------------------------------------------------------------
# P8 standard orbits

ORBIT_IMPULSE = 32  # P8.21: orbiting units move in the Movement Segment of impulse 32
_CLOCKWISE_FROM_TOP = (2, 3, 4, 5, 0, 1)  # directions C, D, E, F, A, B walked from the top hex


def orbit_path(planet: Hex, radius: int = 1, *, clockwise: bool = True) -> list[Hex]:
    """The hexes of a standard orbit at ``radius`` around ``planet``, starting at the hex
    directly above it (direction A) and going clockwise (P8.1) or counter-clockwise. P8.1:
    radius 1 around 2215 is 2214, 2315, 2316, 2216, 2116, 2115; P8.51 and P8.52 give 2 and 3."""
    if radius < 1:
        raise ValueError("an orbit's radius is at least 1 (P8.5: up to 3 above a surface)")
    h = planet
    for _ in range(radius):
        h = neighbor(h, 0)
    path = [h]
    for direction in _CLOCKWISE_FROM_TOP:
        for _ in range(radius):
            h = neighbor(h, direction)
            path.append(h)
    path.pop()  # back at the start
    return path if clockwise else [path[0]] + path[:0:-1]


def next_orbit_hex(planet: Hex, here: Hex, *, clockwise: bool = True) -> Hex:
    """The hex an orbiting unit in ``here`` enters on impulse 32 (P8.21, P8.413)."""
    radius = hex_range(planet, here)
    path = orbit_path(planet, radius, clockwise=clockwise)
    return path[(path.index(here) + 1) % len(path)]


ORBITAL_INSERTION_COST = 1  # P8.412: one point of impulse power
# P8.432: each tactical maneuver in orbit also costs one hex of movement to stabilize.


# ---------------------------------------------------------------------------------------------
# P9 gravity waves

#: P9.42: force of a black hole's wave by impulse (= its radius).
BLACK_HOLE_WAVE = (100, 90, 81, 73, 66, 59, 53, 48, 43, 39, 35, 31, 28, 25, 23, 21, 19, 17, 15,
                   14, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)  # fmt: skip
BLACK_HOLE_WAVE_FIRST_TURN, BLACK_HOLE_WAVE_EVERY = 5, 10  # P9.4


def black_hole_wave_force(impulse: int) -> int:
    """P9.42: the force of a black hole's wave on ``impulse`` (its radius in hexes)."""
    if not 1 <= impulse <= 32:
        raise ValueError("impulses run 1-32")
    return BLACK_HOLE_WAVE[impulse - 1]


def black_hole_wave_turn(turn: int) -> bool:
    """P9.4: a black hole makes a 100-point wave every 10th turn from turn 5."""
    return turn >= BLACK_HOLE_WAVE_FIRST_TURN and (
        turn - BLACK_HOLE_WAVE_FIRST_TURN) % BLACK_HOLE_WAVE_EVERY == 0


def gravity_wave_shields(facing: int, motion: tuple[int, int]) -> tuple[int, int]:
    """P9.31: the two shields (1-6) facing a wave moving in directions ``motion`` (the pair
    it is written with, "moving C/D" = (2, 3)): those facing the way it comes from."""
    first, second = motion
    if (second - first) % 6 != 1:
        raise ValueError("a gravity wave moves between two adjacent directions (P9.12)")
    sources = ((first + 3) % 6, (second + 3) % 6)
    return tuple(sorted(((d - facing) % 6) + 1 for d in sources))  # type: ignore[return-value]


def gravity_wave_facing(facing: int, motion: tuple[int, int]) -> int:
    """P9.32: the unit (not a base) turns 60 degrees to lie parallel to the wave (the nearer of
    the two directions along it; the P9.31 example turns a ship facing F to E)."""
    first = motion[0]
    along = ((first - 1) % 6, (first + 2) % 6)
    return min(along, key=lambda d: (min((d - facing) % 6, (facing - d) % 6), d))


def split_wave_damage(strength: int, shields: int = 2) -> list[int]:
    """P9.31/P9.43: the wave's damage split as evenly as possible over the facing shields (the
    odd points are the owner's to place: here on the first shields)."""
    base, odd = divmod(strength, shields)
    return [base + (1 if i < odd else 0) for i in range(shields)]


# ---------------------------------------------------------------------------------------------
# P10 heat, P15 radiation (at each DRI: every 8th impulse)

DRI_IMPULSES = frozenset({8, 16, 24, 32})  # "each DRI (every 8th impulse)" (P10.1, P15.11)
HEAT_SMALL_UNIT_IMPULSES = frozenset({12, 24})  # P10.3


INTERCEPTOR_HEAT = 3  # P10.3: "an interceptor with a down shield would take 3 points"


def heat_damage(down_shields: int, impulse: int, *, kind: str = "ship") -> int:
    """P10.1/P10.3: damage a unit in a heat zone takes on ``impulse``: ships 1 per down shield
    at each DRI (the P10.1 example: three shields down, three points); shuttles 1 on impulses
    12 and 24; PFs as ships but only on 12 and 24; an interceptor with a down shield 3."""
    if kind == "shuttle":
        return 1 if impulse in HEAT_SMALL_UNIT_IMPULSES else 0
    if kind == "interceptor":
        return INTERCEPTOR_HEAT if down_shields and impulse in HEAT_SMALL_UNIT_IMPULSES else 0
    if kind == "pf":
        return down_shields if impulse in HEAT_SMALL_UNIT_IMPULSES else 0
    return down_shields if impulse in DRI_IMPULSES else 0


def radiation_crew_loss(any_shield_down: bool, impulse: int, *, kind: str = "ship") -> int:
    """P15.11: one crew unit dies at each DRI while any shield is down (shuttles and PFs,
    drones, plasma and mines are unaffected)."""
    if kind != "ship":
        return 0
    return 1 if any_shield_down and impulse in DRI_IMPULSES else 0


RADIATION_RANGE_CAP = 25  # P15.6: weapons, fire control, tactical intelligence, disengagement
NEUTRON_STAR_RADIATION = 20  # P15.5
NEUTRON_STAR_PULL_IMPULSE = 16  # P15.5: one hex toward the star


# ---------------------------------------------------------------------------------------------
# P11 sunspots, P14 ion storms

SUNSPOT_ECM = 8  # P11.3
#: P14.3: the die after energy allocation in an ion storm -> the sunspot effects this turn.
ION_STORM_TABLE = {1: ("P11.1",), 2: ("P11.2",), 3: ("P11.3",),
                   4: ("P11.1", "P11.2", "P11.3"), 5: ("P11.1", "P11.2", "P11.3"),
                   6: ("P11.1", "P11.2", "P11.3")}  # fmt: skip
ION_STORM_WAVE = 10  # P14.2: 10-point gravity waves 32 hexes apart
ION_STORM_WAVE_SPACING = 32


def ion_storm_effects(roll: int) -> tuple[str, ...]:
    """P14.3: the sunspot effects (P11.1 communications, P11.2 equipment, P11.3 jamming) an
    ion storm causes this turn for the die ``roll``."""
    if roll not in ION_STORM_TABLE:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    return ION_STORM_TABLE[roll]


# ---------------------------------------------------------------------------------------------
# P12 novas

NOVA_IMPULSE = 16  # P12.3: the front advances one hex a turn on impulse 16
#: P12.5: reach of the other effects from the wave front (nova, supernova).
NOVA_EFFECTS = {
    "radiation": (20, 40), "heat": (10, 20), "nebula": (50, 75),
    "pulsar_interval": (40, 20), "asteroids_per_impulse": (1, 2),
}  # fmt: skip


def nova_zones(distance: int, *, supernova: bool = False) -> tuple[str, ...]:
    """P12.51: the zones a unit ``distance`` hexes from the front is in (0: a nova hex, the
    unit is destroyed, P12.4). The P12.51 example: 12 hexes from a nova front is radiation and
    nebula, not heat."""
    if distance <= 0:
        return ("nova",)
    col = 1 if supernova else 0
    return tuple(z for z in ("radiation", "heat", "nebula")
                 if distance <= NOVA_EFFECTS[z][col])


def nova_front(star: Iterable[Hex], turns_since: int) -> frozenset[Hex]:
    """The nova hexes ``turns_since`` advances after the star went nova (P12.3): every hex
    within that many hexes of a star hex (the star itself included)."""
    stars = list(star)
    if turns_since < 0:
        return frozenset()
    out: set[Hex] = set(stars)
    frontier = set(stars)
    for _ in range(turns_since):
        frontier = {n for h in frontier for n in (neighbor(h, d) for d in range(6))} - out
        out |= frontier
    return frozenset(out)


#: P12.53: a card names a column of the map along a front in a row: the jokers 41 and 42, the
#: suit the tens (clubs 1-10, hearts 11-20, spades 21-30, diamonds 31-40), the pips (ace 1) the
#: units.
CARD_SUITS = {"C": 0, "H": 10, "S": 20, "D": 30}


def card_column(card: str) -> int:
    """P12.53: the column a playing card names (``"joker1"``, ``"joker2"``, ``"5S"``, ``"AC"``,
    ``"10D"``); ValueError naming the rule for a face card or anything else."""
    text = card.strip().upper().replace(" ", "")
    if text in ("JOKER1", "JOKER2"):
        return 40 + int(text[-1])
    pips, suit = text[:-1], text[-1:]
    value = 1 if pips == "A" else int(pips) if pips.isdigit() else 0
    if suit not in CARD_SUITS or not 1 <= value <= 10:
        raise ValueError(f"{card!r} is not a card of the P12.53 deck (ace to 10 of a suit, or "
                         "a joker; face cards removed)")
    return CARD_SUITS[suit] + value


def nova_asteroid_hex(card: str, front_row: int) -> Hex:
    """P12.53: where a new asteroid cluster appears on a front running along ``front_row``."""
    return Hex.from_offset(card_column(card), front_row)


# ---------------------------------------------------------------------------------------------
# P13 dust

DUST_IMPULSES = (5, 10, 15, 20, 25, 30)  # P13.2: impulses divisible by five
#: P13.1 as the digest reconstructs the garbled printed table (decisions.md P13.1): per
#: impulse, the (lowest, highest) speed ranges that take a point (None: no upper limit).
DUST_TABLE: dict[int, tuple[tuple[int, int | None], ...]] = {
    5: ((13, 18), (23, 25), (29, None)),
    10: ((19, 22), (26, None)),
    15: ((9, 12), (23, None)),
    20: ((19, None),),
    25: ((13, 18), (26, None)),
    30: ((19, None),),
}
DUST_SMALL_UNIT_REDUCTION = 10  # P13.3: drones, plasma, PFs, shuttles subtract 10


def dust_damage(speed: int, impulse: int, *, kind: str = "ship", erratic: bool = False,
                intense: bool = False) -> int:
    """P13.1-P13.5: the points a unit takes on ``impulse`` in a dust cloud, on the shield facing
    its direction of movement. The P13.2 example: speed 20 is hit on impulses 10, 20 and 30.
    Erratic maneuvers: hit on all six impulses; intense dust doubles each hit."""
    if impulse not in DUST_TABLE:
        return 0
    if kind in ("drone", "plasma", "pf", "shuttle", "fighter"):
        speed -= DUST_SMALL_UNIT_REDUCTION
    hit = erratic or any(lo <= speed and (hi is None or speed <= hi)
                         for lo, hi in DUST_TABLE[impulse])
    if not hit:
        return 0
    return 2 if intense else 1


def dust_hits_per_turn(speed: int) -> int:
    """How many of the six dust impulses hit a ship at ``speed`` (P13.1)."""
    return sum(1 for i in DUST_IMPULSES if dust_damage(speed, i))
