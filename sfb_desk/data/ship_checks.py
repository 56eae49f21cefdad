"""Validating a ship file's tables one by one, then the checks that span fields.

Each top-level table, and each entry of an array of tables, is validated on its own, so one bad
weapon does not hide a duplicated designator in the others, and every problem in the file is
reported together. The cross-field checks run on whatever validated; a check that needs a whole
picture (do the boxes a refit adds exist?) is skipped while the tables it depends on are broken.
"""

from __future__ import annotations

from typing import Any, get_args, get_origin

from pydantic import BaseModel, TypeAdapter, ValidationError

from sfb_desk.data import ship_schema as schema
from sfb_desk.data.ship_convert import Sections, box_fields, special_from, weapon_from
from sfb_desk.data.ship_errors import (
    Issue,
    Loc,
    did_you_mean,
    format_loc,
    issues_from_validation_error,
    one_of,
)
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.weapon_types import WEAPON_TYPES

_BOX_SECTIONS = ("systems", "weapons", "special", "shuttle_bays", "shields", "tracks")


def _list_item_model(annotation: Any) -> type[BaseModel] | None:
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
    return None


def validate_sections(raw: dict[str, Any]) -> tuple[Sections, list[Issue], set[str]]:
    """Validate every table of ``raw`` on its own.

    Returns the validated sections (list sections as ``(index, entry)`` pairs of the entries that
    validated), the issues found, and the names of the sections that had any.
    """
    fields = schema.ShipFile.model_fields
    issues: list[Issue] = []
    broken: set[str] = set()
    sections: Sections = {}
    for key in raw:
        if key not in fields:
            what = f"table [{key}]" if isinstance(raw[key], dict) else f"key {key!r}"
            hint = did_you_mean(key, list(fields))
            issues.append(Issue((key,), f"unknown {what}{hint}", one_of(list(fields))))
    for name, info in fields.items():
        if name in schema.HEADER_KEYS:
            continue
        item_model = _list_item_model(info.annotation)
        if name not in raw:
            if info.is_required():
                issues.append(Issue((name,), f"missing required table [{name}]"))
                broken.add(name)
                sections[name] = None
            else:
                sections[name] = [] if item_model else info.get_default(call_default_factory=True)
            continue
        found: list[Issue] = []
        if item_model is not None:
            sections[name], found = _validate_entries(name, raw[name], item_model)
        else:
            try:
                adapter = TypeAdapter(info.annotation)
                sections[name] = adapter.validate_python(raw[name], strict=True)
            except ValidationError as error:
                sections[name] = None
                found = issues_from_validation_error(error, (name,))
        if found:
            broken.add(name)
            issues.extend(found)
    return sections, issues, broken


def _validate_entries(
    name: str, value: Any, model: type[BaseModel]
) -> tuple[list[tuple[int, Any]], list[Issue]]:
    if not isinstance(value, list):
        return [], [Issue((name,), "is not a list of tables", f"[[{name}]] entries")]
    good: list[tuple[int, Any]] = []
    issues: list[Issue] = []
    for index, item in enumerate(value):
        try:
            good.append((index, model.model_validate(item)))
        except ValidationError as error:
            issues.extend(issues_from_validation_error(error, (name, index)))
    return good, issues


# ---------------------------------------------------------------------------------------------
# Cross-field checks


def check_identity(s: Sections) -> list[Issue]:
    """The id starts with the race code: ``FED-CA`` is a FED ship."""
    ident = s.get("identity")
    if ident is None or ident.id.startswith(f"{ident.race}-"):
        return []
    message = f"id {ident.id!r} does not match race {ident.race!r}"
    return [Issue(("identity", "id"), message, f'"{ident.race}-{ident.id.split("-", 1)[1]}"')]


def check_status(s: Sections) -> list[Issue]:
    """A complete file misses nothing; an incomplete one says what it misses."""
    status = s.get("status")
    loc = ("status", "missing")
    if status is None:
        return []
    if status.complete and status.missing:
        message = "complete = true but missing lists " + ", ".join(status.missing)
        return [Issue(loc, message, "missing = [] on a complete file, or complete = false")]
    if not status.complete and not status.missing:
        message = "complete = false but missing is empty"
        return [Issue(loc, message, 'a list of what is missing, e.g. ["shield box counts"]')]
    if status.verification == "verified" and not status.complete:
        message = "verification = \"verified\" on an incomplete file"
        return [Issue(("status", "verification"), message, "complete = true, or no verification")]
    if status.checked_against and status.verification != "verified":
        message = "checked_against is given but verification is not \"verified\""
        return [Issue(("status", "verification"), message, 'verification = "verified"')]
    return []


