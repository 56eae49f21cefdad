"""Building blocks of the weapon charts: range bands, die-roll damage tables, hit-or-miss charts.

Every weapon chart module (phasers, heavy_weapons, seeking, c2) writes its chart once, as the
reference prints it, in one of two shapes:

* :class:`DieTable`, a *range-of-effect* table (phasers E2, fusion E7, TR beams E9.35): rows are
  the die roll, columns are range bands, cells are damage points.
* :class:`HitChart`, a *hit-or-miss* chart (photon E4, disruptor E3, hellbore E10, PPD E11,
  ADD E5, ...): per mode, a hit number and a damage value for each range band.

Conventions shared by every lookup in sfb_desk.rules.charts:

* Ranges and dice are ints. A negative range, a die outside its dice (1..6 for 1d6, 2..12 for
  2d6) or an unknown weapon kind or mode raises :class:`ValueError`: the engine never asks that.
* A range beyond the farthest range at which the weapon (in that mode) can fire raises
  :class:`OutOfRange`, a ``ValueError`` carrying the rule and the maximum. Fire validation checks
  ``in_range``/``max_range`` first and reports an issue with the rule number; reaching a lookup
  with such a range is a programmer error.
* Inside that maximum, a band the chart prints as NA or "-" (a minimum range such as the photon's
  0-1, or the PPD's myopic zone) gives an explicit result: ``HitResult.allowed`` is False and
  ``note`` says why, with the rule number.
* ``shift`` is the net EW die-roll shift (D6.34, :mod:`.ew`). Hit-or-miss weapons add it to the
  roll and miss when the adjusted roll exceeds the hit number (E1.821). Range-of-effect weapons
  raise the die toward 6 and move one range column outward for each point left over (E1.822); a
  shift past the last column scores nothing. A negative shift (G21.211, E1.812) lowers the die,
  never below 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

DICE_RANGE: dict[str, tuple[int, int]] = {"1d6": (1, 6), "2d6": (2, 12)}


class OutOfRange(ValueError):
    """A lookup beyond a weapon's maximum range (the caller should have checked ``in_range``)."""

    def __init__(self, weapon: str, range_: int, max_range: int, rule: str) -> None:
        super().__init__(
            f"{weapon}: range {range_} is beyond its maximum range {max_range} ({rule})"
        )
        self.weapon = weapon
        self.range = range_
        self.max_range = max_range
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Band:
    """A range band as printed at the head of a chart column: ``low``..``high``, or open."""

    low: int
    high: int | None  # None: open-ended, printed "4+"

    @property
    def label(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def parse_bands(*labels: str) -> tuple[Band, ...]:
    """Bands from their printed labels ("0", "6-8", "4+"); they must be contiguous."""
    bands: list[Band] = []
    for label in labels:
        if label.endswith("+"):
            band = Band(int(label[:-1]), None)
        elif "-" in label:
            low, high = label.split("-")
            band = Band(int(low), int(high))
        else:
            band = Band(int(label), int(label))
        if band.high is not None and band.high < band.low:
            raise ValueError(f"band {label!r} runs backwards")
        if bands:
            previous = bands[-1]
            if previous.high is None or band.low != previous.high + 1:
                raise ValueError(f"band {label!r} does not follow {previous.label!r}")
        bands.append(band)
    return tuple(bands)


def _column_index(bands: tuple[Band, ...]) -> tuple[int, ...]:
    """``index[r]`` is the column holding range ``r`` (-1 below the first band), up to the
    last closed band; an open last band covers everything beyond."""
    last = bands[-1].high if bands[-1].high is not None else bands[-1].low
    index = [-1] * (last + 1)
    for col, band in enumerate(bands):
        high = band.high if band.high is not None else band.low
        for r in range(band.low, high + 1):
            index[r] = col
    return tuple(index)


def check_range(range_: int) -> None:
    if not isinstance(range_, int) or range_ < 0:
        raise ValueError(f"range must be a whole number of hexes >= 0, not {range_!r}")


def check_die(roll: int, dice: str = "1d6") -> None:
    low, high = DICE_RANGE[dice]
    if not isinstance(roll, int) or not low <= roll <= high:
        raise ValueError(f"a {dice} roll is {low}..{high}, not {roll!r}")


@dataclass(frozen=True, slots=True)
class DieTable:
    """A range-of-effect table: ``rows[die - 1][column]`` is the damage (E1.822 for shifts)."""

    name: str
    title: str
    rule: str
    bands: tuple[Band, ...]
    rows: tuple[tuple[int, ...], ...]
    notes: tuple[str, ...] = ()
    _index: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.rows) != 6 or any(len(row) != len(self.bands) for row in self.rows):
            raise ValueError(f"{self.name}: need 6 die rows of {len(self.bands)} cells")
        if self.bands[0].low != 0 or self.bands[-1].high is None:
            raise ValueError(f"{self.name}: bands must run from 0 to a closed maximum")
        object.__setattr__(self, "_index", _column_index(self.bands))

    @property
    def max_range(self) -> int:
        return len(self._index) - 1

    def in_range(self, range_: int) -> bool:
        return 0 <= range_ <= self.max_range

    def column(self, range_: int) -> int:
        check_range(range_)
        if range_ > self.max_range:
            raise OutOfRange(self.title, range_, self.max_range, self.rule)
        return self._index[range_]

    def damage(self, die: int, range_: int, shift: int = 0) -> int:
        """Damage for a 1d6 roll at a range, after an EW shift (E1.822)."""
        check_die(die)
        col = self.column(range_)
        adjusted = max(1, die + shift)
        if adjusted > 6:
            col += adjusted - 6
            adjusted = 6
        if col >= len(self.bands):
            return 0
        return self.rows[adjusted - 1][col]


