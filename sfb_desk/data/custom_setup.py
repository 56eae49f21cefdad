"""A game set up by hand: units typed into the set-up dialog turned into a :class:`GameSetup`.

A :class:`UnitEntry` is one row of the dialog's units table (ship class, unit id, side, hex,
facing, speed, weapon status). :func:`check_entries` lists what is wrong with the rows as
:class:`SetupProblem` s, each naming the row, the field and the rule; :func:`setup_from_entries`
builds an in-memory :class:`~sfb_desk.data.scenario_schema.Scenario` from the rows and sets it
up through :func:`~sfb_desk.data.game_setup.units_from_scenario`, the one set-up path scenario
files take too. :func:`entries_from_scenario` goes the other way, so a scenario can be chosen,
edited (e.g. the weapon status a scenario says to roll) and started by the same path.

The checks (each cites its rule):

* the ship class is in the library and its file is complete (box counts are never guessed);
* unit ids are unique and plain (they name the units in prompt keys, logs and saves);
* at least two sides (S2.20 scores a game between two sides);
* the hex is readable and, on the fixed 42x30 map, on it (a unit off the map has disengaged,
  C7.0);
* the facing is A to F;
* the speed is 0 to the ship's maximum: warp power / movement cost + 1 for impulse, never
  above 31 (C12.384, C2.112);
* the weapon status is 0 to 3 (S4.0; a scenario's "roll" must be rolled and entered).

Two units in one hex is legal (units share hexes when docking, C13.11, or forming a pinwheel,
C14.20; fire at range 0 follows D3.42): it is reported by :func:`entry_notes`, not refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sfb_desk.data.game_setup import GameSetup, SetupError, add_dragons, units_from_scenario
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.battlefield import battlefield_of, game_unit_ids
from sfb_desk.data.scenario_play import playability, resolved_ship
from sfb_desk.data.scenario_schema import FORMAT_NAME, SCHEMA_VERSION, Scenario
from sfb_desk.rules.hexes import STANDARD_MAP, Hex, LabelError, hex_from_label
from sfb_desk.rules.movement.speed import max_speed
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.systems.monsters import MONSTERS
from sfb_desk.rules.systems.mines.laying import parse_rack_loads, rack_loads_text
from sfb_desk.rules.systems.mines.records import MineError
from sfb_desk.rules.units import new_ship, profile_from_spec

FACINGS = ("A", "B", "C", "D", "E", "F")
WEAPON_STATUSES = (0, 1, 2, 3)  # S4.0: WS-0 to WS-III
MAP_KINDS = ("fixed", "floating")
CUSTOM_TITLE = "Custom game"
CUSTOM_ID = "PRACTICE-CUSTOM"
#: Unit ids and side names appear in prompt keys ("T1.I8.fire.Federation"), box references
#: ("ENT:phaser#1") and the impulse tracker's "(ENT)": letters, digits, spaces, - _ ' only.
NAME_PATTERN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 _'-]{0,22}[A-Za-z0-9])?")
NAME_HELP = "1 to 24 letters, digits, spaces, - _ or ' (starting and ending with a letter or digit)"
FIELDS = ("ship", "unit_id", "side", "hex", "facing", "speed", "weapon_status")


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """One unit as typed in: ``facing`` "" and ``speed``/``weapon_status`` None mean "not
    chosen yet" (a scenario's facing "choice", or weapon status "roll")."""

    ship: str
    unit_id: str
    side: str
    hex: str
    facing: str = "A"
    speed: int | None = 0
    weapon_status: int | None = 0
    refits: tuple[str, ...] = ()
    arrives_turn: int | None = None  # a scenario's reinforcement: enters on this turn
    #: the mines in each rack as typed ("4L, 2L4S, 0"; M9.17): "" is every rack full
    mine_racks: str = ""


