"""amarillo ship JSON (deastland0423/amarillo data/factions/<race>/<hull>.json) -> our facts.

A pure function of the parsed JSON: ``ship_facts(doc)`` returns the field groups of our ship
format (``data``, ``bpv``, ``crew``, ``tracks``, ``shields``, ``systems``, ``shuttle_bays``,
``weapons``, ``special``, ``flags``) plus ``unmapped`` (facts that leave the class incomplete)
and ``notes``. Only numbers, codes and arc names are carried; names of ships and prose are not.
A key this module does not know stops the import (a new fact must be mapped, not dropped).
"""

from __future__ import annotations

from fractions import Fraction

#: amarillo system keys -> our [systems] keys.
SYSTEM_KEYS: dict[str, dict[str, str]] = {
    "hullBoxes": {"fhull": "forward_hull", "ahull": "aft_hull", "chull": "center_hull",
                  "cargo": "cargo", "armor": "armor"},
    "power": {"leftWarp": "left_warp", "rightWarp": "right_warp", "centerWarp": "center_warp",
              "impulse": "impulse", "apr": "apr", "awr": "awr", "battery": "battery"},
    "control": {"bridge": "bridge", "flag": "flag_bridge", "emergency": "emergency_bridge",
                "auxCon": "aux_control", "security": "security"},
    "auxiliary": {"labs": "lab", "transporters": "transporter", "tractors": "tractor",
                  "probes": "probe"},
}
#: Keys of those groups that are not box counts (handled below or deliberately not carried).
_NOT_BOXES = {"controlMod", "oakdisc", "derfacs", "cloakCost", "nuclearSpaceMines", "nimble",
              "web"}
WEAPONS: dict[str, str] = {"Phaser1": "PH-1", "Phaser2": "PH-2", "Phaser3": "PH-3",
                           "PhaserG": "PH-G", "Photon": "PHOTON", "Disruptor": "DISRUPTOR",
                           "DroneRack": "DRONE", "ADD": "ADD"}
SHUTTLES = {"admin": "admin", "gas": "GAS", "hts": "HTS", "aas": "AAS"}
#: Top-level keys read, and those deliberately not carried (names, art, engine settings).
_READ = {"faction", "type", "hull", "typeName", "serviceYear", "bpv", "epv", "turnMode",
         "sizeClass", "moveCost", "breakdown", "nimble", "shields", "hullBoxes", "power",
         "control", "tables", "auxiliary", "shuttleBays", "crewData", "weapons", "optionMounts",
         "refits", "variants", "aegis", "isEscort", "isTrueCarrier", "carrierClass",
         "stealthBonus", "dPercent", "y175Upgrades", "requiresEscort", "droneStorageSpaces"}
_IGNORED = {"name", "line", "tokenArt", "note", "bonusHets", "commandRating", "series"}


def breakdown(value: int) -> str:
    """amarillo's breakdown threshold (5) as the printed range ("5-6"); 6 -> "6" (C6.5)."""
    if not 1 <= value <= 6:
        raise ValueError(f"breakdown {value!r} is not a die roll")
    return "6" if value == 6 else f"{value}-6"


def move_cost(value: float) -> str:
    """0.3333333 -> "1/3": the nearest fraction with a small denominator."""
    return str(Fraction(value).limit_denominator(12))


def arcs_of(raw: list[str]) -> tuple[list[str], list[int]]:
    """amarillo arcs -> our arc names and extra single bearings ("13" = directly astern)."""
    arcs, bearings = [], []
    for arc in raw:
        if arc.isdigit():
            bearings.append(int(arc))
        else:
            arcs.append("360" if arc == "FULL" else arc)
    return arcs, bearings


def _designator(text: str) -> str:
    return text.split()[-1]  # "Rack 1" -> "1", "ADD 2" -> "2"


def weapon(raw: dict) -> dict:
    kind = raw["type"]
    if kind == "PlasmaLauncher":
        code = f"PLASMA-{raw['plasmaType']}"
    elif kind in WEAPONS:
        code = WEAPONS[kind]
    else:
        raise ValueError(f"amarillo weapon type {kind!r} is not mapped")
    arcs, bearings = arcs_of(raw.get("arcs", []))
    out: dict = {"designator": _designator(str(raw["designator"])), "type": code, "arcs": arcs}
    if bearings:
        out["extra_bearings"] = bearings
    notes = []
    if code == "DRONE":
        out["rack_type"] = raw["rackType"].removeprefix("TYPE_")
    if code == "DISRUPTOR" and "range" in raw:
        out["max_range"] = raw["range"]
        notes.append("max range per amarillo only")
    if code == "ADD":
        notes.append(f"{raw['addType'].replace('_', '-')} (amarillo)")
        if not arcs:
            out["arcs"] = ["360"]  # an anti-drone rack fires in every direction (E5)
    if "launchDirections" in raw:
        notes.append("launch directions " + ", ".join(raw["launchDirections"]) + " (amarillo)")
    if notes:
        out["note"] = "; ".join(notes)
    return out


def _systems(doc: dict) -> tuple[dict[str, int], list[str]]:
    systems: dict[str, int] = {}
    for group, keys in SYSTEM_KEYS.items():
        for key, value in doc.get(group, {}).items():
            if key in keys:
                systems[keys[key]] = systems.get(keys[key], 0) + value
            elif key not in _NOT_BOXES:
                raise ValueError(f"amarillo {group}.{key} is not mapped")
    return {k: v for k, v in systems.items() if v}, []


