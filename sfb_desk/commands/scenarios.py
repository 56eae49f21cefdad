"""``sfb-desk-cli scenarios`` and ``scenario``: browse the scenario library.

* ``scenarios [--json]`` lists every scenario: id, title, rule, origin and whether the program
  can play it (with the reason when not); problems of files that did not load go to stderr.
* ``scenario ID [--json] [--details]`` shows one scenario in full (ids ignore case: ``sg22``)
  in the rulebook's terms; ``--details`` (or ``--sources``) adds where each fact came from.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sfb_desk.data.books import book_title, for_players, lines_text, titled
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.scenario_file import Scenario
from sfb_desk.data.scenario_play import playability, unit_label
from sfb_desk.data.scenarios import ScenarioLibrary, load_scenarios, unit_bpv, unit_keys
from sfb_desk.data.ship_file import display_path

WS_NAMES = {0: "WS-0", 1: "WS-I", 2: "WS-II", 3: "WS-III", "roll": "rolled (S4)"}


def register(subparsers: argparse._SubParsersAction) -> None:
    listing = subparsers.add_parser("scenarios", help="list the scenarios")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    listing.set_defaults(func=run_scenarios)

    one = subparsers.add_parser("scenario", help="show one scenario in full")
    one.add_argument("scenario_id", metavar="ID", help="scenario id, e.g. SG22 (any case)")
    one.add_argument("--json", action="store_true", help="print JSON")
    one.add_argument("--details", "--sources", action="store_true", dest="details",
                     help="also show where each fact came from (rulebook lines, file)")
    one.set_defaults(func=run_scenario)


def _report(library: ScenarioLibrary) -> None:
    for problem in library.problems:
        print(f"problem: {problem}", file=sys.stderr)


def _summary(scenario: Scenario, library: ScenarioLibrary, ships: ShipLibrary) -> dict[str, Any]:
    head = scenario.scenario
    play = playability(scenario, ships)
    return {
        "id": head.id,
        "title": head.title,
        "rule": head.rule,
        "origin": head.origin,
        "playable": play.playable,
        "reason": play.summary(),
        "missing": [
            {"ship": m.ship_id, "printed": m.printed, "missing": m.missing, "exists": m.exists}
            for m in play.missing
        ],
        "file": display_path(library.files[head.id.upper()]),
    }


def run_scenarios(args: argparse.Namespace) -> int:
    ships = load_library()
    library = load_scenarios(ships=ships)
    _report(library)
    found = library.sorted()
    summaries = [_summary(s, library, ships) for s in found]
    if args.json:
        print(json.dumps(summaries, indent=2))
        return 0
    rows = [("ID", "RULE", "ORIGIN", "PLAYABLE", "TITLE")]
    for s, summary in zip(found, summaries, strict=True):
        playable = "yes" if summary["playable"] else "no"
        rows.append((s.id, s.scenario.rule or "-", s.scenario.origin, playable, s.title))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[4])
    playable = sum(1 for summary in summaries if summary["playable"])
    print(f"{playable} of {len(found)} scenarios playable")
    for s, summary in zip(found, summaries, strict=True):
        if not summary["playable"]:
            print(f"{s.id} is not playable: {summary['reason']}")
    return 0


def _unit_line(key: str, unit: Any, bpv: str, ships: ShipLibrary) -> str:
    what = unit_label(unit, ships)
    if unit.refits:
        what += f" (refits {', '.join(unit.refits)})"
    where = unit.hex or unit.entry
    if unit.within:
        where = f"within {unit.within} of {where}"
    parts = [what if key == what else f"{key}: {what}", f"in {where}"]
    if unit.facing == "choice":
        parts.append("heading at player's option")
    elif unit.facing:
        parts.append(f"heading {unit.facing}")
    parts.append(f"speed {unit.speed}")
    if unit.weapon_status is not None:
        parts.append(WS_NAMES[unit.weapon_status])
    if unit.arrives_turn:
        parts.append(f"arrives turn {unit.arrives_turn}")
    parts.append(f"BPV {bpv}")
    line = "    " + ", ".join(parts)
    if unit.printed:
        line += f"\n      printed: {unit.printed}"
    if unit.alternatives:
        line += f"\n      or: {', '.join(unit.alternatives)}"
    if unit.flags:
        line += f"\n      flags: {', '.join(unit.flags)}"
    if unit.note:
        line += f"\n      note: {unit.note}"
    return line


def describe_scenario(scenario: Scenario, ships: ShipLibrary, file: str = "",
                      details: bool = False) -> list[str]:
    """Every fact of ``scenario`` as text lines (what ``sfb-desk-cli scenario ID`` prints), in
    the rulebook's terms; ``details``: also where each fact came from (the rulebook's lines,
    the file, the program's notes), as ``--details`` prints."""
    out = _describe(scenario, ships, file if details else "", details)
    return out if details else [for_players(line) for line in out]


