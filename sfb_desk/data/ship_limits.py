"""How big a ship file may be, checked on its raw tables before anything is validated or built,
and what a file marked complete must hold.

A ship file turns its counts into boxes (``left_warp = 30`` is thirty box ids): a file asking for
a hundred million boxes would take gigabytes and minutes before any check said no. The bounds
below are far above any Star Fleet Battles unit (the largest class in the library has 30 boxes
in one system, 44 in one shield, 28 weapons and 366 boxes in all) and are checked first, each
with its own message; the pydantic models of :mod:`sfb_desk.data.ship_schema` carry the same
bounds for the JSON Schema and the designer.

A file marked ``complete = true`` says every box count is known (FORMAT.md): a ship then has its
[systems], its [shields] and a movement cost above 0 (C12.21), whatever ``missing`` says.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sfb_desk.data import ship_schema as schema
from sfb_desk.data.ship_convert import Sections
from sfb_desk.data.ship_errors import Issue

#: [[table]] -> the most entries a file may have.
MAX_ENTRIES = {
    "weapons": schema.MAX_WEAPONS,
    "special": schema.MAX_SPECIAL,
    "shuttle_bays": schema.MAX_BAYS,
    "refits": 100,
    "disagreements": 1000,
    "provenance": 100,
}


def _count(value: object) -> int:
    """A box count as written, or 0 when it is not a whole number (the schema reports that)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def size_issues(raw: dict[str, Any]) -> list[Issue]:
    """Counts and lists above the bounds, and the ship's boxes in all (see the module docstring)."""
    issues: list[Issue] = []
    total = 0

    def box_count(loc: tuple, value: object, limit: int, what: str) -> None:
        nonlocal total
        n = _count(value)
        if n > limit:
            issues.append(Issue(loc, f"{n:,} {what}; at most {limit} expected",
                                f"a box count from 0 to {limit}"))
        else:
            total += n

    systems = raw.get("systems")
    if isinstance(systems, dict):
        for name, value in systems.items():
            box_count(("systems", name), value, schema.MAX_SYSTEM_BOXES, "boxes in one system")
    shields = raw.get("shields")
    boxes = shields.get("boxes") if isinstance(shields, dict) else None
    if isinstance(boxes, list):
        for i, value in enumerate(boxes[:6]):
            box_count(("shields", "boxes", i), value, schema.MAX_SHIELD_BOXES,
                      "boxes in one shield")
    for name, limit in MAX_ENTRIES.items():
        entries = raw.get(name)
        if isinstance(entries, list) and len(entries) > limit:
            issues.append(Issue((name,), f"{len(entries):,} [[{name}]] entries; at most {limit} "
                                "expected", f"at most {limit} entries"))
    for name, key, limit, what in (
            ("weapons", "boxes", schema.MAX_MOUNT_BOXES, "boxes in one weapon mount"),
            ("special", "boxes", schema.MAX_SPECIAL_BOXES, "boxes in one special system"),
            ("shuttle_bays", "boxes", schema.MAX_BAY_BOXES, "boxes in one shuttle bay")):
        entries = raw.get(name)
        if isinstance(entries, list) and len(entries) <= MAX_ENTRIES[name]:
            for i, entry in enumerate(entries):
                if isinstance(entry, dict):
                    default = 1 if name == "weapons" else 0
                    box_count((name, i, key), entry.get(key, default), limit, what)
    tracks = raw.get("tracks")
    if isinstance(tracks, dict):
        for name in ("sensor", "scanner", "damage_control"):
            track = tracks.get(name)
            if isinstance(track, list):
                box_count(("tracks", name), len(track), schema.MAX_TRACK, "boxes in one track")
        box_count(("tracks", "excess_damage"), tracks.get("excess_damage"), schema.MAX_EXCESS,
                  "excess damage boxes")
    crew = raw.get("crew")
    if isinstance(crew, dict):  # a tick each on the SSD: counted apart from the boxes
        for name in ("crew_units", "boarding_parties", "deck_crews", "spare_shuttles"):
            n = _count(crew.get(name))
            if n > schema.MAX_CREW:
                issues.append(Issue(("crew", name), f"{n:,} {name.replace('_', ' ')}; at most "
                                    f"{schema.MAX_CREW:,} expected",
                                    f"a count from 0 to {schema.MAX_CREW:,}"))
    if not issues and total > schema.MAX_SHIP_BOXES:
        issues.append(Issue((), f"{total:,} boxes in all; a ship has at most "
                                f"{schema.MAX_SHIP_BOXES:,}", "fewer boxes"))
    return issues


def complete_issues(s: Sections, broken: set[str]) -> list[Issue]:
    """A ship marked complete has [systems], [shields] and a movement cost above 0 (tables in
    ``broken`` failed validation and have their own problems)."""
    status, ident = s.get("status"), s.get("identity")
    if status is None or not status.complete or ident is None:
        return []
    loc = ("status", "complete")
    expected = "complete = false with what is missing listed, or the facts filled in"
    issues = []
    if s.get("systems") is None and "systems" not in broken:
        issues.append(Issue(loc, "complete = true but the [systems] table is missing", expected))
    if ident.kind == "ship":
        if s.get("shields") is None and "shields" not in broken:
            issues.append(Issue(loc, "complete = true but the [shields] table is missing",
                                expected))
        data = s.get("data")
        cost = data.move_cost if data is not None else None
        # A broken [data] table is reported by the schema already; a fraction with a zero
        # denominator likewise (its own message), so neither is judged again here.
        if "data" not in broken and cost is None:
            issues.append(Issue(loc, "complete = true but data.move_cost is missing", expected))
        elif "data" not in broken and ("/" not in cost or int(cost.split("/")[1]) != 0):
            if Fraction(cost) <= 0:
                issues.append(Issue(("data", "move_cost"), f"move_cost {cost!r} on a complete "
                                    "ship: every hex moved costs the movement cost, which is "
                                    "above 0 (C12.21)",
                                    'the movement cost from the ship data, e.g. "1" or "1/2"'))
    return issues
