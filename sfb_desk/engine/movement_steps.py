"""The Movement Segment (6A) of each impulse, as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session`: speed changes take effect (C12.36),
ships and shuttles move in order of precedence with their orders fully checked (C1.313, C3-C6),
HET breakdown rolls (C6.5), seeking weapons pursue (F2) and hit at the end of 6A.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.charts.impulse import moves_on
from ..rules.movement.core import (
    STRAIGHT,
    MoveOrder,
    Moved,
    apply_order,
    earn_warp_tac,
    legal_orders,
    parse_move_order,
)
from ..rules.movement.het import apply_breakdown_facing, resolve_breakdown_roll
from ..rules.movement.seekers import impact, move_seeker
from ..rules.movement.speed import speed_at
from ..rules.results import Refusal, event
from ..rules.units import ACTIVE, Unit, clock_of
from .prompts import DiceRequest, Orders, Prompt, check_dice
from .steps import Step

Walk = Generator[Prompt, object, None]


class MovementSegment:
    """Handlers of the 6A steps (see :data:`~sfb_desk.engine.steps.IMPULSE_STEPS`)."""

    def _speed_changes(self, step: Step) -> Walk:
        impulse = self._impulse
        for unit in self._controlled():
            signed = speed_at(unit.plot, impulse)
            speed, reverse = abs(signed), signed < 0
            speed = self._tractor_speed(unit, speed)  # G7.36 (tractor_steps)
            new = unit
            if speed != unit.speed or reverse != unit.reverse:
                new = replace(new, speed=speed, reverse=reverse)
                if impulse > 1:
                    self._emit(event("speed_change", unit.id, "C12.36",
                                     f"{unit.id} now moves at speed {signed}", speed=signed))
            if unit.tac.warp_paid:
                new = earn_warp_tac(new, impulse)
            if new is not unit:
                self._put(new)
        return
        yield

    def _precedence(self) -> list[Unit]:
        """C1.313 as simplified (decisions.md): slower units first; nimble units (C11.27) and
        computer-controlled ships (G11.12, "Step 10") later; then by id."""
        units = self._controlled()
        units.sort(key=lambda u: (u.profile.computer, u.nimble, u.speed))
        return units

    def _move_units(self, step: Step) -> Walk:
        turn, impulse = self._turn, self._impulse
        clock = clock_of(turn, impulse)
        options = self.initial.options
        for unit in self._precedence():
            unit = self._units[unit.id]
            if not unit.active:
                continue
            choices = legal_orders(unit, impulse, clock, options)
            if choices == ("stay",):
                continue
            if self._dragon(unit.id) is not None and "stay" not in choices:
                choices += ("stay",)  # SM7.467: a dragon may skip a move
            scheduled = choices[0] == STRAIGHT
            if self._web_held(unit, scheduled):  # caught in a web (web_steps, G10.5)
                continue
            name = unit.name or unit.id
            prompt = Orders(
                self._key("move", unit.id), "movement",
                f"Movement of {name}, impulse {impulse} (speed {unit.speed})",
                unit=unit.id, options=choices, rule="C1.4",
                default=STRAIGHT if scheduled else "stay",
            )
            moved = yield from self._ask(prompt,
                                         lambda v, u=unit: self._check_move(self._fresh(u), v))
            assert isinstance(moved, Moved)
            before, unit = unit, moved.unit
            self._put(unit)
            self._emit_all(moved.events)
            self._note_entry(before, unit)  # battlefield_steps: terrain and mines
            if unit.hex != before.hex:
                self._web_entered(unit)  # web_steps: a web catches it
            self._dragon_moved(before, unit)  # dragon_steps: SM7.45
            self._tractor_het(before, unit)  # tractor_steps
            self._drag_linked(before, unit)
            if moved.breakdown_roll:
                broken = yield from self._breakdown(unit)
                unit = self._units[unit.id]
                if not broken and moved.then_move:
                    after = apply_order(unit, MoveOrder(STRAIGHT), turn=turn, impulse=impulse,
                                        options=options, bounds=self.initial.map)
                    assert isinstance(after, Moved)
                    self._put(after.unit)
                    self._emit_all(after.events)
                    self._note_entry(unit, after.unit)
                    if after.unit.hex != unit.hex:
                        self._web_entered(after.unit)

    def _check_move(self, unit: Unit, value: object) -> object:
        order = parse_move_order(value)
        if isinstance(order, Refusal):
            return order
        if order.action == "stay" and self._dragon(unit.id) is not None:
            return Moved(unit)  # SM7.467: a dragon may elect not to move
        moved = apply_order(unit, order, turn=self._turn, impulse=self._impulse,
                            options=self.initial.options, bounds=self.initial.map)
        if isinstance(moved, Moved):
            refusal = self._terrain_refusal(moved.unit)  # SM6.49 (battlefield_steps)
            if refusal is not None:
                return refusal
        return moved

    def _breakdown(self, unit: Unit) -> Generator[Prompt, object, bool]:
        """The breakdown roll after an HET (C6.5) and, on a breakdown, the facing roll."""
        name = unit.name or unit.id
        prompt = DiceRequest(self._key("breakdown", unit.id),
                             f"Breakdown roll for {name} (C6.5)", "1d6", 1, "C6.5", unit.id)
        (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
        unit = self._units[unit.id]
        unit, events, broken = resolve_breakdown_roll(
            unit, roll, self.initial.options, turn=self._turn, impulse=self._impulse,
            clock=clock_of(self._turn, self._impulse),
        )
        self._put(unit)
        self._emit_all(events)
        if broken:
            prompt = DiceRequest(self._key("breakdown_facing", unit.id),
                                 f"New facing of {name} after its breakdown (C6.54; 1 = A)",
                                 "1d6", 1, "C6.54", unit.id)
            (roll,) = yield from self._ask(prompt, lambda v, p=prompt: check_dice(p, v))
            unit, ev = apply_breakdown_facing(self._units[unit.id], roll)
            self._put(unit)
            self._emit(ev)
        return broken

    def _move_seekers(self, step: Step) -> Walk:
        impulse = self._impulse
        units = self._units
        bounds = self.initial.map
        bounded = bounds.columns is not None or bounds.rows is not None
        moved = False
        for uid in self._get_roster()[1]:
            unit = units[uid]
            if not moves_on(unit.speed, impulse) or self._tractor_held(uid):
                continue  # a held seeker does not move on its own (G7.32, tractor_steps)
            if self._web_held(unit, True):
                continue  # caught in a web (web_steps; decisions.md G10)
            target = units.get(unit.target) if unit.target else None
            th = target.hex if target is not None and target.status == ACTIVE else None
            new = move_seeker(unit, th)
            if bounded and not bounds.contains(new.hex):
                new = replace(new, status="off_map")
                self._roster = None
                self._emit(event("left_map", uid, "C7.0", f"{uid} leaves the map"))
            units[uid] = new
            moved = True
            if new.hex != unit.hex:
                self._web_entered(new)
        if moved:
            self._state = None
        return
        yield

    def _impacts(self, step: Step) -> Walk:
        units = self._units
        hits = []
        for sid in self._get_roster()[1]:
            s = units[sid]
            t = units.get(s.target) if s.target is not None else None
            if t is not None and t.status == ACTIVE and t.hex == s.hex and s.status == ACTIVE \
                    and not self._tractor_held(sid):
                hits.append((s, t))
        for seeker, target in hits:
            self._remove(seeker.id)
            self._emit(impact(seeker, target))
        return
        yield
