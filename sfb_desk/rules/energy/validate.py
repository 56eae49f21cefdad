"""Validation of one energy allocation: every broken rule is an :class:`Issue` with its rule.

``validate(allocation, ship, state)`` checks the allocation line by line and then the totals.
Each issue names the form line that causes it, so the sheet can show it beside that line.
Errors make the allocation illegal; warnings (unallocated power, a load let go) and notes
(costs the sources do not give) are for the player's eye.

What is checked, with the rules:

* power: batteries discharged within their charge, recharge within their room (H5), reserve
  warp within the recharge (H7.4); total used within total power plus batteries (B3.1),
  except life support alone when even that cannot be paid (a warning, decisions.md B3.3);
  warp movement, HETs and warp TACs from warp engines (C2.11, C6.2), at most 30 warp hexes
  (C2.112), one hex of impulse (C2.111), warp-only weapons from warp or warp reactors (E4.23,
  G18.21, J2.2211), EM from movement power only (C10.111); unallocated power (B3.4, warning);
* housekeeping: life support (B3.3), emergency life support only when crippled (S2.4), fire
  control modes (D6.6, D6.7); ECCM needs active fire control (D6.622); ECM + ECCM within the
  sensor rating (D6.310);
* shields (D3.32, D3.33), reinforcement (D3.341, D3.342), none on a dropped shield (D3.343);
* movement: the speed plot (C12.12 and the C12.3 limits via movement.speed), maximum speed
  (C12.384, C2.112 speed 31 needs an impulse hex), HETs (C6.2, C6.34, C6.4), EM (C10.11,
  C10.15, C10.24 not cloaked, C10.313 must be paid), TACs (C5.1, C5.2), warp at any instant
  (C12.38);
* weapons: each order through the arming state machine (:mod:`.arming`); the phaser capacitor
  within its capacity (H6.21);
* systems: damage control within the rating and only with damaged shields (D9.21), tractors
  within three per beam (G7.15), transporters and labs the ship has (G8.13, D14.12), EDR
  marks a damage-control box (D14.11), cloak only with a cloaking device (G13.21), scout
  channels only on scouts (G24.14), stasis fields (G16.20, G16.21), power absorbers (D10.21),
  engine doubling only on Orions (G15.2).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..game_state import RuleOptions
from ..movement.speed import validate_plot
from ..ship import ShipSpec
from ..units import SHIP, MoveProfile, Unit, profile_from_spec
from .allocation import (
    FIRE_CONTROL_MODES,
    LIFE_SUPPORT_MODES,
    PA_LEVELS,
    SHIELD_MODES,
    Allocation,
    weapon_line,
)
from .costs import (
    MAX_IMPULSE_HEXES,
    MAX_WARP_HEXES,
    MAX_WARP_TACS,
    SFG_MAX_FIELDS,
    SHIELD_REPAIR,
    TRACTOR_MAX_PER_BEAM,
)
from .issue import WARNING, Issue
from .ledger import Ledger, cloak_cost, em_split, het_cost, ledger, move_cost, pa_cost
from .options import DEFAULT_OPTIONS, EnergyOptions
from .power import alive, damage_control_rating, sensor_rating
from .state import EnergyState, capacitor_capacity

ZERO = Fraction(0)

__all__ = ["Issue", "validate", "check"]


def validate(
    allocation: Allocation,
    ship: ShipSpec,
    state: EnergyState,
    *,
    options: EnergyOptions = DEFAULT_OPTIONS,
    rules: RuleOptions | None = None,
) -> list[Issue]:
    """Every issue of ``allocation`` for ``ship`` in ``state`` (errors, warnings, notes)."""
    return check(allocation, ship, state, options=options, rules=rules)[1]


def check(
    allocation: Allocation,
    ship: ShipSpec,
    state: EnergyState,
    *,
    options: EnergyOptions = DEFAULT_OPTIONS,
    rules: RuleOptions | None = None,
) -> tuple[Ledger, list[Issue]]:
    """The ledger of ``allocation`` and its issues."""
    led = ledger(allocation, ship, state, options)
    issues: list[Issue] = []
    a, out = allocation, issues.append
    if a.ship.strip().upper() != ship.id.upper():
        out(Issue("B3.1", f"the allocation is for {a.ship}, not {ship.id}", "total"))
    if a.turn != state.turn:
        out(Issue("B3.1", f"the allocation is for turn {a.turn}, the ship's state is at turn "
                  f"{state.turn}", "total"))
    _housekeeping(a, ship, state, led, out)
    _shields(a, ship, state, out)
    _movement(a, ship, state, led, out, rules or RuleOptions(), options)
    _weapons(a, ship, state, led, out)
    _systems(a, ship, state, led, out)
    _sources(a, ship, state, led, out)
    return led, issues


# ---------------------------------------------------------------------------------------------


def _counts(name: str, value: object, rule: str, line: str, out, *, low: int = 0,
            high: int | None = None) -> bool:
    """Whole numbers of points/uses within ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        out(Issue(rule, f"{name} is a whole number of at least {low}, not {value!r}", line))
        return False
    if high is not None and value > high:
        out(Issue(rule, f"{name}: at most {high}, not {value}", line))
        return False
    return True


