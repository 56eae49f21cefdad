"""Words a player reads: box ids as the SSD labels them, units by the names the scenario gives.

The rules and the steps of the sequencer write their event texts and prompt purposes with the
program's ids (``KRT fires phaser#1 at ENT``); :class:`UnitWords` turns them into a player's
sentence as the session logs them (``Krenshaw fires phaser 1 at Enterprise``):

* every box id becomes its SSD label (:func:`sfb_desk.rules.box_names.box_words`:
  ``phaser 1``, ``disruptor B``, ``drone rack 2``, ``shield #3 box 5``);
* every seeking weapon's id its launcher's weapon and launch (``KLI-D7.T1I1.drone1`` ->
  ``KLI-D7's drone 1 (launched turn 1 impulse 1)``, :func:`~sfb_desk.rules.box_names
  .seekers_in_words`);
* every unit with a name of its own (``name`` in the scenario: not its id, not its class's
  name such as "Heavy Cruiser") is called by it; a unit without one keeps its id, which is what
  its counter and SSD tab show.

Only the words change: an event's kind, unit, rule and data, a prompt's key, options and
default stay the program's ids (saves, replays, robots and the tests read those). The log
(:mod:`sfb_desk.ui.table.log_lines`) words the answers with :func:`answer_words`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ..rules.box_names import box_words, boxes_in_words, seekers_in_words
from ..rules.results import Event
from ..rules.units import Unit

#: Characters that continue an id on either side (``FED-CA``, ``KLI-D7.T1I1.drone1``).
_BEFORE = r"(?<![\w.#-])"
_AFTER = r"(?![\w#-]|\.\w)"


class UnitWords:
    """Ids to words for the units of ``units`` (a live mapping: units launched later count);
    ``specs`` (ship classes by id) tell a name of its own from the class's name."""

    def __init__(self, units: Mapping[str, Unit], specs: Mapping[str, object] | None = None
                 ) -> None:
        self._units = units
        self._specs = specs or {}
        self._key: tuple[tuple[str, str], ...] = ()
        self._pattern: re.Pattern[str] | None = None
        self._names: dict[str, str] = {}

    def _named(self) -> re.Pattern[str] | None:
        key = tuple((u.id, u.name) for u in self._units.values() if self._own_name(u))
        if key != self._key:
            self._key = key
            self._names = dict(key)
            ids = sorted(self._names, key=len, reverse=True)
            self._pattern = re.compile(
                _BEFORE + "(" + "|".join(map(re.escape, ids)) + ")" + _AFTER) if ids else None
        return self._pattern

    def _own_name(self, unit: Unit) -> bool:
        if not unit.name or unit.name == unit.id:
            return False
        spec = self._specs.get(unit.spec_id)
        return spec is None or unit.name != getattr(spec, "name", None)

    def unit(self, uid: str | None) -> str:
        """``ENT`` -> ``Enterprise`` (its id when it has no name of its own); a seeking
        weapon's id in words (``KLI-D7.T1I1.drone1`` -> ``KLI-D7's drone 1 (launched turn 1
        impulse 1)``, :func:`~sfb_desk.rules.box_names.seekers_in_words`)."""
        if not uid:
            return ""
        unit = self._units.get(uid)
        if unit is not None and self._own_name(unit):
            return unit.name
        said = seekers_in_words(uid)
        return uid if said == uid else self.text(said)

    def text(self, text: str) -> str:
        """``text`` with box ids and named units in words."""
        text = boxes_in_words(text)
        pattern = self._named()
        if pattern is None:
            return text
        return pattern.sub(lambda m: self._names[m.group(1)], text)

    def event(self, ev: Event) -> Event:
        """The event with its text in words (everything else as it was)."""
        said = self.text(ev.text)
        return ev if said == ev.text else replace(ev, text=said)

    def prompt(self, prompt):  # noqa: ANN001, ANN201 - any prompt dataclass
        """The prompt with its purpose in words (key, options and default as they were)."""
        said = self.text(prompt.purpose)
        return prompt if said == prompt.purpose else replace(prompt, purpose=said)