def _describe(scenario: Scenario, ships: ShipLibrary, file: str, details: bool) -> list[str]:
    head, status, source = scenario.scenario, scenario.status, scenario.source
    rule = f" ({head.rule})" if head.rule else ""
    out = [f"{head.id}: {head.title}{rule}"]
    origin = {
        "rulebook": "rulebook scenario",
        "reconstructed": "RECONSTRUCTED by SFB Desk: only title and number are the rulebook's",
        "practice": "SFB Desk practice set-up, not a rulebook scenario",
    }[head.origin]
    out.append(f"  {origin}")
    if source is not None:
        book = titled(source.book) or book_title(source.seed) or "the rulebook"
        if details:
            out.append(f"  source: {book}, {lines_text(*source.lines)}")
            out.extend(f"    {c}" for c in source.cites)
        else:
            out.append(f"  from {book}")
    if file:
        out.append(f"  file {file}")
    year = f"Y{head.year}" if head.year is not None else "chosen by the players"
    out.append(f"Year          {year}" + (f" ({head.year_note})" if head.year_note else ""))
    if head.players:
        out.append(f"Players       {head.players}")
    play = playability(scenario, ships)
    out.append("Playable      " + ("yes" if play.playable else f"no: {play.summary()}"))
    out.extend(f"  limitation: {x}" for x in status.limitations)
    map_note = f" ({scenario.map.note})" if scenario.map.note else ""
    out.append(f"Map           {scenario.map.kind}{map_note}")
    for terrain in scenario.terrain:
        rule_text = f" ({terrain.rule})" if terrain.rule else ""
        label = terrain.name or terrain.kind
        out.append(f"Terrain       {label}{rule_text}: {' '.join(terrain.hexes)}")
    for field in scenario.minefields:
        what = f"{len(field.mines)} mines placed" if field.mines else f"{field.package} package"
        where = f" in {field.area}" if field.area else ""
        hidden = ", hidden from the enemy (M6.1)" if field.hidden else ""
        rule_text = f" ({field.rule})" if field.rule else ""
        out.append(f"Minefield     {field.side}: {what}{where}{hidden}{rule_text}")
    length = scenario.length
    turns = f"{length.turns} turns" if length.turns else ""
    out.append("Length        " + "; ".join(x for x in (turns, length.until) if x))
    if scenario.options is not None:
        opt = scenario.options
        budget = f"{opt.percent}% of each ship's combat BPV"
        budget += f", {opt.per_side} per side" if opt.per_side is not None else ""
        budget += ", if both players agree" if opt.requires_agreement else ""
        out.append(f"Options       {budget}" + (f" ({opt.note})" if opt.note else ""))
    switches = scenario.rules.model_dump(exclude_none=True)
    if switches:
        out.append("Rules         " + ", ".join(f"{k} {v}" for k, v in switches.items()))
    for rule_entry in scenario.special_rules:
        out.append(f"  ({rule_entry.rule or '-'}) {rule_entry.text}")
    keys = iter(unit_keys(scenario))
    for side in scenario.sides:
        tags = [side.player] if side.player else []
        tags += ["neutral"] if side.neutral else []
        out.append(f"Side {side.name}" + (f" ({', '.join(tags)})" if tags else ""))
        if side.exit_edges or side.exit_note:
            edges = " ".join(side.exit_edges) or "any"
            out.append(f"    exits: {edges}" + (f" ({side.exit_note})" if side.exit_note else ""))
        for unit in side.units:
            bpv, _ = unit_bpv(unit, ships, scenario.victory.bpv)
            out.append(_unit_line(next(keys), unit, "-" if bpv is None else str(bpv), ships))
        for force in side.forces:
            out.append(f"    force {force.label}: {force.note or ', '.join(u.printed for u in force.units)}")
    victory = scenario.victory
    out.append(f"Victory       {victory.kind}" + (f" ({victory.rule})" if victory.rule else ""))
    out.append(f"  {victory.text}")
    for bonus in victory.bonus:
        out.append(f"  bonus: {bonus.side} +{bonus.points}")
    for level in victory.levels:
        out.append(f"  {level.outcome} = {level.level}")
    out.extend(f"Note: {n}" for n in head.notes)
    return out


def run_scenario(args: argparse.Namespace) -> int:
    ships = load_library()
    library = load_scenarios(ships=ships)
    try:
        scenario = library.get(args.scenario_id)
    except KeyError as error:
        _report(library)
        print(error.args[0], file=sys.stderr)
        return 1
    file = display_path(library.files[scenario.id.upper()])
    if args.json:
        data = {"file": file, **scenario.model_dump(mode="json", exclude_none=True)}
        data["unit_keys"] = unit_keys(scenario)
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(describe_scenario(scenario, ships, file, details=args.details)))
    return 0
