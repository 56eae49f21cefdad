"""Transporters, hit-and-run raids, boarding and capture (G8, D7) as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session`; the rules are
:mod:`sfb_desk.rules.systems.transporters` and :mod:`sfb_desk.rules.systems.boarding`.

* **Marine Activity Stage** (6B7; the client's 6B07): each side with a ship that has a
  transporter and transporter uses paid this turn (or a dropped shield to raise) answers one
  ``marines`` Orders prompt (default ``{}``)::

      {ship: {"drop": [4], "raise": [1], "guards": ["phaser#1"],
              "raids": [{"target": "KRT", "box": "disruptor#A"}],
              "board": [{"target": "KRT", "parties": 3}]}}

  in that order: shields dropped or raised (D3.5, D3.51, 6B07.02), guards posted (D7.83, one
  party a box), then transporter uses (6B07.03), one boarding party each (G8.33): raids (D7.8:
  one 1d6 DiceRequest each, after the guard's roll when the box is guarded) and boarding
  parties beamed over (D7).
* **Boarding Party Combat Step** (Final Activity Phase, D7.4): on each ship with enemy parties
  aboard, one 1d6 per group of the attackers and of the defenders (a DiceRequest each side),
  casualties from the Marine Casualty Table, then control rooms captured; a ship whose every
  control room is taken is captured (D7.50): it leaves its side's fight.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.arcs import shield_struck
from ..rules.combat.shields import UP, drop_shield, raise_shield
from ..rules.hexes import hex_range
from ..rules.results import Refusal, event
from ..rules.systems import boarding as bd
from ..rules.systems import transporters as tp
from ..rules.units import SHIP, Unit, clock_of
from .prompts import DiceRequest, Orders, Prompt, check_dice

Walk = Generator[Prompt, object, None]
_KEYS = {"drop", "raise", "guards", "raids", "board", "tbombs"}


class MarineSteps:
    """The Marine Activity Stage and the Boarding Party Combat Step (module docstring)."""

    # -- facts -------------------------------------------------------------------------------
    def _own_parties(self, uid: str) -> int:
        """Boarding parties aboard ``uid`` of its own side (D7): printed, less those killed
        (G9.21) and those beamed away."""
        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        return max((spec.boarding_parties or 0) - record.boarding_parties_lost
                   - record.systems.parties_away, 0)

    def _transporters_free(self, uid: str) -> int:
        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        working = sum(1 for n in range(1, spec.count("transporter") + 1)
                      if f"transporter#{n}" not in self._units[uid].destroyed)
        return working - record.systems.transporter_uses

    def _uses_left(self, uid: str) -> int:
        record = self._ships[uid]
        paid = tp.uses_paid(record.allocation.transporters) if record.allocation else 0
        return paid - record.systems.transporter_uses

    def _shield_down_toward(self, uid: str, other: Unit) -> bool:
        unit = self._units[uid]
        record = self._ships.get(uid)
        if record is None:
            return True
        hit = shield_struck(unit.hex, unit.facing, other.hex)
        shields = hit.shields or tuple(range(1, 7))
        st = record.shields
        return any(st.status[k - 1] != UP or st.boxes[k - 1] == 0 for k in shields)

    def _update_systems(self, uid: str, **changes: object) -> None:
        record = self._ships[uid]
        self._ships[uid] = replace(record, systems=replace(record.systems, **changes))

    # -- 6B7 -----------------------------------------------------------------------------------
    def _marines(self, step) -> Walk:
        if not self._ships:
            return
        self._arm_tbombs()
        for side in self._sides():
            ships = [u.id for u in self._controlled() if u.side == side and u.id in self._ships
                     and self.specs[self._ships[u.id].spec_id].count("transporter")
                     and (self._uses_left(u.id) > 0 or "dropped" in self._ships[u.id].shields.status)]
            if not ships:
                continue
            prompt = Orders(self._key("marines", side), "marines",
                            f"Marine activity of side {side}, impulse {self._impulse}: drop or raise "
                            "shields, post guards, send hit-and-run raids or boarding parties? "
                            "(D3.5, D7.83, D7.8, G8)", side=side, rule="G8.1",
                            default={})
            orders = yield from self._ask(prompt, lambda v, s=side: self._check_marines(s, v))
            for uid, what in orders:
                yield from self._carry_out(uid, what)

    def _check_marines(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("G8.1", "marine orders are {ship: {...}}")
        clock = clock_of(self._turn, self._impulse)
        out = []
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if uid not in self._ships or not isinstance(what, dict) or set(what) - _KEYS:
                return Refusal("G8.1", f"orders for {uid}: keys {sorted(_KEYS)}")
            record = self._ships[uid]
            shields = record.shields
            for k in what.get("drop", []):
                shields = drop_shield(shields, k, clock) if k in range(1, 7) else \
                    Refusal("D3.5", f"shield {k!r} is 1-6")
                if isinstance(shields, Refusal):
                    return shields
            for k in what.get("raise", []):
                shields = raise_shield(shields, k, clock) if k in range(1, 7) else \
                    Refusal("D3.51", f"shield {k!r} is 1-6")
                if isinstance(shields, Refusal):
                    return shields
            spec = self.specs[record.spec_id]
            guards = what.get("guards", [])
            boxes = set(spec.box_ids())
            if not isinstance(guards, list) or any(g not in boxes for g in guards) \
                    or len(set(guards)) != len(guards):
                return Refusal("D7.83", f"guards of {uid} are distinct boxes of its SSD")
            parties = self._own_parties(uid)
            if len(guards) > parties:
                return Refusal("D7.83", f"{uid} has {parties} boarding parties to post as guards")
            raids, board = what.get("raids", []), what.get("board", [])
            if not isinstance(raids, list) or not isinstance(board, list):
                return Refusal("G8.1", f"raids and board of {uid} are lists")
            sent = len(raids) + sum(b.get("parties", 0) if isinstance(b, dict)
                                    and isinstance(b.get("parties"), int) else 0 for b in board)
            uses = sent  # G8.33: one boarding party a transporter use (decisions.md)
            trial = replace(record, shields=shields)
            tbombs = what.get("tbombs", [])
            if not isinstance(tbombs, list):
                return Refusal("M3.22", f"tbombs of {uid} is a list of {{\"hex\": label}}")
            uses += len(tbombs)
            if uses:  # P11.21: sunspots stop transporters (terrain_steps)
                targets = [t.get("target") for t in (*raids, *board) if isinstance(t, dict)]
                for other in [None, *(t for t in targets if isinstance(t, str))]:
                    stopped = self._equipment_refusal(uid, other, "transporters")
                    if stopped is not None:
                        return stopped
            if tbombs:
                self._ships[uid] = trial
                try:
                    placed = self._check_tbombs(unit, tbombs, len(raids) + sent)
                finally:
                    self._ships[uid] = record
                if isinstance(placed, Refusal):
                    return placed
            if uses:
                self._ships[uid] = trial  # the drop counts for the transport check
                try:
                    refusal = self._check_transports(unit, raids, board, uses, sent, parties)
                finally:
                    self._ships[uid] = record
                if refusal is not None:
                    return refusal
            out.append((uid, {"shields": shields, "guards": frozenset(guards), "raids": raids,
                              "board": board, "tbombs": placed if tbombs else []}))
        return out

    def _check_transports(self, unit: Unit, raids, board, uses: int, sent: int,  # noqa: ANN001
                          parties: int) -> Refusal | None:
        uid = unit.id
        free, left = self._transporters_free(uid), self._uses_left(uid)
        if uses > free:
            return Refusal("G8.11", f"{uid} has {max(free, 0)} working transporter(s) left this "
                                    f"turn (each once a turn); {uses} use(s) ordered")
        if uses > left:
            return Refusal("G8.13", f"{uid} paid for {max(left, 0)} more transporter use(s) this "
                                    f"turn (Energy Allocation); {uses} ordered")
        if sent > parties:
            return Refusal("D7.0", f"{uid} has {parties} boarding parties aboard, not {sent}")
        for n, item in enumerate(list(raids) + list(board), 1):
            if not isinstance(item, dict) or not isinstance(item.get("target"), str):
                return Refusal("G8.1", f"transport {n} of {uid}: {{\"target\", ...}}")
            target = self._units.get(item["target"])
            if target is None or not target.active or target.kind != SHIP \
                    or target.id not in self._ships or target.side == unit.side:
                return Refusal("G8.1", f"transport {n} of {uid}: {item['target']!r} is not an "
                                       "enemy ship in play")
            if self._dragon(target.id) is not None:
                return Refusal("SM7.469", f"{target.id} is a Space Dragon: it cannot be boarded")
            lock = bool(self._sensor_facts(unit, target)["lock_on"])
            refusal = tp.transport_refusal(
                uid, target.id, rng=hex_range(unit.hex, target.hex), free_transporters=1,
                uses_left=1, own_shield_down=self._shield_down_toward(uid, target),
                target_shield_down=self._shield_down_toward(target.id, unit), lock_on=lock,
                cloaked=self._cloak_blocks(uid), em=unit.em.active)
            if refusal is not None:
                return refusal
            if item in raids:
                tspec = self.specs[self._ships[target.id].spec_id]
                refusal = tp.raid_target_refusal(item.get("box"), tspec.box_ids(), target.destroyed)
            elif not isinstance(item.get("parties"), int) or item["parties"] < 1:
                refusal = Refusal("D7.0", "a boarding order beams over 1 or more parties")
            if refusal is not None:
                return refusal
        return None

    def _carry_out(self, uid: str, what: dict) -> Walk:
        record = self._ships[uid]
        if what["shields"] != record.shields:
            self._ships[uid] = replace(record, shields=what["shields"])
            self._emit(event("shields_set", uid, "D3.5", f"{uid} drops or raises shields",
                             status=list(what["shields"].status)))
        if what["guards"] != self._ships[uid].systems.guards:
            self._update_systems(uid, guards=what["guards"])
            self._emit(event("guards_posted", uid, "D7.83",
                             f"{uid} posts guards on {', '.join(sorted(what['guards'])) or 'nothing'}"))
        for raid in what["raids"]:
            yield from self._raid(uid, raid["target"], raid["box"])
        for item in what["board"]:
            self._board(uid, item["target"], item["parties"])
        for h in what["tbombs"]:
            self._place_tbomb(uid, h)

    def _use_transporter(self, uid: str) -> None:
        self._update_systems(uid, transporter_uses=self._ships[uid].systems.transporter_uses + 1)

    def _raid(self, uid: str, tid: str, box: str) -> Walk:
        """D7.8: one party against one box (module docstring)."""
        self._use_transporter(uid)
        column = tp.COMMANDO if "commando" in self.specs[self._ships[uid].spec_id].flags \
            else tp.NORMAL
        target = self._ships[tid]
        if box in target.systems.guards:
            prompt = DiceRequest(self._key(f"guard.{uid}.{box}", tid),
                                 f"{uid}'s raid on the guarded {box} of {tid} (D7.83)",
                                 kind="1d6", rule="D7.83", unit=uid)
            (roll,) = yield from self._ask(prompt, lambda v: check_dice(prompt, v))
            met = tp.guard_result(roll, column)
            self._emit(event("raid_guard", uid, "D7.83", f"{uid}'s raid meets the guard of "
                             f"{box} on {tid}: roll {roll}, {met}", target=tid, box=box,
                             roll=roll, result=met))
            if met == tp.GUARD_LOST:
                self._lose_parties(uid, 1)
            if met != tp.GUARD_AHEAD:
                self._emit(event("raid", uid, "D7.8", f"{uid} raids {tid}: stopped by the guard",
                                 target=tid, box=box, result=met))
                return
        prompt = DiceRequest(self._key(f"raid.{uid}.{box}", tid),
                             f"{uid}'s hit-and-run raid on {box} of {tid} (D7.81)", kind="1d6",
                             rule="D7.81", unit=uid)
        (roll,) = yield from self._ask(prompt, lambda v: check_dice(prompt, v))
        out = tp.raid_result(roll, column)
        self._emit(event("raid", uid, "D7.81", f"{uid} raids {box} of {tid}: roll {roll}, "
                         f"{out.result}", target=tid, box=box, roll=roll, result=out.result))
        if out.party_lost:
            self._lose_parties(uid, 1)
        if out.box_destroyed:
            unit = self._units[tid]
            self._put(replace(unit, destroyed=unit.destroyed | {box}))
            record = self._ships[tid]
            self._ships[tid] = replace(record, destroyed_this_turn=record.destroyed_this_turn
                                       | {box})
            self._emit(event("box_destroyed", tid, "D7.81", f"{box} of {tid} is destroyed by "
                             "a hit-and-run raid", box=box))

    def _lose_parties(self, uid: str, n: int) -> None:
        record = self._ships[uid]
        self._ships[uid] = replace(record, boarding_parties_lost=record.boarding_parties_lost + n)

    def _board(self, uid: str, tid: str, parties: int) -> None:
        for _ in range(parties):  # G8.33: one party a use
            self._use_transporter(uid)
        away = self._ships[uid].systems.parties_away
        self._update_systems(uid, parties_away=away + parties)
        target = self._ships[tid].systems
        self._update_systems(tid, enemy_parties=target.enemy_parties + parties,
                             enemy_side=self._units[uid].side)
        self._emit(event("boarding", uid, "D7.0", f"{uid} beams {parties} boarding part"
                         f"{'y' if parties == 1 else 'ies'} aboard {tid}", target=tid,
                         parties=parties))

    # -- phase 7 -------------------------------------------------------------------------------
    def _final_activity(self, step) -> Walk:
        """The Boarding Party Combat Step (D7.4), then transporters are free again (G8.11)."""
        for tid in sorted(self._ships):
            systems = self._ships[tid].systems
            unit = self._units[tid]
            if systems.enemy_parties > 0 and unit.status == "active":
                yield from self._boarding_combat(tid)
        for uid in self._ships:
            if self._ships[uid].systems.transporter_uses:
                self._update_systems(uid, transporter_uses=0)

    def _boarding_combat(self, tid: str) -> Walk:
        record = self._ships[tid]
        spec = self.specs[record.spec_id]
        systems = record.systems
        attackers, defenders = systems.enemy_parties, self._own_parties(tid)
        rooms = bd.control_rooms(spec.box_ids(), self._units[tid].destroyed)
        rolls = []
        # Each side rolls its own dice (D7.4): the attackers' request is the boarding side's
        # (no unit of theirs is aboard to name), the defenders' the boarded ship's.
        owners = (("attackers", attackers, None, systems.enemy_side),
                  ("defenders", defenders, tid, self._units[tid].side))
        for who, n, unit, side in owners:
            count = len(bd.groups(n))
            if not count:
                rolls.append(())
                continue
            prompt = DiceRequest(self._key(f"boarding.{who}", tid),
                                 f"Boarding combat aboard {tid}: the {who}' {n} boarding "
                                 f"part{'y' if n == 1 else 'ies'} roll (D7.42, one 1d6 a group "
                                 "of 10)", kind="1d6", count=count, rule="D7.42", unit=unit,
                                 side=side)
            rolls.append((yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))))
        bonus = bd.security_bonus(spec.race, rooms, systems.rooms_captured)
        out = bd.fight(attackers, defenders, rolls[0], rolls[1], rooms=rooms,
                       captured_rooms=systems.rooms_captured, defender_mod=bonus)
        self._emit(event("boarding_combat", tid, "D7.4",
                         f"Boarding combat aboard {tid}: {attackers} attacking against "
                         f"{defenders} defending parties; {out.defenders_lost} defender(s) and "
                         f"{out.attackers_lost} attacker(s) killed"
                         f"{'; rooms captured: ' + ', '.join(out.new_rooms) if out.new_rooms else ''}",
                         attackers=attackers, defenders=defenders, rooms=sorted(out.rooms)))
        self._lose_parties(tid, out.defenders_lost)
        self._update_systems(tid, enemy_parties=out.attackers, rooms_captured=out.rooms)
        if out.captured:
            self._update_systems(tid, captured_by=systems.enemy_side)
            self._put(replace(self._units[tid], status="captured"))
            self._emit(event("ship_captured", tid, "D7.50",
                             f"{tid} is captured by {systems.enemy_side}: every control room "
                             "is taken", side=systems.enemy_side))


    # -- transporter bombs (M3, placed as small explosive mines) -----------------------------
    def _check_tbombs(self, unit: Unit, items: list, other_uses: int):  # noqa: ANN001
        """M3.22: one small mine a transporter use, within 5 hexes, into an empty hex, through
        the ship's own shield facing the hex dropped or down, from the ship's stock (its
        transporter bomb boxes)."""
        from ..rules.hexes import LabelError, hex_from_label

        uid = unit.id
        spec = self.specs[self._ships[uid].spec_id]
        stock = sum(sp.boxes for sp in spec.special if sp.key == "tbomb")
        used = self._ships[uid].systems.tbombs_used
        if len(items) > stock - used:
            return Refusal("M3.0", f"{uid} has {max(stock - used, 0)} transporter bombs left")
        hexes = []
        free = self._transporters_free(uid) - other_uses
        for n, item in enumerate(items, 1):
            label = item.get("hex") if isinstance(item, dict) else None
            try:
                h = hex_from_label(label, near=unit.hex) if isinstance(label, str) else None
            except LabelError:
                h = None
            if h is None:
                return Refusal("M3.22", f"transporter bomb {n} of {uid}: {{\"hex\": \"2215\"}}")
            if any(u.hex == h and u.active for u in self._units.values()) or h in hexes:
                return Refusal("M3.22", f"hex {label} is not empty: a transporter bomb is placed "
                                        "in an empty hex")
            st = self._ships[uid].shields
            from ..rules.arcs import shield_struck as struck

            facing = struck(unit.hex, unit.facing, h).shields or tuple(range(1, 7))
            own_down = any(st.status[k - 1] != UP or st.boxes[k - 1] == 0 for k in facing)
            refusal = tp.transport_refusal(
                uid, f"hex {label}", rng=hex_range(unit.hex, h), free_transporters=free - n + 1,
                uses_left=1, own_shield_down=own_down, target_shield_down=True,
                cloaked=self._cloak_blocks(uid), em=unit.em.active)
            if refusal is not None:
                return replace(refusal, rule="M3.22" if refusal.rule == "G8.14" else refusal.rule)
            hexes.append(h)
        return hexes

    def _place_tbomb(self, uid: str, h) -> None:  # noqa: ANN001 - a Hex
        from ..rules.systems.mines import Mine

        self._use_transporter(uid)
        n = self._ships[uid].systems.tbombs_used + 1
        self._update_systems(uid, tbombs_used=n)
        mine = Mine(id=f"{uid}-TB{n}", owner=self._units[uid].side, hex=h, size="small",
                    mode="pre_active", pre_placed=False, laid_by=uid,
                    laid_clock=clock_of(self._turn, self._impulse))
        self._battlefield = replace(self._battlefield,
                                    mines=self._battlefield.mines.place(mine))
        self._emit(event("tbomb_placed", uid, "M3.22", f"{uid} places a transporter bomb",
                         hex=h.label, mine=mine.id))

    def _arm_tbombs(self) -> None:
        """M3.223/M3.32 (the client's 6B07.06): a transporter bomb becomes active two impulses
        after it was placed once its layer is out of its detonation range (at once if the layer
        is gone)."""
        from ..rules.systems.mines import arming_done

        clock = clock_of(self._turn, self._impulse)
        for mine in self._battlefield.mines.live():
            if mine.mode != "pre_active" or not mine.id.split("-TB")[-1].isdigit():
                continue
            layer = self._units.get(mine.laid_by)
            where = layer.hex if layer is not None and layer.active else None
            if arming_done(mine, where, clock, method="transporter"):
                self._battlefield = replace(self._battlefield, mines=self._battlefield.mines.update(
                    replace(mine, mode="active")))
                self._emit(event("tbomb_armed", mine.laid_by, "M3.223",
                                 "a transporter bomb is now armed", mine=mine.id))
