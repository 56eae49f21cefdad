"""Headless duels: two robots fight one ship each (no Qt).

:func:`duel_scenario` writes the duel as a practice scenario (the scenario schema, as the
library's PRACTICE-CA-D7: floating map, the ships ``distance`` hexes apart in one column, bows
toward each other, speed 10, weapon status II) and :func:`play_duel` sets it up with
:func:`sfb_desk.data.game_setup.units_from_scenario`, runs a :class:`~sfb_desk.engine.session.
Session` with a :class:`~.robot.Robot` per side, and scores it by the Standard Victory
Conditions (S2.20, :func:`sfb_desk.data.scenarios.score`). A duel that cannot be scored (a ship
without a combat BPV, such as a reconstructed Module C2 class) still gives every other figure:
its result says "victory not scored" and why (:attr:`DuelResult.unscored`), with no winner.

The duel ends after the last turn, or as soon as a side has no ship left in the fight: every
ship of it destroyed (D4.40), disengaged (C7.2) or off the map (C7.0), or a ship for which the
robot finds no legal energy allocation ("no power"; since the session accepts a bare form for
every ship, S2.4 and decisions.md B3.3, this should no longer happen). A crippled ship
(S2.4) that stays still fights: it ends the duel only once it is gone (decisions.md, "Robot
duels").
A refused answer or a turn that takes more than :data:`ANSWER_CAP` answers (a hang) raises
:class:`DuelError` naming the prompt. :meth:`DuelResult.save` writes the game as a save the
app loads (:func:`sfb_desk.data.saves.save_game`; it replays the log on load).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..data.game_setup import units_from_scenario
from ..data.sat_ship_setup import embark_standard_groups
from ..data.library import ShipLibrary, load_library
from ..data.saves import game_to_json, save_game
from ..data.scenario_schema import Scenario
from ..data.game_victory import CannotScoreGame, outcomes_of, score_game
from ..data.scenarios import unit_keys
from ..engine.session import Session
from ..rules.results import Refusal
from ..rules.units import SHIP
from ..rules.victory import ForceShip, ShipOutcome, ship_category
from .levels import DEFAULT_LEVEL, level
from .energy import NoLegalAnswer
from .robot import Robot

DEFAULT_TURNS = 6
DEFAULT_DISTANCE = 15
START_SPEED = 10
WEAPON_STATUS = 2
#: Hang guard: no turn of a duel needs this many answers (a turn of two ships asks ~250-400).
ANSWER_CAP = 3000
GONE = ("destroyed", "disengaged", "off_map")


class DuelError(RuntimeError):
    """A duel that could not be played: a refused answer or a hang (the message says which).
    ``session`` is the game at that moment, when there is one (to save or inspect it)."""

    def __init__(self, message: str, session: Session | None = None) -> None:
        super().__init__(message)
        self.session = session


@dataclass(frozen=True, slots=True)
class ShipResult:
    """One ship at the end of a duel."""

    id: str
    ship: str
    side: str
    level: str
    internal: int  # internal damage points scored on it (D4.21)
    boxes: int  # SSD boxes destroyed, shields aside
    shield_boxes: int  # shield boxes lost
    destroyed: bool
    crippled: bool
    disengaged: bool
    category: str  # the S2.21 category reached ("" none)

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}


@dataclass(frozen=True)
class DuelResult:
    """What happened in one duel (:func:`play_duel`)."""

    ship_a: str
    ship_b: str
    seed: int
    turns: int
    levels: tuple[str, str]
    turns_played: int
    ended: str  # "turn limit", "destroyed", "disengaged", "no power"
    ships: tuple[ShipResult, ShipResult]
    sides: tuple[str, str]
    victory_levels: tuple[str, str] | None  # S2.3 level of each side (None: not scored)
    points: tuple[float, float] | None
    answers: int
    explain: tuple[str, ...] = ()
    systems: tuple[tuple[str, int], ...] = ()  # uses of each ship system (system_counts)
    #: why S2.20 could not score the duel ("victory not scored: ..."), "" when it was scored
    unscored: str = ""
    session: Session | None = field(default=None, compare=False, repr=False)

    @property
    def winner(self) -> str | None:
        """"A", "B" or None (a draw, or not scored) from the S2.3 levels."""
        if self.victory_levels is None:
            return None
        a = self.victory_levels[0].lower()
        if "victory" in a:
            return "A"
        if "defeat" in a:
            return "B"
        return None

    def without_session(self) -> DuelResult:
        from dataclasses import replace

        return replace(self, session=None)

    def to_json(self) -> dict:
        return {
            "ship_a": self.ship_a, "ship_b": self.ship_b, "seed": self.seed, "turns": self.turns,
            "levels": list(self.levels), "turns_played": self.turns_played, "ended": self.ended,
            "winner": self.winner, "sides": list(self.sides),
            "victory_levels": None if self.victory_levels is None else list(self.victory_levels),
            "points": None if self.points is None else list(self.points),
            "unscored": self.unscored or None, "answers": self.answers, "ships": [s.to_json() for s in self.ships],
            "systems": dict(self.systems),
        }

    def line(self) -> str:
        """One line: ships, levels, turns, damage each side, the result."""
        a, b = self.ships
        if self.victory_levels is None:
            outcome = self.unscored
        else:
            who = {"A": f"{self.ship_a} wins", "B": f"{self.ship_b} wins", None: "draw"}
            outcome = f"{who[self.winner]} ({self.sides[0]}: {self.victory_levels[0]})"
        return (f"{self.ship_a} ({self.levels[0]}) v {self.ship_b} ({self.levels[1]}) "
                f"seed {self.seed}: {self.turns_played} turn(s), {self.ended}; "
                f"{a.id} {_damage(a)}, {b.id} {_damage(b)}; {outcome}")

    def save(self, path: Path | str) -> Path:
        """Write the game as a save the app loads (DESIGN.md section 7)."""
        if self.session is None:
            raise DuelError("this result keeps no game (played with keep_game=False)")
        return save_game(path, self.session)

    def save_document(self) -> dict:
        if self.session is None:
            raise DuelError("this result keeps no game (played with keep_game=False)")
        return game_to_json(self.session)


def _damage(s: ShipResult) -> str:
    state = "destroyed" if s.destroyed else ("crippled" if s.crippled else "")
    text = f"{s.internal} internal / {s.boxes} boxes"
    return f"{text} ({state})" if state else text


def side_names(spec_a, spec_b) -> tuple[str, str]:  # noqa: ANN001
    a, b = spec_a.race_name, spec_b.race_name
    if a == b:
        return f"{a} A", f"{b} B"
    return a, b


def unit_ids(ship_a: str, ship_b: str) -> tuple[str, str]:
    if ship_a == ship_b:
        return f"{ship_a}-A", f"{ship_b}-B"
    return ship_a, ship_b


def duel_scenario(ship_a: str, ship_b: str, turns: int = DEFAULT_TURNS,
                  distance: int = DEFAULT_DISTANCE, library: ShipLibrary | None = None) -> Scenario:
    """The duel as a practice scenario (module docstring). KeyError for an unknown ship."""
    library = library or load_library()
    spec_a, spec_b = library.get(ship_a), library.get(ship_b)
    if not 1 <= distance <= 28:
        raise ValueError(f"the ships start 1 to 28 hexes apart, not {distance}")
    names = side_names(spec_a, spec_b)
    ids = unit_ids(spec_a.id, spec_b.id)
    row_a = 2 + distance

    def unit(spec, uid: str, row: int, facing: str) -> dict:  # noqa: ANN001
        doc = {"ship": spec.id, "hex": f"22{row:02d}", "facing": facing, "speed": START_SPEED,
               "weapon_status": WEAPON_STATUS}
        if uid != spec.id:
            doc["name"] = uid
        return doc

    doc = {
        "format": "sfb-desk-scenario",
        "format_version": 1,
        "scenario": {
            "id": "PRACTICE-ROBOT-DUEL",
            "title": f"Robot duel: {spec_a.id} against {spec_b.id} at range {distance}",
            "origin": "practice",
            "players": "2 robots",
            "summary": "A headless duel of two robot captains (sfb_desk.robot.duel).",
            "notes": ["SFB Desk practice set-up: not a rulebook scenario; every value is "
                      "SFB Desk's choice."],
        },
        "status": {"playable": True},
        "map": {"kind": "floating"},
        "length": {"turns": turns, "until": "one side destroyed or disengaged, or the last turn"},
        "options": {"percent": 0},
        "sides": [
            {"name": names[0], "units": [unit(spec_a, ids[0], row_a, "A")]},
            {"name": names[1], "units": [unit(spec_b, ids[1], 2, "D")]},
        ],
        "victory": {"kind": "standard",
                    "text": "Standard Victory Conditions (S2.20), computed by SFB Desk."},
    }
    return Scenario.model_validate(doc)


def play_duel(
    ship_a: str,
    ship_b: str,
    seed: int = 0,
    turns: int = DEFAULT_TURNS,
    levels: tuple[str, str] | list[str] = (DEFAULT_LEVEL, DEFAULT_LEVEL),
    *,
    distance: int = DEFAULT_DISTANCE,
    library: ShipLibrary | None = None,
    keep_game: bool = True,
    answer_cap: int = ANSWER_CAP,
) -> DuelResult:
    """Two robots fight ``ship_a`` (side A) against ``ship_b`` (module docstring)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"the seed is a whole number >= 0, not {seed!r}")
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 1:
        raise ValueError(f"a duel lasts at least one turn, not {turns!r}")
    levels = tuple(level(n).name for n in levels)
    if len(levels) != 2:
        raise ValueError("give two levels, one per side")
    library = library or load_library()
    scenario = duel_scenario(ship_a, ship_b, turns, distance, library)
    keys = unit_keys(scenario)
    ids = dict(zip(keys, unit_ids(library.get(ship_a).id, library.get(ship_b).id)))
    setup = units_from_scenario(scenario, library, ids=ids, turns=turns, dice_seed=seed)
    setup = embark_standard_groups(setup, library)  # a mothership's sat ships aboard (G19.11)
    session = Session(setup.state, setup.combat, setup.specs)
    sides = tuple(s.name for s in scenario.sides)
    robots = [Robot(side, lv, seed) for side, lv in zip(sides, levels)]
    answers, ended = _run(session, robots, sides, answer_cap)
    return _result(session, scenario, library, keys, ids, sides, levels, seed, turns, answers,
                   ended, keep_game)


