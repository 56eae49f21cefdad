"""``sfb-desk-cli asteroid-table``: the player's Asteroid Damage Table (P3.2).

The table is in the Basic Set, not in the rulebooks the program carries: enter it once from
your own copy and every game rolls on it (without it, the table is asked the damage of each
asteroid hex entered).

* ``asteroid-table show [--json]``: the table entered, or that there is none, and the file.
* ``asteroid-table set [--dice 1d6|2d6] --column SPEEDS=D,D,... [--column ...] [--note TEXT]``:
  enter it; one ``--column`` per speed column of the printed table, lowest speeds first, the
  damage for each roll from the lowest (``--column 1-6=0,0,0,0,1,1 ... --column 26+=...``).
* ``asteroid-table import FILE``: take a table written as the file format (README).
* ``asteroid-table clear``: forget it (damage is asked again).

A table that cannot be used is refused with what is wrong (exit status 2); nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sfb_desk.data.asteroid_table import (
    load_table,
    parse_table_text,
    save_table,
    table_document,
    table_lines,
    table_path,
)
from sfb_desk.rules.systems.terrain.asteroids import (
    RULE,
    AsteroidBand,
    AsteroidTable,
    AsteroidTableError,
    parse_speeds,
)

USAGE_ERROR = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "asteroid-table", help="enter the Asteroid Damage Table (P3.2) from your Basic Set",
        description="The Asteroid Damage Table (P3.2) is a Basic Set table: enter it once and "
                    "games roll on it; without it, the damage of each asteroid hex entered is "
                    "asked at the table.")
    sub = p.add_subparsers(dest="action", required=True)
    show = sub.add_parser("show", help="show the table entered")
    show.add_argument("--json", action="store_true", help="print the table as JSON")
    put = sub.add_parser("set", help="enter the table, one --column per speed column")
    put.add_argument("--dice", default="1d6", help="what the table is rolled with: 1d6 "
                                                   "(default) or 2d6")
    put.add_argument("--column", action="append", required=True, metavar="SPEEDS=D,D,...",
                     help="a speed column and its damage per roll, lowest roll first, e.g. "
                          "7-12=0,0,1,1,2,3; the last column open-ended, e.g. 26+=...")
    put.add_argument("--note", default="", help="a note kept with the table")
    imp = sub.add_parser("import", help="take a table from a file in the table's format")
    imp.add_argument("file", type=Path)
    sub.add_parser("clear", help="forget the table (damage is asked at the table again)")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"asteroid-table: {message}", file=sys.stderr)
    return USAGE_ERROR


def _column(text: str) -> AsteroidBand:
    speeds, sep, values = text.partition("=")
    if not sep:
        raise AsteroidTableError(f"{text!r}: write a column as SPEEDS=D,D,... such as "
                                 f"7-12=0,0,1,1,2,3 ({RULE})")
    low, high = parse_speeds(speeds)
    try:
        damage = tuple(int(v) for v in values.split(","))
    except ValueError:
        raise AsteroidTableError(f"{text!r}: the damage entries are whole numbers separated "
                                 f"by commas ({RULE})") from None
    return AsteroidBand(low, high, damage)


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "show":
            table = load_table()
            if table is None:
                print(f"No Asteroid Damage Table entered ({table_path()} does not exist): the "
                      "damage of each asteroid hex entered is asked at the table.")
                return 0
            if args.json:
                print(json.dumps(table_document(table), indent=2))
            else:
                print("\n".join(table_lines(table)))
                print(f"file: {table_path()}")
            return 0
        if args.action == "clear":
            path = table_path()
            if path.is_file():
                path.unlink()
                print(f"Removed {path}: asteroid damage is asked at the table again.")
            else:
                print("No Asteroid Damage Table was entered.")
            return 0
        if args.action == "import":
            try:
                text = args.file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                return _fail(f"{args.file}: cannot be read: {error}")
            table = parse_table_text(text)
        else:
            table = AsteroidTable(args.dice, tuple(_column(c) for c in args.column), args.note)
        path = save_table(table)
    except AsteroidTableError as error:
        return _fail(str(error))
    print("\n".join(table_lines(table)))
    print(f"Saved to {path}: games roll on this table from now on.")
    return 0
