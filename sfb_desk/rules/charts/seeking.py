"""Plasma torpedo warheads (FP1, FP9.12), plasma bolt hit numbers (FP8) and the anti-drone (E5).

Plasma warhead strength falls with the hexes the torpedo has travelled since launch. Sources,
../shared/reference/basic-set-facts.md G4.4 (High): the SSD plasma tables of our seed
(ssd_tables.json "PLASMA WARHEAD", 19 usable copies), the SFB Online client chart and a peer
agree; type D is FP9.12 (seed 000 line 3959). The chart ends at 30 hexes; beyond it every
warhead is 0 and the torpedo is gone (FP1.42; decisions.md FP1). Enveloping torpedoes (FP5)
double the warhead: the caller's arithmetic, not a chart.

Bolts (FP8) are direct fire on a 1d6 at these hit numbers (EW shifts apply, E1.821); their
damage has a single, uncorroborated source and is not charted here.

The anti-drone (E5) hits a drone on 1d6 at these numbers and destroys it (E5.2); ADDs ignore EW
(E5.15), so it takes no shift. Its maximum range is 3 (the chart prints "4+" as "-").
"""

from __future__ import annotations

from .tables import Band, HitChart, HitMode, HitResult, check_die, check_range, parse_bands

N = None

PLASMA_BANDS: tuple[Band, ...] = parse_bands(
    "0-5", "6-10", "11-12", "13-14", "15", "16-18", "19", "20", "21-23", "24", "25", "26-28",
    "29", "30",
)

#: Warhead by hexes travelled, per PLASMA_BANDS.
PLASMA_WARHEADS: dict[str, tuple[int, ...]] = {
    "R": (50, 50, 35, 35, 35, 25, 25, 25, 20, 20, 20, 10, 5, 1),
    "S": (30, 30, 22, 22, 22, 15, 15, 15, 10, 5, 1, 0, 0, 0),
    "G": (20, 20, 15, 15, 15, 10, 5, 1, 0, 0, 0, 0, 0, 0),
    "F": (20, 15, 10, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0),
}

#: Type D (FP9.12), on its own printed bands.
PLASMA_D_BANDS: tuple[Band, ...] = parse_bands("0-5", "6-10", "11-12", "13-14", "15", "16+")
PLASMA_D_WARHEAD: tuple[int, ...] = (10, 8, 5, 2, 1, 0)

PLASMA_TYPES: tuple[str, ...] = ("R", "S", "G", "F", "D")
PLASMA_CHART_END = 30  # the last hex the warhead chart prints


def _expand(bands: tuple[Band, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for band, value in zip(bands, values, strict=True):
        high = band.high if band.high is not None else PLASMA_CHART_END
        out.extend([value] * (high - band.low + 1))
    return tuple(out)


# _WARHEAD[type][hexes] for 0..30, precomputed from the bands.
_WARHEAD: dict[str, tuple[int, ...]] = {
    **{t: _expand(PLASMA_BANDS, row) for t, row in PLASMA_WARHEADS.items()},
    "D": _expand(PLASMA_D_BANDS, PLASMA_D_WARHEAD),
}


def plasma_type(name: str) -> str:
    key = str(name).strip().upper().removeprefix("PLASMA-").removeprefix("TYPE ")
    if key not in PLASMA_TYPES:
        raise ValueError(f"plasma type is one of {', '.join(PLASMA_TYPES)}, not {name!r}")
    return key


def plasma_warhead(type_: str, hexes_travelled: int) -> int:
    """Warhead strength of a plasma torpedo of ``type_`` (R, S, G, F, D) after travelling
    ``hexes_travelled`` hexes (FP1, FP9.12); 0 beyond the 30 hexes the chart prints."""
    row = _WARHEAD[plasma_type(type_)]
    check_range(hexes_travelled)
    return row[hexes_travelled] if hexes_travelled <= PLASMA_CHART_END else 0


# --- Plasma bolt (FP8) -------------------------------------------------------------------------

PLASMA_BOLT = HitChart(
    name="plasma-bolt",
    title="Plasma bolt",
    rule="FP8",
    dice="1d6",
    bands=parse_bands("0-5", "6-10", "11-20", "21-30"),
    modes={"bolt": HitMode("bolt", hit=(4, 3, 2, 1))},
    notes=("Direct fire; EW shifts the die (E1.821). Type D cannot be bolted (FP9.13).",),
)


def plasma_bolt_hit_number(range_: int) -> int:
    """A plasma bolt hits on 1d6 at most this at ``range_`` (FP8); OutOfRange beyond 30."""
    col = PLASMA_BOLT.column(range_, "bolt")
    number = PLASMA_BOLT.modes["bolt"].hit[col]
    assert number is not None
    return number


def plasma_bolt_hits(range_: int, die: int, shift: int = 0) -> bool:
    """Does a plasma bolt hit (FP8, E1.821)?"""
    check_die(die)
    return die + shift <= plasma_bolt_hit_number(range_)


# --- Anti-drone (E5) ---------------------------------------------------------------------------

ANTI_DRONE = HitChart(
    name="anti-drone",
    title="Anti-drone (ADD)",
    rule="E5",
    dice="1d6",
    bands=parse_bands("0", "1", "2", "3", "4+"),
    modes={"standard": HitMode("standard", hit=(N, 2, 3, 4, N))},
    notes=(
        "A hit destroys the drone whatever its armour (E5.2). ADDs ignore EW (E5.15) and need a"
        " lock-on (E5.14).",
        "One round per impulse; 6 rounds a rack, 12 after the Y175 refit (E5.52).",
    ),
)


def anti_drone_hit(range_: int, die: int) -> HitResult:
    """One ADD round at a drone (E5): ``hit`` means the drone is destroyed (``damage`` stays 0).

    Not allowed at range 0, where the chart prints "-"; OutOfRange beyond range 3.
    """
    return ANTI_DRONE.resolve("standard", range_, die)