@dataclass(frozen=True, slots=True)
class SetupProblem:
    """What is wrong with one field of one row (``row`` None: the set-up as a whole)."""

    row: int | None
    field: str
    message: str
    rule: str = ""

    def __str__(self) -> str:
        where = f"Unit {self.row + 1}, " if self.row is not None else ""
        label = FIELD_LABELS.get(self.field, self.field)
        rule = f" ({self.rule})" if self.rule else ""
        return f"{where}{label}: {self.message}{rule}"


FIELD_LABELS = {
    "ship": "ship class", "unit_id": "unit id", "side": "side", "hex": "hex",
    "facing": "facing", "speed": "speed", "weapon_status": "weapon status", "units": "units",
    "sides": "sides", "turns": "turns", "scenario": "scenario", "mine_racks": "mine racks",
}  # fmt: skip


class CustomSetupError(ValueError):
    """The entries cannot be set up; ``problems`` says why, field by field."""

    def __init__(self, problems: Sequence[SetupProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class GameChoice:
    """What the set-up dialog hands back: the starting position and who plays what.

    ``robot_sides``: side -> robot level; ``auto_dice_sides``: sides whose dice the seeded
    generator rolls (the others type in physical dice); ``scenario_id`` None for a custom game.
    """

    setup: GameSetup
    title: str
    robot_sides: Mapping[str, str] = field(default_factory=dict)
    auto_dice_sides: frozenset[str] = frozenset()
    scenario_id: str | None = None

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(u.side for u in self.setup.state.units))


# ---------------------------------------------------------------------------------------------
# Checks


def ship_max_speed(spec: ShipSpec) -> int:
    """The highest speed ``spec`` can set up at (C12.384: warp / movement cost + 1, C2.112)."""
    unit = new_ship("probe", "probe", profile_from_spec(spec), hex=hex_from_label("0101"),
                    facing=0)
    return max_speed(unit)


def refusal_of_ship(spec: ShipSpec) -> str | None:
    """Why ``spec`` cannot be put into a game, or None (incomplete files lack box counts)."""
    if spec.complete:
        return None
    missing = ", ".join(spec.missing) or "unspecified facts"
    return (f"{spec.id} is incomplete (missing {missing}): a game needs every box of the SSD "
            "and SFB Desk never guesses box counts")


def _name_problem(row: int, name: str, value: str, what: str) -> SetupProblem | None:
    if not value.strip():
        return SetupProblem(row, name, f"give the {what}")
    if not NAME_PATTERN.fullmatch(value):
        return SetupProblem(row, name, f"{value!r} is not a usable {what}: {NAME_HELP}")
    return None


def _entry_problems(row: int, entry: UnitEntry, library: ShipLibrary,
                    map_kind: str) -> list[SetupProblem]:
    problems: list[SetupProblem] = []
    spec: ShipSpec | None = None
    if not entry.ship.strip():
        problems.append(SetupProblem(row, "ship", "choose a ship class from the library"))
    elif entry.ship not in library:
        close = library.suggestions(entry.ship)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        problems.append(SetupProblem(row, "ship", f"no ship class {entry.ship!r} in the "
                                     f"library{hint}"))
    else:
        spec = library.get(entry.ship)
        refusal = refusal_of_ship(spec)
        if refusal:
            problems.append(SetupProblem(row, "ship", refusal))
    for name, what in (("unit_id", "unit id"), ("side", "side name")):
        found = _name_problem(row, name, getattr(entry, name), what)
        if found:
            problems.append(found)
    if not entry.hex.strip():
        problems.append(SetupProblem(row, "hex", "give the set-up hex, e.g. 2215"))
    else:
        try:
            where = hex_from_label(entry.hex)
        except LabelError as error:
            problems.append(SetupProblem(row, "hex", str(error)))
        else:
            if map_kind == "fixed" and not STANDARD_MAP.contains(where):
                problems.append(SetupProblem(
                    row, "hex", f"hex {entry.hex} is off the fixed 42x30 map (0101 to 4230; "
                    "a unit off the map has disengaged)", "C7.0"))
    if entry.facing not in FACINGS:
        shown = repr(entry.facing) if entry.facing else "not chosen"
        problems.append(SetupProblem(row, "facing", f"{shown}: choose a facing A to F "
                                     "(A toward row 01, B-F clockwise)"))
    if entry.speed is None:
        problems.append(SetupProblem(row, "speed", "choose the set-up speed"))
    elif entry.speed < 0:
        problems.append(SetupProblem(row, "speed", f"speed {entry.speed} is below 0"))
    elif spec is not None and spec.complete and entry.speed > (top := ship_max_speed(spec)):
        problems.append(SetupProblem(
            row, "speed", f"{spec.id} can move at most speed {top} (warp {spec.warp_boxes} / "
            f"movement cost {spec.move_cost}, +1 for impulse, 31 at most); {entry.speed} is "
            "too fast", "C12.384, C2.112"))
    problems.extend(_rack_problems(row, entry, spec))
    if entry.weapon_status is None:
        problems.append(SetupProblem(row, "weapon_status", "not chosen: enter 0 to 3 (where "
                                     "the scenario says roll, roll it first)", "S4.0"))
    elif entry.weapon_status not in WEAPON_STATUSES:
        problems.append(SetupProblem(row, "weapon_status", f"weapon status "
                                     f"{entry.weapon_status} is not 0 to 3 (WS-0 to WS-III)",
                                     "S4.0"))
    return problems


def _rack_problems(row: int, entry: UnitEntry, spec: ShipSpec | None) -> list[SetupProblem]:
    """The mines typed for a ship's racks fit them (M9.11); a ship without racks has none."""
    if not entry.mine_racks.strip() or spec is None:
        return []
    racks = sum(s.boxes for s in spec.special if s.key == "mine_rack")
    if not racks:
        return [SetupProblem(row, "mine_racks", f"{spec.id} has no mine racks: only "
                             "minesweepers and minelayers carry them", "M9.14")]
    try:
        parse_rack_loads(entry.mine_racks, racks)
    except MineError as error:
        return [SetupProblem(row, "mine_racks", str(error))]
    return []


def check_entries(entries: Sequence[UnitEntry], library: ShipLibrary, *,
                  map_kind: str = "fixed", turns: int | None = None,
                  other_sides: Sequence[str] = ()) -> list[SetupProblem]:
    """Every problem of ``entries`` (module docstring), row by row, then the whole set-up.
    ``other_sides``: sides with no row of their own (a scenario's monsters, SM5)."""
    if map_kind not in MAP_KINDS:
        raise ValueError(f"map_kind {map_kind!r}: expected one of {MAP_KINDS}")
    problems: list[SetupProblem] = []
    first_row: dict[str, int] = {}
    for row, entry in enumerate(entries):
        problems.extend(_entry_problems(row, entry, library, map_kind))
        uid = entry.unit_id.strip()
        if uid in first_row:
            problems.append(SetupProblem(row, "unit_id", f"unit id {uid!r} is already used by "
                                         f"unit {first_row[uid] + 1}: each unit needs its own"))
        elif uid:
            first_row[uid] = row
    if not entries:
        problems.append(SetupProblem(None, "units", "no units yet: add at least one ship to "
                                     "each of two sides", "S2.20"))
    else:
        sides = {e.side.strip() for e in entries if e.side.strip()} | set(other_sides)
        if len(sides) < 2:
            only = f"only {next(iter(sides))!r}" if sides else "none named"
            problems.append(SetupProblem(None, "sides", f"a game needs two opposing sides "
                                         f"({only}): put a unit on another side", "S2.20"))
    if turns is not None and turns < 1:
        problems.append(SetupProblem(None, "turns", f"{turns} turns: at least 1, or no limit"))
    return problems


def entry_notes(entries: Sequence[UnitEntry], library: ShipLibrary | None = None) -> list[str]:
    """Legal but worth saying: units that share a set-up hex (C13.11, C14.20, D3.42); with the
    ``library``, a side over Module C2's PPD or web-caster fleet limit (E11.17, E12.16)."""
    by_hex: dict[Hex, list[str]] = {}
    for e in entries:
        try:
            where = hex_from_label(e.hex)
        except LabelError:
            continue
        by_hex.setdefault(where, []).append(e.unit_id or e.ship)
    notes = [f"{' and '.join(ids)} start in the same hex {where.label}: legal in SFB (fire between "
             "them is at range 0, D3.42)" for where, ids in by_hex.items() if len(ids) > 1]
    if library is not None:
        from .c2_limits import fleet_limit_notes

        sides: dict[str, list] = {}
        for e in entries:
            try:
                sides.setdefault(e.side.strip(), []).append(library.get(e.ship))
            except KeyError:
                continue
        notes += fleet_limit_notes(sides)
    return notes


# ---------------------------------------------------------------------------------------------
# Building the set-up


def scenario_of_entries(entries: Sequence[UnitEntry], *, title: str = CUSTOM_TITLE,
                        turns: int | None = None, year: int | None = None,
                        map_kind: str = "fixed") -> Scenario:
    """An in-memory practice :class:`Scenario` holding ``entries`` (checked ones)."""
    sides: dict[str, list[dict]] = {}
    for e in entries:
        unit = {"ship": e.ship.upper(), "name": e.unit_id.strip(), "hex": e.hex.strip(),
                "facing": e.facing, "speed": e.speed, "weapon_status": e.weapon_status,
                "refits": list(e.refits)}
        if e.arrives_turn is not None:
            unit["arrives_turn"] = e.arrives_turn
        loads = parse_rack_loads(e.mine_racks, len(e.mine_racks.split(",")))  # checked rows
        if loads is not None:
            unit["mine_racks"] = [{"large": large, "small": small} for large, small in loads]
        sides.setdefault(e.side.strip(), []).append(unit)
    head = {"id": CUSTOM_ID, "title": title or CUSTOM_TITLE, "origin": "practice",
            "summary": "Set up by hand in SFB Desk."}
    if year is not None:
        head["year"] = year
    length = {"turns": turns} if turns else {"until": "the players stop"}
    raw = {
        "format": FORMAT_NAME, "format_version": SCHEMA_VERSION, "scenario": head,
        "status": {"playable": True}, "map": {"kind": map_kind}, "length": length,
        "sides": [{"name": name, "units": units} for name, units in sides.items()],
        "victory": {"kind": "standard", "text": "Standard Victory Conditions (S2.20)."},
    }  # fmt: skip
    return Scenario.model_validate(raw)


def monster_sides(scenario: Scenario | None) -> list[str]:
    """The sides of a scenario's monsters the battlefield runs (SM5's Sun Snake)."""
    if scenario is None:
        return []
    return [side.name for side, unit in scenario.units()
            if unit.monster in MONSTERS and MONSTERS[unit.monster].runs]


def player_monster_sides(scenario: Scenario | None) -> list[str]:
    """The sides of a scenario's monsters that a player (or a robot) flies: the Space Dragon
    (SM7.1: "the Dragon player"); they get a row of their own among the sides' players."""
    if scenario is None:
        return []
    return list(dict.fromkeys(side.name for side, unit in scenario.units()
                              if unit.monster == "Space Dragon"))


def setup_from_entries(
    entries: Sequence[UnitEntry],
    library: ShipLibrary,
    *,
    turns: int | None,
    dice_seed: int | None,
    year: int | None = None,
    map_kind: str = "fixed",
    title: str = CUSTOM_TITLE,
    scenario: Scenario | None = None,
) -> GameSetup:
    """The :class:`GameSetup` of ``entries`` by :func:`units_from_scenario`; raises
    :class:`CustomSetupError` listing every problem of :func:`check_entries` instead.
    ``turns`` None is open-ended; on the fixed map a unit leaving it has disengaged (C7.0).
    ``scenario``: the scenario the rows came from; its terrain, mines and monsters
    (:func:`~sfb_desk.data.battlefield.battlefield_of`) come with them."""
    problems = check_entries(entries, library, map_kind=map_kind, turns=turns,
                             other_sides=monster_sides(scenario))
    if problems:
        raise CustomSetupError(problems)
    rows = scenario_of_entries(entries, title=title, turns=turns, year=year, map_kind=map_kind)
    try:
        setup = units_from_scenario(rows, library, turns=turns, dice_seed=dice_seed)
    except SetupError as error:  # the checks above should have caught it
        raise CustomSetupError([SetupProblem(None, "units", str(error))]) from None
    if map_kind == "fixed" and setup.state.map != STANDARD_MAP:
        # units_from_scenario leaves GameState.map floating; a fixed map has edges (C7.0)
        setup = replace(setup, state=replace(setup.state, map=STANDARD_MAP))
    if scenario is not None:
        # the rows' mine racks as loaded (M9.17) and reinforcements' turns stay
        start = setup.combat.battlefield
        field = replace(battlefield_of(scenario), stores=start.stores, arrivals=start.arrivals)
        setup = replace(setup, combat=replace(setup.combat, battlefield=field))
        setup = add_dragons(setup, scenario)  # SM7: the dragon is a unit of its side
    return setup


# ---------------------------------------------------------------------------------------------
# From a scenario


def _unit_ids(scenario: Scenario) -> list[str]:
    """One id per unit: its name, else its ship id, numbered when repeated (``KLI-D6-2``)."""
    return game_unit_ids(scenario)


def entries_from_scenario(scenario: Scenario, library: ShipLibrary
                          ) -> tuple[list[UnitEntry], list[SetupProblem]]:
    """The scenario's units as entries, and the units that cannot be entries (monsters,
    unlisted ships, units with no set-up hex) as problems; a reinforcement keeps its turn. A speed "max" is
    the ship's maximum (C12.384); a facing "choice" and weapon status "roll" stay to be
    chosen (entries with ``facing=""`` and ``weapon_status=None``)."""
    entries: list[UnitEntry] = []
    problems: list[SetupProblem] = []
    play = playability(scenario, library)
    if not play.playable:
        problems.append(SetupProblem(None, "scenario", f"{scenario.id} is not playable: "
                                     f"{play.summary()}"))
    for uid, (side, unit) in zip(_unit_ids(scenario), scenario.units(), strict=True):
        what = f"{uid} ({side.name})"
        ship_id = resolved_ship(unit, library)
        if unit.monster and unit.monster in MONSTERS and MONSTERS[unit.monster].runs:
            continue  # run by the battlefield steps (SM5.45), not a unit of the table
        if ship_id is None:
            kind = "a monster" if unit.monster else "a unit with no ship file"
            problems.append(SetupProblem(None, "units", f"{what} is {kind}: SFB Desk cannot "
                                         f"play it yet ({unit.monster or unit.unlisted})"))
            continue
        if unit.hex is None:
            problems.append(SetupProblem(None, "units", f"{what} enters "
                                         f"{unit.entry or 'later'}: entering units are not "
                                         "supported yet"))
            continue
        speed: int | None
        if "in_orbit" in unit.flags:
            speed = 0  # P8.42: the standard orbit moves it (battlefield orbits)
        elif isinstance(unit.speed, int):
            speed = unit.speed
        elif ship_id in library:
            speed = ship_max_speed(library.get(ship_id))
        else:
            speed = None
        status = unit.weapon_status if isinstance(unit.weapon_status, int) else None
        facing = unit.facing if unit.facing in FACINGS else ""
        loads = "" if unit.mine_racks is None else rack_loads_text(
            (r.large, r.small) for r in unit.mine_racks) or "0"
        entries.append(UnitEntry(ship_id, uid, side.name, unit.hex, facing, speed, status,
                                 tuple(unit.refits), unit.arrives_turn, loads))
    return entries, problems
