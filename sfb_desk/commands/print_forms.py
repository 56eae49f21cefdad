"""``sfb-desk-cli print``: SSD and EA forms to PDF, blank or with a saved game's state.

``print ssd ID [ID ...] -o FILE.pdf [--game SAVE] [--page a4|letter] [--orientation ...]``
writes one SSD page per ship. Without ``--game`` an ID is a ship class (``FED-CA``) and the
page is blank; with ``--game`` an ID may also be a unit of the save (its destroyed boxes are
crossed out), a class with exactly one unit in the save, and no ID at all prints every ship of
the save.

``print ea ID -o FILE.pdf [--turns N] [--game SAVE]`` writes the energy allocation form of one
ship for N turns (see :mod:`sfb_desk.printing.ea_form`).

The forms are drawn by the same renderer as the app's screen and print preview; the command
starts an offscreen QGuiApplication (fonts, PDF writer) when none exists. Exit status: 0
written, 1 an unknown ship or unit, an unreadable save or an unwritable file, 2 bad usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.rules.ship import ShipSpec, normalise_ship_id


class CliError(Exception):
    """A problem to report on stderr with exit status 1."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "print",
        help="print SSD or EA forms to PDF (blank, or with a saved game's damage)",
        description="Print SSD or energy allocation forms to a PDF file.",
    )
    forms = p.add_subparsers(dest="form", metavar="FORM")
    p.set_defaults(func=_missing_form, print_parser=p)

    ssd = forms.add_parser("ssd", help="one SSD page per ship",
                           description="Write one SSD page per ship to a PDF file.")
    ssd.add_argument("ids", nargs="*", metavar="ID",
                     help="ship class id (FED-CA), or with --game a unit id of the save")
    _common(ssd)
    ssd.set_defaults(func=run_ssd)

    ea = forms.add_parser("ea", help="the energy allocation form of one ship",
                          description="Write a ship's energy allocation form to a PDF file.")
    ea.add_argument("id", metavar="ID", help="ship class id, or with --game a unit id")
    ea.add_argument("--turns", type=int, default=4, metavar="N",
                    help="turns (columns) on the form, 1-8 (default 4)")
    _common(ea)
    ea.set_defaults(func=run_ea)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="PDF file to write")
    p.add_argument("--game", metavar="SAVE", help="saved game: mark its damage (and allocation)")
    p.add_argument("--page", choices=("letter", "a4"), default="letter",
                   help="page size (default letter)")
    p.add_argument("--orientation", choices=("auto", "portrait", "landscape"), default="auto",
                   help="page orientation (default auto: the larger print for each page)")


def _missing_form(args: argparse.Namespace) -> int:
    args.print_parser.print_usage(sys.stderr)
    print("sfb-desk-cli print: choose a form: ssd or ea", file=sys.stderr)
    return 2


# ---------------------------------------------------------------------------------------------
# Ships and units


@dataclass(frozen=True, slots=True)
class Target:
    """One form to print: the ship class, and the unit of a save it shows (if any)."""

    spec: ShipSpec
    unit: object | None = None  # sfb_desk.rules.units.Unit
    status: str = ""


def _load_game(path: str):
    from sfb_desk.data.saves import SaveError, load_game

    try:
        return load_game(path)
    except SaveError as exc:
        raise CliError(str(exc)) from None


def _class(library: ShipLibrary, ship_id: str) -> ShipSpec:
    try:
        return library.get(ship_id)
    except KeyError as exc:
        raise CliError(exc.args[0]) from None


def _unit_status(save: str, turn: int, unit, count: int) -> str:
    name = f" {unit.name}" if unit.name else ""
    damage = f"{count} box{'es' if count != 1 else ''} destroyed" if count else "no damage"
    return f"{Path(save).name}, turn {turn}: unit {unit.id}{name}, {damage}"


def resolve(library: ShipLibrary, ids: list[str], game: str | None,
            session=None) -> list[Target]:
    """Ship classes (blank) or, with a save, its units (with their damage). ``session`` is the
    loaded save when the caller has it already."""
    if game is None:
        if not ids:
            raise CliError("give at least one ship ID (or --game SAVE to print its ships)")
        return [Target(_class(library, i)) for i in ids]
    state = (session or _load_game(game)).state
    ships = [u for u in state.units if u.spec_id]
    if not ids:
        ids = [u.id for u in ships]
        if not ids:
            raise CliError(f"{game}: the save has no ship units with a ship class")
    targets = []
    for wanted in ids:
        unit = state.find(wanted)
        if unit is None:
            key = normalise_ship_id(wanted)
            matches = [u for u in ships if normalise_ship_id(u.spec_id) == key]
            if len(matches) > 1:
                raise CliError(f"{game}: {len(matches)} units are {key} "
                               f"({', '.join(u.id for u in matches)}); give a unit id")
            if not matches:
                known = ", ".join(f"{u.id} ({u.spec_id})" for u in ships) or "none"
                raise CliError(f"{game}: no unit or ship class {wanted!r} in the save "
                               f"(units: {known})")
            unit = matches[0]
        if not unit.spec_id:
            raise CliError(f"{game}: unit {unit.id} has no ship class to print")
        spec = _class(library, unit.spec_id)
        count = len(frozenset(unit.destroyed).intersection(spec.box_ids()))
        targets.append(Target(spec, unit, _unit_status(game, state.turn, unit, count)))
    return targets


