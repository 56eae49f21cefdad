"""Satellite ships a scenario puts in a mothership's hangar at the start (Module C2, G19.21).

A scenario unit with ``carried_by`` (the name of another unit of its side) starts aboard: the
status ``hangar`` (off the map until launched, G19.4) and the mothership's record listing it.
:func:`carried_at_start` is called by :func:`~sfb_desk.data.game_setup.units_from_scenario`;
a carrier that is no unit of the side, or a hangar too small (G19.21, G19.212), is a
SetupError naming the rule.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.systems import satships as sat
from ..rules.systems.andromedan import IN_HANGAR


def carried_at_start(pairs, units: list, records: list, specs: dict, error) -> None:  # noqa: ANN001
    """``pairs``: (scenario unit, unit id) of every unit set up; ``units`` and ``records`` are
    changed in place; ``error``: the SetupError class."""
    by_name = {(u.name or key): uid for u, uid in pairs for key in (u.key,)}
    index = {u.id: i for i, u in enumerate(units)}
    rindex = {r.id: i for i, r in enumerate(records)}
    for unit, uid in pairs:
        carrier = getattr(unit, "carried_by", "")
        if not carrier:
            continue
        home = by_name.get(carrier)
        if home is None or home == uid or units[index[home]].side != units[index[uid]].side:
            raise error(f"{unit.key}: carried_by {carrier!r} names no other unit of its side "
                        "(G19.21)")
        sspec, hspec = specs[records[rindex[uid]].spec_id], specs[records[rindex[home]].spec_id]
        if sat.sat_ship_size(sspec) is None:
            raise error(f"{unit.key}: {sspec.id} is not a satellite ship (G19.211)")
        aboard = records[rindex[home]].andro.aboard
        sizes = [sat.sat_ship_size(specs[records[rindex[a]].spec_id]) or sat.MEDIUM
                 for a in aboard] + [sat.sat_ship_size(sspec)]
        refusal = sat.check_hangar(sat.hangar_bays(hspec), sizes)
        if refusal is not None:
            raise error(f"{carrier}: {refusal.message} ({refusal.rule})")
        hrec = records[rindex[home]]
        records[rindex[home]] = replace(hrec, andro=replace(hrec.andro, aboard=(*aboard, uid)))
        srec = records[rindex[uid]]
        records[rindex[uid]] = replace(srec, andro=replace(srec.andro, carrier=home))
        here = units[index[home]]
        units[index[uid]] = replace(units[index[uid]], status=IN_HANGAR, hex=here.hex,
                                    facing=here.facing, speed=0)


def with_anchor_buoys(combat, pairs, specs: dict, error):  # noqa: ANN001, ANN201
    """``combat`` with the charged web anchor buoys the scenario puts aboard (``anchor_buoys``,
    Advanced Missions G26.12). Each takes a shuttle box (G26.10), and only Tholian ships
    charge them (G26.362): anything else is a SetupError naming the rule."""
    aboard = []
    records = {r.id: r for r in combat.ships}
    for unit, uid in pairs:
        n = getattr(unit, "anchor_buoys", 0)
        if not n:
            continue
        spec = specs[records[uid].spec_id]
        if spec.race != "THO":
            raise error(f"{unit.key}: only Tholian ships charge web anchor buoys (G26.362)")
        if n > spec.shuttle_boxes:
            raise error(f"{unit.key}: {n} anchor buoys need {n} shuttle boxes; {spec.id} has "
                        f"{spec.shuttle_boxes} (G26.10)")
        aboard.append((uid, n))
    if not aboard:
        return combat
    webs = replace(combat.c2.webs, aboard=tuple(aboard))
    return replace(combat, c2=replace(combat.c2, webs=webs))
