"""The per-side orders of each impulse, as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session`: the Announce Movement Changes Step
(unplotted accelerations C12.24, EM C10.311, emergency deceleration C8) and EM taking effect
in the Post-Combat Segment (C10.311, C10.32). Launches are in :mod:`.launch_steps`, fire in
:mod:`.combat_steps`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.movement import em as em_rules
from ..rules.movement.speed import emergency_deceleration, speed_at, unplotted_acceleration
from ..rules.results import Event, Refusal, event
from ..rules.units import Unit
from .prompts import Orders, Prompt
from .steps import Step

IMPULSES = 32
Walk = Generator[Prompt, object, None]


class SideOrders:
    """Handlers of the announcement, launch, fire and post-combat steps."""

    def _announce(self, step: Step) -> Walk:
        """Announce Movement Changes Step (C12.36): plotted changes of next impulse are announced
        for every ship; each side may announce unplotted accelerations, EM and emergency
        deceleration."""
        impulse = self._impulse
        for unit in self._controlled():
            if impulse < IMPULSES:
                now, nxt = speed_at(unit.plot, impulse), speed_at(unit.plot, impulse + 1)
                if now != nxt and not unit.decel_at:
                    self._emit(event("speed_change_announced", unit.id, "C12.36",
                                     f"{unit.id} will move at speed {nxt} from impulse "
                                     f"{impulse + 1}", speed=nxt, impulse=impulse + 1))
        for side in self._sides():
            prompt = Orders(self._key("announce", side), "announce",
                            f"Movement announcements of side {side}, impulse {impulse} "
                            "(C12.36, C10.311, C8)", side=side, rule="C12.36", default={})
            changes = yield from self._ask(prompt, lambda v, s=side: self._check_announce(s, v))
            for unit, events in changes:
                self._put(unit)
                self._emit_all(events)

    def _check_announce(self, side: str, value: object) -> object:
        if not isinstance(value, dict):
            return Refusal("C12.36", "announcements are {unit: {...}}")
        out: list[tuple[Unit, list[Event]]] = []
        options = self.initial.options
        turn, impulse = self._turn, self._impulse
        for uid, what in sorted(value.items()):
            unit = self._own(side, uid)
            if isinstance(unit, Refusal):
                return unit
            if not isinstance(what, dict) or not what:
                return Refusal("C12.36", f"announcement for {uid} must be a non-empty dict")
            unknown = set(what) - {"speed", "until", "impulse_reserve", "em", "decel"}
            if unknown:
                return Refusal("C12.36", f"unknown announcement(s) for {uid}: {sorted(unknown)}")
            events: list[Event] = []
            if what.get("decel"):
                result = emergency_deceleration(unit, turn, impulse, options)
                if isinstance(result, Refusal):
                    return result
                unit, evs = result
                events += evs
            if "speed" in what:
                speed, until = what["speed"], what.get("until", IMPULSES)
                if not isinstance(speed, int) or not isinstance(until, int):
                    return Refusal("C12.24", "speed and until are whole numbers")
                if impulse >= IMPULSES:
                    return Refusal("C12.313", "no mid-turn speed change after impulse 28")
                result = unplotted_acceleration(
                    unit, impulse + 1, speed, options, turn=turn, until=until,
                    impulse_reserve=bool(what.get("impulse_reserve")),
                )
                if isinstance(result, Refusal):
                    return result
                unit = replace(unit, plot=result.plot)
                events.append(event(
                    "unplotted_acceleration", uid, "C12.24",
                    f"{uid} accelerates to {speed} from impulse {impulse + 1} with reserve power "
                    f"({result.movement_points} movement points for {result.hexes_gained} hexes)",
                    speed=speed, impulse=impulse + 1, until=until, hexes=result.hexes_gained,
                    movement_points=result.movement_points, energy=str(result.energy),
                ))
            if "em" in what:
                result = em_rules.announce_em(unit, what["em"], impulse, options)
                if isinstance(result, Refusal):
                    return result
                unit = result
                events.append(event("em_announced", uid, "C10.311",
                                    f"{uid} announces it will {what['em']} erratic maneuvers",
                                    what=what["em"]))
            out.append((unit, events))
        return out

    def _own(self, side: str, uid: object) -> Unit | Refusal:
        unit = self._units.get(uid) if isinstance(uid, str) else None
        if unit is None or not unit.active:
            return Refusal("orders", f"no active unit {uid!r}")
        if unit.side != side:
            return Refusal("orders", f"{uid} is not a unit of side {side}")
        return unit

    def _end_of_impulse(self, step: Step) -> Walk:
        for unit in self._controlled():
            if unit.em.pending:
                new, ev = em_rules.end_of_impulse(unit, self._impulse)
                self._put(new)
                if ev is not None:
                    self._emit(ev)
        return
        yield
