"""Tractor beams (G7) as steps of the session; the rules are :mod:`sfb_desk.rules.systems.tractors`.

A mixin of :class:`~sfb_desk.engine.session.Session`.

* **Operate Tractors** (Ship Systems Function Stage, 6B04.04: the only point for voluntary
  activation and release): first the involuntary releases (box destroyed G7.34, a unit gone,
  the holder on EM C10.52, a wild weasel of the holder J3.452); then each side with a ship
  that holds a link or has a free tractor and tractor power answers one ``tractors`` Orders
  prompt ``{ship: {"link": [{"box": "tractor#1", "target": "KD1", "power": 1}],
  "release": ["KD1"]}}`` (default ``{}``). Each link is checked (:func:`check_link`) and
  contested by the target's negative tractor (G7.352); with the sealed auction (option, G7.414)
  both sides may add reserve power, one ``tractor_bid`` Orders prompt each ``{"power": n}``.
* **Upkeep** (Initial Activity Phase, G7.124/G7.42): each link is paid again from the holder's
  new tractor allocation and contested by the target's new negative tractor, or it breaks.
* **Movement** (G7.32, G7.36): the movement steps call :meth:`_tractor_speed` (pseudo-speeds
  of two linked ships), :meth:`_drag_linked` after each move (the partner keeps its place
  relative to the mover), :meth:`_tractor_held` (held seekers neither move nor strike) and
  :meth:`_tractor_het` (an HET releases the ship's links).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.hexes import hex_range
from ..rules.results import Refusal, event
from ..rules.systems import tractors as tr
from ..rules.units import ACTIVE, SHIP, Unit, clock_of
from .prompts import Choice, Orders, Prompt, check_choice

Walk = Generator[Prompt, object, None]


class TractorSteps:
    """Operate Tractors, upkeep and the movement hooks (module docstring)."""

    # -- helpers ---------------------------------------------------------------------------
    def _clock(self) -> int:
        return clock_of(self._turn, self._impulse)

    def _tractor_boxes(self, uid: str) -> tuple[str, ...]:
        record = self._ships.get(uid)
        if record is None:
            return ()
        spec = self.specs[record.spec_id]
        return tr.tractor_boxes(tuple(f"tractor#{n}" for n in range(1, spec.count("tractor") + 1)),
                                self._units[uid].destroyed) + self._tr_boxes(uid)  # E9.4

    def _tr_boxes(self, uid: str) -> tuple[str, ...]:
        """E9.4: the ship's TR beams not destroyed nor fired this turn, usable as tractors."""
        record = self._ships.get(uid)
        if record is None:
            return ()
        spec, dead = self.specs[record.spec_id], self._units[uid].destroyed
        return tuple(w.box_ids[0] for w in spec.weapons if w.type.upper() in ("TR-H", "TR-L")
                     and w.box_ids[0] not in dead and w.box_ids[0] not in record.fired)

    def _tr_energy(self, uid: str, box: str) -> int:
        """E9.42: the energy in TR beam ``box`` this turn, all of it tractor energy if used."""
        if box not in self._tr_boxes(uid):
            return 0
        arming = self._arming_now(self._ships[uid], self._units[uid], box)
        return int(sum(arming.energies)) if arming is not None else 0

    def _tractor_energy_left(self, uid: str) -> int:
        record = self._ships[uid]
        alloc = record.allocation
        paid = int(alloc.tractors) if alloc is not None else 0
        return max(paid - self._tractors.spent_by(uid), 0)

    def _negative_tractor(self, uid: str) -> int:
        record = self._ships.get(uid)
        alloc = record.allocation if record is not None else None
        return int(alloc.negative_tractor) if alloc is not None else 0

    def _tractor_release(self, link: tr.TractorLink, rule: str, why: str) -> None:
        self._tractors = tr.release(self._tractors, link, self._clock())
        self._emit(event("tractor_released", link.holder, rule,
                         f"{link.holder}'s {link.box} lets go of {link.target}: {why}",
                         target=link.target, box=link.box))

    def _tractor_cloaked(self, uid: str) -> bool:
        check = getattr(self, "_cloak_blocks", None)
        return bool(check and check(uid))

    # -- involuntary releases --------------------------------------------------------------
    def _tractor_checks(self) -> None:
        weasels = {r.protects for r in self._seeking.seekers if r.is_weasel}
        for link in list(self._tractors.links):
            holder = self._units.get(link.holder)
            target = self._units.get(link.target)
            if holder is None or not holder.active:
                self._tractor_release(link, "G7.4", f"{link.holder} is out of play")
            elif target is None or not target.active:
                self._tractor_release(link, "G7.4", f"{link.target} is out of play")
            elif link.box in holder.destroyed:
                self._tractor_release(link, "G7.34", f"{link.box} is destroyed")
            elif holder.em.active:
                self._tractor_release(link, "C10.52", f"{link.holder} is on erratic maneuvers")
            elif link.holder in weasels:
                self._tractor_release(link, "J3.452", f"{link.holder} launched a wild weasel")
            elif self._tractor_cloaked(link.holder):
                self._tractor_release(link, "G13.51", f"{link.holder} is cloaking")
            elif self._equipment_refusal(link.holder, link.target, "tractors") is not None:
                self._tractor_release(link, "P11.22", "sunspots stop tractor beams this turn")

    # -- 6B: Operate Tractors --------------------------------------------------------------
    def _ship_systems(self, step) -> Walk:
        yield from self._buoy_drops()  # G26.30: buoys are launched in this stage
        if not self._ships:
            return
        self._tractor_checks()
        for side in self._sides():
            ships = [u for u in self._controlled() if u.side == side and u.id in self._ships]
            able = [u.id for u in ships if self._tractors.holding(u.id) or (
                self._equipment_refusal(u.id, None, "tractors") is None and (
                    self._tractor_energy_left(u.id) > 0 and any(
                        tr.box_free(self._tractors, u.id, b, self._clock()) is None
                        for b in self._tractor_boxes(u.id)) or self._tr_can_tractor(u)))]
            if not able:
                continue
            prompt = Orders(self._key("tractors", side), "tractors",
                            f"Tractor beams of side {side}, impulse {self._impulse}: lock a tractor "
                            "on, or release a link? (G7)", side=side, rule="G7.4", default={})
            orders = yield from self._ask(prompt, lambda v, s=side: self._check_tractors(s, v))
            for uid, releases, links in orders:
                for link in releases:
                    self._tractor_release(link, "G7.4", "released")
                for box, target, power, effective, extra in links:
                    if box.startswith("tr#"):  # E9.423: used as a tractor, it has fired
                        rec = self._ships[uid]
                        self._ships[uid] = replace(rec, fired=rec.fired | {box},
                                                   armed=rec.armed - {box})
                    yield from self._try_link(uid, box, target, power, effective, extra)

    def _check_tractors(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("G7.4", "tractor orders are {ship: {\"link\": [...], \"release\": [...]}}")
        out = []
        opts = self.initial.options.systems
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if uid not in self._ships or not isinstance(what, dict) or set(what) - {"link", "release"}:
                return Refusal("G7.4", f"orders for {uid}: {{\"link\": [...], \"release\": [...]}}")
            releases = []
            for target in what.get("release", []):
                mine = [k for k in self._tractors.holding(uid) if k.target == target]
                if not mine:
                    return Refusal("G7.4", f"{uid} holds no tractor link on {target!r}")
                releases.extend(mine)
            links, energy, pending = [], self._tractor_energy_left(uid), tr.TractorState(
                self._tractors.links, self._tractors.lockouts, self._tractors.used)
            boxes = self._tractor_boxes(uid)
            for n, item in enumerate(what.get("link", []), 1):
                if not isinstance(item, dict) or not isinstance(item.get("box"), str):
                    return Refusal("G7.4", f"link {n} of {uid}: {{\"box\", \"target\", \"power\"}}")
                tid = item.get("target")
                target = self._units.get(tid) if isinstance(tid, str) else None
                if target is None or not target.active:
                    return Refusal("G7.4", f"link {n} of {uid}: no unit {tid!r} in play")
                if self._dragon(target.id) is not None:
                    return Refusal("SM7.469", f"{tid} is a Space Dragon: it cannot be tractored")
                stopped = self._equipment_refusal(uid, tid, "tractors")  # P11.22 (terrain)
                if stopped is not None:
                    return stopped
                rng = hex_range(unit.hex, target.hex)
                lock = True
                if target.kind == SHIP and target.side != unit.side:
                    lock = bool(self._sensor_facts(unit, target)["lock_on"])
                cost = tr.link_cost(rng, opts.tractor_extended_range)
                base = cost if isinstance(cost, int) else 1
                held = self._tr_energy(uid, item["box"])  # E9.42: a TR bids all it holds
                extra = item.get("power", max(base - held, 0) if held else base)
                if held and (not isinstance(extra, int) or isinstance(extra, bool)):
                    return Refusal("E9.42", f"link {n} of {uid}: power is the tractor energy "
                                            f"added to the {held} in {item['box']}")
                effective = tr.check_link(
                    pending, uid, tid, item["box"], boxes=boxes, rng=rng,
                    power=extra + held if held else extra, energy_left=energy + held,
                    clock=self._clock(), lock_on=lock,
                    extended=opts.tractor_extended_range, cloaked=self._tractor_cloaked(uid))
                if isinstance(effective, Refusal):
                    return effective
                power = effective + (cost - 1)  # type: ignore[operator]
                energy -= power - held
                pending = tr.spend(pending, uid, item["box"], power - held)
                links.append((item["box"], tid, power, effective, power - held))
            out.append((uid, releases, links))
        return out

    def _tr_can_tractor(self, unit: Unit) -> bool:
        """E9.4: a TR beam holding energy, another unit within tractor range (G7.31, G7.6)."""
        reach = tr.EXTENDED_RANGE if self.initial.options.systems.tractor_extended_range \
            else tr.BASE_RANGE
        return any(self._tr_energy(unit.id, b) for b in self._tr_boxes(unit.id)) and any(
            u.active and u.id != unit.id and hex_range(u.hex, unit.hex) <= reach
            for u in self._units.values())

    def _try_link(self, uid: str, box: str, tid: str, power: int, effective: int,
                  spent: int | None = None) -> Walk:
        """``spent``: the tractor power paid (less than ``power`` for a TR beam's own energy,
        E9.42)."""
        self._tractors = tr.spend(self._tractors, uid, box, power if spent is None else spent)
        negative = self._negative_tractor(tid) if self._units[tid].side != self._units[uid].side else 0
        if self._units[tid].side != self._units[uid].side:
            negative += yield from self._tr_negative(tid, uid)  # E9.43
        bid_for, bid_against = 0, 0
        if negative and self.initial.options.systems.tractor_auction == "sealed":
            bid_for = yield from self._tractor_bid(uid, tid, "tractors")
            bid_against = yield from self._tractor_bid(tid, uid, "negative_tractor")
        ok = tr.holds(effective + bid_for, negative + bid_against)
        text = (f"{uid} locks {box} ({power} power, {effective} effective"
                f"{f' + {bid_for} bid' if bid_for else ''}) on {tid}"
                f"{f' against {negative} negative tractor' if negative else ''}"
                f"{f' + {bid_against} bid' if bid_against else ''}")
        if not ok:
            self._tractors = tr.release(self._tractors, tr.TractorLink(
                uid, tid, box, power, effective, self._clock()), self._clock())
            self._emit(event("tractor_failed", uid, "G7.352", f"{text}: no hold (G7.352)",
                             target=tid, box=box))
            return
        link = tr.TractorLink(uid, tid, box, power, effective + bid_for, self._clock())
        self._tractors = tr.attach(self._tractors, link)
        self._emit(event("tractor_link", uid, "G7.4", f"{text}: holds", target=tid, box=box,
                         power=power))

    def _tr_negative(self, tid: str, uid: str):  # noqa: ANN202
        """E9.43: the target may turn its loaded TR beams into negative tractor, all the energy
        of each, and they count as fired; announced (detectable)."""
        boxes = [b for b in self._tr_boxes(tid) if self._tr_energy(tid, b)]
        if not boxes:
            return 0
        energy = sum(self._tr_energy(tid, b) for b in boxes)
        prompt = Choice(self._key(f"tr_negative.{uid}", tid),
                        f"{uid} tries to tractor {tid}: use its TR beams ({', '.join(boxes)}: "
                        f"{energy} energy) as negative tractor? They count as fired (E9.43)",
                        ("no", "yes"), rule="E9.43", unit=tid, default="no")
        answer = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        if answer != "yes":
            return 0
        rec = self._ships[tid]
        self._ships[tid] = replace(rec, fired=rec.fired | set(boxes), armed=rec.armed - set(boxes))
        self._emit(event("tr_negative_tractor", tid, "E9.43",
                         f"{tid} turns its TR beams {', '.join(boxes)} into {energy} points of "
                         "negative tractor", boxes=boxes, power=energy))
        return energy

    def _tractor_bid(self, uid: str, other: str, purpose: str):
        """G7.414 sealed auction (option): reserve power the owner of ``uid`` adds."""
        record = self._ships.get(uid)
        if record is None or record.allocation is None:
            return 0
        spec = self.specs[record.spec_id]
        available = int(reserve_available(record.energy, record.allocation, spec))
        if available < 1:
            return 0
        prompt = Orders(self._key(f"tractor_bid.{other}", uid), "tractor_bid",
                        f"Tractor auction (G7.414; sealed bids, SFB Desk's procedure): reserve "
                        f"power {uid} adds {'to hold' if purpose == 'tractors' else 'against'} "
                        f"the link with {other}: how much, 0 to {available}?",
                        unit=uid, rule="G7.414", default={"power": 0})

        def check(v: object) -> object:
            n = v.get("power") if isinstance(v, dict) else None
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= available:
                return Refusal("G7.414", f"a bid is the reserve power {uid} adds, a whole "
                                         f"number from 0 to {available} (its reserve power "
                                         f"left), not {n if isinstance(v, dict) else v!r}")
            if n == 0:
                return (0, record.energy)
            energy, issue = use_reserve(record.energy, record.allocation, spec, purpose=purpose,
                                        amount=n, impulse=self._impulse)
            return Refusal(issue.rule, issue.message) if issue is not None else (n, energy)

        n, energy = yield from self._ask(prompt, check)
        self._ships[uid] = replace(self._ships[uid], energy=energy)
        return n

    # -- phase 5: upkeep -------------------------------------------------------------------
    def _tractor_upkeep(self, step) -> Walk:
        """G7.124/G7.42: links carried into the turn are paid from the new allocation and
        contested by the new negative tractor."""
        self._tractor_checks()
        for link in list(self._tractors.links):
            if link.holder not in self._ships:
                continue
            if self._tractor_energy_left(link.holder) < link.power:
                self._tractor_release(link, "G7.124", "not paid in this turn's allocation")
                continue
            self._tractors = tr.spend(self._tractors, link.holder, link.box, link.power)
            negative = self._negative_tractor(link.target)
            if not tr.holds(link.effective, negative):
                self._tractor_release(link, "G7.352", f"broken by {negative} negative tractor")
        return
        yield

    def _tractor_end_of_turn(self) -> None:
        self._tractors = tr.new_turn(self._tractors, self._clock())

    # -- movement hooks --------------------------------------------------------------------
    def _tractor_held(self, uid: str) -> bool:
        return self._tractors.is_held(uid)

    def _tractor_speed(self, unit: Unit, speed: int) -> int:
        """G7.36: a ship linked to another ship moves at its pseudo-speed."""
        for link in self._tractors.of(unit.id):
            other = self._units.get(link.target if link.holder == unit.id else link.holder)
            if other is not None and other.kind == SHIP and other.active:
                return tr.pseudo_speed(speed, float(unit.profile.move_cost),
                                       float(other.profile.move_cost))
        return speed

    def _drag_linked(self, before: Unit, after: Unit) -> None:
        """G7.32/G7.36: a linked unit keeps its place relative to the unit that moved."""
        delta = after.hex - before.hex
        if not any(delta) or not self._tractors.links:
            return
        bounds = self.initial.map
        for link in self._tractors.of(after.id):
            pid = link.target if link.holder == after.id else link.holder
            partner = self._units.get(pid)
            if partner is None or partner.status != ACTIVE:
                continue
            moved = replace(partner, hex=partner.hex + delta)
            if not bounds.contains(moved.hex):
                moved = replace(moved, status="off_map")
            self._put(moved)
            self._emit(event("towed", pid, "G7.32", f"{pid} is towed by the tractor link with "
                                                    f"{after.id} to {moved.hex.label}",
                             hex=moved.hex.label))

    def _tractor_het(self, before: Unit, after: Unit) -> None:
        """An HET releases every link of the ship (decisions.md, G7 and C6)."""
        if after.het.made > before.het.made:
            for link in self._tractors.of(after.id):
                self._tractor_release(link, "C6.3", f"{after.id} made a high energy turn")
