"""When the program may answer a prompt's default for the table (the table's pass policy).

The session asks each side for announcements, launches and fire on each of the 32 impulses
(C12.36, F2, D6.315) and for self-destruction each turn (D5.5). Most of those answers are
"nothing" (the prompt's default); a :class:`PassPolicy` says which of them the program may give
by itself, so the table is asked only when it has something to decide. It is Qt-free and lives
beside the orders it judges, so the app (the worker's automatic answerer,
:class:`sfb_desk.qt.game_record.AutoAnswers`) and the command line (``sfb-desk-cli duel
--table-prompts``) pass exactly the same prompts.

The policy is a frozen, picklable value (it crosses to the worker thread) and
:meth:`~PassPolicy.passes` is a pure function of the prompt and the game now. The default
(``PassPolicy()``, :data:`DEFAULT`) asks only what can matter:

* ``skip_idle_announcements`` (on): the Announce Movement Changes Step (C12.36) passes unless a
  ship of the side has a speed change plotted for the next impulse or can start or stop erratic
  maneuvers (C10.311: EM paid this turn); ``skip_announcements`` passes it always. Unplotted
  accelerations (C12.24) and emergency deceleration (C8) are possible nearly every impulse, so
  they do not make the program ask: a table that wants them turns the switch off
  (decisions.md);
* ``skip_idle_launches`` (on): the Seeking Weapons Stage passes when no ship of the side can
  launch a drone or a plasma torpedo at anyone (:func:`.launch_options.side_can_launch`: rack
  loaded, rate and spacing FD4, arc D2, control limit F3.2, a complete torpedo FP2.1);
* ``fire_when_able`` (on): the Fire Decision Step passes unless a ready weapon of the side has
  a target in range and arc that it could damage (:func:`.fire_options.side_can_fire`: loads
  E1.2, capacitor H6.3, rate of fire E1.50, fire control D6.6, arcs D2, ranges D1.4); with
  ``fire_max_range`` above 0, only targets at most that many hexes away count;
* ``skip_self_destruct`` (on): the Self-Destruction Phase (D5.5) passes;
* ``skip_idle_tractors`` (on): Operate Tractors (G7.4) passes unless a ship of the side holds a
  link (it may release it) or has another unit within tractor range (G7.31: 1 hex; 2 with the
  extended range, G7.6);
* ``skip_idle_marines`` (on): the Marine Activity Stage (6B7) passes unless a ship of the side
  could raid or board (transporter uses paid, G8.13; an enemy ship within transporter range,
  G8.14, its facing shield down, G8.21) or has a shield dropped it may raise (D3.51); posting
  guards (D7.83) or dropping a shield at other times needs the switch off;
* ``skip_forced_moves`` (on): a ship's movement prompt (C1.4) passes when the only legal order
  is the scheduled straight move: the turn mode is not satisfied (C3.2), the sideslip mode is
  not (C4.1: a hex straight after a slip) and no high energy turn can be made (C6.2): the
  table has nothing to choose, the program moves the ship;
* ``skip_idle_mines`` (on): the Mine Laying Step (M9.0) passes unless a unit of the side
  can lay a mine now and an enemy ship is within 10 hexes of it (:mod:`.mine_options`);
* ``skip_idle_panels`` (on): an Andromedan's panel orders (D10.25, D10.26) pass unless a ship
  of the side may raise a dropped bank, has a full bank, or could be damaged this impulse and can
  reinforce or dump energy (:mod:`.andromedan_options`);
* ``skip_idle_displacement`` (on): the DisDev Declaration Step (G18.311) passes unless an armed
  displacement device of the side may be declared on a unit other than its own ship, or launch a
  satellite ship aboard (:mod:`.andromedan_options`); self-displacement alone does not ask;
* ``joint_forms`` (on): not a pass but how the table is asked: the movement prompts of the
  ships the table plays in one impulse, and the fire declarations of the sides it plays, come
  as one form (:mod:`.joint`; C1.313 precedence kept in the form, D6.315 simultaneous fire);
  off, one prompt at a time;
* ``until``: every prompt with a default passes before impulse ``until = (turn, impulse)``.

:data:`ASK_ALL` passes nothing. A prompt without a default (dice, the energy allocation,
a movement choice) never passes. Where the program cannot tell (a ship without a ship record or class),
the table is asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...rules.game_state import GameState
from ...rules.hexes import hex_range
from ...rules.movement.speed import speed_at
from ...rules.ship import ShipSpec
from ...rules.arcs import shield_struck
from ...rules.combat.shields import UP
from ...rules.systems.transporters import TRANSPORTER_RANGE, uses_paid
from ...rules.units import IMPULSES, Unit, clock_of
from ..prompts import Orders, Prompt

if TYPE_CHECKING:
    from ..records import Combat

# The fire and launch options (.fire_options, .launch_options: the combat and seeking rules)
# are imported when a fire or launch prompt is weighed: the orders panel shows its switches at
# the app's start, before any game (issue 13: start-up).


@dataclass(frozen=True, slots=True)
class PassPolicy:
    """See the module docstring. ``PassPolicy()`` is the default: ask only what can matter."""

    skip_announcements: bool = False
    skip_idle_launches: bool = True
    fire_when_able: bool = True
    fire_max_range: int = 0
    until: tuple[int, int] | None = None  # (turn, impulse): pass defaults before it
    skip_idle_announcements: bool = True
    skip_self_destruct: bool = True
    skip_idle_tractors: bool = True
    skip_idle_marines: bool = True
    skip_forced_moves: bool = True
    skip_idle_mines: bool = True
    skip_idle_panels: bool = True
    skip_idle_displacement: bool = True
    joint_forms: bool = True  # one form per impulse step for the ships the table plays (.joint)

    @property
    def active(self) -> bool:
        return (self.skip_announcements or self.skip_idle_announcements
                or self.skip_idle_launches or self.fire_when_able or self.skip_self_destruct
                or self.skip_idle_tractors or self.skip_idle_marines or self.skip_forced_moves
                or self.skip_idle_mines or self.skip_idle_panels or self.skip_idle_displacement
                or self.until is not None)

    def passes(self, prompt: Prompt | None, state: GameState, combat: Combat | None = None,
               specs: Mapping[str, ShipSpec] | None = None) -> bool:
        """May the program answer ``prompt``'s default for the table? ``state`` and ``combat``
        are the session's now; ``specs`` its ship classes (a ship whose class is not given
        counts as "cannot tell": asked)."""
        if prompt is None or prompt.default is None:
            return False
        if self.until is not None and clock_of(state.turn, state.impulse) < clock_of(*self.until):
            return True
        if not isinstance(prompt, Orders):
            return False
        if prompt.kind == "movement":
            return self.skip_forced_moves and is_forced_move(prompt)
        if prompt.kind == "announce":
            if self.skip_announcements:
                return True
            return self.skip_idle_announcements and not side_can_announce(state, prompt.side)
        if prompt.kind == "self_destruct":
            return self.skip_self_destruct
        if prompt.kind == "marines":
            return self.skip_idle_marines and not side_can_board(state, combat, prompt.side)
        if prompt.kind == "lay_mines":
            from .mine_options import side_can_lay

            return self.skip_idle_mines and not side_can_lay(state, combat, specs or {},
                                                             prompt.side)
        if prompt.kind == "panels":
            from .andromedan_options import side_panels_can_matter

            return self.skip_idle_panels and not side_panels_can_matter(
                state, combat, specs or {}, prompt.side)
        if prompt.kind == "displacement":
            from .andromedan_options import side_can_displace

            return self.skip_idle_displacement and not side_can_displace(
                state, combat, specs or {}, prompt.side)
        if prompt.kind == "tractors":
            return self.skip_idle_tractors and not side_can_tract(state, combat, prompt.side)
        if prompt.kind == "launches" and self.skip_idle_launches:
            from .fire_options import OrdersContext
            from .launch_options import side_can_launch

            return not side_can_launch(OrdersContext(state, combat, specs or {}), prompt.side)
        if prompt.kind == "fire" and self.fire_when_able:
            from .fire_options import OrdersContext, side_can_fire

            return not side_can_fire(OrdersContext(state, combat, specs or {}), prompt.side,
                                     max_range=self.fire_max_range)
        return False

    def describe(self) -> str:
        """The policy in a few words (status lines, tooltips)."""
        parts = []
        if self.until is not None:
            parts.append(f"pass until turn {self.until[0]} impulse {self.until[1]}")
        if self.skip_announcements:
            parts.append("skip announcements")
        elif self.skip_idle_announcements:
            parts.append("announcements only when a speed change is plotted or EM can change")
        if self.skip_idle_launches:
            parts.append("skip launches when nothing can launch")
        if self.fire_when_able:
            within = f" within {self.fire_max_range}" if self.fire_max_range > 0 else ""
            parts.append(f"ask for fire only when a weapon can fire{within}")
        if self.skip_self_destruct:
            parts.append("no self-destruction question")
        if self.skip_idle_tractors:
            parts.append("tractors only with a unit in reach")
        if self.skip_idle_marines:
            parts.append("marines only with an enemy in transporter range")
        if self.skip_forced_moves:
            parts.append("no question for a move with one legal order")
        if self.skip_idle_mines:
            parts.append("mine laying only with a mine ready and an enemy within 10 hexes")
        if self.skip_idle_panels:
            parts.append("panel orders only when a bank can rise, is full or fire can strike")
        if self.skip_idle_displacement:
            parts.append("displacement only with a target other than the ship itself")
        if self.joint_forms:
            parts.append("one form per impulse for the ships the table plays")
        return "; ".join(parts) or "ask for everything"


#: Ask only what can matter (the default switches).
DEFAULT = PassPolicy()
#: Ask for everything: no prompt passes.
ASK_ALL = PassPolicy(skip_idle_launches=False, fire_when_able=False,
                     skip_idle_announcements=False, skip_self_destruct=False,
                     skip_idle_tractors=False, skip_idle_marines=False,
                     skip_forced_moves=False, skip_idle_mines=False,
                     skip_idle_panels=False, skip_idle_displacement=False)
NEVER = ASK_ALL  # the name the panels used before the defaults changed


def is_forced_move(prompt: Orders) -> bool:
    """Is ``prompt`` a movement prompt whose only legal order is its default (the scheduled
    straight move: C3.2 turn mode and C4.1 slip mode unmet, no HET, C6.2)? The session lists
    the legal orders in the prompt's options (:func:`sfb_desk.rules.movement.core.legal_orders`)."""
    return prompt.kind == "movement" and tuple(prompt.options) == (prompt.default,)


