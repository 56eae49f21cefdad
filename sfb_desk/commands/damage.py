"""``sfb-desk-cli dac``: apply internal damage points through the Damage Allocation Chart (D4).

::

    sfb-desk-cli dac (--ship ID | --boxes NAME=COUNT,...) --shield N --damage D
                     --rolls R1,R2,... [--phaser-arcs ARC,...] [--choose ANSWER,...] [--json]

For each point it prints the 2d6 roll, the chart column and entry, and the system and box
actually destroyed (or the excess-damage box, or the ship's destruction, D4.40).

* ``--ship ID`` takes a class from the ship library (any case); ``--boxes`` describes an
  ad-hoc ship by box counts with the names of :data:`BOX_NAMES` (e.g.
  ``--boxes forward_hull=4,left_warp=3,phaser=2,excess_damage=2``). Ad-hoc weapons are one
  generic type per group (phaser-1, photon, drone rack); ad-hoc tracks have the given number of
  boxes (their values are not known and read 0).
* ``--phaser-arcs`` gives the arcs of each phaser in SSD order, arcs of one mount joined by
  ``+`` (``FH,FH,LF+L,LF+L,RF+R,RF+R``); it overrides the ship file's arcs. A "Phaser" hit
  may only take a phaser bearing on the struck shield (D4.321). Phasers without arcs are taken
  to bear.
* **Owner's choices** ("Any Weapon", "Any W En", which phaser / heavy weapon / drone rack):
  ``--choose`` answers them in order, each a box id or ``-`` for the default; choices not
  answered are taken by the default policy (:mod:`sfb_desk.rules.damage.policy`) and printed
  as "owner's choice, taken by default". An answer that is not one of the options is an error.

Exit codes: 0 done (including a ship destroyed); 2 bad input (unknown ship or box name, a roll
outside 2..12, D4.21, a bad answer); 3 fewer rolls than points: the points that had a roll
were allocated and printed, and the message says how many rolls are missing.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sfb_desk.rules.damage import (
    FRESH,
    ChoiceNeeded,
    DamageEvent,
    Volley,
    VolleyResult,
    allocation_steps,
)
from sfb_desk.rules.damage.bearing import bears_on_shields
from sfb_desk.rules.damage.state import RollsNeeded
from sfb_desk.rules.ship import COUNTED_SYSTEMS, ShipSpec, ShuttleBay, Weapon
from sfb_desk.rules.weapon_types import weapon_type

EXIT_BAD_INPUT = 2
EXIT_MISSING_ROLLS = 3

#: The system names ``--boxes`` accepts (and the JSON output uses).
BOX_NAMES: tuple[str, ...] = (
    "bridge", "flag_bridge", "emergency_bridge", "aux_control", "security", "sensor", "scanner",
    "damage_control", "forward_hull", "aft_hull", "center_hull", "cargo", "left_warp",
    "right_warp", "center_warp", "impulse", "apr", "battery", "phaser", "torpedo", "drone",
    "transporter", "tractor", "shuttle", "lab", "probe", "excess_damage",
)
_AD_HOC_WEAPON = {"phaser": "PH-1", "torpedo": "PHOTON", "drone": "DRONE"}


class InputError(Exception):
    """Bad command-line input (exit code 2)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "dac",
        help="allocate internal damage points on the Damage Allocation Chart (D4)",
        description="Apply D internal damage points with the given 2d6 rolls and print, for "
        "each point, the roll, the chart column and entry, and the box destroyed. Exit 3 when "
        "there are fewer rolls than points, 2 on bad input.",
    )
    ship = parser.add_mutually_exclusive_group(required=True)
    ship.add_argument("--ship", metavar="ID", help="a ship class of the library, e.g. FED-CA")
    ship.add_argument(
        "--boxes", metavar="NAME=COUNT,...",
        help="an ad-hoc ship by box counts; names: " + ", ".join(BOX_NAMES),
    )
    parser.add_argument(
        "--phaser-arcs", metavar="ARC,...",
        help="arcs of each phaser in order, one mount's arcs joined by '+', e.g. FH,FH,LF+L",
    )
    parser.add_argument("--shield", type=int, required=True, metavar="N", help="struck shield 1..6")
    parser.add_argument("--damage", type=int, required=True, metavar="D", help="internal points")
    parser.add_argument("--rolls", required=True, metavar="R1,R2,...", help="2d6 rolls, one per point")
    parser.add_argument(
        "--choose", metavar="ANSWER,...",
        help="answers to the owner's choices in order: a box id, or - for the default",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run_dac)


# ---------------------------------------------------------------------------------------------
# Parsing


