"""Moving a unit one impulse: straight, turn, sideslip, tactical maneuver (C1.4, C3, C4, C5).

The Impulse Chart decides who moves (C1.4, :func:`is_scheduled`). A unit scheduled to move
enters one hex:

* **straight** ahead (astern in reverse, C3.5);
* a **turn** (C3.1): the facing changes 60 degrees and the unit moves into the hex ahead in the
  new facing. Legal when the hexes moved straight since the last facing change reach the turn
  mode for the current speed (C3.2, C3.31), +1 under erratic maneuvering (C10.55, nimble units
  exempt). The hex entered by the turn is the first hex of the new direction, so a unit with
  turn mode 1 (seeking weapons, F2) may turn on every hex. A unit at speed 0 has no turn mode
  to satisfy and cannot turn (C3.43: it may TAC or HET);
* a **sideslip** (C4): into the hex ahead-left or ahead-right, facing unchanged. Slip mode is 1:
  at least one hex between sideslips (C4.1). A sideslip counts as a straight hex toward the turn
  mode (C4.32); the hex entered by a turn counts toward the slip mode (C4.33, JP's quoted text,
  option ``turn_satisfies_slip``). A turn and a sideslip cannot be made in the same impulse
  (C4.34): an order naming both is refused.

A **tactical maneuver** (C5) turns a unit at speed 0 by 60 degrees in its hex, never on
impulse 1 (C5.11): one sublight TAC a turn for 1 impulse energy, or warp TACs (up to 4 a turn)
earned on the impulses a speed-4 unit moves, at most one held unused (:func:`earn_warp_tac`).
An **HET** (C6) is in :mod:`sfb_desk.rules.movement.het`; this module applies its order.

Orders are answers from the table (strings such as ``"turn left"`` or dicts such as
``{"slip": "right"}``), read by :func:`parse_move_order`; an illegal order is a
:class:`~sfb_desk.rules.results.Refusal` naming the rule, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..charts.impulse import moves_on
from ..charts.turn_modes import turn_mode
from ..game_state import RuleOptions
from ..hexes import FLOATING_MAP, MapBounds, neighbor, parse_facing
from .het import het_refusal, perform_het
from ..results import Event, Refusal, event
from ..units import FACING_LETTERS, Unit, clock_of

STRAIGHT = "straight"
TURN = "turn"
SLIP = "slip"
HET = "het"
TAC = "tac"
STAY = "stay"

LEFT, RIGHT = -1, 1
_SIDES = {"left": LEFT, "l": LEFT, "right": RIGHT, "r": RIGHT}
_SIDE_NAME = {LEFT: "left", RIGHT: "right"}
WARP_TAC_IMPULSES = (8, 16, 24, 32)  # the impulses a speed-4 unit moves (C5.2, C1.4)


@dataclass(frozen=True, slots=True)
class MoveOrder:
    """One unit's movement order for one impulse. ``side`` is -1 left / +1 right (turn, slip,
    tac); ``facing`` is the new facing 0..5 of an HET."""

    action: str
    side: int = 0
    facing: int = -1

    def __str__(self) -> str:
        if self.action in (TURN, SLIP, TAC):
            return f"{self.action} {_SIDE_NAME[self.side]}"
        if self.action == HET:
            return f"het {FACING_LETTERS[self.facing]}"
        return self.action


def parse_move_order(raw: object) -> MoveOrder | Refusal:
    """Read a movement answer.

    Strings: ``straight`` (or ``forward``), ``turn left|right``, ``slip left|right``,
    ``het A..F``, ``tac left|right``, ``stay`` (or ``none``). Dicts: ``{"turn": "left"}``,
    ``{"slip": "right"}``, ``{"het": "C"}``, ``{"tac": "left"}``, ``{"straight": true}``,
    ``{}`` for no movement. A dict naming a turn and a sideslip is refused (C4.34).
    """
    if isinstance(raw, MoveOrder):
        return raw
    if isinstance(raw, dict):
        keys = {k for k, v in raw.items() if v not in (None, False)}
        if {TURN, SLIP} <= keys:
            return Refusal("C4.34", "a unit cannot turn and sideslip in the same impulse")
        if {HET, TURN} <= keys or {HET, SLIP} <= keys or {HET, TAC} <= keys:
            return Refusal("C6.32", "an HET is the only facing change of its impulse")
        if len(keys) > 1:
            return Refusal("C3.1", f"one movement order per impulse, not {sorted(keys)}")
        if not keys:
            return MoveOrder(STAY)
        (key,) = keys
        value = raw[key]
        text = key if value is True else f"{key} {value}"
        return parse_move_order(text)
    if not isinstance(raw, str):
        return Refusal("C3.1", f"unreadable movement order {raw!r}")
    words = raw.strip().lower().split()
    if not words:
        return MoveOrder(STAY)
    head = words[0]
    if head in ("straight", "forward", "f") and len(words) == 1:
        return MoveOrder(STRAIGHT)
    if head in ("stay", "none", "-") and len(words) == 1:
        return MoveOrder(STAY)
    if head in (TURN, SLIP, "sideslip", TAC) and len(words) == 2 and words[1] in _SIDES:
        action = SLIP if head == "sideslip" else head
        return MoveOrder(action, _SIDES[words[1]])
    if head == HET and len(words) == 2:
        try:
            return MoveOrder(HET, facing=int(parse_facing(words[1])))
        except ValueError as exc:
            return Refusal("C6.1", str(exc))
    return Refusal(
        "C3.1",
        f"unreadable movement order {raw!r}: expected straight, turn left/right, "
        "slip left/right, het A-F, tac left/right or stay",
    )


# ---------------------------------------------------------------------------------------------
# Queries


def turn_mode_now(unit: Unit, options: RuleOptions) -> int:
    """Hexes straight required before a turn at the current speed (C3.31), +1 under EM unless
    nimble (C10.55, C11.23)."""
    mode = turn_mode(unit.profile.turn_mode, min(unit.speed, 32))
    if unit.em.active and not (unit.nimble and options.nimble_units):
        mode += 1
    return mode


def may_turn(unit: Unit, options: RuleOptions) -> bool:
    """Turn mode satisfied (C3.2); never at speed 0 (C3.43)."""
    return unit.speed > 0 and unit.straight >= turn_mode_now(unit, options)


def may_slip(unit: Unit) -> bool:
    """Slip mode 1 satisfied (C4.1); seeking weapons do not sideslip (decisions.md, F2)."""
    return unit.since_slip >= 1 and not unit.is_seeker


def is_scheduled(unit: Unit, impulse: int, clock: int) -> bool:
    """Does the unit move a hex on ``impulse`` (C1.4), not held immobile (C6.541, C8.4)?"""
    return unit.speed > 0 and moves_on(unit.speed, impulse) and clock >= unit.immobile_until


def tac_refusal(unit: Unit, impulse: int, options: RuleOptions) -> Refusal | None:
    """Why a tactical maneuver is not allowed now, or None (C5)."""
    if unit.is_seeker:
        return Refusal("C5.0", "seeking weapons cannot make tactical maneuvers")
    if impulse == 1:
        return Refusal("C5.11", "no tactical maneuver on impulse 1")
    if unit.speed != 0:
        return Refusal("C5.1", f"tactical maneuvers are made at speed 0 ({unit.id} is at {unit.speed})")
    tac = unit.tac
    free = not options.require_maneuver_energy
    if tac.warp_held or (tac.sublight_paid and not tac.sublight_used):
        return None
    if free and not tac.sublight_used:
        return None
    if tac.warp_paid > tac.warp_earned:
        return Refusal(
            "C5.2", f"no warp tactical maneuver earned yet (next on impulse "
            f"{next(i for i in WARP_TAC_IMPULSES if i >= impulse)})"
        )
    return Refusal("C5.1", f"{unit.id} has no tactical maneuver paid for and unused this turn")


def legal_orders(unit: Unit, impulse: int, clock: int, options: RuleOptions) -> tuple[str, ...]:
    """The orders a unit may give now, as answer strings, for the prompt (and the GUI)."""
    out: list[str] = []
    if is_scheduled(unit, impulse, clock):
        out.append(STRAIGHT)
        if may_turn(unit, options):
            out += ["turn left", "turn right"]
        if may_slip(unit):
            out += ["slip left", "slip right"]
    else:
        out.append(STAY)
        if tac_refusal(unit, impulse, options) is None:
            out += ["tac left", "tac right"]
    if het_refusal(unit, None, impulse, clock, options) is None:
        out.append("het")
    return tuple(out)


def earn_warp_tac(unit: Unit, impulse: int) -> Unit:
    """On the impulses a speed-4 unit moves, one paid warp TAC becomes available; only one may
    be held unused, so an older held one is lost (C5.2, reference G6.9)."""
    tac = unit.tac
    if impulse in WARP_TAC_IMPULSES and tac.warp_paid > tac.warp_earned:
        return replace(unit, tac=replace(tac, warp_earned=tac.warp_earned + 1, warp_held=1))
    return unit


# ---------------------------------------------------------------------------------------------
# Applying an order


@dataclass(frozen=True, slots=True)
class Moved:
    """The unit after an accepted order. ``breakdown_roll`` asks the caller for the HET
    breakdown roll (C6.5); ``then_move`` says the unit still moves its scheduled hex after it."""

    unit: Unit
    events: tuple[Event, ...] = ()
    breakdown_roll: bool = False
    then_move: bool = False


def apply_order(
    unit: Unit,
    order: MoveOrder,
    *,
    turn: int,
    impulse: int,
    options: RuleOptions,
    bounds: MapBounds = FLOATING_MAP,
) -> Moved | Refusal:
    """Carry out ``order`` for ``unit`` on ``impulse`` of ``turn``, or refuse it by rule."""
    clock = clock_of(turn, impulse)
    scheduled = is_scheduled(unit, impulse, clock)
    action = order.action
    if action == HET:
        refusal = het_refusal(unit, order.facing, impulse, clock, options)
        if refusal:
            return refusal
        new, ev = perform_het(unit, order.facing, clock)
        return Moved(new, (ev,), breakdown_roll=unit.profile.breakdown is not None,
                     then_move=scheduled)
    if action == TAC:
        refusal = tac_refusal(unit, impulse, options)
        if refusal:
            return refusal
        return Moved(*_tac(unit, order.side))
    if action == STAY:
        if scheduled:
            return Refusal(
                "C1.4", f"{unit.id} is scheduled to move on impulse {impulse} (speed {unit.speed})"
            )
        return Moved(unit)
    if not scheduled:
        why = (
            f"is held immobile until impulse {unit.immobile_until - clock_of(turn, 0)}"
            if unit.speed and clock < unit.immobile_until
            else f"does not move on impulse {impulse} at speed {unit.speed}"
        )
        rule = "C6.541" if unit.speed and clock < unit.immobile_until else "C1.4"
        return Refusal(rule, f"{unit.id} {why}")
    if action == STRAIGHT:
        return _step(unit, unit.facing, unit.facing, "straight", bounds,
                     straight=unit.straight + 1, since_slip=unit.since_slip + 1)
    if action == TURN:
        if not may_turn(unit, options):
            mode = turn_mode_now(unit, options)
            em = " (+1 for erratic maneuvering, C10.55)" if unit.em.active else ""
            return Refusal(
                "C3.2",
                f"{unit.id} must move {mode} hexes straight before turning{em}; "
                f"it has moved {min(unit.straight, mode)}",
            )
        facing = (unit.facing + order.side) % 6
        slip = unit.since_slip + 1 if options.turn_satisfies_slip else 0
        return _step(unit, facing, facing, f"turn {_SIDE_NAME[order.side]}", bounds,
                     straight=1, since_slip=slip)
    if action == SLIP:
        if unit.is_seeker:
            return Refusal("F2.0", "seeking weapons do not sideslip (decisions.md)")
        if not may_slip(unit):
            return Refusal("C4.1", f"{unit.id} must move one hex before sideslipping again")
        direction = (unit.facing + order.side) % 6
        return _step(unit, unit.facing, direction, f"slip {_SIDE_NAME[order.side]}", bounds,
                     straight=unit.straight + 1, since_slip=0, reverse_slip=order.side)
    raise ValueError(f"unknown movement action {action!r}")  # programmer error


def _step(
    unit: Unit,
    facing: int,
    direction: int,
    how: str,
    bounds: MapBounds,
    *,
    straight: int,
    since_slip: int,
    reverse_slip: int = 0,
) -> Moved:
    """Enter the next hex. In reverse the unit backs into the hex astern of ``direction``
    (for a sideslip, astern-left or astern-right, C3.5)."""
    if unit.reverse:
        direction = (facing + 3 - reverse_slip) % 6 if reverse_slip else (direction + 3) % 6
    to = neighbor(unit.hex, direction)
    new = replace(unit, hex=to, facing=facing, straight=straight, since_slip=since_slip,
                  travelled=unit.travelled + 1)
    events = [event("moved", unit.id, "C1.4", f"{unit.id} {how} to {to.label}",
                    how=how, hex=to.label, facing=FACING_LETTERS[facing])]
    if bounds is not FLOATING_MAP and not bounds.contains(to):
        new = replace(new, status="off_map")
        events.append(event("left_map", unit.id, "C7.0", f"{unit.id} leaves the map at {to.label}"))
    return Moved(new, tuple(events))


def _tac(unit: Unit, side: int) -> tuple[Unit, tuple[Event, ...]]:
    tac = unit.tac
    if tac.warp_held:
        tac, kind = replace(tac, warp_held=0, warp_used=tac.warp_used + 1), "warp"
    else:
        tac, kind = replace(tac, sublight_used=True), "sublight"
    facing = (unit.facing + side) % 6
    new = replace(unit, facing=facing, tac=tac, straight=0, since_slip=0)
    ev = event("tac", unit.id, "C5.1" if kind == "sublight" else "C5.2",
               f"{unit.id} makes a {kind} tactical maneuver to facing {FACING_LETTERS[facing]}",
               facing=FACING_LETTERS[facing], tac=kind)
    return new, (ev,)
