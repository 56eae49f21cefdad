"""A small, deterministic TOML writer in the style of ssd_data/FORMAT.md's example.

tomli_w writes every array over several lines; the ship files read better with short arrays on
one line (``boxes = [30, 24, 20, 20, 20, 24]``) and inline tables for ``[[disagreements]]``
``values``. Scalars and keys are still formatted by tomli_w, and every document is read back
with tomllib and compared with the input, so the writer cannot silently change a value.
"""

from __future__ import annotations

import re
import tomllib

import tomli_w

LINE_WIDTH = 100
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    if _BARE_KEY.match(key):
        return key
    return tomli_w.dumps({key: 0}).split(" = ")[0]


def _scalar(value: object) -> str:
    if isinstance(value, (dict, list)):
        raise TypeError(f"not a scalar: {value!r}")
    return tomli_w.dumps({"v": value}).strip().removeprefix("v = ")


def _inline(value: object) -> str:
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _scalar(value)


def _entry(key: str, value: object) -> str:
    line = f"{_key(key)} = {_inline(value)}"
    if isinstance(value, list) and value and len(line) > LINE_WIDTH:
        items = "".join(f"    {_inline(v)},\n" for v in value)
        return f"{_key(key)} = [\n{items}]"
    return line


def _is_table_array(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _body(table: dict) -> list[str]:
    return [_entry(k, v) for k, v in table.items()]


def dumps(doc: dict, header: str = "") -> str:
    """TOML text for ``doc``: top-level scalars, then ``[tables]`` and ``[[arrays of tables]]``."""
    out: list[str] = [header.rstrip("\n")] if header else []
    scalars = {k: v for k, v in doc.items() if not isinstance(v, dict) and not _is_table_array(v)}
    out.extend(_body(scalars))
    for key, value in doc.items():
        if isinstance(value, dict):
            out.append("")
            out.append(f"[{_key(key)}]")
            out.extend(_body(value))
        elif _is_table_array(value):
            for element in value:
                out.append("")
                out.append(f"[[{_key(key)}]]")
                out.extend(_body(element))
    text = "\n".join(out) + "\n"
    if tomllib.loads(text) != doc:
        raise ValueError("TOML round trip changed the document")
    return text
