"""Scenario files (ssd_data/scenarios/FORMAT.md): load, check and report problems.

``load_scenario_file(path, library)`` and ``parse_scenario_text(text, filename, library)``
return a validated, immutable :class:`Scenario` or raise :class:`ScenarioFileError` listing
every problem, each with the file, the field (``sides[1].units[0].hex``), the line where it
can be found and what was expected, in the style of ship files (:mod:`.ship_errors`).

The steps: TOML syntax; the ``format`` marker and ``format_version`` (:func:`migrate`); the
models of :mod:`sfb_desk.data.scenario_schema` (strict types, closed vocabularies, unknown
keys refused); then the checks that need the ship library or span fields
(:func:`check_scenario`): every ship id in the library, refits on that ship and not after the
scenario's year, hexes on a fixed map, exit edges that fit the map, side names, origin against
rule and source, and a ``playable`` flag that agrees with the library.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenario_schema import (
    DIRECTIONS,
    EDGES,
    FORMAT_NAME,
    PRACTICE_PREFIX,
    SCHEMA_VERSION,
    VOCABULARIES,
    Scenario,
    Unit,
    describe_value,
    kind_vocabulary,
)
from sfb_desk.data.ship_errors import (
    FileProblem,
    Issue,
    Loc,
    did_you_mean,
    format_loc,
    one_of,
    toml_problem,
    walk_model,
)
from sfb_desk.data.ship_file import display_path
from sfb_desk.rules.hexes import STANDARD_MAP, hex_from_label
from sfb_desk.rules.ship import ShipSpec, normalise_ship_id
from sfb_desk.rules.systems.mines import mine_record_problem

__all__ = [
    "FORMAT_NAME",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "FileProblem",
    "Scenario",
    "ScenarioFileError",
    "check_scenario",
    "load_scenario_file",
    "migrate",
    "parse_scenario_text",
]

#: ``MIGRATIONS[n]`` turns a version-n table tree into version n+1 (none yet: version 1 is first).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

# ---------------------------------------------------------------------------------------------
# Problems


class ScenarioFileError(Exception):
    """A scenario file could not be loaded; ``problems`` lists everything found wrong with it."""

    def __init__(self, problems: list[FileProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _walk(loc: Loc) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model holding the last key of ``loc`` (from :class:`Scenario`) and that field."""
    return walk_model(Scenario, loc)


def _vocabulary(loc: Loc) -> tuple[str, tuple[str, ...]] | None:
    names = [p for p in loc if isinstance(p, str)]
    if not names:
        return None
    if names[-1] == "kind":
        return kind_vocabulary(names[0])
    if names[-1] == "refits" and names[0] == "rules":
        return VOCABULARIES["refits"]
    if names[-1] == "refits":
        return None
    return VOCABULARIES.get(names[-1])


def _issue(error: dict[str, Any]) -> Issue:
    """Translate one pydantic error into an issue with a plain message and what was expected."""
    loc: Loc = tuple(error["loc"])
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    names = [p for p in loc if isinstance(p, str)]
    name = names[-1] if names else ""
    parent, info = _walk(loc)
    described = (info.description or "") if info else ""
    if kind == "sfb":
        return Issue(loc, ctx["message"], ctx["expected"])
    if kind == "missing":
        if len(loc) == 1:
            return Issue(loc, f"missing required table [{name}]")
        return Issue(loc, "missing required field", described)
    if kind == "extra_forbidden":
        allowed = list(parent.model_fields) if parent is not None else []
        what = "table" if len(loc) == 1 else "key"
        return Issue(loc, f"unknown {what} {name!r}{did_you_mean(name, allowed)}", one_of(allowed))
    if kind == "literal_error":
        vocabulary = _vocabulary(loc)
        if vocabulary and vocabulary[1]:
            label, allowed_values = vocabulary
            hint = did_you_mean(value, allowed_values)
            return Issue(loc, f"unknown {label} {value!r}{hint}", one_of(allowed_values))
        return Issue(loc, f"{describe_value(value)} is not allowed here", ctx.get("expected", ""))
    if kind == "string_pattern_mismatch":
        return Issue(loc, f"{value!r} is not a valid {name}", described)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return Issue(loc, f"{describe_value(value)} is not a whole number", "an integer")
    if kind in ("greater_than_equal", "less_than_equal"):
        ge = next((m.ge for m in (info.metadata if info else []) if hasattr(m, "ge")), None)
        le = next((m.le for m in (info.metadata if info else []) if hasattr(m, "le")), None)
        if ge is not None and le is not None and not isinstance(loc[-1], int):
            bound = f"{ge} to {le}"
        else:
            bound = f"at least {ctx['ge']}" if "ge" in ctx else f"at most {ctx.get('le')}"
        return Issue(loc, f"{name} {value} is out of range", bound)
    if kind in ("too_short", "too_long"):
        count = ctx.get("actual_length", len(value) if isinstance(value, list) else "?")
        return Issue(loc, f"has {count} values", described or "another number of values")
    if kind == "string_too_short":
        return Issue(loc, "is empty", described or "some text")
    if kind == "string_type":
        return Issue(loc, f"{describe_value(value)} is not text", described or "text in quotes")
    if kind == "bool_type":
        return Issue(loc, f"{describe_value(value)} is not true or false", "true or false")
    if kind == "list_type":
        return Issue(loc, f"{describe_value(value)} is not a list", described or "a list [ ... ]")
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        where = f"a [{name}] table" if len(loc) == 1 else "a table"
        return Issue(loc, f"{describe_value(value)} is not a table", where)
    return Issue(loc, error["msg"])


