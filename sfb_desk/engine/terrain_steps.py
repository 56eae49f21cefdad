"""Gravity waves and ion storms in play (Advanced Missions P9, P14): a mixin of the session
beside :mod:`.battlefield_steps`, whose movement step calls :meth:`_move_waves`.

* **Gravity waves** (P9.2): each moves one hex an impulse, after the units have moved, and acts
  at once. A unit that entered a hex of the wave this impulse, or whose hex the wave enters,
  takes the wave's strength split over its two shields facing the wave (P9.31; the owner puts
  the odd point, a Choice), one volley a shield, and is turned 60 degrees to lie along the wave
  (P9.32; not a base). A wave that leaves the map is gone.
* **Ion storms** (P14): a radiation zone (P14.1, in the environment step of
  :mod:`.battlefield_steps`); 10-point gravity waves come 32 hexes apart from a direction rolled
  before play (P14.2: one a turn, entering at the map's first row on impulse 1; the scenario
  may give the direction); and after energy allocation a die for this turn's sunspot effects
  (P14.3, told to the table: P11.1 no talk between ships, P11.2 no transporters or tractors,
  P11.3 eight points of natural ECM, added to every shot's ECM as sunspots' are, and dust's
  one point, :meth:`_natural_ecm`).
* **Dust** (P13, from the environment step): a point (two in intense dust) on the shield facing
  the direction of movement on the impulses the unit's speed is listed for, on all six when on
  erratic maneuvers (P13.2); fighters and PFs, drones, plasma torpedoes (as phaser damage,
  the warhead weakened) and shuttles at their speed minus 10 (P13.3).
* **Black holes** given a wave strength (P9.4): a ring every 10th turn from turn 5, its radius
  the impulse and its force the P9.42 table's; on the ring's corners three shields share it and
  the unit is not turned (P9.43).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.hexes import STANDARD_MAP, Hex, hex_range, hex_ring, neighbor
from ..rules.results import Refusal, event
from ..rules.systems.terrain import (
    Feature,
    TerrainMap,
    black_hole_wave_force,
    black_hole_wave_turn,
    gravity_wave_facing,
    gravity_wave_shields,
    ion_storm_effects,
    split_wave_damage,
)
from ..rules.systems.terrain.effects import ION_STORM_WAVE, RADIATION_RANGE_CAP, SUNSPOT_ECM
from ..rules.systems.terrain.waves import (
    advance,
    corner_shields,
    ion_storm_motion,
    motion_text,
    ring_motion,
    upwind_row,
)
from ..rules.seeking.defense import damage_seeker
from ..rules.systems.battlefield import sunspots_stop_equipment
from ..rules.systems.terrain import dust_damage
from ..rules.systems.terrain.effects import DUST_SMALL_UNIT_REDUCTION
from ..rules.units import DRONE, FACING_LETTERS, PLASMA, SHUTTLE, clock_of
from .prompts import Choice, Prompt, check_choice

Walk = Generator[Prompt, object, None]

#: P13.3: dust damages plasma "as phaser damage points" (the warhead weakened, FP1.611).
DUST_AS_PHASER = "PH-DUST"

SUNSPOT_WORDS = {
    "P11.1": "no talk between ships' captains, control of seeking weapons not transferred "
             "(P11.1)",
    "P11.2": "no transporters (but within a unit or docked units) and no tractors (but "
             "holding docked units) (P11.2)",
    "P11.3": "8 points of natural ECM for every unit, no lent EW (P11.3)",
}


class TerrainSteps:
    """Gravity waves and ion storms (module docstring)."""

    def _storm(self) -> Feature | None:
        return next((f for f in self._battlefield.terrain.features if f.kind == "ion_storm"),
                    None)

    def _set_terrain(self, features) -> None:  # noqa: ANN001 - an iterable of Features
        self._battlefield = replace(self._battlefield, terrain=TerrainMap(tuple(features)))

    # -- phase 1: after energy allocation ---------------------------------------------------------
    def _ion_storm_roll(self, step) -> Walk:
        """P14.2 (turn 1, when the scenario does not give it): the direction the storm's waves
        come from; P14.3: this turn's sunspot effects."""
        storm = self._storm()
        if storm is None:
            return
        if storm.motion is None:
            roll = yield from self._d6("storm.direction", "ion_storm",
                                       "Ion storm: 1d6 for the direction its gravity waves "
                                       "move in (P14.2; 1: A/B, 2: B/C ... 6: F/A)", "P14.2")
            motion = ion_storm_motion(roll)
            self._set_terrain(replace(f, motion=motion) if f is storm else f
                              for f in self._battlefield.terrain.features)
            self._emit(event("ion_storm_waves", None, "P14.2",
                             f"The ion storm's gravity waves move {motion_text(motion)}, "
                             "one every 32 hexes", roll=roll, motion=motion_text(motion)))
        roll = yield from self._d6("storm.sunspots", "ion_storm",
                                   "Ion storm: 1d6 for this turn's sunspot effects (P14.3)",
                                   "P14.3")
        effects = ion_storm_effects(roll)
        self._battlefield = replace(self._battlefield, storm_effects=effects)
        self._emit(event("ion_storm", None, "P14.3",
                         f"The ion storm this turn (roll {roll}): "
                         + "; ".join(SUNSPOT_WORDS[e] for e in effects),
                         roll=roll, effects=list(effects)))

    # -- 6A: the waves move -----------------------------------------------------------------------
    def _move_waves(self, entered: list[tuple[str, Hex, Hex]]) -> Walk:
        yield from self._black_hole_rings()
        features = self._battlefield.terrain.features
        storm = self._storm()
        if not any(f.kind == "gravity_wave" for f in features) and (
                storm is None or storm.motion is None):
            return
        struck: list[tuple[str, Feature]] = []
        moved: list[Feature] = []
        for f in features:
            if f.kind != "gravity_wave" or f.motion is None:
                moved.append(f)
                continue
            # "or vice versa" (P9.3): a unit that entered the wave's hex before it moved on
            struck += [(uid, f) for uid, _from, to in entered if to in f.hexes]
            now = advance(f.hexes, f.motion)
            if not now:
                self._emit(event("wave_gone", None, "P9.2", f"{f.label} leaves the map"))
                continue
            wave = replace(f, hexes=now)
            moved.append(wave)
            struck += [(uid, wave) for uid in self._ship_ids()
                       if self._units[uid].hex in now and (uid, f) not in struck]
        if storm is not None and storm.motion is not None and self._impulse == 1:
            wave = Feature("gravity_wave", upwind_row(storm.motion),
                           f"Ion storm gravity wave (turn {self._turn})", "P14.2",
                           strength=ION_STORM_WAVE, motion=storm.motion)
            moved.append(wave)
            self._emit(event("wave_enters", None, "P14.2",
                             f"A {ION_STORM_WAVE}-point gravity wave of the ion storm enters "
                             f"the map moving {motion_text(storm.motion)}",
                             motion=motion_text(storm.motion)))
            struck += [(uid, wave) for uid in self._ship_ids()
                       if self._units[uid].hex in wave.hexes]
        self._set_terrain(moved)
        done = set()
        for uid, wave in struck:
            if uid in done or uid not in self._units or not self._units[uid].active:
                continue
            done.add(uid)
            yield from self._wave_strikes(uid, wave)

    def _black_hole_rings(self) -> Walk:
        """P9.4: a black hole given a wave ``strength`` sends a ring out every 10th turn from
        turn 5, one hex an impulse, its force falling by the P9.42 table; on a corner of the
        ring one shield faces it and three share the damage, without a turn (P9.43)."""
        holes = [f for f in self._battlefield.terrain.features
                 if f.kind == "black_hole" and f.strength and f.hexes]
        if not holes:
            return
        ring_on = black_hole_wave_turn(self._turn)
        radius = self._impulse
        kept = [f for f in self._battlefield.terrain.features if f.rule != "P9.41"]
        struck = []
        for hole in holes:
            centre = min(hole.hexes, key=lambda h: (h.col, h.row))
            if not ring_on:
                continue
            force = black_hole_wave_force(radius)
            ring = frozenset(h for h in hex_ring(centre, radius) if STANDARD_MAP.contains(h))
            name = f"{hole.label} wave ({force} points)"
            kept.append(Feature("gravity_wave", ring, name, "P9.41", strength=force))
            struck += [(uid, centre, force, name) for uid in self._ship_ids()
                       if hex_range(self._units[uid].hex, centre) == radius]
        self._set_terrain(kept)
        for uid, centre, force, name in struck:
            how = ring_motion(centre, self._units[uid].hex)
            if isinstance(how, int):  # P9.43: a corner
                shields = corner_shields(self._units[uid].facing, how)
                parts = split_wave_damage(force, 3)
                self._emit(event("gravity_wave", uid, "P9.43",
                                 f"{name} strikes {uid} on a corner of the ring: "
                                 + ", ".join(f"{p} on shield {k}" for k, p in zip(
                                     shields, parts, strict=True)), strength=force,
                                 shields=list(shields), damage=parts))
                for shield, points in zip(shields, parts, strict=True):
                    if points and self._units[uid].active:
                        yield from self._volley_on(uid, shield, points, name, "P9.43")
                continue
            wave = Feature("gravity_wave", frozenset(), name, "P9.41", strength=force,
                           motion=how)
            yield from self._wave_strikes(uid, wave)

    def _wave_strikes(self, uid: str, wave: Feature) -> Walk:
        """P9.31 damage on the two facing shields, then P9.32 the turn along the wave."""
        unit = self._units[uid]
        motion = wave.motion
        shields = gravity_wave_shields(unit.facing, motion)
        parts = split_wave_damage(wave.strength, 2)
        if parts[0] != parts[1]:
            options = tuple(f"shield {k}" for k in shields)
            prompt = Choice(self._key("wave.odd", uid),
                            f"{wave.label} ({wave.strength} points) strikes {uid} on shields "
                            f"{shields[0]} and {shields[1]}: which takes the odd point? (P9.31)",
                            options, rule="P9.31", unit=uid, default=options[0])
            picked = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
            if int(picked.split()[1]) == shields[1]:
                parts = parts[::-1]
        self._emit(event("gravity_wave", uid, "P9.31",
                         f"{wave.label} strikes {uid}: {parts[0]} on shield {shields[0]}, "
                         f"{parts[1]} on shield {shields[1]}", strength=wave.strength,
                         shields=list(shields), damage=parts))
        for shield, points in zip(shields, parts, strict=True):
            if points and self._units[uid].active:
                yield from self._volley_on(uid, shield, points, wave.label, "P9.31")
        unit = self._units[uid]
        if unit.active and not self._is_base(uid):
            facing = gravity_wave_facing(unit.facing, motion)
            if facing != unit.facing:
                self._put(replace(unit, facing=facing))
                self._emit(event("wave_turns", uid, "P9.32",
                                 f"{uid} is turned to face {FACING_LETTERS[facing]}, along the "
                                 "wave", facing=FACING_LETTERS[facing]))

    # -- P13 dust (called from the environment step, 6E) ----------------------------------------
    def _dust_kind(self, uid: str) -> str:
        """How P13.3 counts a unit with a ship record: fighters and PFs as small units (speed
        minus 10), everything else as a ship."""
        record = self._ships.get(uid)
        spec = self.specs.get(record.spec_id) if record is not None else None
        if spec is None:
            return "ship"
        if spec.kind == "fighter":
            return "fighter"
        return "pf" if spec.kind == "pf" or "pf" in spec.flags else "ship"

    def _dust_on_ship(self, unit, kinds) -> Walk:  # noqa: ANN001 - a Unit, terrain kinds
        """P13.2: one point (two in intense dust, P13.5) on the shield facing the direction of
        movement on the impulses its speed is listed for; on all six when it is on erratic
        maneuvers (P13.2, C10.45); fighters and PFs at their speed minus 10 (P13.3)."""
        for dust in ("dust", "intense_dust"):
            if dust not in kinds:
                continue
            points = dust_damage(unit.speed, self._impulse, kind=self._dust_kind(unit.id),
                                 erratic=unit.em.active, intense=dust == "intense_dust")
            if points and self._units[unit.id].active:
                ahead = (unit.facing + (3 if unit.reverse else 0)) % 6
                yield from self._strike(unit.id, neighbor(unit.hex, ahead), points,
                                        f"dust.{dust}", "Dust", "P13.2")

    def _dust_on_small_units(self) -> Walk:
        """P13.3: drones, plasma torpedoes (as phaser damage: the warhead weakened, FP1.611)
        and shuttles in dust take its damage at their speed minus 10 (mandatory)."""
        terrain = self._battlefield.terrain
        if not (terrain.has("dust") or terrain.has("intense_dust")):
            return
        for unit in sorted(self._units.values(), key=lambda u: u.id):
            if not unit.active or unit.kind not in (DRONE, PLASMA, SHUTTLE):
                continue
            record = self._seeking.record(unit.id)
            if record is None:
                continue
            kinds = {f.kind for f in terrain.at(unit.hex)}
            points = sum(dust_damage(unit.speed, self._impulse, kind=unit.kind,
                                     intense=dust == "intense_dust")
                         for dust in ("dust", "intense_dust") if dust in kinds)
            if not points:
                continue
            self._emit(event("dust", unit.id, "P13.3",
                             f"Dust strikes {unit.kind} {unit.id} at speed {unit.speed} (counted "
                             f"as {unit.speed - DUST_SMALL_UNIT_REDUCTION}): {points} damage"
                             + (" as phaser damage" if unit.kind == PLASMA else ""),
                             damage=points, speed=unit.speed))
            done = damage_seeker(record, points, DUST_AS_PHASER, travelled=unit.travelled,
                                 clock=clock_of(self._turn, self._impulse))
            self._emit(done.event)
            if done.destroyed and not record.is_weasel:
                self._seeking = self._seeking.without(unit.id)
                self._put(replace(unit, status="destroyed"))
            else:
                self._seeking = self._seeking.with_record(done.record)
        return
        yield

    # -- P11.2 (sunspots; an ion storm's P14.3 turn): no transporters, no tractors ---------------
    def _equipment_refusal(self, uid: str, other: str | None, what: str) -> Refusal | None:
        """A Refusal naming P11.21 (``what`` = "transporters") or P11.22 ("tractors") when
        sunspots stop that equipment for ``uid`` (or the unit at the other end) this turn."""
        hexes = [self._units[u].hex for u in (uid, other) if u is not None and u in self._units]
        if not sunspots_stop_equipment(self._battlefield, *hexes):
            return None
        cause = ("an ion storm's sunspot effects this turn (P14.3)"
                 if "P11.2" in self._battlefield.storm_effects else "sunspot activity")
        if what == "transporters":
            return Refusal("P11.21", f"{uid} cannot use its transporters: {cause} stops them "
                                     "(P11.21: only inside a ship or between docked ships)")
        return Refusal("P11.22", f"{uid} cannot use a tractor beam: {cause} stops them "
                                 "(P11.22: only to hold docked units; P11.23: a TR beam fires "
                                 "as a weapon only)")

    def _natural_ecm(self, firer: Hex, target: Hex) -> int:
        """Natural ECM on a shot (D6.314): 1 when either end is in dust ("inside firing out,
        outside firing in", P13.4), 8 under sunspots or an ion storm's P11.3 turn (P11.3,
        P14.3); the two sources add."""
        terrain = self._battlefield.terrain
        if not terrain:
            return 0
        kinds = {f.kind for h in (firer, target) for f in terrain.at(h)}
        dust = 1 if kinds & {"dust", "intense_dust"} else 0
        jammed = "sunspots" in kinds or "P11.3" in self._battlefield.storm_effects
        return dust + (SUNSPOT_ECM if jammed else 0)

    def _radiation_range_refusal(self, firer, target):  # noqa: ANN001, ANN202 - Units
        """P15.6: in a radiation zone (an ion storm is one, P14.1) weapons reach 25 hexes at
        most; the firer or the target in the zone is enough."""
        terrain = self._battlefield.terrain
        if not terrain or hex_range(firer.hex, target.hex) <= RADIATION_RANGE_CAP:
            return None
        zones = {"radiation_zone", "ion_storm"}
        if not any(f.kind in zones for h in (firer.hex, target.hex) for f in terrain.at(h)) \
                and not any("radiation_zone" in self._nova_zone_kinds(h)
                            for h in (firer.hex, target.hex)):  # P12.51 (asteroid_steps)
            return None
        return Refusal("P15.6", f"{firer.id} cannot fire at {target.id}: in a radiation zone "
                                f"weapons reach {RADIATION_RANGE_CAP} hexes at most, and "
                                f"{target.id} is {hex_range(firer.hex, target.hex)} away")

    def _is_base(self, uid: str) -> bool:
        record = self._ships.get(uid)
        spec = self.specs.get(record.spec_id) if record is not None else None
        return spec is not None and ("base" in spec.kind or "base" in spec.flags)
