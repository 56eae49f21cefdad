"""Cross-checking the public transcriptions and laying them over a class's document.

``merge(doc, amarillo=..., terragos=..., msc=...)`` is a pure function: each source is given as
``(SourceFile, parsed facts)`` or ``None`` when the source has nothing for the class (or its file
is not in the cache). It returns the document with

* every field chosen by a fixed priority, and each other source's differing value recorded as a
  ``[[disagreements]]`` entry (with the sources that agree);
* ``[[provenance]]`` naming the repository, path and commit of every source and the field groups
  taken from it (``"... (cross-check)"`` for a source only compared);
* ``[status]``: complete with ``verification = "draft"`` when a source gives every box count
  (shields and weapon arcs are in amarillo only, so no imported class is verified by sources
  alone); otherwise incomplete, with ``missing`` saying what is still unknown.

Priorities. Data-table facts (BPV, size, move cost, turn mode, breakdown, crew): the SSD page of
Advanced Missions (already in the document), then the Master Ship Chart, amarillo, Terragos.
Box counts: the SSD page where it prints them (tracks), then amarillo (the only source with
shields, weapon types and arcs), then Terragos; :data:`OVERRIDES` lists the few exceptions with
the reason. Terragos' service years come from an older edition and are not compared.
"""

from __future__ import annotations

from fractions import Fraction

from sfb_desk.data.ship_json import web_generator_missing

from .sources import SourceFile
from .terragos import box_facts, data_facts

#: The order of a ship file's tables (FORMAT.md) and of its [status] and [systems] keys.
ORDER = ("format", "format_version", "identity", "status", "bpv", "data", "crew", "tracks",
         "shields", "systems", "shuttle_bays", "weapons", "special", "refits", "disagreements",
         "provenance", "extra")
STATUS_ORDER = ("complete", "missing", "confidence", "verification", "checked_against",
                "sources", "notes")
SYSTEM_ORDER = ("bridge", "flag_bridge", "emergency_bridge", "aux_control", "security",
                "left_warp", "right_warp", "center_warp", "impulse", "apr", "awr", "battery",
                "forward_hull", "aft_hull", "center_hull", "cargo", "armor", "lab",
                "transporter", "tractor", "probe")
DATA_ORDER = ("size_class", "move_cost", "turn_mode", "breakdown", "het_cost", "em_cost",
              "explosion_strength", "flags")

SEED = "ssd_page"
#: (class id, field) -> (source whose value is chosen, why).
OVERRIDES: dict[tuple[str, str], tuple[str, str]] = {
    ("KZI-CM", "systems.forward_hull"): (
        "terragos", "amarillo's 35 forward hull boxes look like a slip: its MEC, the same hull, "
        "has 3, as Terragos has for the CM"),
}
#: [status].missing entries each kind of fact settles.
_SETTLES = {
    "systems": ("system box counts",),
    "tracks": ("sensor/scanner/damage-control tracks", "excess damage boxes"),
    "shuttle_bays": ("shuttle boxes",),
    "crew": ("crew units and boarding parties",),
    "bpv": ("BPV",),
    "size_class": ("size class",), "move_cost": ("movement cost",),
    "turn_mode": ("turn mode",), "breakdown": ("breakdown",),
}
#: Counts a source may leave out without making the class unplayable: ammunition tracks the DAC
#: never hits. They stay in the designer's checklist.
NON_BLOCKING = ("transporter bomb boxes",)


def _same(a: object, b: object) -> bool:
    if isinstance(a, str) and isinstance(b, str) and "/" in a + b:
        try:
            return Fraction(a) == Fraction(b)
        except ValueError:
            return a == b
    return a == b


