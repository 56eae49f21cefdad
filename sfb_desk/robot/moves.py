"""The robot's movement orders (C1.4, C3, C4) and movement announcements (C12.36).

Each legal order of the prompt (``prompt.options``, from :func:`sfb_desk.rules.movement.core.
legal_orders`) is tried with :func:`sfb_desk.rules.movement.core.apply_order` and the unit after it
is scored:

* the **cadet** charges: the shorter the range to the nearest enemy the better, the enemy dead
  ahead breaking ties;
* the **captain** and **commodore** close to the range their weapons like best
  (:func:`.view.best_range`) and hold it, keeping the enemy in the arcs of their heavy weapons
  (D2); the commodore also turns its strongest shield toward the enemy (D3.4) and, once its
  heavy weapons have fired, turns its fresh shields toward the threat;
* a photon ship whose photons are all re-arming (E4.2) stands off beyond overload range
  (:data:`STAND_OFF_RANGE`, D6.126) until :data:`TURN_BACK`, then turns back to bear;
* on a fixed map every level keeps off the edges (leaving the map is disengaging, C7.0);
* no level flies into a web (G10.5) or an asteroid hex (P3.2, a nova's clusters P12.53)
  when another order will do.

High energy turns and tactical maneuvers are never paid for (the allocation pays no HETs), so
only the orders of the impulse chart are chosen. Announcements (unplotted acceleration, EM,
emergency deceleration) are not used: the empty announcement is always legal.
"""

from __future__ import annotations

from ..rules.hexes import hex_range, neighbor
from ..rules.bearing import bearing
from ..rules.movement.core import Moved, apply_order, parse_move_order
from ..rules.results import Refusal
from ..rules.units import Unit
from .levels import Level
from .view import Ship, bears, best_range, facing_shield, heavy, live_weapons, nearest_enemy, ship

#: Bearings (24-point compass) from dead ahead: 1 is dead ahead, 13 dead astern.
EDGE_MARGIN = 3
#: Hexes ahead a unit looks for the map edge (a turn takes its turn mode, C3).
EDGE_LOOKAHEAD = 10
#: A photon ship re-arming (E4.2) stays at least this far off: beyond overload range (8,
#: D6.126) and where disruptors and phasers score least.
STAND_OFF_RANGE = 12
#: From this impulse on it turns back, so that photons armed over the turn break (E4.2) bear
#: when the next turn's fire opens (D2).
TURN_BACK = 24
#: A move into a web hex costs this much more than the web's strength (robot/webs.py).
WEB_PENALTY = 60.0  # more than any range or bearing the move could gain
#: A move into an asteroid hex (P3.2) costs as much: damage on entry, by speed.
ASTEROID_PENALTY = 60.0


def movement_answer(prompt, session, lv: Level) -> str:  # noqa: ANN001
    """One of ``prompt.options`` (never ``het``: no HET is paid for)."""
    options = [o for o in prompt.options if o != "het"] or list(prompt.options)
    me = ship(session, prompt.unit)
    unit = me.unit if me is not None else session.state.find(prompt.unit)
    enemy = nearest_enemy(session, unit) if unit is not None else None
    if unit is None:
        return prompt.default if prompt.default in options else options[0]
    scored = []
    for n, option in enumerate(options):
        after = _after(session, unit, option)
        if after is None:
            continue
        value = (_score(after, me, enemy, lv, session) if enemy is not None
                 else _stay_on_map(after, session.initial.map))
        if after.hex != unit.hex:
            value -= _web_penalty(session, after) + _asteroid_penalty(session, after)
        scored.append((value, -n, option))
    if not scored:
        return prompt.default if prompt.default in options else options[0]
    return max(scored)[2]


def _web_penalty(session, after: Unit) -> float:  # noqa: ANN001
    """A web hex, formed or forming, holds a unit for its strength in movement points (G10.5 as
    decisions.md reads it; E12.552 for a forming one): the robot does not fly into one."""
    c2 = getattr(getattr(session, "combat", None), "c2", None)
    web = c2.webs.any_at(after.hex) if c2 is not None and c2.webs.webs else None
    return 0.0 if web is None else WEB_PENALTY + web.strength


def _asteroid_penalty(session, after: Unit) -> float:  # noqa: ANN001
    """An asteroid field's hex or a nova's cluster (P3.2, P12.53) does damage by speed on
    entry: the robot steers clear of it as it does of webs."""
    field = getattr(getattr(session, "combat", None), "battlefield", None)
    if field is None or not (field.terrain or field.clusters):
        return 0.0
    if any(f.kind == "asteroids" for f in field.terrain.at(after.hex)):
        return ASTEROID_PENALTY
    if field.clusters and any(hex_range(c.hex, after.hex) <= 1 for c in field.clusters):
        return ASTEROID_PENALTY  # a 7-hex cluster: its counter's hex and the six around it
    return 0.0


