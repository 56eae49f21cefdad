"""Sensor lock-on (D6.1), the scanner factor (D6.21) and the EW shift (D6.3) of a shot.

A mixin of :class:`~sfb_desk.engine.session.Session`, for ships with a
:class:`~.records.ShipRecord`.

* **Lock-on** (D6.11): once a turn, in the Sensor Lock-On Phase (B2.2 phase 4), each such
  ship rolls 1d6 (a DiceRequest to the table) and has a general lock-on when the roll is at
  most its sensor rating (the leftmost undestroyed box of the sensor track, D6.1). A rating of
  6 succeeds on any roll (automatic, D6.11), so no die is asked for. A ship whose fire control
  is off this turn has no lock-on (D6.6; reference basic-set-facts.md: "without active fire
  control there is no lock-on"). Failing means the range of its direct fire is doubled
  (D6.123, :func:`sfb_desk.rules.combat.effective_range`) and weapons that need a lock-on
  (ADD E5.14, DERFACS D6.124) cannot fire (:func:`~sfb_desk.rules.combat.check_shot`).
  The outcome is a ``lock_on`` event in the log; the session reads it back from the log
  (:meth:`_has_lock_on`), so saves and replays need no new field.
* **Scanner factor** (D6.21): the leftmost undestroyed box of the firer's scanner track, added
  to the effective range.
* **EW shift** (D6.34, E1.821, E1.822): net ECM = the target's total ECM (line 19 of its
  allocation, plus 4 while it performs erratic maneuvers, C10.41) less the firer's ECCM
  (ignored under passive fire control, D19.12); shift = floor(sqrt(net ECM))
  (:func:`sfb_desk.rules.combat.direct_fire_shift`; a firer using EM suffers its own 4, C10.414).
"""

from __future__ import annotations

from collections.abc import Generator

from ..rules.combat import (
    direct_fire_shift,
    lock_on_succeeds,
    scanner_factor,
    sensor_rating,
    total_ecm,
)
from ..rules.results import event
from ..rules.units import Unit
from .log import EVENT
from .prompts import DiceRequest, Prompt, check_dice

Walk = Generator[Prompt, object, None]


def _track_lost(unit: Unit, track: str) -> int:
    """Boxes of ``track`` destroyed (D4.33: the leftmost go first)."""
    return sum(1 for b in unit.destroyed if b.split("#")[0] == track)


class SensorSteps:
    """Lock-on rolls and the sensor facts of a shot (module docstring)."""

    def _lock_on_rolls(self) -> Walk:
        """D6.11: one lock-on roll per ship with a record, in id order."""
        failed: set[str] = set()
        for uid in sorted(self._ships):
            unit = self._units.get(uid)
            record = self._ships[uid]
            if unit is None or not unit.active or record.ship_destroyed:
                continue
            spec = self.specs[record.spec_id]
            alloc = record.allocation
            if alloc is not None and alloc.fire_control == "off":
                failed.add(uid)
                self._emit(event("lock_on", uid, "D6.6",
                                 f"{uid} has no lock-on: fire control is off", success=False))
                continue
            if not spec.sensor_track:
                continue  # no sensor track recorded: lock-on assumed (decisions.md)
            rating = sensor_rating(spec.sensor_track, _track_lost(unit, "sensor"))
            if rating >= 6:
                self._emit(event("lock_on", uid, "D6.11",
                                 f"{uid} locks on automatically (sensor rating {rating})",
                                 success=True, rating=rating))
                continue
            prompt = DiceRequest(self._key("lock_on", uid),
                                 f"Lock-on roll for {uid}: 1d6, success at most sensor rating "
                                 f"{rating} (D6.11)", kind="1d6", rule="D6.11", unit=uid)
            (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            ok = lock_on_succeeds(roll, rating)
            if not ok:
                failed.add(uid)
            self._emit(event("lock_on", uid, "D6.11",
                             f"{uid} lock-on roll {roll} against sensor rating {rating}: "
                             + ("locked on" if ok else "no lock-on (range doubled, D6.123)"),
                             success=ok, roll=roll, rating=rating))
        self._lock_cache = (self._turn, frozenset(failed))

    def _has_lock_on(self, uid: str) -> bool:
        """Has ``uid`` a lock-on this turn? Read from the ``lock_on`` events of the turn."""
        cache = getattr(self, "_lock_cache", None)
        if cache is None or cache[0] != self._turn:
            failed = frozenset(
                r.data.unit for r in self.log
                if r.kind == EVENT and r.turn == self._turn and r.data.kind == "lock_on"
                and dict(r.data.data).get("success") is False)
            cache = self._lock_cache = (self._turn, failed)
        return uid not in cache[1]

    def _sensor_facts(self, unit: Unit, target: Unit) -> dict[str, object]:
        """The lock-on, scanner factor and EW shift of a shot by ``unit`` at ``target``, as
        :func:`sfb_desk.rules.combat.situation` facts (module docstring)."""
        record = self._ships[unit.id]
        spec = self.specs[record.spec_id]
        scanner = (scanner_factor(spec.scanner_track, _track_lost(unit, "scanner"))
                   if spec.scanner_track else 0)
        alloc = record.allocation
        eccm = alloc.eccm if alloc is not None else 0
        trecord = self._ships.get(target.id)
        ecm = 0
        if trecord is not None and trecord.allocation is not None:
            ecm = trecord.allocation.ecm
        passive = alloc is not None and alloc.fire_control == "low"
        natural = self._natural_ecm(unit.hex, target.hex)  # P13.4, P11.3 (terrain_steps)
        shift = direct_fire_shift(total_ecm(ecm, natural=natural, em=target.em.active), eccm,
                                  passive=passive, firer_em=unit.em.active)
        return {"lock_on": self._has_lock_on(unit.id), "scanner": scanner, "shift": shift}
