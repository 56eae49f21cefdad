"""Terragos/Starfleet ``Shipyard.java`` -> one record per ship (box totals, tracks, data row).

The file builds each ship with ``new Starship(race, type, crew, BP, BPV, breakdown, move, spare
shuttles, size, turn mode, rule, year)`` and then ``setupSSD(bridge, flag, emergency, aux,
phaser, torp, cwarp, lwarp, rwarp, impulse, apr, battery, trans, tractor, probe, shuttle, drone,
lab, cargo, fhull, ahull, damcon, sensor, scanner, excess, se, sc, da)`` with the three track
arrays ``se``/``sc``/``da`` assigned just before. Statements are read in order, so a
``setupSSD`` belongs to the constructor before it: the SkyHawk-E to -H lines, which carry a
pasted SkyH-C constructor after their ``setupSSD`` on the same line, keep their own counts (the
pasted constructor starts a record of its own, without counts). Weapons are box totals only
(ADDs inside the drone total); there are no shields, no weapon types and no arcs.
"""

from __future__ import annotations

import re

_CONSTRUCTOR = re.compile(r"new\s+Starship\(([^)]*)\)")
_ARRAY = re.compile(r"\b(se|sc|da)\s*=\s*new\s+int\[\]\s*\{([^}]*)\}")
_SETUP = re.compile(r"\.setupSSD\(([^)]*)\)")
_CTOR_FIELDS = ("race", "type", "crew", "boarding_parties", "bpv", "breakdown", "move_cost",
                "spare_shuttles", "size_class", "turn_mode", "rule", "year")
SETUP_FIELDS = ("bridge", "flag_bridge", "emergency_bridge", "aux_control", "phaser_boxes",
                "torpedo_boxes", "center_warp", "left_warp", "right_warp", "impulse", "apr",
                "battery", "transporter", "tractor", "probe", "shuttle_boxes", "drone_boxes",
                "lab", "cargo", "forward_hull", "aft_hull", "damage_control_length",
                "sensor_length", "scanner_length", "excess_damage")


def _strings(args: str) -> list[str]:
    return re.findall(r'"([^"]*)"', args)


def parse_shipyard(text: str) -> list[dict]:
    """Every Starship constructed in ``text``, in order, with its SSD counts where given."""
    ships: list[dict] = []
    arrays: dict[str, list[int]] = {}
    events = []
    for m in _CONSTRUCTOR.finditer(text):
        events.append((m.start(), "ctor", m))
    for m in _ARRAY.finditer(text):
        events.append((m.start(), "array", m))
    for m in _SETUP.finditer(text):
        events.append((m.start(), "setup", m))
    for _pos, kind, m in sorted(events, key=lambda e: e[0]):
        if kind == "ctor":
            values = _strings(m.group(1))
            if len(values) < len(_CTOR_FIELDS):
                continue  # a constructor split over lines or with computed arguments
            ships.append(dict(zip(_CTOR_FIELDS, values[: len(_CTOR_FIELDS)])))
        elif kind == "array":
            arrays[m.group(1)] = [int(x) for x in m.group(2).split(",") if x.strip()]
        elif ships and "counts" not in ships[-1]:
            numbers = [x.strip() for x in m.group(1).split(",")][: len(SETUP_FIELDS)]
            if not all(x.isdigit() for x in numbers):
                continue  # the class's own generic helper (no literal counts)
            ships[-1]["counts"] = dict(zip(SETUP_FIELDS, (int(x) for x in numbers)))
            ships[-1]["tracks"] = {"sensor": arrays.get("se", []),
                                   "scanner": arrays.get("sc", []),
                                   "damage_control": arrays.get("da", [])}
    return ships


def find(ships: list[dict], race: str, rule: str | None, type_: str,
         alias: tuple[str, str] | None = None) -> dict | None:
    """The record of one of our classes: by the alias (race, type) when given, else the ship of
    this race whose rule and type both match, else the only ship with counts for the rule."""
    with_counts = [s for s in ships if "counts" in s]
    if alias is not None:
        found = [s for s in with_counts if (s["race"], s["type"]) == alias]
        return found[0] if found else None
    same_rule = [s for s in with_counts if s["race"] == race and rule and s["rule"] == rule]
    exact = [s for s in same_rule if s["type"].upper() == type_.upper()]
    if exact:
        return exact[0]
    return same_rule[0] if len(same_rule) == 1 and not same_rule[0]["type"].endswith("+") \
        else None


def box_facts(ship: dict) -> dict:
    """Terragos counts as our field names (systems, weapon totals, tracks, excess damage)."""
    c = ship["counts"]
    systems = {k: c[k] for k in ("bridge", "flag_bridge", "emergency_bridge", "aux_control",
                                 "left_warp", "right_warp", "center_warp", "impulse", "apr",
                                 "battery", "forward_hull", "aft_hull", "cargo", "lab",
                                 "transporter", "tractor", "probe")}
    return {
        "systems": systems,
        "totals": {"phaser boxes": c["phaser_boxes"], "heavy weapon boxes": c["torpedo_boxes"],
                   "drone and ADD boxes": c["drone_boxes"], "shuttle boxes": c["shuttle_boxes"]},
        "tracks": {**ship["tracks"], "excess_damage": c["excess_damage"]},
    }


def data_facts(ship: dict) -> dict:
    """The constructor's data row in our terms, only where it parses cleanly."""
    out: dict = {}
    for key in ("crew", "boarding_parties", "size_class", "year"):
        if ship[key].isdigit():
            out[key] = int(ship[key])
    bpv = ship["bpv"].rstrip("*")  # "224*" (Romulan ships): the star is a mark, not a digit
    if re.fullmatch(r"\d+(/\d+)?", bpv):
        out["bpv"] = int(bpv.split("/")[-1])  # "110/90" = economic/combat (G24.35)
    if ship["turn_mode"] in ("AA", "A", "B", "C", "D", "E", "F"):
        out["turn_mode"] = ship["turn_mode"]
    if re.fullmatch(r"[1-6](-[1-6])?", ship["breakdown"]):
        out["breakdown"] = ship["breakdown"]
    if re.fullmatch(r"\d+(\.\d+)?", ship["move_cost"]):
        out["move_cost"] = ship["move_cost"]
    return out