def unit_can_announce(unit: Unit, impulse: int) -> bool:
    """Has ``unit`` something to announce at the end of ``impulse`` (C12.36, C10.311)? A speed
    change plotted for the next impulse, or erratic maneuvers paid this turn that it may start
    (not in force, not stopped this turn) or stop."""
    if unit.is_seeker:
        return False
    if impulse < IMPULSES and not unit.decel_at and \
            speed_at(unit.plot, impulse) != speed_at(unit.plot, impulse + 1):
        return True
    em = unit.em
    if em.paid and not em.pending:
        return em.active or not em.stopped_this_turn
    return False


def side_can_announce(state: GameState, side: str | None) -> bool:
    """Has any active unit of ``side`` under orders something to announce now?"""
    return any(unit_can_announce(u, state.impulse) for u in state.units
               if u.active and not u.is_seeker and u.side == side)


def side_can_tract(state: GameState, combat: Combat | None, side: str | None) -> bool:
    """Has a ship of ``side`` a tractor order that can matter (G7.4)? It holds a link, or
    another active unit is within tractor range (G7.31; G7.6 extended: 2 hexes)."""
    reach = 2 if state.options.systems.tractor_extended_range else 1
    mine = [u for u in state.units if u.active and not u.is_seeker and u.side == side]
    if combat is not None and any(combat.tractors.holding(u.id) for u in mine):
        return True
    if combat is not None:  # P11.22: no tractor beams where sunspots stop them this turn
        from ...rules.systems.battlefield import sunspots_stop_equipment

        mine = [u for u in mine if not sunspots_stop_equipment(combat.battlefield, u.hex)]
    others = [u for u in state.units if u.active]
    return any(o.id != u.id and hex_range(u.hex, o.hex) <= reach for u in mine for o in others)