def _energy(name: str, value: Fraction, line: str, out) -> bool:
    if value < 0:
        out(Issue("B3.1", f"{name} cannot be negative ({value})", line))
        return False
    return True


def _housekeeping(a: Allocation, ship: ShipSpec, state: EnergyState, led: Ledger, out) -> None:
    if a.life_support not in LIFE_SUPPORT_MODES:
        out(Issue("B3.3", f"life support must be paid: normal or emergency, not "
                  f"{a.life_support!r}", "life_support"))
    elif a.life_support == "emergency" and not state.crippled:
        out(Issue("S2.4", "emergency life support is only for a crippled ship (S2.4, B3.3)",
                  "life_support"))
    if a.fire_control not in FIRE_CONTROL_MODES:
        out(Issue("D6.6", f"fire control is active, low (D6.7) or off, not {a.fire_control!r}",
                  "fire_control"))
    if a.eccm and a.fire_control != "active":
        out(Issue("D6.622", "ECCM works only with active fire control", "eccm"))
    ok = _counts("ECM", a.ecm, "D6.310", "ecm", out)
    ok = _counts("ECCM", a.eccm, "D6.310", "eccm", out) and ok
    rating = sensor_rating(ship, state.destroyed)
    limit = rating
    if "scout" in ship.flags and isinstance(a.scout_channels, int) and a.scout_channels > 0:
        limit += 6 * a.scout_channels  # G24.31, G24.211: EW generated for lending, 6 a channel
    if ok and a.ecm + a.eccm > limit:
        out(Issue("D6.310", f"self-generated ECM + ECCM ({a.ecm} + {a.eccm}) may not exceed "
                  f"the sensor rating {rating}" + (f" plus 6 per lending channel ({limit})"
                                                    if limit > rating else ""), "ecm"))


def _shields(a: Allocation, ship: ShipSpec, state: EnergyState, out) -> None:
    if a.shields not in SHIELD_MODES:
        out(Issue("D3.32", f"shields are active, minimum (D3.33) or off, not {a.shields!r}",
                  "shields"))
    if ship.shields is None and a.shields != "off":
        if ship.race == "AND" or any(s.key.startswith("pa_") for s in ship.special):
            out(Issue("D10.0", f"{ship.id} has power absorber panels, not shields: set the "
                      "shields off", "shields"))  # D10: the Andromedans' panels replace shields
        else:  # no shield boxes recorded: an incomplete ship file, not a shieldless ship
            out(Issue("D3.32", f"{ship.id}'s ship file records no shield boxes, so there are "
                      "none to power: complete it from your SSD book", "shields"))
    if _counts("general reinforcement", a.general_reinforcement, "D3.341",
               "general_reinforcement", out) and a.general_reinforcement and ship.shields is None:
        out(Issue("D3.341", f"{ship.id} has no shields to reinforce", "general_reinforcement"))
    spec = a.specific_reinforcement
    if len(spec) != 6:
        out(Issue("D3.342", "specific reinforcement lists six shields (#1-#6)",
                  "specific_reinforcement"))
        return
    for k, points in enumerate(spec, start=1):
        if not _counts(f"specific reinforcement of shield #{k}", points, "D3.342",
                       "specific_reinforcement", out):
            return
    if any(spec) and (a.shields == "off" or ship.shields is None):
        out(Issue("D3.343", "a shield that is down cannot be reinforced", "specific_reinforcement"))
    elif ship.shields is not None:
        for k, points in enumerate(spec, start=1):
            boxes = [f"shield{k}#{n}" for n in range(1, ship.shields[k - 1] + 1)]
            if points and boxes and all(b in state.destroyed for b in boxes):
                out(Issue("D3.343", f"shield #{k} is destroyed and cannot be reinforced",
                          "specific_reinforcement"))


