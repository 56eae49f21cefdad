"""A scenario's Tholian webs with a printed strength as webs that hold (issue 17).

A terrain feature of kind ``web`` with a ``strength`` (SH6.2: "strength 35") becomes an
anchored web of that strength in the game's Module C2 state
(:class:`~sfb_desk.rules.systems.webs.WebState`), formed from the start: a unit that enters
one of its hexes is caught and pays its movement points to it, like a cast web (G10.5 as
decisions.md reads it), and casting in or next to it is refused (E12.24). A web feature
without a strength stays terrain that only blocks fire (M4.45): the program does not invent
one. Anchored webs do not decay here (G10.4 is not printed; decisions.md).
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.systems.webs import Web, add_web


def with_terrain_webs(combat):  # noqa: ANN001, ANN201
    """``combat`` (a :class:`~sfb_desk.engine.records.Combat`) with its battlefield's webs of
    known strength laid in its C2 state, one web per terrain feature."""
    webs = combat.c2.webs
    for feature in combat.battlefield.terrain.features:
        if feature.kind != "web" or feature.strength < 1 or not feature.hexes:
            continue
        web = Web("", "", feature.rule or "scenario", tuple(sorted(feature.hexes)),
                  feature.strength, 0, anchored=True)
        webs = add_web(webs, web)
    if webs is combat.c2.webs:
        return combat
    return replace(combat, c2=replace(combat.c2, webs=webs))
