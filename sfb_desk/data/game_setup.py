"""A game's starting position from a scenario: units, ship records and drone racks.

:func:`units_from_scenario` turns the units of a :class:`~sfb_desk.data.scenario_file.Scenario`
into rules :class:`~sfb_desk.rules.units.Unit` s (hex, facing, speed; last turn's plot at that
speed, C2.21) with a :class:`~sfb_desk.engine.records.ShipRecord` each (fresh shields D3.1,
energy at the start S4.10: batteries full) and a rack for every drone or ADD mount (FD3,
full loads, type-I drones at the speed of the scenario's year, FD10.65). The session is
``Session(state, combat, specs)``.

Weapon status (S4.0): the S4 table is not in the seeds, so the numbers are SFB Desk's reading
(decisions.md): status 0, weapons empty and the capacitor empty; 1, the phaser capacitor full;
2 or 3, the capacitor full and every heavy weapon that can be held holding a complete
standard load (photons, E4.22); weapons that cannot be held (disruptors, E3.24) arm on turn 1.
A scenario that says ``"roll"`` needs ``weapon_status`` given per unit key.

Carried damage: a unit's ``damage`` (box ids, the campaign ledger's damage carried from an
earlier battle) is marked destroyed before play: the unit's destroyed boxes, its shield boxes
(the highest-numbered boxes of each shield), its warp at the start for the "max" speed (C12.384),
and its energy (a destroyed battery or capacitor holds nothing). :func:`carried_damage` checks
the ids against the ship's SSD. ``crew_units_lost`` and ``boarding_parties_lost`` start the
ship's casualty counts (G9.21) where an earlier battle left them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ..engine.records import Combat, ShipRecord
from ..rules.combat.shields import ShieldState
from ..rules.energy import initial_state
from ..rules.energy.costs import ARMING
from ..rules.game_state import GameState, RuleOptions
from ..rules.hexes import FLOATING_MAP, STANDARD_MAP, hex_from_label
from ..rules.movement.speed import max_speed
from ..rules.seeking import SeekingState, make_rack
from ..rules.ship import ShipSpec
from ..rules.units import AWAITING, new_ship, profile_from_spec
from ..rules.systems.battlefield import NO_BATTLEFIELD
from .library import ShipLibrary
from .battlefield import battlefield_of, game_unit_ids, with_mine_racks
from .hangar_start import carried_at_start, with_anchor_buoys
from .terrain_webs import with_terrain_webs
from ..rules.systems.dragon import DRAGON, DragonState, dragon_profile, dragon_spec
from ..rules.systems.monsters import DragonRecord
from .scenario_play import resolved_ship
from .scenario_schema import Scenario


def carried_damage(spec: ShipSpec, boxes) -> tuple[frozenset[str], tuple[int, ...]]:  # noqa: ANN001
    """(destroyed non-shield boxes, undestroyed boxes per shield) for a ship carrying the
    destroyed ``boxes``; SetupError naming an id the SSD does not have."""
    known = set(spec.box_ids())
    unknown = sorted(set(boxes) - known)
    if unknown:
        raise SetupError(f"{spec.id} has no box {', '.join(unknown)} (carried damage)")
    printed = ShieldState.for_ship(spec).printed
    lost = [0] * len(printed)
    others = set()
    for box in boxes:
        if box.startswith("shield") and box[6:7].isdigit():
            lost[int(box[6]) - 1] += 1
        else:
            others.add(box)
    return frozenset(others), tuple(p - n for p, n in zip(printed, lost))


class SetupError(ValueError):
    """A scenario unit that cannot be set up (no ship class, hex, facing or status)."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    state: GameState
    combat: Combat
    specs: dict[str, ShipSpec]


#: Energy a web caster stores at the start by weapon status (Module C2 E12.322), counted as
#: allocated on turn 0 (so it lasts through turn 4, E12.32).
WEB_CASTER_START = {2: 2, 3: 5}


