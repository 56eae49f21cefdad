"""Casting a web: the web caster (E12.4-E12.5), the snare (E13) and the EW roll (E12.56).

:func:`check_cast` takes a caster's target hexes and stored energy and returns the
:class:`~.webs.Web` it lays, or the refusal naming the rule:

* 1 to 5 hexes (E12.41) in a straight line, with at most sideslips in one direction: the line
  from the first to the last hex on either side of a hexside (E12.25; its example
  3306-3406-3506-3606-3706 or 3306-3405-3506-3605-3706, never a mix) (decisions.md);
* every hex in the caster's arc (E12.41), at range 1 to 30 (E12.41, E12.51);
* not into, through or next to another web, formed or forming (E12.24, E12.52), and not
  through a hex that blocks fire (planets, E12.541: the caller passes ``blocked``);
* strength per hex by the E12.44 table at the effective range of the farthest hex (E12.45);
  too little energy for that range is refused;
* anchored (E12.21): both ends of the line in or next to an anchor (an asteroid, or a Tholian
  unit with a working web generator, snare or caster, E12.211); the caster itself counts when
  another anchor is within 4 hexes of it (E12.212); not under erratic maneuvers (E12.215).
  Free-standing otherwise (E12.22, E12.214).

A snare (E13.2) casts only free-standing web at true range 1, into the two hexes on one side
of the ship (E13.31: a PC in 1010 facing A, right 1110/1111, left 0910/0911; the WT and small
Q-ship only the hex astern, E13.32): one hex of 10 or two of 5 (E13.22), from 1 point (E13.211).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..arcs import in_arc
from ..charts.c2 import WEB_CASTER_MAX_RANGE, web_caster_strength
from ..hexes import Hex, hex_line, hex_range, neighbor, neighbors
from ..results import Refusal
from .webs import Web, WebState

MAX_HEXES = 5  # E12.41
ANCHOR_REACH = 4  # E12.212
SNARE_STRENGTH = {1: 10, 2: 5}  # E13.22


def straight(hexes: Sequence[Hex]) -> bool:
    """E12.25: the hexes are the line from the first to the last (either side of a hexside)."""
    if len(hexes) == 1:
        return True
    first, last = hexes[0], hexes[-1]
    return any(list(hexes) == hex_line(first, last, nudge) for nudge in (1, -1))


def _touches(state: WebState, h: Hex) -> bool:
    return any(state.any_at(n) is not None for n in (h, *neighbors(h)))


def check_cast(
    *,
    owner: str,
    source: str,
    firer_hex: Hex,
    facing: int,
    arcs: Iterable[str],
    hexes: Sequence[Hex],
    energy: int,
    state: WebState,
    clock: int,
    effective: dict[Hex, int] | None = None,
    anchored: bool = False,
    anchors: Iterable[Hex] = (),
    erratic: bool = False,
    blocked: Iterable[Hex] = (),
) -> Web | Refusal:
    """The web a caster lays (module docstring); ``effective``: the effective range of each hex
    where it differs from the true range (scanner damage, E12.45)."""
    hexes = tuple(hexes)
    if not 1 <= len(hexes) <= MAX_HEXES:
        return Refusal("E12.41", f"a web caster lays 1 to {MAX_HEXES} hexes, not {len(hexes)}")
    if len(set(hexes)) != len(hexes) or not straight(hexes):
        return Refusal("E12.25", "the web hexes must run in a straight line, in order (one or two "
                                 "sideslips in the same direction at most)")
    if energy < 1:
        return Refusal("E12.42", f"{source} holds no energy to cast a web")
    arcs = tuple(arcs)
    blocked = frozenset(blocked)
    for h in hexes:
        rng = hex_range(firer_hex, h)
        if rng == 0:
            return Refusal("E12.41", "a web caster cannot cast into its own hex (range 0)")
        if rng > WEB_CASTER_MAX_RANGE:
            return Refusal("E12.51", f"web hex {h.label} is at range {rng}; the caster reaches 30")
        if not any(in_arc(a, firer_hex, facing, h) for a in arcs):
            return Refusal("E12.41", f"web hex {h.label} is outside the caster's arc "
                                     f"({' '.join(arcs)})")
        if _touches(state, h):
            return Refusal("E12.24", f"web hex {h.label} is in or next to another web")
        if any(state.any_at(p) is not None for p in hex_line(firer_hex, h)[1:-1]):
            return Refusal("E12.52", f"a web caster cannot cast through a web (toward {h.label})")
        if any(p in blocked for p in hex_line(firer_hex, h)[1:]):
            return Refusal("E12.541", f"the line to {h.label} is blocked (planet, moon, star)")
    far = max((effective or {}).get(h, hex_range(firer_hex, h)) for h in hexes)
    far = min(far, WEB_CASTER_MAX_RANGE)
    strength = web_caster_strength(min(energy, 5), len(hexes), far)
    if strength <= 0:
        return Refusal("E12.45", f"{energy} energy cannot reach effective range {far} "
                                 "(11-20 costs 1 point, 21-30 costs 2)")
    if anchored:
        if erratic:
            return Refusal("E12.215", "an anchored web cannot be cast under erratic maneuvers")
        refusal = _check_anchors(firer_hex, hexes, frozenset(anchors))
        if refusal is not None:
            return refusal
    return Web("", owner, source, hexes, strength, clock, anchored)


def _check_anchors(firer_hex: Hex, hexes: Sequence[Hex], anchors: frozenset[Hex]) -> Refusal | None:
    def held(end: Hex) -> bool:
        return any(n in anchors for n in (end, *neighbors(end)))

    ends = (hexes[0], hexes[-1])
    if all(held(e) for e in ends):
        return None
    near = any(hex_range(firer_hex, a) <= ANCHOR_REACH for a in anchors)
    if near and any(held(e) for e in ends) and any(
            hex_range(firer_hex, e) <= 1 for e in ends):
        return None  # E12.212: the caster is the second anchor
    return Refusal("E12.211", "an anchored web needs an anchor (asteroid, or a Tholian unit with "
                              "a working web generator, snare or caster) at each end; the caster "
                              "may be one when another anchor is within 4 hexes (E12.212)")


def snare_hexes(ship_hex: Hex, facing: int, side: str) -> tuple[Hex, ...]:
    """The hexes a snare on ``side`` ("right", "left" or "rear") may web (E13.31, E13.32)."""
    if side == "right":
        return (neighbor(ship_hex, (facing + 1) % 6), neighbor(ship_hex, (facing + 2) % 6))
    if side == "left":
        return (neighbor(ship_hex, (facing + 5) % 6), neighbor(ship_hex, (facing + 4) % 6))
    if side == "rear":
        return (neighbor(ship_hex, (facing + 3) % 6),)
    raise ValueError(f"a snare side is right, left or rear, not {side!r}")


def check_snare(
    *,
    owner: str,
    source: str,
    ship_hex: Hex,
    facing: int,
    side: str,
    hexes: Sequence[Hex],
    stored: int,
    state: WebState,
    clock: int,
) -> Web | Refusal:
    """The free-standing web a snare lays (module docstring)."""
    hexes = tuple(hexes)
    if stored < 1:
        return Refusal("E13.211", f"{source} holds no power to cast a snare")
    if not 1 <= len(hexes) <= 2 or len(set(hexes)) != len(hexes):
        return Refusal("E13.22", "a snare webs one hex (10 points) or two (5 points each)")
    allowed = snare_hexes(ship_hex, facing, side)
    for h in hexes:
        if hex_range(ship_hex, h) != 1:
            return Refusal("E13.212", f"a snare reaches true range 1 only, not {h.label}")
        if h not in allowed:
            return Refusal("E13.31", f"{h.label} is not beside the ship on the snare's "
                                     f"{side} side ({' '.join(a.label for a in allowed)})")
        if _touches(state, h):
            return Refusal("E12.24", f"web hex {h.label} is in or next to another web")
    return Web("", owner, source, hexes, SNARE_STRENGTH[len(hexes)], clock, False)


def ew_reduction(points: int, die: int, shift: int) -> int:
    """E12.564: web points left after the EW roll (1d6 + shift): 1-6 no effect, 7-8 half,
    9-10 a quarter left, 11+ none; halves round up (.5 or more up)."""
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1..6, not {die!r}")
    total = die + shift
    if shift <= 0 or total <= 6:
        return points
    if total <= 8:
        return (points + 1) // 2  # -50%, .5 up
    if total <= 10:
        return (points + 2) // 4  # -75%: a quarter left, .5 up
    return 0


WEB_CASTER_FLEET_MAX = 6  # E12.16
SNARE_SHARE = {183: 25, 184: 50, 185: 75}  # E13.14: per cent of the Tholian ships, rounded up


def web_caster_fleet_limit(flagship_casters: int, ships: int) -> int:
    """E12.16: the flagship's casters (at most 3) plus one for each group of six other ships,
    one part-group counting, never above 6 (bases do not count; monitors do)."""
    if ships < 1:
        return 0
    return min(WEB_CASTER_FLEET_MAX, min(flagship_casters, 3) + -(-(ships - 1) // 6))


def snare_fleet_limit(ships: int, year: int) -> int | None:
    """E13.14: how many of ``ships`` Tholian ships may carry snares in ``year`` (Y183 25%,
    Y184 50%, Y185 75%, rounded up; none before Y183); None after Y185 (almost all had them)."""
    if year > 185:
        return None
    share = SNARE_SHARE.get(year, 0 if year < 183 else 75)
    return -(-ships * share // 100)
