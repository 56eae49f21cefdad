"""core_ships.json entry -> ship-file document (complete box counts)."""

from __future__ import annotations

from sfb_desk.data.ship_json import web_generator_missing

from .common import (FAMILIES, FORMAT, FORMAT_VERSION, RACES, WEAPON_CODES,
                     fraction_from_float)

#: core_ships.json system names -> [systems] keys of FORMAT.md, in FORMAT.md order.
SYSTEM_MAP: tuple[tuple[str, str, str], ...] = (
    ("control", "bridge", "bridge"),
    ("control", "flag_bridge", "flag_bridge"),
    ("control", "emergency_bridge", "emergency_bridge"),
    ("control", "aux_control", "aux_control"),
    ("control", "security", "security"),
    ("power", "left_warp", "left_warp"),
    ("power", "right_warp", "right_warp"),
    ("power", "center_warp", "center_warp"),
    ("power", "impulse", "impulse"),
    ("power", "apr", "apr"),
    ("power", "awr", "awr"),
    ("power", "battery", "battery"),
    ("hull", "forward", "forward_hull"),
    ("hull", "aft", "aft_hull"),
    ("hull", "center", "center_hull"),
    ("hull", "cargo", "cargo"),
    ("hull", "armor", "armor"),
    ("systems", "labs", "lab"),
    ("systems", "transporters", "transporter"),
    ("systems", "tractors", "tractor"),
    ("systems", "probe_launchers", "probe"),
)
#: Shuttle-bay contents that are not fighters.
NON_FIGHTERS = {"admin", "GAS", "HTS"}
#: Weapon keys copied as they are, and keys turned into the mount's note.
_WEAPON_NOTE_KEYS = {
    "note": "{v}",
    "uncertain_type": "type uncertain: {v}",
    "arc_suspect": "arc suspect (probably a transcription slip; unverified)",
    "launch_bearings": "launch bearings {v} (amarillo)",
}


def ship_id(ship: dict) -> str:
    return f"{RACES[ship['race'].upper()][0]}-{ship['class'].upper()}"


def _weapon(raw: dict, default_type: str | None = None) -> dict:
    known = {"designator", "type", "arcs", "extra_bearings", "rack_type",
             "max_range_amarillo", *_WEAPON_NOTE_KEYS}
    unknown = set(raw) - known
    if unknown:
        raise ValueError(f"unmapped weapon keys {sorted(unknown)} in {raw}")
    code = default_type or WEAPON_CODES.get(raw.get("type", ""))
    if code is None:
        raise ValueError(f"weapon type {raw.get('type')!r} has no catalogue code; map it")
    w: dict = {"designator": str(raw["designator"]), "type": code, "arcs": list(raw["arcs"])}
    if raw.get("extra_bearings"):
        w["extra_bearings"] = list(raw["extra_bearings"])
    if "rack_type" in raw:
        w["rack_type"] = raw["rack_type"]
    if "max_range_amarillo" in raw:
        w["max_range"] = raw["max_range_amarillo"]
    notes = []
    if code == "OPTION":
        notes.append(raw["type"])
    notes += [fmt.format(v=raw[k]) for k, fmt in _WEAPON_NOTE_KEYS.items() if k in raw]
    if "max_range_amarillo" in raw:
        notes.append("max range per amarillo only")
    if notes:
        w["note"] = "; ".join(notes)
    return w


def _weapons(ship: dict) -> list[dict]:
    weapons = [_weapon(w) for w in ship["phasers"] + ship["heavy_weapons"]]
    weapons += [_weapon(w, "DRONE") for w in ship["drone_racks"]]
    seen: set[str] = set()
    for w in weapons:
        box = f"{FAMILIES[w['type']]}#{w['designator']}"
        if box in seen:
            raise ValueError(f"{ship['id']}: duplicate weapon box id {box}")
        seen.add(box)
    return weapons


def _note(text: str) -> dict:
    return {"note": text} if text else {}


