"""Which phasers a "Phaser" hit may destroy: those bearing on the struck shield (D4.321).

The rules (seed 002 L155-163, D10.15x, which apply D4.321 to power-absorber banks): for
direct fire the phaser must be able to fire at the unit that scored the damage (D10.151, the
caller passes those phasers in ``Volley.bearing_phasers``); for seeking weapons it must be
able to fire through the same 60-degree shield arc the weapon struck (D10.152). This module
answers the second question from a mount's arcs: the phaser bears on shield k when its arcs
(or an extra single bearing from its SSD note, D2.33) contain a direction strictly inside
shield k's sector (D3.4: sectors centred on the hexsides, bounded by the spines), i.e. the
two overlap by more than a boundary line. A PPD pulse through several down shields counts
all of them (E11.332, seed 002 L692). A mount with no arcs recorded is taken to bear (the
restriction cannot be applied; decisions.md).

Arc membership comes from :mod:`sfb_desk.rules.arcs` (the arcs as compass-point masks; each
arc is defined once there).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from sfb_desk.rules.arcs import arc_mask


def _sector_mask(shield: int) -> int:
    """Compass points strictly inside shield ``shield``'s sector: its centre (a hex row,
    point 1 + 4(k-1)) and the points either side of it (between the row and the spines)."""
    centre = 1 + 4 * (shield - 1)
    return sum(1 << ((centre - 1 + d) % 24 + 1) for d in (-1, 0, 1))


SECTOR_MASKS: dict[int, int] = {k: _sector_mask(k) for k in range(1, 7)}


@lru_cache(maxsize=1024)
def _mount_mask(arcs: tuple[str, ...], extra: tuple[int, ...]) -> int:
    return arc_mask(arcs, extra)


def bears_on_shields(
    arcs: Iterable[str], extra_bearings: Iterable[int], shields: Iterable[int]
) -> bool:
    """Whether a mount with ``arcs`` (and ``extra_bearings``) can fire through any of
    ``shields`` (1..6). Raises ValueError for an unknown arc name."""
    arcs = tuple(arcs)
    extra = tuple(extra_bearings)
    if not arcs and not extra:
        return True
    mask = _mount_mask(arcs, extra)
    return any(mask & SECTOR_MASKS[s] for s in shields)
