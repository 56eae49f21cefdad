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
    FORMAT_NAME,
    SCHEMA_VERSION,
    VOCABULARIES,
    Scenario,
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
from sfb_desk.data.safe_load import BadFile, parse_toml, read_text
from sfb_desk.data.ship_file import display_path
from sfb_desk.data.ship_schema import MAX_FILE_BYTES
from sfb_desk.rules.ship import normalise_ship_id

from .scenario_checks import check_scenario

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
        raw = parse_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioFileError([toml_problem(error, filename)]) from None
    except BadFile as error:
        raise ScenarioFileError([FileProblem(filename, "", error.problem)]) from None

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
        text = read_text(path, MAX_FILE_BYTES)
    except BadFile as error:
        raise ScenarioFileError([FileProblem(name, "", error.problem)]) from None
    return parse_scenario_text(text, name, library)


def ship_ids(scenario: Scenario) -> list[str]:
    """The library ids the scenario uses (normalised), in file order."""
    return [normalise_ship_id(u.ship) for _, u in scenario.units() if u.ship]
