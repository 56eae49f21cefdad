"""ssd_facts.json unit -> ship-file document (facts as printed, no box counts: incomplete)."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from .common import FORMAT, FORMAT_VERSION, RACES, fraction_from_printed, line_note, printed_at, \
    strip_race, title_case
from .ssd_extra import HANDLED, extra_facts

#: Printed type codes that are OCR misprints, corrected only where another passage of the seed
#: prints the right code: printed -> (class code, where the seed confirms it).
CLASS_FIXES: dict[str, tuple[str, str]] = {
    "F-0L": ("F-OL", "Advanced Missions line 7339 (R1.23) prints F-OL; the SSD prints a zero"),
    "62": ("G2", "Advanced Missions line 7727 (R3.19) and its contents (lines 11781-11847) print G2"),
    "GRDP": ("GBDP", "Advanced Missions R1.14F table (lines 7163-7173): GBDP = Ph-4, BPV 14, as on this SSD"),
    "GBDI": ("GBD1", "Advanced Missions R1.14F table (lines 7163-7173): GBD1 = Ph-1, BPV 8, as on this SSD"),
}
#: Units whose SSD page prints no type: class code and rule from the seed's rule text.
MISSING_TYPES: dict[str, tuple[str, str, str]] = {
    "romulan-k9r-dreadnought": ("K9R", "R4.40", "Advanced Missions line 8157 (R4.40 K9R DREADNOUGHT)"),
    "kzinti-light-carrier": ("CVL", "R5.9", "Advanced Missions line 8265 (R5.9 LIGHT CARRIER (CVL))"),
    "kzinti-hangar-pod": ("P-V2", "R5.14", "Advanced Missions line 8333 (R5.14 HANGAR POD (P-V2))"),
    "kzinti-battle-pod": ("P-B3", "R5.15", "Advanced Missions line 8341 (R5.15 BATTLE POD (P-B3))"),
    "kzinti-self-defense-pod": ("P-SD4", "R5.16", "Advanced Missions line 8347 (R5.16 SELF-DEFENSE POD (P-SD4))"),
    "kzinti-troop-transport-pod": ("P-T5", "R5.17", "Advanced Missions line 8353 (R5.17 TROOP TRANSPORT POD (P-T5))"),
}
_TRACK_WORDS = ("sensor", "scanner", "damcon", "track")


def class_code(rec: dict) -> tuple[str, dict]:
    """The class code of a unit and the [extra] facts that say where it came from."""
    printed = rec.get("type")
    if printed in CLASS_FIXES:
        code, why = CLASS_FIXES[printed]
        return code, {"class_code_printed": printed, "class_code_source": why}
    if printed:
        return printed, {}
    if rec["id"] in MISSING_TYPES:
        code, _rule, why = MISSING_TYPES[rec["id"]]
        return code, {"class_code_source": f"not printed on the SSD page; {why}"}
    if rec["kind"] == "fighter" and len(rec.get("fighters", [])) == 1:
        return rec["fighters"][0]["name"], {"class_code_source": "fighter name in its stats box"}
    raise ValueError(f"{rec['id']}: no class code; add it to MISSING_TYPES")


def _suffix(rec: dict) -> str:
    """Suffix for units of one race and class printed on one page (F-AS, F-AL, DEFSAT)."""
    m = re.search(r"\(([^)]+)\)", rec["name"])
    if m:
        return m.group(1).replace(" ", "-")
    for word, suffix in (("PLASMA", "PL"), ("DISRUPTOR", "DI")):
        if word in rec["name"]:
            return suffix
    raise ValueError(f"{rec['id']}: no distinguishing suffix for a shared id")


def assign_ids(records: list[dict]) -> dict[str, str]:
    """Reference id -> ship id (RACE-CLASS, suffixed where several units share it)."""
    base = {r["id"]: f"{RACES[r['race']][0]}-{class_code(r)[0]}".upper() for r in records}
    shared = {i for i, n in Counter(base.values()).items() if n > 1}
    ids = {}
    for r in records:
        b = base[r["id"]]
        ids[r["id"]] = f"{b}-{_suffix(r)}".upper() if b in shared else b
    if len(set(ids.values())) != len(ids):
        raise ValueError("ssd_facts ids still collide")
    return ids


def _rule(rec: dict) -> str | None:
    if rec.get("reference"):
        return rec["reference"]
    if rec["id"] in MISSING_TYPES:
        return MISSING_TYPES[rec["id"]][1]
    toc_rule = rec.get("toc", {}).get("rule", "")
    return toc_rule if re.fullmatch(r"R\d+\.[0-9A-Z]+", toc_rule) else None


#: Classes whose name includes the race (the race is not stripped from their title).
RACE_IN_NAME = {"federation-express"}


def display_name(rec: dict, race_name: str, shared_titles: set[str]) -> str:
    title = rec.get("toc", {}).get("title")
    if title and title not in shared_titles:
        return title if rec["id"] in RACE_IN_NAME else strip_race(title, race_name)
    return title_case(strip_race(rec["name"], race_name))


def shared_toc_titles(records: list[dict]) -> set[str]:
    counts = Counter(r["toc"]["title"] for r in records if "toc" in r)
    return {t for t, n in counts.items() if n > 1}


def complete_tracks(rec: dict) -> bool:
    """True when the printed tracks can be written as [tracks]: all three present, sensor and
    scanner of equal length, more than first and last value, monotone, ending as they must,
    and no parser warning about them (digits run together, lengths differ)."""
    t = rec.get("tracks", {})
    s, c, d = t.get("sensor"), t.get("scanner"), t.get("damcon")
    if not (s and c and d) or len(s) != len(c) or len(s) < 3 or "occurrences" in t:
        return False
    if any(w for w in rec.get("warnings", []) if any(x in w for x in _TRACK_WORDS)):
        return False
    def non_increasing(v: list[int]) -> bool:
        return all(a >= b for a, b in zip(v, v[1:]))
    return non_increasing(s) and s[-1] == 0 and non_increasing(c[::-1]) and \
        non_increasing(d) and d[-1] == 0


def _turn_modes(rec: dict, notes: list[str], extra: dict) -> str | None:
    printed = []
    first = None
    for i, tm in enumerate(rec.get("turn_mode", [])):
        if "letter" in tm:
            letter, how = tm["letter"], ""
        elif "derived_letter" in tm:
            letter, how = tm["derived_letter"]["letter"], " (letter not printed, derived)"
            if i == 0:
                notes.append(f"turn mode {letter}: {tm['derived_letter']['basis']} "
                             "(derived_letter in the reference).")
        else:
            letter, how = tm["letter_named_in_summary"], " (named in a summary sentence)"
            notes.append(f"L{tm['line']}: turn mode {letter} is named only in the summary "
                         f"'{tm['summary_only']}'")
        cond = f"{tm['condition']}: " if tm.get("condition") else ""
        bands = "/".join(tm.get("speed_bands", [])) or "speed bands not printed"
        span = f"L{tm['line']}-{tm['line_end']}" if "line_end" in tm else f"L{tm['line']}"
        more = f"; {'; '.join(tm['notes'])}" if tm.get("notes") else ""
        printed.append(f"{cond}{letter}{how}: {bands} ({span}{more})")
        first = first or letter
    if printed:
        extra["turn_modes_printed"] = printed
    if len(printed) > 1:
        notes.append("several turn modes are printed with conditions; turn_mode is the first, "
                     "all are in [extra] turn_modes_printed.")
    return first


def _move_cost(rec: dict, notes: list[str], extra: dict) -> str | None:
    costs = rec.get("movement_cost", [])
    if not costs:
        return None
    extra["movement_costs_printed"] = [
        f"{c['raw']}{' ' + c['condition'] if c.get('condition') else ''}"
        f"{' (' + c['qualifier'] + ')' if c.get('qualifier') else ''} (L{c['line']}, {c['source']})"
        for c in costs]
    # The base configuration: unconditioned, else "NO <option>" (SKH: NO PACK), else the first.
    plain = [c for c in costs if not c.get("condition")]
    without = [c for c in costs if c.get("condition", "").startswith("NO ")]
    chosen = (plain or without or costs)[0]
    if len(costs) > 1:
        notes.append(f"several movement costs are printed; move_cost is {chosen['raw']}"
                     f"{' (' + chosen['condition'] + ')' if chosen.get('condition') else ''}, "
                     "all are in [extra] movement_costs_printed.")
    elif chosen.get("condition"):
        notes.append(f"move_cost {chosen['raw']} is printed for: {chosen['condition']}.")
    return fraction_from_printed(chosen["raw"])


def _flags(rec: dict) -> list[str]:
    name = rec["name"]
    stated = rec.get("stated", {})
    table_flags = " ".join(rec.get("data_table_flags", []))
    notes = " ".join(n["text"] for n in rec.get("notes", []))
    no_own_fighters = "NO FIGHTERS OF ITS OWN" in notes
    flags = {
        "nimble": stated.get("nimble") is True,
        "cloak": "BPV INCLUDES CLOAK" in table_flags,
        "stealth": any(o["name"] == "STEALTH" for o in rec.get("bpv_options", []))
        and "NO STEALTH BONUS" not in table_flags,
        "scout": "SCOUT FUNCTIONS SUMMARY" in rec.get("tables_printed", [])
        or "special_sensors_destroyed_on" in stated,
        "carrier": not no_own_fighters and (
            bool(rec.get("fighters")) and rec["kind"] != "fighter"
            or re.search(r"(?<!ORE )\bCARRIER\b(?! ESCORT)|\bHANGAR\b", name) is not None),
        "police": "POLICE" in name,
        "minesweeper": "MINESWEEPER" in name or "MINEHUNTER" in name,
        "minelayer": stated.get("mine_racks") is True,
        "tug": re.search(r"\bTUG\b", name) is not None,
        "q_ship": "Q SHIP" in name,
        "aegis": "AEGIS" in table_flags or "AEGIS SYSTEM" in notes,
        "sublight": stated.get("sublight") is True,
        "uim": "UIM STANDARD" in table_flags,
    }
    return sorted(k for k, v in flags.items() if v)


def _refits(rec: dict) -> list[dict]:
    out = []
    for r in rec.get("refits", []):
        code = r["name"].replace(" BPV", "").removesuffix(" REFIT")
        code = "+" if code == "PLUS" else code
        refit: dict = {"code": code}
        m = re.fullmatch(r"Y(\d+)", code)
        if m:
            refit["year"] = int(m.group(1))
        refit["bpv_delta"] = r["bpv_change"]
        refit["description"] = f"{r['name']} {r['raw']} (L{r['line']})"
        out.append(refit)
    return out


def _missing(rec: dict, data: dict, crew: dict, tracks_written: bool) -> list[str]:
    kind = rec["kind"]
    missing = []
    if kind != "fighter":
        missing += ["shield box counts", "system box counts", "weapons"]
    else:
        missing += ["damage points", "weapons (the fighter's weapon stats are in [extra])"]
    if not tracks_written and (kind in ("ship", "ground_base") or "tracks" in rec):
        missing.append("sensor/scanner/damage-control tracks")
    if kind == "ship" or rec.get("tracks", {}).get("excess_damage_label_present"):
        missing.append("excess damage boxes")
    if kind == "ship" or "admin_shuttles" in rec or "carrier" in data["flags"]:
        missing.append("shuttle boxes")
    if "transporter_bombs" in rec:
        missing.append("transporter bomb boxes")
    if kind not in ("fighter", "defense_satellite") and "crew_units" not in crew:
        missing.append("crew units and boarding parties")
    if "bpv" not in rec:
        missing.append("BPV")
    if kind == "ship":
        for key, what in (("size_class", "size class"), ("move_cost", "movement cost"),
                          ("turn_mode", "turn mode"), ("breakdown", "breakdown")):
            if key not in data:
                missing.append(what)
    return missing


def _bpv(bpv: dict) -> dict:
    """A split BPV is printed economic/combat (G24.35); the reference labels its first number
    "combat", so the two are put back in their places here."""
    if "economic" in bpv and "/" in bpv.get("raw", ""):
        return {"combat": bpv["economic"], "economic": bpv["combat"]}
    return {k: bpv[k] for k in ("combat", "economic") if k in bpv}


def build(rec: dict, ship_id: str, shared_titles: set[str]) -> dict:
    unknown = set(rec) - HANDLED
    if unknown:
        raise ValueError(f"{rec['id']}: unhandled keys {sorted(unknown)}")
    race, race_name = RACES[rec["race"]]
    code, code_extra = class_code(rec)
    notes = [line_note(n["line"], n["text"]) for n in rec.get("notes", [])]
    tracks_written = complete_tracks(rec)
    extra = {**code_extra, **extra_facts(rec, notes, tracks_written)}
    data: dict = {}
    if "size_class" in rec:
        data["size_class"] = rec["size_class"]
    move = _move_cost(rec, notes, extra)
    if move:
        data["move_cost"] = move
    turn = _turn_modes(rec, notes, extra)
    if turn:
        data["turn_mode"] = turn
    if rec.get("breakdown") and re.fullmatch(r"\d(-\d)?", rec["breakdown"]):
        data["breakdown"] = rec["breakdown"]
    for key in ("het_cost", "em_cost"):
        if key in rec:
            data[key] = fraction_from_printed(rec[key][0]["raw"])
    data["flags"] = _flags(rec)
    crew = {}
    if "data_table_crew" in rec:
        crew["crew_units"] = rec["data_table_crew"]
    if "data_table_boarding_parties" in rec:
        crew["boarding_parties"] = rec["data_table_boarding_parties"]
    rule = _rule(rec)
    span = printed_at(rec["source"])
    doc: dict = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "identity": {"id": ship_id, "race": race, "race_name": race_name, "class_code": code,
                     "name": display_name(rec, race_name, shared_titles), "kind": rec["kind"],
                     **({"rule": rule} if rule else {})},
        "status": {"complete": False, "missing": _missing(rec, data, crew, tracks_written),
                   "sources": [f"reference/ssd_facts.json {rec['id']} ({span})"],
                   "notes": notes},
        "bpv": _bpv(rec.get("bpv", {})),
        "data": data,
        "crew": crew,
    }
    if tracks_written:
        t = rec["tracks"]
        doc["tracks"] = {"sensor": t["sensor"], "scanner": t["scanner"],
                         "damage_control": t["damcon"]}
    doc["refits"] = _refits(rec)
    doc["extra"] = extra
    return {k: v for k, v in doc.items() if v not in ([], {})}


def _same(a: object, b: object) -> bool:
    if isinstance(a, str) and isinstance(b, str) and "/" in a + b:
        return Fraction(a) == Fraction(b)
    return a == b


def merge(core_doc: dict, ssd_doc: dict) -> dict:
    """Core box counts + the SSD page's facts: ssd values that the core file lacks are added,
    differing values become [[disagreements]] (the core value stays), notes/refits/extra join."""
    doc = core_doc
    doc["status"]["sources"] += ssd_doc["status"]["sources"]
    doc["status"]["notes"] += ssd_doc["status"]["notes"]
    disagreements = doc.setdefault("disagreements", [])
    for section in ("bpv", "data", "crew"):
        for key, value in ssd_doc.get(section, {}).items():
            have = doc.setdefault(section, {})
            if key == "flags":
                have["flags"] = sorted(set(have.get("flags", [])) | set(value))
            elif key not in have:
                have[key] = value
            elif not _same(have[key], value):
                disagreements.append({"field": f"{section}.{key}", "chosen": have[key],
                                      "values": {"ssd_facts": value}, "agreeing": [],
                                      "note": "core_ships.json value kept"})
    if "tracks" not in doc and "tracks" in ssd_doc:
        doc["tracks"] = ssd_doc["tracks"]
    doc.setdefault("refits", []).extend(ssd_doc.get("refits", []))
    for key, value in ssd_doc["extra"].items():
        if key in doc["extra"] and doc["extra"][key] != value:
            raise ValueError(f"{doc['identity']['id']}: [extra] {key} differs between sources")
        doc["extra"][key] = value
    order = ["format", "format_version", "identity", "status", "bpv", "data", "crew", "tracks",
             "shields", "systems", "shuttle_bays", "weapons", "special", "refits",
             "disagreements", "extra"]
    return {k: doc[k] for k in order if doc.get(k) not in (None, [], {})}
