"""Classes the generator RECONSTRUCTS for practice play (issue 15): no public transcription gives
their box counts (reference/ship-sources.md), but a scenario needs them.

Each one is built from a complete library class of the same hull (its "base") and the facts the
Advanced Missions SSD page prints for the class itself; every choice that is not printed is
listed in the file's [status].notes (and in sfb_desk/rules/decisions.md, "Reconstructed
minesweepers"). The file says ``verification = "reconstructed"``: the program labels the class
RECONSTRUCTED wherever a player picks or sees it, and the ship designer offers to complete it
from the SSD book.

* **KLI-F5M** (R3.27: "converted F5 frigates"): the KLI-F5's shields, systems, tracks, excess
  damage and shuttle bay; its five phaser-2s with their arcs; no disruptors (the F5M page prints
  no disruptor table, like the F5D and F5S conversions whose transcriptions have none); one
  drone rack, type-A (one reload) before the Y175 refit made it a type-B (the page's note); one
  ADD (the page's anti-drone block, one row; six rounds before Y175); the F5M's own crew, BPV,
  tracks and refits as printed; four mine-rack boxes (the page's mine-rack table: four numbered
  rows, each drawn for four large mines; M9.11 "each such box holds four large mines"), hit by
  cargo, shuttle and excess-damage hits (the page's note, M9.13). Its one admin shuttle is an
  MSS (the page prints one MSS ident; M8.312).
* **GOR-MS** (R6.15: "yet another conversion of the destroyer"): the GOR-DD's shields, systems,
  tracks (the MS page prints none), excess damage, shuttle bays and weapons (three phaser-1s and
  the plasma-G: the page prints phaser-1, phaser-3 and plasma warhead tables); the MS's own
  crew, BPV and F refit as printed; four mine-rack boxes (the page's table has four numbered
  rows, each drawn with five places: M9.11's four large mines a box is used). One of its admin
  shuttles is an MSS (one MSS ident printed; M8.312).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

#: Reconstructed class -> the complete library class whose hull it takes.
RECONSTRUCTIONS: dict[str, str] = {"KLI-F5M": "KLI-F5", "GOR-MS": "GOR-DD"}

_BANNER = ("RECONSTRUCTED for practice play: no public transcription gives this class's box "
           "counts; it is built on the {base} hull (same shields, systems, tracks and shuttle "
           "boxes) with the facts its own SSD page prints. Complete it from your SSD book in the "
           "ship designer.")

_RACK_NOTE = ("four large mines a box (M9.11; two small for a large); destroyed on cargo, "
              "shuttle and excess damage hits (M9.13); reconstructed count: four rows on the SSD "
              "page")
_DAMAGE = ("Damage: a mine rack is destroyed on a Cargo, Shuttle or Excess Damage hit (the "
           "page's note, M9.13) once the ship has no cargo, shuttle or excess damage box left "
           "for it; the mines in a destroyed rack are lost without exploding (M9.13).")


@dataclass(frozen=True)
class Plan:
    """What a reconstruction changes on its base hull, and why (the file's notes)."""

    choices: tuple[str, ...]
    drop_types: tuple[str, ...] = ()  # weapon types the conversion removed
    drone_rack: tuple[str, int, str] | None = None  # (rack type, reloads, note) of its racks
    extra_weapons: tuple[dict, ...] = ()
    racks: int = 4


PLANS: dict[str, Plan] = {
    "KLI-F5M": Plan(
        choices=(
            "Hull (R3.27: the F5M is a converted F5 frigate): the KLI-F5's shields, systems, "
            "sensor, scanner and damage-control tracks, excess damage boxes and single shuttle "
            "box.",
            "Weapons: the F5's five phaser-2s with their arcs; no disruptors (the F5M page prints "
            "phaser-2, phaser-3 and anti-drone tables but no disruptor table, as do the F5D and "
            "F5S conversions, which carry none); one drone rack, type-A with one reload before "
            "the Y175 refit and type-B with two after it (the page's note); one ADD (the page's "
            "anti-drone block has one row; six rounds before Y175).",
            "Mine racks: four rack boxes (the page's mine-rack table has four numbered rows, each "
            "drawn for four large mines; Advanced Missions M9.11: each box holds four large "
            "mines, two small for a large): 16 large mines when full, fewer than the 20-30 M9.12 "
            "calls usual for minesweepers, as the page draws them. The mines are bought at set-up "
            "(M9.17), not part of the BPV; racks are never reloaded (M9.12).",
            _DAMAGE,
            "Shuttles: the one admin shuttle is a minesweeping shuttle (the page prints one MSS "
            "ident; M8.312).",
            "Crew units, boarding parties, BPV, size class, movement cost, turn mode and "
            "breakdown are the F5M's own.",
        ),
        drop_types=("DISRUPTOR",),
        drone_rack=("A", 1, "type-B with two reloads after the Y175 refit (SSD note)"),
        extra_weapons=(
            {"designator": "1", "type": "ADD", "arcs": ["360"],
             "note": "ADD-6 before the Y175 refit (SSD note); reconstructed: one ADD from the "
                     "page's one-row anti-drone block"},
        ),
    ),
    "GOR-MS": Plan(
        choices=(
            "Hull (R6.15: the MS is a conversion of the destroyer): the GOR-DD's shields, "
            "systems, sensor, scanner and damage-control tracks (the MS page prints none), "
            "excess damage boxes and two shuttle bays.",
            "Weapons: the DD's three phaser-1s and its plasma-G torpedo (the MS page prints "
            "phaser-1, phaser-3 and plasma warhead tables); the F refit's boxes (+17 BPV, the "
            "page's shaded MSF boxes) are not itemised.",
            "Mine racks: four rack boxes (the page's mine-rack table has four numbered rows, each "
            "drawn with five places; Advanced Missions M9.11's four large mines a box is used): "
            "16 large mines when full. The mines are bought at set-up (M9.17), not part of the "
            "BPV; racks are never reloaded (M9.12).",
            _DAMAGE,
            "Shuttles: one admin shuttle is a minesweeping shuttle (the page prints one MSS "
            "ident; M8.312).",
            "Crew units, boarding parties, BPV, size class, movement cost, turn mode and "
            "breakdown are the MS's own.",
        ),
    ),
}


def reconstruct(sid: str, doc: dict, base: dict) -> dict:
    """The complete, RECONSTRUCTED document of ``sid`` (its generated ``doc`` with the hull of
    the complete library class ``base``, changed as :data:`PLANS` says)."""
    plan = PLANS.get(sid)
    if plan is None:
        raise ValueError(f"no reconstruction for {sid}")
    if not base["status"]["complete"]:
        raise ValueError(f"{sid}: its base {base['identity']['id']} is not complete")
    old = doc["status"]
    status = {"complete": True, "missing": [], "confidence": "low",
              "verification": "reconstructed",
              "sources": [*old["sources"], f"hull of {base['identity']['id']} (library class, "
                                           f"{'; '.join(base['status']['sources'])})"],
              "notes": [_BANNER.format(base=base["identity"]["id"]), *plan.choices,
                        *old.get("notes", [])]}
    weapons = []
    for w in base["weapons"]:
        if w["type"] in plan.drop_types:
            continue
        w = copy.deepcopy(w)
        if w["type"] == "DRONE" and plan.drone_rack is not None:
            rack_type, reloads, note = plan.drone_rack
            w.update(rack_type=rack_type, reloads=reloads, note=note)
        weapons.append(w)
    weapons += [copy.deepcopy(w) for w in plan.extra_weapons]
    tracks = dict(doc.get("tracks") or base["tracks"])
    if "excess_damage" in base["tracks"]:
        tracks["excess_damage"] = base["tracks"]["excess_damage"]
    hull = {"tracks": tracks, **{k: copy.deepcopy(base[k]) for k in (
        "shields", "systems", "shuttle_bays")}, "weapons": weapons,
        "special": [{"key": "mine_rack", "name": "Mine racks", "boxes": plan.racks,
                     "note": _RACK_NOTE}]}
    after = "tracks" if "tracks" in doc else "crew"
    out: dict = {}
    for key, value in doc.items():  # the generated order, with the hull's tables put in
        if key == "status":
            out[key] = status
        elif key == after:  # the hull after the crew, or in place of the printed tracks
            if key == "crew":
                out[key] = value
            out.update(hull)
        elif key == "extra":
            out[key] = {**value, "reconstructed_from": base["identity"]["id"]}
        else:
            out[key] = value
    return out