def _run(session: Session, robots: list[Robot], sides, cap: int) -> tuple[int, str]:  # noqa: ANN001
    total = 0
    turn, in_turn = session.state.turn, 0
    while session.pending is not None:
        prompt = session.pending
        robot = next((r for r in robots if r.mine(prompt, session)), None)
        if robot is None:
            if prompt.default is None:
                raise DuelError(f"no robot answers {prompt.key} ({prompt.purpose})", session)
            value, source = prompt.default, "default"
        else:
            try:
                value, source = robot.decide(prompt, session), "robot"
            except NoLegalAnswer as exc:
                if getattr(prompt, "kind", "") != "energy_allocation":
                    raise DuelError(str(exc), session) from None
                return total, "no power"  # the ship cannot even pay life support (B3.3)
        outcome = session.answer(value, source)
        if isinstance(outcome, Refusal):
            raise DuelError(f"{prompt.key}: the session refused the robot's answer {value!r}: "
                            f"{outcome.rule}: {outcome.message}", session)
        total += 1
        in_turn += 1
        now = session.state.turn if any(
            e.kind == "end_of_turn" for e in outcome.events) else turn
        if now != turn:
            turn, in_turn = now, 0
        if in_turn > cap:
            raise DuelError(f"turn {turn} took more than {cap} answers (last {prompt.key}): "
                            "the duel hangs")
        if any(e.kind in ("ship_destroyed", "disengaged", "left_map", "ship_captured")
               for e in outcome.events):
            gone = _side_gone(session, sides)
            if gone:
                return total, gone
    return total, "turn limit"


