"""Firing arcs (D2) and the shield a shot strikes (D3.4).

Definitions, each written once for a unit facing A (reference basic-set-facts.md Part 2):

* **Arcs** are the integer tests of G1.3 on the cube delta target - firer rotated into the ship
  frame (:func:`sfb_desk.rules.hexes.to_ship_frame`): ``_ARC_TESTS`` below. Boundaries are
  inclusive, so a hex on a bounding hex row belongs to both adjacent arcs (G1.2; C14.29, seed
  000 L1568), and a hex on a bounding spine of FH/RH/FP/LP/RP/AP to both (G1.2, Med).
* **Shields**: the struck shield is the one whose 60-degree sector (centred on a hexside,
  bounded by the hex spines) contains the line from the target to the firer (D3.402). G2's
  score method: ``_shield_scores`` below; a tie between two adjacent shields is a shot along a
  spine, a **boundary shot**, where the target's owner chooses (D3.43; D3.41's geometric
  tie-break was not found, so none is applied).

Every arc and shield sector is bounded by hex rows or spines, so membership depends only on
the point of the 24-point compass (:func:`sfb_desk.rules.bearing.bearing`). At import the
definitions are evaluated once on a direction of each point, giving bit masks
(:data:`ARC_MASKS`) and tables; the per-shot calls are one :func:`bearing` and a look-up.

**Same hex (range 0).** The relative direction comes from D3.42 (how the units came together;
no exact algorithm found, reference G1.2 Low). Without it only the ``360`` arc contains the
target and the shield is undetermined (:attr:`ShieldHit.same_hex`); pass the D3.42 direction as
``same_hex_direction`` to treat the other unit as lying on that hex row (decisions.md, D3.42).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sfb_desk.rules.hexes import DIRECTIONS, Hex
from sfb_desk.rules.bearing import SAME_HEX, bearing

# ---------------------------------------------------------------------------------------------
# G1.3: the arcs, for a unit facing A, on the rotated delta (q, r, s) != (0, 0, 0).

_ARC_TESTS: dict[str, Callable[[int, int, int], bool]] = {
    "LF": lambda q, r, s: q <= 0 and r <= 0,  # 300-360 (D2.2)
    "RF": lambda q, r, s: q >= 0 and s >= 0,  # 0-60
    "L": lambda q, r, s: r >= 0 and s >= 0,  # 240-300
    "R": lambda q, r, s: r <= 0 and s <= 0,  # 60-120
    "LR": lambda q, r, s: q <= 0 and s <= 0,  # 180-240
    "RR": lambda q, r, s: q >= 0 and r >= 0,  # 120-180
    "FA": lambda q, r, s: r <= 0 and s >= 0,  # LF + RF
    "RA": lambda q, r, s: r >= 0 and s <= 0,  # LR + RR
    "FH": lambda q, r, s: r <= s,  # front half, 270-90 (spines)
    "RH": lambda q, r, s: r >= s,  # rear half, 90-270
    "FX": lambda q, r, s: r <= 0 or s >= 0,  # L + LF + RF + R
    "RX": lambda q, r, s: r >= 0 or s <= 0,  # L + LR + RR + R
    "LS": lambda q, r, s: q <= 0,  # LF + L + LR
    "RS": lambda q, r, s: q >= 0,  # RF + R + RR
    "360": lambda q, r, s: True,
    "FP": lambda q, r, s: r <= s,  # plasma, = FH (D2.34; Med)
    "LP": lambda q, r, s: q <= s,  # plasma swivel, FH turned 60 left: 210-30 (D2.34; Med)
    "RP": lambda q, r, s: r <= q,  # plasma swivel, FH turned 60 right: 330-150 (D2.34; Med)
    "AP": lambda q, r, s: r >= s,  # aft plasma, = RH (D2.36; Low, one source)
    "LPR": lambda q, r, s: r >= 0,  # 120-300 (D2.36; Low, one source)
    "RPR": lambda q, r, s: s <= 0,  # 60-240 (D2.36; Low, one source)
}

#: Every arc name, in a fixed order (the order :func:`arcs_containing` reports them).
ARC_NAMES: tuple[str, ...] = tuple(_ARC_TESTS)


def in_arc_ship_frame(arc: str, delta: tuple[int, int, int]) -> bool:
    """The G1.3 test itself, on a delta already rotated into the ship frame (a unit facing A).
    The zero delta (same hex) is in ``360`` only. Slower than :func:`in_arc`; it is the
    definition the tables are built from."""
    test = _arc_test(arc)
    q, r, s = delta
    if q == 0 and r == 0:
        return arc == "360"
    return test(q, r, s)


def _arc_test(arc: str) -> Callable[[int, int, int], bool]:
    try:
        return _ARC_TESTS[arc]
    except KeyError:
        raise ValueError(f"unknown arc {arc!r}; known arcs: {' '.join(ARC_NAMES)}") from None


# ---------------------------------------------------------------------------------------------
# G2: the six shield scores on v = firer - target rotated into the target's frame.


def _shield_scores(q: int, r: int, s: int) -> tuple[int, int, int, int, int, int]:
    return (s - r, q - r, q - s, r - s, r - q, s - q)


# ---------------------------------------------------------------------------------------------
# Tables on the 24-point compass, built from the definitions above.


def _point_directions() -> tuple[Hex, ...]:
    """A cube direction on each compass point 1..24 (index 0 unused): hex rows on 1, 5, ...,
    spines (sum of the two neighbouring rows) on 3, 7, ..., and the sum of the two
    neighbouring odd points on the even points (strictly between them)."""
    exact: dict[int, Hex] = {}
    for m in range(6):
        exact[1 + 4 * m] = DIRECTIONS[m]
        exact[3 + 4 * m] = DIRECTIONS[m] + DIRECTIONS[(m + 1) % 6]
    dirs = [Hex(0, 0, 0)] * 25
    for p in range(1, 25):
        dirs[p] = exact[p] if p % 2 else exact[p - 1] + exact[p % 24 + 1]
    return tuple(dirs)


_POINT_DIRECTIONS = _point_directions()

#: Bit ``p`` of ``ARC_MASKS[arc]`` is set when compass point p is in the arc; bit 0 (same
#: hex) is set for ``360`` only.
ARC_MASKS: dict[str, int] = {
    arc: sum(1 << p for p in range(1, 25) if test(*_POINT_DIRECTIONS[p]))
    | (1 if arc == "360" else 0)
    for arc, test in _ARC_TESTS.items()
}

_ARCS_BY_POINT: tuple[tuple[str, ...], ...] = tuple(
    tuple(arc for arc in ARC_NAMES if ARC_MASKS[arc] >> p & 1) for p in range(25)
)


def in_arc(
    arc: str,
    firer: tuple[int, int, int],
    facing: int,
    target: tuple[int, int, int],
    same_hex_direction: int | None = None,
) -> bool:
    """Whether ``target`` is in arc ``arc`` (D2; e.g. ``"FA"``) of a unit in ``firer`` facing
    ``facing`` (0..5 = A..F). Hexes on a boundary are in both arcs (G1.2). For the same hex see
    the module docstring (``same_hex_direction`` is the D3.42 direction of the target)."""
    try:
        mask = ARC_MASKS[arc]
    except KeyError:
        raise ValueError(f"unknown arc {arc!r}; known arcs: {' '.join(ARC_NAMES)}") from None
    return (mask >> bearing(firer, facing, target, same_hex_direction)) & 1 == 1


def arcs_containing(
    firer: tuple[int, int, int],
    facing: int,
    target: tuple[int, int, int],
    same_hex_direction: int | None = None,
) -> list[str]:
    """Every arc of :data:`ARC_NAMES` (in that order) of a unit in ``firer`` facing
    ``facing`` that contains ``target``."""
    return list(_ARCS_BY_POINT[bearing(firer, facing, target, same_hex_direction)])


def arc_mask(arcs: Iterable[str], extra_bearings: Iterable[int] = ()) -> int:
    """The compass-point mask of a weapon mount: the union of its arcs plus any extra single
    bearings from its ship file (e.g. ``[13]``, the hex row dead astern, D2.33 or a D2.13 SSD
    note). Test a shot with :func:`in_mask`; precompute the mask once per mount."""
    mask = 0
    for arc in arcs:
        try:
            mask |= ARC_MASKS[arc]
        except KeyError:
            raise ValueError(f"unknown arc {arc!r}; known arcs: {' '.join(ARC_NAMES)}") from None
    for point in extra_bearings:
        if not 1 <= point <= 24:
            raise ValueError(f"extra bearing must be a compass point 1..24, got {point}")
        mask |= 1 << point
    return mask


def in_mask(mask: int, point: int) -> bool:
    """Whether compass point ``point`` (from :func:`bearing`) is in a mount's ``mask``."""
    return (mask >> point) & 1 == 1