class _Merge:
    def __init__(self, doc: dict, sid: str) -> None:
        self.doc = doc
        self.sid = sid
        self.disagreements: list[dict] = []
        self.used: dict[str, set[str]] = {}

    def use(self, source: str, group: str) -> None:
        self.used.setdefault(source, set()).add(group)

    def choose(self, field: str, values: dict[str, object], group: str) -> object:
        """The value of ``field`` by priority (``values`` in priority order, absent = None),
        recording a disagreement when another source differs."""
        present = {s: v for s, v in values.items() if v is not None}
        if not present:
            return None
        override = OVERRIDES.get((self.sid, field))
        chosen_source = override[0] if override and override[0] in present else next(iter(present))
        chosen = present[chosen_source]
        if chosen_source != SEED:
            self.use(chosen_source, group)
        differing = {s: v for s, v in present.items() if not _same(v, chosen)}
        for source in present:
            if source not in differing and source not in (chosen_source, SEED):
                self.use(source, f"{group} (cross-check)")
        if differing:
            agreeing = sorted(s for s in present if s not in differing)
            entry = {"field": field, "chosen": chosen, "values": differing,
                     "agreeing": agreeing}
            entry["note"] = override[1] if override and override[0] == chosen_source else \
                f"{chosen_source} chosen by priority; check against your SSD"
            self.disagreements.append(entry)
        return chosen


#: What a class no reference entry describes lacks before the sources are read.
NEW_CLASS_MISSING = ["shield box counts", "system box counts", "weapons",
                     "sensor/scanner/damage-control tracks", "excess damage boxes",
                     "shuttle boxes", "crew units and boarding parties", "BPV", "size class",
                     "movement cost", "turn mode", "breakdown"]


def new_class(sid: str, race_name: str, class_code: str, name: str, rule: str) -> dict:
    """The document of a class beyond the reference (sources.EXTRA_CLASSES), before merging."""
    return {"format": "sfb-desk-ship", "format_version": 1,
            "identity": {"id": sid, "race": sid.split("-")[0], "race_name": race_name,
                         "class_code": class_code, "name": name, "kind": "ship", "rule": rule},
            "status": {"complete": False, "missing": list(NEW_CLASS_MISSING), "sources": [],
                       "notes": ["Not in the Advanced Missions SSD book: every fact comes from "
                                 "the public transcriptions named below."]},
            "data": {"flags": []}}


def _hull_split(systems: dict) -> str:
    return "/".join(str(systems.get(k, 0)) for k in ("forward_hull", "aft_hull", "center_hull"))


def _weapon_totals(weapons: list[dict]) -> dict[str, int]:
    totals = {"phaser boxes": 0, "heavy weapon boxes": 0, "drone and ADD boxes": 0}
    for w in weapons:
        key = "phaser boxes" if w["type"].startswith("PH-") else \
            "drone and ADD boxes" if w["type"] in ("DRONE", "ADD") else "heavy weapon boxes"
        totals[key] += w.get("boxes", 1)
    return totals


