"""The Space Dragon (Advanced Missions SM7) in play: a mixin of the session.

The dragon is a unit of the Dragon player's side with a ship record and the class of
:func:`sfb_desk.rules.systems.dragon.dragon_spec`, so it moves and fires through the ship
steps; this module gives it what is its own:

* **Each turn** (instead of an energy allocation, phase 1): its speed is its wings left over its
  age's speed factor (SM7.464), one HET and one tactical maneuver free (SM7.467, free movement),
  each eye the energy of one phaser shot (SM7.4651), the flame loaded on every second turn
  (SM7.4652). It may skip any move (SM7.467) and may enter the planet's hex (SM7.45).
* **Hits on it** (SM7.463): one die per damage point on its record (1-2 body, 3-4 wings, 5 tail,
  6 claws, a zeroed area passing the point on); it dies when every area is zero, without an
  explosion (SM7.466).
* **Tail** (SM7.4653, before seeking weapons strike, 6A): up to three shuttles or seeking weapons
  in its hex an impulse, the Dragon player's pick, each destroyed on 1-5; not once the tail is
  zero.
* **Claws** (SM7.4654, after the fire decisions, 6D): once a turn against one ship in its hex:
  a die with the age's modifier (kept within 1-6) read on the Moray Eel chart (SM3.46), a Basic
  Set table the rulebooks do not print: the Dragon player gives the chart's internal hits, scored
  on the DAC without shields.
* **Ravaging** (SM7.45, impulse 32): a turn begun in the planet's hex and spent there without
  moving, firing or clawing is a turn of ravaging (SM7.5: its points, at most four turns).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.damage import ChoiceNeeded, RollsNeeded
from ..rules.damage.allocation import allocation_steps
from ..rules.damage.state import Volley
from ..rules.energy import Allocation, WeaponOrder
from ..rules.results import Refusal, event
from ..rules.systems.dragon import FLAME, DragonState, dragon_profile, eye_energy, tail_destroys
from ..rules.systems.monsters import DRAGON_CHART, claw_roll
from ..rules.units import SHIP, Unit, clock_of
from .words import damage_point_text
from .prompts import Choice, DiceRequest, Prompt, check_choice, check_dice
from .records import damage_state, with_damage

Walk = Generator[Prompt, object, None]
TAIL_PER_IMPULSE = 3  # SM7.4653
MORAY_EEL_MOST = 40  # the largest claw result the program accepts (the chart is the table's)


class DragonSteps:
    """The Space Dragon's own steps (module docstring)."""

    def _dragon(self, uid: str) -> DragonState | None:
        return next((d for d in self._battlefield.dragons if d.id == uid), None)

    def _set_dragon(self, dragon: DragonState) -> None:
        field = self._battlefield
        self._battlefield = replace(field, dragons=tuple(
            dragon if d.id == dragon.id else d for d in field.dragons))

    def _living_dragons(self) -> list[tuple[DragonState, Unit]]:
        out = []
        for d in self._battlefield.dragons:
            unit = self._units.get(d.id)
            if unit is not None and unit.active and d.record.alive:
                out.append((d, unit))
        return out

    # -- phase 1 ----------------------------------------------------------------------------------
    def _dragon_turn(self, unit: Unit) -> Unit:
        """The dragon's turn in place of an energy allocation (module docstring)."""
        dragon = self._dragon(unit.id)
        speed = dragon.record.speed()
        ready = dragon.flame_ready(self._turn)
        record = self._ships[unit.id]
        weapons = tuple(replace(w, energies=(), complete=ready, held=0)
                        if w.box == FLAME else w for w in record.energy.weapons)
        energy = replace(record.energy, capacitor=eye_energy(dragon.age), weapons=weapons,
                         turn=self._turn)
        allocation = Allocation(ship=record.spec_id, turn=self._turn,
                                speed_plot=((1, speed),),
                                weapons=(WeaponOrder(FLAME, "hold"),) if ready else ())
        self._ships[unit.id] = replace(
            record, energy=energy, allocation=allocation, armed=frozenset({FLAME} if ready
                                                                          else ()),
            fired=frozenset(), capacitor_used=0, destroyed_this_turn=frozenset())
        self._set_dragon(replace(dragon, start=(unit.hex, unit.facing), acted=False))
        self._emit(event("dragon_turn", unit.id, "SM7.464",
                         f"{unit.id} flies at speed {speed} this turn (wings "
                         f"{dragon.record.wings})" + ("; its flame is ready (SM7.4652)"
                                                     if ready else ""),
                         speed=speed, flame=ready))
        return replace(unit, plot=((1, speed),), profile=dragon_profile(speed),
                       het=replace(unit.het, paid=1, made=0),
                       tac=replace(unit.tac, sublight_paid=True, sublight_used=False))

    def _dragon_moved(self, before: Unit, after: Unit) -> None:
        dragon = self._dragon(after.id)
        if dragon is not None and (before.hex, before.facing) != (after.hex, after.facing):
            self._set_dragon(replace(dragon, acted=True))

    # -- hits on the dragon -------------------------------------------------------------------
    def _resolve_volley(self, group) -> Walk:  # noqa: ANN001 - a VolleyGroup
        """A volley on a dragon goes to its record (SM7.463); any other to the shields and
        the DAC (:class:`~.combat_steps.CombatSteps`, later in the session's bases)."""
        if self._dragon(group.target) is not None and self._units[group.target].active:
            return self._dragon_volley(group)
        return super()._resolve_volley(group)  # type: ignore[misc]

    def _dragon_volley(self, group) -> Walk:  # noqa: ANN001 - a VolleyGroup
        """SM7.463: one die per damage point on the record (module docstring)."""
        tid = group.target
        dragon = self._dragon(tid)
        points = group.damage
        if points <= 0 or not dragon.record.alive:
            return
        prompt = DiceRequest(self._key(f"dragon.v{self._volley_no()}", tid),
                             f"{points} damage on {tid}: one die per point (SM7.463: 1-2 body, "
                             "3-4 wings, 5 tail, 6 claws)", kind="1d6", count=points,
                             rule="SM7.463", unit=tid)
        rolls = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        record, areas = dragon.record, []
        for roll in rolls:
            record, area = record.hit(roll)
            areas.append(area or "-")
        self._set_dragon(replace(dragon, record=record))
        ship = self._ships[tid]
        self._ships[tid] = replace(ship, internal_points=ship.internal_points + points)
        self._emit(event("dragon_hit", tid, "SM7.463",
                         f"{tid} takes {points}: " + ", ".join(
                             f"{a} ({r})" for a, r in zip(areas, rolls, strict=True))
                         + f"; body {record.body}, wings {record.wings}, tail {record.tail}, "
                           f"claws {record.claws}", damage=points, rolls=list(rolls),
                         areas=areas, body=record.body, wings=record.wings, tail=record.tail,
                         claws=record.claws))
        if not record.alive:
            self._ships[tid] = replace(self._ships[tid], ship_destroyed=True, systems=replace(
                ship.systems, exploded=True))  # SM7.466: no explosion
            self._put(replace(self._units[tid], status="destroyed"))
            self._emit(event("ship_destroyed", tid, "SM7.466",
                             f"{tid} dies: every area of its record is zero (no explosion)"))

    # -- 6A: the tail ------------------------------------------------------------------------------
    def _dragon_tail(self, step) -> Walk:
        clock = clock_of(self._turn, self._impulse)
        for dragon, unit in self._living_dragons():
            if dragon.record.tail <= 0:
                continue  # SM7.4653: the tail no longer works
            done = {uid for _, uid in dragon.tail_engaged}
            near = sorted(u.id for u in self._units.values() if u.active and u.hex == unit.hex
                          and u.side != unit.side and u.id not in done
                          and (u.is_seeker or u.kind != SHIP))
            engaged = []
            while near and len(engaged) < TAIL_PER_IMPULSE:
                pick = near[0]
                if len(near) > TAIL_PER_IMPULSE - len(engaged):
                    prompt = Choice(self._key(f"tail.{len(engaged) + 1}", unit.id),
                                    f"{unit.id}'s tail engages up to three shuttles or seeking "
                                    "weapons in its hex each impulse: which now? (SM7.4653)",
                                    tuple(near), rule="SM7.4653", unit=unit.id, default=near[0])
                    pick = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
                near.remove(pick)
                engaged.append(pick)
                roll = yield from self._d6(f"tail.{pick}", unit.id,
                                           f"{unit.id}'s tail strikes at {pick}: destroyed on "
                                           "1-5 (SM7.4653)", "SM7.4653")
                hit = tail_destroys(roll)
                if hit:
                    self._put(replace(self._units[pick], status="destroyed"))
                self._emit(event("dragon_tail", unit.id, "SM7.4653",
                                 f"{unit.id}'s tail strikes at {pick} (roll {roll}): "
                                 + ("destroyed" if hit else "missed"), target=pick, roll=roll,
                                 destroyed=hit))
            if engaged:
                self._set_dragon(replace(self._dragon(unit.id), tail_engaged=tuple(
                    (c, u) for c, u in dragon.tail_engaged if c >= clock - 32)
                    + tuple((clock, u) for u in engaged)))

    # -- 6D: the claws -----------------------------------------------------------------------------
    def _dragon_claws(self, step) -> Walk:
        for dragon, unit in self._living_dragons():
            if dragon.record.claws <= 0 or dragon.claw_turn == self._turn:
                continue  # SM7.4654, SM7.466: once a turn, not once the claws are zero
            targets = tuple(sid for sid in self._ship_ids() if sid != unit.id
                            and self._units[sid].hex == unit.hex
                            and self._units[sid].side != unit.side)
            if not targets:
                continue
            prompt = Choice(self._key("claws", unit.id),
                            f"{unit.id} may claw one ship in its hex, once a turn (SM7.4654)",
                            ("none", *targets), rule="SM7.4654", unit=unit.id, default="none")
            target = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if target == "none":
                continue
            roll = yield from self._d6("claw_roll", unit.id,
                                       f"{unit.id} claws {target}: 1d6 on the Moray Eel chart "
                                       "(SM3.46, SM7.4654)", "SM7.4654")
            result = claw_roll(roll, dragon.age)
            modifier = DRAGON_CHART[dragon.age]["claw_modifier"]
            options = tuple(str(n) for n in range(MORAY_EEL_MOST + 1))
            ask = Choice(self._key("claw_hits", unit.id),
                         f"{unit.id} claws {target}: roll {roll}, modifier {modifier:+d}, result "
                         f"{result}: how many internal hits does the Moray Eel chart (SM3.46, "
                         f"Basic Set) give for {result}? (SM7.4654)", options, rule="SM3.46",
                         unit=unit.id)
            hits = yield from self._ask(ask, lambda v, p=ask: check_choice(p, v))
            self._set_dragon(replace(self._dragon(unit.id), claw_turn=self._turn, acted=True))
            self._emit(event("dragon_claws", unit.id, "SM7.4654",
                             f"{unit.id} claws {target}: roll {roll}, result {result}, "
                             f"{hits} internal hit(s)", target=target, roll=roll,
                             result=result, hits=int(hits)))
            if int(hits):
                yield from self._internal_points(target, int(hits), f"claws.{unit.id}",
                                                 "SM7.4654")

    def _internal_points(self, tid: str, points: int, what: str, rule: str) -> Walk:
        """``points`` internal hits on ``tid`` straight to the DAC (no shield stops them)."""
        record, unit = self._ships[tid], self._units[tid]
        spec = self.specs[record.spec_id]
        before = unit.destroyed
        key = self._key(f"dac.{what}", tid)
        prompt = DiceRequest(key, f"DAC rolls for {tid}: {points} internal hit(s) ({rule}; one "
                                  "2d6 per point, D4.21)", kind="2d6", count=points,
                             rule="D4.21", unit=tid)
        rolls = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        steps = allocation_steps(spec, damage_state(record, spec, before), Volley(points),
                                 rolls)
        answer = None
        try:
            while True:
                need = steps.send(answer)
                answer = None
                if isinstance(need, RollsNeeded):
                    continue
                if isinstance(need, ChoiceNeeded):
                    answer = yield from self._dac_choice(tid, key, need)
        except StopIteration as stop:
            result = stop.value
        if isinstance(result, Refusal):  # pragma: no cover - rolls checked above
            raise RuntimeError(f"internal hits refused: {result}")
        for ev in result.events:
            self._emit(event("damage_point", tid, "D4.21",
                             damage_point_text(tid, ev), point=ev.point,
                             roll=ev.roll, column=ev.column, box=ev.box, outcome=ev.outcome))
        damage = result.state
        self._ships[tid] = replace(with_damage(record, damage), destroyed_this_turn=(
            record.destroyed_this_turn | (damage.destroyed - before)))
        status = "destroyed" if damage.ship_destroyed else unit.status
        self._put(replace(unit, destroyed=damage.destroyed, status=status))
        if damage.ship_destroyed:
            self._emit(event("ship_destroyed", tid, "D4.40", f"{tid} is destroyed"))

    # -- impulse 32: ravaging ----------------------------------------------------------------------
    def _dragon_ravage(self, step) -> Walk:
        """Impulse 32: the flame used this turn (SM7.4652) and the turn of ravaging."""
        planets = self._battlefield.terrain.hexes_of("planet")
        for dragon, unit in self._living_dragons():
            start = dragon.start
            record = self._ships[unit.id]
            if FLAME in record.fired:
                dragon = replace(dragon, flame_turn=self._turn)
                self._set_dragon(dragon)
            still = start is not None and start == (unit.hex, unit.facing)
            if not (still and unit.hex in planets and not dragon.acted and not record.fired):
                continue
            dragon = replace(dragon, ravage_turns=dragon.ravage_turns + 1)
            self._set_dragon(dragon)
            counted = min(dragon.ravage_turns, 4)
            self._emit(event("dragon_ravages", unit.id, "SM7.45",
                             f"{unit.id} spends turn {self._turn} ravaging the planet: "
                             f"{dragon.ravage_turns} turn(s), {dragon.ravage_points()} points "
                             f"(SM7.5: {counted} of at most 4 count)",
                             turns=dragon.ravage_turns, points=dragon.ravage_points()))
        return
        yield
