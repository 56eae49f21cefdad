"""Ship files in the JSON format of the amarillo engine (the most complete open SFB engine of
reference/ship-sources.md; ``data/factions/<race>/<hull>.json``), both ways.

* ``ship_facts(doc)`` (pure) returns the field groups of our ship format (``data``, ``bpv``,
  ``crew``, ``tracks``, ``shields``, ``systems``, ``shuttle_bays``, ``weapons``, ``special``,
  ``flags``) plus ``unmapped`` (facts that leave the class incomplete) and ``notes``. Only
  numbers, codes and arc names are carried; names of ships and prose are not. A key this module
  does not know is refused (a new fact must be mapped, not dropped). The library importer
  (tools/ship_library) uses it too.
* :func:`import_ship` turns a player's file into a ShipSpec validated exactly as our own files
  (it is written as our TOML and read back by the loader), a draft naming the file it came from.
* :func:`export_ship` writes a class of ours as such a JSON document, and lists what that format
  cannot hold.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import tomli_w

from sfb_desk.data.ship_file import ShipFileError, parse_ship_text
from sfb_desk.rules.ship import ShipSpec

def web_generator_missing(rating: object) -> str:
    """What a Tholian class with an unexplained web rating lacks, in the player's words (shown
    by `scenarios` and `ships`: where the rating came from is for the ship's details only)."""
    return f"web generator (rated {rating}; its boxes and use are not known)"


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
        unmapped.append(web_generator_missing(aux["web"]))
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


# ---------------------------------------------------------------------------------------------
# Whole files: import (validated as our own) and export

#: amarillo's faction names -> our race codes.
FACTIONS = {"Federation": "FED", "Klingon": "KLI", "Romulan": "ROM", "Kzinti": "KZI",
            "Gorn": "GOR", "Tholian": "THO", "Orion": "ORI", "Hydran": "HYD", "Lyran": "LYR",
            "ISC": "ISC", "Andromedan": "AND", "Seltorian": "SEL", "WYN": "WYN"}


class ShipJsonError(ValueError):
    """A file that is not an amarillo ship, or holds facts this program cannot map."""


def _table(doc: dict, source: str) -> dict:
    """Our file's table tree for an amarillo ship document."""
    if not isinstance(doc, dict):
        raise ShipJsonError("not a ship: the file holds no JSON object")
    missing = [k for k in ("faction", "shields", "tables", "serviceYear", "bpv", "turnMode",
                           "sizeClass", "moveCost", "breakdown") if k not in doc]
    code = doc.get("type") or doc.get("hull")
    if missing or not code:
        raise ShipJsonError("not an amarillo ship file: missing " + ", ".join(
            missing + ([] if code else ["type"])))
    race = FACTIONS.get(doc["faction"])
    if race is None:
        raise ShipJsonError(f"unknown faction {doc['faction']!r} (known: "
                            + ", ".join(FACTIONS) + ")")
    try:
        facts = ship_facts(doc)
    except (KeyError, TypeError, ValueError) as error:
        raise ShipJsonError(f"cannot be read: {error}") from None
    data = {**facts["data"], "flags": facts["flags"]}
    table: dict = {
        "format": "sfb-desk-ship", "format_version": 1,
        "identity": {"id": f"{race}-{str(code).upper()}", "race": race,
                     "race_name": doc["faction"], "class_code": str(code),
                     "name": str(doc.get("typeName") or code), "kind": "ship",
                     "year_in_service": facts["identity"]["year_in_service"]},
        "status": {"complete": not facts["unmapped"], "missing": facts["unmapped"],
                   "sources": [f"imported from {source} (amarillo ship JSON)"],
                   "notes": facts["notes"]},
        "bpv": facts["bpv"], "data": data, "crew": facts["crew"], "tracks": facts["tracks"],
        "shields": facts["shields"], "systems": facts["systems"],
        "shuttle_bays": facts["shuttle_bays"], "weapons": facts["weapons"],
        "special": facts["special"], "refits": facts["refits"], "extra": facts["extra"],
    }
    if not facts["unmapped"]:
        table["status"]["verification"] = "draft"
    return {k: v for k, v in table.items() if v not in ({}, [])}


def import_ship(doc: dict, source: str) -> ShipSpec:
    """A ShipSpec from an amarillo ship document, validated by the ship-file loader as our own
    files are. Raises :class:`ShipJsonError` (not a ship, facts that cannot be mapped) or
    :class:`~sfb_desk.data.ship_file.ShipFileError` (the problems, as for a TOML file)."""
    try:
        return parse_ship_text(tomli_w.dumps(_table(doc, source)), source)
    except ShipFileError as error:  # line numbers would point into our TOML, not the JSON
        raise ShipFileError([replace(p, line=None) for p in error.problems]) from None


_EXPORT_WEAPONS = {v: k for k, v in WEAPONS.items()}
_EXPORT_SYSTEMS = {ours: (group, theirs) for group, keys in SYSTEM_KEYS.items()
                   for theirs, ours in keys.items()}