def _side_gone(session: Session, sides) -> str:  # noqa: ANN001
    """"destroyed"/"disengaged" when a side has no ship left in the fight, else ""."""
    for side in sides:
        ships = [u for u in session.state.units if u.side == side and u.kind == SHIP]
        if ships and all(u.status in GONE for u in ships):
            if any(u.status == "destroyed" for u in ships):
                return "destroyed"
            return "captured" if any(u.status == "captured" for u in ships) else "disengaged"
    return ""


def _result(session, scenario, library, keys, ids, sides, levels, seed, turns, answers,  # noqa: ANN001
            ended, keep) -> DuelResult:
    state = session.state
    # S2.20 over every ship of the game, the duelling ships and what they carry (a
    # mothership's sat ships, G19: their BPV is in the force and their loss scores), each ship's
    # outcome from the game itself: destroyed, disengaged or captured (D7.5, S2.21)
    by_unit = outcomes_of(state, session.combat)
    outcomes = {key: by_unit[ids[key]] for key in keys}
    specs = {r.spec_id: library.get(r.spec_id) for r in session.combat.ships}
    try:
        victory = score_game(state, session.combat, specs)
        unscored = ""
    except CannotScoreGame as exc:  # e.g. no combat BPV: every other figure still stands
        victory, unscored = None, f"victory not scored (S2.20 needs each ship's BPV): {exc}"
    results = []
    for key, lv in zip(keys, levels):
        unit = state.unit(ids[key])
        record = session.combat.ship(unit.id)
        if victory is not None:
            status = next(s for s in victory.ships if s.key == ids[key])
        else:  # the S2.21 category needs no BPV
            spec = library.get(record.spec_id)
            status = ship_category(ForceShip(key, unit.side, 0, unit.id, spec), outcomes[key])
        sh = record.shields
        results.append(ShipResult(
            unit.id, record.spec_id, unit.side, lv, record.internal_points,
            sum(1 for b in unit.destroyed if not b.startswith("shield")),
            sum(p - b for p, b in zip(sh.printed, sh.boxes)),
            outcomes[key].destroyed, bool(status.crippled_reasons), outcomes[key].disengaged,
            status.category))
    played = turns if ended == "turn limit" else state.turn
    return DuelResult(
        ship_a=results[0].ship, ship_b=results[1].ship, seed=seed, turns=turns, levels=levels,
        turns_played=played, ended=ended, ships=(results[0], results[1]), sides=sides,
        victory_levels=None if victory is None else tuple(victory.side(s).level for s in sides),
        points=None if victory is None else tuple(float(victory.side(s).points) for s in sides),
        answers=answers, explain=(unscored,) if victory is None else tuple(victory.explain()),
        systems=system_counts(session), unscored=unscored, session=session if keep else None)


#: Ship-system uses counted in a duel's log: the report's name and the event kinds counted.
SYSTEM_EVENTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tractor_links", ("tractor_link",)),
    ("raids", ("raid",)),
    ("boarding_actions", ("boarding_combat",)),
    ("cloak_cycles", ("cloak_engaged",)),
    ("explosions", ("explosion",)),
)


def system_counts(session) -> tuple[tuple[str, int], ...]:  # noqa: ANN001
    """How often each ship system was used in ``session``'s game, from its log's events."""
    kinds: dict[str, int] = {}
    for record in session.log:
        if record.kind == "event":
            k = getattr(record.data, "kind", "")
            kinds[k] = kinds.get(k, 0) + 1
    return tuple((name, sum(kinds.get(k, 0) for k in events)) for name, events in SYSTEM_EVENTS)