_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_-]+)\"?\s*=")


def locate_line(text: str, loc: Loc) -> int | None:
    """The 1-based line of ``loc`` in TOML ``text`` (nested ``[[sides.units]]`` included), or
    None. A key that is not in the file points at its table's header."""
    if not loc:
        return None
    latest: dict[tuple[Any, ...], int] = {}
    headers: list[tuple[int, tuple[Any, ...]]] = []  # (line, flat path such as sides,0,units,1)
    keys: list[tuple[int, int, str]] = []  # (line, index of its header or -1, key)
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            flat: tuple[Any, ...] = ()
            parts = header.group(2).split(".")
            for depth, part in enumerate(parts):
                flat += (part,)
                if depth == len(parts) - 1 and header.group(1) == "[[":
                    latest[flat] = latest.get(flat, -1) + 1
                if flat in latest:
                    flat += (latest[flat],)
            headers.append((number, flat))
            continue
        key = _KEY.match(line)
        if key:
            keys.append((number, len(headers) - 1, key.group(1)))
    best, best_len = -1, 0
    for index, (_number, flat) in enumerate(headers):
        if len(flat) > best_len and tuple(loc[: len(flat)]) == flat:
            best, best_len = index, len(flat)
    rest = loc[best_len:]
    key_name = rest[0] if rest and isinstance(rest[0], str) else None
    if key_name is not None:
        for number, owner, key in keys:
            if owner == best and key == key_name:
                return number
    if best < 0:  # e.g. [victory] absent but [[victory.levels]] present: its first header
        return next((number for number, flat in headers if flat[0] == loc[0]), None)
    return headers[best][0]


# ---------------------------------------------------------------------------------------------
# Cross-field and library checks


def _ship_issues(
    loc: Loc, unit: Unit, year: int | None, library: ShipLibrary
) -> tuple[list[Issue], ShipSpec | None]:
    issues: list[Issue] = []
    spec: ShipSpec | None = None
    if unit.ship is not None:
        if unit.ship in library:
            spec = library.get(unit.ship)
        else:
            close = library.suggestions(unit.ship)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            issues.append(
                Issue(
                    loc + ("ship",),
                    f"no ship class {unit.ship!r} in the library{hint}",
                    "the id of a ship file (sfb-desk-cli ships lists them)",
                )
            )
    for i, other in enumerate(getattr(unit, "alternatives", [])):
        if other not in library:
            message = f"no ship class {other!r} in the library"
            issues.append(Issue(loc + ("alternatives", i), message, "the id of a ship file"))
    if spec is None:
        if unit.refits and unit.ship is None:
            issues.append(Issue(loc + ("refits",), "refits without a ship", "a ship id"))
        return issues, spec
    if getattr(unit, "damage", None):
        known = set(spec.box_ids())
        for i, box in enumerate(unit.damage):
            if box not in known:
                issues.append(Issue(loc + ("damage", i), f"{spec.id} has no box {box!r}",
                                    "a box id of the ship's SSD (sfb-desk-cli ship ID lists them)"))
    codes = [r.code for r in spec.refits]
    for i, code in enumerate(unit.refits):
        refit = next((r for r in spec.refits if r.code == code), None)
        if refit is None:
            issues.append(
                Issue(
                    loc + ("refits", i),
                    f"{spec.id} has no refit {code!r}{did_you_mean(code, codes)}",
                    one_of(codes) if codes else "no refits: this class lists none",
                )
            )
        elif year is not None and refit.year is not None and refit.year > year:
            issues.append(
                Issue(
                    loc + ("refits", i),
                    f"refit {code!r} of {spec.id} dates from Y{refit.year}, after the "
                    f"scenario's year Y{year}",
                    f"refits of Y{year} or earlier",
                )
            )
    return issues, spec


