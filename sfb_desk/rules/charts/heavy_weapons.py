"""Heavy-weapon charts: photon (E4), disruptor (E3), fusion (E7) and hellbore (E10).

Photon, disruptor and hellbore are hit-or-miss (:class:`~.tables.HitChart`); fusion is a
range-of-effect die table. Sources: ../shared/reference/basic-set-facts.md sections 5.5, 5.6
and G7, checked against the SSD tables of our seed (ssd_tables.json "PHOTON", "DISRUPTOR",
"FUSION BEAM", "FUSION OVERLOAD", "HELLBORE"). Disagreements are in
sfb_desk/rules/decisions.md (E3, E4, E7). Conventions (ranges, shifts, OutOfRange, NA bands) are
those of :mod:`.tables`.
"""

from __future__ import annotations

from dataclasses import replace

from .tables import DieTable, HitChart, HitMode, HitResult, OutOfRange, parse_bands

N = None  # a cell the chart prints NA

# --- Photon torpedo (E4) ---------------------------------------------------------------------

PHOTON = HitChart(
    name="photon",
    title="Photon torpedo",
    rule="E4",
    dice="1d6",
    bands=parse_bands("0-1", "2", "3-4", "5-8", "9-12", "13-30"),
    modes={
        "standard": HitMode("standard", hit=(N, 5, 4, 3, 2, 1), damage=(N, 8, 8, 8, 8, 8)),
        "proximity": HitMode(
            "proximity", hit=(N, N, N, N, 4, 3), damage=(N, N, N, N, 4, 4)
        ),
        # Overload damage "VARIES": 2 x arming energy (E4.413); the cells are the full 8 energy.
        "overload": HitMode(
            "overload",
            hit=(6, 5, 4, 3, N, N),
            damage=(16, 16, 16, 16, N, N),
            feedback=(4, 0, 0, 0, 0, 0),
        ),
    },
    notes=(
        "Standard: minimum range 2, maximum 30; arming 2+2 warp (E4.23).",
        "Proximity fuse: automatic miss inside range 9 (E4.32); warhead 4.",
        "Overload: maximum range 8; warhead 2 x arming energy, 4.5 to 8 energy (E4.413-E4.414);"
        " at range 0-1 it hits on 1-6, and a hit feeds 4 back to the firer's facing shield"
        " (E4.43, E4.431).",
    ),
)

PHOTON_OVERLOAD_ENERGY = (4.5, 8.0)


def photon_hit(
    range_: int,
    die: int,
    overload: bool = False,
    *,
    proximity: bool = False,
    energy: float = 8.0,
    true_range: int | None = None,
    shift: int = 0,
) -> HitResult:
    """Resolve one photon torpedo (E4): standard, proximity-fused, or overloaded.

    ``energy`` is the total arming energy of an overload, 4.5..8 (E4.413-E4.414); its warhead is
    twice that (fractions dropped).
    """
    if overload and proximity:
        raise ValueError("a photon is either overloaded or proximity-fused (E4.3, E4.4)")
    low, high = PHOTON_OVERLOAD_ENERGY
    if overload and not low <= energy <= high:
        raise ValueError(f"overload arming energy is {low}..{high} (E4.413), not {energy}")
    mode = "overload" if overload else "proximity" if proximity else "standard"
    result = PHOTON.resolve(mode, range_, die, true_range=true_range, shift=shift)
    if overload and result.hit:
        return replace(result, damage=int(2 * energy))
    return result


# --- Disruptor (E3) --------------------------------------------------------------------------

_DISRUPTOR_STANDARD_DAMAGE = (0, 5, 4, 4, 3, 3, 2, 2, 1)
_DISRUPTOR_OVERLOAD_DAMAGE = (10, 10, 8, 8, 6, 0, 0, 0, 0)
_DISRUPTOR_FEEDBACK = (2, 0, 0, 0, 0, 0, 0, 0, 0)

DISRUPTOR = HitChart(
    name="disruptor",
    title="Disruptor",
    rule="E3",
    dice="1d6",
    bands=parse_bands("0", "1", "2", "3-4", "5-8", "9-15", "16-22", "23-30", "31-40"),
    modes={
        "standard": HitMode(
            "standard", hit=(N, 5, 5, 4, 4, 4, 3, 2, 2), damage=_DISRUPTOR_STANDARD_DAMAGE
        ),
        "overload": HitMode(
            "overload",
            hit=(6, 5, 5, 4, 4, N, N, N, N),
            damage=_DISRUPTOR_OVERLOAD_DAMAGE,
            feedback=_DISRUPTOR_FEEDBACK,
        ),
        "uim": HitMode("UIM", hit=(N, 5, 5, 4, 4, 4, 4, 2, 2), damage=_DISRUPTOR_STANDARD_DAMAGE),
        "derfacs": HitMode(
            "DERFACS", hit=(N, 5, 5, 4, 4, 4, 3, 3, 2), damage=_DISRUPTOR_STANDARD_DAMAGE
        ),
        "uim-overload": HitMode(
            "UIM overload",
            hit=(6, 5, 5, 5, 5, N, N, N, N),
            damage=_DISRUPTOR_OVERLOAD_DAMAGE,
            feedback=_DISRUPTOR_FEEDBACK,
        ),
    },
    notes=(
        "Damage by true range, hit by effective range (E3.33).",
        "Range 30 on Basic Set mounts; the 31-40 band is for disruptor-40 mounts only.",
        "Overload: 4 energy, damage doubled (E3.52), maximum range 8; a hit at range 0 feeds 2"
        " back to the firer (E3.54).",
        "UIM (D6.5) and DERFACS change the hit numbers only.",
    ),
)

