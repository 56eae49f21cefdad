"""ssd_facts.json unit -> the [extra] table: every printed fact that has no field of its own.

Each value keeps its seed line ("L12345", line in seeds/000_b288a58a8a5f6daf.txt). Keys of a
unit record that nothing here or in ssd.py reads stop the generator (HANDLED).
"""

from __future__ import annotations

import re

from .common import line_note, printed_at


def _labels(entries: list[dict]) -> list[str]:
    out = []
    for e in entries:
        nums = " ".join(str(n) for n in e.get("numbers_printed", [])) or "no numbers"
        star = " (asterisk box)" if e.get("asterisk_box") else ""
        other = f" other tokens {' '.join(e['other_tokens'])}" if e.get("other_tokens") else ""
        out.append(f"L{e['line']}: {e['label']} {nums}{star}{other}")
    return out


#: Keys of a unit record that build() reads; any other key stops the generator.
HANDLED = {
    "id", "name", "name_source", "race", "kind", "source", "toc", "data_table_line", "type",
    "bpv", "reference", "size_class", "tables_printed", "notes", "table_copies", "crew_units",
    "boarding_parties", "stated", "breakdown", "shield_cost", "life_support", "movement_cost",
    "admin_shuttles", "turn_mode", "transporter_bombs", "movement_chart_first_fraction",
    "arc_definitions", "movement_chart_legend", "refits", "tracks", "probes", "warnings",
    "group_heading", "cntr_label_present", "firing_arc_notes", "drone_racks",
    "drone_rack_rows_counted", "cloak_cost", "data_table_flags", "pseudo_plasma_boxes",
    "drone_rack_type_letters_printed", "shield_numbers_labelled", "anti_drones", "deck_crews",
    "fighters", "em_cost", "het_cost", "bpv_options", "nsm_label_present", "data_table_crew",
    "data_table_boarding_parties", "damage_points_labels", "variants", "name_note",
    "data_subtables", "pod_crew_units",
}


def _stated(stated: dict) -> dict:
    out = {}
    for key, value in stated.items():
        if isinstance(value, dict):  # max_acceleration
            value = f"{value['movement_points']} movement points" + (
                f" or {value['or']}" if value.get("or") else "")
        out[f"stated_{key}"] = value
    return out


def _weapon_facts(rec: dict, extra: dict) -> None:
    rows = []
    for block in rec.get("drone_racks", []):
        if "summary_only" in block:
            extra["drone_racks_summary"] = f"L{block['line']}: {block['summary_only']}"
            continue
        for row in block["rows"]:
            label = "row" if row["row_label"] is None else f"row {row['row_label']}"
            types = "/".join(row["types_printed"]) or (
                "'6' printed where a type letter stands" if row.get("last_cell_printed_6")
                else "no type letter")
            rows.append(f"{label}: {types} (L{row['line']})")
    if rows:
        extra["drone_rack_rows"] = rows
    for key in ("drone_rack_rows_counted", "drone_rack_type_letters_printed"):
        if key in rec:
            extra[key] = rec[key]
    adds = []
    for a in rec.get("anti_drones", []):
        if "summary_only" in a:
            adds.append(f"L{a['line']}: {a['summary_only']}")
            continue
        rows_ = " ".join(str(n) for n in a["numbered_rows"]) or "none"
        adds.append(f"L{a['line']}: numbered rows {rows_}" +
                    "".join(f"; {n}" for n in a["notes"]))
    if adds:
        extra["anti_drone_blocks"] = adds
    plasma = []
    for p in rec.get("pseudo_plasma_boxes", []):
        pairs = ", ".join(f"{x['launcher']}: {x.get('torpedo_type', 'type not printed')}"
                          for x in p["launchers"])
        plasma.append(f"L{p['line']}: {pairs} (printed {' '.join(p['tokens'])})")
    if plasma:
        extra["pseudo_plasma_launchers"] = plasma
    fighters = []
    for f in rec.get("fighters", []):
        weapons = ", ".join(f"{w['count']} {w['weapon']} {w['arc']}" +
                            (f" ({w['note']})" if w.get("note") else "") for w in f["weapons"])
        more = "".join(f"; {n}" for n in f.get("notes", []))
        fighters.append(f"L{f['line']}: {f['name']}: {weapons}; DFR {f['dfr']}; crippled "
                        f"{f['crippled']}; speed {f['speed']}{more}")
    if fighters:
        extra["fighters"] = fighters


