"""The player's copy of the Asteroid Damage Table (P3.2), kept beside his ships.

The table is a Basic Set table the rulebooks we hold do not print: the player enters it once
from his own Basic Set (``sfb-desk-cli asteroid-table``) and every game after that rolls on it.
The file is ``asteroid_damage.toml`` in the user data directory (README, "File formats")::

    format = "sfb-desk-asteroid-table"
    format_version = 1
    dice = "1d6"                  # or "2d6": what the table is rolled with
    note = "from my Basic Set"    # optional

    [[columns]]
    speeds = "1-6"                # "13", "7-12", "26+" (the last column is open-ended)
    damage = [0, 0, 0, 0, 0, 0]   # one entry per roll, lowest roll first (6 for 1d6, 11 for 2d6)

The columns run on from speed 1 without gaps; every entry is 0-50 points.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import tomli_w

from ..rules.systems.terrain.asteroids import (
    RULE,
    AsteroidBand,
    AsteroidTable,
    AsteroidTableError,
    check_table,
    parse_speeds,
)
from . import paths

FORMAT = "sfb-desk-asteroid-table"
FORMAT_VERSION = 1
FILE_NAME = "asteroid_damage.toml"


def table_path() -> Path:
    """Where the player's table lives (the user data directory, beside ``ships/``)."""
    return paths.user_data_dir() / FILE_NAME


def table_from_document(doc: dict) -> AsteroidTable:
    """A validated table from its TOML document; AsteroidTableError names every problem."""
    if not isinstance(doc, dict):
        raise AsteroidTableError(f"an asteroid table is a TOML table ({RULE})")
    if doc.get("format", FORMAT) != FORMAT:
        raise AsteroidTableError(f"format is {FORMAT!r}, not {doc.get('format')!r}")
    version = doc.get("format_version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise AsteroidTableError(f"format_version {version!r} is not one this program reads "
                                 f"({FORMAT_VERSION})")
    unknown = sorted(set(doc) - {"format", "format_version", "dice", "note", "columns"})
    if unknown:
        raise AsteroidTableError(f"unknown key(s) {', '.join(unknown)}: the table has dice, "
                                 f"note and [[columns]] ({RULE})")
    columns = doc.get("columns")
    if not isinstance(columns, list) or not columns:
        raise AsteroidTableError(f"the table needs its speed columns as [[columns]] with "
                                 f"speeds and damage ({RULE})")
    bands = []
    for n, col in enumerate(columns, 1):
        if not isinstance(col, dict) or set(col) - {"speeds", "damage"} or "speeds" not in col \
                or "damage" not in col:
            raise AsteroidTableError(f"column {n}: give speeds = \"7-12\" and damage = [...] "
                                     f"({RULE})")
        low, high = parse_speeds(col["speeds"])
        damage = col["damage"]
        if not isinstance(damage, list):
            raise AsteroidTableError(f"column {n}: damage is a list, one entry per roll ({RULE})")
        bands.append(AsteroidBand(low, high, tuple(damage)))
    table = AsteroidTable(str(doc.get("dice", "1d6")), tuple(bands), str(doc.get("note", "")))
    problems = check_table(table)
    if problems:
        raise AsteroidTableError("; ".join(problems))
    return table


def table_document(table: AsteroidTable) -> dict:
    doc: dict = {"format": FORMAT, "format_version": FORMAT_VERSION, "dice": table.dice}
    if table.note:
        doc["note"] = table.note
    doc["columns"] = [{"speeds": b.label, "damage": list(b.damage)} for b in table.bands]
    return doc


def table_text(table: AsteroidTable) -> str:
    """The file's text: one line per column (the layout of the module docstring)."""
    doc = table_document(table)
    lines = ["# The Asteroid Damage Table (P3.2) as entered from the Basic Set.",
             "# One [[columns]] per speed column; damage per roll, lowest roll first."]
    lines += [f"{k} = {_value(doc[k])}" for k in ("format", "format_version", "dice", "note")
              if k in doc]
    for col in doc["columns"]:
        lines += ["", "[[columns]]", f"speeds = {_value(col['speeds'])}",
                  "damage = [" + ", ".join(str(d) for d in col["damage"]) + "]"]
    return "\n".join(lines) + "\n"


def _value(value: object) -> str:
    return tomli_w.dumps({"v": value})[len("v = "):].rstrip("\n")


def parse_table_text(text: str) -> AsteroidTable:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise AsteroidTableError(f"not a TOML file: {error}") from None
    return table_from_document(doc)


def load_table(path: Path | None = None) -> AsteroidTable | None:
    """The player's table, or None when he has not entered one. AsteroidTableError (naming the
    file) when the file is there but cannot be used."""
    path = path or table_path()
    if not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise AsteroidTableError(f"{path}: cannot be read: {error}") from None
    try:
        return parse_table_text(text)
    except AsteroidTableError as error:
        raise AsteroidTableError(f"{path}: {error}") from None


def usable_table() -> tuple[AsteroidTable | None, str]:
    """The player's table and "" , or None and why not ("" when there is no file): a game
    set-up never fails on it; without a usable table, damage is asked at the table."""
    try:
        return load_table(), ""
    except AsteroidTableError as error:
        return None, str(error)


def save_table(table: AsteroidTable, path: Path | None = None) -> Path:
    """Validate and write ``table`` atomically; AsteroidTableError when it is not usable."""
    problems = check_table(table)
    if problems:
        raise AsteroidTableError("; ".join(problems))
    path = path or table_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(table_text(table), encoding="utf-8")
    os.replace(temp, path)
    return path


def table_lines(table: AsteroidTable) -> list[str]:
    """The table as text: one line per speed column."""
    low, high = table.rolls
    head = f"{'speed':>7}  " + " ".join(f"{r:>3}" for r in range(low, high + 1))
    lines = [f"Asteroid Damage Table (P3.2), rolled on {table.dice}", head]
    for band in table.bands:
        lines.append(f"{band.label:>7}  " + " ".join(f"{d:>3}" for d in band.damage))
    if table.note:
        lines.append(f"note: {table.note}")
    return lines