DISRUPTOR_MODES: tuple[str, ...] = tuple(DISRUPTOR.modes)
# A disruptor mount's range is printed beside it on the SSD (E3): 15 (e.g. the F5 frigate),
# 22 (e.g. the D6 and the Kzinti frigates), 30 (the D7) or 40; each is a band edge of the chart.
# See decisions.md (E3 mount ranges).
DISRUPTOR_MAX_RANGES: tuple[int, ...] = (15, 22, 30, 40)


def disruptor_result(
    range_: int,
    die: int,
    mode: str = "standard",
    *,
    max_range: int = 30,
    true_range: int | None = None,
    shift: int = 0,
) -> HitResult:
    """Resolve one disruptor bolt (E3) in ``mode`` ("standard", "overload", "uim", "derfacs",
    "uim-overload") from a mount of ``max_range`` 15, 22, 30 or 40."""
    if max_range not in DISRUPTOR_MAX_RANGES:
        raise ValueError(f"disruptor mounts have range 15, 22, 30 or 40, not {max_range!r}")
    for r in (range_, true_range):
        if isinstance(r, int) and r > max_range:
            raise OutOfRange(f"Disruptor-{max_range}", r, max_range, "E3")
    return DISRUPTOR.resolve(mode, range_, die, true_range=true_range, shift=shift)


# --- Fusion beam (E7) ------------------------------------------------------------------------

FUSION = DieTable(
    name="fusion",
    title="Fusion beam",
    rule="E7.31",
    bands=parse_bands("0", "1", "2", "3-10", "11-15", "16-24"),
    rows=(
        (13, 8, 6, 4, 3, 2),
        (11, 8, 5, 3, 2, 1),
        (10, 7, 4, 2, 1, 0),
        (9, 6, 3, 1, 1, 0),
        (8, 5, 3, 1, 0, 0),
        (8, 4, 2, 0, 0, 0),
    ),
    notes=("Maximum range 24; see decisions.md (E7). Arming 2 energy.",),
)

_FUSION_OVERLOAD_BANDS = parse_bands("0", "1", "2", "3-8")

FUSION_OVERLOAD = DieTable(
    name="fusion-overload",
    title="Fusion beam, overload",
    rule="E7.4",
    bands=_FUSION_OVERLOAD_BANDS,
    rows=((19, 12, 9, 6), (16, 12, 7, 4), (15, 10, 6, 3), (13, 9, 4, 1), (12, 7, 4, 1),
          (12, 6, 3, 0)),
    notes=("4 energy; maximum range 8; cannot be held (E7.412). Last band 3-8: decisions.md.",),
)

FUSION_SUICIDE = DieTable(
    name="fusion-suicide",
    title="Fusion beam, suicide overload",
    rule="E7.42",
    bands=_FUSION_OVERLOAD_BANDS,
    rows=((26, 16, 12, 8), (22, 16, 10, 6), (20, 14, 8, 4), (18, 12, 6, 2), (16, 10, 6, 2),
          (16, 8, 4, 0)),
    notes=("7 energy; maximum range 8 (E7.42).",),
)

FUSION_TABLES: dict[str, DieTable] = {
    "standard": FUSION, "overload": FUSION_OVERLOAD, "suicide": FUSION_SUICIDE,
}


def fusion_damage(die: int, range_: int, mode: str = "standard", shift: int = 0) -> int:
    """Damage of one fusion beam (E7.31, E7.4, E7.42); ``mode`` standard/overload/suicide."""
    try:
        table = FUSION_TABLES[mode]
    except KeyError:
        known = ", ".join(FUSION_TABLES)
        raise ValueError(f"fusion mode is one of {known}, not {mode!r}") from None
    return table.damage(die, range_, shift)


# --- Hellbore (E10) --------------------------------------------------------------------------

# The chart prints one hit row (2d6, hits on at most the number) for both modes.
_HELLBORE_HIT = (11, 10, 9, 8, 7, 6, 5)
_HELLBORE_DAMAGE = (20, 17, 15, 13, 10, 8, 4)
_HELLBORE_OVERLOAD_DAMAGE = (30, 25, 22, 19, 0, 0, 0)

HELLBORE = HitChart(
    name="hellbore",
    title="Hellbore",
    rule="E10",
    dice="2d6",
    bands=parse_bands("0-1", "2", "3-4", "5-8", "9-15", "16-22", "23-40"),
    modes={
        "standard": HitMode("standard", hit=_HELLBORE_HIT, damage=_HELLBORE_DAMAGE),
        "overload": HitMode(
            "overload",
            hit=tuple(h if d else None for h, d in zip(_HELLBORE_HIT, _HELLBORE_OVERLOAD_DAMAGE)),
            damage=_HELLBORE_OVERLOAD_DAMAGE,
        ),
    },
    notes=(
        "Hits on 2d6 at most the number; damage is enveloping (E10.4).",
        "A standard hellbore cannot fire at range 0 (E10.33).",
        "Overload: 3+6 energy, maximum range 8 (E10.6).",
    ),
)


def hellbore_hit(
    range_: int,
    dice: int,
    overload: bool = False,
    *,
    true_range: int | None = None,
    shift: int = 0,
) -> HitResult:
    """Resolve one hellbore (E10) on a 2d6 total ``dice``; damage is the enveloping total."""
    mode = "overload" if overload else "standard"
    result = HELLBORE.resolve(mode, range_, dice, true_range=true_range, shift=shift)
    at = range_ if true_range is None else true_range
    if not overload and at == 0 and result.allowed:
        note = "a standard hellbore cannot fire at range 0 (E10.33)"
        return HitResult(False, False, 0, result.hit_number, result.roll, 0, note)
    return result