def _breakdown_value(text: str | None) -> int | None:
    return None if text is None else int(text.split("-")[0])


def _export_bay(bay, omitted: list[str]) -> dict:  # noqa: ANN001 - a rules.ship.ShuttleBay
    known = {v: k for k, v in SHUTTLES.items()}
    out: dict = {"shuttles": [known[c] for c in bay.contents if c in known]}
    roles = {}
    for content in bay.contents:
        if content.startswith("fighter (") and content.endswith(")"):
            role = content[len("fighter ("):-1]
            roles[role] = roles.get(role, 0) + 1
        elif content not in known:
            omitted.append(f"shuttle bay content {content}")
    if roles:
        out["fighters"] = roles
    return out


def export_ship(spec: ShipSpec) -> tuple[dict, list[str]]:
    """An amarillo ship document for ``spec`` and what that format could not hold."""
    omitted: list[str] = []
    doc: dict = {"faction": spec.race_name, "type": spec.class_code, "typeName": spec.name}
    optional = {"serviceYear": spec.year_in_service, "bpv": spec.bpv_combat,
                "epv": spec.bpv_economic, "turnMode": spec.turn_mode,
                "sizeClass": spec.size_class,
                "moveCost": float(spec.move_cost) if spec.move_cost is not None else None,
                "breakdown": _breakdown_value(spec.breakdown)}
    doc.update({k: v for k, v in optional.items() if v is not None})
    if "nimble" in spec.flags:
        doc["nimble"] = True
    if spec.shields is not None:
        doc["shields"] = list(spec.shields)
    groups: dict[str, dict] = {}
    for name, count in spec.systems:
        group, key = _EXPORT_SYSTEMS[name]
        groups.setdefault(group, {})[key] = count
    aux = groups.setdefault("auxiliary", {})
    if "derfacs" in spec.flags:
        aux["derfacs"] = True
    cloak = dict(spec.extra).get("cloak_cost")
    if cloak is not None and str(cloak).split("/")[0].strip().isdigit():
        aux["cloakCost"] = int(str(cloak).split("/")[0])
    weapons: list[dict] = []
    for special in spec.special:
        if special.key == "nsm":
            aux["nuclearSpaceMines"] = special.boxes
        elif special.key == "special_sensor":
            hit = "torp" if "'torp" in special.note else "phaser"
            weapons += [{"type": "ScoutChannel", "dacHitLocation": hit, "designator": str(n)}
                        for n in range(1, special.boxes + 1)]
        elif special.key == "web_generator":
            aux["web"] = special.boxes
        else:
            omitted.append(f"special system {special.name} ({special.boxes} boxes)")
    doc.update({k: v for k, v in groups.items() if v})
    if spec.sensor_track:
        doc["tables"] = {"damageControl": list(spec.damage_control_track),
                         "sensor": list(spec.sensor_track), "scanner": list(spec.scanner_track),
                         "excess": spec.excess_damage or 0}
    doc["shuttleBays"] = [_export_bay(bay, omitted) for bay in spec.shuttle_bays]
    crew = {"totalCrew": spec.crew_units, "boardingParties": spec.boarding_parties,
            "deckCrews": spec.deck_crews}
    doc["crewData"] = {k: v for k, v in crew.items() if v is not None}
    options = []
    for w in spec.weapons:
        arcs = ["FULL" if a == "360" else a for a in w.arcs] + [str(b) for b in w.extra_bearings]
        if w.type == "OPTION":
            position = "WING" if "wing" in w.note else "CENTERLINE"
            options.append({"position": position, "designator": w.designator, "arcs": arcs})
        elif w.type.startswith("PLASMA-") and w.type != "PLASMA-D":
            weapons.append({"type": "PlasmaLauncher", "designator": w.designator,
                            "plasmaType": w.type[-1], "arcs": arcs})
        elif w.type == "DRONE":
            weapons.append({"type": "DroneRack", "designator": f"Rack {w.designator}",
                            "rackType": f"TYPE_{w.rack_type or 'A'}", "arcs": arcs})
        elif w.type == "ADD":
            size = "ADD_12" if "ADD-12" in w.note else "ADD_6"
            weapons.append({"type": "ADD", "designator": f"ADD {w.designator}", "addType": size})
        elif w.type in _EXPORT_WEAPONS:
            entry = {"type": _EXPORT_WEAPONS[w.type], "designator": w.designator, "arcs": arcs}
            if w.type == "DISRUPTOR" and w.max_range:
                entry["range"] = w.max_range
            weapons.append(entry)
        else:
            omitted.append(f"weapon {w.type} {w.designator}")
    doc["weapons"] = weapons
    if options:
        doc["optionMounts"] = options
    if not spec.complete:
        omitted.append("the class is incomplete: " + ", ".join(spec.missing))
    return doc, omitted