def parse_int_list(text: str, what: str) -> list[int]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    try:
        return [int(t) for t in items]
    except ValueError:
        raise InputError(f"{what}: expected whole numbers separated by commas, got {text!r}") from None


def ad_hoc_ship(text: str) -> ShipSpec:
    """A ShipSpec from ``NAME=COUNT,...`` (see :data:`BOX_NAMES`)."""
    counts: dict[str, int] = {}
    for item in (t.strip() for t in text.split(",")):
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip().lower()
        if not sep:
            raise InputError(f"--boxes: expected NAME=COUNT, got {item!r}")
        if name not in BOX_NAMES:
            raise InputError(f"--boxes: unknown system {name!r}; known: {', '.join(BOX_NAMES)}")
        try:
            n = int(value)
        except ValueError:
            raise InputError(f"--boxes: {name} count must be a whole number, got {value!r}") from None
        if n < 0:
            raise InputError(f"--boxes: {name} count cannot be negative")
        if name in counts:
            raise InputError(f"--boxes: {name} given twice")
        counts[name] = n
    systems = tuple((s, counts[s]) for s in COUNTED_SYSTEMS if counts.get(s))
    weapons = tuple(
        Weapon(str(i), code, group)
        for group, code in _AD_HOC_WEAPON.items()
        for i in range(1, counts.get(group, 0) + 1)
    )
    return ShipSpec(
        id="AD-HOC",
        race="GEN",
        race_name="ad hoc",
        class_code="AD-HOC",
        name="ad-hoc ship",
        systems=systems,
        weapons=weapons,
        shuttle_bays=(ShuttleBay(counts["shuttle"]),) if counts.get("shuttle") else (),
        sensor_track=(0,) * counts.get("sensor", 0),
        scanner_track=(0,) * counts.get("scanner", 0),
        damage_control_track=(0,) * counts.get("damage_control", 0),
        excess_damage=counts.get("excess_damage", 0),
    )


def library_ship(ship_id: str) -> ShipSpec:
    """The library class ``ship_id``; damage allocation (D4) needs every box count, so an
    incomplete class is refused (InputError) rather than destroyed by its first point."""
    from sfb_desk.commands.ship_lookup import ShipLookupError, find_ship

    try:
        return find_ship(ship_id)
    except ShipLookupError as error:
        raise InputError(str(error)) from None


def _group(weapon: Weapon) -> str:
    wtype = weapon_type(weapon.type)
    return wtype.dac_group if wtype is not None else "other"


def with_phaser_arcs(spec: ShipSpec, text: str) -> ShipSpec:
    """``spec`` with its phasers' arcs replaced by ``--phaser-arcs``."""
    mounts = [t.strip() for t in text.split(",") if t.strip()]
    phasers = [i for i, w in enumerate(spec.weapons) if _group(w) == "phaser"]
    if len(mounts) != len(phasers):
        raise InputError(f"--phaser-arcs: {len(mounts)} mounts given, the ship has {len(phasers)} phasers")
    weapons = list(spec.weapons)
    for i, mount in zip(phasers, mounts, strict=True):
        arcs = tuple(a.strip().upper() for a in mount.split("+") if a.strip())
        try:
            bears_on_shields(arcs, (), (1,))
        except ValueError as error:
            raise InputError(f"--phaser-arcs: {error}") from None
        weapons[i] = replace(weapons[i], arcs=arcs, extra_bearings=())
    return replace(spec, weapons=tuple(weapons))


# ---------------------------------------------------------------------------------------------
# Running


def run_volley(
    spec: ShipSpec, shield: int, damage: int, rolls: Sequence[int], answers: Sequence[str]
) -> VolleyResult:
    """Allocate, answering the owner's choices from ``answers`` (then the default policy)."""
    queue = list(answers)
    steps = allocation_steps(spec, FRESH, Volley(damage, shields=(shield,)), rolls)
    try:
        prompt = next(steps)
        while True:
            if isinstance(prompt, RollsNeeded):
                prompt = steps.send(None)  # no more rolls: stop, the volley is incomplete
                continue
            assert isinstance(prompt, ChoiceNeeded)
            if prompt.error:
                raise InputError(f"--choose: point {prompt.point}: {prompt.error}; options: {', '.join(prompt.options)}")
            answer = queue.pop(0) if queue else "-"
            prompt = steps.send(None if answer == "-" else answer)
    except StopIteration as stop:
        result: VolleyResult = stop.value
    if queue:
        raise InputError(f"--choose: {len(queue)} answer(s) left over: {', '.join(queue)}")
    return result


