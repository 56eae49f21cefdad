"""What a scenario file is checked for beyond its schema (:func:`check_scenario`): cross-field
rules and the ship library (every unit's ship class known and in service, sides, set-up hexes
and facings consistent); each problem an :class:`~sfb_desk.data.ship_errors.Issue` with its
location, message and expected value. Loading is :mod:`sfb_desk.data.scenario_file`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenario_schema import (
    DIRECTIONS,
    EDGES,
    PRACTICE_PREFIX,
    Scenario,
    Unit,
)
from sfb_desk.data.ship_errors import (
    Issue,
    Loc,
    did_you_mean,
    one_of,
)
from sfb_desk.rules.hexes import STANDARD_MAP, hex_from_label
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.systems.mines import mine_record_problem
from sfb_desk.rules.systems.terrain import KINDS
from sfb_desk.rules.systems.terrain.waves import parse_motion, row_axis, check_motion


def _ship_issues(
    loc: Loc, unit: Unit, year: int | None, library: ShipLibrary
) -> tuple[list[Issue], ShipSpec | None]:
    issues: list[Issue] = []
    spec: ShipSpec | None = None
    if unit.ship is not None:
        if unit.ship in library:
            spec = library.get(unit.ship)
        else:
            close = library.suggestions(unit.ship)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            issues.append(
                Issue(
                    loc + ("ship",),
                    f"no ship class {unit.ship!r} in the library{hint}",
                    "the id of a ship file (sfb-desk-cli ships lists them)",
                )
            )
    for i, other in enumerate(getattr(unit, "alternatives", [])):
        if other not in library:
            message = f"no ship class {other!r} in the library"
            issues.append(Issue(loc + ("alternatives", i), message, "the id of a ship file"))
    if spec is None:
        if unit.refits and unit.ship is None:
            issues.append(Issue(loc + ("refits",), "refits without a ship", "a ship id"))
        return issues, spec
    if getattr(unit, "damage", None):
        known = set(spec.box_ids())
        for i, box in enumerate(unit.damage):
            if box not in known:
                issues.append(Issue(loc + ("damage", i), f"{spec.id} has no box {box!r}",
                                    "a box id of the ship's SSD (sfb-desk-cli ship ID lists them)"))
    codes = [r.code for r in spec.refits]
    for i, code in enumerate(unit.refits):
        refit = next((r for r in spec.refits if r.code == code), None)
        if refit is None:
            issues.append(
                Issue(
                    loc + ("refits", i),
                    f"{spec.id} has no refit {code!r}{did_you_mean(code, codes)}",
                    one_of(codes) if codes else "no refits: this class lists none",
                )
            )
        elif year is not None and refit.year is not None and refit.year > year:
            issues.append(
                Issue(
                    loc + ("refits", i),
                    f"refit {code!r} of {spec.id} dates from Y{refit.year}, after the "
                    f"scenario's year Y{year}",
                    f"refits of Y{year} or earlier",
                )
            )
    return issues, spec


def check_scenario(scenario: Scenario, library: ShipLibrary) -> list[Issue]:
    """The checks that span fields or need the ship library (see the module docstring)."""
    issues: list[Issue] = []

    def add(loc: Loc, message: str, expected: str = "") -> None:
        issues.append(Issue(loc, message, expected))

    head, source, status = scenario.scenario, scenario.source, scenario.status
    practice_id = head.id.startswith(PRACTICE_PREFIX)
    if head.origin == "practice":
        if not practice_id:
            add(("scenario", "id"), f"practice set-up id {head.id!r} does not start with "
                f"{PRACTICE_PREFIX!r}", f'"{PRACTICE_PREFIX}..." (not a rulebook number)')
        if head.rule is not None:
            add(("scenario", "rule"), "a practice set-up has no rule number",
                "no rule: practice set-ups are SFB Desk's, not the rulebook's")
    else:
        if practice_id:
            add(("scenario", "origin"), f"{head.id!r} is a practice id but origin is "
                f"{head.origin!r}", '"practice"')
        if head.rule is None:
            add(("scenario", "rule"), "missing required field",
                f'the rule number, e.g. "{head.id}.0"')
        elif head.rule.split(".")[0] != head.id and head.rule != head.id:
            add(("scenario", "rule"), f"rule {head.rule!r} is not scenario {head.id!r}",
                f'"{head.id}.0"')
        if source is None or source.seed is None:
            add(("source", "seed") if source else ("source",), "missing required field",
                'the rulebook\'s source id ("000" Advanced Missions, "002" Module C2) and the '
                "lines the scenario comes from")
    if source is not None and source.lines[0] > source.lines[1]:
        add(("source", "lines"), f"lines run backwards ({source.lines[0]} to "
            f"{source.lines[1]})", "[first line, last line]")
    if not status.playable and not status.reason.strip():
        add(("status", "reason"), "playable = false without a reason",
            "why the program cannot play it (the app shows it)")
    if not scenario.length.turns and not scenario.length.until.strip():
        add(("length",), "no length given", 'turns = N or until = "..."')
    fixed = scenario.map.kind == "fixed"
    for t, terrain in enumerate(scenario.terrain):
        for h, label in enumerate(terrain.hexes):
            if fixed and not STANDARD_MAP.contains(hex_from_label(label)):
                add(("terrain", t, "hexes", h), *_off_map(label))
        for loc, problem, fix in terrain_issues(terrain):
            add(("terrain", t, *loc), problem, fix)
    names = [side.name for side in scenario.sides]
    for s, side in enumerate(scenario.sides):
        if side.name in names[:s]:
            add(("sides", s, "name"), f"side {side.name!r} named twice",
                "a different name for each side")
        if not side.units and not side.forces:
            add(("sides", s, "units"), "a side with no units and no forces",
                "at least one [[sides.units]] or [[sides.forces]]")
        for e, edge in enumerate(side.exit_edges):
            if fixed and edge in DIRECTIONS:
                add(("sides", s, "exit_edges", e), f"direction {edge!r} on a fixed map",
                    one_of(EDGES))
            if not fixed and edge in EDGES:
                add(("sides", s, "exit_edges", e), f"map edge {edge!r} on a floating map",
                    "a direction A to F")
        for u, unit in enumerate(side.units):
            loc: Loc = ("sides", s, "units", u)
            _unit_kind_issues(loc, unit, add)
            if not unit.monster:
                for key, example in (("facing", 'facing = "A"'), ("weapon_status", "0 to 3")):
                    if getattr(unit, key) is None:
                        add(loc + (key,), "missing required field", example)
            found, _spec = _ship_issues(loc, unit, head.year, library)
            issues.extend(found)
            if unit.mine_racks is not None:
                _rack_issues(loc + ("mine_racks",), unit, _spec, add)
            if unit.hex is None and not unit.entry.strip():
                add(loc + ("hex",), "no set-up hex or entry", 'hex = "2215" or entry = "..."')
            if unit.within is not None and unit.hex is None:
                add(loc + ("within",), "within without a hex", 'the hex: hex = "0825"')
            if fixed and unit.hex is not None and not STANDARD_MAP.contains(
                hex_from_label(unit.hex)
            ):
                add(loc + ("hex",), *_off_map(unit.hex))
        for f, force in enumerate(side.forces):
            for u, line in enumerate(force.units):
                loc = ("sides", s, "forces", f, "units", u)
                _unit_kind_issues(loc, line, add)
                issues.extend(_ship_issues(loc, line, head.year, library)[0])
    for m, field in enumerate(scenario.minefields):
        if field.side not in names:
            add(("minefields", m, "side"), f"no side named {field.side!r}"
                f"{did_you_mean(field.side, names)}", one_of(list(dict.fromkeys(names))))
        if len(field.columns) == 1:
            add(("minefields", m, "columns"), "one column given", "[first, last]")
        elif field.columns and field.columns[0] > field.columns[1]:
            add(("minefields", m, "columns"), "columns run backwards", "[first, last]")
        for i, mine in enumerate(field.mines):
            if fixed and not STANDARD_MAP.contains(hex_from_label(mine.hex)):
                add(("minefields", m, "mines", i, "hex"), *_off_map(mine.hex))
            problem = mine_record_problem(mine.type, mine.control, mine.size)
            if problem:
                add(("minefields", m, "mines", i, "type"), *problem)
    victory = scenario.victory
    scored = [side.name for side in scenario.sides if not side.neutral]
    if victory.kind in ("standard", "modified") and len(scored) != 2:
        add(("victory", "kind"), f"{victory.kind} victory conditions with {len(scored)} "
            "scored sides", "two sides that are not neutral (S2.20 scores two)")
    if victory.mine_points is not None and victory.mine_points.side not in names:
        add(("victory", "mine_points", "side"), f"no side named {victory.mine_points.side!r}",
            one_of(list(dict.fromkeys(names))))
    for b, bonus in enumerate(victory.bonus):
        if bonus.side not in names:
            add(("victory", "bonus", b, "side"), f"no side named {bonus.side!r}"
                f"{did_you_mean(bonus.side, names)}", one_of(list(dict.fromkeys(names))))
    return issues


def _rack_issues(loc: Loc, unit: Unit, spec: ShipSpec | None, add: Callable[..., None]) -> None:
    """The mines loaded in a unit's racks fit them (M9.11: four large a rack box, two small
    for a large) and the class has that many racks."""
    from sfb_desk.rules.systems.mines.laying import RACK_CAPACITY, SMALL_PER_LARGE

    racks = sum(s.boxes for s in spec.special if s.key == "mine_rack") if spec else 0
    if spec is not None and len(unit.mine_racks) > racks:
        add(loc, f"{len(unit.mine_racks)} rack loads for the {racks} mine racks of "
            f"{spec.id} (M9.11)", f"at most {racks} loads")
    for i, load in enumerate(unit.mine_racks):
        if load.large * SMALL_PER_LARGE + load.small > RACK_CAPACITY * SMALL_PER_LARGE:
            add(loc + (i,), f"{load.large} large and {load.small} small mines do not fit a mine "
                "rack (M9.11: four large, two small for each large)",
                "large * 2 + small at most 8")


def _unit_kind_issues(loc: Loc, unit: Any, add: Callable[..., None]) -> None:
    """A unit (or force line) names exactly one of ship, unlisted, monster; ship_needed only
    with unlisted."""
    kinds = ("ship", "unlisted", "monster") if hasattr(unit, "monster") else ("ship", "unlisted")
    given = [k for k in kinds if getattr(unit, k)]
    if len(given) != 1:
        add(loc, f"a unit needs exactly one of {', '.join(kinds)} "
            f"({' and '.join(given) or 'none'} given)",
            'ship = "FED-CA", unlisted = "what the scenario prints" or monster = "..."')
    if unit.ship_needed is not None and not unit.unlisted:
        add(loc + ("ship_needed",), "ship_needed without unlisted",
            "ship_needed names the ship file an unlisted unit waits for")
    if getattr(unit, "age", None) and unit.monster != "Space Dragon":
        add(loc + ("age",), "only a Space Dragon has an age (SM7.461)", "leave age out")


def _off_map(label: str) -> tuple[str, str]:
    return f"hex {label} is off the fixed 42x30 map", "a hex from 0101 to 4230"


def terrain_issues(terrain) -> list[tuple[tuple, str, str]]:  # noqa: ANN001 - a Terrain table
    """What is wrong with one ``[[terrain]]``: a kind that needs hexes without them, a gravity
    wave without its two end hexes on one row, strength and motion (P9.11, P9.12), an ion
    storm's motion that is not two adjacent directions (P14.2)."""
    out: list[tuple[tuple, str, str]] = []
    info = KINDS[terrain.kind]
    if terrain.kind == "gravity_wave":
        if len(terrain.hexes) != 2:
            out.append((("hexes",), "a gravity wave is given by its two end hexes (P9.11)",
                        'hexes = ["0501", "0103"]'))
        if terrain.strength is None:
            out.append((("strength",), "a gravity wave needs its points (P9.12)",
                        "strength = 20"))
        if not terrain.motion:
            out.append((("motion",), "a gravity wave needs its directions (P9.12)",
                        'motion = "C/D"'))
        if len(terrain.hexes) == 2 and terrain.motion:
            try:
                a, b = (hex_from_label(h) for h in terrain.hexes)
                check_motion(row_axis(a, b), parse_motion(terrain.motion))
            except ValueError as error:
                out.append((("motion",), str(error), 'the two ends on one row, e.g. "0501", '
                            '"0103" moving "C/D"'))
    elif terrain.motion:
        if terrain.kind != "ion_storm":
            out.append((("motion",), f"only gravity waves and ion storms move, not "
                        f"{terrain.kind}", "leave motion out"))
        else:
            try:
                parse_motion(terrain.motion)
            except ValueError as error:
                out.append((("motion",), str(error), 'motion = "C/D"'))
    if not terrain.hexes and not info.area and terrain.kind != "gravity_wave":
        out.append((("hexes",), f"{info.name} needs at least one hex (only area terrain "
                    "covers the whole map)", 'hexes = ["2215"]'))
    return out