def merge(doc: dict, sid: str, amarillo: tuple[SourceFile, dict] | None = None,
          terragos: tuple[SourceFile, dict] | None = None,
          msc: tuple[SourceFile, dict] | None = None) -> dict:
    m = _Merge(doc, sid)
    a = amarillo[1] if amarillo else {}
    t_data = data_facts(terragos[1]) if terragos else {}
    t_box = box_facts(terragos[1]) if terragos else {}
    s = msc[1] if msc else {}
    notes = doc["status"].setdefault("notes", [])
    # Data-table facts.
    for section, key, t_key in (("bpv", "combat", "bpv"), ("bpv", "economic", None),
                                ("data", "size_class", "size_class"),
                                ("data", "move_cost", "move_cost"),
                                ("data", "turn_mode", "turn_mode"),
                                ("data", "breakdown", "breakdown"),
                                ("data", "explosion_strength", None),
                                ("crew", "crew_units", "crew"),
                                ("crew", "boarding_parties", "boarding_parties"),
                                ("crew", "deck_crews", None),
                                ("identity", "year_in_service", None)):
        t_value = t_data.get(t_key) if t_key else None
        if key == "move_cost" and t_value is not None:
            t_value = str(Fraction(t_value).limit_denominator(12))
        values = {SEED: doc.get(section, {}).get(key), "msc": s.get(section, {}).get(key),
                  "amarillo": a.get(section, {}).get(key), "terragos": t_value}
        chosen = m.choose(f"{section}.{key}", values, section if section != "identity"
                          else "year in service")
        if chosen is not None:
            doc.setdefault(section, {})[key] = chosen
            if key == "explosion_strength":
                doc.setdefault("extra", {})["explosion_strength_source"] = \
                    "Master Ship Chart, Explo Str column (SFB Online data)"
    if s.get("extra"):
        doc.setdefault("extra", {}).update(s["extra"])
    # Box counts.
    if a:
        systems = dict(a["systems"])
        t_systems = t_box.get("systems", {})
        for name in sorted(set(systems) | set(t_systems)):
            if name in ("forward_hull", "aft_hull") and systems.get("center_hull"):
                continue  # compared as a split below
            value = m.choose(f"systems.{name}", {"amarillo": systems.get(name, 0),
                                                 "terragos": t_systems.get(name)}, "systems")
            systems[name] = value
        if systems.get("center_hull") and t_systems:
            m.choose("systems.hull (forward/aft/center)",
                     {"amarillo": _hull_split(systems),
                      "terragos": _hull_split({**t_systems, "center_hull": 0})}, "systems")
        doc["systems"] = {k: v for k, v in systems.items() if v}
        for key in ("sensor", "scanner", "damage_control", "excess_damage"):
            value = m.choose(f"tracks.{key}", {SEED: doc.get("tracks", {}).get(key),
                                               "amarillo": a["tracks"][key],
                                               "terragos": t_box.get("tracks", {}).get(key)},
                             "tracks")
            doc.setdefault("tracks", {})[key] = value
        _check_tracks(doc, a)
        for group in ("shields", "shuttle_bays", "weapons", "special"):
            if a[group]:
                doc[group] = a[group]
                m.use("amarillo", group)
        for name, total in _weapon_totals(a["weapons"]).items():
            t_totals = t_box.get("totals", {})
            m.choose(f"weapons ({name})", {"amarillo": total, "terragos": t_totals.get(name)},
                     "weapons")
        m.choose("shuttle boxes", {"amarillo": sum(b["boxes"] for b in a["shuttle_bays"]),
                                   "terragos": t_box.get("totals", {}).get("shuttle boxes")},
                 "shuttle_bays")
        if a["refits"]:
            doc.setdefault("refits", [])
            known = {r["code"] for r in doc["refits"]}
            doc["refits"] += [r for r in a["refits"] if r["code"] not in known]
        doc.setdefault("data", {})["flags"] = sorted(set(doc["data"].get("flags", []))
                                                     | set(a["flags"]))
        for key, value in a["extra"].items():  # the SSD page's printed value stays
            doc.setdefault("extra", {}).setdefault(key, value)
        notes += a["notes"]
        _web_generators(doc, a)
    elif t_box:
        doc["systems"] = {k: v for k, v in t_box["systems"].items() if v}
        m.use("terragos", "systems")
        tracks = t_box["tracks"]
        if tracks["sensor"] and len(tracks["sensor"]) == len(tracks["scanner"]):
            doc["tracks"] = {**doc.get("tracks", {}), **tracks}
            m.use("terragos", "tracks")
        shuttles = t_box["totals"]["shuttle boxes"]
        if shuttles:
            doc["shuttle_bays"] = [{"boxes": shuttles}]
            m.use("terragos", "shuttle_bays")
        doc.setdefault("extra", {})["weapon_box_totals"] = [
            f"{k}: {v} (Terragos; types and arcs not given)" for k, v in t_box["totals"].items()
            if k != "shuttle boxes"]
        notes.append("systems, tracks and shuttle boxes from Terragos only; no source gives "
                     "shields or weapon types and arcs: complete them from your SSD book.")
    _status(doc, m, bool(a), a.get("unmapped", []))
    if m.disagreements:
        doc["disagreements"] = doc.get("disagreements", []) + m.disagreements
    sources = {"amarillo": amarillo, "terragos": terragos, "msc": msc}
    provenance = []
    for key in ("amarillo", "terragos", "msc"):
        used = m.used.get(key, set())
        if used and sources[key]:
            chosen = {g for g in used if not g.endswith("(cross-check)")}
            fields = chosen | {g for g in used if g.removesuffix(" (cross-check)") not in chosen}
            provenance.append(sources[key][0].provenance(sorted(fields)))
    doc["provenance"] = provenance
    return ordered(doc)