def check_scenario(scenario: Scenario, library: ShipLibrary) -> list[Issue]:
    """The checks that span fields or need the ship library (see the module docstring)."""
    issues: list[Issue] = []

    def add(loc: Loc, message: str, expected: str = "") -> None:
        issues.append(Issue(loc, message, expected))

    head, source, status = scenario.scenario, scenario.source, scenario.status
    practice_id = head.id.startswith(PRACTICE_PREFIX)
    if head.origin == "practice":
        if not practice_id:
            add(("scenario", "id"), f"practice set-up id {head.id!r} does not start with "
                f"{PRACTICE_PREFIX!r}", f'"{PRACTICE_PREFIX}..." (not a rulebook number)')
        if head.rule is not None:
            add(("scenario", "rule"), "a practice set-up has no rule number",
                "no rule: practice set-ups are SFB Desk's, not the rulebook's")
    else:
        if practice_id:
            add(("scenario", "origin"), f"{head.id!r} is a practice id but origin is "
                f"{head.origin!r}", '"practice"')
        if head.rule is None:
            add(("scenario", "rule"), "missing required field",
                f'the rule number, e.g. "{head.id}.0"')
        elif head.rule.split(".")[0] != head.id and head.rule != head.id:
            add(("scenario", "rule"), f"rule {head.rule!r} is not scenario {head.id!r}",
                f'"{head.id}.0"')
        if source is None or source.seed is None:
            add(("source", "seed") if source else ("source",), "missing required field",
                "the seed and the lines the scenario comes from")
    if source is not None and source.lines[0] > source.lines[1]:
        add(("source", "lines"), f"lines run backwards ({source.lines[0]} to "
            f"{source.lines[1]})", "[first line, last line]")
    if not status.playable and not status.reason.strip():
        add(("status", "reason"), "playable = false without a reason",
            "why the program cannot play it (the app shows it)")
    if not scenario.length.turns and not scenario.length.until.strip():
        add(("length",), "no length given", 'turns = N or until = "..."')
    fixed = scenario.map.kind == "fixed"
    for t, terrain in enumerate(scenario.terrain):
        for h, label in enumerate(terrain.hexes):
            if fixed and not STANDARD_MAP.contains(hex_from_label(label)):
                add(("terrain", t, "hexes", h), *_off_map(label))
    names = [side.name for side in scenario.sides]
    for s, side in enumerate(scenario.sides):
        if side.name in names[:s]:
            add(("sides", s, "name"), f"side {side.name!r} named twice",
                "a different name for each side")
        if not side.units and not side.forces:
            add(("sides", s, "units"), "a side with no units and no forces",
                "at least one [[sides.units]] or [[sides.forces]]")
        for e, edge in enumerate(side.exit_edges):
            if fixed and edge in DIRECTIONS:
                add(("sides", s, "exit_edges", e), f"direction {edge!r} on a fixed map",
                    one_of(EDGES))
            if not fixed and edge in EDGES:
                add(("sides", s, "exit_edges", e), f"map edge {edge!r} on a floating map",
                    "a direction A to F")
        for u, unit in enumerate(side.units):
            loc: Loc = ("sides", s, "units", u)
            _unit_kind_issues(loc, unit, add)
            if not unit.monster:
                for key, example in (("facing", 'facing = "A"'), ("weapon_status", "0 to 3")):
                    if getattr(unit, key) is None:
                        add(loc + (key,), "missing required field", example)
            found, _spec = _ship_issues(loc, unit, head.year, library)
            issues.extend(found)
            if unit.hex is None and not unit.entry.strip():
                add(loc + ("hex",), "no set-up hex or entry", 'hex = "2215" or entry = "..."')
            if unit.within is not None and unit.hex is None:
                add(loc + ("within",), "within without a hex", 'the hex: hex = "0825"')
            if fixed and unit.hex is not None and not STANDARD_MAP.contains(
                hex_from_label(unit.hex)
            ):
                add(loc + ("hex",), *_off_map(unit.hex))
        for f, force in enumerate(side.forces):
            for u, line in enumerate(force.units):
                loc = ("sides", s, "forces", f, "units", u)
                _unit_kind_issues(loc, line, add)
                issues.extend(_ship_issues(loc, line, head.year, library)[0])
    for m, field in enumerate(scenario.minefields):
        if field.side not in names:
            add(("minefields", m, "side"), f"no side named {field.side!r}"
                f"{did_you_mean(field.side, names)}", one_of(list(dict.fromkeys(names))))
        if len(field.columns) == 1:
            add(("minefields", m, "columns"), "one column given", "[first, last]")
        elif field.columns and field.columns[0] > field.columns[1]:
            add(("minefields", m, "columns"), "columns run backwards", "[first, last]")
        for i, mine in enumerate(field.mines):
            if fixed and not STANDARD_MAP.contains(hex_from_label(mine.hex)):
                add(("minefields", m, "mines", i, "hex"), *_off_map(mine.hex))
            problem = mine_record_problem(mine.type, mine.control, mine.size)
            if problem:
                add(("minefields", m, "mines", i, "type"), *problem)
    victory = scenario.victory
    scored = [side.name for side in scenario.sides if not side.neutral]
    if victory.kind in ("standard", "modified") and len(scored) != 2:
        add(("victory", "kind"), f"{victory.kind} victory conditions with {len(scored)} "
            "scored sides", "two sides that are not neutral (S2.20 scores two)")
    for b, bonus in enumerate(victory.bonus):
        if bonus.side not in names:
            add(("victory", "bonus", b, "side"), f"no side named {bonus.side!r}"
                f"{did_you_mean(bonus.side, names)}", one_of(list(dict.fromkeys(names))))
    return issues


