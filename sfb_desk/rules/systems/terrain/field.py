"""The terrain of one battle: which features lie in which hexes, and what they do to a move or
a line of fire (the queries the engine and the map ask)."""

from __future__ import annotations

from dataclasses import dataclass

from ...hexes import Hex, hex_line
from .kinds import KINDS, TerrainKind


@dataclass(frozen=True, slots=True)
class Feature:
    """One terrain feature: a kind (:data:`~.kinds.KINDS`) over some hexes.

    An area kind (dust, heat, radiation, ion storms, sunspots, nebulae) with no hexes covers
    the whole map (P10.0, P13.0, P14.0, P15.0). A gravity wave (P9.12) has a ``strength`` and
    a ``motion`` (the two directions, "C/D" = (2, 3)); its hexes are where it is now."""

    kind: str
    hexes: frozenset[Hex]
    name: str = ""
    rule: str = ""
    note: str = ""
    strength: int = 0
    motion: tuple[int, int] | None = None

    @property
    def info(self) -> TerrainKind:
        return KINDS[self.kind]

    @property
    def label(self) -> str:
        return self.name or self.info.name

    @property
    def covers_map(self) -> bool:
        """An area terrain given without hexes covers the whole map (P10.0, P13.0, P14.0)."""
        return not self.hexes and self.info.area


@dataclass(frozen=True, slots=True)
class Blocked:
    """Why a line of fire or a move is refused: the feature, the hex and the rule."""

    feature: Feature
    hex: Hex
    rule: str

    def __str__(self) -> str:
        return f"{self.feature.label} in {self.hex.label} ({self.rule})"


@dataclass(frozen=True, slots=True)
class TerrainMap:
    """Every terrain feature of a battle (none: open space)."""

    features: tuple[Feature, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.features)

    def at(self, h: Hex) -> tuple[Feature, ...]:
        """The features in ``h``; an area terrain without hexes is in every hex."""
        return tuple(f for f in self.features if h in f.hexes or f.covers_map)

    def hexes_of(self, kind: str) -> frozenset[Hex]:
        out: frozenset[Hex] = frozenset()
        for f in self.features:
            if f.kind == kind:
                out |= f.hexes
        return out

    def has(self, kind: str) -> bool:
        return any(f.kind == kind for f in self.features)

    def line_of_fire(self, a: Hex, b: Hex) -> Blocked | None:
        """What blocks fire from ``a`` to ``b``, or None (M4.45: planets, moons and webs
        block; asteroids and dust only degrade). The hexes between the two ends count; where
        the line runs along a hexside the shot takes the open side: it is blocked only if the
        line is blocked on both sides (decisions.md P2, line of fire)."""
        found: Blocked | None = None
        for nudge in (1, -1):
            hit = None
            for h in hex_line(a, b, nudge)[1:-1]:
                for f in self.at(h):
                    if f.info.blocks_fire:
                        hit = Blocked(f, h, f.info.rule if f.kind != "planet" else "M4.45")
                        break
                if hit:
                    break
            if hit is None:
                return None
            found = found or hit
        return found

    def entering(self, h: Hex) -> Blocked | None:
        """What stops or destroys a ship entering ``h``: a planet, moon or large asteroid it
        may not enter (SM6.49), or a star, neutron star, white dwarf or nova front that
        destroys it (SM5.41, P12.4). None: open (or merely dangerous) space."""
        for f in self.at(h):
            info = f.info
            if info.destroys_entering:
                return Blocked(f, h, "SM5.41" if f.kind == "star" else info.rule)
            if info.blocks_movement:
                return Blocked(f, h, "SM6.49" if f.kind == "planet" else info.rule)
        return None

    def natural_ecm(self, h: Hex) -> int:
        """Natural ECM where a unit stands (P13.4 dust 1, P11.3 sunspots 8)."""
        return max((f.info.natural_ecm for f in self.at(h)), default=0)
