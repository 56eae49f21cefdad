"""Ship-class files (ssd_data/FORMAT.md): load, validate, migrate and write.

``load_ship_file(path)`` and ``parse_ship_text(text, filename)`` return the rules engine's
:class:`~sfb_desk.rules.ship.ShipSpec` or raise :class:`ShipFileError` listing every problem
found, each with the file, the field, the line where it can be found, and what was expected.
``dump_ship(spec)`` writes the TOML text the ship designer saves; it loads back to an equal spec.

The steps: TOML syntax, the ``format`` marker, :func:`migrate` (older versions brought up to
:data:`SCHEMA_VERSION`, newer ones refused), the pydantic models of
:mod:`sfb_desk.data.ship_schema` table by table, the cross-field checks of
:mod:`sfb_desk.data.ship_checks`, then :func:`sfb_desk.data.ship_convert.build_spec`.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w

from sfb_desk.data.paths import display_path  # noqa: F401 - kept importable from here
from sfb_desk.data.paths import remove_stale_temps
from sfb_desk.data.ship_checks import check_sections, validate_sections
from sfb_desk.data.ship_convert import build_spec, spec_to_table
from sfb_desk.data.ship_errors import (
    FileProblem,
    Issue,
    ShipFileError,
    format_loc,
    locate_line,
    toml_problem,
)
from sfb_desk.data.safe_load import BadFile, parse_toml, read_text
from sfb_desk.data.ship_limits import complete_issues, size_issues
from sfb_desk.data.ship_schema import FORMAT_NAME, MAX_FILE_BYTES, SCHEMA_VERSION
from sfb_desk.rules.ship import ShipSpec

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "FileProblem",
    "ShipFileError",
    "UnsupportedVersion",
    "dump_ship",
    "load_ship_file",
    "migrate",
    "parse_ship_text",
    "save_ship",
]

#: ``MIGRATIONS[n]`` turns a version-n table tree into version n+1. Version 1 is the first
#: format, so there is nothing to migrate yet; a format change adds its step here and keeps a
#: fixture of the old version in tests/data/fixtures (DESIGN.md section 7).
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class UnsupportedVersion(ValueError):
    """The file's ``format_version`` is missing, not an integer, unknown or too new."""

    def __init__(self, message: str, expected: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    """Bring a file's table tree up to :data:`SCHEMA_VERSION` before it is validated.

    Raises :class:`UnsupportedVersion` for a missing or non-integer ``format_version``, for
    versions before 1, and for versions newer than this program supports.
    """
    expected = f"format_version = {SCHEMA_VERSION}"
    if "format_version" not in raw:
        raise UnsupportedVersion("missing required field", expected)
    version = raw["format_version"]
    if type(version) is not int:
        raise UnsupportedVersion(f"format_version {version!r} is not a whole number", expected)
    if version > SCHEMA_VERSION:
        raise UnsupportedVersion(
            f"format_version {version} is newer than this version of SFB Desk supports "
            f"({SCHEMA_VERSION}); update SFB Desk to open this file",
            f"format_version {SCHEMA_VERSION} or older",
        )
    if version < 1:
        raise UnsupportedVersion(f"unknown format_version {version}", expected)
    migrated = dict(raw)
    while version < SCHEMA_VERSION:
        migrated = MIGRATIONS[version](migrated)
        version += 1
        migrated["format_version"] = version
    return migrated




def _parse_toml(text: str, filename: str) -> dict[str, Any]:
    try:
        return parse_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise ShipFileError([toml_problem(error, filename)]) from None
    except BadFile as error:
        raise ShipFileError([FileProblem(filename, "", error.problem)]) from None


def _header_issues(raw: dict[str, Any]) -> list[Issue]:
    """The ``format`` marker and the version: without them nothing else is worth checking."""
    issues: list[Issue] = []
    if "format" not in raw:
        issues.append(Issue(("format",), "missing required field", f'format = "{FORMAT_NAME}"'))
    elif raw["format"] != FORMAT_NAME:
        issues.append(
            Issue(("format",), f"not a ship file: format is {raw['format']!r}", f'"{FORMAT_NAME}"')
        )
    try:
        migrate(raw)
    except UnsupportedVersion as error:
        issues.append(Issue(("format_version",), error.message, error.expected))
    return issues


def parse_ship_text(text: str, filename: str) -> ShipSpec:
    """Parse and validate the TOML ``text`` of a ship file; ``filename`` is used in problems."""
    raw = _parse_toml(text, filename)

    def problems(issues: list[Issue]) -> list[FileProblem]:
        """Issues as problems of this file, in the order of their lines."""
        found = [
            FileProblem(
                filename, format_loc(i.loc), i.message, i.expected, locate_line(text, i.loc)
            )
            for i in issues
        ]
        return sorted(found, key=lambda p: p.line or 0)

    header = _header_issues(raw)
    if header:
        raise ShipFileError(problems(header))
    raw = migrate(raw)
    too_big = size_issues(raw)  # before anything makes boxes of the counts
    if too_big:
        raise ShipFileError(problems(too_big))
    sections, issues, broken = validate_sections(raw)
    issues += check_sections(sections, broken) + complete_issues(sections, broken)
    if issues:
        raise ShipFileError(problems(issues))
    return build_spec(sections)


def load_ship_file(path: str | os.PathLike[str]) -> ShipSpec:
    """Load and validate one ship file; raises :class:`ShipFileError` listing every problem."""
    path = Path(path)
    name = display_path(path)
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except BadFile as error:
        raise ShipFileError([FileProblem(name, "", error.problem)]) from None
    return parse_ship_text(text, name)


# ---------------------------------------------------------------------------------------------
# Writing


def _value(value: Any) -> str:
    """One TOML value on one line (tomli_w does the quoting and escaping)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return tomli_w.dumps({"v": value})[len("v = ") :].rstrip("\n")


def _key(key: str) -> str:
    return tomli_w.dumps({key: 0}).rsplit(" = ", 1)[0]


def _pair(key: str, value: Any) -> str:
    line = f"{_key(key)} = {_value(value)}"
    if len(line) <= 100 or not isinstance(value, list):
        return line
    items = "".join(f"    {_value(v)},\n" for v in value)
    return f"{_key(key)} = [\n{items}]"


def dump_ship(spec: ShipSpec) -> str:
    """The ship file of ``spec`` as TOML text, laid out as in FORMAT.md.

    ``parse_ship_text(dump_ship(spec), ...) == spec`` for every valid spec; comments of a
    hand-written file are not kept.
    """
    title = " ".join(x for x in (spec.race_name, spec.class_code, spec.name) if x)
    rule = f" ({spec.rule})" if spec.rule else ""
    comment = "".join(c if c.isprintable() else " " for c in f"{title}{rule}")
    out = [f"# {comment}. Written by SFB Desk."]
    for name, value in spec_to_table(spec).items():
        if isinstance(value, dict):
            out += ["", f"[{name}]", *(_pair(k, v) for k, v in value.items())]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for entry in value:
                out += ["", f"[[{name}]]", *(_pair(k, v) for k, v in entry.items())]
        else:
            out.append(_pair(name, value))
    return "\n".join(out) + "\n"


def save_ship(spec: ShipSpec, path: str | os.PathLike[str]) -> Path:
    """Write ``spec`` to ``path`` atomically (temp file + ``os.replace``, DESIGN.md section 7)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(dump_ship(spec))
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return target
