"""What the program can and cannot do with a ship class (issue 16), in words a player reads.

``capabilities(spec)`` returns two lists of sentences, "can" and "cannot", from the class's
status, flags, weapons and special systems. They are what the ship browser shows under the
class; they name rules, not sources.
"""

from __future__ import annotations

from sfb_desk.rules.ship import DRAFT, INCOMPLETE, ShipSpec, why_reconstructed
from sfb_desk.rules.weapon_types import WEAPON_TYPES

#: Special-system keys the damage allocation never reaches, and what they are.
_NOT_ALLOCATED = {"special_sensor": "special sensors (G24)", "web_generator": "web generators (G10)"}


def capabilities(spec: ShipSpec) -> tuple[list[str], list[str]]:
    can: list[str] = []
    cannot: list[str] = []
    status = spec.data_status
    if status == INCOMPLETE:
        cannot.append("play it: the ship file lacks " + (", ".join(spec.missing) or "box counts")
                      + "; complete it from your SSD book in the ship designer")
        can.append("show and print what is known of it")
        return can, cannot
    can.append("play it in a duel, a scenario or against the robot: movement, energy "
               "allocation, fire and damage allocation on its SSD")
    if status == "reconstructed":
        why = why_reconstructed(spec)
        if why.startswith("Module C2"):
            why = ("Module C2 prints none, so every count the module does not state is "
                   "reconstructed for practice")
        cannot.append(f"vouch for its box counts: {why}; complete it from your SSD book in "
                      "the ship designer")
    if status == DRAFT:
        cannot.append("vouch for its box counts: they come from one public transcription "
                      f"({len(spec.disagreements)} disputed facts listed); check them against "
                      "your SSD book in the ship designer")
    if "carrier" in spec.flags or any(
            c not in ("admin", "GAS", "HTS") for b in spec.shuttle_bays for c in b.contents):
        cannot.append("fly its fighters: the shuttle boxes are marked as damage takes them, but "
                      "fighters are not launched or played")
    if "cloak" in spec.flags:
        can.append("pay for the cloak in the energy allocation (G13.21)")
    for special in spec.special:
        if special.key in _NOT_ALLOCATED:
            cannot.append(f"damage its {_NOT_ALLOCATED[special.key]}: they are on the SSD, but "
                          "the damage allocation chart of this program does not reach them")
    if "scout" in spec.flags:
        cannot.append("use scout functions (G24): the channels are shown, not played")
    unknown = [w.type for w in spec.weapons if w.type not in WEAPON_TYPES]
    if unknown:
        cannot.append("fire " + ", ".join(sorted(set(unknown))) + ": not in the weapon catalogue")
    counts = dict(spec.extra).get("counts_not_in_sources")
    if counts:
        cannot.append(f"use its {', '.join(counts)}: no source gives the count; enter it from "
                      "your SSD book")
    return can, cannot
