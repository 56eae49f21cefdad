"""The Standard Victory Conditions (S2.20) of a game in play, from its units and ship records.

:func:`score_game` scores any game (a scenario, a game set up by hand, a robot duel) the way
:func:`sfb_desk.data.scenarios.score` scores a scenario: each ship at its class's combat BPV
(S2.1; refits are not tracked in play), its outcome from the game (boxes destroyed, internal
points, destroyed, disengaged or off the map), then :func:`sfb_desk.rules.victory
.score_standard`. Units without a ship record (seeking weapons, movement-only games) are not
scored. Where a ship class has no combat BPV the game cannot be scored and the reason says so.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rules.game_state import GameState
from ..rules.ship import ShipSpec
from ..rules.victory import ForceShip, ShipOutcome, SideEntry, VictoryResult, score_standard

GONE = ("destroyed", "disengaged", "off_map", "captured")


class CannotScoreGame(ValueError):
    """The game cannot be scored by S2.20 (a ship class without a combat BPV)."""


def outcomes_of(state: GameState, combat) -> dict[str, ShipOutcome]:  # noqa: ANN001 - Combat
    """Each recorded ship's outcome so far, by unit id."""
    out: dict[str, ShipOutcome] = {}
    for record in getattr(combat, "ships", ()):
        unit = state.find(record.id)
        if unit is None:
            continue
        left = unit.status in ("disengaged", "off_map")
        out[unit.id] = ShipOutcome(
            destroyed_boxes=frozenset(unit.destroyed), internal_points=record.internal_points,
            destroyed=unit.status == "destroyed" or record.ship_destroyed, disengaged=left,
            captured=unit.status == "captured",
            disengaged_turn=state.turn if left else None)
    return out


def score_game(state: GameState, combat, specs: Mapping[str, ShipSpec]) -> VictoryResult:  # noqa: ANN001
    """S2.20 for the game as it stands (see the module docstring)."""
    force: list[ForceShip] = []
    for record in getattr(combat, "ships", ()):
        unit = state.find(record.id)
        spec = specs.get(record.spec_id)
        if unit is None or spec is None:
            continue
        if spec.bpv_combat is None:
            raise CannotScoreGame(f"{spec.id}: no combat BPV in the ship file (S2.1)")
        force.append(ForceShip(unit.id, unit.side, spec.bpv_combat, unit.id, spec))
    sides = sorted({f.side for f in force})
    if len(sides) < 2:
        raise CannotScoreGame("fewer than two sides with ships: nothing to score (S2.20)")
    bonus: dict[str, int] = {}
    field = getattr(combat, "battlefield", None)
    for dragon in getattr(field, "dragons", ()):  # SM7.5: the dragon's turns of ravaging
        unit = state.find(dragon.id)
        if unit is not None and dragon.ravage_points():
            bonus[unit.side] = bonus.get(unit.side, 0) + dragon.ravage_points()
    rules = {s: "SM7.5" for s in bonus}
    for side, points, rule in field_mine_points(field):  # SG15.5: mines located and destroyed
        bonus[side] = bonus.get(side, 0) + points
        rules[side] = ", ".join(filter(None, (rules.get(side), rule)))
    entries = [SideEntry(s, bonus=bonus.get(s, 0), bonus_rule=rules.get(s, "")) for s in sides]
    return score_standard(force, outcomes_of(state, combat), entries)


def field_mine_points(field) -> list[tuple[str, int, str]]:  # noqa: ANN001 - BattlefieldState
    """(side, points, rule) of a scenario's points for enemy mines located and destroyed
    (SG15.5; :func:`sfb_desk.rules.systems.mines.scoring.mine_points`); [] without them."""
    wanted = getattr(field, "mine_points", None)
    if not wanted:
        return []
    from ..rules.systems.mines.scoring import mine_points

    side, located, destroyed, rule = wanted
    points, found, gone = mine_points(field.mines.mines, side, located=located,
                                      destroyed=destroyed)
    return [(side, points, f"{rule}: {found} mines located, {gone} destroyed")] if points else []


def side_gone(state: GameState) -> str | None:
    """The first side whose every ship is destroyed, disengaged or off the map, else None."""
    sides: dict[str, list[str]] = {}
    for unit in state.units:
        if unit.kind == "ship":
            sides.setdefault(unit.side, []).append(unit.status)
    for side, statuses in sorted(sides.items()):
        if len(sides) > 1 and all(s in GONE for s in statuses):
            return side
    return None
