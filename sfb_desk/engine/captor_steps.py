"""Captor and sensor mines resolved at the table (M4.4, M4.5, M5.201, M8.422): a mixin of the
session beside :mod:`.battlefield_steps` (the rules: :mod:`sfb_desk.rules.systems.mines.captors`).

* **A captor triggered** by a unit entering its zone (M5.112), by a chain (M4.433) or by a
  failed sweep (M8.422) fires its direct-fire weapons at once (M4.46): for each weapon ready
  within its rate (M4.412-M4.423), the mine's owner rolls the to-hit die (a DiceRequest whose
  ``side`` is the owner's), read on the weapon's chart at the range with no minimum (M4.47),
  with its 3 ECCM against the target's ECM (M4.44), never overloaded (M4.421); a hit strikes
  the shield facing the mine (a hellbore envelops, E10.4). A captor with seeking weapons
  commits to launch (M4.48) and launches them in the ``6B-captor-launches`` step: a type-I
  or type-VI drone, a plasma-F or -D torpedo, each a seeker of the owner's side in the
  mine's hex aimed at the target (a type-B set to bolt fires its bolt at once, M4.48).
* **A sensor mine triggered** (or damaged, M8.4231-M8.4234) orders the mines it controls
  (M4.54): explosive mines in or beside the target's hex detonate at once (M4.542, 6A3);
  captors fire in the Direct-Fire Weapons Segment (``6D-captors``) or launch at the next
  Seeking Weapon Stage (M5.201). The orders wait in the battlefield's ``captor_orders``.
* A captor that cannot fire (out of rate or ammunition, the target beyond 15 hexes, a
  planet between, M4.45; a cloaked target, M4.435) says why in the log.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.combat import Hit, VolleyGroup
from ..rules.combat.enveloping import HELLBORE
from ..rules.combat.ew import direct_fire_shift, total_ecm
from ..rules.combat.resolve import fire_weapon
from ..rules.combat.volley import DIRECT_FIRE_STEP
from ..rules.combat.weapons import direct_fire_weapon, min_range
from ..rules.hexes import hex_range
from ..rules.results import Refusal, event
from ..rules.seeking import Drone, SeekerRecord
from ..rules.seeking.plasma import PLASMA_ENDURANCE, PLASMA_SPEED
from ..rules.systems.mines.captors import (
    BOLT,
    CAPTOR_DISRUPTOR_MOUNT,
    CAPTOR_ECCM,
    CAPTOR_WEAPONS,
    captor_shot_problems,
    chart_range,
    sensor_orders,
    shots_ready,
)
from ..rules.units import DRONE, IMPULSES, PLASMA, clock_of, new_seeker
from .prompts import DiceRequest, Prompt, check_dice

Walk = Generator[Prompt, object, None]
LAUNCH, FIRE = "6B", "6D"


class CaptorSteps:
    """Captor mines fire, sensor mines order (module docstring)."""

    def _mine_triggered(self, mine, uid: str, *, commanded: bool = False) -> Walk:  # noqa: ANN001
        """``mine`` (a captor or a sensor) is triggered by ``uid`` (module docstring)."""
        mine = self._battlefield.mines.get(mine.id)
        if mine.type == "sensor":  # it stays hidden: it only listens and orders (M4.5)
            yield from self._sensor_orders(mine, uid)
            return
        if mine.type != "captor":
            return
        weapon, direct = CAPTOR_WEAPONS[mine.captor or "D"]
        if direct or (mine.captor in BOLT and mine.bolt):
            yield from self._captor_fire(mine.id, uid, commanded=commanded)
        elif self._captor_ready(mine):
            self._order_captor(mine, uid, LAUNCH, f"commits its {weapon} to {uid}, launched at "
                                                  "the Seeking Weapon Stage (M4.48)")

    def _reveal(self, mine, uid: str) -> None:  # noqa: ANN001 - a Mine
        """A captor that fires or launches shows where it is to its target's side (its
        weapon's flash; M7.41 lets the target lock on to it)."""
        side = self._units[uid].side
        if side not in mine.located_by:
            self._set_mine(replace(mine, located_by=mine.located_by | {side}))

    def _captor_ready(self, mine) -> bool:  # noqa: ANN001 - a Mine
        """Can ``mine`` react now? A sensor always; a captor with a weapon ready within its
        rate or ammunition (M4.49: one that cannot fire is ignored, M8.422: so is the
        stimulus), counting the launches it has already committed to."""
        if mine.type != "captor":
            return True
        ready = shots_ready(mine, clock_of(self._turn, self._impulse))
        pending = sum(1 for m, _t, _s in self._battlefield.captor_orders if m == mine.id)
        return ready - pending > 0

    def _order_captor(self, mine, uid: str, step: str, text: str) -> None:  # noqa: ANN001
        field = self._battlefield
        if any(m == mine.id and s == step for m, _t, s in field.captor_orders):
            return
        self._battlefield = replace(field, captor_orders=field.captor_orders
                                    + ((mine.id, uid, step),))
        self._emit(event("captor_committed", uid, "M5.201", f"A captor mine {text}",
                         mine=mine.id, target=uid, step=step))

    def _sensor_orders(self, sensor, uid: str) -> Walk:  # noqa: ANN001
        target = self._units[uid]
        orders = sensor_orders(sensor, self._battlefield.mines.live(), target.hex)
        # the log is the table's: where the sensor and its captors lie stays the owner's
        self._emit(event("sensor_orders", uid, "M4.54", f"A sensor mine detects {uid} and "
                         f"orders {len(orders)} mine(s) to fire or detonate",
                         mine=sensor.id, target=uid, orders=len(orders)))
        for m, order in orders:
            if order == "detonate":
                live = self._battlefield.mines.get(m.id)
                if not live.destroyed:
                    yield from self._detonate(live, uid)  # M4.542, 6A3
                continue
            weapon, direct = CAPTOR_WEAPONS[m.captor or "D"]
            if direct or (m.captor in BOLT and m.bolt):
                self._order_captor(m, uid, FIRE, f"is ordered to fire its {weapon} at {uid} in "
                                                 "the Direct-Fire Weapons Segment (M5.201)")
            else:
                self._order_captor(m, uid, LAUNCH, f"is ordered to launch its {weapon} at {uid}"
                                                   " at the Seeking Weapon Stage (M5.201)")

    def _captor_problems(self, mine, uid: str, *, commanded: bool) -> list[str]:  # noqa: ANN001
        target = self._units.get(uid)
        if target is None or not target.active:
            return [f"{uid} is no longer in play (M4.48)"]
        blocked = self._battlefield.terrain.line_of_fire(mine.hex, target.hex)
        problems = captor_shot_problems(mine, target.hex, commanded=commanded,
                                        blocked=str(blocked) if blocked else None,
                                        cloaked=self._cloaked(uid) if uid in self._ships
                                        else False)
        if not shots_ready(mine, clock_of(self._turn, self._impulse)):
            problems.append("no weapon ready within its rate of fire or ammunition "
                            "(M4.412-M4.423)")
        return problems

    def _captor_holds(self, mine, uid: str, problems: list[str]) -> None:  # noqa: ANN001
        self._emit(event("captor_holds", uid, "M4.4", f"A captor mine does not engage {uid}: "
                         + "; ".join(problems), mine=mine.id, target=uid))

    def _captor_fire(self, mine_id: str, uid: str, *, commanded: bool = False) -> Walk:
        """Every weapon ready fires at ``uid``; the owner rolls each to-hit die."""
        mine = self._battlefield.mines.get(mine_id)
        problems = self._captor_problems(mine, uid, commanded=commanded)
        if problems:
            self._captor_holds(mine, uid, problems)
            return
        self._reveal(mine, uid)
        mine = self._battlefield.mines.get(mine_id)
        clock = clock_of(self._turn, self._impulse)
        code = BOLT.get(mine.captor or "", "") if mine.bolt else CAPTOR_WEAPONS[mine.captor][0]
        weapon = direct_fire_weapon(code)
        target = self._units[uid]
        rng = hex_range(mine.hex, target.hex)
        eff = chart_range(min_range(weapon, weapon.default_mode), rng)
        record = self._ships.get(uid)
        ecm = record.allocation.ecm if record is not None and record.allocation else 0
        shift = direct_fire_shift(total_ecm(ecm, em=target.em.active), CAPTOR_ECCM)
        for n in range(1, shots_ready(mine, clock) + 1):
            prompt = DiceRequest(self._key(f"captor.{mine.id}.{n}", uid),
                                 f"The {mine.size} {mine.type_label} mine in {mine.hex.label} "
                                 f"fires its {weapon.title} ({n}) at {uid}, range {rng} "
                                 f"(M4.46): the mine's owner rolls", kind=weapon.dice,
                                 rule="M4.46", side=mine.owner)
            (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            shot = fire_weapon(weapon, true_range=eff, roll=roll,  # M4.47: the lowest column
                               shift=shift, mount_range=CAPTOR_DISRUPTOR_MOUNT
                               if code == "DISRUPTOR" else None)
            mine = self._battlefield.mines.get(mine_id)
            self._set_mine(replace(mine, fire_clocks=mine.fire_clocks + (clock,),
                                   shots=None if mine.shots is None else mine.shots - 1))
            hit = not isinstance(shot, Refusal) and shot.hit
            damage = shot.damage if hit else 0
            self._emit(event("captor_fires", uid, "M4.46",
                             f"The mine in {mine.hex.label} fires its {weapon.title} at {uid}: "
                             f"roll {roll}, " + (f"hit for {damage}" if hit else "miss"),
                             mine=mine.id, hex=mine.hex.label, target=uid, roll=roll,
                             damage=damage, weapon=code))
            if damage and self._units[uid].active and uid not in self._ships:
                self._explosion_on_small_unit(mine.id, self._units[uid], damage)  # a shuttle
            elif damage and self._units[uid].active:
                if weapon.enveloping:
                    group = VolleyGroup(uid, DIRECT_FIRE_STEP, (Hit(
                        "captor mine", uid, damage, None, HELLBORE, DIRECT_FIRE_STEP, "E10.4"),),
                        None, enveloping=True)
                    yield from self._resolve_volley(group)
                else:
                    yield from self._strike(uid, mine.hex, damage, f"captor.{mine.id}.{n}",
                                            "Captor mine", "M4.46")

    def _captor_launch(self, mine_id: str, uid: str) -> None:
        """A committed captor launches one seeking weapon at ``uid`` (M4.48, M4.4251)."""
        mine = self._battlefield.mines.get(mine_id)
        problems = self._captor_problems(mine, uid, commanded=True)
        if problems:
            self._captor_holds(mine, uid, problems)
            return
        self._reveal(mine, uid)
        mine = self._battlefield.mines.get(mine_id)
        clock = clock_of(self._turn, self._impulse)
        weapon, _direct = CAPTOR_WEAPONS[mine.captor]
        sid = f"{mine.id}-S{len(mine.fire_clocks) + 1}"
        if weapon.startswith("drone"):
            kind = weapon.removeprefix("drone-")
            speeds = [d.speed for r in self._seeking.racks for d in r.drones if d.type == kind]
            drone = Drone(kind, speed=max(speeds)) if speeds else Drone(kind)
            unit = new_seeker(sid, mine.owner, hex=mine.hex, facing=0, speed=drone.speed,
                              target=uid, kind=DRONE)
            record = SeekerRecord(sid, DRONE, mine.owner, mine.id, "captor", clock,
                                  expires_at=clock + IMPULSES * drone.endurance_turns,
                                  drone=drone)
        else:
            unit = new_seeker(sid, mine.owner, hex=mine.hex, facing=0, speed=PLASMA_SPEED,
                              target=uid, kind=PLASMA)
            record = SeekerRecord(sid, PLASMA, mine.owner, mine.id, "captor", clock,
                                  expires_at=clock + PLASMA_ENDURANCE,
                                  plasma=weapon.removeprefix("plasma-"))
        self._seeking = self._seeking.with_record(record)
        self._put(unit)
        self._set_mine(replace(mine, fire_clocks=mine.fire_clocks + (clock,),
                               shots=None if mine.shots is None else mine.shots - 1))
        self._emit(event("launched", sid, "M4.48", f"The mine in {mine.hex.label} launches a "
                         f"{weapon} ({sid}) at {uid}", launcher=mine.id, target=uid,
                         hex=mine.hex.label, speed=unit.speed))

    # -- the steps ------------------------------------------------------------------------------
    def _take_orders(self, step: str) -> list[tuple[str, str]]:
        field = self._battlefield
        mine = [(m, t) for m, t, s in field.captor_orders if s == step]
        self._battlefield = replace(field, captor_orders=tuple(
            o for o in field.captor_orders if o[2] != step))
        return mine

    def _captor_launches(self, step) -> Walk:  # noqa: ANN001
        """6B: the seeking weapons captors committed to launch (M4.48, M5.201)."""
        for mine_id, uid in self._take_orders(LAUNCH):
            self._captor_launch(mine_id, uid)
        return
        yield

    def _captor_direct_fire(self, step) -> Walk:  # noqa: ANN001
        """6D: captors ordered by sensor mines fire (M5.201)."""
        for mine_id, uid in self._take_orders(FIRE):
            if not self._battlefield.mines.get(mine_id).destroyed:
                yield from self._captor_fire(mine_id, uid, commanded=True)
