"""Andromedan satellite ships in the sequencer (Module C2, G19; rules in
rules/systems/satships.py).

A mixin of :class:`~sfb_desk.engine.session.Session`. A satellite ship inside its mothership is
a unit with the status ``hangar`` (off the map, not under orders) and the mothership's record
lists it (``ShipRecord.andro.aboard``). In the Sat Ship Functions Stage of 6B each side with a
mothership holding a satellite ship, or with one out to recover, answers one ``sat_ships``
Orders prompt::

    {"AND-CON": {"launch": [{"ship": "AND-COB", "hex": "2213", "facing": "A", "speed": 10}],
                 "recover": ["AND-COB"]}}

A launch by transporter (G19.411) puts the satellite ship in a hex within 5 of the mothership,
facing as the owner says, at a speed of at most 10 (G19.442) for the rest of the turn, paying
3/4/6 reserve power (small/medium/large) and taking one working transporter for the turn; its
fire control is disrupted for 4 impulses (G19.46). A recovery (G19.412) needs the same power,
active fire control and a lock-on, and room in the hangar; seeking weapons aimed at the ship
take the mothership as their target (G19.48) and its tractor links go. A displacement launch
is declared with the displacement device (displacement_steps, G19.42).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.combat import Hit, VolleyGroup
from ..rules.combat.volley import DIRECT_FIRE_STEP
from ..rules.energy.absorbers import module_hit, module_take
from ..rules.energy.costs import SAT_SHIP_TRANSPORT
from ..rules.energy.panels import cascade
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.hexes import hex_from_label, hex_range, parse_facing
from ..rules.movement.speed import max_speed
from ..rules.results import Refusal, event
from ..rules.systems import satships as sat
from ..rules.systems.andromedan import IN_HANGAR
from ..rules.units import ACTIVE, clock_of
from .absorber_steps import RELEASED
from .prompts import Choice, Orders, Prompt, check_choice

Walk = Generator[Prompt, object, None]


class SatShipSteps:
    """Launch and recovery of satellite ships (module docstring)."""

    def _andro(self, uid: str):  # noqa: ANN202 - the unit's AndroRecord
        return self._ships[uid].andro

    def _set_andro(self, uid: str, **changes) -> None:  # noqa: ANN003
        record = self._ships[uid]
        self._ships[uid] = replace(record, andro=replace(record.andro, **changes))

    def _sat_size(self, uid: str) -> str | None:
        record = self._ships.get(uid)
        return sat.sat_ship_size(self.specs[record.spec_id]) if record is not None else None

    def _motherships(self, side: str) -> list[str]:
        """Active ships of ``side`` with a hangar holding a satellite ship, or with one of
        their own out in play."""
        out = []
        for uid, record in sorted(self._ships.items()):
            unit = self._units.get(uid)
            if unit is None or not unit.active or unit.side != side or record.ship_destroyed:
                continue
            if not sat.hangar_bays(self.specs[record.spec_id]):
                continue
            if record.andro.aboard or self._recoverable(uid) or record.panels.modules:
                out.append(uid)
        return out

    def _recoverable(self, carrier: str) -> list[str]:
        side = self._units[carrier].side
        return [u for u, r in sorted(self._ships.items())
                if u != carrier and self._units[u].active and self._units[u].side == side
                and self._sat_size(u) is not None and not r.andro.carrier
                and hex_range(self._units[u].hex, self._units[carrier].hex) <= sat.LAUNCH_RANGE]

    def _hangar_units(self) -> list:
        """Satellite ships aboard an active mothership: they fill an energy form every turn
        (G19.22)."""
        out = []
        for uid, record in sorted(self._ships.items()):
            unit, home = self._units.get(uid), self._units.get(record.andro.carrier)
            if (unit is not None and unit.status == IN_HANGAR and home is not None
                    and home.active and not record.ship_destroyed):
                out.append(unit)
        return out

    def _sat_ship_functions(self, step) -> Walk:
        for side in self._sides():
            if not self._motherships(side):
                continue
            prompt = Orders(self._key("satships", side), "sat_ships",
                            f"Satellite ships of side {side}, impulse {self._impulse}: launch "
                            "or recover by transporter (G19.4)", side=side, rule="G19.4",
                            default={})
            plan = yield from self._ask(prompt, lambda v, s=side: self._check_sat_ships(s, v))
            for op in plan:
                {"launch": self._launch_sat, "recover": self._recover_sat,
                 "transfer": self._module_transfer}[op[0]](*op[1:])

    def _check_sat_ships(self, side: str, value: object) -> list[tuple] | Refusal:
        if not isinstance(value, dict):
            return Refusal("G19.4", "satellite-ship orders are {mothership: {\"launch\": [...], "
                                    "\"recover\": [...]}}")
        clock = clock_of(self._turn, self._impulse)
        plan: list[tuple] = []
        for carrier, orders in sorted(value.items()):
            if carrier not in self._motherships(side):
                return Refusal("G19.413", f"{carrier!r} is no mothership of side {side} with a "
                                          "satellite ship to launch or recover")
            if not isinstance(orders, dict) or set(orders) - {"launch", "recover", "transfer"}:
                return Refusal("G19.4", f"orders for {carrier} are {{\"launch\": [...], "
                                        "\"recover\": [...], \"transfer\": [...]}")
            moved = self._check_transfers(carrier, orders.get("transfer", ()))
            if isinstance(moved, Refusal):
                return moved
            plan.extend(moved)
            transporters = self._transporters_free(carrier)
            record = self._ships[carrier]
            spec = self.specs[record.spec_id]
            power = (reserve_available(record.energy, record.allocation, spec)
                     if record.allocation is not None else 0)
            for item in orders.get("launch", ()):
                op = self._check_launch(carrier, item, clock)
                if isinstance(op, Refusal):
                    return op
                transporters, power = transporters - 1, power - op[-1]
                if transporters < 0:
                    return Refusal("G19.411", f"{carrier} has no working transporter left this "
                                              "turn for the launch")
                if power < 0:
                    return Refusal("G19.411", f"{carrier} lacks the reserve power to transport "
                                              f"{op[2]} ({op[-1]} points)")
                plan.append(op)
            for uid in orders.get("recover", ()):
                op = self._check_recover(carrier, uid, clock)
                if isinstance(op, Refusal):
                    return op
                transporters, power = transporters - 1, power - op[-1]
                if transporters < 0 or power < 0:
                    return Refusal("G19.412", f"{carrier} lacks a free transporter or the "
                                              f"reserve power ({op[-1]}) to recover {uid}")
                plan.append(op)
        return plan

    def _check_launch(self, carrier: str, item: object, clock: int) -> tuple | Refusal:
        if not isinstance(item, dict) or not isinstance(item.get("ship"), str):
            return Refusal("G19.41", "a launch is {\"ship\", \"hex\", \"facing\", \"speed\"}")
        uid, home = item["ship"], self._units[carrier]
        andro = self._andro(carrier)
        try:
            where = hex_from_label(str(item.get("hex", home.hex.label)), near=home.hex)
            facing = int(parse_facing(item.get("facing", home.facing + 1)))
        except ValueError as exc:
            return Refusal("G19.411", f"launch of {uid}: {exc}")
        paid = self._ships[uid].allocation if uid in self._ships else None
        plotted = abs(paid.speed_plot[0][1]) if paid is not None else sat.LAUNCH_SPEED
        speed = item.get("speed", plotted)
        refusal = sat.check_launch(
            sat=uid, carrier=carrier, aboard=andro.aboard, clock=clock,
            recovered_at=self._ships[uid].andro.recovered_at if uid in self._ships else 0,
            no_launch_until=self._ships[uid].andro.no_launch_until if uid in self._ships else 0,
            rng=hex_range(home.hex, where))
        if refusal is not None:
            return refusal
        if not self.state.map.contains(where):
            return Refusal("G19.411", f"{where.label} is off the map")
        unit = self._units[uid]
        top = min(sat.LAUNCH_SPEED, plotted,
                  max_speed(replace(unit, warp_at_start=unit.warp_at_start or unit.profile.warp)))
        if not isinstance(speed, int) or isinstance(speed, bool) or not 0 <= speed <= top:
            return Refusal("G19.441", f"{uid} is launched at a speed of 0 to {top}: the speed its "
                                      "energy form paid for, at most 10 for 32 impulses after "
                                      "launch (G19.442)")
        return ("launch", carrier, uid, where, facing, speed,
                SAT_SHIP_TRANSPORT[self._sat_size(uid) or sat.MEDIUM])

    def _check_recover(self, carrier: str, uid: object, clock: int) -> tuple | Refusal:
        if uid not in self._recoverable(carrier):
            return Refusal("G19.412", f"{uid!r} is no satellite ship of the side within 5 hexes "
                                      f"of {carrier}")
        bays = sat.hangar_bays(self.specs[self._ships[carrier].spec_id])
        sizes = tuple(self._sat_size(u) or sat.MEDIUM for u in self._andro(carrier).aboard) + \
            tuple(sat.SAT_SHIP_SIZES[m.kind] for m in self._ships[carrier].panels.modules)
        size = self._sat_size(uid) or sat.MEDIUM
        if self._units[uid].speed > sat.LAUNCH_SPEED:
            return Refusal("G19.442", f"{uid} moves at speed {self._units[uid].speed}: a satellite "
                                      "ship is recovered at a practical speed of 10 at most")
        refusal = sat.check_recovery(
            sat=uid, carrier=carrier, bays=bays, aboard_sizes=sizes, size=size,
            rng=hex_range(self._units[uid].hex, self._units[carrier].hex), clock=clock,
            launched_at=self._andro(uid).launched_at,
            lock_on=self._fire_control_ready(carrier) and self._has_lock_on(carrier))
        return refusal or ("recover", carrier, uid, SAT_SHIP_TRANSPORT[size])

    def _pay_transport(self, carrier: str, power, why: str) -> None:  # noqa: ANN001
        record = self._ships[carrier]
        if record.allocation is not None:
            energy, issue = use_reserve(record.energy, record.allocation,
                                        self.specs[record.spec_id], purpose="transporters",
                                        amount=power, impulse=max(self._impulse, 1))
            if issue is None:
                self._ships[carrier] = replace(record, energy=energy)
        self._use_transporter(carrier)

    def _launch_sat(self, carrier, uid, where, facing, speed, power) -> None:  # noqa: ANN001
        clock = clock_of(self._turn, self._impulse)
        self._pay_transport(carrier, power, "launch")
        self._set_andro(carrier, aboard=tuple(u for u in self._andro(carrier).aboard if u != uid))
        self._set_andro(uid, carrier="", launched_at=clock,
                        fc_disrupted_until=clock + sat.FC_DISRUPTED)
        unit = self._units[uid]
        self._put(replace(unit, status=ACTIVE, hex=where, facing=facing, speed=speed,
                          reverse=False, plot=((1, speed),), prev_plot=((1, speed),)))
        self._emit(event("sat_ship_launched", uid, "G19.411",
                         f"{carrier} launches {uid} by transporter to {where.label} (speed "
                         f"{speed}, {power} power); its fire control is disrupted for 4 "
                         "impulses (G19.46)", carrier=carrier, hex=where.label, speed=speed,
                         power=str(power), by="transporter"))

    def _recover_sat(self, carrier: str, uid: str, power) -> None:  # noqa: ANN001
        clock = clock_of(self._turn, self._impulse)
        self._pay_transport(carrier, power, "recovery")
        for link in self._tractors.of(uid):
            self._tractor_release(link, "G19.412", f"{uid} is recovered into its hangar")
        for other in list(self._units.values()):
            if other.is_seeker and other.active and other.target == uid:  # G19.48
                self._put(replace(other, target=carrier))
        self._set_andro(carrier, aboard=(*self._andro(carrier).aboard, uid))
        self._set_andro(uid, carrier=carrier, recovered_at=clock)
        home = self._units[carrier]
        self._put(replace(self._units[uid], status=IN_HANGAR, hex=home.hex, speed=0))
        self._emit(event("sat_ship_recovered", uid, "G19.412",
                         f"{carrier} recovers {uid} by transporter ({power} power); seeking "
                         "weapons aimed at it follow the mothership (G19.48)",
                         carrier=carrier, power=str(power)))

    def _lost_aboard(self, carrier: str) -> int:
        """G19.31: the satellite ships aboard an exploding mothership are lost with it (the
        D21.45 escape is not played) and their explosion strength is added to its own (not
        doubled); returns that strength."""
        record = self._ships.get(carrier)
        if record is None or not record.andro.aboard:
            return 0
        added = 0
        for uid in record.andro.aboard:
            rec = self._ships[uid]
            self._ships[uid] = replace(rec, ship_destroyed=True,
                                       systems=replace(rec.systems, exploded=True))
            self._put(replace(self._units[uid], status="destroyed"))
            added += self.specs[rec.spec_id].explosion_strength or 0
        self._emit(event("sat_ships_lost", carrier, "G19.31",
                         f"{', '.join(record.andro.aboard)} aboard {carrier} are lost with it; "
                         f"their explosion strength {added} adds to its own", strength=added,
                         ships=list(record.andro.aboard)))
        return added

    def _explode_in_hangar(self, sid: str) -> Walk:
        """G19.32, G19.321: a sat ship exploding in the hangar releases twice its explosion
        strength inside the mothership: its panels (and energy modules) take what they can
        (D10.424 order, no batteries), the rest is internal damage on the mothership. The
        G19.322 addition to the mothership's own explosion is not made."""
        carrier = self._ships[sid].andro.carrier
        self._set_andro(carrier, aboard=tuple(u for u in self._andro(carrier).aboard if u != sid))
        released, _ = sat.hangar_explosion(self.specs[self._ships[sid].spec_id]
                                           .explosion_strength or 0, None)
        state, left = self.panels(carrier), released
        if state is not None and state.keys and released:
            state, _, left = cascade(state, state.keys[0], released, 0)
            self._panel_put(carrier, state)
        self._emit(event("sat_ship_exploded_in_hangar", sid, "G19.32",
                         f"{sid} explodes in {carrier}'s hangar: {released} points released "
                         f"inside it, {released - left} taken by its panels"
                         + (f", {left} internal" if left else ""), carrier=carrier,
                         released=released, internal=left))
        if left and self._units[carrier].active:
            hit = Hit(sid, carrier, left, None, None, DIRECT_FIRE_STEP, RELEASED, None)
            yield from self._resolve_volley(VolleyGroup(carrier, DIRECT_FIRE_STEP, (hit,), None,
                                                        True))

    # -- G19.213: the mothership's Shuttle hits ----------------------------------------------
    def _hangar_marks(self, uid: str) -> frozenset[str]:
        """The hangar boxes the DAC sees as gone: all of them when nothing is aboard, so a
        Shuttle hit walks on to the next entry (G19.213); none otherwise."""
        record = self._ships.get(uid)
        if record is None or record.andro.aboard or record.panels.modules:
            return frozenset()
        spec = self.specs[record.spec_id]
        return frozenset(b for s in spec.special if s.key == "hangar" for b in s.box_ids)

    def _hangar_hits(self, tid: str, before: frozenset[str], group) -> Walk:  # noqa: ANN001
        """G19.213: each Shuttle hit the DAC put on a hangar box is scored on a sat ship aboard
        (the owner picks; default the first) or an energy module (G20.41); the hangar is never
        damaged. Each sat ship's points are one volley, on its front panels (G19.23)."""
        unit = self._units[tid]
        hits = sorted(b for b in unit.destroyed if b.startswith("hangar#"))
        if not hits:
            return
        fresh = [b for b in hits if b not in before and b not in self._hangar_marks(tid)]
        self._put(replace(unit, destroyed=unit.destroyed - set(hits)))
        record = self._ships[tid]
        self._ships[tid] = replace(record, destroyed_this_turn=record.destroyed_this_turn
                                   - set(hits))
        aboard = [u for u in record.andro.aboard if not self._ships[u].ship_destroyed]
        modules = [f"module {n}" for n in range(1, len(record.panels.modules) + 1)]
        points: dict[str, int] = {}
        for n, box in enumerate(fresh, 1):
            options = tuple(aboard + modules)
            if not options:
                break
            pick = options[0]
            if len(options) > 1:
                prompt = Choice(self._key(f"hangar.{n}", tid),
                                f"A Shuttle hit on {tid} is scored on a satellite ship in its "
                                f"hangar: which? (G19.213)", options, rule="G19.213", unit=tid,
                                default=options[0])
                pick = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            points[pick] = points.get(pick, 0) + 1
        first = group.hits[0]
        for target, n in points.items():
            self._emit(event("hangar_hit", tid, "G19.213", f"{n} Shuttle hit(s) on {tid} are "
                             f"scored on {target} in its hangar", target=target, points=n))
            if target.startswith("module "):
                self._module_hit(tid, int(target.split()[1]), n)
                continue
            hit = Hit(first.firer, target, n, 1, None, group.step, "hangar", None)
            yield from self._resolve_volley(VolleyGroup(target, group.step, (hit,), 1))

    def _module_hit(self, carrier: str, n: int, points: int) -> None:
        """G20.41, G20.42: a module aboard absorbs hangar hits until full; after that every 12th
        point destroys one of its panels."""
        state = self.panels(carrier)
        module, left = module_take(state.modules[n - 1], points)
        if left:
            module = module_hit(module, left)
        self._panel_put(carrier, replace(state, modules=state.modules[:n - 1] + (module,)
                                         + state.modules[n:]))

    def _check_transfers(self, carrier: str, items: object) -> list[tuple] | Refusal:
        """G20.31: energy moved from the mothership's panels into an energy module in its
        hangar, within the module's room; it never comes back (G20.34)."""
        state = self.panels(carrier)
        if not isinstance(items, (list, tuple)):
            return Refusal("G20.31", "transfer is a list of {\"module\", \"from\", \"points\"}")
        modules = [m.energy for m in state.modules] if state is not None else []
        held = {k: b.held for k, b in zip(state.keys, state.banks)} if state is not None else {}
        out = []
        for item in items:
            n, key, points = (item.get(k) for k in ("module", "from", "points")) if isinstance(
                item, dict) else (None, None, None)
            if not isinstance(n, int) or not 1 <= n <= len(modules):
                return Refusal("G20.31", f"{carrier} has {len(modules)} energy module(s) in its "
                                         f"hangar: module is 1..{len(modules)}")
            if key not in held:
                return Refusal("G20.31", f"energy moves from one of {carrier}'s panel banks "
                                         f"({', '.join(held)}), not {key!r}")
            if not isinstance(points, int) or isinstance(points, bool) or points < 1:
                return Refusal("G20.31", "points is a whole number of at least 1")
            room = state.modules[n - 1].capacity - modules[n - 1]
            if points > held[key] or points > room:
                return Refusal("G20.31", f"{key[3:]} bank holds {held[key]} and module {n} has "
                                         f"room for {room}: {points} cannot move")
            held[key] -= points
            modules[n - 1] += points
            out.append(("transfer", carrier, n, key, points))
        return out

    def _module_transfer(self, carrier: str, n: int, key: str, points: int) -> None:
        state = self.panels(carrier)
        bank = state.bank(key)
        module = state.modules[n - 1]
        module = replace(module, energy=module.energy + points)
        state = replace(state.with_bank(key, replace(bank, held=bank.held - points)),
                        modules=state.modules[:n - 1] + (module,) + state.modules[n:])
        self._panel_put(carrier, state)
        self._emit(event("module_transfer", carrier, "G20.31",
                         f"{carrier} moves {points} from its {key[3:]} bank into energy module "
                         f"{n} ({module.kind}: {module.energy}/{module.capacity})",
                         module=n, points=points, energy=module.energy))

    def _sat_speed_refusal(self, unit, plot) -> Refusal | None:  # noqa: ANN001
        """G19.442 on a plot: at most 10 until 32 impulses after the launch."""
        record = self._ships.get(unit.id)
        if unit.status == IN_HANGAR:  # G19.441, G19.442: the speed it would launch at
            if len(plot) > 1 or abs(plot[0][1]) > sat.LAUNCH_SPEED:
                return Refusal("G19.441", f"{unit.id} is in the hangar: one speed for the turn, "
                                          "no speed changes, at most 10 (G19.442)")
            return None
        if record is None or record.andro.launched_at < 0:
            return None
        for start, speed in plot:
            limit = sat.speed_limit(clock_of(self._turn, start), record.andro.launched_at)
            if limit is not None and abs(speed) > limit:
                at = record.andro.launched_at - 1
                return Refusal("G19.442", f"{unit.id} was launched on turn {at // 32 + 1} impulse "
                                          f"{at % 32 + 1}: its practical speed is at most 10 for "
                                          "32 impulses after launch")
        return None