def _after(session, unit: Unit, option: str) -> Unit | None:  # noqa: ANN001
    order = parse_move_order(option)
    if isinstance(order, Refusal):
        return None
    state = session.state
    moved = apply_order(unit, order, turn=state.turn, impulse=state.impulse,
                        options=session.initial.options, bounds=session.initial.map)
    if not isinstance(moved, Moved):
        return None
    return moved.unit


def _score(after: Unit, me: Ship | None, enemy: Ship, lv: Level, session) -> float:  # noqa: ANN001
    rng = hex_range(after.hex, enemy.unit.hex)
    score = _stay_on_map(after, session.initial.map)
    ahead = _ahead(after, enemy.unit.hex)
    if lv.approach == "charge" or me is None:
        return score - 10.0 * max(rng, 1) - 15.0 * (rng == 0) - 0.1 * ahead
    weapons = [w for w in live_weapons(me) if heavy(w)]
    loaded = [w for w in weapons if w.box_ids[0] in me.record.armed]
    standing_off = _standing_off(weapons, loaded) and session.state.impulse < TURN_BACK
    want = STAND_OFF_RANGE if standing_off else best_range(me, enemy)
    if standing_off:
        score -= 4.0 * max(0, want - rng)  # farther is as good: out of overload range
    else:
        score -= 4.0 * abs(rng - want)
    if rng < 2:
        score -= 6.0  # inside photon and overload minimums, and ramming distance
    if not standing_off:
        bearing_heavy = sum(1 for w in (loaded or weapons) if bears(w, after, enemy.unit.hex))
        score += 3.0 * bearing_heavy
    if lv.shield_weight:
        shields = facing_shield(after, enemy.unit.hex)
        if shields:
            strength = max(me.shields.strength(k) for k in shields)
            score += lv.shield_weight * strength
    return score - 0.05 * ahead


def _standing_off(weapons, loaded) -> bool:  # noqa: ANN001
    """A photon ship whose photons are all re-arming (E4.2, two turns) keeps the range open:
    nothing of its own can answer an enemy that closes to overload range (D6.126)."""
    photons = [w for w in weapons if w.type.strip().upper() == "PHOTON"]
    return bool(photons) and len(photons) == len(weapons) and not loaded


def _stay_on_map(after: Unit, bounds) -> float:  # noqa: ANN001
    """On a fixed map, a unit that leaves it has disengaged (C7.0): keep off the edges, and with
    no enemy left, head for the middle."""
    if bounds.columns is None and bounds.rows is None:
        return 0.0
    if not after.active:
        return -1e6
    edge = _edge_distance(after, bounds)
    ahead = _steps_to_edge(after, bounds)
    return (-50.0 * max(0, EDGE_MARGIN - edge) - 6.0 * max(0, EDGE_LOOKAHEAD - ahead)
            + 0.01 * min(edge, 10))


def _steps_to_edge(unit: Unit, bounds) -> int:  # noqa: ANN001
    """Hexes the unit can fly straight on before it leaves the map (C7.0), up to the lookahead."""
    h = unit.hex
    direction = (unit.facing + 3) % 6 if unit.reverse else unit.facing
    for n in range(EDGE_LOOKAHEAD):
        h = neighbor(h, direction)
        if not bounds.contains(h):
            return n
    return EDGE_LOOKAHEAD


def _ahead(unit: Unit, target_hex) -> int:  # noqa: ANN001
    """How far off the bow the target lies (0 dead ahead .. 12 dead astern)."""
    point = bearing(unit.hex, unit.facing, target_hex)
    if point == 0:
        return 0
    off = (point - 1) % 24
    return min(off, 24 - off)


def _edge_distance(unit: Unit, bounds) -> int:  # noqa: ANN001
    col, row = unit.hex.col, unit.hex.row
    gaps = []
    if bounds.columns is not None:
        gaps += [col - 1, bounds.columns - col]
    if bounds.rows is not None:
        gaps += [row - 1, bounds.rows - row]
    return min(gaps) if gaps else 99


def announce_answer(prompt, session, lv: Level) -> dict:  # noqa: ANN001
    """No unplotted changes (C12.24), EM (C10.311) or emergency deceleration (C8)."""
    return {}