def _bays(doc: dict, notes: list[str]) -> list[dict]:
    bays = []
    for bay in doc.get("shuttleBays", []):
        contents = [SHUTTLES[s] for s in bay["shuttles"]]
        fighters = bay.get("fighters", {})
        for role in ("superiority", "attack", "ew"):
            contents += [f"fighter ({role})"] * fighters.get(role, 0)
        if "fighterFacilities" in bay and not any(k in fighters for k in ("superiority",
                                                                          "attack", "ew")):
            notes.append(f"shuttle bay: fighter facilities for {bay['fighterFacilities']} "
                         "fighters, none of its own (amarillo)")
        bays.append({"boxes": len(contents), "contents": contents})
    return bays


def ship_facts(doc: dict) -> dict:
    """Our field groups from one amarillo ship file (see the module doc)."""
    unknown = set(doc) - _READ - _IGNORED - {k for k in doc if k.startswith("_")}
    if unknown:
        raise ValueError(f"amarillo keys not mapped: {sorted(unknown)}")
    notes: list[str] = []
    flags: set[str] = set()
    unmapped: list[str] = []
    extra: dict = {}
    aux = doc.get("auxiliary", {})
    if doc.get("nimble") or aux.get("nimble"):
        flags.add("nimble")
    if aux.get("derfacs"):
        flags.add("derfacs")
    if "cloakCost" in aux:
        flags.add("cloak")
        extra["cloak_cost"] = aux["cloakCost"]
    if doc.get("aegis"):
        flags.add("aegis")
        notes.append(f"aegis: {doc['aegis'].lower()} (amarillo)")
    if doc.get("isTrueCarrier") or any("fighters" in b and "fighterFacilities" not in b
                                       for b in doc.get("shuttleBays", [])):
        flags.add("carrier")
    if "stealthBonus" in doc:
        flags.add("stealth")
    if aux.get("web"):
        unmapped.append(f"web generator (amarillo 'web: {aux['web']}', meaning not stated)")
    special = []
    channels = [w for w in doc.get("weapons", []) if w["type"] == "ScoutChannel"]
    if channels:
        flags.add("scout")
        hit = sorted({w["dacHitLocation"] for w in channels})
        special.append({"key": "special_sensor", "name": "Special sensors",
                        "boxes": len(channels),
                        "note": f"destroyed on '{'/'.join(hit)}' hits (amarillo); the DAC of "
                                "this program does not allocate to them"})
    if aux.get("nuclearSpaceMines"):
        special.append({"key": "nsm", "name": "Nuclear space mine",
                        "boxes": aux["nuclearSpaceMines"], "damageable": False})
    weapons = [weapon(w) for w in doc.get("weapons", []) if w["type"] != "ScoutChannel"]
    for mount in doc.get("optionMounts", []):
        arcs, bearings = arcs_of(mount["arcs"])
        entry = {"designator": mount["designator"], "type": "OPTION", "arcs": arcs,
                 "note": f"Option mount ({mount['position'].lower()})"}
        if bearings:
            entry["extra_bearings"] = bearings
        weapons.append(entry)
    tables = doc["tables"]
    crew = doc.get("crewData", {})
    systems, _ = _systems(doc)
    refits = [{"code": r["code"], "year": r["year"], "bpv_delta": r["bpv"],
               "description": _refit_text(r)} for r in doc.get("refits", [])]
    return {
        "identity": {"year_in_service": doc["serviceYear"]},
        "bpv": {"combat": doc["bpv"], **({"economic": doc["epv"]} if "epv" in doc else {})},
        "data": {"size_class": doc["sizeClass"], "move_cost": move_cost(doc["moveCost"]),
                 "turn_mode": doc["turnMode"], "breakdown": breakdown(doc["breakdown"])},
        "crew": {k: crew[s] for s, k in (("totalCrew", "crew_units"),
                                         ("boardingParties", "boarding_parties"),
                                         ("deckCrews", "deck_crews")) if s in crew},
        "tracks": {"sensor": tables["sensor"], "scanner": tables["scanner"],
                   "damage_control": tables["damageControl"], "excess_damage": tables["excess"]},
        "shields": {"boxes": list(doc["shields"])},
        "systems": systems,
        "shuttle_bays": _bays(doc, notes),
        "weapons": weapons,
        "special": special,
        "refits": refits,
        "flags": sorted(flags),
        "extra": extra,
        "unmapped": unmapped,
        "notes": notes,
    }


def _refit_text(refit: dict) -> str:
    parts = []
    if "shields" in refit:
        parts.append("shields " + "/".join(str(s) for s in refit["shields"]))
    for group in ("auxiliary", "power"):
        for key, value in refit.get(group, {}).items():
            parts.append(f"{key} +{value}")
    for w in refit.get("addWeapons", []):
        parts.append(f"{WEAPONS.get(w['type'], w['type'])} #{w['designator']} "
                     f"({', '.join(arcs_of(w['arcs'])[0])})")
    for change in refit.get("replaceWeapons", []):
        parts.append(f"{'/'.join(change['designators'])}: "
                     + ", ".join(f"{k} {v}" for k, v in change["set"].items()))
    return "; ".join(parts) + " (amarillo)"
