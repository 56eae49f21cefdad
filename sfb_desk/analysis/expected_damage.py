"""Expected damage by range of a ship's weapons and of a chosen volley, exactly from the weapon
tables (numpy over all ranges at once; the charts as matrices are in
:mod:`sfb_desk.analysis.weapon_matrices`, whose docstring says how each chart is read).

* :func:`expected_by_weapon`: every weapon of a ship (standard fire), by weapon and by type;
* a volley is a list of weapon box ids with overload flags (:class:`Shot`) and a net EW shift
  (D6.34): :func:`volley_expected`, :func:`volley_distribution` (the probability mass of the
  total at each range: the convolution of the weapons' pmfs, their dice being independent);
* :func:`penetration_chance`: ``P(total > S + Rf)``, the chance that damage gets through a
  shield of ``S`` boxes with ``Rf`` points of general and specific reinforcement in front of it
  (D3.3, D3.34).

Every weapon is treated as fully armed (arming, holding and the energy it took are the energy
allocation's business, not this one's). Arcs are not checked: a volley is the weapons the caller
names, all bearing. Weapons with no damage chart are listed in ``ShipCurves.unsupported`` and
refused in a volley.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from sfb_desk.analysis.weapon_matrices import (
    D6_FACES,
    D6_WEIGHTS,
    OVERLOADABLE,
    TWO_D6_TOTALS,
    TWO_D6_WEIGHTS,
    DamageDistribution,
    DamageMatrix,
    UnsupportedWeapon,
    convolve,
    weapon_matrix,
    weapon_reach,
)
from sfb_desk.rules.ship import ShipSpec, Weapon
from sfb_desk.rules.weapon_types import WEAPON_TYPES

__all__ = [
    "D6_FACES",
    "D6_WEIGHTS",
    "TWO_D6_TOTALS",
    "TWO_D6_WEIGHTS",
    "DamageDistribution",
    "DamageMatrix",
    "ShipCurves",
    "Shot",
    "UnsupportedWeapon",
    "all_weapon_shots",
    "convolve",
    "expected_by_weapon",
    "find_weapon",
    "penetration_chance",
    "ship_max_range",
    "volley_distribution",
    "volley_expected",
    "volley_matrices",
    "weapon_id",
    "weapon_matrix",
    "weapon_reach",
]


@dataclass(frozen=True, slots=True)
class Shot:
    """One weapon of a volley: a box id (``phaser#3``, ``photon#A``; a multi-box weapon by its
    base id or any of its boxes) and whether it fires overloaded."""

    weapon: str
    overload: bool = False


@dataclass(frozen=True, slots=True)
class ShipCurves:
    """Expected damage by range (0..``max_range``) of each weapon of a ship, by weapon and by
    type, and the weapons left out for want of a chart."""

    ship: str
    max_range: int
    by_weapon: dict[str, np.ndarray]  # weapon id -> expected damage
    by_type: dict[str, np.ndarray]  # weapon-type code -> sum over the ship's weapons of it
    type_counts: dict[str, int]
    unsupported: tuple[tuple[str, str], ...]  # (weapon id, reason)

    @property
    def ranges(self) -> np.ndarray:
        return np.arange(self.max_range + 1)

    @property
    def total(self) -> np.ndarray:
        out = np.zeros(self.max_range + 1)
        for curve in self.by_type.values():
            out += curve
        return out

    def group_label(self, code: str) -> str:
        wtype = WEAPON_TYPES.get(code)
        name = wtype.name if wtype is not None else code
        return f"{self.type_counts[code]} x {name}"


# --- ships and volleys -------------------------------------------------------------------------


def weapon_id(weapon: Weapon) -> str:
    """A weapon's id: its box id, or for a multi-box weapon the id without the ``.k``."""
    return f"{weapon.family}#{weapon.designator}"


def find_weapon(spec: ShipSpec, box_id: str) -> Weapon:
    for weapon in spec.weapons:
        if box_id == weapon_id(weapon) or box_id in weapon.box_ids:
            return weapon
    raise ValueError(f"{spec.id} has no weapon {box_id!r}")


def ship_max_range(spec: ShipSpec, *, overload: bool = False) -> int:
    """The longest reach among the ship's charted weapons (0 if it has none)."""
    reaches = [0]
    for weapon in spec.weapons:
        try:
            reaches.append(weapon_reach(weapon.type, mount_max_range=weapon.max_range))
        except UnsupportedWeapon:
            continue
    return max(reaches)