#: What a damage point did when it hit no box (D4.40), in words.
OUTCOME_WORDS = {"ship_destroyed": "the ship is destroyed (D4.40)",
                 "after_destruction": "not scored, the ship is already destroyed",
                 "excess_damage": "excess damage"}


def damage_point_text(uid: str, ev) -> str:  # noqa: ANN001 - a rules.damage DamageEvent
    """``KLI-D7 damage point 3: roll 8, column A (A Hull): aft_hull#1`` (the box id in words
    when logged); a point with no roll (after the ship's destruction) says only what it did."""
    what = ev.box or OUTCOME_WORDS.get(ev.outcome, str(ev.outcome).replace("_", " "))
    if ev.roll is None:
        return f"{uid} damage point {ev.point}: {what}"
    return f"{uid} damage point {ev.point}: roll {ev.roll}, column {ev.column} ({ev.entry}): {what}"


def value_words(value: object, words: UnitWords | None = None) -> str:
    """An answer value as plain words: a text's box ids and units in words, a list as its
    items joined by commas, a mapping as ``key: value`` parts joined by semicolons
    (``{"FED-CA": {"link": [...]}}`` -> ``FED-CA: link tractor 1 on ...``)."""
    say = words.text if words is not None else boxes_in_words
    if isinstance(value, str):
        return say(value.replace("_", " ") if "#" not in value and " " not in value
                   else value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "; ".join(f"{say(str(k)).replace('_', ' ')} {value_words(v, words)}".strip()
                         for k, v in value.items()) or "nothing"
    if isinstance(value, Iterable):
        return ", ".join(value_words(v, words) for v in value) or "none"
    return str(value)


def _plain_item(item: object, words: UnitWords | None, keys: Iterable[str],
                prep: str = "on") -> str:
    if not isinstance(item, Mapping):
        return value_words(item, words)
    box, target = item.get("box"), item.get("target")
    unit = words.unit if words is not None else (lambda u: seekers_in_words(u or ""))
    head = box_words(box) if isinstance(box, str) else ""
    if isinstance(target, str):
        head = f"{head} {prep} {unit(target)}" if head else unit(target)
    rest = [f"{k} {value_words(v, words)}" for k, v in item.items()
            if k not in ("box", "target") and k in keys]
    if not head:
        return ", ".join(rest)
    return head + (f" ({', '.join(rest)})" if rest else "")


#: Per order kind: how a ship's orders read (the verb of each list, then the fields shown).
_VERBS = {
    "tractors": {"link": "lock", "release": "release"},
    "marines": {"drop": "drop shield", "raise": "raise shield", "guards": "guard",
                "raids": "raid", "board": "board", "tbombs": "transporter bomb in"},
    "sat_ships": {"launch": "launch", "recover": "recover", "transfer": "transfer"},
}


def answer_words(kind: str, value: object, words: UnitWords | None = None) -> str | None:
    """One line for an answer of the ship orders ``kind`` (tractors, marines, displacement,
    sat ships): ``FED-CA: lock tractor 1 on KLI-D7 (power 1)``; None for another shape."""
    if not isinstance(value, Mapping) or not value:
        return None
    unit = words.unit if words is not None else seekers_in_words
    parts = []
    for uid, orders in value.items():
        if kind == "displacement" and isinstance(orders, list):
            said = ", ".join(_plain_item(o, words, ("direction", "swap")) for o in orders)
        elif kind in _VERBS and isinstance(orders, Mapping):
            verbs = _VERBS[kind]
            said = "; ".join(
                f"{verbs.get(k, k)} " + ", ".join(
                    _plain_item(i, words, ("power", "parties", "hex", "ship", "facing",
                                           "speed", "module", "from", "points"),
                                "of" if kind == "marines" else "on")
                    if isinstance(i, Mapping) else
                    (unit(i) if k in ("release", "recover") else value_words(i, words))
                    for i in (v if isinstance(v, list) else [v]))
                for k, v in orders.items())
        else:
            return None
        parts.append(f"{unit(uid)}: {said or 'nothing'}")
    return " · ".join(parts)