def extra_facts(rec: dict, notes: list[str], tracks_written: bool) -> dict:
    """[extra] for one unit; firing-arc notes missing from its notes are added to ``notes``."""
    src = rec["source"]
    extra: dict = {"printed_lines": printed_at(src)}
    if "type_block_printed_before_title" in src:
        extra["type_block_printed_before_title"] = src["type_block_printed_before_title"]
    if "data_table_line" in rec:
        extra["data_table_line"] = rec["data_table_line"]
    extra["name_printed"] = rec["name"]
    if "name_note" in rec:
        extra["name_note"] = rec["name_note"]
    for key in ("rule", "title", "page", "matched_by"):
        if key in rec.get("toc", {}):
            extra[f"toc_{key}"] = rec["toc"][key]
    if "group_heading" in rec:
        extra["group_heading"] = rec["group_heading"]
    if "bpv" in rec:
        extra["bpv_printed"] = rec["bpv"]["raw"]
        if "key_printed" in rec["bpv"]:
            extra["bpv_key_printed"] = rec["bpv"]["key_printed"]
    for key in ("shield_cost", "life_support", "cloak_cost", "data_table_flags"):
        if key in rec:
            extra[key] = rec[key]
    if rec.get("breakdown") and not re.fullmatch(r"\d(-\d)?", rec["breakdown"]):
        extra["breakdown_printed"] = rec["breakdown"]
    if "bpv_options" in rec:
        extra["bpv_options"] = [f"{o['name']} {o['raw']} (L{o['line']})" for o in rec["bpv_options"]]
    if "variants" in rec:
        extra["variants"] = [f"{v['type']} ({v['reference']}): BPV {v['bpv']['raw']}; "
                             f"{', '.join(v['data_table_flags'])} (L{v['line']})"
                             for v in rec["variants"]]
    if "data_subtables" in rec:
        extra["data_subtables"] = [
            f"{t['name']}: BPV {t['bpv']['raw']}, crew {t['data_table_crew']}" +
            (f", marines {t['data_table_marines']}" if "data_table_marines" in t else "") +
            f" (L{t['line']})" for t in rec["data_subtables"]]
    for key in ("het_cost", "em_cost"):
        if key in rec:
            extra[f"{key}_printed"] = [f"{c['raw']} (L{c['line']})" for c in rec[key]]
    if "movement_chart_legend" in rec:
        extra["movement_chart_legend"] = [
            f"{x['what']} = speed column {x['speed_column']}" +
            (f" ({x['note']})" if x.get("note") else "") + f" (L{x['line']})"
            for x in rec["movement_chart_legend"]]
    if "movement_chart_first_fraction" in rec:
        extra["movement_chart_first_fraction"] = [
            f"{x['raw']} (L{x['line']})" for x in rec["movement_chart_first_fraction"]]
    t = rec.get("tracks", {})
    if t.get("lines"):
        extra["track_lines"] = [f"{k} L{v}" for k, v in t["lines"].items()]
    if not tracks_written:
        for key, name in (("sensor", "sensor"), ("scanner", "scanner"), ("damcon", "damage_control")):
            if key in t:
                extra[f"{name}_track_printed"] = t[key]
    if "occurrences" in t:
        extra["track_occurrences"] = [f"{k} {v}" for k, v in t["occurrences"].items()]
    if "composite_pod_tug_table" in t:
        table = t["composite_pod_tug_table"]
        extra["composite_pod_tug_track_table"] = [
            " ".join(table["header"]), *(" ".join(row) for row in table["rows"])]
    if "excess_damage_label_present" in t:
        extra["excess_damage_label_present"] = t["excess_damage_label_present"]
    for key in ("crew_units", "boarding_parties", "deck_crews", "probes", "pod_crew_units"):
        if key in rec:
            extra[f"{key}_labels"] = _labels(rec[key])
    if "transporter_bombs" in rec:
        extra["transporter_bomb_label_lines"] = rec["transporter_bombs"]["label_lines"]
        extra["transporter_bomb_dummy_boxes"] = rec["transporter_bombs"]["boxes_marked_D"]
    if "admin_shuttles" in rec:
        extra["admin_shuttle_label_lines"] = rec["admin_shuttles"]["label_lines"]
        if "idents_MSS" in rec["admin_shuttles"]:
            extra["mss_idents_printed"] = rec["admin_shuttles"]["idents_MSS"]
    for key in ("cntr_label_present", "nsm_label_present", "shield_numbers_labelled"):
        if key in rec:
            extra[key] = rec[key]
    if "damage_points_labels" in rec:
        extra["damage_point_labels_printed"] = rec["damage_points_labels"]["numbers_printed"]
        extra["damage_point_blocks"] = rec["damage_points_labels"]["blocks"]
    if "tables_printed" in rec:
        extra["tables_printed"] = rec["tables_printed"]
    if "table_copies" in rec:
        extra["table_copy_lines"] = [f"{c['table']} L{c['line']}" for c in rec["table_copies"]]
    if "arc_definitions" in rec:
        extra["arc_definitions"] = [f"{k} = {v}" for k, v in rec["arc_definitions"].items()]
    note_lines = {(n["line"], n["text"]) for n in rec.get("notes", [])}
    for n in rec.get("firing_arc_notes", []):
        if (n["line"], n["text"]) not in note_lines:
            notes.append(line_note(n["line"], n["text"]))
    if "firing_arc_notes" in rec:
        extra["firing_arc_note_lines"] = [n["line"] for n in rec["firing_arc_notes"]]
    _weapon_facts(rec, extra)
    extra.update(_stated(rec.get("stated", {})))
    if "warnings" in rec:
        extra["parser_warnings"] = rec["warnings"]
    return extra
