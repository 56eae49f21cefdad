"""``sfb-desk-cli ship-import`` and ``ship-export``: ship files in another tool's JSON format.

* ``ship-import FILE.json [--out DIR] [--force]`` reads a ship in the amarillo engine's JSON
  format, validates it as our own ship files are, and writes ``<ID>.toml`` into the user's ships
  folder (or ``--out``): a draft naming the file it came from. Exit 1 when the file is refused
  (every problem printed), 2 when it cannot be read.
* ``ship-export ID -o FILE.json`` writes a class of the library in that format and names what
  the format cannot hold.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sfb_desk.data import paths
from sfb_desk.data.library import load_library
from sfb_desk.data.safe_load import BadFile, load_json
from sfb_desk.data.ship_file import ShipFileError, display_path, save_ship
from sfb_desk.data.ship_json import ShipJsonError, export_ship, import_ship


def register(subparsers: argparse._SubParsersAction) -> None:
    imp = subparsers.add_parser(
        "ship-import", help="import a ship file in the amarillo engine's JSON format",
        description="Validate a ship in the amarillo engine's JSON format as our own ship files "
        "are and write it as <ID>.toml into your ships folder (or --out).")
    imp.add_argument("file", type=Path, metavar="FILE.json")
    imp.add_argument("--out", type=Path, metavar="DIR", help="folder to write into")
    imp.add_argument("--force", action="store_true", help="replace a file already there")
    imp.set_defaults(func=run_import)
    exp = subparsers.add_parser(
        "ship-export", help="export a ship class to the amarillo engine's JSON format",
        description="Write one class of the library as an amarillo ship JSON file.")
    exp.add_argument("ship_id", metavar="ID", help="ship id, e.g. KLI-G2 (any case)")
    exp.add_argument("-o", "--out", type=Path, required=True, metavar="FILE.json")
    exp.set_defaults(func=run_export)


def run_import(args: argparse.Namespace) -> int:
    name = display_path(args.file)
    try:
        doc = load_json(args.file)
    except BadFile as error:
        line = f":{error.line}" if error.line else ""
        print(f"{name}{line}: {error.problem}", file=sys.stderr)
        return 2
    try:
        spec = import_ship(doc, name)
    except ShipJsonError as error:
        print(f"{name}: {error}", file=sys.stderr)
        return 1
    except ShipFileError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"{name}: refused ({len(error.problems)} problem(s))", file=sys.stderr)
        return 1
    folder = args.out or paths.user_data_dir() / "ships"
    target = folder / f"{spec.id}.toml"
    if target.exists() and not args.force:
        print(f"{display_path(target)} exists; pass --force to replace it", file=sys.stderr)
        return 1
    save_ship(spec, target)
    state = spec.data_status
    print(f"wrote {display_path(target)}: {spec.id} {spec.name}, {state}"
          + (" (check it against your SSD)" if state == "draft" else
             " (practice data: complete it from your SSD book)" if state == "reconstructed" else
             f" (missing: {', '.join(spec.missing)})" if state == "incomplete" else ""))
    return 0


def run_export(args: argparse.Namespace) -> int:
    library = load_library()
    try:
        spec = library.get(args.ship_id)
    except KeyError as error:
        print(error.args[0], file=sys.stderr)
        return 1
    doc, omitted = export_ship(spec)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {display_path(args.out)}: {spec.id} in the amarillo ship JSON format")
    for item in omitted:
        print(f"not in that format: {item}", file=sys.stderr)
    return 0
