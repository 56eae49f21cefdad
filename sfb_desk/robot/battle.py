"""Robots fight any scenario: every side a robot, ships set up with their carried damage.

:func:`play_battle` sets a validated :class:`~sfb_desk.data.scenario_schema.Scenario` up with
:func:`sfb_desk.data.game_setup.units_from_scenario` (a unit's ``damage`` is its carried SSD
damage), runs a :class:`~sfb_desk.engine.session.Session` with one :class:`~.robot.Robot` per
side until the last turn or until a side has no ship left in the fight (the duel's rule,
:mod:`.duel`), and returns a :class:`BattleRun` whose :meth:`BattleRun.result` is the battle
result the campaign ledger imports (sfb_desk.campaign: per ship its fate and every SSD box
destroyed at the end, carried damage included, shield boxes as ``shield{k}#{n}`` ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..data.game_setup import units_from_scenario
from ..data.game_victory import field_mine_points
from ..data.library import ShipLibrary, load_library
from ..data.scenario_schema import Scenario
from ..data.scenarios import CannotScore, score, unit_keys
from ..data.task_victory import task_result
from ..engine.records import damage_state
from ..engine.session import Session
from ..rules.damage.status import crippled_reasons
from ..rules.units import SHIP
from ..rules.victory import ShipOutcome
from .duel import ANSWER_CAP, DuelError, _run
from .levels import DEFAULT_LEVEL
from .robot import Robot


@dataclass(frozen=True)
class BattleRun:
    """One scenario played by robots: the ledger's result document and the game."""

    scenario_id: str
    seed: int
    turns_played: int
    ended: str  # "turn limit", "destroyed", "disengaged", "no power", "scenario end"
    ships: tuple[dict, ...]
    victory: dict | None  # S2.20 levels and points per side, None when it cannot be scored
    answers: int
    session: Session | None = field(default=None, compare=False, repr=False)
    task_victory: dict | None = None  # the scenario's task victory (SH19.5, SM5.5 ...), if any

    def result(self) -> dict:
        """The battle result document (issue 18; the digest's BattleResult contract)."""
        return {
            "format": "sfb-desk-battle-result", "format_version": 1,
            "scenario": self.scenario_id, "seed": self.seed, "turns_played": self.turns_played,
            "ended": self.ended, "ships": list(self.ships), "victory": self.victory,
            "task_victory": self.task_victory, "played_by": "robots",
        }


#: SM5.5's points come from the lab analysis (G4.1) and the station's evacuation, which robots
#: do not carry out (neither is modelled): a robot captain ends with none.
ROBOT_SM5_POINTS = 0


def task_summary(scenario: Scenario, state, combat, specs, *, over: bool,  # noqa: ANN001
                 robots: bool) -> dict | None:
    """The scenario's task victory (:func:`sfb_desk.data.task_victory.task_result`) as the
    result document's ``task_victory``: rule, level, outcome, why; None for a scenario without
    task conditions or while none is reached."""
    if scenario.victory.kind != "task":
        return None
    found = task_result(scenario, state, combat, specs, over=over,
                        table_points=ROBOT_SM5_POINTS if robots else None)
    if found is None:
        return None
    why = found.why
    if robots and scenario.id == "SM5" and found.outcome.startswith(f"{ROBOT_SM5_POINTS} "):
        why += ("; robots gather no information points and evacuate no crew (the lab analysis "
                "and the evacuation are played at the table)")
    return {"rule": scenario.victory.rule or scenario.id, "level": found.level,
            "outcome": found.outcome, "why": why}


