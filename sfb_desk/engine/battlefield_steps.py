"""Terrain, mines and monsters in play (issue 15) as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session`; the rules are
:mod:`sfb_desk.rules.systems.terrain`, :mod:`~sfb_desk.rules.systems.mines` and
:mod:`~sfb_desk.rules.systems.monsters`, the state :class:`BattlefieldState` (in the game's
``Combat``, saved with it).

* **Moving** (6A): a ship may not enter a planet's, moon's or large asteroid's hex (SM6.49;
  the move is refused). After the units move (``6A-battlefield``): a ship entering a star or
  a nova hex is destroyed without an explosion (SM5.41, P12.4); entering a mine's zone asks
  the M2.4 trigger roll of each explosive mine that accepts it, closest first, until one
  detonates (one mine per hex of movement, M2.441); a detonation strikes every ship in the
  mine's hex and beside it on the facing shield (M4.3, M2.5); captor and sensor mines trigger
  without a roll (M5.112; a cloaked unit or a minesweeper rolls, M5.1121-M5.1122) and
  fire or give their orders (M4.46, M4.5; :mod:`.captor_steps`); a ship with active fire control entering an enemy
  mine's zone rolls to detect it (M7.34). The minefield is announced once a turn per side
  (M7.1).
* **Monsters** (``6A-battlefield``): the Sun Snake moves three hexes a turn straight for the
  star (SM5.45); entering it, the star goes nova (SM5.49). Then it strikes every ship within
  five hexes it has not struck this turn: one die on its table, the damage on the shield
  facing it.
* **Environment** (``6E-battlefield``): the nova front advances one hex a turn on impulse 16
  and destroys every ship in nova hexes (P12.3, P12.4); dust strikes by speed on impulses
  divisible by 5 (P13); heat (P10) and radiation (P15) at each DRI.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.arcs import shield_struck
from ..rules.combat import Hit, VolleyGroup
from ..rules.combat.volley import DIRECT_FIRE_STEP
from ..rules.hexes import hex_range, neighbor
from ..rules.results import Refusal, event
from ..rules.systems.mines import (
    YIELD,
    automatic_detection,
    candidates_on_entry,
    chain_reaction,
    explosive_triggers,
    minefield_announcement,
    zone_triggers,
)
from ..rules.systems.terrain import (
    heat_damage,
    next_orbit_hex,
    nova_front,
    radiation_crew_loss,
)
from ..rules.systems.terrain.effects import ORBIT_IMPULSE
from ..rules.units import ACTIVE, AWAITING, SHUTTLE, Unit
from .prompts import Choice, DiceRequest, Prompt, check_choice, check_dice

Walk = Generator[Prompt, object, None]


class BattlefieldSteps:
    """Handlers and hooks of the battlefield (module docstring)."""

    # -- hooks called by the movement segment -------------------------------------------------
    def _terrain_refusal(self, moved: Unit) -> Refusal | None:
        """A move into a hex the ship may not enter (SM6.49), or None."""
        blocked = self._battlefield.terrain.entering(moved.hex)
        if blocked is not None and blocked.feature.kind == "planet" and self._dragon(moved.id):
            return None  # SM7.45: the dragon raids the planet in its hex, without landing
        if blocked is not None and not blocked.feature.info.destroys_entering:
            return Refusal(blocked.rule, f"{moved.id} cannot enter {blocked}")
        return None

    def _note_entry(self, before: Unit, after: Unit) -> None:
        if after.hex != before.hex and self._battlefield:
            self._entered.append((after.id, before.hex, after.hex))

    # -- 6A: after movement ---------------------------------------------------------------------
    def _battlefield_movement(self, step) -> Walk:
        if not self._battlefield:
            return
        self._new_turn_marks()
        entered, self._entered = self._entered, []
        for uid, came_from, to in entered:
            unit = self._units.get(uid)
            if unit is None or unit.status != ACTIVE or unit.hex != to:
                continue
            yield from self._enter_hex(unit, came_from)
        yield from self._move_waves(entered)  # P9.2 (terrain_steps)
        if self._impulse == ORBIT_IMPULSE:
            yield from self._move_orbits()
        yield from self._move_monsters()
        yield from self._move_mind_monsters()
        self._note_closest()
        yield from self._monster_strikes()
        yield from self._move_clusters()  # P12.53 (asteroid_steps): the last to move
        self._announce_minefields()

    def _move_orbits(self) -> Walk:
        """P8.21, P8.413: each unit in standard orbit enters the next hex of its orbit on
        impulse 32, turning along it; a unit that moved by its own power has left orbit
        (P8.44)."""
        kept = []
        for uid, planet, clockwise in self._battlefield.orbits:
            unit = self._units.get(uid)
            if unit is None or not unit.active:
                continue
            if unit.speed > 0 or hex_range(unit.hex, planet) not in (1, 2, 3):
                self._emit(event("orbit_left", uid, "P8.44", f"{uid} leaves its orbit"))
                continue
            kept.append((uid, planet, clockwise))
            here = unit.hex
            there = next_orbit_hex(planet, here, clockwise=clockwise)
            facing = next(d for d in range(6) if neighbor(here, d) == there)
            moved = replace(unit, hex=there, facing=facing)
            self._put(moved)
            self._emit(event("orbit_moves", uid, "P8.413",
                             f"{uid} moves along its orbit to {there.label}", hex=there.label))
            yield from self._enter_hex(moved, here)  # P8.22: orbital movement sets off mines
        self._battlefield = replace(self._battlefield, orbits=tuple(kept))

    def _new_turn_marks(self) -> None:
        """The once-a-turn marks start afresh each turn: the snake's targets (SM5.45), the mind
        monster's closest approaches (SM6.47), the minefield announcements (M7.13)."""
        field = self._battlefield
        if field.marks_turn == self._turn:
            return
        self._battlefield = replace(
            field, marks_turn=self._turn, announced=frozenset(),
            monsters=tuple(replace(m, struck=frozenset(), closest=()) for m in field.monsters))

    def _ship_ids(self) -> list[str]:
        return [sid for sid in sorted(self._ships) if self._units[sid].status == ACTIVE]

    def _destroy_without_explosion(self, uid: str, rule: str, text: str) -> None:
        record = self._ships.get(uid)
        if record is not None:
            self._ships[uid] = replace(record, ship_destroyed=True,
                                       systems=replace(record.systems, exploded=True))
        self._put(replace(self._units[uid], status="destroyed"))
        self._emit(event("ship_destroyed", uid, rule, text))

    def _enter_hex(self, unit: Unit, came_from=None) -> Walk:  # noqa: ANN001 - a Hex
        field = self._battlefield
        blocked = field.terrain.entering(unit.hex)
        if blocked is not None and blocked.feature.info.destroys_entering:
            self._destroy_without_explosion(unit.id, blocked.rule,
                                            f"{unit.id} enters {blocked} and is destroyed")
            return
        if unit.hex in self._nova_hexes():
            self._destroy_without_explosion(unit.id, "P12.4", f"{unit.id} enters the nova")
            return
        if unit.id in self._ships:
            yield from self._asteroids_on_entry(unit, came_from)  # P3.2 (asteroid_steps)
            if not self._units[unit.id].active:
                return
            yield from self._detect_on_entry(unit)
            yield from self._mines_on_entry(unit)
        elif unit.kind == SHUTTLE:  # shuttles set off mines too, never detect them (M7.343)
            yield from self._mines_on_entry(unit)

    # -- mines ------------------------------------------------------------------------------------
    def _size_class(self, uid: str) -> int:
        unit = self._units.get(uid)
        if unit is not None and unit.kind == SHUTTLE:
            return 6  # R0.6: shuttles are size class 6 (M5.153)
        record = self._ships.get(uid)
        spec = self.specs.get(record.spec_id) if record is not None else None
        return (spec.size_class if spec is not None and spec.size_class else 3)

    def _minesweeper(self, uid: str) -> bool:
        record = self._ships.get(uid)
        spec = self.specs.get(record.spec_id) if record is not None else None
        return spec is not None and ("minesweeper" in spec.flags or spec.id.endswith("-MS"))

    def _mines_on_entry(self, unit: Unit) -> Walk:
        mines = self._battlefield.mines
        rule = self.initial.options.systems.mine_trigger
        for mine in candidates_on_entry(mines.live(), unit.hex, self._size_class(unit.id)):
            if mine.skip:
                self._set_mine(replace(mine, skip=mine.skip - 1))  # M5.16: the Nth target
                continue
            sweeper, cloaked = self._minesweeper(unit.id), self._cloaked(unit.id)
            if mine.type == "explosive":
                outcomes = {explosive_triggers(r, unit.speed, minesweeper=sweeper,
                                               cloaked=cloaked, rule=rule) for r in range(1, 7)}
                if outcomes == {False}:
                    continue
                if outcomes == {True}:
                    fired = True
                else:
                    roll = yield from self._d6(f"mine.{mine.id}", unit.id,
                                               f"Mine trigger roll: {unit.id} enters a mine's "
                                               f"zone at speed {unit.speed} (M2.4)", "M2.4")
                    fired = explosive_triggers(roll, unit.speed, minesweeper=sweeper,
                                               cloaked=cloaked, rule=rule)
                if fired:
                    yield from self._detonate(mine, unit.id)
                    return  # one mine per hex of movement (M2.441)
                continue
            if not self._captor_ready(mine):
                continue  # M4.49: a captor that cannot fire is ignored (captor_steps)
            fired = zone_triggers(mine, None, minesweeper=sweeper, cloaked=cloaked)
            if fired is None:
                roll = yield from self._d6(f"mine.{mine.id}", unit.id,
                                           f"{unit.id} enters a captor or sensor mine's zone "
                                           "(M5.1121, M5.1122)", "M5.112")
                fired = zone_triggers(mine, roll, minesweeper=sweeper, cloaked=cloaked)
            if fired:
                yield from self._mine_triggered(mine, unit.id)  # captor_steps
                return

    def _d6(self, what: str, uid: str, text: str, rule: str) -> Generator[Prompt, object, int]:
        prompt = DiceRequest(self._key(what, uid), text, "1d6", 1, rule, uid)
        (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        return roll

    def _set_mine(self, mine) -> None:  # noqa: ANN001 - a Mine
        field = self._battlefield
        self._battlefield = replace(field, mines=field.mines.update(mine))

    def _everyone(self) -> frozenset[str]:
        """Every side of the game, reinforcements still to arrive included."""
        return frozenset(self._sides()) | {u.side for u in self._units.values()
                                           if u.status == AWAITING}

    def _detonate(self, mine, trigger: str) -> Walk:  # noqa: ANN001 - a Mine
        self._set_mine(replace(mine, destroyed=True, located_by=self._everyone()))
        damage = YIELD[mine.size]
        hit = [sid for sid in self._ship_ids() if hex_range(self._units[sid].hex, mine.hex) <= 1]
        self._emit(event("mine_explodes", trigger, "M4.3",
                         f"A {mine.size} mine in {mine.hex.label} explodes ({damage} damage): "
                         f"{', '.join(hit) or 'nobody'} in reach",
                         mine=mine.id, hex=mine.hex.label, damage=damage, victims=hit))
        for sid in hit:
            yield from self._strike(sid, mine.hex, damage, f"mine.{mine.id}", "mine", "M2.5")
        for small in [u for u in self._units.values() if u.active and u.kind == SHUTTLE
                      and hex_range(u.hex, mine.hex) <= 1]:
            self._explosion_on_small_unit(mine.id, small, damage)  # a shuttle in reach (M2.5)
        for chained in chain_reaction(self._battlefield.mines.live(), mine):  # M5.33, M5.34
            if chained.type == "explosive":
                yield from self._detonate(chained, trigger)
            elif chained.type in ("captor", "sensor"):  # M4.433: at the mine's trigger
                yield from self._mine_triggered(chained, trigger, commanded=True)

    def _detect_on_entry(self, unit: Unit) -> Walk:
        record = self._ships[unit.id]
        fc = record.allocation.fire_control if record.allocation is not None else "active"
        if fc != "active":
            return  # M7.344
        for mine in self._battlefield.mines.live():
            if mine.owner == unit.side or unit.side in mine.located_by:
                continue
            if not automatic_detection(mine, unit.hex, 1, 6, side=unit.side):
                continue  # not in its zone (a roll of 1 on rating 6 always detects)
            rating = self._sensor_rating(unit.id)
            roll = yield from self._d6(f"detect.{mine.id}", unit.id,
                                       f"{unit.id} may detect a mine (M7.34): roll at most its "
                                       f"sensor rating {rating}", "M7.34")
            if automatic_detection(mine, unit.hex, roll, rating, side=unit.side):
                self._set_mine(replace(mine, located_by=mine.located_by | {unit.side}))
                self._battlefield = replace(
                    self._battlefield,
                    known_fields=self._battlefield.known_fields | {unit.side})
                self._emit(event("mine_detected", unit.id, "M7.34",
                                 f"{unit.side} locates a {mine.size} mine in {mine.hex.label}",
                                 side=unit.side, hex=mine.hex.label, size=mine.size))

    def _sensor_rating(self, uid: str) -> int:
        from ..rules.damage.repair import sensor_rating
        from .records import damage_state

        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        return sensor_rating(spec, damage_state(record, spec, self._units[uid].destroyed))

    def _announce_minefields(self) -> None:
        field = self._battlefield
        if not field.mines.mines:
            return
        for side in self._sides():
            if side in field.announced:
                continue
            distances = [d for sid in self._ship_ids() if self._units[sid].side == side
                         for d in [minefield_announcement(self._units[sid].hex, "ship",
                                                          field.mines.live(), side)]
                         if d is not None]
            if distances:
                field = replace(field, announced=field.announced | {side},
                                known_fields=field.known_fields | {side})
                self._emit(event("minefield_detected", None, "M7.1",
                                 f"{side} detects a minefield: the nearest mine is "
                                 f"{min(distances)} hexes away", side=side,
                                 distance=min(distances)))
        self._battlefield = field

    def _strike(self, tid: str, source, damage: int, key: str, label: str, rule: str) -> Walk:
        """``damage`` on the shield of ``tid`` facing ``source`` (a hex), as one volley."""
        unit = self._units[tid]
        if not unit.active or tid not in self._ships:
            return
        hit = shield_struck(unit.hex, unit.facing, source)
        shields = hit.choice or ((hit.shield,) if hit.shield else tuple(range(1, 7)))
        if len(shields) > 1:
            prompt = Choice(self._key(f"shield.{key}", tid),
                            f"{label} strikes {tid} on a hex spine or in its hex: which shield "
                            f"of {tid}? (D3.43)", tuple(f"shield {k}" for k in shields),
                            rule="D3.43", unit=tid)
            picked = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
            shield = int(picked.split()[1])
        else:
            shield = shields[0]
        yield from self._volley_on(tid, shield, damage, label, rule)

    def _volley_on(self, tid: str, shield: int, damage: int, label: str, rule: str) -> Walk:
        group = VolleyGroup(tid, DIRECT_FIRE_STEP,
                            (Hit(label, tid, damage, shield, None, DIRECT_FIRE_STEP, rule),),
                            shield)
        yield from self._resolve_volley(group)

    # -- 6E: the environment ------------------------------------------------------------------------
    def _nova_hexes(self) -> frozenset:
        field = self._battlefield
        if field.nova_turn is None:
            return frozenset()
        return nova_front(field.terrain.hexes_of("star"), field.nova_radius)

    def _nova_destroys(self) -> Walk:
        nova = self._nova_hexes()
        if not nova:
            return
        for sid in self._ship_ids():
            if self._units[sid].hex in nova:
                self._destroy_without_explosion(sid, "P12.4",
                                                f"{sid} is engulfed by the nova")
        field = self._battlefield
        for planet in sorted(field.terrain.hexes_of("planet") & nova - field.scorched):
            self._battlefield = replace(self._battlefield,
                                        scorched=self._battlefield.scorched | {planet})
            self._emit(event("planet_scorched", None, "P12.4",
                             f"The nova engulfs the planet in {planet.label}: everything on it "
                             "is destroyed", hex=planet.label))
        return
        yield

    def _battlefield_environment(self, step) -> Walk:
        field = self._battlefield
        if not field:
            return
        impulse = self._impulse
        if impulse == 16 and field.nova_turn is not None and self._turn > field.nova_turn:
            self._battlefield = replace(field, nova_radius=field.nova_radius + 1)
            self._emit(event("nova_advances", None, "P12.3",
                             f"The nova front advances to {self._battlefield.nova_radius} "
                             "hexes from the star", radius=self._battlefield.nova_radius))
            yield from self._nova_destroys()
        if impulse == 32:
            yield from self._mind_attacks()
        terrain = self._battlefield.terrain
        for sid in self._ship_ids():
            unit = self._units[sid]
            kinds = {f.kind for f in terrain.at(unit.hex)} | self._nova_zone_kinds(unit.hex)
            yield from self._dust_on_ship(unit, kinds)  # P13.2, P13.3 (terrain_steps)
            record = self._ships.get(sid)
            if record is None or not self._units[sid].active or self._dragon(sid):
                continue  # a dragon has no shields or crew for heat and radiation
            down = [k for k in range(1, 7) if record.shields.is_down(k)]
            if "heat_zone" in kinds and heat_damage(len(down), impulse):
                for shield in down:  # P10.1: 1 point per down shield, rolled on the DAC
                    yield from self._volley_on(sid, shield, 1, "Heat", "P10.1")
            if ("radiation_zone" in kinds or "ion_storm" in kinds) and radiation_crew_loss(
                    bool(down), impulse):
                record = self._ships[sid]
                self._ships[sid] = replace(record, crew_units_lost=record.crew_units_lost + 1)
                self._emit(event("radiation", sid, "P15.11",
                                 f"{sid} loses a crew unit to radiation (a shield is down)"))
        yield from self._dust_on_small_units()  # P13.3: drones, plasma, shuttles (terrain_steps)
