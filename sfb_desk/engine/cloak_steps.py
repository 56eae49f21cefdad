"""The cloaking device (G13) as steps of the session; the rules are
:mod:`sfb_desk.rules.systems.cloak`.

A mixin of :class:`~sfb_desk.engine.session.Session`.

* **Cloaking Device Stage** (6B02, step ``6B-cloak``): on impulse 1 a cloaked ship whose cost
  was not paid starts to fade in (G13.116); a ship that becomes fully cloaked makes the enemy
  seeking weapons aimed at it lose their tracking (decisions.md G13.4); then each side with a
  ship that paid for its cloak, or is cloaked, answers one ``cloak`` Orders prompt
  ``{ship: "cloak" | "decloak"}`` (default ``{}``).
* **Restrictions** (G13.51): the fire, launch and tractor checks call :meth:`_cloak_blocks`.
* **Fire at a cloaked ship** (G13.3, G13.37): :meth:`_cloak_facts` adds the cloak bonus to the
  shot's facts and takes away the lock-on once fully cloaked (option "range"/"both");
  :meth:`_cloak_roll` asks the G13.37 die and scales the damage (option "table"/"both").
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.energy.ledger import cloak_cost
from ..rules.results import Refusal, event
from ..rules.systems import cloak as ck
from ..rules.systems.options import CLOAK_FIRE_BOTH, CLOAK_FIRE_RANGE, CLOAK_FIRE_TABLE
from ..rules.units import clock_of
from .prompts import DiceRequest, Orders, Prompt, check_dice

Walk = Generator[Prompt, object, None]


class CloakSteps:
    """The Cloaking Device Stage and the cloak's effects on fire (module docstring)."""

    def _cloak_state(self, uid: str) -> ck.CloakState:
        record = self._ships.get(uid)
        return record.systems.cloak if record is not None else ck.NO_CLOAK

    def _set_cloak(self, uid: str, state: ck.CloakState) -> None:
        record = self._ships[uid]
        self._ships[uid] = replace(record, systems=replace(record.systems, cloak=state))

    def _cloak_blocks(self, uid: str) -> bool:
        """G13.51: cloaked or fading, the ship may not fire, launch, tractor or transport."""
        return ck.blocks(self._cloak_state(uid), clock_of(self._turn, self._impulse))

    def _cloak_refusal(self, uid: str, what: str) -> Refusal | None:
        if not self._cloak_blocks(uid):
            return None
        status = ck.now(self._cloak_state(uid), clock_of(self._turn, self._impulse))
        return Refusal("G13.51", f"{uid} is {status.replace('_', ' ')} and may not {what} "
                                 "(G13.51: not while cloaked or fading)")

    def _can_cloak(self, uid: str) -> bool:
        record = self._ships.get(uid)
        if record is None or cloak_cost(self.specs[record.spec_id]) is None:
            return False
        return any(b.startswith("cloak#") for b in self.specs[record.spec_id].box_ids()) \
            or "cloak" in self.specs[record.spec_id].flags

    def _cloak_paid(self, uid: str) -> bool:
        alloc = self._ships[uid].allocation
        return bool(alloc is not None and alloc.cloak)

    # -- 6B02 --------------------------------------------------------------------------------
    def _cloaking(self, step) -> Walk:
        if not self._ships:
            return
        clock = clock_of(self._turn, self._impulse)
        for uid in sorted(self._ships):
            state = self._cloak_state(uid)
            if state.status == ck.OFF or not self._units[uid].active:
                continue
            settled = ck.settle(state, clock)
            if self._impulse == 1 and ck.now(state, clock) in (ck.FADING_OUT, ck.CLOAKED) \
                    and not self._cloak_paid(uid):
                settled = ck.deactivate(settled, clock, uid, rule="G13.116")
                self._emit(event("cloak_fading_in", uid, "G13.116",
                                 f"{uid} did not pay for its cloak: it fades in"))
            if settled != state:
                self._set_cloak(uid, settled)
                if settled.status == ck.CLOAKED:
                    self._cloaked_now(uid)
        for side in self._sides():
            ships = [u.id for u in self._controlled() if u.side == side and self._can_cloak(u.id)
                     and (self._cloak_paid(u.id) or self._cloak_state(u.id).status != ck.OFF)]
            if not ships:
                continue
            prompt = Orders(self._key("cloak", side), "cloak",
                            f"Cloaking devices of side {side}, impulse {self._impulse}: which ships "
                            "begin to cloak or to decloak? (G13.14, G13.15)", side=side,
                            rule="G13.14", default={})
            changes = yield from self._ask(prompt, lambda v, s=side: self._check_cloak(s, v))
            for uid, new in changes:
                self._set_cloak(uid, new)
                if new.status == ck.FADING_OUT:
                    self._emit(event("cloak_engaged", uid, "G13.14",
                                     f"{uid} activates its cloak: it fades out over 5 impulses"))
                else:
                    self._emit(event("cloak_fading_in", uid, "G13.15",
                                     f"{uid} deactivates its cloak: it fades in over 5 impulses"))

    def _check_cloak(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("G13.14", "cloak orders are {ship: \"cloak\" | \"decloak\"}")
        clock = clock_of(self._turn, self._impulse)
        out = []
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if not self._can_cloak(uid):
                return Refusal("G13.21", f"{uid} has no cloaking device")
            if what == "cloak":
                new = ck.activate(self._cloak_state(uid), clock, paid=self._cloak_paid(uid),
                                  ship=uid)
            elif what == "decloak":
                new = ck.deactivate(self._cloak_state(uid), clock, uid)
            else:
                return Refusal("G13.14", f"{uid}: \"cloak\" or \"decloak\", not {what!r}")
            if isinstance(new, Refusal):
                return new
            out.append((uid, new))
        return out

    def _cloaked_now(self, uid: str) -> None:
        """Fully cloaked: the enemy seeking weapons aimed at it lose their tracking."""
        side = self._units[uid].side
        for sid in list(self._get_roster()[1]):
            s = self._units[sid]
            if s.target == uid and s.side != side:
                self._put(replace(s, target=None))
                self._emit(event("tracking_lost", sid, "G13.4",
                                 f"{sid} loses its tracking on the cloaked {uid}", target=uid))
        self._emit(event("cloaked", uid, "G13.14", f"{uid} is cloaked"))

    # -- fire at a cloaked ship --------------------------------------------------------------
    def _cloak_facts(self, target_id: str, facts: dict) -> dict:
        """G13.302/G13.31: the cloak bonus and, fully cloaked, no lock-on (option)."""
        mode = self.initial.options.systems.cloak_fire
        state = self._cloak_state(target_id)
        clock = clock_of(self._turn, self._impulse)
        if mode not in (CLOAK_FIRE_RANGE, CLOAK_FIRE_BOTH) or state.status == ck.OFF:
            return facts
        out = dict(facts, cloak=ck.cloak_bonus(state, clock))
        if ck.fully_cloaked(state, clock):
            out["lock_on"] = False
        return out

    def _cloak_roll(self, firer: str, box: str, target_id: str, result) -> Generator:
        """G13.37 (option "table"/"both"): one 1d6 per weapon scales its damage."""
        mode = self.initial.options.systems.cloak_fire
        if mode not in (CLOAK_FIRE_TABLE, CLOAK_FIRE_BOTH) or result.damage <= 0 \
                or not self._cloak_blocks(target_id):
            return result
        prompt = DiceRequest(self._key(f"cloak.{firer}.{box}", target_id),
                             f"{firer} {box} at the cloaked {target_id}: damage roll (G13.37: "
                             "1-2 full, 3-4 half, 5-6 a quarter)", kind="1d6", rule="G13.37",
                             unit=firer)
        (roll,) = yield from self._ask(prompt, lambda v: check_dice(prompt, v))
        damage = ck.cloak_damage(result.damage, roll)
        self._emit(event("cloak_damage", target_id, "G13.37",
                         f"{box} of {firer} at the cloaked {target_id}: roll {roll}, "
                         f"{damage} of {result.damage} damage", roll=roll, damage=damage,
                         chart=result.damage))
        return replace(result, damage=damage)
