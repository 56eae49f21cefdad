"""``sfb-desk-cli chart`` and ``sfb-desk-cli impulse``: the rules charts at the command line.

``chart NAME [--json]`` prints one chart of :mod:`sfb_desk.rules.charts.registry` as an aligned
text table (or JSON); ``chart --list`` lists them. ``impulse SPEED [--json]`` prints the
impulses on which a unit at that speed moves (C1.4).
"""

from __future__ import annotations

import re
import sys

from sfb_desk.rules.charts.impulse import MAX_SPEED, impulses_for
from sfb_desk.rules.charts.registry import CHART_NAMES, ChartView, UnknownChart, chart

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    import argparse


_NUMERIC = re.compile(r"[0-9+*x-]*")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "chart",
        help="print a rules chart (DAC, impulse, turn mode, weapon tables)",
        description="Print a rules chart as a text table or JSON.",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="chart name (see --list)")
    p.add_argument("--list", action="store_true", help="list the available charts")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run_chart)

    p = subparsers.add_parser(
        "impulse",
        help="the impulses on which a unit at SPEED moves (C1.4)",
        description="Print the impulses (1-32) on which a unit at SPEED moves (C1.4).",
    )
    p.add_argument("speed", metavar="SPEED", help=f"speed 0..{MAX_SPEED}")
    p.add_argument("--json", action="store_true", help="print a JSON list")
    p.set_defaults(func=run_impulse)


def run_chart(args: argparse.Namespace) -> int:
    if args.list:
        views = [chart(n) for n in CHART_NAMES]
        if args.json:
            import json  # only for --json (start-up)
            print(json.dumps([{"name": v.name, "title": v.title, "rule": v.rule} for v in views],
                             indent=2))
        else:
            width = max(len(v.name) for v in views)
            for v in views:
                print(f"{v.name:<{width}}  {v.title} ({v.rule})")
        return 0
    if args.name is None:
        print("sfb-desk-cli chart: give a chart NAME, or --list", file=sys.stderr)
        _print_names()
        return 2
    try:
        view = chart(args.name)
    except UnknownChart:
        print(f"sfb-desk-cli chart: no chart named {args.name!r}", file=sys.stderr)
        _print_names()
        return 1
    if args.json:
        import json  # only for --json (start-up)
        print(json.dumps(view.to_dict(), indent=2))
    else:
        print(format_chart(view))
    return 0


def _print_names() -> None:
    print("available charts: " + ", ".join(CHART_NAMES), file=sys.stderr)


def format_chart(view: ChartView) -> str:
    """An aligned text table: title line, header, rule, rows, then the notes."""
    table = [view.columns, *view.rows]
    columns = range(len(view.columns))
    widths = [max(len(row[c]) for row in table) for c in columns]
    # Numbers, ranges and marks line up on the right; words (the DAC) on the left.
    right = [c > 0 and all(_NUMERIC.fullmatch(row[c]) for row in view.rows) for c in columns]

    def line(row: tuple[str, ...]) -> str:
        cells = (v.rjust(w) if r else v.ljust(w)
                 for v, w, r in zip(row, widths, right, strict=True))
        return "  ".join(cells).rstrip()

    out = [f"{view.title} ({view.rule})", "", line(view.columns),
           "  ".join("-" * w for w in widths)]
    out += [line(row) for row in view.rows]
    if view.notes:
        out.append("")
        out += [f"- {note}" for note in view.notes]
    return "\n".join(out)


def run_impulse(args: argparse.Namespace) -> int:
    try:
        speed = int(args.speed)
    except ValueError:
        speed = None
    if speed is None or not 0 <= speed <= MAX_SPEED:
        print(
            f"sfb-desk-cli impulse: speed {args.speed} is outside the impulse chart (C1.4),"
            f" which covers whole speeds 0 to {MAX_SPEED} (ships at most 31, C2.112;"
            " seeking weapons 32)",
            file=sys.stderr,
        )
        return 2
    impulses = list(impulses_for(speed))
    if args.json:
        import json  # only for --json (start-up)
        print(json.dumps(impulses))
    elif impulses:
        print(f"Speed {speed} moves on impulses: {', '.join(map(str, impulses))}")
    else:
        print("Speed 0 does not move on any impulse.")
    return 0
