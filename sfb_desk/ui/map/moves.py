"""What the map shows about movement, asked of the movement rules (no rules logic here).

The view never works out a move itself. The orders a unit may give come from
:func:`~sfb_desk.rules.movement.core.legal_orders`; the hex each one enters, and every refusal with
its rule number, come from :func:`~sfb_desk.rules.movement.core.apply_order` run on the unit as it
is (so reverse movement, EM, HET limits and the rest are whatever the rules say). Who moves this
impulse is :func:`~sfb_desk.rules.movement.core.is_scheduled` (the Impulse Chart ``moves_on`` at the
unit's speed, C1.4, unless it is held immobile, C6.541).

The movement rules have no call "which hex does this order enter"; :func:`move_options` is that
adapter: it applies each legal order to the unit and reads the resulting hex and facing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.hexes import FLOATING_MAP, Hex, MapBounds, neighbor
from sfb_desk.rules.movement.core import (
    HET,
    LEFT,
    RIGHT,
    SLIP,
    STRAIGHT,
    TAC,
    TURN,
    Moved,
    MoveOrder,
    apply_order,
    is_scheduled,
    legal_orders,
    parse_move_order,
)
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import Unit, clock_of

from .looks import unit_title


@dataclass(frozen=True, slots=True)
class MoveContext:
    """The clock and rules a move is judged under."""

    turn: int = 1
    impulse: int = 1
    options: RuleOptions = field(default_factory=RuleOptions)
    bounds: MapBounds = FLOATING_MAP

    @property
    def clock(self) -> int:
        return clock_of(self.turn, self.impulse)


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A legal order and where it leaves the unit."""

    order: MoveOrder
    hex: Hex
    facing: int

    @property
    def enters_hex(self) -> bool:
        return self.order.action in (STRAIGHT, TURN, SLIP)


def check_order(unit: Unit, order: MoveOrder, ctx: MoveContext) -> Moved | Refusal:
    """The rules' verdict on ``order`` for ``unit`` now: the moved unit, or the refusal."""
    return apply_order(unit, order, turn=ctx.turn, impulse=ctx.impulse, options=ctx.options,
                       bounds=ctx.bounds)


def move_options(unit: Unit, ctx: MoveContext) -> list[MoveOption]:
    """Every legal order of ``unit`` with a fixed result (straight, turns, sideslips, TACs),
    in the order the rules list them. HETs need a facing and are offered by the view's prompt."""
    out: list[MoveOption] = []
    for text in legal_orders(unit, ctx.impulse, ctx.clock, ctx.options):
        order = parse_move_order(text)
        if isinstance(order, Refusal) or order.action in ("stay", HET):
            continue
        result = check_order(unit, order, ctx)
        if isinstance(result, Moved):
            out.append(MoveOption(order, result.unit.hex, result.unit.facing))
    return out


def moves_this_impulse(unit: Unit, ctx: MoveContext) -> bool:
    """Is ``unit`` scheduled to move a hex on this impulse (C1.4 ``moves_on``, C6.541)?"""
    return (unit.active and 0 < unit.speed <= 32 and 1 <= ctx.impulse <= 32
            and is_scheduled(unit, ctx.impulse, ctx.clock))


def order_toward(
    unit: Unit, target: tuple[int, int, int], ctx: MoveContext, prefer_slip: bool = False
) -> MoveOrder | None:
    """The order a click on hex ``target`` asks for, so that the rules can judge it (and
    explain a refusal): the straight move, turn or sideslip whose hex is ``target``.

    Where each order would go is asked of the rules too: the orders are applied to a copy of
    the unit whose turn and slip modes are satisfied (C3.2, C4.1), so the hex comes from
    :func:`apply_order` even when the order itself is illegal now (reverse movement, C3.5,
    included). A unit not moving this impulse gets the straight move, which the rules refuse
    with the reason (C1.4). None: no single movement order enters ``target``.
    """
    if not moves_this_impulse(unit, ctx):
        return MoveOrder(STRAIGHT) if target in _adjacent(unit.hex) else None
    probe = replace(unit, straight=10**6, since_slip=10**6)
    turns = [MoveOrder(TURN, LEFT), MoveOrder(TURN, RIGHT)]
    slips = [MoveOrder(SLIP, LEFT), MoveOrder(SLIP, RIGHT)]
    for order in [MoveOrder(STRAIGHT), *(slips + turns if prefer_slip else turns + slips)]:
        result = check_order(probe, order, ctx)
        if isinstance(result, Moved) and result.unit.hex == tuple(target):
            return order
    return None


def _adjacent(h: Hex) -> set[Hex]:
    return {neighbor(h, f) for f in range(6)}


def het_facing_toward(unit: Unit, target: tuple[int, int, int]) -> int | None:
    """The facing an HET prompt answered by clicking the adjacent hex ``target`` names."""
    for facing in range(6):
        if neighbor(unit.hex, facing) == tuple(target):
            return facing
    return None


def describe_order(order: MoveOrder) -> str:
    names = {STRAIGHT: "move straight ahead", TURN: "turn", SLIP: "sideslip", TAC: "tactical maneuver"}
    if order.action in (TURN, SLIP, TAC):
        side = "left" if order.side == LEFT else "right"
        return f"{names[order.action]} {side}"
    if order.action == HET:
        return f"high energy turn to {'ABCDEF'[order.facing]}"
    return names.get(order.action, order.action)


_TAGS = {"straight": "straight", "turn": "turn", "slip": "slip"}
#: The keys of the orders, as the orders panel's movement form names them (the map takes them
#: too, and its own: Up, Left/Right, Shift+Left/Right, H then A-F, T then Left/Right, S).
_KEYS = {"straight": "W", "turn left": "A", "turn right": "D", "slip left": "Q",
         "slip right": "E", "tac left": "Z", "tac right": "C", "het": "1-6", "stay": "X"}
_SIDE = {-1: "L", 1: "R"}


def options_by_hex(unit: Unit, ctx: MoveContext) -> dict[Hex, list[MoveOption]]:
    """The legal orders that enter a hex, by the hex they enter (a click on it chooses)."""
    legal: dict[Hex, list[MoveOption]] = {}
    for option in move_options(unit, ctx):
        if option.enters_hex:
            legal.setdefault(option.hex, []).append(option)
    return legal


def target_tag(options: list[MoveOption]) -> str:
    """The short tag of a clickable hex: ``"turn L / slip L"``."""
    return " / ".join(_TAGS[o.order.action] + (" " + _SIDE[o.order.side] if o.order.side else "")
                      for o in options)


def click_hint(options: list[MoveOption]) -> str:
    """The hover line of a clickable hex: what a click (and a Shift+click) does there."""
    return "click: " + ", ".join(
        ("Shift+click: " if o.order.action == SLIP and i else "") + str(o.order)
        for i, o in enumerate(options)
    )


def selection_text(unit: Unit, ctx: MoveContext) -> str:
    """The message line of a selected unit: its speed, facing and legal orders with their keys."""
    orders = legal_orders(unit, ctx.impulse, ctx.clock, ctx.options)
    return (f"{unit_title(unit)}, speed {unit.speed}, facing {unit.facing_letter}: "
            + ", ".join(f"{o} [{_KEYS[o]}]" if o in _KEYS else o for o in orders))
