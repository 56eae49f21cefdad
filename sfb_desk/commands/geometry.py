"""``sfb-desk-cli range`` and ``sfb-desk-cli arcs``: map geometry at the table.

* ``range A B`` prints the true range (D1.4) between two hexes, e.g. ``3``.
* ``arcs --from HEX --facing F --to HEX [--json]`` prints the bearing, the firing arcs (D2) of a
  unit in ``--from`` facing ``F`` that contain ``--to``, and the shield of that unit struck by
  fire from ``--to`` (D3.4; a shot along a spine is a boundary shot, D3.43).

Hex labels are ``CCRR`` (e.g. 2215), or ``C.R`` off the standard map (e.g. 101.05, -3.12). A
bad label or facing is refused with a message on stderr and exit status 2.
"""

from __future__ import annotations

import sys

from sfb_desk.rules.arcs import arcs_containing, shield_struck
from sfb_desk.rules.hexes import Facing, Hex, LabelError, hex_from_label, hex_range, parse_facing
from sfb_desk.rules.bearing import bearing, describe_bearing

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    import argparse

USAGE_ERROR = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "range",
        help="true range (D1.4) between two hexes",
        description="Print the true range (D1.4) between two hexes, e.g. `range 2215 2513` -> 4.",
    )
    p.add_argument("a", help="hex label, e.g. 2215")
    p.add_argument("b", help="hex label, e.g. 2513")
    p.set_defaults(func=_cmd_range)

    p = subparsers.add_parser(
        "arcs",
        help="bearing, firing arcs (D2) and shield struck (D3.4) between two hexes",
        description=(
            "The arcs of a unit in --from facing --facing that contain --to, and the shield of "
            "that unit struck by fire from --to (boundary shots: the owner chooses, D3.43)."
        ),
    )
    p.add_argument("--from", dest="from_hex", required=True, metavar="HEX", help="the unit's hex")
    p.add_argument("--facing", required=True, help="the unit's facing: A-F (or 1-6)")
    p.add_argument("--to", dest="to_hex", required=True, metavar="HEX", help="the other hex")
    p.add_argument(
        "--same-hex-direction",
        metavar="F",
        help="same hex only: the D3.42 direction (A-F) of --to as seen from --from",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_arcs)


def _refuse(command: str, message: str) -> int:
    print(f"sfb-desk-cli {command}: {message}", file=sys.stderr)
    return USAGE_ERROR


def _cmd_range(args: argparse.Namespace) -> int:
    try:
        a, b = hex_from_label(args.a), hex_from_label(args.b)
    except LabelError as exc:
        return _refuse("range", str(exc))
    print(hex_range(a, b))
    return 0


def _cmd_arcs(args: argparse.Namespace) -> int:
    try:
        frm: Hex = hex_from_label(args.from_hex)
        to: Hex = hex_from_label(args.to_hex)
        facing: Facing = parse_facing(args.facing)
        direction = (
            None if args.same_hex_direction is None else parse_facing(args.same_hex_direction)
        )
    except ValueError as exc:  # LabelError is a ValueError
        return _refuse("arcs", str(exc))

    point = bearing(frm, facing, to, direction)
    arcs = arcs_containing(frm, facing, to, direction)
    hit = shield_struck(frm, facing, to, direction)
    if args.json:
        import json  # only for --json (start-up)
        print(
            json.dumps(
                {
                    "from": frm.label,
                    "facing": facing.letter,
                    "to": to.label,
                    "range": hex_range(frm, to),
                    "bearing": point,
                    "arcs": arcs,
                    "shield": hit.shield,
                    "shield_choice": list(hit.choice) if hit.choice else None,
                }
            )
        )
        return 0
    print(f"from {frm.label} facing {facing.letter} to {to.label}: range {hex_range(frm, to)}")
    print(f"bearing: {point} = {describe_bearing(point)} (24-point compass: 1 ahead, 13 astern)")
    note = "" if point else " (same hex: give --same-hex-direction for the others, D3.42)"
    print(f"arcs: {' '.join(arcs)}{note}")
    print(f"shield of the unit in {frm.label} struck by fire from {to.label}: {hit}")
    return 0