def check_data(s: Sections) -> list[Issue]:
    """Breakdown ranges (C6.5) run low to high; fractions have a non-zero denominator."""
    data = s.get("data")
    if data is None:
        return []
    issues: list[Issue] = []
    if data.breakdown and "-" in data.breakdown:
        low, high = (int(x) for x in data.breakdown.split("-"))
        if low >= high:
            message = f"breakdown range {data.breakdown!r} does not run from low to high"
            expected = 'a range like "5-6" or a single roll "6" (C6.5)'
            issues.append(Issue(("data", "breakdown"), message, expected))
    for name in schema.FRACTION_FIELDS:
        text = getattr(data, name)
        if text and "/" in text and int(text.split("/")[1]) == 0:
            message = f"{text!r} divides by zero"
            issues.append(Issue(("data", name), message, 'an exact fraction, e.g. "1/2"'))
    return issues


def _monotonic(values: list[int], loc: Loc, rising: bool, label: str) -> list[Issue]:
    word, want = ("falls", "non-decreasing") if rising else ("rises", "non-increasing")
    for i in range(1, len(values)):
        if (values[i] < values[i - 1]) if rising else (values[i] > values[i - 1]):
            message = f"{label} track {word} from {values[i - 1]} to {values[i]}"
            return [Issue(loc + (i,), message, f"{want} values as printed left to right")]
    return []


def check_tracks(s: Sections) -> list[Issue]:
    """Sensor and damage control fall to 0; the scanner rises; sensor and scanner pair up.

    The first box of a track is the undamaged value; each hit moves one box right. The sensor
    rating is the lock-on roll (D6.1), the scanner factor adds to range (D6.21), damage control
    repairs (D9).
    """
    tracks = s.get("tracks")
    if tracks is None:
        return []
    issues: list[Issue] = []
    for name, rising in (("sensor", False), ("scanner", True), ("damage_control", False)):
        values = getattr(tracks, name)
        if not values:
            continue
        issues += _monotonic(values, ("tracks", name), rising, name)
        if not rising and values[-1] != 0:
            message = f"{name} track ends with {values[-1]}"
            issues.append(Issue(("tracks", name), message, "the last box to be 0"))
    if tracks.sensor and tracks.scanner and len(tracks.sensor) != len(tracks.scanner):
        message = (
            f"scanner track has {len(tracks.scanner)} boxes but sensor has {len(tracks.sensor)}"
        )
        expected = "the same number of boxes in both tracks"
        issues.append(Issue(("tracks", "scanner"), message, expected))
    return issues


def check_shuttle_bays(s: Sections) -> list[Issue]:
    """A bay holds at most one shuttle per box (J1.4)."""
    return [
        Issue(
            ("shuttle_bays", i, "contents"),
            f"{len(bay.contents)} shuttles listed for {bay.boxes} boxes",
            f"at most {bay.boxes} entries, one per box",
        )
        for i, bay in s.get("shuttle_bays", [])
        if len(bay.contents) > bay.boxes
    ]


def check_weapons(s: Sections) -> list[Issue]:
    """Drone racks carry a rack type (FD3); reloads belong to drone racks and ADDs (E5.52);
    a designator is used once per weapon family, so box ids are unique (``phaser#3``)."""
    issues: list[Issue] = []
    used: dict[tuple[str, str], int] = {}
    for i, w in s.get("weapons", []):
        if w.type == "DRONE" and w.rack_type is None:
            expected = f"{one_of(schema.RACK_TYPES)} (FD3)"
            message = "drone rack without a rack_type"
            issues.append(Issue(("weapons", i, "rack_type"), message, expected))
        if w.type != "DRONE" and w.rack_type is not None:
            message = f"rack_type on a {w.type} weapon; only drone racks have one (FD3)"
            issues.append(Issue(("weapons", i, "rack_type"), message, "no rack_type"))
        if w.reloads is not None and w.type not in ("DRONE", "ADD"):
            message = f"reloads on a {w.type} weapon"
            expected = "reloads only on DRONE and ADD racks"
            issues.append(Issue(("weapons", i, "reloads"), message, expected))
        family = WEAPON_TYPES[w.type].family
        first = used.setdefault((family, w.designator), i)
        if first != i:
            message = (
                f"duplicated box id '{family}#{w.designator}': designator {w.designator!r} "
                f"is already used by weapons[{first}] (family {family})"
            )
            expected = f"a designator unique among the {family} weapons"
            issues.append(Issue(("weapons", i, "designator"), message, expected))
    return issues


