"""The task victory conditions of the monster scenarios of Advanced Missions, from the game.

* **SM5.5** (The Sunsnake): the ship destroyed, the player loses; the Sun Snake destroyed before
  reaching the star, the player wins; lacking either, the captain's level by his points: one
  per information point (at most 200) and ten per crew unit evacuated from the research
  station. The lab analysis (G4.1) and the evacuation are counted at the table (the program
  does not model them): ``table_points`` is the table's total; None when the table has not
  given it (the result then names the levels and leaves the count to the players).
* **SM6.5** (The Mind Monster): the monster destroyed before the library is damaged, the ship
  wins; the library wiped (all crew and memory banks), the monster wins; otherwise one point
  per crew unit and two per memory bank left on the planet, read from the game.

Both return ``(level, outcome, why)`` (:func:`sfb_desk.data.task_victory.task_result` makes it
a TaskResult) or None while nothing is decided.
"""

from __future__ import annotations

from ..rules.systems.monsters import (
    LIBRARY_BANKS,
    LIBRARY_CREW,
    SM5_INFO_CAP,
    SM5_LEVELS,
    SM5_POINTS_PER_CREW,
    SM6_LEVELS,
    sm5_level,
    sm6_level,
    sm6_points,
)

GONE = ("disengaged", "off_map", "destroyed", "captured")
PLAYER_LOSES = "The player loses"
PLAYER_WINS = "The player wins"


def _result(level: str, outcome: str, why: str) -> tuple[str, str, str]:
    return level, outcome, why


def _navy(scenario, state) -> list:  # noqa: ANN001
    neutral = {s.name for s in scenario.sides if s.neutral}
    return [u for u in state.units if u.kind == "ship" and u.side not in neutral]


def _levels(rows) -> str:  # noqa: ANN001
    return "; ".join(f"{low}+ {name} ({value})" for low, name, value in rows)


def sm5_result(scenario, state, field,  # noqa: ANN001
               table_points: int | None = None) -> tuple[str, str, str] | None:
    """SM5.5 (module docstring)."""
    ships = _navy(scenario, state)
    snake = next((m for m in getattr(field, "monsters", ()) if m.kind == "Sun Snake"), None)
    lost = [u.id for u in ships if u.status == "destroyed"]
    if lost:
        return _result(PLAYER_LOSES, "the ship is destroyed", f"{', '.join(lost)} destroyed")
    if snake is not None and snake.gone == "destroyed":
        return _result(PLAYER_WINS, "the Sun Snake is destroyed before reaching the star",
                       "the Sun Snake is destroyed")
    ended = bool(ships) and all(u.status in GONE for u in ships)
    in_star = snake is not None and snake.gone == "star"
    if not ended:
        if in_star:
            return _result("Not decided yet", "the Sun Snake has reached the star: the ship can "
                           "no longer win outright; the captain's points decide once it leaves",
                           "the star has gone nova")
        return None
    how = "; ".join(f"{u.id} {'left the map' if u.status == 'off_map' else u.status}"
                    for u in ships)
    rule = (f"1 point per information point (at most {SM5_INFO_CAP}) and "
            f"{SM5_POINTS_PER_CREW} per crew unit evacuated from the planet")
    if getattr(field, "scorched", None):
        how += "; the nova engulfed the planet: crew left in the station are lost (SM5.49)"
    if table_points is None:
        return _result("By the captain's points", f"neither clear-cut condition holds: {rule}, "
                       "counted at the table", f"{how}; levels: {_levels(SM5_LEVELS)}")
    name, value = sm5_level(table_points)
    return _result(f"{name} ({value})", f"{table_points} points: {rule}", how)


def sm6_result(scenario, state, field,  # noqa: ANN001
               over: bool = False) -> tuple[str, str, str] | None:
    """SM6.5 (module docstring). ``over``: the game has ended (else the standing so far)."""
    monster = next((m for m in getattr(field, "monsters", ()) if m.kind == "Mind Monster"), None)
    crew, banks = field.library_crew, field.library_banks
    if getattr(field, "ended", "") or (crew <= 0 and banks <= 0):
        return _result("The Mind Monster wins", "the library is destroyed",
                       "all its crew units and memory banks are wiped")
    untouched = crew >= LIBRARY_CREW and banks >= LIBRARY_BANKS
    if monster is not None and monster.gone == "destroyed" and untouched:
        return _result("The ship wins", "the monster is destroyed before the library is damaged",
                       "the Mind Monster is destroyed")
    points = sm6_points(crew, banks)
    name, value = sm6_level(points)
    ships = _navy(scenario, state)
    if not over and not (ships and all(u.status in GONE for u in ships)):
        return _result(f"{points} points so far", "1 point per crew unit and 2 per memory bank "
                       "left on the planet", f"{crew} crew units and {banks} memory banks left; "
                       f"levels: {_levels(SM6_LEVELS)}")
    return _result(f"{name} ({value})", f"{points} points: 1 per crew unit and 2 per memory "
                   "bank left on the planet", f"{crew} crew units and {banks} memory banks left")