def expected_by_weapon(spec: ShipSpec, max_range: int | None = None, shift: int = 0) -> ShipCurves:
    """Expected damage of every weapon of ``spec`` (standard fire), ranges 0..``max_range``
    (default: the ship's longest reach), summed per weapon type for plotting."""
    top = ship_max_range(spec) if max_range is None else max_range
    by_weapon: dict[str, np.ndarray] = {}
    by_type: dict[str, np.ndarray] = {}
    counts: dict[str, int] = {}
    unsupported: list[tuple[str, str]] = []
    cache: dict[tuple[str, int | None], np.ndarray] = {}
    for weapon in spec.weapons:
        code = weapon.type.strip().upper()
        key = (code, weapon.max_range)
        if key not in cache:
            try:
                matrix = weapon_matrix(code, top, shift=shift, mount_max_range=weapon.max_range)
            except UnsupportedWeapon as why:
                unsupported.append((weapon_id(weapon), str(why)))
                continue
            cache[key] = matrix.expected
        curve = cache[key]
        by_weapon[weapon_id(weapon)] = curve
        by_type[code] = by_type.get(code, np.zeros(top + 1)) + curve
        counts[code] = counts.get(code, 0) + 1
    return ShipCurves(spec.id, top, by_weapon, by_type, counts, tuple(unsupported))


def _shots(shots: Iterable[Shot | str | tuple[str, bool]]) -> list[Shot]:
    out: list[Shot] = []
    for shot in shots:
        if isinstance(shot, Shot):
            out.append(shot)
        elif isinstance(shot, str):
            out.append(Shot(shot))
        else:
            box, overload = shot
            out.append(Shot(box, bool(overload)))
    return out


def volley_matrices(
    spec: ShipSpec,
    shots: Iterable[Shot | str | tuple[str, bool]],
    max_range: int | None = None,
    shift: int = 0,
) -> list[DamageMatrix]:
    """The damage matrix of each shot of a volley (each weapon at most once)."""
    chosen = _shots(shots)
    weapons = [find_weapon(spec, s.weapon) for s in chosen]
    seen: set[str] = set()
    for weapon in weapons:
        wid = weapon_id(weapon)
        if wid in seen:
            raise ValueError(f"{wid} fires twice in one volley")
        seen.add(wid)
    if max_range is None:
        max_range = max(
            [weapon_reach(w.type, overload=s.overload, mount_max_range=w.max_range)
             for w, s in zip(weapons, chosen)],
            default=0,
        )
    return [
        weapon_matrix(w.type, max_range, overload=s.overload, shift=shift, mount_max_range=w.max_range)
        for w, s in zip(weapons, chosen)
    ]


def volley_expected(
    spec: ShipSpec,
    shots: Iterable[Shot | str | tuple[str, bool]],
    max_range: int | None = None,
    shift: int = 0,
) -> np.ndarray:
    """Expected total damage of a volley at ranges 0..``max_range`` (linearity of expectation)."""
    matrices = volley_matrices(spec, shots, max_range, shift)
    if not matrices:
        return np.zeros((max_range or 0) + 1)
    return np.sum([m.expected for m in matrices], axis=0)


def volley_distribution(
    spec: ShipSpec,
    shots: Iterable[Shot | str | tuple[str, bool]],
    max_range: int | None = None,
    shift: int = 0,
) -> DamageDistribution:
    """The probability mass of a volley's total damage at each range (a convolution)."""
    matrices = volley_matrices(spec, shots, max_range, shift)
    return convolve((m.distribution() for m in matrices), label="volley")


def penetration_chance(
    distribution: DamageDistribution, shield: int, reinforcement: int = 0
) -> np.ndarray:
    """P(total > shield + reinforcement) at each range: the chance that damage gets through a
    shield of ``shield`` boxes with ``reinforcement`` points of general and specific
    reinforcement (D3.34) in front of it. Enveloping damage (hellbore E10.4) is split over all
    shields in play; this treats the total as striking one shield."""
    if shield < 0 or reinforcement < 0:
        raise ValueError("shield strength and reinforcement are >= 0")
    return distribution.p_more_than(shield + reinforcement)


def all_weapon_shots(spec: ShipSpec, overload: bool = False) -> list[Shot]:
    """Every charted weapon of the ship as one volley (heavy weapons overloaded if asked and
    able)."""
    shots: list[Shot] = []
    for weapon in spec.weapons:
        code = weapon.type.strip().upper()
        try:
            weapon_reach(code)
        except UnsupportedWeapon:
            continue
        can = code in OVERLOADABLE
        shots.append(Shot(weapon_id(weapon), overload and can))
    return shots


