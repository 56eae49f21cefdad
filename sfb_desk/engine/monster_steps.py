"""The monsters of the SM scenarios in play: a mixin of the session beside
:mod:`.battlefield_steps` (which calls these steps after movement and at the end of the turn).

* The Sun Snake (SM5.45) moves three hexes a turn straight for the star and strikes every ship
  within five hexes once a turn (one die on its table, the damage on the shield facing it);
  entering the star it makes it go nova (SM5.49).
* The Mind Monster (SM6.45-SM6.49) moves six hexes a turn for the planet, following a ship
  slower than six within two hexes but never away from the planet, stays two turns in a ship's
  hex it enters, and at the end of each turn blanks crew units of every ship at its closest
  approach (SM6.47) and, in the planet's hex, those of the library (SM6.49); a wiped library
  ends the scenario (SM6.5). A ship in its hex coming to a stop (SM6.48) is left to the table.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.charts.impulse import moves_on
from ..rules.hexes import hex_line, hex_range
from ..rules.results import event
from ..rules.systems.monsters import (
    MIND_FOLLOW_RANGE,
    MIND_MONSTER_SPEED,
    SUN_SNAKE_SPEED,
    mind_attack,
    nearest_star_hex,
    sun_snake_damage,
    sun_snake_targets,
)
from .prompts import Prompt

Walk = Generator[Prompt, object, None]


class MonsterSteps:
    """Monster movement and attacks (module docstring)."""

    # -- monsters ---------------------------------------------------------------------------------
    def _move_monsters(self) -> Walk:
        field = self._battlefield
        star = field.terrain.hexes_of("star")
        for m in field.monsters:
            if m.gone or m.kind != "Sun Snake" or not star:
                continue
            if not moves_on(SUN_SNAKE_SPEED, self._impulse):
                continue
            goal = nearest_star_hex(m.hex, star)
            step = hex_line(m.hex, goal)[1]
            moved = replace(m, hex=step)
            if step in star:  # SM5.49: the star goes nova
                moved = replace(moved, gone="star")
                field = replace(field, nova_turn=self._turn, nova_radius=0)
                self._emit(event("nova", m.id, "SM5.49",
                                 f"The {m.kind} dives into the star in {step.label}: the star "
                                 "goes nova (P12.0)", hex=step.label))
            else:
                self._emit(event("monster_moves", m.id, "SM5.45",
                                 f"The {m.kind} moves to {step.label}", hex=step.label))
            field = replace(field, monsters=tuple(moved if x.id == m.id else x
                                                  for x in field.monsters))
        self._battlefield = field
        yield from self._nova_destroys()

    def _monster_strikes(self) -> Walk:
        for m in self._battlefield.monsters:
            if m.gone or m.kind != "Sun Snake":
                continue
            placed = [(sid, "ship", self._units[sid].hex) for sid in self._ship_ids()]
            for tid in sun_snake_targets(m.hex, placed, m.struck):
                roll = yield from self._d6(f"snake.{m.id}", tid,
                                           f"The {m.kind} strikes {tid} (SM5.45): 1d6 on its "
                                           "attack table", "SM5.45")
                damage = sun_snake_damage(roll)
                current = self._battlefield.monster(m.id)
                self._battlefield = replace(self._battlefield, monsters=tuple(
                    replace(x, struck=x.struck | {tid}) if x.id == m.id else x
                    for x in self._battlefield.monsters))
                self._emit(event("monster_strikes", m.id, "SM5.45",
                                 f"The {m.kind} spits plasmatic venom at {tid}: {damage} "
                                 "damage", target=tid, roll=roll, damage=damage))
                yield from self._strike(tid, current.hex, damage, f"snake.{m.id}", m.kind,
                                        "SM5.45")

    # -- the Mind Monster (SM6) --------------------------------------------------------------------
    def _set_monster(self, monster) -> None:  # noqa: ANN001 - a MonsterState
        field = self._battlefield
        self._battlefield = replace(field, monsters=tuple(
            monster if m.id == monster.id else m for m in field.monsters))

    def _move_mind_monsters(self) -> Walk:
        planets = self._battlefield.terrain.hexes_of("planet")
        for m in self._battlefield.monsters:
            if m.gone or m.kind != "Mind Monster" or not planets:
                continue
            if m.stay_until_turn >= self._turn or not moves_on(MIND_MONSTER_SPEED,
                                                                self._impulse):
                continue
            planet = min(planets, key=lambda h: hex_range(m.hex, h))
            if m.hex == planet:
                continue  # at the library: it stays and feeds (SM6.49)
            step = hex_line(m.hex, planet)[1]
            near = [(hex_range(m.hex, self._units[sid].hex), sid) for sid in self._ship_ids()
                    if hex_range(m.hex, self._units[sid].hex) <= MIND_FOLLOW_RANGE
                    and self._units[sid].speed < MIND_MONSTER_SPEED]
            if near:  # SM6.46: it follows a slow ship, never away from the planet
                ship = self._units[min(near)[1]]
                toward = hex_line(m.hex, ship.hex)[1] if ship.hex != m.hex else m.hex
                if hex_range(toward, planet) <= hex_range(m.hex, planet) and hex_range(
                        toward, ship.hex) < hex_range(m.hex, ship.hex):
                    step = toward
            moved = replace(m, hex=step)
            hosts = [sid for sid in self._ship_ids() if self._units[sid].hex == step]
            if hosts:  # SM6.48: it stays two turns (this one and the next)
                moved = replace(moved, stay_until_turn=self._turn + 1)
            self._set_monster(moved)
            self._emit(event("monster_moves", m.id, "SM6.45",
                             f"The {m.kind} moves to {step.label}"
                             + (f", into the hex of {', '.join(hosts)}" if hosts else ""),
                             hex=step.label))
        return
        yield

    def _note_closest(self) -> None:
        """SM6.47: the closest approach of each ship to each mind monster this turn."""
        for m in self._battlefield.monsters:
            if m.gone or m.kind != "Mind Monster":
                continue
            closest = dict(m.closest)
            for sid in self._ship_ids():
                rng = hex_range(m.hex, self._units[sid].hex)
                closest[sid] = min(rng, closest.get(sid, rng))
            self._set_monster(replace(m, closest=tuple(sorted(closest.items()))))

    def _shields_full(self, sid: str) -> bool:
        shields = self._ships[sid].shields
        return all(not shields.is_down(k) and shields.boxes[k - 1] == shields.printed[k - 1]
                   for k in range(1, 7))

    def _mind_attacks(self) -> Walk:
        """SM6.47 at the end of the turn: each ship at its closest approach, then the library
        if the monster is in the planet's hex (SM6.49, range 0, the library's shields up)."""
        for m in self._battlefield.monsters:
            if m.gone or m.kind != "Mind Monster":
                continue
            for sid, rng in m.closest:
                if sid not in self._ships or not self._units[sid].active or rng > 6:
                    continue
                full = self._shields_full(sid)
                if full and rng > 5:
                    continue
                roll = None
                if full:
                    roll = yield from self._d6(f"mind.{m.id}", sid,
                                               f"The {m.kind} attacks {sid} at range {rng} "
                                               "(SM6.47)", "SM6.47")
                blanked = mind_attack(rng, roll, full)
                record = self._ships[sid]
                self._ships[sid] = replace(record, crew_units_lost=record.crew_units_lost
                                           + blanked)
                self._emit(event("crew_blanked", sid, "SM6.47",
                                 f"The {m.kind} blanks {blanked} crew unit(s) of {sid} (range "
                                 f"{rng}, shields {'full' if full else 'not full'})",
                                 monster=m.id, range=rng, blanked=blanked, roll=roll))
            if m.hex in self._battlefield.terrain.hexes_of("planet"):
                yield from self._attack_library(m)

    def _attack_library(self, m) -> Walk:  # noqa: ANN001 - a MonsterState
        field = self._battlefield
        rolls = []
        for what in ("crew", "banks"):
            roll = yield from self._d6(f"library.{what}", m.id,
                                       f"The {m.kind} attacks the library's {what} (SM6.49, "
                                       "range 0)", "SM6.49")
            rolls.append(mind_attack(0, roll, True))
        field = self._battlefield
        crew = max(0, field.library_crew - rolls[0])
        banks = max(0, field.library_banks - rolls[1])
        ended = "The Mind Monster has wiped the library (SM6.5)" if not crew and not banks \
            else ""
        self._battlefield = replace(field, library_crew=crew, library_banks=banks, ended=ended)
        self._emit(event("library_attacked", None, "SM6.49",
                         f"The library loses {rolls[0]} crew unit(s) and {rolls[1]} memory "
                         f"bank(s): {crew} and {banks} left", crew=crew, banks=banks))
