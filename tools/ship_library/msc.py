"""The official online client's Master Ship Chart (``client_data/master_ship.chart``) -> rows.

CSV with race sections: a 3-field header row (``Klingon,R3,The Klingon ...``) opens a section;
a unit row has 15 fields: type, crew units, boarding parties, BPV (``economic/combat`` when
split), breakdown, move cost (decimal), spare shuttles, size class, turn mode, rule number
within the section, year in service, dock points, explosion strength (D5.2), F&E command
rating, notes. The General (R1) block is repeated in every section, so rows are keyed on
(section, type), never on the type alone. No box counts.
"""

from __future__ import annotations

import csv
import io
import re

from sfb_desk.data.ship_json import move_cost as fraction_of

#: Section header race word -> our race code.
SECTION_RACES = {"Federation": "FED", "Klingon": "KLI", "Romulan": "ROM", "Kzinti": "KZI",
                 "Gorn": "GOR", "Tholian": "THO", "Orion": "ORI", "Hydran": "HYD",
                 "Lyran": "LYR", "General": "GEN"}
_FIELDS = ("type", "crew", "boarding_parties", "bpv", "breakdown", "move_cost", "spare_shuttles",
           "size_class", "turn_mode", "rule_number", "year", "dock_points",
           "explosion_strength", "command_rating", "notes")


def parse_chart(text: str) -> list[dict]:
    """Every unit row with its section's race code and section rule (``R3``)."""
    rows: list[dict] = []
    race, section_rule = None, None
    general: set[tuple[str, ...]] = set()
    for record in csv.reader(io.StringIO(text)):
        if not record or not record[0].strip():
            continue
        if len(record) == 3 and re.fullmatch(r"R\d+", record[1].strip()):
            race = SECTION_RACES.get(record[0].strip())
            section_rule = record[1].strip()
            continue
        if race is None or len(record) < len(_FIELDS) - 1:
            continue
        if race == "GEN":
            general.add(tuple(record))
        elif tuple(record) in general:
            continue  # the General block repeated at the head of a race section
        row = dict(zip(_FIELDS, (field.strip() for field in record)))
        row["race"], row["section_rule"] = race, section_rule
        rows.append(row)
    return rows


def find(rows: list[dict], race: str, rule: str | None, class_code: str) -> dict | None:
    """The row of one of our classes: same race, type equal to the class code, and (when our
    file names a rule) the same rule number; a type alone is not enough when rules differ."""
    code = class_code.upper()
    candidates = [r for r in rows if r["race"] == race and r["type"].upper() == code]
    if rule:
        number = rule.split(".", 1)[1] if "." in rule else ""
        by_rule = [r for r in candidates if r["rule_number"] == number]
        if by_rule:
            return by_rule[0]
        same_rule = [r for r in rows if r["race"] == race and r["rule_number"] == number
                     and f"{r['section_rule']}.{number}" == rule]
        return same_rule[0] if len(same_rule) == 1 else None
    return candidates[0] if len(candidates) == 1 else None


def row_facts(row: dict) -> dict:
    """The row as our field groups; values that do not parse cleanly are left out."""
    data: dict = {}
    bpv: dict = {}
    crew: dict = {}
    if re.fullmatch(r"\d+/\d+", row["bpv"]):
        economic, combat = row["bpv"].split("/")
        bpv = {"combat": int(combat), "economic": int(economic)}
    elif row["bpv"].isdigit():
        bpv = {"combat": int(row["bpv"])}
    if re.fullmatch(r"[1-6](-[1-6])?", row["breakdown"]):
        data["breakdown"] = row["breakdown"]
    if re.fullmatch(r"\d+(\.\d+)?", row["move_cost"]):
        data["move_cost"] = fraction_of(float(row["move_cost"]))
    if re.fullmatch(r"[1-7]", row["size_class"]):
        data["size_class"] = int(row["size_class"])
    if row["turn_mode"] in ("AA", "A", "B", "C", "D", "E", "F"):
        data["turn_mode"] = row["turn_mode"]
    if row["explosion_strength"].isdigit():
        data["explosion_strength"] = int(row["explosion_strength"])
    if row["crew"].isdigit():
        crew["crew_units"] = int(row["crew"])
    if row["boarding_parties"].isdigit():
        crew["boarding_parties"] = int(row["boarding_parties"])
    identity = {"year_in_service": int(row["year"])} if row["year"].isdigit() else {}
    extra = {"dock_points": int(row["dock_points"])} if row["dock_points"].isdigit() else {}
    if not row["explosion_strength"].isdigit() and row["explosion_strength"] not in ("", "-"):
        extra["explosion_strength_printed"] = row["explosion_strength"]
    return {"identity": identity, "bpv": bpv, "data": data, "crew": crew, "extra": extra}
