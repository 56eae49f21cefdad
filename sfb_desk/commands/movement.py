"""``sfb-desk-cli turnmode LETTER SPEED``: the turn mode of a category at a speed (C3).

Prints the number of hexes a unit must move straight before it may turn (C3.2, the Turn Mode
Chart C3.31 in :mod:`sfb_desk.rules.charts.turn_modes`), with ``--em`` adding one for erratic
maneuvering (C10.55). A bad category or speed is refused with a message and exit status 2.
"""

from __future__ import annotations

import sys

from sfb_desk.rules.charts.impulse import MAX_SPEED
from sfb_desk.rules.charts.turn_modes import TURN_MODE_CATEGORIES, category, turn_mode

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "turnmode",
        help="hexes a unit must move straight before turning (turn mode, C3)",
        description="Print the turn mode (hexes straight before a turn, C3.2) of turn-mode "
        "category LETTER at SPEED, from the Turn Mode Chart (C3.31).",
    )
    p.add_argument("letter", metavar="LETTER",
                   help="turn-mode category: " + ", ".join(TURN_MODE_CATEGORIES))
    p.add_argument("speed", metavar="SPEED", help=f"speed 0..{MAX_SPEED}")
    p.add_argument("--em", action="store_true",
                   help="the unit is using erratic maneuvers: +1 (C10.55; not for nimble units)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run_turnmode)


def run_turnmode(args: argparse.Namespace) -> int:
    try:
        name = category(args.letter)
    except ValueError:
        print(
            f"sfb-desk-cli turnmode: {args.letter!r} is not a turn-mode category (C3.3); "
            f"use one of {', '.join(TURN_MODE_CATEGORIES)}",
            file=sys.stderr,
        )
        return 2
    try:
        speed = int(args.speed)
    except ValueError:
        speed = None
    if speed is None or not 0 <= speed <= MAX_SPEED:
        print(
            f"sfb-desk-cli turnmode: speed {args.speed} is not on the Turn Mode Chart (C3.31), "
            f"which covers whole speeds 0 to {MAX_SPEED} (ships at most 31, C2.112)",
            file=sys.stderr,
        )
        return 2
    mode = turn_mode(name, speed) + (1 if args.em and speed else 0)
    if args.json:
        import json  # only for --json (start-up)
        print(json.dumps({"category": name, "speed": speed, "em": args.em, "turn_mode": mode,
                          "rule": "C3.31"}))
        return 0
    if speed == 0:
        print(f"Turn mode {name} at speed 0: no turn mode; a unit that does not move changes "
              "facing only by a tactical maneuver (C5) or a high energy turn (C6) (C3.43)")
        return 0
    em = " under erratic maneuvers (C10.55)" if args.em else ""
    plural = "hex" if mode == 1 else "hexes"
    print(f"Turn mode {name} at speed {speed}{em}: {mode} "
          f"(move {mode} {plural} straight before turning; C3.2, C3.31)")
    return 0
