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
"""

from __future__ import annotations

import copy

#: Reconstructed class -> the complete library class whose hull it takes.
RECONSTRUCTIONS: dict[str, str] = {"KLI-F5M": "KLI-F5"}

_BANNER = ("RECONSTRUCTED for practice play: no public transcription gives this class's box "
           "counts; it is built on the {base} hull (same shields, systems, tracks and shuttle "
           "bay) with the facts its own SSD page prints. Complete it from your SSD book in the "
           "ship designer.")

#: KLI-F5M: what was chosen and why (rule numbers and what the rulebooks print).
_F5M_CHOICES = (
    "Hull (R3.27: the F5M is a converted F5 frigate): the KLI-F5's shields, systems, sensor, "
    "scanner and damage-control tracks, excess damage boxes and single shuttle box.",
    "Weapons: the F5's five phaser-2s with their arcs; no disruptors (the F5M page prints "
    "phaser-2, phaser-3 and anti-drone tables but no disruptor table, as do the F5D and F5S "
    "conversions, which carry none); one drone rack, type-A with one reload before the Y175 "
    "refit and type-B with two after it (the page's note); one ADD (the page's anti-drone "
    "block has one row; six rounds before Y175).",
    "Mine racks: four rack boxes (the page's mine-rack table has four numbered rows, each drawn "
    "for four large mines; Advanced Missions M9.11: each box holds four large mines, two small "
    "for a large): 16 large mines when full, fewer than the 20-30 M9.12 calls usual for "
    "minesweepers, as the page draws them. The mines are bought at set-up (M9.17), not part of "
    "the BPV; racks are never reloaded (M9.12).",
    "Damage: a mine rack is destroyed on a Cargo, Shuttle or Excess Damage hit (the page's note, "
    "M9.13) once the ship has no cargo, shuttle or excess damage box left for it; the mines in "
    "a destroyed rack are lost without exploding (M9.13).",
    "Shuttles: the one admin shuttle is a minesweeping shuttle (the page prints one MSS ident; "
    "M8.312).",
    "Crew units, boarding parties, BPV, size class, movement cost, turn mode and breakdown are "
    "the F5M's own.",
)

_F5M_EXTRA_WEAPONS = (
    {"designator": "1", "type": "ADD", "arcs": ["360"],
     "note": "ADD-6 before the Y175 refit (SSD note); reconstructed: one ADD from the page's "
             "one-row anti-drone block"},
)

_F5M_SPECIAL = (
    {"key": "mine_rack", "name": "Mine racks", "boxes": 4,
     "note": "four large mines a box (M9.11; two small for a large); destroyed on cargo, "
             "shuttle and excess damage hits (M9.13); reconstructed count: four rows on the SSD "
             "page"},
)


def reconstruct(sid: str, doc: dict, base: dict) -> dict:
    """The complete, RECONSTRUCTED document of ``sid`` (its generated ``doc`` with the hull of
    the complete library class ``base``)."""
    if sid != "KLI-F5M":
        raise ValueError(f"no reconstruction for {sid}")
    if not base["status"]["complete"]:
        raise ValueError(f"{sid}: its base {base['identity']['id']} is not complete")
    old = doc["status"]
    status = {"complete": True, "missing": [], "confidence": "low",
              "verification": "reconstructed",
              "sources": [*old["sources"], f"hull of {base['identity']['id']} (library class, "
                                           f"{'; '.join(base['status']['sources'])})"],
              "notes": [_BANNER.format(base=base["identity"]["id"]), *_F5M_CHOICES,
                        *old.get("notes", [])]}
    weapons = []
    for w in base["weapons"]:
        if w["type"] == "DISRUPTOR":
            continue
        w = copy.deepcopy(w)
        if w["type"] == "DRONE":
            w.update(rack_type="A", reloads=1)
            w["note"] = "type-B with two reloads after the Y175 refit (SSD note)"
        weapons.append(w)
    weapons += [copy.deepcopy(w) for w in _F5M_EXTRA_WEAPONS]
    tracks = dict(doc["tracks"])
    if "excess_damage" in base["tracks"]:
        tracks["excess_damage"] = base["tracks"]["excess_damage"]
    out: dict = {}
    for key, value in doc.items():  # the generated order, with the hull's tables put in
        if key == "status":
            out[key] = status
        elif key == "tracks":
            out[key] = tracks
            for hull in ("shields", "systems", "shuttle_bays"):
                out[hull] = copy.deepcopy(base[hull])
            out["weapons"] = weapons
            out["special"] = [copy.deepcopy(s) for s in _F5M_SPECIAL]
        elif key == "extra":
            out[key] = {**value, "reconstructed_from": base["identity"]["id"]}
        else:
            out[key] = value
    return out