def check_special_keys(s: Sections) -> list[Issue]:
    """A special system's key is the prefix of its box ids, so it is used once."""
    issues: list[Issue] = []
    seen: dict[str, int] = {}
    for i, sp in s.get("special", []):
        first = seen.setdefault(sp.key, i)
        if first != i:
            message = f"duplicated special key {sp.key!r} (also special[{first}])"
            expected = "a key unique within the file (it is the prefix of the box ids)"
            issues.append(Issue(("special", i, "key"), message, expected))
    return issues


def _box_owners(s: Sections) -> list[tuple[str, Loc]]:
    """Every box id the file defines and the table that defines it (ids made by rules.ship)."""
    fields = box_fields(s)

    def ids(**only: Any) -> tuple[str, ...]:
        return ShipSpec(id="", race="", race_name="", class_code="", name="", **only).box_ids()

    owners: list[tuple[str, Loc]] = []
    for name, n in fields["systems"]:
        owners += [(b, ("systems", name)) for b in ids(systems=((name, n),))]
    for i, w in s.get("weapons", []):
        owners += [(b, ("weapons", i)) for b in weapon_from(w).box_ids]
    owners += [(b, ("shuttle_bays",)) for b in ids(shuttle_bays=fields["shuttle_bays"])]
    for i, sp in s.get("special", []):
        owners += [(b, ("special", i)) for b in special_from(sp).box_ids]
    owners += [(b, ("shields", "boxes")) for b in ids(shields=fields["shields"])]
    for track in ("sensor_track", "scanner_track", "damage_control_track", "excess_damage"):
        loc = ("tracks", track.removesuffix("_track"))
        owners += [(b, loc) for b in ids(**{track: fields[track]})]
    return owners


def check_box_ids(s: Sections, broken: set[str]) -> list[Issue]:
    """Box ids are unique (DESIGN.md section 6); refits add boxes that exist; refit codes exist."""
    issues: list[Issue] = []
    first_owner: dict[str, Loc] = {}
    reported: set[tuple[Loc, Loc]] = set()
    for box, loc in _box_owners(s):
        first = first_owner.setdefault(box, loc)
        same_table = first[0] == loc[0] and first[0] in ("weapons", "special")
        if first == loc or same_table or (first, loc) in reported:
            continue  # one table's own boxes; weapons and special keys are checked above
        reported.add((first, loc))
        message = f"duplicated box id {box!r} (also defined by {format_loc(first)})"
        issues.append(Issue(loc, message, "box ids unique within the file"))
    refits = s.get("refits", [])
    if not broken.intersection(_BOX_SECTIONS):
        issues += _check_refit_adds(refits, sorted(first_owner))
    if "refits" not in broken:
        issues += _check_refit_codes(s, [r.code for _, r in refits])
    return issues


def _check_refit_adds(refits: list[tuple[int, Any]], known: list[str]) -> list[Issue]:
    issues: list[Issue] = []
    expected = (
        'the id of a box defined in this file, e.g. "phaser#7" of a [[weapons]] entry '
        'with refit = "R"'
    )
    boxes = set(known)
    for i, refit in refits:
        for j, box in enumerate(refit.adds):
            if box not in boxes:
                message = (
                    f"refit {refit.code!r} adds {box!r}, which is not a box in this file"
                    f"{did_you_mean(box, known)}"
                )
                issues.append(Issue(("refits", i, "adds", j), message, expected))
    return issues


def _check_refit_codes(s: Sections, codes: list[str]) -> list[Issue]:
    issues: list[Issue] = []
    for i, code in enumerate(codes):
        if code in codes[:i]:
            message = f"refit code {code!r} listed twice"
            issues.append(Issue(("refits", i, "code"), message, "one [[refits]] entry per code"))
    expected = one_of(codes) if codes else "a code listed in [[refits]]"
    for table in ("weapons", "special"):
        for i, entry in s.get(table, []):
            if entry.refit is not None and entry.refit not in codes:
                message = f"refit {entry.refit!r} is not listed in [[refits]]"
                issues.append(Issue((table, i, "refit"), message, expected))
    return issues


def check_sections(sections: Sections, broken: set[str]) -> list[Issue]:
    """All the cross-field checks, in file order."""
    return [
        *check_identity(sections),
        *check_status(sections),
        *check_data(sections),
        *check_tracks(sections),
        *check_shuttle_bays(sections),
        *check_weapons(sections),
        *check_special_keys(sections),
        *check_box_ids(sections, broken),
    ]
