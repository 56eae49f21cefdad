"""``sfb-desk-cli ship-import`` and ``ship-export``: ship files in another tool's JSON format.

* ``ship-import FILE.json [--out DIR] [--force] [--replace]`` reads a ship in the amarillo
  engine's JSON format, validates it as our own ship files are, and writes ``<ID>.toml`` into the
  user's ships folder (or ``--out``): a draft naming the file it came from. A class of that id
  already in the library would be shadowed by the user's file: refused unless ``--replace``,
  which says what it replaces and every fact the imported file lacks. Exit 1 when the file is
  refused (every problem printed), 2 when it cannot be read.
* ``ship-export ID -o FILE.json`` writes a class of the library in that format and names every
  fact the format cannot hold (the class against its export read back).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sfb_desk.data import paths
from sfb_desk.data.library import load_library
from sfb_desk.data.safe_load import BadFile, load_json
from sfb_desk.data.ship_compare import lacks
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
    imp.add_argument("--replace", action="store_true",
                     help="import even when it shadows a class of the library (says what is lost)")
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
    user = paths.user_data_dir() / "ships"
    folder = args.out or user
    target = folder / f"{spec.id}.toml"
    if target.exists() and not args.force:
        print(f"{display_path(target)} exists; pass --force to replace it", file=sys.stderr)
        return 1
    shadowed = _shadowed(spec, target) if folder.resolve() == user.resolve() else None
    if shadowed is not None:
        old, old_file = shadowed
        lost = "; ".join(lacks(old, spec)) or "nothing"
        old_text = f"the library's {old.id} ({display_path(old_file)}, {old.data_status})"
        if not args.replace:
            print(f"{name}: refused: {display_path(target)} would replace {old_text} "
                  f"everywhere. The imported file lacks: {lost}. Pass --replace to import it "
                  "anyway.", file=sys.stderr)
            return 1
        print(f"{display_path(target)} replaces {old_text} everywhere; the imported file "
              f"lacks: {lost}", file=sys.stderr)
    save_ship(spec, target)
    state = spec.data_status
    print(f"wrote {display_path(target)}: {spec.id} {spec.name}, {state}"
          + (" (check it against your SSD)" if state == "draft" else
             " (practice data: complete it from your SSD book)" if state == "reconstructed" else
             f" (missing: {', '.join(spec.missing)})" if state == "incomplete" else ""))
    return 0


def _shadowed(spec, target: Path):  # noqa: ANN001, ANN202 - ShipSpec -> (ShipSpec, Path) | None
    """The library class (and its file) a user file ``target`` for ``spec.id`` would replace."""
    library = load_library()
    if spec.id not in library:
        return None
    old_file = library.files[spec.id.upper()]
    if old_file.resolve() == target.resolve():  # the user's own earlier file: --force covers it
        old_file = library.overridden.get(spec.id.upper())
        if old_file is None:
            return None
        return load_library([old_file.parent]).get(spec.id), old_file
    return library.get(spec.id), old_file


def _not_held(spec, doc: dict, omitted: list[str]) -> list[str]:  # noqa: ANN001 - ShipSpec
    """What the export names, and every fact of ``spec`` its export read back does not hold."""
    try:
        back = import_ship(doc, "the export")
    except (ShipJsonError, ShipFileError):
        return omitted
    return list(dict.fromkeys(omitted + lacks(spec, back)))


def run_export(args: argparse.Namespace) -> int:
    library = load_library()
    try:
        spec = library.get(args.ship_id)
    except KeyError as error:
        print(error.args[0], file=sys.stderr)
        return 1
    doc, omitted = export_ship(spec)
    omitted = _not_held(spec, doc, omitted)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {display_path(args.out)}: {spec.id} in the amarillo ship JSON format")
    for item in omitted:
        print(f"not in that format: {item}", file=sys.stderr)
    return 0