# ---------------------------------------------------------------------------------------------
# D3.4: the shield struck


@dataclass(frozen=True, slots=True)
class ShieldHit:
    """Which shield of the target a shot strikes (D3.4).

    Exactly one of: ``shield`` (1..6, #1 forward, clockwise; D3.1), ``choice`` (a boundary shot
    along a hex spine: the two adjacent shields in clockwise order, e.g. ``(6, 1)``; the
    target's owner chooses, D3.43), or neither (same hex without a D3.42 direction).
    """

    shield: int | None
    choice: tuple[int, int] | None = None

    @property
    def is_boundary(self) -> bool:
        return self.choice is not None

    @property
    def same_hex(self) -> bool:
        return self.shield is None and self.choice is None

    @property
    def shields(self) -> tuple[int, ...]:
        """The shields that may take the damage: one, two (boundary) or none (undetermined)."""
        if self.shield is not None:
            return (self.shield,)
        return self.choice or ()

    def __str__(self) -> str:
        if self.shield is not None:
            return str(self.shield)
        if self.choice is not None:
            a, b = self.choice
            return f"{a}/{b} (boundary, D3.43: owner chooses)"
        return "undetermined (same hex: needs the D3.42 relative direction)"


def _shield_hit_for(point: int) -> ShieldHit:
    if point == SAME_HEX:
        return ShieldHit(None)
    scores = _shield_scores(*_POINT_DIRECTIONS[point])
    best = max(scores)
    top = [i + 1 for i, v in enumerate(scores) if v == best]
    if len(top) == 1:
        return ShieldHit(top[0])
    a, b = top  # two adjacent shields; (1, 6) is the 6/1 boundary
    return ShieldHit(None, (6, 1) if (a, b) == (1, 6) else (a, b))


_SHIELD_BY_POINT: tuple[ShieldHit, ...] = tuple(_shield_hit_for(p) for p in range(25))


def shield_for_bearing(point: int) -> ShieldHit:
    """The shield struck by fire from compass point ``point`` of the target (its bow = 1)."""
    return _SHIELD_BY_POINT[point]


def shield_struck(
    target: tuple[int, int, int],
    target_facing: int,
    firer: tuple[int, int, int],
    same_hex_direction: int | None = None,
) -> ShieldHit:
    """The shield of the unit in ``target`` facing ``target_facing`` struck by fire from
    ``firer`` (D3.4, G2). A shot along a hex spine is a boundary shot (D3.43). For the same hex
    pass the D3.42 direction of the firer from the target as ``same_hex_direction`` (C13.915
    uses the same direction to decide which shields of two docked ships face each other)."""
    return _SHIELD_BY_POINT[bearing(target, target_facing, firer, same_hex_direction)]

