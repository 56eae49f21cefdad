"""``sfb-desk-cli fire``: one direct-fire shot at the table.

``fire --weapon TYPE --range R --roll D [--overload] [--shift N] [--mode M] [--true-range T] [--json]``
prints hit or miss and the damage of one shot (sfb_desk.rules.combat.resolve.fire_weapon):

* ``TYPE``: a weapon-type code or a friendly name: ph-1, ph-2, ph-3, ph-4, ph-g, photon,
  disruptor, plasma-r/s/g/f (a bolt, FP8), fusion, hellbore (a 2d6 roll), add, tr-h, tr-l,
  ppd (one pulse's total, a 2d6 roll, Module C2 E11.32), web-fist (a full caster of 5 energy,
  E14.31);
* ``--range``: the range the chart is read at (the effective range, D1.4); ``--true-range``
  when it differs (disruptor damage E3.33, photon minimum range E4.14, overloads D6.126);
* ``--shift``: the net EW die-roll shift (D6.34, E1.8); anti-drones ignore EW (E5.15);
* ``--overload`` where the weapon has one; ``--mode`` for the others (photon ``proximity``,
  fusion ``suicide``, disruptor ``uim``/``derfacs``, TR-H ``light``).

Out of range, minimum range, a die off its dice, a mode the weapon lacks: refused on stderr
with the rule number, exit status 2. ``--json`` prints one object:
``{"weapon","range","roll","shift","overload","hit","damage","feedback","notes":[...]}``.
"""

from __future__ import annotations

import argparse
import json
import sys

from sfb_desk.rules.combat.resolve import ShotResult, fire_weapon
from sfb_desk.rules.combat.weapons import RANGE_OF_EFFECT, DirectFireWeapon, direct_fire_weapon
from sfb_desk.rules.results import Refusal

USAGE_ERROR = 2
WEAPON_NAMES = (
    "ph-1, ph-2, ph-3, ph-4, ph-g, photon, disruptor, plasma-r, plasma-s, plasma-g, plasma-f,"
    " fusion, hellbore, add, tr-h, tr-l, ppd (one pulse), web-fist (5 energy)"
)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "fire",
        help="hit or miss and damage of one direct-fire shot",
        description=(
            "Resolve one direct-fire shot: the weapon's chart at the range, with the rolled die"
            " and the EW shift. Weapons: " + WEAPON_NAMES + "."
        ),
    )
    p.add_argument("--weapon", required=True, metavar="TYPE", help="weapon type, e.g. ph-1, photon, hellbore")
    p.add_argument("--range", dest="range_", required=True, type=int, metavar="R",
                   help="range the chart is read at (effective range, D1.4)")
    p.add_argument("--roll", required=True, type=int, metavar="D", help="the die (1d6; 2d6 total for the hellbore and the ppd)")
    p.add_argument("--overload", action="store_true", help="fire overloaded (photon, disruptor, fusion, hellbore)")
    p.add_argument("--shift", type=int, default=0, metavar="N", help="net EW die-roll shift (D6.34); default 0")
    p.add_argument("--mode", metavar="M", help="another mode: proximity, suicide, uim, derfacs, light")
    p.add_argument("--true-range", type=int, metavar="T", help="true range, when not the same as --range")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=_cmd_fire)


def _refuse(message: str) -> int:
    print(f"sfb-desk-cli fire: {message}", file=sys.stderr)
    return USAGE_ERROR


def _cmd_fire(args: argparse.Namespace) -> int:
    weapon = direct_fire_weapon(args.weapon)
    if weapon is None:
        result = fire_weapon(args.weapon, true_range=0, roll=1)
        assert isinstance(result, Refusal)
        return _refuse(f"{result} (weapons: {WEAPON_NAMES})")
    mode = args.mode or weapon.default_mode
    if args.overload:
        overloaded = weapon.overload_of(mode)
        if overloaded is None:
            return _refuse(str(Refusal(weapon.rule, f"{weapon.title} ({mode}) has no overload")))
        mode = overloaded
    notes: list[str] = []
    shift = args.shift
    if weapon.ignores_ew and shift:
        notes.append(f"E5.15: anti-drones ignore EW; shift {shift:+d} not applied")
        shift = 0
    true_range = args.range_ if args.true_range is None else args.true_range
    result = fire_weapon(
        weapon, mode, true_range=true_range, effective_range=args.range_, roll=args.roll, shift=shift,
    )
    if isinstance(result, Refusal):
        return _refuse(str(result))
    notes.extend(result.notes)
    if args.json:
        print(json.dumps(_as_json(args, result, notes)))
    else:
        print(_as_text(weapon, args, result, notes))
    return 0


def _as_json(args: argparse.Namespace, result: ShotResult, notes: list[str]) -> dict[str, object]:
    return {
        "weapon": result.weapon,
        "range": args.range_,
        "roll": args.roll,
        "shift": args.shift,
        "overload": bool(args.overload),
        "hit": result.hit,
        "damage": result.damage,
        "feedback": result.feedback,
        "notes": notes,
    }


def _as_text(weapon: DirectFireWeapon, args: argparse.Namespace, result: ShotResult, notes: list[str]) -> str:
    mode = "" if result.mode in ("standard", "bolt") else f" ({result.mode})"
    where = f"range {args.range_}"
    if result.true_range != args.range_:
        where += f" (true {result.true_range})"
    head = f"{weapon.title}{mode} at {where}, roll {args.roll}, shift {args.shift:+d}: "
    if result.destroys_drone:
        head += "HIT, the drone is destroyed"
    elif result.hit:
        head += f"HIT, {result.damage} damage"
    else:
        head += "no damage" if weapon.kind == RANGE_OF_EFFECT else "MISS"
    if result.feedback:
        head += f"; feedback {result.feedback} on the firer's facing shield"
    lines = [head, *(f"  {n}" for n in notes)]
    return "\n".join(lines)
