"""When an Andromedan's panel orders or displacement declarations can matter to the table (the
pass policy's ``skip_idle_panels`` and ``skip_idle_displacement``; Module C2, D10, G18).

:func:`side_panels_can_matter`: the ``panels`` orders (6B7, beside the shields) are asked when a
ship of the side has a choice that changes what its panels do this impulse:

* a dropped bank may be raised again (its quarter turn is over, D10.25);
* a bank is full at its level (D10.32): it absorbs nothing more until its energy is dumped
  (dropping it, D10.25, or a lower level, D10.26; released by D10.424);
* an enemy unit could damage the ship this impulse (the fire options: ready weapon, arc, range,
  a die that scores) and the owner can change its protection: raise the panels to reinforced
  (level hold over, D10.261; the reserve for the D10.21 difference or a reinforced allocation,
  D10.24, D10.263) or dump a bank's energy where there is room (D10.424).

Holding energy at standard level with room to spare, out of any enemy's fire, passes by default:
dropping a bank or turning the panels off then only gives protection away.

:func:`side_can_displace`: the DisDev Declaration Step (G18.311) is asked when an armed, unfired
displacement device (G18.21) of the side, with active undisrupted fire control (G18.13, D6.68),
may be declared on a unit other than its own ship: a unit within 50 hexes (G18.33), not in its
hex when it is not Andromedan (G18.33), not cloaked (G18.72), not a target of a device within 4
impulses (G18.61), an Andromedan not displaced within 32 (G18.61), with the G18.81 two-user limit;
or a satellite ship aboard to launch (G18.55, G19.42). Self-displacement alone (G18.51: legal on
nearly every impulse while a device is armed) does not make the program ask, as unplotted
accelerations do not (decisions.md). A ship whose class is not given counts as "cannot tell"
(asked). Lock-on is assumed, as in :mod:`.fire_options`. Qt-free, like the rest of the policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...rules.energy.absorbers import REINFORCED, STANDARD
from ...rules.energy.panels import ANDRO_BATTERY_POINTS, PanelState, new_panels, panel_keys
from ...rules.energy.reserve import reserve_available
from ...rules.game_state import GameState
from ...rules.hexes import hex_range
from ...rules.ship import ShipSpec
from ...rules.systems import cloak as ck
from ...rules.systems import displacement as dd
from ...rules.units import SHIP, Unit, clock_of

if TYPE_CHECKING:
    from ..records import Combat, ShipRecord

HOLD = 8  # D10.25, D10.261: a quarter turn


def _panels(record: ShipRecord, spec: ShipSpec) -> PanelState | None:
    if not panel_keys(spec):
        return None
    return record.panels if record.panels.keys else new_panels(spec)


def _can_reinforce(record: ShipRecord, spec: ShipSpec, state: PanelState, clock: int) -> bool:
    """D10.26, D10.261, D10.263, D10.24: standard now, the hold over, the power there."""
    if state.level != STANDARD:
        return False
    if state.level_since != (0, 0) and clock - clock_of(*state.level_since) < HOLD:
        return False
    if record.allocation is None:
        return False
    if record.allocation.pa_level == REINFORCED:
        return True
    from ..absorber_steps import pa_costs

    costs = pa_costs(spec)
    return costs is not None and \
        reserve_available(record.energy, record.allocation, spec) >= costs[1] - costs[0]


def _can_dump(state: PanelState, spec: ShipSpec) -> bool:
    """A bank holds energy another raised bank or the batteries have room for (D10.424)."""
    room_banks = [b.capacity(state.level) - b.held for k, b in zip(state.keys, state.banks)
                  if k not in state.dropped]
    battery_room = max(spec.count("battery") * ANDRO_BATTERY_POINTS - state.battery, 0)
    for key, bank in zip(state.keys, state.banks):
        if key in state.dropped or not bank.held:
            continue
        others = sum(room_banks) - (bank.capacity(state.level) - bank.held)
        if others + battery_room > 0:
            return True
    return False


def _under_fire(state: GameState, combat: Combat, specs: Mapping[str, ShipSpec],
                unit: Unit) -> bool:
    """Can a unit of another side damage ``unit`` this impulse (:mod:`.fire_options`)?"""
    from .fire_options import OrdersContext, weapon_options

    ctx = OrdersContext(state, combat, specs)
    for foe in state.units:
        if not foe.active or foe.is_seeker or foe.side == unit.side:
            continue
        record = combat.ship(foe.id)
        if record is None or specs.get(record.spec_id) is None:
            if foe.kind == SHIP:
                return True  # cannot tell
            continue
        for option in weapon_options(ctx, foe):
            target = option.option(unit.id)
            if target is not None and target.can_damage:
                return True
    return False


def _side_ships(state: GameState, combat: Combat, specs: Mapping[str, ShipSpec],
                side: str | None):  # noqa: ANN202 - a generator of (unit, record, spec or None)
    """Each active ship of ``side`` with its ship record and its class (None if unknown)."""
    for unit in state.units:
        if not unit.active or unit.is_seeker or unit.side != side:
            continue
        record = combat.ship(unit.id)
        if record is not None:
            yield unit, record, specs.get(record.spec_id)


def side_panels_can_matter(state: GameState, combat: Combat | None,
                           specs: Mapping[str, ShipSpec], side: str | None) -> bool:
    """See the module docstring."""
    if combat is None:
        return True
    clock = clock_of(state.turn, state.impulse)
    for unit, record, spec in _side_ships(state, combat, specs, side):
        if spec is None:
            return True  # cannot tell: ask
        panels = _panels(record, spec)
        if panels is None or not panels.keys:
            continue
        if any(clock - at >= HOLD for _, at in panels.dropped_at):
            return True  # D10.25: a dropped bank may come up again
        if any(k not in panels.dropped and b.held and b.held >= b.capacity(panels.level)
               for k, b in zip(panels.keys, panels.banks)):
            return True  # D10.32: a full bank absorbs nothing more
        if (_can_reinforce(record, spec, panels, clock) or _can_dump(panels, spec)) \
                and _under_fire(state, combat, specs, unit):
            return True
    return False


def _targets(state: GameState, combat: Combat, specs: Mapping[str, ShipSpec], unit: Unit,
             record: ShipRecord, clock: int, users: frozenset[str]) -> bool:
    """May ``unit`` declare a device on anything but itself now (module docstring)?"""
    if record.andro.aboard:
        return True  # G18.55, G19.42: a displacement launch
    if unit.id not in users and len(users) >= dd.MAX_USERS:
        return False  # G18.81
    user_race = specs[record.spec_id].race
    for other in state.units:
        if other.id == unit.id or not other.active or other.is_seeker or other.kind != SHIP:
            continue
        target = combat.ship(other.id)
        if target is None:
            continue
        target_spec = specs.get(target.spec_id)
        if target_spec is None:
            return True  # cannot tell: ask
        kind = dd.kind_of(unit.id, other.id, user_race, target_spec.race)
        if dd.check_use(kind=kind, rng=hex_range(unit.hex, other.hex), clock=clock,
                        fire_control=True, lock_on=True,
                        cloaked=target.systems.cloak.status != ck.OFF,
                        targeted_at=target.andro.targeted_at,
                        displaced_at=target.andro.displaced_at, users=users, user=unit.id,
                        target=other.id) is None:
            return True
    return False


def side_can_displace(state: GameState, combat: Combat | None, specs: Mapping[str, ShipSpec],
                      side: str | None) -> bool:
    """See the module docstring."""
    if combat is None:
        return True
    clock = clock_of(state.turn, state.impulse)
    users = frozenset(s.id for s in combat.ships if s.andro.disdev_user)
    for unit, record, spec in _side_ships(state, combat, specs, side):
        if spec is None:
            return True  # cannot tell: ask
        armed = [w.box_ids[0] for w in spec.weapons if w.type.upper() == "DISPLACEMENT"
                 and w.box_ids[0] in record.armed and w.box_ids[0] not in record.fired
                 and w.box_ids[0] not in unit.destroyed]
        if not armed:
            continue
        if record.allocation is not None and record.allocation.fire_control != "active":
            continue  # G18.13, D6.6
        if clock < record.andro.fc_disrupted_until:
            continue  # G18.13, D6.68
        if _targets(state, combat, specs, unit, record, clock, users):
            return True
    return False
