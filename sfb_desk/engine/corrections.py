"""Table corrections: a box marked or unmarked by hand on the SSD is a fact of the game.

At a real table a player crosses out a box the program missed, or erases one crossed out by
mistake. Here such a hand edit is a :class:`Correction` given to the session like an answer
(:meth:`sfb_desk.engine.session.Session.answer`): it is checked, applied to the units and ship
records at once, and logged as an answer (its key starts with :data:`KEY_PREFIX`) with an event
that says it in words ("Table: KLI-D7 disruptor B marked destroyed, turn 2 impulse 14"). The
sequencer, the energy allocation checks, fire, the DAC, victory and the robot read the same
state, so all of them honour it; undo, saves and replays feed it back in its place among the
answers (:mod:`.replay`), so they stay exact.

What a box id names decides what the mark changes (the ids of
:meth:`sfb_desk.rules.ship.ShipSpec.box_ids`):

* a system, weapon, track or excess-damage box: the unit's destroyed boxes (D4.2);
* ``shield{k}#{n}``: shield #k's undestroyed boxes, a count (D3.4: the highest-numbered boxes
  are the ones shown destroyed, whichever box was clicked);
* ``crew#{n}`` / ``boarding#{n}``: the crew units or boarding parties lost (G9.21), counted
  the same way.

Refused, with a message naming the problem: an unknown unit, a unit without an SSD, a box the
ship does not have, a mark that changes nothing (the box is already so), a value of the wrong
kind, and a change to a ship whose damage is being settled right now (its DAC, D22 balance or
repair prompt is pending: the sequencer holds its damage in hand).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..rules.combat.shields import ShieldState
from ..rules.box_names import box_words
from ..rules.results import Event, Refusal, event
from ..rules.ship import ShipSpec
from ..rules.units import Unit
from .log import ANSWER, REFUSED
from .records import ShipRecord

#: Prompt-key prefix of a correction's answer record in the log.
KEY_PREFIX = "table."
#: The event kind that reports a correction.
EVENT_KIND = "table_correction"
RULE = "table correction"
COUNTERS = {"crew": "crew units", "boarding": "boarding parties"}


@dataclass(frozen=True, slots=True)
class Correction:
    """Box ``box`` of ``unit`` marked destroyed (``destroyed``) or unmarked, by hand."""

    unit: str
    box: str
    destroyed: bool = True


@dataclass(frozen=True, slots=True)
class Applied:
    """A checked correction: the unit and ship record after it, and what it did in words."""

    unit: Unit
    record: ShipRecord | None
    what: str


def check(correction: object, units: dict[str, Unit], ships: dict[str, ShipRecord],
          specs: dict[str, ShipSpec]) -> Applied | Refusal:
    """The correction applied to a copy of the unit and its ship record, or the refusal."""
    if not isinstance(correction, Correction):
        return Refusal(RULE, "a table correction names a unit, a box and whether it is destroyed")
    c = correction
    if not isinstance(c.unit, str) or not isinstance(c.box, str) or not isinstance(
            c.destroyed, bool):
        return Refusal(RULE, "a table correction is (unit, box id, true or false)")
    unit = units.get(c.unit)
    if unit is None:
        return Refusal(RULE, f"there is no unit {c.unit!r} in this game")
    record = ships.get(c.unit)
    spec = specs.get(record.spec_id) if record is not None else None
    if spec is None:
        return Refusal(RULE, f"{c.unit} has no SSD in this game: its boxes cannot be marked")
    system, _, number = c.box.partition("#")
    verb = "marked destroyed" if c.destroyed else "unmarked"
    counted = system in COUNTERS or (system.startswith("shield") and system[6:].isdigit())
    if counted and (not number.isdigit() or int(number) < 1):
        return Refusal(RULE, f"{c.box!r} is not a box id (e.g. 'shield1#3', 'crew#2')")
    if counted and system in COUNTERS:
        return _counter(c, unit, record, spec, system, int(number), verb)
    if counted:
        return _shield(c, unit, record, int(system[6:]), int(number), verb)
    if c.box not in spec.box_ids():
        return Refusal(RULE, f"{c.unit} ({spec.id}) has no box {c.box!r}")
    if (c.box in unit.destroyed) == c.destroyed:
        state = "already destroyed" if c.destroyed else "not destroyed"
        return Refusal(RULE, f"{c.unit} {box_words(c.box)} is {state}: nothing to change")
    destroyed = unit.destroyed | {c.box} if c.destroyed else unit.destroyed - {c.box}
    return Applied(replace(unit, destroyed=destroyed), record,
                   f"{c.unit} {box_words(c.box)} {verb}")


def _shield(c: Correction, unit: Unit, record: ShipRecord, k: int, n: int,
            verb: str) -> Applied | Refusal:
    shields: ShieldState = record.shields
    if not 1 <= k <= len(shields.printed) or not 1 <= n <= shields.printed[k - 1]:
        return Refusal(RULE, f"{c.unit} has no box {c.box!r} (shield #{k} has "
                             f"{shields.printed[k - 1] if 1 <= k <= len(shields.printed) else 0})")
    left = shields.boxes[k - 1]
    new = left - 1 if c.destroyed else left + 1
    if not 0 <= new <= shields.printed[k - 1]:
        state = "every box of it is destroyed" if c.destroyed else "no box of it is destroyed"
        return Refusal(RULE, f"{c.unit} shield #{k}: {state}: nothing to change")
    boxes = tuple(new if i == k - 1 else b for i, b in enumerate(shields.boxes))
    record = replace(record, shields=replace(shields, boxes=boxes))
    prefix = f"shield{k}#"
    shown = {b for b in unit.destroyed if not b.startswith(prefix)}
    shown |= {f"{prefix}{i}" for i in range(new + 1, shields.printed[k - 1] + 1)}
    unit = replace(unit, destroyed=frozenset(shown))  # the SSD shows the highest lost
    return Applied(unit, record, f"{c.unit} shield #{k} box {verb} ({new} of "
                                 f"{shields.printed[k - 1]} left)")


def _counter(c: Correction, unit: Unit, record: ShipRecord, spec: ShipSpec, system: str,
             n: int, verb: str) -> Applied | Refusal:
    total = spec.crew_units if system == "crew" else spec.boarding_parties
    field = "crew_units_lost" if system == "crew" else "boarding_parties_lost"
    words = COUNTERS[system]
    if n > total:
        return Refusal(RULE, f"{c.unit} ({spec.id}) has {total} {words}, no box {c.box!r}")
    lost = getattr(record, field)
    new = lost + 1 if c.destroyed else lost - 1
    if not 0 <= new <= total:
        state = f"all {total} {words} are lost" if c.destroyed else f"no {words} are lost"
        return Refusal(RULE, f"{c.unit}: {state}: nothing to change")
    record = replace(record, **{field: new})
    one = words[:-1] if words.endswith("s") else words
    if words == "boarding parties":
        one = "boarding party"
    return Applied(unit, record, f"{c.unit} {one} {'lost' if c.destroyed else 'restored'} "
                                 f"({total - new} of {total} left)")


class TableCorrections:
    """A mixin of :class:`~sfb_desk.engine.session.Session`: corrections given as answers
    (module docstring). ``_settling`` names the ship whose damage the sequencer holds in hand
    (set by the volley and repair steps while their prompts are pending)."""

    _settling: str | None = None

    def _fresh(self, unit: Unit) -> Unit:
        """``unit`` (held by a step across a prompt) with the boxes destroyed now: a box marked
        by hand while the prompt waited counts (:mod:`.corrections`)."""
        now = self._units.get(unit.id)
        if now is None or now.destroyed == unit.destroyed:
            return unit
        return replace(unit, destroyed=now.destroyed)

    def _check_correction(self, value: object) -> Applied | Refusal:
        if self.pending is None:
            return Refusal(RULE, "the game is over: boxes marked now would change nothing")
        if isinstance(value, Correction) and value.unit == self._settling:
            return Refusal(RULE, f"{value.unit}'s damage is being settled (the prompt waiting "
                                 "now): mark its boxes once it is answered")
        return check(value, self._units, self._ships, self.specs)

    def _correct(self, value: Correction, source: str) -> tuple[Event, ...] | Refusal:
        """Apply and log ``value`` (the session's :meth:`answer` for a correction): the events
        it caused, or the refusal."""
        self._source, self._refusal, self._events = source, None, []
        turn, impulse = self._turn, self._impulse
        key = f"{KEY_PREFIX}T{turn}.I{impulse}.{self._answers}"
        applied = self._check_correction(value)
        if isinstance(applied, Refusal):
            self.log.append(REFUSED, turn, impulse, self._step.id, key, (value, applied), source)
            return applied
        self._put(applied.unit)
        if applied.record is not None:
            self._ships[value.unit] = applied.record
        self._state = None
        self.log.append(ANSWER, turn, impulse, self._step.id, key, value, source)
        self._answers += 1
        when = f"turn {turn} impulse {impulse}" if impulse else f"turn {turn}"
        self._emit(event(EVENT_KIND, value.unit, RULE, f"Table: {applied.what}, {when}",
                         box=value.box, destroyed=value.destroyed, by=source))
        return tuple(self._events)