def result_ships(scenario: Scenario, state, combat, specs, library: ShipLibrary  # noqa: ANN001
                 ) -> tuple[tuple[dict, ...], dict | None]:
    """Each ship's entry of the battle result, and the S2.20 summary (None when the scenario
    cannot be scored), from a game's state and combat records: the robots' or the table's."""
    sides = tuple(s.name for s in scenario.sides)
    ships, outcomes = [], {}
    for key, (side, unit) in zip(unit_keys(scenario), scenario.units()):
        ship = state.find(key)
        if ship is None or ship.kind != SHIP:  # a monster is the battlefield's (SM5, SM6)
            continue
        record = combat.ship(ship.id)
        gone = ship.status in ("disengaged", "off_map")
        destroyed = ship.status == "destroyed" or record.ship_destroyed
        outcomes[key] = ShipOutcome(
            destroyed_boxes=ship.destroyed, internal_points=record.internal_points,
            destroyed=destroyed, disengaged=gone, disengaged_turn=state.turn if gone else None)
        sh = record.shields
        spec = specs[record.spec_id]
        crippled = bool(crippled_reasons(spec, damage_state(record, spec, ship.destroyed)))
        ships.append({
            "unit": key, "ship": record.spec_id, "side": side.name,
            "fate": "destroyed" if destroyed else ("disengaged" if gone else "on map"),
            "disengaged_turn": state.turn if gone else None,
            "disengaged_by": {"disengaged": "separation (C7.2)", "off_map": "a map edge (C7.0)"}
            .get(ship.status),
            "destroyed_boxes": sorted(ship.destroyed) + shield_box_ids(sh.printed, sh.boxes),
            "internal_points": record.internal_points, "crippled": crippled,
            "crew_units_lost": record.crew_units_lost,
            "boarding_parties_lost": record.boarding_parties_lost,
            "carried": list(unit.damage),
        })
    try:
        field = getattr(combat, "battlefield", None)
        extra = {side: (points, rule) for side, points, rule in field_mine_points(field)}
        victory = score(scenario, library, outcomes, extra=extra)
        summary = {s: {"level": victory.side(s).level, "points": float(victory.side(s).points)}
                   for s in sides}
    except CannotScore:
        summary = None
    return tuple(ships), summary


def table_result(scenario: Scenario, state, combat, specs, library: ShipLibrary,  # noqa: ANN001
                 ) -> dict:
    """The battle result of a game played at the table (players, robots or both)."""
    ships, summary = result_ships(scenario, state, combat, specs, library)
    last = scenario.length.turns
    finished = last is not None and state.turn > last
    return {"format": "sfb-desk-battle-result", "format_version": 1, "scenario": scenario.id,
            "seed": None, "turns_played": min(state.turn, last) if last else state.turn,
            "ended": "turn limit" if finished else "at the table", "ships": list(ships),
            "victory": summary, "played_by": "table",
            "task_victory": task_summary(scenario, state, combat, specs, over=finished,
                                         robots=False)}


def shield_box_ids(printed, boxes) -> list[str]:  # noqa: ANN001
    """The destroyed shield boxes as ids: the highest-numbered boxes of each shield."""
    return [f"shield{k}#{n}" for k, (p, b) in enumerate(zip(printed, boxes), start=1)
            for n in range(b + 1, p + 1)]


def play_battle(
    scenario: Scenario,
    seed: int = 0,
    *,
    levels: dict[str, str] | None = None,
    turns: int | None = None,
    library: ShipLibrary | None = None,
    keep_game: bool = False,
    answer_cap: int = ANSWER_CAP,
) -> BattleRun:
    """Robots play every side of ``scenario`` (module docstring). ``levels``: robot level by
    side name (default :data:`~.levels.DEFAULT_LEVEL`); ``turns``: the last turn (default the
    scenario's length). SetupError for a unit that cannot be set up; DuelError for a refusal
    or a hang."""
    library = library or load_library()
    sides = tuple(s.name for s in scenario.sides)
    levels = levels or {}
    setup = units_from_scenario(scenario, library, turns=turns, dice_seed=seed)
    ground = setup.combat.battlefield
    if ground.terrain.has("asteroids") and ground.asteroid_table is None:
        raise DuelError(f"{scenario.id} has asteroid fields and the Asteroid Damage Table "
                        "(P3.2) is not filled in: robots do not guess its numbers. Enter it "
                        "once from the Basic Set (sfb-desk-cli asteroid-table set), or play "
                        "the battle at the table")
    session = Session(setup.state, setup.combat, setup.specs)
    # every side is a robot (solo): a prompt of no side, such as a monster's dice (SM6.49's
    # attack on the library), is rolled by the first
    robots = [Robot(side, levels.get(side, DEFAULT_LEVEL), seed, solo=True) for side in sides]
    answers, ended = _run(session, robots, sides, answer_cap)
    state = session.state
    if session.combat.battlefield.ended:  # SM6.5: the library wiped ends the scenario
        ended = "scenario end"
    last = turns or scenario.length.turns or state.turn
    played = last if ended == "turn limit" else state.turn
    ships, summary = result_ships(scenario, state, session.combat, setup.specs, library)
    task = task_summary(scenario, state, session.combat, setup.specs, over=True, robots=True)
    return BattleRun(scenario.id, seed, played, ended, ships, summary, answers,
                     session if keep_game else None, task)
