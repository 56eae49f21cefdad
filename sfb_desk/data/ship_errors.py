"""Problems found in ship files: what they are, where they are, and readable messages.

A problem names the file, the field (``weapons[3].arcs[1]``; list indices count from 0, in file
order) and, where it can be found, the line; the message says what is wrong and ``expected`` says
what would be right (DESIGN.md section 6). pydantic's errors are translated here into the same
kind of message as the cross-field checks of :mod:`sfb_desk.data.ship_checks`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, get_args

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from sfb_desk.data.ship_schema import FRACTION_FIELDS, VOCABULARIES, ShipFile

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class FileProblem:
    """One thing wrong with one file."""

    file: str
    field: str
    message: str
    expected: str = ""
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = f"{where}: {self.field}: " if self.field else f"{where}: "
        text += self.message
        return f"{text} (expected {self.expected})" if self.expected else text


class ShipFileError(Exception):
    """A ship file could not be loaded; ``problems`` lists everything found wrong with it."""

    def __init__(self, problems: list[FileProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class Issue(NamedTuple):
    """A problem before it is tied to a file: the location in the table tree and the text."""

    loc: Loc
    message: str
    expected: str = ""


def format_loc(loc: Loc) -> str:
    """``("weapons", 3, "arcs", 1)`` -> ``"weapons[3].arcs[1]"``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def one_of(values: tuple[str, ...] | list[str]) -> str:
    return "one of " + ", ".join(values)


def did_you_mean(word: str, choices: tuple[str, ...] | list[str]) -> str:
    """``"; did you mean 'PH-1'?"`` when a choice is close to ``word``, else ``""``."""
    if not isinstance(word, str):
        return ""
    same_case = [c for c in choices if c.lower() == word.lower()]
    close = same_case or difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def fraction_hint(value: object) -> str:
    """The exact fraction a decimal most likely means: ``0.33`` -> ``1/3`` (or ``"1/3"``)."""
    try:
        guess = Fraction(str(value).strip()).limit_denominator(12)
    except (ValueError, ZeroDivisionError):
        return "1/3"
    return str(guess)


# ---------------------------------------------------------------------------------------------
# Finding the line a location is on (tomllib keeps no positions, so scan the text).

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\"-]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*\"?([A-Za-z0-9_-]+)\"?\s*=")


def locate_line(text: str, loc: Loc) -> int | None:
    """The 1-based line of ``loc`` in TOML ``text``, or None when it cannot be found.

    Finds ``[section]`` / the n-th ``[[section]]`` header and then ``key =`` inside it; a
    missing key points at its table's header.
    """
    if not loc or not isinstance(loc[0], str):
        return None
    lines = text.splitlines()
    section, rest = loc[0], loc[1:]
    index = rest[0] if rest and isinstance(rest[0], int) else None
    key = next((p for p in rest if isinstance(p, str)), None)
    header_line: int | None = None
    seen = -1
    current: str | None = None
    for number, line in enumerate(lines, start=1):
        header = _HEADER.match(line)
        if header:
            current = header.group(2)
            if current == section:
                seen += 1
                if index is None or seen == index:
                    header_line = number
                    if key is None:
                        return number
            elif header_line is not None:
                break
            continue
        match = _KEY.match(line)
        if not match:
            continue
        if current is None and match.group(1) == section:
            return number  # a top-level key, or a section written inline
        if header_line is not None and current == section and match.group(1) == key:
            return number
    return header_line


# ---------------------------------------------------------------------------------------------
# pydantic errors -> issues