def _movement(a: Allocation, ship: ShipSpec, state: EnergyState, led: Ledger, out,
              rules: RuleOptions, options: EnergyOptions) -> None:
    profile = profile_from_spec(ship) if ship.move_cost else MoveProfile()
    plot = a.speed_plot
    w = led.supply.warp
    if not _plot_shape(plot, out):
        return
    profile = replace(profile, warp=int(w), impulse=int(led.supply.impulse))
    unit = Unit(
        id=ship.id, side="", kind=SHIP, spec_id=ship.id, profile=profile,
        prev_plot=state.prev_plot or ((1, 31),), plot=plot, warp_at_start=int(w),
    )
    refusal = validate_plot(unit, plot, rules, turn=a.turn)
    if refusal is not None:
        out(Issue(refusal.rule, refusal.message, "speed_plot"))
    plotted_refused = refusal is not None and refusal.rule == "C12.384"
    _counts("hexes paid by impulse", a.impulse_hexes, "C2.111", "impulse_hexes", out,
            high=MAX_IMPULSE_HEXES)
    mc = move_cost(ship)
    top = a.top_speed
    imp = 1 if a.impulse_hexes else 0
    if top - imp > MAX_WARP_HEXES:
        out(Issue("C2.112", f"speed {top} needs one hex of impulse power: warp gives at most "
                  f"{MAX_WARP_HEXES} hexes (C12.21)", "impulse_hexes"))
    elif (top - imp) * mc > w and not plotted_refused:
        most = int(w / mc) + imp
        out(Issue("C12.384", f"speed {top} is above the maximum speed {most} (warp power "
                  f"{w} / movement cost {mc}{' + 1 impulse' if imp else ''})", "speed_plot"))
    if a.impulse_hexes and led.hexes == 0:
        out(Issue("C2.111", "an impulse hex needs movement in the speed plot", "impulse_hexes"))
    # HETs (C6).
    if _counts("HETs", a.hets, "C6.2", "hets", out):
        if a.hets and not profile.can_het:
            out(Issue("C6.4", f"{ship.id} cannot make high energy turns", "hets"))
        elif a.hets > options.max_hets:
            out(Issue("C6.34", f"at most {options.max_hets} HETs a turn, not {a.hets}", "hets"))
    # EM (C10).
    if a.em:
        if ship.kind != "ship":
            out(Issue("C10.15", f"{ship.id} cannot use erratic maneuvers", "em"))
        if a.cloak:
            out(Issue("C10.24", "EM cannot be used while cloaked (G13.59)", "em"))
    elif state.em_carried:
        out(Issue("C10.313", "EM was not ended on impulse #32: this turn must pay for EM", "em"))
    if _counts("EM hexes paid by impulse", a.em_impulse_hexes, "C10.112", "em_impulse_hexes",
               out) and a.em_impulse_hexes and not a.em:
        out(Issue("C10.112", "EM hexes from impulse power, but EM is not paid",
                  "em_impulse_hexes"))
    # TACs (C5).
    _counts("warp TACs", a.warp_tacs, "C5.2", "warp_tacs", out, high=MAX_WARP_TACS)
    # C12.38: warp used for movement at any instant, plus an HET or EM, within the warp power.
    need = []
    if a.hets > 0:
        need.append(("an HET", het_cost(ship), "hets"))
    if a.em:
        need.append(("erratic maneuvers", em_split(ship, a.em_impulse_hexes)[0], "em"))
    for what, cost, line in need:
        rates = [max(abs(s) - imp, 0) * mc for _, s in plot]
        if all(r + cost > w for r in rates):
            out(Issue("C12.38", f"no part of the speed plot leaves warp power for {what}: at "
                      f"speed {min(abs(s) for _, s in plot)} the ship already uses "
                      f"{min(rates)} of {w} warp", line))