def ea_sheet(target: Target, turns: int, session=None):
    """The EA sheet of a class (blank) or of a saved unit: its damage, and this turn's
    allocation from its ship record (full rules: entries, energy, totals, issues) or from the
    unit's allocation record (movement-only games: the entries)."""
    from dataclasses import replace

    from sfb_desk.engine.energy_steps import parse_allocation
    from sfb_desk.printing.ea_form import EaSheet, decode_allocation
    from sfb_desk.rules.energy import Allocation

    spec, unit = target.spec, target.unit
    if unit is None or session is None:
        return EaSheet(spec, turns)
    turn = session.state.turn
    destroyed = frozenset(unit.destroyed)
    record = session.combat.ship(unit.id)
    if record is not None:
        energy = replace(record.energy, destroyed=destroyed)
        return EaSheet(spec, turns, destroyed, record.allocation, turn, target.status, energy)
    try:
        raw = decode_allocation(unit.allocation or None)
    except ValueError as exc:
        raise CliError(f"unit {unit.id}: its allocation cannot be read ({exc})") from None
    if raw is None:
        return EaSheet(spec, turns, destroyed, None, turn, target.status)
    parsed = parse_allocation(raw, spec.id, turn)
    allocation = parsed if isinstance(parsed, Allocation) else raw
    return EaSheet(spec, turns, destroyed, allocation, turn, target.status)


# ---------------------------------------------------------------------------------------------
# Qt


def ensure_gui_app():
    """The running QGuiApplication, or a new offscreen one (the CLI needs no display)."""
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication(["sfb-desk-cli"])
    return app


def _write(path: str, sheets: list, page: str, orientation: str, title: str) -> list:
    from sfb_desk.printing.output import PageSetup, export_pdf

    out = Path(path)
    if out.parent and not out.parent.is_dir():
        raise CliError(f"{path}: the folder {out.parent} does not exist")
    ensure_gui_app()
    try:
        job = export_pdf(out, sheets, PageSetup(page, orientation), title)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if not out.is_file() or out.stat().st_size == 0:
        raise CliError(f"{path}: could not be written")
    return job.pages


def run_ssd(args: argparse.Namespace) -> int:
    try:
        targets = resolve(load_library(), list(args.ids), args.game)
        from sfb_desk.printing.output import SsdSheet

        sheets = [SsdSheet(t.spec, frozenset(t.unit.destroyed) if t.unit else frozenset(),
                           t.status) for t in targets]
        pages = _write(args.output, sheets, args.page, args.orientation, "SFB Desk SSD")
    except CliError as exc:
        print(f"sfb-desk-cli print ssd: {exc}", file=sys.stderr)
        return 1
    described = ", ".join(f"{t.unit.id if t.unit else t.spec.id} {p.orientation}"
                          for t, p in zip(targets, pages, strict=True))
    print(f"wrote {args.output}: {len(pages)} SSD page{'s' if len(pages) != 1 else ''} "
          f"({args.page}; {described})")
    return 0


def run_ea(args: argparse.Namespace) -> int:
    from sfb_desk.printing.ea_form import MAX_TURNS

    if not 1 <= args.turns <= MAX_TURNS:
        print(f"sfb-desk-cli print ea: --turns must be 1..{MAX_TURNS}, not {args.turns}",
              file=sys.stderr)
        return 2
    try:
        session = _load_game(args.game) if args.game else None
        (target,) = resolve(load_library(), [args.id], args.game, session)
        sheet = ea_sheet(target, args.turns, session)
        pages = _write(args.output, [sheet], args.page, args.orientation, "SFB Desk EA form")
    except CliError as exc:
        print(f"sfb-desk-cli print ea: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.output}: EA form of {target.unit.id if target.unit else target.spec.id}"
          f" for {args.turns} turn{'s' if args.turns != 1 else ''} ({args.page}, "
          f"{pages[0].orientation})")
    return 0
