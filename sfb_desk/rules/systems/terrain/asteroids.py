"""Asteroid damage (the Basic Set's P3.2) and the asteroid clusters a nova casts off (P12.53).

The Asteroid Damage Table (P3.2) is a Basic Set table the rulebooks we hold do not print
(Advanced Missions' P12.53 cites it). The program invents none of its numbers: the player
enters it once from his own Basic Set (:class:`AsteroidTable`, kept in the user data directory
by ``sfb_desk.data.asteroid_table``). With it, a unit entering an asteroid hex rolls the table's
dice and takes the damage it reads for the unit's speed band; without it, the table is asked
for the damage points of each hex entered (:data:`ASK_CAP` at most).

What Advanced Missions says of the table is applied: a nimble unit subtracts one from the die
roll (C11.21, never below the table's lowest roll); the damage strikes the shield facing the
direction of movement (the P3.21 procedure, as P13.2 describes it for dust); a nova's clusters
strike at speed 20 or the unit's speed, whichever is greater (P12.53).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexes import DIRECTIONS, Hex, hex_range, neighbor

RULE = "P3.2"
#: The dice the table may be rolled with, and the lowest and highest totals.
TABLE_DICE = {"1d6": (1, 6), "2d6": (2, 12)}
#: The most damage one entry (or one answer when the table is asked) may give: far above
#: anything a single asteroid hex does, low enough to catch a slip of the keyboard.
ASK_CAP = 50
#: Speeds the table must cover: 1 (a unit at speed 0 enters no hex) to the fastest (C2.112:
#: 31 for ships; 32 for seeking weapons).
LOWEST_SPEED, TOP_SPEED = 1, 32
NIMBLE_SHIFT = 1  # C11.21: subtract 1 from the die roll for asteroid damage
NOVA_CLUSTER_SPEED = 20  # P12.53: clusters move at speed 20; damage at 20 or the unit's speed


class AsteroidTableError(ValueError):
    """A table that cannot be used: the message names the problem and P3.2."""


@dataclass(frozen=True, slots=True)
class AsteroidBand:
    """One speed column of the table: speeds ``low``-``high`` (``high`` None: and above) and
    the damage for each roll of the table's dice, lowest roll first."""

    low: int
    high: int | None
    damage: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.low}+" if self.high is None else (
            str(self.low) if self.low == self.high else f"{self.low}-{self.high}")

    def covers(self, speed: int) -> bool:
        return self.low <= speed and (self.high is None or speed <= self.high)


@dataclass(frozen=True, slots=True)
class AsteroidTable:
    """The P3.2 Asteroid Damage Table as the player entered it from his Basic Set."""

    dice: str
    bands: tuple[AsteroidBand, ...]
    note: str = ""

    @property
    def rolls(self) -> tuple[int, int]:
        return TABLE_DICE[self.dice]

    def band(self, speed: int) -> AsteroidBand:
        for band in self.bands:
            if band.covers(speed):
                return band
        raise AsteroidTableError(f"the Asteroid Damage Table has no column for speed {speed} "
                                 f"({RULE})")

    def damage(self, speed: int, roll: int) -> int:
        """The damage points for a unit at ``speed`` and a (modified) roll of the dice."""
        low, high = self.rolls
        roll = min(max(roll, low), high)
        return self.band(speed).damage[roll - low]


def check_table(table: AsteroidTable) -> list[str]:
    """Every problem of ``table`` (empty: usable), each naming P3.2."""
    problems: list[str] = []
    if table.dice not in TABLE_DICE:
        return [f"the table's dice are {' or '.join(TABLE_DICE)}, not {table.dice!r} ({RULE})"]
    low, high = TABLE_DICE[table.dice]
    entries = high - low + 1
    if not table.bands:
        return [f"the table has no speed columns ({RULE})"]
    expected = LOWEST_SPEED
    for n, band in enumerate(table.bands, 1):
        where = f"column {n} (speeds {band.label})"
        if band.low != expected:
            problems.append(f"{where}: the columns run on from speed {expected} without gaps "
                            f"or overlaps, so this one starts at {expected} ({RULE})")
        if band.high is not None and band.high < band.low:
            problems.append(f"{where}: the highest speed is below the lowest ({RULE})")
        if band.high is None and n != len(table.bands):
            problems.append(f"{where}: only the last column is open-ended ({RULE})")
        if len(band.damage) != entries:
            problems.append(f"{where}: {entries} damage entries, one per roll of {table.dice} "
                            f"({low}-{high}), not {len(band.damage)} ({RULE})")
        bad = [d for d in band.damage if not isinstance(d, int) or isinstance(d, bool)
               or not 0 <= d <= ASK_CAP]
        if bad:
            problems.append(f"{where}: damage is a whole number of points 0-{ASK_CAP}, not "
                            f"{bad[0]!r} ({RULE})")
        expected = (band.high + 1) if band.high is not None else None  # type: ignore[assignment]
        if expected is None:
            break
    last = table.bands[-1]
    if last.high is not None and last.high < TOP_SPEED:
        problems.append(f"the last column ends at speed {last.high}: leave its highest speed "
                        f"open (\"{last.low}+\") so that every speed up to {TOP_SPEED} has one "
                        f"({RULE})")
    return problems


