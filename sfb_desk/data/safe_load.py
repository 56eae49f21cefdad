"""The one place every file a player gives the program is read and parsed: saves, the autosave,
energy allocation files, ship and scenario files, F&E and campaign JSON.

Whatever is in the file, reading it ends in the parsed value or a :class:`BadFile` whose
``problem`` says what is wrong in words (never a traceback): a file that cannot be read, one too
big to be one of ours, bytes that are not UTF-8 text, invalid JSON or TOML with its line and
column, a JSON file cut off short, and values nested deeper than any file of ours
(:data:`MAX_DEPTH`), which would otherwise exhaust the parser's recursion or the program's
later, and numbers too long to be a count of anything (Python refuses integers of more than
4,300 digits: a ValueError out of the parser). A UTF-8 byte-order mark (Windows editors write
one) is accepted and dropped.

Callers wrap the problem in their own error, which names the file.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

#: Deeper than any file this program writes or reads (saves are about 8 levels deep, ship
#: files 7); a document nested deeper is refused before anything walks it.
MAX_DEPTH = 32
#: Bigger than any file of ours (the longest save of a full 1,000-impulse game is a few MB).
MAX_BYTES = 64 * 1024 * 1024
BOM = "\ufeff"
_TOO_DEEP = "is nested too deeply to read (no file of ours is nested more than {} levels)"
_TOO_LONG = "holds a number too long to read (thousands of digits; no file of ours has one)"


class BadFile(ValueError):
    """A file that cannot be read or parsed; ``problem`` says why, without the file name."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


def read_text(path: Path | str, max_bytes: int = MAX_BYTES) -> str:
    """The text of a file: UTF-8, a leading byte-order mark dropped."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise BadFile(f"is too big ({size:,} bytes; at most {max_bytes:,} expected)")
        raw = path.read_bytes()
    except OSError as exc:
        raise BadFile(f"cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFile(f"is not text (UTF-8): byte {exc.start} is 0x{raw[exc.start]:02x}") from None
    if "\x00" in text:
        raise BadFile(f"is not text: it holds a NUL byte at {text.index(chr(0))}")
    return text.removeprefix(BOM)


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and tables nest in ``value`` (a scalar is 0), counted without recursion;
    the count stops at ``limit`` + 1."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
            stack.extend((child, depth) for child in
                         (item.values() if isinstance(item, dict) else item))
    return deepest


def _check_depth(value: object, max_depth: int) -> None:
    if nesting_depth(value, max_depth) > max_depth:
        raise BadFile(f"is nested more than {max_depth} levels deep (no file of ours is)")


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """A JSON document (see the module docstring)."""
    text = text.removeprefix(BOM)
    try:
        value = json.loads(text)
    except RecursionError:
        raise BadFile(_TOO_DEEP.format(max_depth)) from None
    except json.JSONDecodeError as exc:
        # One JSON object or list: text that stops short of its closing bracket and fails near
        # its end was cut off (a crash or a copy that did not finish).
        body = text.rstrip()
        cut = bool(body) and body[-1] not in "}]" and exc.pos >= 0.9 * len(body)
        problem = "is truncated" if cut else "is not valid JSON"
        raise BadFile(f"{problem} (line {exc.lineno}, column {exc.colno}: {exc.msg})",
                      exc.lineno) from None
    except ValueError:  # an integer of more than sys.get_int_max_str_digits() digits
        raise BadFile(_TOO_LONG) from None
    _check_depth(value, max_depth)
    return value


def parse_toml(text: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """A TOML document (see the module docstring); :class:`tomllib.TOMLDecodeError` for bad
    syntax is left to the caller, which knows how to point at the line."""
    text = text.removeprefix(BOM)
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise BadFile(_TOO_DEEP.format(max_depth)) from None
    except tomllib.TOMLDecodeError:
        raise  # the caller points at the line
    except ValueError:  # an integer of more than sys.get_int_max_str_digits() digits
        raise BadFile(_TOO_LONG) from None
    _check_depth(value, max_depth)
    return value


def load_json(path: Path | str, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read and parse a JSON file (see the module docstring)."""
    return parse_json(read_text(path, max_bytes), max_depth)
