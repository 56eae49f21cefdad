"""Ship explosions and self-destruction (D5) as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session`; the rules are
:mod:`sfb_desk.rules.systems.explosions`.

* **Self-Destruction Phase** (phase 3, ``3-self-destruct``): each side with a ship that may
  self-destruct (D5.51, :func:`check_self_destruct`) answers one ``self_destruct`` Orders
  prompt, ``{ship: true}`` (default ``{}``: none). An illegal order is refused with the rule.
  The ship is destroyed and explodes at once.
* **Explosions** (D5.12): at the Explosion Step of the Movement Segment (6A3.07, ships
  destroyed by seeking weapons) and at the Explosion Step after direct fire (6D5.01), every ship
  destroyed and not yet exploded explodes: its strength (the ship file's, D5.2) on the facing
  shield of every unit in the zone (D5.41), one volley per ship through the shields and the
  DAC as fire does (a hex spine or the same hex asks the owner for the shield, D3.43, D3.42);
  drones and shuttles in the zone take the damage as fire would do it (plasma is not weakened,
  FP1.62). A ship destroyed by an explosion explodes in the same step.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.combat import Hit, VolleyGroup
from ..rules.combat.volley import DIRECT_FIRE_STEP
from ..rules.results import Refusal, event
from ..rules.seeking.defense import damage_seeker
from ..rules.systems.explosions import Placed, check_self_destruct, explosion_radius, victims
from ..rules.units import ACTIVE, SHIP, clock_of
from .prompts import Choice, Orders, Prompt, check_choice

Walk = Generator[Prompt, object, None]


class ExplosionSteps:
    """The Self-Destruction Phase and the Explosion Steps (module docstring)."""

    # -- phase 3 ---------------------------------------------------------------------------
    def _self_destruction(self, step) -> Walk:
        for side in self._sides():
            if not any(self._self_destruct_refusal(u.id) is None for u in self._side_ships(side)):
                continue
            prompt = Orders(self._key("self_destruct", side), "self_destruct",
                            f"Self-destruction, side {side}: destroy a ship of your own? (D5.5; "
                            "only as D5.51 allows)", side=side, rule="D5.5",
                            default={})
            ships = yield from self._ask(prompt, lambda v, s=side: self._check_self_destruct(s, v))
            for uid in ships:
                record = self._ships[uid]
                self._ships[uid] = replace(
                    record, ship_destroyed=True,
                    systems=replace(record.systems, self_destruct=True))
                self._put(replace(self._units[uid], status="destroyed"))
                self._emit(event("self_destruct", uid, "D5.5", f"{uid} self-destructs"))
                self._emit(event("ship_destroyed", uid, "D5.5", f"{uid} is destroyed"))
        yield from self._explosions(step)

    def _side_ships(self, side: str) -> list:
        return [u for u in self._controlled()
                if u.side == side and u.kind == SHIP and u.id in self._ships]

    def _self_destruct_refusal(self, uid: str) -> Refusal | None:
        unit = self._units[uid]
        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        others = sum(1 for u in self._side_ships(unit.side) if u.id != uid)
        return check_self_destruct(
            uid, crew_units=spec.crew_units or 0, crew_lost=record.crew_units_lost,
            other_friendly_ships=others, limits=self.initial.options.systems.self_destruct_limits)

    def _check_self_destruct(self, side: str, value: object) -> list[str] | Refusal:
        if not isinstance(value, dict):
            return Refusal("D5.5", "self-destruction orders are {ship: true}")
        out = []
        for uid, yes in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if not isinstance(yes, bool):
                return Refusal("D5.5", f"self-destruction of {uid} is true or false")
            if not yes:
                continue
            if uid not in self._ships or unit.kind != SHIP:
                return Refusal("D5.5", f"{uid} is not a ship fought with the full rules")
            refusal = self._self_destruct_refusal(uid)
            if refusal is not None:
                return refusal
            out.append(uid)
        return out

    # -- explosion steps -------------------------------------------------------------------
    def _explosions(self, step) -> Walk:
        """Every ship destroyed and not yet exploded explodes (D5.12), chains included."""
        while True:
            due = [sid for sid, r in sorted(self._ships.items())
                   if not r.systems.exploded and self._units[sid].status == "destroyed"]
            if not due:
                return
            for sid in due:
                yield from self._explode(sid)

    def _explode(self, sid: str) -> Walk:
        record = self._ships[sid]
        self._ships[sid] = replace(record, systems=replace(record.systems, exploded=True))
        if record.andro.carrier:  # G19.32: inside a hangar (satship_steps)
            return (yield from self._explode_in_hangar(sid))
        spec = self.specs[record.spec_id]
        unit = self._units[sid]
        strength = (spec.explosion_strength or 0) + self._lost_aboard(sid)  # G19.31
        if not strength:
            self._emit(event("explosion", sid, "D5.2",
                             f"{sid} explodes: its ship file gives no explosion strength "
                             "(Master Ship Chart), so nothing else is damaged",
                             strength=0, radius=0, hex=unit.hex.label, victims=[]))
            return
        placed = [Placed(u.id, u.hex, u.facing) for u in self._units.values()
                  if u.status == ACTIVE]
        hit = victims(unit.hex, strength, placed, exclude=sid)
        self._emit(event("explosion", sid, "D5.41",
                         f"{sid} explodes with strength {strength} "
                         f"({'its hex and the adjacent hexes' if explosion_radius(strength) else 'its own hex'}):"
                         f" {', '.join(v.unit for v in hit) or 'no unit in reach'}",
                         strength=strength, radius=explosion_radius(strength),
                         hex=unit.hex.label, victims=[v.unit for v in hit]))
        for victim in hit:
            target = self._units[victim.unit]
            if not target.active:
                continue
            if target.kind != SHIP:
                self._explosion_on_small_unit(sid, target, strength)
                continue
            if victim.unit not in self._ships:
                continue  # a ship fought with movement only takes no damage
            shields = victim.shield.shields or tuple(range(1, 7))
            if len(shields) > 1:
                shield = yield from self._explosion_shield(sid, victim.unit, shields)
            else:
                shield = shields[0]
            group = VolleyGroup(victim.unit, DIRECT_FIRE_STEP,
                                (Hit(sid, victim.unit, strength, shield, None, DIRECT_FIRE_STEP,
                                     "explosion"),), shield)
            yield from self._resolve_volley(group)

    def _explosion_shield(self, sid: str, tid: str, shields: tuple[int, ...]):
        where = "in its own hex (D3.42)" if len(shields) == 6 else "on a hex spine (D3.43)"
        prompt = Choice(self._key(f"shield.explosion.{sid}", tid),
                        f"The explosion of {sid} strikes {tid} {where}: which shield of {tid}?",
                        tuple(f"shield {k}" for k in shields), rule="D5.41", unit=tid)
        picked = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        return int(picked.split()[1])

    def _explosion_on_small_unit(self, sid: str, target, strength: int) -> None:
        """Drones, plasma and shuttles in the zone (D5.41; damage as :func:`damage_seeker`)."""
        record = self._seeking.record(target.id)
        if record is None:
            return
        done = damage_seeker(record, strength, "EXPLOSION", travelled=target.travelled,
                             clock=clock_of(self._turn, self._impulse))
        self._emit(done.event)
        if done.destroyed and not record.is_weasel:
            self._seeking = self._seeking.without(target.id)
            self._put(replace(target, status="destroyed"))
        else:
            self._seeking = self._seeking.with_record(done.record)
