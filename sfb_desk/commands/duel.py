"""``sfb-desk-cli duel`` and ``duels``: robot against robot, headless (sfb_desk.robot).

* ``duel SHIP_A SHIP_B [--seed N] [--turns T] [--level L | --levels LA LB] [--distance D]
  [--json] [--log FILE]`` plays one duel and prints the outcome: turns played, how it ended,
  the damage each ship took and the S2.3 victory level with its S2.20 breakdown. ``--log``
  writes the game as a save the app opens (File > Open).
* ``duels [--pairings DEFAULT10] [--count N] [--seed S] [--jobs J] [--turns T] [--level L |
  --levels LA LB] [--json]`` plays N duels (seeds S .. S+N-1) of each default pairing on J
  processes, one line per duel, then the spread per pairing (win and draw rates, turns and
  damage: mean, min, percentiles, max).

Unknown or incomplete ships, unknown levels, a negative seed: a message and exit status 2. A
duel the session refused or that hung: exit status 1 with the message.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from sfb_desk.commands.ship_lookup import find_ship
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.saves import SaveError
from sfb_desk.robot.duel import DEFAULT_DISTANCE, DEFAULT_TURNS, DuelError, play_duel
from sfb_desk.robot.levels import DEFAULT_LEVEL, LEVELS
from sfb_desk.robot.series import PAIRINGS, Failed, run_series, summarise, summary_lines

USAGE_ERROR = 2
FAILED = 1
LEVEL_HELP = "; ".join(f"{n}: {lv.description}" for n, lv in LEVELS.items())


def register(subparsers: argparse._SubParsersAction) -> None:
    one = subparsers.add_parser(
        "duel", help="one robot duel of two library ships",
        description="Two robots fight a duel: SHIP_A from range "
                    f"{DEFAULT_DISTANCE} against SHIP_B. Levels: {LEVEL_HELP}.")
    one.add_argument("ship_a", metavar="SHIP_A", help="ship id of side A, e.g. FED-CA")
    one.add_argument("ship_b", metavar="SHIP_B", help="ship id of side B, e.g. KLI-D7")
    _common(one)
    one.add_argument("--distance", type=int, default=DEFAULT_DISTANCE, metavar="D",
                     help=f"starting range, 1-28 (default {DEFAULT_DISTANCE})")
    one.add_argument("--log", metavar="FILE", help="write the game as a save the app loads")
    one.add_argument("--table-prompts", action="store_true",
                     help="count the questions a table playing both sides would be asked "
                          "with the app's default settings (robots answer them)")
    one.set_defaults(func=_cmd_duel)

    many = subparsers.add_parser(
        "duels", help="many robot duels of the default pairings, with the spread",
        description="N duels of each pairing, one line each, then win/draw rates and the "
                    f"spread of turns and damage per pairing. Levels: {LEVEL_HELP}.")
    many.add_argument("--pairings", default="DEFAULT10", metavar="NAME",
                      help=f"set of pairings: {', '.join(PAIRINGS)} (default DEFAULT10)")
    many.add_argument("--count", type=int, default=10, metavar="N",
                      help="duels per pairing (default 10)")
    many.add_argument("--jobs", type=int, default=1, metavar="J",
                      help="processes to run the duels on (default 1)")
    _common(many)
    many.set_defaults(func=_cmd_duels)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=0, metavar="N", help="dice seed (default 0)")
    p.add_argument("--turns", type=int, default=DEFAULT_TURNS, metavar="T",
                   help=f"turns at most (default {DEFAULT_TURNS})")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--level", metavar="L", help=f"both robots' level: {', '.join(LEVELS)} "
                                                    f"(default {DEFAULT_LEVEL})")
    group.add_argument("--levels", nargs=2, metavar=("LA", "LB"), help="each robot's level")
    p.add_argument("--json", action="store_true", help="print JSON")


def _fail(command: str, message: str, status: int = USAGE_ERROR) -> int:
    print(f"sfb-desk-cli {command}: {message}", file=sys.stderr)
    return status


def _check(command: str, args: argparse.Namespace) -> tuple[str, str] | str:
    """The two levels, or the problem with the common options."""
    levels = args.levels or [args.level or DEFAULT_LEVEL] * 2
    for name in levels:
        if name.lower() not in LEVELS:
            return f"unknown level {name!r}: one of {', '.join(LEVELS)}"
    if args.seed < 0:
        return f"the seed is a whole number >= 0, not {args.seed}"
    if args.turns < 1:
        return f"a duel lasts at least one turn, not {args.turns}"
    return levels[0].lower(), levels[1].lower()


def _ship(library: ShipLibrary, ship_id: str) -> str:
    """The library id of ``ship_id``; ValueError when unknown or incomplete."""
    return find_ship(ship_id, library).id  # ShipLookupError is a ValueError


def _cmd_duel(args: argparse.Namespace) -> int:
    levels = _check("duel", args)
    if isinstance(levels, str):
        return _fail("duel", levels)
    if not 1 <= args.distance <= 28:
        return _fail("duel", f"the ships start 1 to 28 hexes apart, not {args.distance}")
    if args.table_prompts and args.log:
        return _fail("duel", "--table-prompts counts the table's questions and writes no save: "
                             "leave out --log, or run the duel without --table-prompts to save it")
    library = load_library()
    try:
        a, b = _ship(library, args.ship_a), _ship(library, args.ship_b)
    except ValueError as exc:
        return _fail("duel", str(exc))
    if args.table_prompts:
        return _table_prompts(args, a, b, levels, library)
    try:
        result = play_duel(a, b, args.seed, args.turns, levels, distance=args.distance,
                           library=library)
    except DuelError as exc:
        return _fail("duel", str(exc), FAILED)
    if args.log:
        try:
            result.save(args.log)
        except (SaveError, OSError) as exc:
            return _fail("duel", f"cannot write the log: {exc}")
    if args.json:
        doc = result.to_json()
        doc["victory"] = list(result.explain)
        if args.log:
            doc["log"] = args.log
        print(json.dumps(doc, indent=2))
        return 0
    print(result.line())
    for s in result.ships:
        state = ", ".join(x for x in ("destroyed" if s.destroyed else "",
                                      "crippled" if s.crippled else "",
                                      "disengaged" if s.disengaged else "") if x)
        print(f"  {s.id} ({s.side}, {s.level}): {s.internal} internal, {s.boxes} boxes "
              f"destroyed, {s.shield_boxes} shield boxes lost"
              + (f"; {state}" if state else ""))
    for line in result.explain:
        print(f"  {line}")
    if args.log:
        print(f"game saved to {args.log}")
    return 0


def _table_prompts(args: argparse.Namespace, a: str, b: str, levels: tuple[str, str],
                   library: ShipLibrary) -> int:
    from sfb_desk.robot.table_prompts import count_table_prompts

    try:
        count = count_table_prompts(a, b, turns=args.turns, seed=args.seed, levels=levels,
                                    distance=args.distance, library=library)
    except DuelError as exc:
        return _fail("duel", str(exc), FAILED)
    if args.json:
        print(json.dumps(count.to_json(), indent=2))
        return 0
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(count.by_kind.items()))
    print(f"{a} v {b}, {count.turns} turn(s): {count.prompts} questions to the table "
          f"({kinds}); {count.passed} passed by the default settings"
          + (f"; {count.joint} answered in a joint form (one form per impulse step)"
             if count.joint else ""))
    return 0


def _cmd_duels(args: argparse.Namespace) -> int:
    levels = _check("duels", args)
    if isinstance(levels, str):
        return _fail("duels", levels)
    pairings = PAIRINGS.get(args.pairings.upper())
    if pairings is None:
        return _fail("duels", f"unknown pairings {args.pairings!r}: one of {', '.join(PAIRINGS)}")
    if args.count < 1:
        return _fail("duels", f"--count is at least 1, not {args.count}")
    if args.jobs < 1:
        return _fail("duels", f"--jobs is at least 1, not {args.jobs}")
    started = time.monotonic()

    def show(result) -> None:  # noqa: ANN001
        if not args.json:
            print(result.line(), flush=True)

    results = run_series(pairings, args.count, seed=args.seed, turns=args.turns,
                         levels=levels, jobs=args.jobs, on_result=show)
    seconds = round(time.monotonic() - started, 1)
    summary = summarise(results)
    errors = sum(1 for r in results if isinstance(r, Failed))
    if args.json:
        print(json.dumps({
            "pairings": args.pairings.upper(), "count": args.count, "seed": args.seed,
            "turns": args.turns, "levels": list(levels), "jobs": args.jobs,
            "seconds": seconds, "errors": errors, "summary": summary,
            "duels": [r.to_json() for r in results],
        }, indent=2))
    else:
        print()
        for line in summary_lines(summary):
            print(line)
        print(f"{len(results)} duel(s) in {seconds} s on {args.jobs} process(es), "
              f"{errors} error(s)")
    return FAILED if errors else 0