def _plot_shape(plot: object, out) -> bool:
    ok = isinstance(plot, tuple) and plot and all(
        isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int) for x in p) for p in plot)
    if not ok or plot[0][0] != 1 or any(b[0] <= a[0] for a, b in zip(plot, plot[1:])) \
            or plot[-1][0] > 32:
        out(Issue("C12.12", "the speed plot gives the speed from impulse 1, impulses rising "
                  "to 32", "speed_plot"))
        return False
    if any(abs(s) > 31 for _, s in plot):
        out(Issue("C2.112", "no ship moves faster than speed 31", "speed_plot"))
        return False
    return True


def _weapons(a: Allocation, ship: ShipSpec, state: EnergyState, led: Ledger, out) -> None:
    known = {w.box for w in state.weapons}
    seen: set[str] = set()
    for o in a.weapons:
        if o.box in seen:
            out(Issue("B3.1", f"two orders for {o.box}", weapon_line(o.box)))
        seen.add(o.box)
        if o.box not in known:
            out(Issue("B3.1", f"{ship.id} has no weapon, probe or shuttle box {o.box!r} that "
                      "takes energy", weapon_line(o.box)))
    for s in led.steps.values():
        for issue in s.issues:
            out(issue)
    if _energy("the phaser capacitor", a.phaser_capacitor, "phaser_capacitor", out):
        capacity = capacitor_capacity(ship, state.destroyed)
        # phasers destroyed since the capacitor was filled leave it holding more than it can
        # now: there is no room, and the sheet's 0 is legal (the excess is lost at the end
        # of the turn, :func:`~.state.next_turn`)
        room = max(capacity - state.capacitor, 0)
        if a.phaser_capacitor > room:
            out(Issue("H6.21", f"the phaser capacitor holds {capacity} and has {state.capacitor}: "
                      f"it can take {room}, not {a.phaser_capacitor}", "phaser_capacitor"))