def inner_model(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation (``list[Weapon] | None`` gives ``Weapon``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = inner_model(arg)
        if found is not None:
            return found
    return None


def walk_model(
    root: type[BaseModel], loc: Loc
) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    """The model holding the last key of ``loc`` (from ``root``) and that key's field."""
    current: type[BaseModel] | None = root
    parent, info = current, None
    for part in loc:
        if isinstance(part, int):
            continue
        if current is None:
            return parent, None
        parent, info = current, current.model_fields.get(part)
        if info is None:
            return parent, None
        current = inner_model(info.annotation)
    return parent, info


def _walk(loc: Loc) -> tuple[type[BaseModel] | None, FieldInfo | None]:
    return walk_model(ShipFile, loc)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _bounds(info: FieldInfo | None, item: bool = False) -> tuple[Any, Any]:
    """The ``ge``/``le`` bounds of a field, or of its list items when ``item`` is true."""
    metadata: list[Any] = list(info.metadata) if info else []
    if info is not None and item:
        metadata = []
        for arg in get_args(info.annotation):
            for inner in getattr(arg, "__metadata__", ()):
                metadata.extend(getattr(inner, "metadata", [inner]))
    ge = le = None
    for entry in metadata:
        ge = getattr(entry, "ge", ge)
        le = getattr(entry, "le", le)
    return ge, le


def issue_from_error(error: dict[str, Any], prefix: Loc) -> Issue:
    """Translate one pydantic error (its ``loc`` relative to ``prefix``) into an issue."""
    loc: Loc = prefix + tuple(error["loc"])
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    names = [p for p in loc if isinstance(p, str)]
    name = names[-1] if names else ""
    parent, info = _walk(loc)
    described = (info.description or "") if info else ""
    if kind == "missing":
        if len(loc) == 1:
            return Issue(loc, f"missing required table [{name}]")
        return Issue(loc, "missing required field", described)
    if kind == "extra_forbidden":
        allowed = list(parent.model_fields) if parent is not None else []
        what = "system" if names[0] == "systems" and len(names) == 2 else "key"
        return Issue(loc, f"unknown {what} {name!r}{did_you_mean(name, allowed)}", one_of(allowed))
    if kind == "literal_error" and name in VOCABULARIES:
        label, allowed_values = VOCABULARIES[name]
        hint = did_you_mean(value, allowed_values)
        return Issue(loc, f"unknown {label} {value!r}{hint}", one_of(allowed_values))
    if name in FRACTION_FIELDS and kind in ("string_type", "string_pattern_mismatch"):
        example = f'an exact fraction as text, e.g. "{fraction_hint(value)}"'
        return Issue(loc, f"{_describe(value)} is not an exact fraction", example)
    if kind == "string_pattern_mismatch":
        return Issue(loc, f"{value!r} is not a valid {name}", described)
    if kind in ("int_type", "int_parsing", "int_from_float"):
        ge, _ = _bounds(info)
        at_least = " of 0 or more" if ge == 0 else ""
        return Issue(loc, f"{_describe(value)} is not a whole number", f"an integer{at_least}")
    if kind in ("greater_than_equal", "less_than_equal"):
        ge, le = _bounds(info, item=isinstance(loc[-1], int))
        if kind == "greater_than_equal" and ctx.get("ge") == 0:
            return Issue(loc, f"negative count {value}", "a count of 0 or more")
        if ge is not None and le is not None:
            return Issue(loc, f"{name} {value} is out of range", f"{ge} to {le}")
        bound = f"at least {ctx['ge']}" if "ge" in ctx else f"at most {ctx.get('le')}"
        return Issue(loc, f"{value} is out of range", bound)
    if kind in ("too_short", "too_long"):
        count = ctx.get("actual_length", len(value) if isinstance(value, list) else "?")
        if names[:2] == ["shields", "boxes"]:
            return Issue(
                loc,
                f"{count} shield values given",
                "exactly six: #1 forward, then clockwise (D3.1)",
            )
        if count == 0:
            return Issue(loc, "is empty", described or "at least one value")
        if kind == "too_short":
            bound = f"at least {ctx.get('min_length')}"
        else:
            bound = f"at most {ctx.get('max_length')}"
        return Issue(loc, f"has {count} values", bound)
    if kind == "string_too_short":
        return Issue(loc, "is empty", described or "some text")
    if kind == "string_type":
        return Issue(loc, f"{_describe(value)} is not text", described or "text in quotes")
    if kind == "bool_type":
        return Issue(loc, f"{_describe(value)} is not true or false", "true or false")
    if kind == "list_type":
        return Issue(loc, f"{_describe(value)} is not a list", described or "a list [ ... ]")
    if kind == "toml_value":
        return Issue(
            loc,
            f"{_describe(value)} is not allowed here",
            "text, a number, true/false, or a list of those",
        )
    if kind in ("model_type", "dict_type", "model_attributes_type"):
        where = f"a [{name}] table" if len(loc) == 1 else "a table"
        return Issue(loc, f"{_describe(value)} is not a table", where)
    return Issue(loc, error["msg"])


def issues_from_validation_error(error: ValidationError, prefix: Loc) -> list[Issue]:
    """Translate every error of a pydantic ValidationError."""
    return [issue_from_error(item, prefix) for item in error.errors(include_url=False)]


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def toml_problem(error: Exception, filename: str) -> FileProblem:
    """A file that is not valid TOML, as one problem with its line and column."""
    message = str(error)
    position = _TOML_POSITION.search(message)
    line = int(position.group(1)) if position else None
    if position:
        detail = _TOML_POSITION.sub("", message).strip()
        message = f"{detail} at line {position.group(1)}, column {position.group(2)}"
    return FileProblem(filename, "", f"not valid TOML: {message}", line=line)