def _sort(table: dict, order: tuple[str, ...]) -> dict:
    return {k: table[k] for k in sorted(table, key=lambda k: (k not in order,
                                                                order.index(k) if k in order
                                                                else 0, k))}


def ordered(doc: dict) -> dict:
    """The document with its tables, [status], [data] and [systems] keys in FORMAT.md order
    (so that the output does not depend on the order the facts were merged in)."""
    doc = {k: v for k, v in _sort(doc, ORDER).items() if v not in ([], {})}
    doc["status"] = _sort(doc["status"], STATUS_ORDER)
    for key, order in (("systems", SYSTEM_ORDER), ("data", DATA_ORDER)):
        if key in doc:
            doc[key] = _sort(doc[key], order)
    return doc


def _web_generators(doc: dict, a: dict) -> None:
    """amarillo's Tholian ``web: 2`` states no meaning; where the SSD page's own note speaks of
    "BOTH WEB GENERATORS", the two sources together say two web-generator boxes (G10)."""
    counts = [u for u in a["unmapped"] if u.startswith("web generator")]
    text = " ".join(doc["status"].get("notes", []))
    if not counts or "BOTH WEB GENERATORS" not in text or counts[0] != web_generator_missing(2):
        return
    a["unmapped"] = [u for u in a["unmapped"] if u not in counts]
    destroyed = doc.get("extra", {}).get("stated_web_generator_destroyed_on")
    doc.setdefault("special", []).append({
        "key": "web_generator", "name": "Web generator", "boxes": 2,
        "note": "amarillo 'web: 2' and the SSD page's note ('both web generators')"
                + (f"; destroyed on '{destroyed}' hits (SSD note); the DAC of this program "
                   "does not allocate to them" if destroyed else "")})


def _check_tracks(doc: dict, a: dict) -> None:
    """Sensor and scanner tracks must be as long as each other (FORMAT.md): when the chosen
    ones are not, they are left out and the class needs the player's SSD for them."""
    tracks = doc["tracks"]
    sensor, scanner = tracks.get("sensor") or [], tracks.get("scanner") or []
    if len(sensor) == len(scanner):
        return
    del tracks["sensor"], tracks["scanner"]
    doc.setdefault("extra", {}).update(sensor_track_sources=sensor, scanner_track_sources=scanner)
    a["unmapped"] = a.get("unmapped", []) + [
        f"sensor/scanner tracks (the sources print {len(sensor)} sensor and {len(scanner)} "
        "scanner boxes, which cannot both be right)"]


def _status(doc: dict, m: _Merge, boxes: bool, unmapped: list[str]) -> None:
    status = doc["status"]
    missing = [x for x in status.get("missing", [])]
    filled = {g for used in m.used.values() for g in used}
    filled |= {k for k in ("size_class", "move_cost", "turn_mode", "breakdown")
               if k in doc.get("data", {})}
    if "combat" in doc.get("bpv", {}):
        filled.add("bpv")
    crew = doc.get("crew", {})
    if "crew_units" in crew and "boarding_parties" in crew:
        filled.add("crew")
    for group, settled in _SETTLES.items():
        if group in filled or (boxes and group in ("systems", "tracks", "shuttle_bays")):
            missing = [x for x in missing if x not in settled]
    if boxes:
        missing = [x for x in missing if x not in ("shield box counts", "weapons")]
        unknown = [x for x in missing if x in NON_BLOCKING]
        missing = [x for x in missing if x not in NON_BLOCKING] + unmapped
        if unknown:
            doc.setdefault("extra", {})["counts_not_in_sources"] = unknown
            status["notes"] = status.get("notes", []) + [
                f"{', '.join(unknown)}: printed on the SSD page but in no source; the class "
                "plays without them until you enter them from your SSD."]
    status["missing"] = missing
    status["complete"] = not missing
    status.pop("verification", None)
    if status["complete"]:
        status["verification"] = "draft"
        status["notes"] = status.get("notes", []) + [
            "Draft: the box counts come from one public transcription; check them against "
            "your SSD book (the ship browser lists what the sources dispute, side by side)."]