def _systems(a: Allocation, ship: ShipSpec, state: EnergyState, led: Ledger, out) -> None:
    dead = state.destroyed
    supply = led.supply
    # Damage control (D9.21): at most the rating, 2 a box, only for damaged shields.
    if _energy("damage control", a.damage_control, "damage_control", out) and a.damage_control:
        rating = damage_control_rating(ship, dead)
        if a.damage_control > rating:
            out(Issue("D9.21", f"damage control may use at most the damage-control rating "
                      f"{rating}, not {a.damage_control}", "damage_control"))
        damaged = {k for k in range(1, 7) if ship.shields and any(
            f"shield{k}#{n}" in dead for n in range(1, ship.shields[k - 1] + 1))}
        if not damaged:
            out(Issue("D9.21", "no shield is damaged: there is nothing to repair",
                      "damage_control"))
        elif any(k not in damaged for k in a.repair_shields) or not a.repair_shields:
            out(Issue("D9.21", "name the damaged shields to repair (designated in advance)",
                      "repair_shields"))
        if a.damage_control % SHIELD_REPAIR:
            out(Issue("D9.21", f"every {SHIELD_REPAIR} energy repairs one shield box; "
                      f"{a.damage_control % SHIELD_REPAIR} would be wasted", "damage_control",
                      WARNING))
    # Batteries (H5) and reserve warp (H7.4).
    if _energy("batteries discharged", a.battery_discharge, "battery_discharge", out) and \
            a.battery_discharge > supply.battery_charge:
        out(Issue("H5.0", f"the batteries hold {supply.battery_charge}; {a.battery_discharge} "
                  "cannot be discharged", "battery_discharge"))
    room = supply.battery_capacity - supply.battery_charge + a.battery_discharge
    if _energy("battery recharge", a.battery_recharge, "battery_recharge", out) and \
            a.battery_recharge > room:
        out(Issue("H5.0", f"the batteries have room for {room}, not {a.battery_recharge}",
                  "battery_recharge"))
    if _energy("reserve warp", a.reserve_warp, "reserve_warp", out) and \
            a.reserve_warp > a.battery_recharge:
        out(Issue("H7.4", "reserve warp is warp power put into the batteries: at most the "
                  "recharge", "reserve_warp"))
    # Tractors (G7.15) and transporters (G8.13).
    beams = alive(ship, "tractor", dead)
    if _energy("tractor energy", a.tractors, "tractors", out) and a.tractors > \
            TRACTOR_MAX_PER_BEAM * beams:
        out(Issue("G7.15", f"{beams} tractor beam(s) can use at most "
                  f"{TRACTOR_MAX_PER_BEAM * beams} (3 each at range 3)", "tractors"))
    _energy("negative tractor", a.negative_tractor, "negative_tractor", out)  # G7.35: no cap
    if _counts("transporter uses", a.transporters, "G8.13", "transporters", out) and \
            a.transporters and not alive(ship, "transporter", dead):
        out(Issue("G8.13", f"{ship.id} has no working transporter", "transporters"))
    # Cloak (G13.21), EDR (D14), scouts (G24.14), SFG (G16), PA (D10.21), doubling (G15.2).
    if a.cloak and cloak_cost(ship) is None:
        out(Issue("G13.21", f"{ship.id} has no cloaking device (or no cloak cost)", "cloak"))
    if _counts("EDR labs", a.edr_labs, "D14.12", "edr_labs", out) and a.edr_labs:
        labs = alive(ship, "lab", dead)
        if a.edr_labs > labs:
            out(Issue("D14.12", f"{ship.id} has {labs} working lab(s), not {a.edr_labs}",
                      "edr_labs"))
        track = ship.damage_control_track
        box = a.edr_dc_box
        if box is None or not 1 <= box <= len(track) or f"damage_control#{box}" in dead \
                or track[box - 1] == 0:
            out(Issue("D14.11", "emergency damage repair marks out one undestroyed, non-zero "
                      "box of the damage-control track", "edr_dc_box"))
    elif a.edr_dc_box is not None:
        out(Issue("D14.12", "a damage-control box is marked but no lab is powered for EDR",
                  "edr_dc_box"))
    if _counts("scout channels", a.scout_channels, "G24.14", "scout_channels", out) and \
            a.scout_channels and "scout" not in ship.flags:
        out(Issue("G24.14", f"{ship.id} is not a scout: it has no special sensors",
                  "scout_channels"))
    if a.sfg_fields:
        if len(a.sfg_fields) > SFG_MAX_FIELDS:
            out(Issue("G16.21", f"an SFG holds at most {SFG_MAX_FIELDS} fields", "sfg_fields"))
        if any(not isinstance(x, int) or x < 1 for x in a.sfg_fields):
            out(Issue("G16.20", "a stasis field's age is 1 (new) or more turns", "sfg_fields"))
        if not any(w.type == "SFG" for w in ship.weapons):
            out(Issue("G16.20", f"{ship.id} has no stasis field generator", "sfg_fields"))
    if a.pa_level not in PA_LEVELS:
        out(Issue("D10.22", f"panels run off, standard or reinforced, not {a.pa_level!r}",
                  "pa_level"))
    elif a.pa_level != "off" and pa_cost(ship, a.pa_level) is None:
        out(Issue("D10.21", f"{ship.id} has no power absorber panels on the D10.21 chart",
                  "pa_level"))
    if a.engine_doubling and ship.race != "ORI":
        out(Issue("G15.2", "only Orion ships can double their engines", "engine_doubling"))


