"""``sfb-desk-cli validate``, ``ships`` and ``ship``: check and browse the ship library.

* ``validate [PATH ...]`` checks ship files (default: the bundled ``ssd_data/ships`` and the
  user's ships folder, both named in the output), prints every
  problem on its own line and a summary, and exits 1 when any file is invalid.
* ``ships [--race R] [--json]`` lists every class with its BPV and completeness.
* ``ship ID [--json]`` prints one class in full.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sfb_desk.commands.ship_lookup import ShipLookupError, find_ship
from sfb_desk.data import paths
from sfb_desk.data.books import for_players, titled
from sfb_desk.data.library import ShipLibrary, load_files, load_library, load_library_for, ship_files
from sfb_desk.data.paths import display_path
from sfb_desk.rules.ship import STATUS_LABELS, ShipSpec

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    import argparse
    from typing import Any


def register(subparsers: argparse._SubParsersAction) -> None:
    validate = subparsers.add_parser(
        "validate",
        help="check ship files against the ship file format",
        description="Check ship files (default: every file of the bundled ssd_data/ships and of "
        "your ships folder). Prints each "
        "problem and a summary; exits 1 if any file is invalid.",
    )
    validate.add_argument("paths", nargs="*", metavar="PATH", help="ship files or folders")
    validate.set_defaults(func=run_validate)

    ships = subparsers.add_parser("ships", help="list the ship classes in the library")
    ships.add_argument("--race", metavar="R", help="only this race code, e.g. FED")
    ships.add_argument("--json", action="store_true", help="print a JSON list")
    ships.set_defaults(func=run_ships)

    ship = subparsers.add_parser("ship", help="show one ship class in full")
    ship.add_argument("ship_id", metavar="ID", help="ship id, e.g. FED-CA (any case)")
    ship.add_argument("--json", action="store_true", help="print JSON")
    ship.add_argument("--details", "--sources", action="store_true", dest="details",
                      help="also show the file, the sources and where each value was read")
    ship.set_defaults(func=run_ship)


# ---------------------------------------------------------------------------------------------
# validate


def run_validate(args: argparse.Namespace) -> int:
    if args.paths:
        files: list[Path] = []
        for target in map(Path, args.paths):
            files.extend(ship_files(target) if target.is_dir() else [target])
        groups = [load_files(files)]
    else:  # what the program loads: the bundled library, then the user's folder (its overrides)
        bundled, user = paths.ssd_data_dir() / "ships", paths.user_data_dir() / "ships"
        groups = [load_files(ship_files(bundled)), load_files(ship_files(user))]
        mine = len(groups[1])
        print(f"checked the bundled library ({display_path(bundled)}) and your ship folder "
              f"({display_path(user)}: " + (f"{mine} file{'s' * (mine != 1)})" if mine else "no files)"))
    results = [r for group in groups for r in group]
    invalid = 0
    for _path, _spec, problems in results:
        invalid += bool(problems)
        for problem in problems:
            print(problem)
    print(f"{len(results)} files, {len(results) - invalid} valid, {invalid} invalid")
    return 1 if invalid else 0


# ---------------------------------------------------------------------------------------------
# ships


def _bpv(spec: ShipSpec) -> str:
    if spec.bpv_combat is None:
        return "-"
    if spec.bpv_economic is None:
        return str(spec.bpv_combat)
    return f"{spec.bpv_economic}/{spec.bpv_combat}"  # economic/combat, as printed (G24.35)


def _completeness(spec: ShipSpec) -> str:
    """verified / draft (playable; check it against your SSD) / incomplete: what is missing."""
    if not spec.complete:
        return "incomplete: " + ", ".join(spec.missing)
    if spec.data_status in ("draft", "reconstructed"):
        return STATUS_LABELS[spec.data_status]
    return "verified" + (f" against {spec.checked_against}" if spec.checked_against else "")


def sources_of(spec: ShipSpec) -> list[dict[str, Any]]:
    """Where the class's facts come from: each public transcription (repository, path, commit,
    the field groups taken from it), then the reference entries."""
    out: list[dict[str, Any]] = [
        {"source": p.source, "repository": p.repository, "path": p.path, "commit": p.commit,
         "fields": list(p.fields)}
        for p in spec.provenance
    ]
    out += [{"reference": titled(text)} for text in spec.sources]
    if spec.checked_against:
        out.append({"player": f"checked against {spec.checked_against}"})
    return out


def _report_library(library: ShipLibrary) -> None:
    for note in library.notes:
        print(f"note: {note}", file=sys.stderr)
    bad_files = len({p.file for p in library.problems})
    if bad_files:
        print(
            f"warning: {bad_files} ship file(s) could not be loaded; "
            "run `sfb-desk-cli validate` for details",
            file=sys.stderr,
        )


def _summary(spec: ShipSpec, library: ShipLibrary) -> dict[str, Any]:
    return {
        "id": spec.id,
        "class_code": spec.class_code,
        "name": spec.name,
        "race": spec.race,
        "race_name": spec.race_name,
        "kind": spec.kind,
        "bpv_combat": spec.bpv_combat,
        "bpv_economic": spec.bpv_economic,
        "complete": spec.complete,
        "status": spec.data_status,
        "missing": list(spec.missing),
        "sources": sources_of(spec),
        "disagreements": len(spec.disagreements),
        "file": display_path(library.files[spec.id.upper()]),
    }


def run_ships(args: argparse.Namespace) -> int:
    library = load_library()
    _report_library(library)
    found = library.search(race=args.race)
    if args.json:
        import json  # only for --json (start-up)
        print(json.dumps([_summary(s, library) for s in found], indent=2))
    else:
        rows = [("ID", "NAME", "RACE", "KIND", "BPV", "STATUS")]
        rows += [(s.id, s.name, s.race, s.kind, _bpv(s), _completeness(s)) for s in found]
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)) + "  " + row[5])
    if not found:
        races = ", ".join(library.races()) or "none"
        print(f"no ship classes for race {args.race!r} (races: {races})", file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------------------------------------
# ship


def _box_counts(spec: ShipSpec) -> dict[str, int]:
    counts = {
        "systems": sum(n for _, n in spec.systems),
        "weapons": sum(w.boxes for w in spec.weapons),
        "shuttles": spec.shuttle_boxes,
        "special": sum(s.boxes for s in spec.special),
        "shields": sum(spec.shields or ()),
        "tracks": len(spec.sensor_track) + len(spec.scanner_track)
        + len(spec.damage_control_track),
        "excess damage": spec.excess_damage or 0,
    }  # fmt: skip
    return {k: v for k, v in counts.items() if v}


def _fact(label: str, value: object) -> str:
    return f"{label:<14}{value}"


def _weapon_ids(w) -> str:  # noqa: ANN001 - a Weapon
    return w.box_ids[0] if w.boxes == 1 else f"{w.box_ids[0]}..{w.box_ids[-1]}"


def _width(values, least: int) -> int:  # noqa: ANN001 - strings
    """A column as wide as ``least`` or its longest value and two spaces, so that a long value
    (a DISPLACEMENT device, a Y175 refit) never runs into the next column."""
    return max([least, *(len(v) + 2 for v in values)])


def _weapon_line(spec: ShipSpec, index: int) -> str:
    w = spec.weapons[index]
    ids = _weapon_ids(w)
    id_w = _width((_weapon_ids(x) for x in spec.weapons), 14)
    type_w = _width((x.type for x in spec.weapons), 12)
    arcs = " ".join(w.arcs) or "arcs not given"
    extras = [f"+bearing {', '.join(map(str, w.extra_bearings))}"] if w.extra_bearings else []
    extras += [f"rack type {w.rack_type}"] if w.rack_type else []
    extras += [f"{w.reloads} reloads"] if w.reloads is not None else []
    extras += [f"range {w.max_range}"] if w.max_range else []
    extras += [f"refit {w.refit}"] if w.refit else []
    extras += [w.note] if w.note else []
    return f"  {ids:<{id_w}}{w.type:<{type_w}}{arcs}" + (f"  ({'; '.join(extras)})" if extras else "")


def _extra_lines(extra: tuple[tuple[str, object], ...]) -> list[str]:
    """Each [extra] fact as "  key: value" (keys of any length never run into their value);
    a list value gets one indented line per item."""
    out: list[str] = []
    for key, value in extra:
        label = key.replace("_", " ")
        if isinstance(value, (list, tuple)):
            out.append(f"  {label}:")
            out += [f"    - {titled(str(item))}" for item in value] or ["    (none)"]
        else:
            out.append(f"  {label}: {titled(str(value))}")
    return out


def describe_ship(spec: ShipSpec, file: str = "", details: bool = False) -> list[str]:
    """Every fact of ``spec`` as text lines (what ``sfb-desk-cli ship ID`` prints) in the
    rulebook's terms; ``details`` (``--details``): also the file, the sources, their
    disagreements and the [extra] facts of where each value was read."""
    out = _describe_ship(spec, file if details else "", details)
    return out if details else [for_players(line) for line in out]


def _describe_ship(spec: ShipSpec, file: str, details: bool) -> list[str]:
    out = [f"{spec.id}: {spec.race_name} {spec.class_code} {spec.name}"]
    where = [f"kind {spec.kind}"]
    where += [f"rule {spec.rule}"] if spec.rule else []
    where += [f"in service Y{spec.year_in_service}"] if spec.year_in_service is not None else []
    out.append("  " + ", ".join(where))
    if file:
        out.append(f"  file {file}")
    confidence = f" (confidence {spec.confidence})" if spec.confidence else ""
    out.append(_fact("Status", _completeness(spec) + confidence))
    out.append(_fact("BPV", _bpv(spec)))
    for label, value in (
        ("Size class", spec.size_class),
        ("Move cost", spec.move_cost),
        ("Turn mode", spec.turn_mode),
        ("Breakdown", spec.breakdown),
        ("HET cost", spec.het_cost),
        ("EM cost", spec.em_cost),
    ):
        out.append(_fact(label, "-" if value is None else value))
    out.append(_fact("Flags", ", ".join(sorted(spec.flags)) or "none"))
    crew = [
        f"{value} {label}"
        for value, label in (
            (spec.crew_units, "crew units"),
            (spec.boarding_parties, "boarding parties"),
            (spec.deck_crews, "deck crews"),
            (spec.spare_shuttles, "spare shuttles"),
        )
        if value is not None
    ]
    out.append(_fact("Crew", ", ".join(crew) or "-"))
    if spec.shields is not None:
        shields = "  ".join(f"#{k} {n}" for k, n in enumerate(spec.shields, start=1))
        out.append(_fact("Shields", f"{shields}  (total {sum(spec.shields)})"))
    else:
        out.append(_fact("Shields", "none"))
    counts = _box_counts(spec)
    total = ", ".join(f"{k} {v}" for k, v in counts.items())
    out.append(_fact("Boxes", f"{len(spec.box_ids())} ({total})"))
    out.append("Tracks")
    for label, values in (
        ("sensor", spec.sensor_track),
        ("scanner", spec.scanner_track),
        ("damage control", spec.damage_control_track),
    ):
        out.append(f"  {label:<16}{' '.join(map(str, values)) or '-'}")
    excess = "-" if spec.excess_damage is None else spec.excess_damage
    out.append(f"  {'excess damage':<16}{excess}")
    out.append("Systems")
    name_w = _width((name for name, _ in spec.systems), 18)
    out += [f"  {name:<{name_w}}{n}" for name, n in spec.systems] or ["  none"]
    out.append(f"Weapons ({len(spec.weapons)})")
    out += [_weapon_line(spec, i) for i in range(len(spec.weapons))] or ["  none"]
    if spec.shuttle_bays:
        out.append("Shuttle bays")
        for n, bay in enumerate(spec.shuttle_bays, start=1):
            tubes = f", {bay.launch_tubes} launch tubes" if bay.launch_tubes else ""
            held = f": {', '.join(bay.contents)}" if bay.contents else ""
            out.append(f"  bay {n}: {bay.boxes} boxes{tubes}{held}")
    if spec.special:
        out.append("Special systems")
        key_w = _width((s.key for s in spec.special), 14)
        for s in spec.special:
            extras = [] if s.damageable else ["not damageable"]
            extras += [f"refit {s.refit}"] if s.refit else []
            extras += [s.note] if s.note else []
            tail = f"  ({'; '.join(extras)})" if extras else ""
            out.append(f"  {s.key:<{key_w}}{s.name}: {s.boxes} boxes{tail}")
    if spec.refits:
        out.append("Refits")
        code_w = _width((r.code for r in spec.refits), 4)
        for r in spec.refits:
            year = f"Y{r.year}" if r.year is not None else "Y?"
            bpv = f"BPV {r.bpv_delta:+d}" if r.bpv_delta is not None else "BPV ?"
            adds = f" [adds {', '.join(r.adds_boxes)}]" if r.adds_boxes else ""
            out.append(f"  {r.code:<{code_w}}{year:<6}{bpv:<9}{r.description}{adds}")
    if not details:
        hidden = [f"{len(spec.disagreements)} disagreements between sources"] \
            if spec.disagreements else []
        hidden += ["the facts of where each value was read"] if spec.extra else []
        for title, items in (("Missing", spec.missing), ("Notes", spec.notes)):
            out.append(title)
            out += [f"  - {item}" for item in items] or ["  none"]
        out.append("Sources       shown with --details"
                   + (f" (with {' and '.join(hidden)})" if hidden else ""))
        return out
    if spec.disagreements:
        out.append("Disagreements")
        for d in spec.disagreements:
            others = "; ".join(f"{src} {value}" for src, value in d.values)
            agreeing = f"; agreeing: {', '.join(d.agreeing)}" if d.agreeing else ""
            note = f"; {d.note}" if d.note else ""
            out.append(f"  {d.field}: chose {d.chosen} ({others}{agreeing}{note})")
    if spec.extra:
        out.append("Extra")
        out += _extra_lines(spec.extra)
    found = [*map(titled, spec.sources), *(f"{p.source}: {p.repository} {p.path} @{p.commit} "
                              f"({', '.join(p.fields)})" for p in spec.provenance)]
    if spec.checked_against:
        found.append(f"checked by the player against {spec.checked_against}")
    for title, items in (
        ("Missing", spec.missing),
        ("Notes", spec.notes),
        ("Sources", found),
    ):
        out.append(title)
        out += [f"  - {item}" for item in items] or ["  none"]
    return out


def run_ship(args: argparse.Namespace) -> int:
    library = load_library_for(args.ship_id)
    try:
        spec = find_ship(args.ship_id, library, complete=False)
    except ShipLookupError as error:
        print(error, file=sys.stderr)
        _report_library(library)
        return 1
    file = display_path(library.files[spec.id.upper()])
    if args.json:
        from sfb_desk.data.ship_convert import spec_to_table  # the file format: only for --json

        table = spec_to_table(spec)
        table["file"] = file
        table["box_count"] = len(spec.box_ids())
        table["box_counts"] = _box_counts(spec)
        import json  # only for --json (start-up)
        print(json.dumps(table, indent=2))
    else:
        print("\n".join(describe_ship(spec, file, details=args.details)))
    return 0