def _specials(ship: dict, flags: set[str], crew: dict, notes: list[str], extra: dict,
              missing: list[str]) -> list[dict]:
    """special_systems: ammunition tracks -> [[special]]; cloak/DERFACS/UIM/nimble/stealth ->
    flags; security -> checked against [systems]; anything else stops the generator."""
    out: list[dict] = []
    for sp in ship["special_systems"]:
        name, src = sp["system"], sp.get("src")
        src_note = f"source: {src}" if src else ""
        if name == "probe ammunition track":
            out.append({"key": "probe_ammo", "name": "Probe ammunition track",
                        "boxes": sp["boxes"], "damageable": False})
        elif name == "transporter bombs":
            note = f"plus {sp['dummy_boxes']} dummy bombs" if sp.get("dummy_boxes") else ""
            if src and "(" in src:
                note += "; " + src[src.index("(") + 1:].rstrip(")")
            out.append({"key": "tbomb", "name": "Transporter bombs", "boxes": sp["boxes"],
                        "damageable": False, **_note(note)})
        elif name == "pseudo-plasma track":
            out.append({"key": "pseudo_plasma", "name": "Pseudo-plasma torpedo track",
                        "boxes": sp["boxes"], "damageable": False, **_note(src_note)})
        elif name == "security station":
            if sp["boxes"] != ship["control"]["security"]:
                raise ValueError(f"{ship['id']}: security station disagrees with control")
        elif name == "cloaking device":
            flags.add("cloak")
            extra["cloak_cost"] = sp["cloak_cost"]
            if "boxes" in sp:
                out.append({"key": "cloak", "name": "Cloaking device", "boxes": sp["boxes"],
                            "note": f"cloak cost {sp['cloak_cost']}; {src_note}"})
            else:
                notes.append(f"cloak: the reference gives the cloak cost ({sp['cloak_cost']}) "
                             f"but no cloak box ({src_note}).")
        elif name == "nuclear space mine":
            out.append({"key": "nsm", "name": "Nuclear space mine", "boxes": sp["count"],
                        "damageable": False, **_note(src_note)})
        elif name in ("DERFACS", "UIM"):
            flags.add(name.lower())
            if "count" in sp:
                extra[f"{name.lower()}_count"] = sp["count"]
            notes.append(f"{name}: {src_note}.")
        elif name == "nimble":
            flags.add("nimble")
        elif name == "stealth / nimble":
            flags.update({"stealth", "nimble"})
            notes.append(f"stealth and nimble: {src_note}.")
        elif name == "fighter deck crews":
            crew["deck_crews"] = sp["count"]
        elif name.startswith("web"):
            notes.append(f"{name}: not mapped, the meaning of the value is not stated "
                         f"({src_note}).")
            missing.append(web_generator_missing(2))  # the reference's "web: 2"
        else:
            raise ValueError(f"{ship['id']}: special system {name!r} is not mapped")
    return out