def _unit_kind_issues(loc: Loc, unit: Any, add: Callable[..., None]) -> None:
    """A unit (or force line) names exactly one of ship, unlisted, monster; ship_needed only
    with unlisted."""
    kinds = ("ship", "unlisted", "monster") if hasattr(unit, "monster") else ("ship", "unlisted")
    given = [k for k in kinds if getattr(unit, k)]
    if len(given) != 1:
        add(loc, f"a unit needs exactly one of {', '.join(kinds)} "
            f"({' and '.join(given) or 'none'} given)",
            'ship = "FED-CA", unlisted = "what the scenario prints" or monster = "..."')
    if unit.ship_needed is not None and not unit.unlisted:
        add(loc + ("ship_needed",), "ship_needed without unlisted",
            "ship_needed names the ship file an unlisted unit waits for")


def _off_map(label: str) -> tuple[str, str]:
    return f"hex {label} is off the fixed 42x30 map", "a hex from 0101 to 4230"


# ---------------------------------------------------------------------------------------------
# Loading


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Bring a version-n table tree up to :data:`SCHEMA_VERSION` (nothing to do in version 1)."""
    version = raw["format_version"]
    migrated = dict(raw)
    while version < SCHEMA_VERSION:
        migrated = MIGRATIONS[version](migrated)
        version += 1
        migrated["format_version"] = version
    return migrated


def _header_issues(raw: dict[str, Any]) -> list[Issue]:
    if "format" not in raw:
        return [Issue(("format",), "missing required field", f'format = "{FORMAT_NAME}"')]
    if raw["format"] != FORMAT_NAME:
        message = f"not a scenario file: format is {raw['format']!r}"
        return [Issue(("format",), message, f'"{FORMAT_NAME}"')]
    version = raw.get("format_version")
    expected = f"format_version = {SCHEMA_VERSION}"
    if version is None:
        return [Issue(("format_version",), "missing required field", expected)]
    if type(version) is not int:
        message = f"format_version {version!r} is not a whole number"
        return [Issue(("format_version",), message, expected)]
    if version > SCHEMA_VERSION:
        message = (
            f"format_version {version} is newer than this version of SFB Desk supports "
            f"({SCHEMA_VERSION}); update SFB Desk to open this file"
        )
        return [Issue(("format_version",), message, f"format_version {SCHEMA_VERSION} or older")]
    if version < 1:
        return [Issue(("format_version",), f"unknown format_version {version}", expected)]
    return []




def parse_scenario_text(text: str, filename: str, library: ShipLibrary) -> Scenario:
    """Parse and check the TOML ``text`` of a scenario file; ``filename`` names it in problems."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioFileError([toml_problem(error, filename)]) from None

    def fail(issues: list[Issue]) -> ScenarioFileError:
        found = [
            FileProblem(
                filename, format_loc(i.loc), i.message, i.expected, locate_line(text, i.loc)
            )
            for i in issues
        ]
        return ScenarioFileError(sorted(found, key=lambda p: p.line or 0))

    header = _header_issues(raw)
    if header:
        raise fail(header)
    try:
        scenario = Scenario.model_validate(migrate(raw))
    except ValidationError as error:
        raise fail([_issue(e) for e in error.errors(include_url=False)]) from None
    issues = check_scenario(scenario, library)
    if issues:
        raise fail(issues)
    return scenario


def load_scenario_file(path: str | Path, library: ShipLibrary) -> Scenario:
    """Load and check one scenario file; raises :class:`ScenarioFileError` with every problem."""
    path = Path(path)
    name = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        problem = FileProblem(name, "", f"not UTF-8 text ({error.reason})")
        raise ScenarioFileError([problem]) from None
    except OSError as error:
        problem = FileProblem(name, "", f"cannot read: {error.strerror}")
        raise ScenarioFileError([problem]) from None
    return parse_scenario_text(text, name, library)


def ship_ids(scenario: Scenario) -> list[str]:
    """The library ids the scenario uses (normalised), in file order."""
    return [normalise_ship_id(u.ship) for _, u in scenario.units() if u.ship]
