"""Module C2 weapon tables: TR beams (E9.35, E9.36), PPD (E11.32), web caster (E12.44), web fist
(E14.22, E14.31) and displacement device (G18.33).

Source: the quick-reference tables of seed 002 (seeds/002_7131915fa8127d82.txt lines 65-133,
identical to the copies in the rule bodies; ../shared/reference/digests/seed002-module-C2.md
and ssd_tables.json "module_c2_rule_tables"). The PPD, web caster and web fist tables are also
printed on the monitor SSD page of seed 000 and agree. Conventions are those of :mod:`.tables`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import (
    DieTable,
    HitChart,
    HitMode,
    HitResult,
    OutOfRange,
    check_range,
    parse_bands,
)

N = None

# --- Tractor-repulsor beams (E9) ---------------------------------------------------------------

_TR_BANDS = parse_bands("0-3", "4-5", "6-8", "9-12", "13-18", "19-25")

TR_HEAVY = DieTable(
    name="tr-heavy",
    title="Heavy tractor-repulsor beam (TRH)",
    rule="E9.35",
    bands=_TR_BANDS,
    rows=(
        (20, 20, 18, 12, 8, 3),
        (20, 20, 15, 9, 5, 2),
        (20, 18, 12, 6, 3, 1),
        (20, 15, 9, 3, 2, 0),
        (18, 12, 6, 2, 1, 0),
        (15, 9, 3, 1, 0, 0),
    ),
    notes=("1d6, EW-adjusted (E9.31); maximum range 25; no overload. Arming 3+3 (E9.21).",),
)

TR_LIGHT = DieTable(
    name="tr-light",
    title="Light tractor-repulsor beam (TRL)",
    rule="E9.36",
    bands=_TR_BANDS,
    rows=(
        (10, 10, 9, 6, 4, 2),
        (10, 10, 7, 4, 3, 1),
        (10, 9, 6, 3, 2, 0),
        (10, 7, 4, 2, 1, 0),
        (9, 6, 3, 1, 0, 0),
        (7, 4, 2, 0, 0, 0),
    ),
    notes=("1d6, EW-adjusted (E9.31); maximum range 25. Arming 2+2; a TRH may fire as a TRL.",),
)

TR_TABLES: dict[str, DieTable] = {"heavy": TR_HEAVY, "light": TR_LIGHT}


def tr_damage(kind: str, die: int, range_: int, shift: int = 0) -> int:
    """Damage of one TR beam (E9.35/E9.36), ``kind`` "heavy" or "light"."""
    try:
        table = TR_TABLES[kind]
    except KeyError:
        raise ValueError(f"TR kind is 'heavy' or 'light', not {kind!r}") from None
    return table.damage(die, range_, shift)


# --- Plasmatic pulsar device (E11) -------------------------------------------------------------

PPD = HitChart(
    name="ppd",
    title="Plasmatic pulsar device (PPD)",
    rule="E11.32",
    dice="2d6",
    bands=parse_bands("0-3", "4-10", "11-15", "16-20", "21-25", "26-30", "31-40"),
    modes={
        "standard": HitMode("pulse", hit=(N, 9, 8, 7, 6, 5, 4), damage=(0, 6, 5, 4, 3, 2, 1)),
    },
    notes=(
        "Wave-lock on 2d6 at most the hit number at effective range; damage by true range"
        " (E11.31).",
        "Splash (left+centre+right shield) is mandatory; Alt is for fire along a hex side"
        " (E11.35).",
        "Cannot fire at true range 3 or less; inside it a held lock does no damage (E11.5).",
        "Overload: maximum true range 8 (E11.6).",
    ),
)

#: Per PPD band: the splash (left, centre, right) and the hex-side alternative (E11.35).
PPD_SPLASH: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0), (1, 4, 1), (1, 3, 1), (1, 2, 1), (1, 1, 1), (1, 1, 0), (0, 1, 0),
)
PPD_ALT: tuple[tuple[int, int], ...] = ((0, 0), (3, 3), (3, 2), (2, 2), (2, 1), (1, 1), (1, 0))
PPD_OVERLOAD_MAX_RANGE = 8


@dataclass(frozen=True, slots=True)
class PpdDamage:
    total: int
    splash: tuple[int, int, int]
    alt: tuple[int, int]


def ppd_damage(true_range: int, overload: bool = False) -> PpdDamage:
    """The damage of one PPD pulse at ``true_range`` (E11.32): total, splash and alt."""
    _check_ppd_range(true_range, overload)
    col = PPD.column(true_range, "standard")
    total = PPD.modes["standard"].damage[col]  # type: ignore[index]
    return PpdDamage(total or 0, PPD_SPLASH[col], PPD_ALT[col])


def ppd_pulse(
    range_: int,
    dice: int,
    *,
    true_range: int | None = None,
    overload: bool = False,
    shift: int = 0,
) -> HitResult:
    """One PPD wave-lock roll (E11.31): 2d6 ``dice`` at effective ``range_``."""
    for r in (range_, true_range):
        if r is not None:
            _check_ppd_range(r, overload)
    return PPD.resolve("standard", range_, dice, true_range=true_range, shift=shift)


def _check_ppd_range(range_: int, overload: bool) -> None:
    check_range(range_)
    if overload and range_ > PPD_OVERLOAD_MAX_RANGE:
        raise OutOfRange("PPD (overload)", range_, PPD_OVERLOAD_MAX_RANGE, "E11.6")


# --- Web caster (E12.44) ----------------------------------------------------------------------

WEB_CASTER_RANGE_BANDS = parse_bands("1-10", "11-20", "21-30")
#: Row r gives the web strength that r+1 effective energy makes; ENERGY_USED[r][band] is the
#: energy that must be spent to get it at that range band (None: unreachable, the chart's dagger).
WEB_CASTER_ENERGY_USED: tuple[tuple[int | None, ...], ...] = (
    (1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, N), (5, N, N),
)
#: Strength per web hex, for 1..5 hexes created.
WEB_CASTER_STRENGTH: tuple[tuple[int, ...], ...] = (
    (10, 5, 3, 2, 2),
    (20, 10, 6, 5, 4),
    (30, 15, 10, 7, 6),
    (35, 20, 13, 10, 8),
    (35, 25, 16, 12, 10),
)
WEB_MAX_STRENGTH = 35  # printed "35*": a web hex is at most 35 (E12.44)
WEB_CASTER_MAX_ENERGY = 5  # a caster stores at most 5 and spends it all (E12.3)
WEB_CASTER_MAX_RANGE = 30  # E12.5


def web_caster_strength(energy: int, hexes: int, range_: int) -> int:
    """Strength of each web hex (E12.44): ``energy`` stored (all spent), ``hexes`` 1..5 in the
    line, ``range_`` the effective range of the farthest hex (E12.43).

    0 means no web: too little energy for the range, or range 0 (not allowed, E12.4).
    """
    if not isinstance(energy, int) or not 1 <= energy <= WEB_CASTER_MAX_ENERGY:
        raise ValueError(f"web caster energy is 1..5 (E12.3), not {energy!r}")
    if not isinstance(hexes, int) or not 1 <= hexes <= 5:
        raise ValueError(f"a web caster creates 1..5 web hexes (E12.4), not {hexes!r}")
    check_range(range_)
    if range_ > WEB_CASTER_MAX_RANGE:
        raise OutOfRange("Web caster", range_, WEB_CASTER_MAX_RANGE, "E12.5")
    if range_ == 0:
        return 0
    band = next(i for i, b in enumerate(WEB_CASTER_RANGE_BANDS) if b.high and range_ <= b.high)
    for row, used in enumerate(WEB_CASTER_ENERGY_USED):
        if used[band] == energy:
            return WEB_CASTER_STRENGTH[row][hexes - 1]
    return 0


# --- Web fist (E14) ----------------------------------------------------------------------------

_WEB_FIST_HIT = (4, 3, 2)  # E14.22, 1d6 at effective range
_WEB_FIST_DAMAGE = ((2, 0, 0), (4, 2, 0), (6, 4, 2), (8, 6, 4), (10, 8, 6))  # E14.31, true range

WEB_FIST = HitChart(
    name="web-fist",
    title="Web fist",
    rule="E14.22",
    dice="1d6",
    bands=parse_bands("1-10", "11-20", "21-30"),
    modes={
        str(energy): HitMode(f"{energy} energy", hit=_WEB_FIST_HIT, damage=damage)
        for energy, damage in enumerate(_WEB_FIST_DAMAGE, start=1)
    },
    notes=(
        "Hit by effective range (E14.22); damage by true range and energy used (E14.31).",
        "Not at true range 0; no feedback; fires in the direct-fire step 6D2 (E14).",
    ),
)


def web_fist_hit(
    range_: int, die: int, energy: int, *, true_range: int | None = None, shift: int = 0
) -> HitResult:
    """One web fist (E14): all ``energy`` (1..5) stored in the caster is spent."""
    if not isinstance(energy, int) or not 1 <= energy <= WEB_CASTER_MAX_ENERGY:
        raise ValueError(f"web fist energy is 1..5 (E14.31), not {energy!r}")
    return WEB_FIST.resolve(str(energy), range_, die, true_range=true_range, shift=shift)


# --- Displacement device (G18.33) -------------------------------------------------------------

DISPLACEMENT = HitChart(
    name="displacement",
    title="Displacement device",
    rule="G18.33",
    dice="1d6",
    bands=parse_bands("0", "1-2", "3-15", "16-22", "23-31", "32-50"),
    modes={
        "enemy": HitMode("non-Andromedan target", hit=(N, 5, 4, 3, 2, 1)),
        # Not a printed row: G18.32 gives an Andromedan target 1-5 at any range up to 50.
        "andromedan": HitMode("Andromedan target", hit=(5, 5, 5, 5, 5, 5)),
    },
    notes=(
        "1d6 plus EW shift (G18.32); at range 0 a non-Andromedan target cannot be displaced.",
        "Another Andromedan unit: 1-5 at any range up to 50; self-displacement always succeeds"
        " (G18.32).",
    ),
)


def displacement_succeeds(
    range_: int, die: int, *, shift: int = 0, andromedan_target: bool = False
) -> bool:
    """Does a displacement attempt succeed (G18.33, G18.32)? OutOfRange beyond 50."""
    mode = "andromedan" if andromedan_target else "enemy"
    return DISPLACEMENT.resolve(mode, range_, die, shift=shift).hit
