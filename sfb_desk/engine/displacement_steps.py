"""The Andromedan displacement device in the sequencer (Module C2, G18; rules in
rules/systems/displacement.py).

A mixin of :class:`~sfb_desk.engine.session.Session`:

* **DisDev Declaration Step** (6D1, the first step of the Fire Allocation Stage, G18.311): each
  side with a ship holding an armed displacement device answers one ``displacement`` Orders
  prompt, ``{"AND-CON": [{"box": "displacement#C", "target": "KLI-D7", "swap": [3, 6]}]}``
  (``swap``: G18.41, for a non-Andromedan target) or, for itself, another Andromedan unit or a
  satellite ship in its hangar (a displacement launch, G19.42), ``"direction": "D"`` (G18.311:
  the direction is announced, not the distance). Every check of G18.13, G18.61, G18.72, G18.81
  refuses with its rule; the declarations are announced.
* **Direct-Fire Weapons Consequences Stage** (6D5, after explosions, G18.312): each device
  operates: its energy is spent (marked fired), the success die (G18.32, with the EW shift of
  the shot), the direction and distance dice or the owner's distance (G18.40, G18.511,
  G18.52), the landing (map edge G18.68, deadly terrain G18.66, the relative-direction die in
  an occupied hex G18.69). A displaced unit's tractor links break (G18.672) and its fire control
  is disrupted for 4 impulses (D6.68, G18.42, G18.53), except at the unit that displaced it
  (G18.421, a non-Andromedan unit). Facing, speed and plot are unchanged (G18.43, G18.63).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.hexes import hex_range
from ..rules.results import Refusal, event
from ..rules.systems import cloak as ck
from ..rules.systems import displacement as dd
from ..rules.systems.satships import FAILED_LAUNCH_DELAY, FC_DISRUPTED, LAUNCH_SPEED
from ..rules.units import ACTIVE, clock_of
from .prompts import Choice, DiceRequest, Orders, Prompt, check_choice, check_dice

Walk = Generator[Prompt, object, None]


class DisplacementSteps:
    """Declaration and operation of displacement devices (module docstring)."""

    def _fire_control_ready(self, uid: str) -> bool:
        """Active fire control, not disrupted (D6.6, D6.68)."""
        record = self._ships[uid]
        alloc = record.allocation
        if alloc is not None and alloc.fire_control != "active":
            return False
        return clock_of(self._turn, self._impulse) >= record.andro.fc_disrupted_until

    def _fc_refusal(self, uid: str, shots: object) -> Refusal | None:
        """D6.68 after a displacement or launch: no fire but at the displacer (G18.421)."""
        record = self._ships.get(uid)
        if record is None or not shots:
            return None
        andro = record.andro
        if clock_of(self._turn, self._impulse) >= andro.fc_disrupted_until:
            return None
        targets = {s.get("target") for s in shots if isinstance(s, dict)} if isinstance(
            shots, list) else set()
        if andro.fc_exempt and targets <= {andro.fc_exempt}:
            return None
        return Refusal("D6.68", f"{uid}'s fire control is disrupted (displaced or launched) "
                                "for 4 impulses" + (f"; it may fire only at {andro.fc_exempt} "
                                                    "(G18.421)" if andro.fc_exempt else ""))

    def _fc_launch_refusal(self, uid: str, record: object) -> Refusal | None:
        """G18.424, G19.274: no new seeking weapon while the fire control is disrupted."""
        ship = self._ships.get(uid)
        if ship is None or not isinstance(record, dict):
            return None
        if clock_of(self._turn, self._impulse) >= ship.andro.fc_disrupted_until:
            return None
        if any(record.get(k) for k in ("drones", "plasma", "seekers")):
            return Refusal("G18.424", f"{uid}'s fire control is disrupted (displaced or launched):"
                                      " no seeking weapon can be launched for 4 impulses")
        return None

    def _disdevs(self, uid: str) -> list[str]:
        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        return [w.box_ids[0] for w in spec.weapons if w.type.upper() == "DISPLACEMENT"
                and w.box_ids[0] in record.armed and w.box_ids[0] not in record.fired
                and w.box_ids[0] not in self._units[uid].destroyed]

    def _disdev_users(self) -> frozenset[str]:
        return frozenset(u for u, r in self._ships.items() if r.andro.disdev_user)

    def _disdev_declaration(self, step) -> Walk:
        self._disdev_orders = []
        for side in self._sides():
            ships = [u for u in sorted(self._ships) if self._units[u].active
                     and self._units[u].side == side and self._disdevs(u)]
            if not ships:
                continue
            prompt = Orders(self._key("disdev", side), "displacement",
                            f"Displacement devices of side {side}, impulse {self._impulse} "
                            "(DisDev Declaration Step, G18.311)", side=side, rule="G18.311",
                            default={})
            orders = yield from self._ask(prompt, lambda v, s=side: self._check_disdev(s, v))
            for order in orders:
                self._disdev_orders.append(order)
                user, box, tid, kind, direction, swap = order
                said = f" toward {dd.DIRECTIONS[direction - 1]}" if direction else ""
                self._emit(event("displacement_declared", user, "G18.311",
                                 f"{user} declares its {box} on {tid}{said}"
                                 + (f" (a {swap[0]} becomes a {swap[1]}, G18.41)" if swap else ""),
                                 target=tid, box=box, mode=kind))

    def _check_disdev(self, side: str, value: object) -> list[tuple] | Refusal:
        if not isinstance(value, dict):
            return Refusal("G18.311", "displacement declarations are {unit: [{\"box\", "
                                      "\"target\", \"direction\" or \"swap\"}]}")
        clock = clock_of(self._turn, self._impulse)
        users, out, used_on = set(self._disdev_users()), [], set()
        for uid, items in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if not isinstance(items, list):
                return Refusal("G18.311", f"{uid} declares a list of displacements")
            free = self._disdevs(uid) if uid in self._ships else []
            for item in items:
                if not isinstance(item, dict) or item.get("box") not in free:
                    what = item.get("box") if isinstance(item, dict) else item
                    return Refusal("G18.21", f"{uid} has no armed displacement device {what!r}")
                free.remove(item["box"])
                order = self._check_one_disdev(unit, item, clock, frozenset(users))
                if isinstance(order, Refusal):
                    return order
                if order[2] in used_on:
                    return Refusal("G18.61", f"one displacement device a 4-impulse period on "
                                             f"{order[2]}")
                used_on.add(order[2])
                users.add(uid)
                out.append(order)
        return out

    def _check_one_disdev(self, unit, item: dict, clock: int,  # noqa: ANN001
                          users) -> tuple | Refusal:  # noqa: ANN001
        tid = item.get("target")
        target = self._units.get(tid) if isinstance(tid, str) else None
        record = self._ships.get(tid) if isinstance(tid, str) else None
        aboard = tid in self._ships[unit.id].andro.aboard
        if target is None or record is None or not (target.active or aboard):
            return Refusal("G18.7", f"{tid!r} is no ship in play this program can displace")
        kind = dd.kind_of(unit.id, tid, self.specs[self._ships[unit.id].spec_id].race,
                          self.specs[record.spec_id].race, aboard=aboard)
        if kind == dd.LAUNCH and clock < record.andro.no_launch_until:
            return Refusal("G19.424", f"{tid} cannot be launched for 8 impulses after a failed "
                                      "displacement launch")
        refusal = dd.check_use(
            kind=kind, rng=0 if aboard else hex_range(unit.hex, target.hex), clock=clock,
            fire_control=self._fire_control_ready(unit.id),
            lock_on=self._has_lock_on(unit.id),
            cloaked=target.active and self._cloak_state(tid).status != ck.OFF,
            targeted_at=record.andro.targeted_at, displaced_at=record.andro.displaced_at,
            users=users, user=unit.id, target=tid)
        if refusal is not None:
            return refusal
        direction, swap = 0, None
        if kind == dd.ENEMY:
            raw = item.get("swap")
            if raw is not None:
                if (not isinstance(raw, list) or len(raw) != 2
                        or not all(isinstance(x, int) and 1 <= x <= 6 for x in raw)):
                    return Refusal("G18.41", "swap is [a direction number, the number it becomes]")
                swap = (raw[0], raw[1])
        else:
            letter = str(item.get("direction", "")).strip().upper()
            if len(letter) != 1 or letter not in dd.DIRECTIONS:
                return Refusal("G18.311", f"the direction of {tid}'s displacement (A-F) is "
                                          "announced at declaration")
            direction = dd.DIRECTIONS.index(letter) + 1
        return (unit.id, item["box"], tid, kind, direction, swap)

    # -- 6D5 ---------------------------------------------------------------------------------
    def _disdev_operate(self, step) -> Walk:
        orders, self._disdev_orders = list(getattr(self, "_disdev_orders", ())), []
        for user, box, tid, kind, direction, swap in orders:
            record = self._ships[user]
            if (not self._units[user].active or record.ship_destroyed
                    or box in self._units[user].destroyed):
                self._emit(event("displacement_lost", user, "G18.12",
                                 f"{user}'s {box} was destroyed (or its "
                                 "ship) before it operated"))
                continue
            yield from self._operate(user, box, tid, kind, direction, swap)

    def _disdev_d6(self, what: str, uid: str, purpose: str,
                   rule: str) -> Generator[Prompt, object, int]:
        prompt = DiceRequest(self._key(what, uid), purpose, kind="1d6", rule=rule, unit=uid)
        (roll,) = yield from self._ask(prompt, lambda v: check_dice(prompt, v))
        return roll

    def _operate(self, user, box, tid, kind, direction, swap) -> Walk:  # noqa: ANN001
        clock = clock_of(self._turn, self._impulse)
        record = self._ships[user]
        self._ships[user] = replace(record, fired=record.fired | {box},
                                    armed=record.armed - {box})
        self._set_andro(user, disdev_user=True)
        self._set_andro(tid, targeted_at=clock)
        unit, target = self._units[user], self._units[tid]
        rng = 0 if kind == dd.LAUNCH else hex_range(unit.hex, target.hex)
        shift = 0
        if kind in (dd.ENEMY, dd.FRIENDLY):  # G18.323 note: the EW of the attempt
            shift = self._sensor_facts(unit, target)["shift"]
        ok = True
        if kind != dd.SELF:
            die = yield from self._disdev_d6(
                f"disdev.{box}", tid, f"Displacement of {tid} by {user}: 1d6 (G18.33, range "
                f"{rng}, EW shift {shift})", "G18.32")
            ok = dd.succeeds(kind, rng, die, shift)
            self._emit(event("displacement_roll", user, "G18.32",
                             f"{user}'s displacement of {tid}: roll {die}"
                             + (f" + {shift} EW" if shift else "")
                             + (": it works" if ok else ": it fails; the energy is lost"),
                             target=tid, roll=die, success=ok))
        if not ok:
            if kind == dd.LAUNCH:
                self._set_andro(tid, no_launch_until=clock + FAILED_LAUNCH_DELAY)  # G19.424
            return
        start = self._units[user].hex if kind == dd.LAUNCH else target.hex
        if kind == dd.ENEMY:
            where = yield from self._random_landing(tid, start, swap)
        else:
            where = yield from self._owner_landing(tid, kind, start, direction)
        yield from self._disdev_land(user, tid, kind, where)

    def _random_landing(self, tid, start, swap):  # noqa: ANN001, ANN202
        way = yield from self._disdev_d6(
            "disdev.direction", tid, f"Displacement direction of {tid}: 1d6 on the map's "
            "directional display (G18.40)", "G18.40")
        far = yield from self._disdev_d6(
            "disdev.distance", tid, f"Displacement distance of {tid}: 1d6 hexes (G18.40)", "G18.40")
        way = dd.swapped(way, swap)
        return dd.landing(start, way, far, self.state.map)

    def _owner_landing(self, tid, kind, start, direction):  # noqa: ANN001, ANN202
        roll = yield from self._disdev_d6(
            "disdev.control", tid, f"Control of {tid}'s displacement: 1d6, 1-5 the owner "
            "chooses the distance (G18.511)", "G18.511")
        if dd.controlled(roll):
            most = dd.max_distance(kind)
            options = tuple(str(n) for n in range(0 if kind == dd.SELF else 1, most + 1))
            prompt = Choice(self._key("disdev.distance", tid),
                            f"Displacement of {tid} toward {dd.DIRECTIONS[direction - 1]}: how "
                            f"many hexes (at most {most}, G18.511/G18.52)?", options,
                            rule="G18.511",
                            unit=tid, default=options[-1])
            far = yield from self._ask(prompt, lambda v: check_choice(prompt, str(v)))
            return dd.landing(start, direction, int(far), self.state.map)
        again = yield from self._disdev_d6(
            "disdev.failed", tid, f"{tid}'s displacement misfires: 1d6, 1-5 it stays, 6 random "
            "(G18.512)", "G18.512")
        if again <= 5:
            return start
        return (yield from self._random_landing(tid, start, None))

    def _disdev_land(self, user: str, tid: str, kind: str, where) -> Walk:  # noqa: ANN001
        clock = clock_of(self._turn, self._impulse)
        target = self._units[tid]
        before = target.hex if target.active else self._units[user].hex
        for link in self._tractors.of(tid):
            self._tractor_release(link, "G18.672", f"{tid} is displaced")
        exempt = user if kind == dd.ENEMY else ""
        self._set_andro(tid, displaced_at=clock, fc_disrupted_until=clock + FC_DISRUPTED,
                        fc_exempt=exempt)
        if kind == dd.LAUNCH:
            self._set_andro(user, aboard=tuple(u for u in self._andro(user).aboard if u != tid))
            self._set_andro(tid, carrier="", launched_at=clock)
            paid = self._ships[tid].allocation  # G19.441: the speed its form paid for
            speed = min(LAUNCH_SPEED, abs(paid.speed_plot[0][1]) if paid else LAUNCH_SPEED)
            target = replace(target, status=ACTIVE, facing=self._units[user].facing,
                             speed=speed, plot=((1, speed),), prev_plot=((1, speed),))
        self._put(replace(target, hex=where))
        self._emit(event("displaced", tid, "G18.4" if kind == dd.ENEMY else "G18.5",
                         f"{tid} is displaced by {user} from {before.label} to {where.label}; its "
                         "fire control is disrupted for 4 impulses (D6.68)"
                         + (", its tractor links broken" if kind != dd.LAUNCH else ""),
                         by=user, hex=where.label, mode=kind))
        kinds = {f.kind for f in self._battlefield.terrain.at(where)}
        lethal = dd.deadly(kinds)
        if lethal is not None:
            self._put(replace(self._units[tid], status="destroyed"))
            rec = self._ships[tid]
            self._ships[tid] = replace(rec, ship_destroyed=True,
                                       systems=replace(rec.systems, exploded=True))
            self._emit(event("destroyed", tid, "G18.66", f"{tid} is displaced into a "
                             f"{lethal.replace('_', ' ')} and destroyed (no explosion)"))
            return
        others = [u for u in self._units.values()
                  if u.id != tid and u.active and not u.is_seeker and u.hex == where]
        if others:
            roll = yield from self._disdev_d6(
                "disdev.same_hex", tid, f"{tid} lands in {where.label} with {others[0].id}: "
                "1d6, the direction of the unit already there (G18.69)", "G18.69")
            self._emit(event("displaced_same_hex", tid, "G18.69",
                             f"{others[0].id} lies in direction {dd.DIRECTIONS[roll - 1]} of "
                             f"{tid}", other=others[0].id, direction=roll))