def armed_weapons(energy, spec: ShipSpec, destroyed=frozenset(), status: int = 2):  # noqa: ANN001, ANN201
    """Every heavy weapon of ``energy`` holding a complete standard load (S4 status 2+); a
    weapon among the ``destroyed`` boxes (carried damage) holds nothing. A web caster stores
    2 at status II and 5 at status III (E12.322)."""
    weapons = []
    for w in energy.weapons:
        if w.type in ("WEB-CASTER", "WEB-FIST") and w.box not in destroyed:
            start = WEB_CASTER_START.get(min(status, 3), 0)
            weapons.append(replace(w, store=((0, Fraction(start)),)) if start else w)
            continue
        table = ARMING.get(w.mode or w.type)
        if table is None or table.hold is None or w.box in destroyed or any(
                b.startswith(w.box + ".") for b in destroyed):
            # probes and shuttles; weapons that cannot be held (disruptors, E3.24) arm on turn 1
            weapons.append(w)
            continue
        weapons.append(replace(w, energies=tuple(table.turns), complete=True))
    return tuple(weapons)


def units_from_scenario(
    scenario,  # noqa: ANN001 - sfb_desk.data.scenario_file.Scenario
    library: ShipLibrary,
    *,
    ids: Mapping[str, str] | None = None,
    weapon_status: Mapping[str, int] | None = None,
    turns: int | None = None,
    dice_seed: int | None = None,
    options: RuleOptions = RuleOptions(),
) -> GameSetup:
    """The starting :class:`GameSetup` of ``scenario`` (module docstring). ``ids``: unit ids
    by scenario unit key (default: the key); ``weapon_status``: S4 status by unit key where
    the scenario says "roll"; ``turns``: the last turn (default the scenario's length)."""
    ids = dict(ids or {})
    statuses = dict(weapon_status or {})
    units, records, racks, specs, pairs, arrivals = [], [], [], {}, [], []
    # FD10.65: drones of the scenario's year (its [scenario] table: scenario.scenario.year; the
    # ship's year in service only when the scenario gives none)
    year = getattr(getattr(scenario, "scenario", None), "year", None)
    for side, unit in scenario.units():
        key = unit.key
        if unit.monster:
            continue  # monsters are the battlefield's (battlefield_of), not units under orders
        ship_id = resolved_ship(unit, library)
        if ship_id is None or unit.hex is None:
            raise SetupError(f"{key}: only library ships set up at a hex are supported")
        spec = library.get(ship_id)
        specs[spec.id] = spec
        uid = ids.get(key, key)
        facing = unit.facing_index
        if facing is None:
            raise SetupError(f"{key}: the facing is the player's choice; give it in the scenario")
        profile = profile_from_spec(spec)
        dead, shield_boxes = carried_damage(spec, getattr(unit, "damage", ()))
        warp = profile.warp - sum(1 for b in dead if b.split("#")[0].endswith("_warp"))
        if "in_orbit" in unit.flags:
            speed = 0  # P8.42: the orbit moves it; no movement energy (battlefield orbits)
        elif isinstance(unit.speed, int):
            speed = unit.speed
        else:  # "max": the fastest the ship can plot (C12.384, at most 31 C2.112)
            probe = new_ship(uid, side.name, profile, hex=hex_from_label(unit.hex), facing=facing)
            speed = max_speed(replace(probe, warp_at_start=warp))
        status = unit.weapon_status if isinstance(unit.weapon_status, int) else statuses.get(key)
        if status is None:
            raise SetupError(f"{key}: weapon status {unit.weapon_status!r}: give weapon_status")
        ship = new_ship(uid, side.name, profile, hex=hex_from_label(unit.hex),
                        facing=facing, speed=speed, name=unit.name or spec.name, spec_id=spec.id)
        if unit.arrives_turn is not None and unit.arrives_turn > 1:  # enters later (phases.py)
            ship = replace(ship, status=AWAITING)
            arrivals.append((uid, unit.arrives_turn))
        if dead:
            ship = replace(ship, destroyed=dead, warp_at_start=warp)
        energy = initial_state(spec, destroyed=dead, capacitor_full=status >= 1,
                               prev_plot=((1, speed),))
        if status >= 2:
            energy = replace(energy, weapons=armed_weapons(energy, spec, dead, status))
        units.append(ship)
        pairs.append((unit, uid))
        shields = ShieldState.for_ship(spec)
        record = ShipRecord(uid, spec.id, replace(shields, boxes=shield_boxes), energy)
        lost = (getattr(unit, "crew_units_lost", 0), getattr(unit, "boarding_parties_lost", 0))
        if any(lost):  # carried casualties (a campaign's, G9.21)
            record = replace(record, crew_units_lost=min(lost[0], spec.crew_units or 0),
                             boarding_parties_lost=min(lost[1], spec.boarding_parties or 0))
        records.append(record)
        for w in spec.weapons:
            if w.family == "drone" or w.type.upper() == "ADD":
                racks.append(make_rack(uid, w, year=year or spec.year_in_service))
    carried_at_start(pairs, units, records, specs, SetupError)  # G19.21: sat ships aboard
    last = turns if turns is not None else getattr(getattr(scenario, "length", None), "turns", None)
    kind = getattr(getattr(scenario, "map", None), "kind", "floating")
    bounds = STANDARD_MAP if kind == "fixed" else FLOATING_MAP  # fixed: leaving disengages (C7.0)
    state = GameState(units=tuple(units), options=options, dice_seed=dice_seed, last_turn=last,
                      map=bounds)
    battlefield = battlefield_of(scenario) if isinstance(scenario, Scenario) else NO_BATTLEFIELD
    if arrivals:
        battlefield = replace(battlefield, arrivals=tuple(arrivals))
    battlefield = with_mine_racks(battlefield, pairs, {u.id: specs.get(u.spec_id) for u in units},
                                  SetupError)  # M9.11, M9.17
    combat = Combat(tuple(records), SeekingState(racks=tuple(racks)), battlefield=battlefield)
    combat = with_anchor_buoys(combat, pairs, specs, SetupError)  # G26.12
    combat = with_terrain_webs(combat)  # webs of printed strength hold (SH6.2)
    setup = GameSetup(state, combat, specs)
    if isinstance(scenario, Scenario):
        setup = add_dragons(setup, scenario)  # the Space Dragon (SM7) is a unit too
    return setup


