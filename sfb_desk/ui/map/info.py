"""Hover facts of the map, each asked of the rules: range (D1.4), firing arcs (D2) and the
shield a shot strikes (D3.4), and the hexes a weapon's arcs cover.

Nothing here is geometry of its own: :func:`~sfb_desk.rules.hexes.hex_range`,
:func:`~sfb_desk.rules.bearing.bearing` with :func:`~sfb_desk.rules.arcs.arc_mask`,
and :func:`~sfb_desk.rules.arcs.shield_struck` answer, and this module words the answers.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sfb_desk.rules.arcs import ShieldHit, arc_mask, in_mask, shield_struck
from sfb_desk.rules.hexes import Hex, hex_range
from sfb_desk.rules.bearing import bearing
from sfb_desk.rules.units import Unit

from .looks import unit_title


@dataclass(frozen=True, slots=True)
class WeaponArcs:
    """The arcs of the weapon whose coverage the map shades (D2; extra compass bearings from
    the ship file, e.g. 13 = the hex row dead astern)."""

    unit_id: str
    arcs: tuple[str, ...]
    extra_bearings: tuple[int, ...] = ()

    @property
    def mask(self) -> int:
        return arc_mask(self.arcs, self.extra_bearings)

    @property
    def title(self) -> str:
        text = "+".join(self.arcs) or "no arc"
        if self.extra_bearings:
            text += " +bearing " + ",".join(str(b) for b in self.extra_bearings)
        return text


class ArcCoverCache:
    """The hexes of an area inside a weapon's arcs, cached per (hex, facing, mask, area).

    A ship that has not moved or turned keeps its shading without recomputing; the cache keeps
    the ``size`` most recent answers.
    """

    def __init__(self, size: int = 64) -> None:
        self._size = size
        self._cache: OrderedDict[tuple, tuple[Hex, ...]] = OrderedDict()
        self.misses = 0

    def cover(
        self, firer: Hex, facing: int, mask: int, area_key: object, area: Iterable[Hex]
    ) -> tuple[Hex, ...]:
        key = (firer, facing, mask, area_key)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        self.misses += 1
        # The firer's own hex is in a weapon's arc only for the 360 arc (D3.42 needs a
        # direction the map cannot know).
        found = tuple(h for h in area if in_mask(mask, bearing(firer, facing, h)))
        self._cache[key] = found
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return found


def shield_text(hit: ShieldHit) -> str:
    """``"4"``, ``"5/6 (owner chooses, D3.43)"`` or the same-hex case (D3.42)."""
    if hit.shield is not None:
        return f"#{hit.shield}"
    if hit.choice is not None:
        a, b = hit.choice
        return f"{a}/{b} (owner chooses, D3.43)"
    return "undetermined (same hex, D3.42)"


def hover_lines(
    label: str,
    hovered: Hex,
    selected: Unit | None,
    units_here: Sequence[Unit],
    weapon: WeaponArcs | None,
    weapon_unit: Unit | None,
) -> list[str]:
    """The lines of the hover overlay for the hex ``hovered`` (printed ``label``).

    Units are named by id, as the counters' captions and every other panel name them: the hex
    line gives each as ``"ENT (Heavy Cruiser)"`` (:func:`~sfb_desk.ui.map.counters.unit_title`),
    the other lines by the id alone ("Range from ENT").
    """
    here = ", ".join(unit_title(u) for u in units_here)
    lines = [f"Hex {label}" + (f": {here}" if here else "")]
    if selected is not None:
        name = selected.id
        rng = hex_range(selected.hex, hovered)
        lines.append(f"Range from {name}: {rng} (D1.4)")
        if hovered != selected.hex:
            hit = shield_struck(selected.hex, selected.facing, hovered)
            lines.append(f"Fire from here strikes {name} on shield {shield_text(hit)}")
        for target in units_here:
            if target.id == selected.id:
                continue
            hit = shield_struck(target.hex, target.facing, selected.hex)
            lines.append(f"{name} firing at {target.id} strikes shield {shield_text(hit)}")
    if weapon is not None and weapon_unit is not None:
        point = bearing(weapon_unit.hex, weapon_unit.facing, hovered)
        inside = in_mask(weapon.mask, point)
        lines.append(
            f"{weapon_unit.id} {weapon.title}: {'in arc' if inside else 'not in arc'}"
            f" (D2, compass point {point})"
        )
    return lines