@dataclass(frozen=True, slots=True)
class HitResult:
    """One hit-or-miss shot: whether it could fire, hit, and what it scored.

    ``hit_number``: the shot hits on an adjusted roll (die + shift) at most this (None where the
    chart prints NA). ``roll`` is that adjusted roll. ``damage`` is 0 on a miss. ``feedback`` is
    the damage the firer takes on its own facing shield when the shot hits at this range
    (E3.54, E4.431; decisions.md E3/E4). ``allowed`` False: the weapon cannot fire here
    (``note`` says why, with the rule); then ``hit`` is False and nothing is scored.
    """

    allowed: bool
    hit: bool
    damage: int
    hit_number: int | None
    roll: int
    feedback: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class HitMode:
    """One mode's rows of a hit-or-miss chart: hit numbers and damage per band (None = NA).

    ``damage`` is None for charts without a damage row (an ADD hit destroys the drone, E5.2).
    """

    label: str
    hit: tuple[int | None, ...]
    damage: tuple[int | None, ...] | None = None
    feedback: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class HitChart:
    name: str
    title: str
    rule: str
    dice: str
    bands: tuple[Band, ...]
    modes: Mapping[str, HitMode]
    notes: tuple[str, ...] = ()
    _index: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "modes", MappingProxyType(dict(self.modes)))
        for key, mode in self.modes.items():
            rows = [mode.hit, mode.damage or mode.hit, mode.feedback or mode.hit]
            if any(len(row) != len(self.bands) for row in rows):
                raise ValueError(f"{self.name} {key}: need {len(self.bands)} cells per row")
            if all(h is None for h in mode.hit):
                raise ValueError(f"{self.name} {key}: no band where it can hit")
            if self.bands[-1].high is None and mode.hit[-1] is not None:
                raise ValueError(f"{self.name} {key}: an open last band must be NA")
        object.__setattr__(self, "_index", _column_index(self.bands))

    def mode(self, mode: str) -> HitMode:
        try:
            return self.modes[mode]
        except KeyError:
            known = ", ".join(self.modes)
            raise ValueError(f"{self.name}: unknown mode {mode!r} (known: {known})") from None

    def max_range(self, mode: str) -> int:
        """The farthest range at which ``mode`` can hit: the end of its last non-NA band."""
        hits = self.mode(mode).hit
        last = max(col for col, h in enumerate(hits) if h is not None)
        high = self.bands[last].high
        assert high is not None  # open bands are NA (__post_init__)
        return high

    def column(self, range_: int, mode: str) -> int:
        check_range(range_)
        maximum = self.max_range(mode)
        if range_ > maximum:
            raise OutOfRange(f"{self.title} ({mode})", range_, maximum, self.rule)
        return self._index[range_]

    def resolve(
        self,
        mode: str,
        range_: int,
        roll: int,
        *,
        true_range: int | None = None,
        shift: int = 0,
    ) -> HitResult:
        """Hit at ``range_`` (the effective range, D1.4); damage at ``true_range`` (E3.33)."""
        check_die(roll, self.dice)
        row = self.mode(mode)
        col = self.column(range_, mode)
        dcol = col if true_range is None else self.column(true_range, mode)
        hit_number = row.hit[col] if col >= 0 else None
        adjusted = roll + shift
        if col < 0 or dcol < 0 or hit_number is None or row.hit[dcol] is None:
            shown = range_ if true_range is None else f"{range_} (true {true_range})"
            note = f"{self.title} ({mode}) cannot fire at range {shown} ({self.rule})"
            return HitResult(False, False, 0, hit_number, adjusted, 0, note)
        hit = adjusted <= hit_number
        feedback = row.feedback[dcol] if (hit and row.feedback) else 0
        damage = (row.damage[dcol] or 0) if (hit and row.damage) else 0
        return HitResult(True, hit, damage, hit_number, adjusted, feedback)


def hit_label(number: int | None, dice: str) -> str:
    """How a chart prints a hit number: "1-4" on 1d6, "9" (2d6 at most 9), "-" for NA."""
    if number is None:
        return "-"
    if dice == "1d6":
        return "1" if number == 1 else f"1-{number}"
    return str(number)


def cell(value: int | None) -> str:
    return "-" if value is None else str(value)