def add_dragons(setup: GameSetup, scenario: Scenario) -> GameSetup:
    """``setup`` with each Space Dragon of ``scenario`` as a unit of its side (at its hex and
    facing, at the speed its wings give, SM7.464), a ship record with the class of
    :func:`~sfb_desk.rules.systems.dragon.dragon_spec` (eyes full, flame loaded: always ready,
    SM7.465) and its record in the battlefield (SM7.462). The other monsters (SM5, SM6) run
    by themselves and are the battlefield's (:mod:`.battlefield`)."""
    units, records, dragons = list(setup.state.units), list(setup.combat.ships), []
    specs = dict(setup.specs)
    for uid, (side, unit) in zip(game_unit_ids(scenario), scenario.units(), strict=True):
        if unit.monster != DRAGON:
            continue
        if unit.hex is None:
            raise SetupError(f"{uid}: a Space Dragon is set up at a hex (SM7.2)")
        age = unit.age or "adult"
        spec = dragon_spec(age)
        specs[spec.id] = spec
        record = DragonRecord.new(age)
        speed = record.speed()
        facing = unit.facing_index if unit.facing_index is not None else 0
        units.append(new_ship(uid, side.name, dragon_profile(speed),
                              hex=hex_from_label(unit.hex), facing=facing, speed=speed,
                              name=unit.name or f"Space Dragon ({age})", spec_id=spec.id))
        energy = initial_state(spec, capacitor_full=True, prev_plot=((1, speed),))
        energy = replace(energy, weapons=armed_weapons(energy, spec))
        records.append(ShipRecord(uid, spec.id, ShieldState.for_ship(spec), energy))
        dragons.append(DragonState(uid, record))
    if not dragons:
        return setup
    field = replace(setup.combat.battlefield, dragons=tuple(dragons))
    combat = replace(setup.combat, ships=tuple(records), battlefield=field)
    return GameSetup(replace(setup.state, units=tuple(units)), combat, specs)

