"""``sfb-desk-cli ea``: energy allocation files at the command line.

* ``ea check FILE [--json]`` validates an allocation file (format in
  :mod:`sfb_desk.data.energy_file`) for its ship and prints the totals and every issue with its
  rule number. Exit 0 when the allocation is legal (warnings allowed), 1 when it breaks a rule,
  2 when the file cannot be read or names no library ship.
* ``ea template ID [--turn N] [--out FILE]`` prints (or writes) a starting allocation for a
  ship: life support, fire control, shields, weapons continuing their cycles, the capacitor
  filled and speed from the rest (:func:`sfb_desk.rules.energy.template`); ``ea check``
  accepts it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sfb_desk.data.energy_file import EnergyFileError, dumps, energy_json, load_energy_file
from sfb_desk.commands.ship_lookup import ShipLookupError, find_ship
from sfb_desk.rules.box_names import boxes_in_words
from sfb_desk.rules.energy import check, initial_state, template
from sfb_desk.rules.energy.allocation import LINES
from sfb_desk.rules.energy.words import energy_text, fractions_in_words, line_name


def register(subparsers: argparse._SubParsersAction) -> None:
    ea = subparsers.add_parser(
        "ea",
        help="energy allocation: check an allocation file, or print a starting one",
        description="Energy allocation (B3): validate an allocation file or print a template.",
    )
    sub = ea.add_subparsers(dest="ea_command", metavar="ACTION")
    c = sub.add_parser("check", help="validate an allocation file and print its issues",
                       description="Validate an energy allocation file (JSON, format "
                       "sfb-desk-energy) for its ship. Exit 0 legal, 1 illegal, 2 unreadable.")
    c.add_argument("file", metavar="FILE", help="allocation file (see `ea template`)")
    c.add_argument("--json", action="store_true", help="print the result as JSON")
    c.set_defaults(func=run_check)
    t = sub.add_parser("template", help="print a starting allocation for a ship",
                       description="Print a starting energy allocation file for a ship class.")
    t.add_argument("ship_id", metavar="ID", help="ship id, e.g. FED-CA (any case)")
    t.add_argument("--turn", type=int, default=1, metavar="N", help="turn number (default 1)")
    t.add_argument("--out", metavar="FILE", help="write the file instead of printing it")
    t.set_defaults(func=run_template)
    ea.set_defaults(func=lambda args: _usage(ea))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _ship(ship_id: str):
    """The library class; None (after saying why) when unknown or incomplete: energy
    allocation needs the ship's power, shield and weapon boxes."""
    try:
        return find_ship(ship_id)
    except ShipLookupError as error:
        print(f"sfb-desk-cli ea: {error}", file=sys.stderr)
        return None


def run_check(args: argparse.Namespace) -> int:
    try:
        f = load_energy_file(args.file)
    except EnergyFileError as error:
        for problem in error.problems:
            print(f"{error.source}: {problem}", file=sys.stderr)
        return 2
    spec = _ship(f.allocation.ship)
    if spec is None:
        return 2
    try:
        state = f.start_state(spec)
    except EnergyFileError as error:
        for problem in error.problems:
            print(f"{args.file}: {problem}", file=sys.stderr)
        return 2
    led, issues = check(f.allocation, spec, state)
    bad = [i for i in issues if i.is_error]
    if args.json:
        totals = {line.key: energy_json(led.value(line.key)) for line in LINES
                  if not line.entry or line.key in led.costs}
        print(json.dumps({
            "ship": spec.id, "turn": f.allocation.turn, "valid": not bad,
            "totals": totals,
            "issues": [{"rule": i.rule, "message": i.message, "line": i.line,
                        "severity": i.severity} for i in issues],
        }, indent=2))
    else:
        s = led.supply
        e = energy_text
        print(f"{spec.id} turn {f.allocation.turn}: power {e(s.total)} (warp {e(s.warp)}, "
              f"impulse {e(s.impulse)}, reactors {e(s.reactor)}) + batteries "
              f"{e(led.battery_used)}; used {e(led.total_used)}, unallocated "
              f"{e(led.unallocated)}")
        for i in issues:
            said = fractions_in_words(boxes_in_words(i.message))
            print(f"{i.severity}: ({i.rule}) {said} (line: {line_name(i.line)})")
        print("legal" if not bad else f"{len(bad)} rule(s) broken")
    return 1 if bad else 0


def run_template(args: argparse.Namespace) -> int:
    spec = _ship(args.ship_id)
    if spec is None:
        return 2
    if args.turn < 1:
        print("sfb-desk-cli ea template: --turn is 1 or more", file=sys.stderr)
        return 2
    state = initial_state(spec, turn=args.turn)
    text = dumps(template(spec, state))
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0
