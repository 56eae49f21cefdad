"""A sensible starting allocation for a ship: the sheet's "new turn" and ``ea template``.

Housekeeping first: life support (B3.3), active fire control (D6.6), shields active (D3.32)
or panels at standard (D10.21); weapons continue their cycles (arm an empty or part-armed
weapon, hold a complete one that can be held, E4.22, FP2.51; a rolled torpedo completes); the
phaser capacitor is filled (H6.21). What is left moves the ship: warp-only arming is paid from
warp reactors first, other uses from APR, then impulse (keeping one point for the impulse hex,
C2.111), then warp; the rest of the warp gives the speed (C12.384), within the acceleration
limit from last turn (C2.21). Power still left recharges the batteries (H5) and then buys
general reinforcement (D3.341).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..ship import ShipSpec
from .allocation import Allocation, WeaponOrder
from .arming import STORE_TYPES, UNMODELLED, WeaponArming
from .costs import (
    ARMING,
    GENERAL_REINFORCEMENT,
    MAX_WARP_HEXES,
    NO_ENERGY_WEAPONS,
    PHASER_TYPES,
    WEB_CASTER_MAX,
)
from .ledger import ledger, move_cost, pa_cost
from .options import DEFAULT_OPTIONS, EnergyOptions
from .state import EnergyState, capacitor_capacity, weapon_destroyed

ZERO = Fraction(0)


def _order(w: WeaponArming, options: EnergyOptions, turn: int) -> WeaponOrder | None:
    kind = w.type
    if kind in PHASER_TYPES or kind in NO_ENERGY_WEAPONS or kind in UNMODELLED:
        return None
    if kind in ("PROBE", "SHUTTLE", "OPTION", "PLASMA-D"):
        return None  # probes, armed shuttles and option mounts are the player's choice
    if kind in STORE_TYPES:  # tops the store up; a full caster takes nothing (E12.31)
        return WeaponOrder(w.box, "arm") if w.stored_at(turn) < WEB_CASTER_MAX else None
    if w.complete:
        # The load's ARMING key: its mode, or the launcher's type for the launcher's own load
        # (a load set up by weapon status, S4, carries no mode).
        load = w.mode or kind
        table = ARMING.get(load)
        holdable = table is not None and table.hold is not None and not (
            load == "FUSION" and not options.fusion_hold)
        if w.overload and load != "PHOTON" and (table is None or table.overload_hold is None):
            holdable = False  # E4.42: overloaded photons are held; E7.412, E11.62: not others
        return WeaponOrder(w.box, "hold") if holdable else None
    return WeaponOrder(w.box, "arm")


def template(
    spec: ShipSpec,
    state: EnergyState,
    *,
    turn: int | None = None,
    options: EnergyOptions = DEFAULT_OPTIONS,
) -> Allocation:
    """A starting allocation for ``spec`` in ``state`` (see the module docstring)."""
    dead = state.destroyed
    orders = []
    for w in state.weapons:
        if weapon_destroyed(spec, w.box, dead):
            continue
        o = _order(w, options, state.turn if turn is None else turn)
        if o is not None:
            orders.append(o)
    base = Allocation(
        ship=spec.id,
        turn=state.turn if turn is None else turn,
        life_support="emergency" if state.crippled else "normal",
        fire_control="active",
        shields="active" if any(spec.shields or ()) else "off",  # D10.1: panels, no shields
        pa_level="standard" if not any(spec.shields or ()) and pa_cost(spec, "standard")
        else "off",
        phaser_capacitor=max(capacitor_capacity(spec, dead) - state.capacitor, ZERO),
        weapons=tuple(orders),
        em=state.em_carried,
        speed_plot=((1, 0),),
    )
    led = ledger(base, spec, state, options)
    s = led.supply
    warp, awr, impulse, apr = s.warp, s.awr, s.impulse, s.apr
    # Warp-only arming: warp reactors first, then warp engines.
    need = led.warp_only
    take = min(need, awr)
    awr, need = awr - take, need - take
    warp -= need
    # Everything else that is not movement: APR, AWR, impulse (keep one), warp.
    general = led.total_used - led.warp_only - led.costs["em"]
    for pool in ("apr", "awr", "impulse", "warp"):
        if general <= 0:
            break
        have = {"apr": apr, "awr": awr, "impulse": max(impulse - 1, ZERO), "warp": warp}[pool]
        take = min(general, have)
        general -= take
        if pool == "apr":
            apr -= take
        elif pool == "awr":
            awr -= take
        elif pool == "impulse":
            impulse -= take
        else:
            warp -= take
    if general > 0 and impulse > 0:
        take = min(general, impulse)
        impulse, general = impulse - take, general - take
    mc = move_cost(spec)
    if base.em:
        warp -= led.costs["em"]
    warp_hexes = min(int(max(warp, ZERO) / mc), MAX_WARP_HEXES)
    imp = 1 if impulse >= 1 and spec.kind == "ship" else 0
    speed = warp_hexes + imp
    if state.prev_plot is not None:
        lowest = min(abs(v) for _, v in state.prev_plot)
        speed = min(speed, lowest + max(lowest, 10))  # C2.21
    imp = 1 if imp and speed > warp_hexes else 0
    speed = max(speed, 0)
    alloc = replace(base, speed_plot=((1, speed),), impulse_hexes=imp if speed else 0)
    left = ledger(alloc, spec, state, options).unallocated
    if left > 0:
        recharge = min(left, s.battery_capacity - s.battery_charge)
        left -= recharge
        reinforce = int(left // GENERAL_REINFORCEMENT) if spec.shields is not None else 0
        alloc = replace(alloc, battery_recharge=recharge, general_reinforcement=reinforce)
    return alloc
