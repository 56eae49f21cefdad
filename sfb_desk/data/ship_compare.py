"""What one copy of a ship class lacks against another: the facts a player would lose.

Used where a class is replaced by a copy that may hold less: ``ship-import --replace`` over a
library class, and ``ship-export`` (the class against its own export read back), so the player
is told every fact that goes missing rather than finding out in play.
"""

from __future__ import annotations

from collections import Counter

from sfb_desk.rules.ship import ShipSpec

_VALUES = (
    ("rule", "rule number"), ("year_in_service", "year in service"),
    ("bpv_combat", "combat BPV"), ("bpv_economic", "economic BPV"),
    ("size_class", "size class"), ("move_cost", "movement cost"), ("turn_mode", "turn mode"),
    ("breakdown", "breakdown"), ("het_cost", "HET cost"), ("em_cost", "EM cost"),
    ("explosion_strength", "explosion strength"), ("crew_units", "crew units"),
    ("boarding_parties", "boarding parties"), ("deck_crews", "deck crews"),
    ("spare_shuttles", "spare shuttles"), ("excess_damage", "excess damage boxes"),
)  # fmt: skip


def _weapon(w) -> str:  # noqa: ANN001 - a rules.ship.Weapon
    return f"{w.type} {w.designator} ({' '.join(w.arcs) or 'no arcs'})"


def lacks(original: ShipSpec, copy: ShipSpec) -> list[str]:
    """Each fact of ``original`` that ``copy`` does not hold, or holds otherwise, in words."""
    out: list[str] = []
    for name, label in _VALUES:
        mine, theirs = getattr(original, name), getattr(copy, name)
        if mine is not None and mine != theirs:
            out.append(f"{label} {mine}" + ("" if theirs is None else f" (it has {theirs})"))
    gone = sorted(original.flags - copy.flags)
    if gone:
        out.append("flags " + ", ".join(gone))
    if original.shields is not None and original.shields != copy.shields:
        out.append("shields " + " ".join(map(str, original.shields)))
    for track in ("sensor_track", "scanner_track", "damage_control_track"):
        if getattr(original, track) and getattr(original, track) != getattr(copy, track):
            out.append(track.replace("_", " "))
    theirs = dict(copy.systems)
    out += [f"{n} {name.replace('_', ' ')} boxes" + (f" (it has {theirs[name]})"
                                                    if name in theirs else "")
            for name, n in original.systems if theirs.get(name) != n]
    missing = Counter(map(_weapon, original.weapons)) - Counter(map(_weapon, copy.weapons))
    out += [f"weapon {w}" for w in sorted(missing.elements())]
    if [b.contents for b in original.shuttle_bays] != [b.contents for b in copy.shuttle_bays] \
            or original.shuttle_boxes != copy.shuttle_boxes:
        out.append("shuttle bays as printed (" + "; ".join(
            f"{b.boxes} boxes: {', '.join(b.contents) or 'empty'}" for b in original.shuttle_bays)
            + ")")
    keys = {s.key for s in copy.special}
    out += [f"special system {s.name} ({s.boxes} boxes)" for s in original.special
            if s.key not in keys]
    codes = {r.code for r in copy.refits}
    refits = [r.code for r in original.refits if r.code not in codes]
    if refits:
        out.append("refits " + ", ".join(refits))
    if original.data_status != copy.data_status:
        out.append(f"the {original.data_status} status (the copy is {copy.data_status})")
    return out
