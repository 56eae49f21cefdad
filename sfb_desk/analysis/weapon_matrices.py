"""Weapon charts as numpy damage matrices, and damage distributions (exact, no sampling).

For each weapon the chart of :mod:`sfb_desk.rules.charts` is turned into a *damage matrix*
``M[r, f]``: the damage scored at range ``r`` (0..R) when the dice show outcome ``f`` (the six
faces of 1d6, or the eleven totals 2..12 of 2d6 for the hellbore), with its probability
``w[f]`` (1/6 each; 1/36 .. 6/36 .. 1/36 for 2d6), all ranges at once. Then the expected damage
is ``M @ w``, the probability mass ``pmf[r, d] = sum(w[f] for M[r, f] == d)``, and independent
weapons add by convolution of their pmfs, range by range.

Reading the charts (the lookups of :mod:`sfb_desk.rules.charts.tables` do the same, cell for
cell; tests/analysis/test_expected_damage.py compares every range, die and shift):

* Range-of-effect tables, rows = 1d6, columns = range bands (phasers E2, fusion E7.31/E7.4,
  TR beams E9.35/E9.36). A net EW shift (D6.34) raises the die toward 6 and moves one column
  outward per point left over; past the last column the shot scores nothing (E1.822). A
  negative shift lowers the die, never below 1 and never to a lower column (E1.83, G21.02).
* Hit-or-miss charts (photon E4, disruptor E3, hellbore E10): the shot hits when die + shift
  is at most the hit number (E1.821) and then scores the printed damage. A band printed NA (the
  photon's 0-1, E4.23) or a range beyond the weapon's maximum scores 0. A standard hellbore
  cannot fire at range 0 (E10.33). A photon overload is fully armed, 8 energy, so its warhead is
  16 (E4.413); a disruptor overload doubles its damage (E3.52). Mounts of shorter range than the
  chart (disruptor-15, -22) score 0 beyond their ``max_range``.
* Plasma torpedoes (FP1, FP9.12): the warhead after travelling ``r`` hexes, taken as the range
  at launch (the target does not move away), scored in full. The EW roll of seeking weapons
  (D6.36) is not modelled, so the shift does not apply to them; enveloping plasma (FP5) is not
  offered.

Every weapon is **fully armed** (standard arming, or a full overload when asked): photons and
fusion beams hold their full charge, plasma is a real torpedo with its full warhead, a phaser
has its capacitor energy. One shot per weapon (a phaser-G's first shot; E2.151 allows four).

Weapons without a damage chart in the rules layer are reported (:class:`UnsupportedWeapon`),
not guessed: drone racks and ADDs (drone warheads are not charted; an ADD hits drones, E5), the
PPD (four pulses over four impulses, each its own volley, E11.30, E11.332), ESG, mauler, web
caster and fist, displacement device, SFG and Orion option mounts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from sfb_desk.rules.charts.c2 import TR_HEAVY, TR_LIGHT
from sfb_desk.rules.charts.heavy_weapons import (
    DISRUPTOR,
    FUSION,
    FUSION_OVERLOAD,
    HELLBORE,
    PHOTON,
    PHOTON_OVERLOAD_ENERGY,
)
from sfb_desk.rules.charts.phasers import phaser_table
from sfb_desk.rules.charts.seeking import PLASMA_CHART_END, plasma_warhead
from sfb_desk.rules.charts.tables import Band, DieTable, HitChart
from sfb_desk.rules.weapon_types import WEAPON_TYPES

#: Outcome probabilities: 1d6 faces 1..6, 2d6 totals 2..12.
D6_FACES = np.arange(1, 7)
D6_WEIGHTS = np.full(6, 1 / 6)
TWO_D6_TOTALS = np.arange(2, 13)
TWO_D6_WEIGHTS = np.array([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) / 36

_UNSUPPORTED: dict[str, str] = {
    "DRONE": "drone warheads are not charted in the rules layer",
    "ADD": "an anti-drone rack hits drones, not ships (E5.2)",
    "PPD": "a PPD scores its pulses over four impulses, each its own volley (E11.30, E11.332)",
    "ESG": "the ESG has no damage chart in the rules layer (G23)",
    "MAULER": "the mauler's damage depends on its energy; no chart in the rules layer (E8)",
    "WEB-CASTER": "a web caster makes web, not damage (E12)",
    "WEB-FIST": "a web fist's damage depends on the energy stored (E14.31)",
    "DISPLACEMENT": "the displacement device does no damage (G18)",
    "SFG": "the stasis field generator does no damage (G16)",
    "OPTION": "an Orion option mount's weapon is chosen per scenario (R8.0)",
}


class UnsupportedWeapon(ValueError):
    """A weapon with no damage chart in the rules layer (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class DamageMatrix:
    """``damage[r, f]`` at ranges 0..R for each dice outcome ``f`` of probability ``weights[f]``."""

    label: str
    rule: str
    damage: np.ndarray  # (R + 1, F) int
    weights: np.ndarray  # (F,) float, sums to 1

    @property
    def expected(self) -> np.ndarray:
        return self.damage @ self.weights

    def distribution(self) -> DamageDistribution:
        return DamageDistribution(self.label, _pmf(self.damage, self.weights))


@dataclass(frozen=True, slots=True)
class DamageDistribution:
    """``pmf[r, d]``: the probability of scoring exactly ``d`` points at range ``r`` (0..R)."""

    label: str
    pmf: np.ndarray  # (R + 1, D + 1) float, each row sums to 1

    @property
    def max_range(self) -> int:
        return self.pmf.shape[0] - 1

    @property
    def ranges(self) -> np.ndarray:
        return np.arange(self.pmf.shape[0])

    @property
    def expected(self) -> np.ndarray:
        """Expected damage at each range."""
        return self.pmf @ np.arange(self.pmf.shape[1])

    def at(self, range_: int) -> np.ndarray:
        """The pmf of the damage at one range (index = damage points)."""
        return self.pmf[range_]

    def p_more_than(self, points: int) -> np.ndarray:
        """P(damage > ``points``) at each range."""
        if points < 0:
            return np.ones(self.pmf.shape[0])
        return self.pmf[:, points + 1 :].sum(axis=1)


#: Weapon types that have an overloaded mode charted here.
OVERLOADABLE = frozenset({"PHOTON", "DISRUPTOR", "FUSION", "HELLBORE"})


# --- charts to matrices ------------------------------------------------------------------------


def _columns(bands: tuple[Band, ...], ranges: np.ndarray) -> np.ndarray:
    """The chart column of each range (ranges past a closed last band get len(bands))."""
    highs = np.array([b.high if b.high is not None else np.iinfo(np.int64).max for b in bands])
    return np.searchsorted(highs, ranges, side="left")


def _die_table(table: DieTable, max_range: int, shift: int, reach: int | None = None) -> np.ndarray:
    """E1.822 on a range-of-effect table, all ranges and faces at once: (R + 1, 6)."""
    ranges = np.arange(max_range + 1)
    nbands = len(table.bands)
    cols = _columns(table.bands, ranges)
    adjusted = D6_FACES + shift
    over = np.maximum(adjusted - 6, 0)  # points left over past 6 move columns outward
    die = np.clip(adjusted, 1, 6)
    col = np.minimum(cols[:, None] + over[None, :], nbands)  # nbands: past the last column
    padded = np.zeros((6, nbands + 1), dtype=np.int64)
    padded[:, :nbands] = np.array(table.rows)
    damage = padded[die[None, :] - 1, col]
    last = table.max_range if reach is None else min(reach, table.max_range)
    damage[ranges > last] = 0
    return damage


def _hit_chart(
    chart: HitChart,
    mode: str,
    max_range: int,
    shift: int,
    *,
    damage_value: int | None = None,
    reach: int | None = None,
) -> np.ndarray:
    """E1.821 on a hit-or-miss chart: (R + 1, F) damage for each die outcome."""
    row = chart.mode(mode)
    faces = D6_FACES if chart.dice == "1d6" else TWO_D6_TOTALS
    ranges = np.arange(max_range + 1)
    cols = _columns(chart.bands, ranges)
    last = chart.max_range(mode) if reach is None else min(reach, chart.max_range(mode))
    nb = len(chart.bands)
    hit = np.array([-(10**6) if h is None else h for h in row.hit] + [-(10**6)])
    if damage_value is not None:
        values = [0 if h is None else damage_value for h in row.hit]
    else:
        values = [0 if d is None else d for d in (row.damage or (None,) * nb)]
    dmg = np.array(values + [0])
    cols = np.where(ranges > last, nb, cols)
    hits = (faces[None, :] + shift) <= hit[cols][:, None]
    return np.where(hits, dmg[cols][:, None], 0)


def _chart_name(code: str) -> str:
    return code.removeprefix("PH-")


def weapon_matrix(
    type_code: str,
    max_range: int,
    *,
    overload: bool = False,
    shift: int = 0,
    mount_max_range: int | None = None,
) -> DamageMatrix:
    """The damage matrix of one fully armed weapon of ``type_code`` (``PH-1``, ``PHOTON`` ...)
    at ranges 0..``max_range`` after a net EW ``shift`` (D6.34). ``mount_max_range`` is the
    mount's own maximum (a disruptor-22). Raises :class:`UnsupportedWeapon` for a weapon with
    no chart and ValueError for an overload the weapon does not have."""
    code = type_code.strip().upper()
    if max_range < 0:
        raise ValueError(f"max_range must be >= 0, not {max_range}")
    if code in _UNSUPPORTED:
        raise UnsupportedWeapon(f"{code}: {_UNSUPPORTED[code]}")
    wtype = WEAPON_TYPES.get(code)
    if wtype is None:
        raise UnsupportedWeapon(f"{code}: not a weapon type of sfb_desk.rules.weapon_types")
    title = wtype.name + (" (overload)" if overload else "")
    weights = D6_WEIGHTS
    if code.startswith("PH-"):
        _no_overload(code, overload, "E2")
        table = phaser_table(_chart_name(code))
        return DamageMatrix(title, table.rule, _die_table(table, max_range, shift), weights)
    if code in ("TR-H", "TR-L"):
        _no_overload(code, overload, "E9.34")
        table = TR_HEAVY if code == "TR-H" else TR_LIGHT
        return DamageMatrix(title, table.rule, _die_table(table, max_range, shift), weights)
    if code == "FUSION":
        table = FUSION_OVERLOAD if overload else FUSION
        return DamageMatrix(title, table.rule, _die_table(table, max_range, shift), weights)
    if code == "PHOTON":
        if overload:  # E4.413: warhead 2 x arming energy, fully armed = 8
            warhead = int(2 * PHOTON_OVERLOAD_ENERGY[1])
            damage = _hit_chart(PHOTON, "overload", max_range, shift, damage_value=warhead)
        else:
            damage = _hit_chart(PHOTON, "standard", max_range, shift)
        return DamageMatrix(title, "E4", damage, weights)
    if code == "DISRUPTOR":
        mode = "overload" if overload else "standard"
        damage = _hit_chart(DISRUPTOR, mode, max_range, shift, reach=mount_max_range or 30)
        return DamageMatrix(title, "E3", damage, weights)
    if code == "HELLBORE":
        mode = "overload" if overload else "standard"
        damage = _hit_chart(HELLBORE, mode, max_range, shift)
        if not overload:
            damage[0] = 0  # E10.33: a standard hellbore cannot fire at range 0
        return DamageMatrix(title, "E10", damage, TWO_D6_WEIGHTS)
    if code.startswith("PLASMA-"):
        _no_overload(code, overload, "FP1")
        kind = code.removeprefix("PLASMA-")
        hexes = np.arange(max_range + 1)
        row = np.array([plasma_warhead(kind, int(h)) for h in np.minimum(hexes, PLASMA_CHART_END)])
        row[hexes > PLASMA_CHART_END] = 0  # FP1.42: past the chart the torpedo is gone
        return DamageMatrix(title, "FP1", row[:, None], np.ones(1))
    raise UnsupportedWeapon(f"{code}: no damage chart in the rules layer")  # pragma: no cover


def _no_overload(code: str, overload: bool, rule: str) -> None:
    if overload:
        raise ValueError(f"{code} cannot be overloaded ({rule})")


def weapon_reach(type_code: str, *, overload: bool = False, mount_max_range: int | None = None) -> int:
    """The farthest range at which the weapon can score (0 beyond it)."""
    code = type_code.strip().upper()
    if code.startswith("PH-"):
        return phaser_table(_chart_name(code)).max_range
    if code in ("TR-H", "TR-L"):
        return TR_HEAVY.max_range
    if code == "FUSION":
        return (FUSION_OVERLOAD if overload else FUSION).max_range
    if code == "PHOTON":
        return PHOTON.max_range("overload" if overload else "standard")
    if code == "DISRUPTOR":
        chart_max = DISRUPTOR.max_range("overload" if overload else "standard")
        return min(chart_max, mount_max_range or 30)
    if code == "HELLBORE":
        return HELLBORE.max_range("overload" if overload else "standard")
    if code.startswith("PLASMA-"):
        return PLASMA_CHART_END
    raise UnsupportedWeapon(f"{code}: {_UNSUPPORTED.get(code, 'no damage chart')}")


def _pmf(damage: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(R + 1, F) damage and (F,) weights -> (R + 1, max + 1) probability mass."""
    nr, nf = damage.shape
    width = int(damage.max(initial=0)) + 1
    flat = (np.arange(nr)[:, None] * width + damage).ravel()
    mass = np.bincount(flat, weights=np.tile(weights, nr), minlength=nr * width)
    return mass.reshape(nr, width)


def convolve(distributions: Iterable[DamageDistribution], label: str = "volley") -> DamageDistribution:
    """The distribution of the sum of independent damages, range by range."""
    total: np.ndarray | None = None
    for dist in distributions:
        pmf = dist.pmf
        if total is None:
            total = pmf.copy()
            continue
        if pmf.shape[0] != total.shape[0]:
            raise ValueError("distributions must cover the same ranges")
        out = np.zeros((total.shape[0], total.shape[1] + pmf.shape[1] - 1))
        width = total.shape[1]
        for d in np.flatnonzero(pmf.any(axis=0)):
            out[:, d : d + width] += pmf[:, d, None] * total
        total = out
    if total is None:
        raise ValueError("a volley needs at least one weapon")
    return DamageDistribution(label, total)