def run_dac(args: argparse.Namespace) -> int:
    try:
        spec = library_ship(args.ship) if args.ship else ad_hoc_ship(args.boxes)
        if args.phaser_arcs:
            spec = with_phaser_arcs(spec, args.phaser_arcs)
        if not 1 <= args.shield <= 6:
            raise InputError(f"--shield: shields are numbered 1..6 (D3.1), not {args.shield}")
        if args.damage < 0:
            raise InputError("--damage cannot be negative")
        rolls = parse_int_list(args.rolls, "--rolls")
        answers = [a.strip() for a in (args.choose or "").split(",") if a.strip()]
        result = run_volley(spec, args.shield, args.damage, rolls, answers)
    except InputError as error:
        print(f"error: {error}")
        return EXIT_BAD_INPUT
    if result.issues:
        for issue in result.issues:
            print(f"error: {issue}")
        return EXIT_BAD_INPUT
    if args.json:
        print(json.dumps(result_json(spec, args.shield, args.damage, result), indent=2))
    else:
        print_text(spec, args.shield, args.damage, len(rolls), result)
    return 0 if result.complete else EXIT_MISSING_ROLLS


# ---------------------------------------------------------------------------------------------
# Output


def _choice_text(event: DamageEvent) -> str:
    choice = event.choice
    if choice is None:
        return ""
    rule = choice.rule.split(":", 1)[0]
    if choice.by == "forced":
        return f"forced ({rule}): {choice.chosen} is the best type left"
    who = "owner's choice, taken by default" if choice.by == "default" else "owner's choice"
    return f"{who} ({rule}): {choice.chosen} of {', '.join(choice.options)}"


def _result_text(event: DamageEvent) -> str:
    if event.outcome == "ship_destroyed":
        return "SHIP DESTROYED (D4.40: no excess damage left)"
    if event.outcome == "after_destruction":
        return "(ship already destroyed)"
    box = event.box or ""
    if event.system and not box.startswith(f"{event.system}#"):
        return f"{box} ({event.system})"
    return box


def print_text(spec: ShipSpec, shield: int, damage: int, nrolls: int, result: VolleyResult) -> None:
    print(f"DAC (D4): {spec.id} {spec.name}, shield #{shield}, {damage} internal points, {nrolls} rolls")
    print(f"{'point':>5}  {'roll':>4}  col  {'chart entry':<15} destroyed")
    for e in result.events:
        roll = "-" if e.roll is None else str(e.roll)
        print(f"{e.point:>5}  {roll:>4}  {e.column or '-':^3}  {e.entry or '-':<15} {_result_text(e)}")
        for extra in (_choice_text(e), e.note if e.outcome == "box" else ""):
            if extra:
                print(f"{'':>5}  {'':>4}       {extra}")
        if e.crew_unit_killed:
            print(f"{'':>18}a crew unit is killed (G9.21: every 10th internal point)")
        if e.boarding_party_killed:
            print(f"{'':>18}a boarding party is killed (D7.21)")
    print(f"boxes destroyed: {sum(1 for e in result.events if e.outcome in ('box', 'excess_damage'))}")
    if result.ship_destroyed:
        print("the ship is destroyed (D4.40)")
    if result.crew_units_killed or result.boarding_parties_killed:
        print(f"crew units killed: {result.crew_units_killed}, boarding parties killed: {result.boarding_parties_killed}")
    if not result.complete:
        print(
            f"stopped after point {len(result.events)}: {result.missing_rolls} more roll(s) "
            f"needed for the remaining {result.missing_rolls} point(s) (D4.21: one 2d6 roll per point)"
        )


def event_json(e: DamageEvent) -> dict[str, Any]:
    c = e.choice
    return {
        "point": e.point,
        "roll": e.roll,
        "column": e.column,
        "entry": e.entry,
        "system": e.system,
        "box": e.box,
        "outcome": e.outcome,
        "choice": None if c is None else {
            "kind": c.kind, "options": list(c.options), "chosen": c.chosen, "by": c.by, "rule": c.rule,
        },
        "note": e.note,
        "crew_unit_killed": e.crew_unit_killed,
        "boarding_party_killed": e.boarding_party_killed,
    }


def result_json(spec: ShipSpec, shield: int, damage: int, result: VolleyResult) -> dict[str, Any]:
    return {
        "ship": spec.id,
        "shield": shield,
        "damage": damage,
        "points": [event_json(e) for e in result.events],
        "complete": result.complete,
        "missing_rolls": result.missing_rolls,
        "ship_destroyed": result.ship_destroyed,
        "destroyed": sorted(result.state.destroyed),
        "crew_units_killed": result.crew_units_killed,
        "boarding_parties_killed": result.boarding_parties_killed,
    }