def _life_support_alone(a: Allocation, state: EnergyState, led: Ledger) -> bool:
    """The least form a ship can give: life support and nothing else, every battery point
    discharged into it, emergency life support when the ship may take it (crippled, S2.4).
    When even that is more than the ship has, no form balances (B3.1); as D22.435 lets play
    go on with a ship reduced to life support, this one is accepted (decisions.md, B3.3)."""
    if state.crippled and a.life_support != "emergency":
        return False
    others = any(v for k, v in led.costs.items() if k != "life_support")
    return not others and led.battery_used == led.supply.battery_charge


def _sources(a: Allocation, ship: ShipSpec, state: EnergyState, led: Ledger, out) -> None:
    """Who pays for what (see :mod:`.ledger`), then the totals (B3.1, B3.4)."""
    s = led.supply
    if led.movement_warp > s.warp:
        parts = [f"movement {led.costs['speed_plot'] - min(a.impulse_hexes, 1)}"]
        rule = "C2.11"
        if a.hets:
            parts.append(f"HETs {led.costs['hets']}")
            rule = "C6.2"
        if a.em and led.costs["em"]:
            parts.append(f"EM {em_split(ship, a.em_impulse_hexes)[0]}")
            rule = "C10.111" if not a.hets else rule
        if a.warp_tacs:
            parts.append(f"warp TACs {led.costs['warp_tacs']}")
        if a.reserve_warp:
            parts.append(f"reserve warp {a.reserve_warp}")
        out(Issue(rule, f"warp-engine uses ({', '.join(parts)}) come to {led.movement_warp}; "
                  f"the warp engines give {s.warp} (APR, AWR and batteries cannot move the "
                  "ship)", "speed_plot" if rule == "C2.11" else ("hets" if rule == "C6.2"
                                                                 else "em")))
    if led.impulse_only > s.impulse:
        line = "sublight_tac" if a.sublight_tac else "impulse_hexes"
        rule = "C5.1" if a.sublight_tac and a.impulse_hexes + 1 > s.impulse else "C2.111"
        out(Issue(rule, f"impulse-engine uses come to {led.impulse_only}; the impulse engines "
                  f"give {s.impulse}", line))
    spare_warp = max(s.warp - led.movement_warp, Fraction(0)) + s.awr
    if led.warp_only > spare_warp:
        boxes = [b for b, st in led.steps.items() if st.warp]
        rule = {"PHOTON": "E4.23", "DISPLACEMENT": "G18.21", "SUICIDE": "J2.2211"}.get(
            led.steps[boxes[0]].state.mode, "E4.23") if boxes else "E4.23"
        out(Issue(rule, f"warp-only arming ({', '.join(boxes)}) needs {led.warp_only} warp; "
                  f"{spare_warp} warp is left after movement (APR, impulse and batteries cannot "
                  "pay it)", weapon_line(boxes[0]) if boxes else "weapons"))
    if led.total_used > led.available and _life_support_alone(a, state, led):
        out(Issue("B3.3", f"life support ({led.costs['life_support']}) is more than the power "
                  f"{s.total} and the batteries {s.battery_charge}: with nothing else "
                  "allocated the form is accepted (decisions.md, B3.3)", "life_support",
                  WARNING))
    elif led.total_used > led.available:
        out(Issue("B3.1", f"power used {led.total_used} is more than the power available "
                  f"{s.total} + batteries discharged {led.battery_used}", "total_used"))
    elif led.unallocated > 0:
        out(Issue("B3.4", f"{led.unallocated} power is unallocated: it is lost, not reserve "
                  "(recharge batteries to keep it)", "unallocated", WARNING))
    if led.battery_used and led.total_used - led.battery_used < 0:
        out(Issue("H5.0", "batteries discharged for nothing", "battery_discharge", WARNING))