def parse_speeds(text: str) -> tuple[int, int | None]:
    """``"7-12"``, ``"13"`` or ``"26+"`` as (low, high); AsteroidTableError naming P3.2."""
    raw = str(text).strip().replace(" ", "")
    try:
        if raw.endswith("+"):
            return int(raw[:-1]), None
        if "-" in raw:
            lo, hi = raw.split("-", 1)
            return int(lo), int(hi)
        return int(raw), int(raw)
    except ValueError:
        raise AsteroidTableError(f"{text!r} is not a speed column: write it as 1-6, 13 or "
                                 f"26+ ({RULE})") from None


def table_roll(roll: int, table: AsteroidTable, *, nimble: bool = False) -> int:
    """The roll read on the table: a nimble unit subtracts one (C11.21), never below the
    table's lowest roll."""
    low, _high = table.rolls
    return max(low, roll - NIMBLE_SHIFT) if nimble else roll


def damage_speed(speed: int, *, nova_cluster: bool = False) -> int:
    """The speed the table is read at: the unit's, or at least 20 for a nova's cluster
    (P12.53); capped at the table's top (32)."""
    if nova_cluster:
        speed = max(speed, NOVA_CLUSTER_SPEED)
    return min(max(speed, LOWEST_SPEED), TOP_SPEED)


def direction_of(a: Hex, b: Hex) -> int | None:
    """The direction (0-5) of the step from ``a`` to the adjacent hex ``b``, or None."""
    for d in range(6):
        if neighbor(a, d) == b:
            return d
    return None


def struck_shield(facing: int, direction: int) -> int:
    """The shield (1-6) facing ``direction``, the way the unit moves (P3.21 as P13.2 uses it)."""
    return (direction - facing) % 6 + 1


# ---------------------------------------------------------------------------------------------
# P12.53: the asteroid clusters a nova casts off


def cluster_hexes(centre: Hex) -> frozenset[Hex]:
    """A 7-hex asteroid cluster (P12.53): its counter's hex and the six around it."""
    return frozenset({centre, *(neighbor(centre, d) for d in range(6))})


def away_directions(star: Hex, here: Hex) -> tuple[int, ...]:
    """The directions "directly away" from a nova around ``star`` at ``here`` (P12.53): one
    on a line of hexes straight out from the star, else the two it alternates between
    (sideslipping left, right, left ...)."""
    radius = hex_range(star, here)
    if radius == 0:
        return tuple(range(6))
    delta = here - star
    for d in range(6):
        if delta == DIRECTIONS[d] * radius:
            return (d,)
    for d in range(6):
        for a in range(1, radius):
            if delta == DIRECTIONS[d] * a + DIRECTIONS[(d + 1) % 6] * (radius - a):
                # nearer the d-line: d first; the sideslips alternate from there
                return (d, (d + 1) % 6) if a >= radius - a else ((d + 1) % 6, d)
    raise AssertionError(f"{here.label} is in no sector around {star.label}")  # pragma: no cover


def cluster_step(star: Hex, here: Hex, moves: int) -> Hex:
    """Where a cluster in ``here`` goes on its next move (its ``moves``-th since it was cast
    off): straight out from the star, sideslipping left, right, left ... between the two
    directions of its sector (P12.53)."""
    ways = away_directions(star, here)
    if len(ways) == 6:
        return neighbor(here, 0)
    return neighbor(here, ways[moves % len(ways)])


#: P12.53: the card that names the n-th hex of the front (1-42): clubs 1-10, hearts 11-20,
#: spades 21-30, diamonds 31-40, the jokers 41 and 42; ace is 1.
_SUIT_OF_TENS = "CHSD"


def card_name(number: int) -> str:
    """The card of the P12.53 deck that stands for ``number`` (1-42); the inverse of
    :func:`~.effects.card_column`. Beyond 42 a second deck is needed: ``"deck 2 AC"``."""
    if number < 1:
        raise ValueError(f"cards number from 1, not {number}")
    deck, n = divmod(number - 1, 42)
    n += 1
    if n > 40:
        name = f"joker{n - 40}"
    else:
        tens, pips = divmod(n - 1, 10)
        name = f"{'A' if pips == 0 else pips + 1}{_SUIT_OF_TENS[tens]}"
    return name if deck == 0 else f"deck {deck + 1} {name}"