def build(ship: dict) -> dict:
    code, race_name = RACES[ship["race"].upper()]
    name = ship["name"].split(" (extra:")[0]
    flags: set[str] = set()
    notes = list(ship["notes"])
    extra: dict = {}
    missing: list[str] = []
    crew = {"crew_units": ship["crew_units"], "boarding_parties": ship["boarding_parties"]}
    spare = ship["spare_shuttles"]
    if spare.isdigit():
        crew["spare_shuttles"] = int(spare)
    else:
        extra["spare_shuttles_printed"] = spare
    bays = []
    for bay in ship["shuttle_bays"]:
        bays.append({k: bay[k] for k in ("boxes", "contents", "launch_tubes") if k in bay})
        if set(bay["contents"]) - NON_FIGHTERS:
            flags.add("carrier")
    if sum(b["boxes"] for b in bays) != ship["systems"]["shuttle_boxes"]:
        raise ValueError(f"{ship['id']}: shuttle bays do not add up to shuttle_boxes")
    special = _specials(ship, flags, crew, notes, extra, missing)
    if "deck_crews" in crew:
        flags.add("carrier")
    systems = {key: ship[group][src] for group, src, key in SYSTEM_MAP if ship[group][src]}
    bpv = {k: ship["bpv"][k] for k in ("combat", "economic") if ship["bpv"].get(k) is not None}
    extra.update(explosion_strength_source="Master Ship Chart, Explo Str column (SFB Online data)",
                 dock_points=ship["dock_points"])
    if ship["msc_notes"]:
        extra["msc_notes"] = ship["msc_notes"]
    extra["bpv_note"] = ship["bpv"]["note"]
    extra["edition_basis"] = ship["edition_basis"]
    for key in ("uncertain", "single_source_box_fields"):
        if ship[key]:
            extra[key] = list(ship[key])
    c = ship["completeness"]
    # Verified (issue 16): every non-zero box field corroborated by independent sources.
    verified = c["corroborated_box_fields"] == c["nonzero_box_fields"]
    extra["completeness"] = (f"{c['fields_filled']}/{c['fields_total']} fields filled; "
                             f"{c['corroborated_box_fields']}/{c['nonzero_box_fields']} "
                             f"non-zero box fields corroborated")
    if ship["explained_differences"]:
        extra["explained_differences"] = [
            f"{d['field']}: {d['source']} {d['value']} ({d['why']})"
            for d in ship["explained_differences"]]
    extra["weapon_sources"] = [f"{k}: {v}" for k, v in ship["weapon_sources"].items()]
    msc_rows = [f"{r['code']}: {r['msc_row']}" for r in ship["refits"] if r.get("msc_row")]
    if msc_rows:
        extra["refit_msc_rows"] = msc_rows
    if name != ship["name"]:
        extra["reference_name"] = ship["name"]
    refits = []
    for r in ship["refits"]:
        refit = {"code": r["code"]}
        refit.update({k: r[k] for k in ("year", "bpv_delta") if r.get(k) is not None})
        refit["description"] = r["adds"]
        refits.append(refit)
    disagreements = []
    for d in ship["disagreements"]:
        entry = {"field": d["field"], "chosen": d["chosen"], "values": dict(d["values"]),
                 "agreeing": list(d["agreeing"])}
        if d.get("note"):
            entry["note"] = d["note"]
        disagreements.append(entry)
    srcs = ", ".join(sorted(s["id"] for s in ship["sources"]))
    doc: dict = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "identity": {"id": ship_id(ship), "race": code, "race_name": race_name,
                     "class_code": ship["class"], "name": name, "kind": "ship",
                     "year_in_service": ship["year_in_service"], "rule": ship["rule"]},
        "status": {"complete": not missing, "missing": missing,
                   "confidence": ship["confidence"],
                   **({"verification": "verified" if verified else "draft"} if not missing
                      else {}),
                   "sources": [f"reference/core_ships.json {ship['id']} ({srcs})"],
                   "notes": notes},
        "bpv": bpv,
        "data": {"size_class": ship["size_class"],
                 "move_cost": fraction_from_float(ship["move_cost"]),
                 "turn_mode": ship["turn_mode"], "breakdown": ship["breakdown"],
                 "explosion_strength": ship["explosion_strength"],
                 "flags": sorted(flags)},
        "crew": crew,
        "tracks": {"sensor": list(ship["tracks"]["sensor"]),
                   "scanner": list(ship["tracks"]["scanner"]),
                   "damage_control": list(ship["tracks"]["damage_control"]),
                   "excess_damage": ship["excess_damage"]},
        "shields": {"boxes": list(ship["shields"])},
        "systems": systems,
        "shuttle_bays": bays,
        "weapons": _weapons(ship),
        "special": special,
        "refits": refits,
        "disagreements": disagreements,
        "extra": extra,
    }
    if len(doc["shields"]["boxes"]) != 6:
        raise ValueError(f"{ship['id']}: shields need six counts")
    return {k: v for k, v in doc.items() if v != [] or k in ("format",)}
