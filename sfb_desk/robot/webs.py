"""The robot's web casts (Module C2 E12): a web laid across the path of an enemy closing on
the ship, so that the enemy runs into it once it has formed.

A free-standing web forms 4 impulses after the cast (E12.221, E12.55) and catches a unit that
stands in it then or enters it later (G10.5 as decisions.md reads it). The robot casts only
when the enemy is closing (its next hex ahead is nearer to the caster) at 6 to 15 hexes,
where a web fist is weak or out of reach (E14.22: the fist's best band is 1-10); it aims the
web at the hex the enemy reaches in about 4 impulses at its speed, or one or two hexes beyond,
as a line of three hexes across the path (E12.25) or, when three would be too thin, one hex.
Every candidate is checked by the caller against the session (no refused cast is ever sent):
this module only proposes.
"""

from __future__ import annotations

from ..rules.charts.c2 import WEB_CASTER_MAX_ENERGY, web_caster_strength
from ..rules.hexes import Hex, hex_from_label, hex_range, neighbor

CAST_RANGE = (6, 15)  # the enemy's range at which a cast is worth the caster's load
MIN_STRENGTH = 3  # thinner webs hold a ship for less than an impulse's worth of moves
FORM_DELAY = 4  # E12.221


def _ahead(h: Hex, facing: int, steps: int) -> Hex:
    for _ in range(steps):
        h = neighbor(h, facing)
    return h


def cast_candidates(me, enemy, box: str, energy: int) -> list[dict]:  # noqa: ANN001
    """Cast orders worth trying, best first (module docstring); [] when none pays."""
    if energy < 1:
        return []
    energy = min(energy, WEB_CASTER_MAX_ENERGY)
    mine, theirs = me.unit, enemy.unit
    rng = hex_range(mine.hex, theirs.hex)
    if not CAST_RANGE[0] <= rng <= CAST_RANGE[1] or theirs.speed < 1:
        return []
    if hex_range(mine.hex, neighbor(theirs.hex, theirs.facing)) >= rng:
        return []  # not closing: a web behind or beside it catches nothing
    lead = max(1, -(-theirs.speed * FORM_DELAY // 32))
    out: list[tuple[int, dict]] = []
    for extra in (0, 1, 2):
        centre = _ahead(theirs.hex, theirs.facing, lead + extra)
        if hex_range(mine.hex, centre) < 1:
            continue
        lines = [(neighbor(centre, (theirs.facing + a) % 6), centre,
                  neighbor(centre, (theirs.facing + a + 3) % 6)) for a in (1, 2)]
        for hexes in [*lines, (centre,)]:
            if any(hex_from_label(h.label) != h for h in hexes):
                continue  # off the labelled map: the label would name another hex
            far = max(hex_range(mine.hex, h) for h in hexes)
            if far < 1 or far > 30:
                continue
            strength = web_caster_strength(energy, len(hexes), far)
            if strength >= MIN_STRENGTH:
                out.append((len(hexes) * 100 + strength - extra, {
                    "box": box, "mode": "cast", "hexes": [h.label for h in hexes]}))
    return [order for _, order in sorted(out, key=lambda x: -x[0])]