def side_can_board(state: GameState, combat: Combat | None, side: str | None) -> bool:
    """Can the marines of ``side`` do something that matters now (6B7)? A ship of it has a
    shield dropped it may raise (D3.51), or transporter uses paid this turn (G8.13) and an
    enemy ship within transporter range (G8.14) whose shield facing it is down (G8.21: a
    transporter does not work through an active shield; its own it may drop in the same
    orders). Without ship records the program cannot tell: asked."""
    if combat is None:
        return True
    from ...rules.systems.battlefield import sunspots_stop_equipment

    mine = [u for u in state.units if u.active and not u.is_seeker and u.side == side]
    enemies = [u for u in state.units if u.active and u.kind == "ship" and u.side != side]
    for u in mine:
        record = combat.ship(u.id)
        if record is None:
            return True
        if any(st != UP for st in record.shields.status):
            return True
        alloc = record.allocation
        if alloc is None or uses_paid(alloc.transporters) <= record.systems.transporter_uses:
            continue
        if sunspots_stop_equipment(combat.battlefield, u.hex):
            continue  # P11.21: no transporters this turn
        for e in enemies:
            if hex_range(u.hex, e.hex) <= TRANSPORTER_RANGE and _shield_down(combat, e, u):
                return True
    return False


def _shield_down(combat: Combat, unit: Unit, toward: Unit) -> bool:
    record = combat.ship(unit.id)
    if record is None:
        return True
    hit = shield_struck(unit.hex, unit.facing, toward.hex)
    st = record.shields
    return any(st.status[k - 1] != UP or st.boxes[k - 1] == 0
               for k in (hit.shields or range(1, 7)))
