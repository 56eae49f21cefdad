"""Energy balance due to damage (D22) in the sequencer, after a volley destroys power boxes.

A mixin of :class:`~sfb_desk.engine.session.Session`. When a volley on a ship with a
:class:`~.records.ShipRecord` destroys boxes that produce power (warp, impulse, APR, AWR:
:func:`sfb_desk.rules.energy.power.power_available` changes), the session runs
:func:`sfb_desk.rules.energy.d22.balance_steps` for that ship with what has happened so far
this turn (:class:`~sfb_desk.rules.energy.d22.Progress`: movement up to this impulse, HETs
made, EM, phaser energy used, weapons fired, fire control). Each
:class:`~sfb_desk.rules.energy.d22.D22Choice` becomes a Choice prompt to the owner (its
default the rules' default). The result is applied to the record at once:

* the rebalanced allocation replaces the turn's allocation (phaser capacitor, EW and the rest
  follow from it; D22.434);
* a slower speed plot (D22.28, D22.433) becomes the unit's plot from the next impulse;
* reinforcement cut from the allocation is taken off what the shields still hold (D3.34);
* weapons whose arming was stopped (D22.54) or whose holding energy was cancelled (ejected,
  D22.55) are no longer armed;
* reserve power used to meet the shortage (D22.432) is recorded as a reserve use (H7).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.energy.d22 import Progress
from ..rules.energy.d22_balance import balance_steps
from ..rules.energy.power import power_available
from ..rules.energy.reserve import reserve_available
from ..rules.energy.state import ReserveUse
from ..rules.movement.speed import parse_plot
from ..rules.results import Refusal, event
from .prompts import Choice, Prompt, check_choice

Walk = Generator[Prompt, object, None]


def _power(spec, destroyed) -> tuple:
    p = power_available(spec, destroyed)
    return (p.warp, p.impulse, p.apr, p.awr)


class BalanceSteps:
    """D22 after damage (module docstring)."""

    def _balance_after_damage(self, tid: str, before: frozenset[str], vno: int) -> Walk:
        record = self._ships[tid]
        unit = self._units[tid]
        alloc = record.allocation
        if alloc is None or record.ship_destroyed or not unit.active:
            return
        spec = self.specs[record.spec_id]
        if _power(spec, before) == _power(spec, unit.destroyed):
            return  # no power-producing box destroyed (D22.21)
        em = "stopped" if unit.em.stopped_this_turn else ("active" if unit.em.active else "unused")
        progress = Progress(
            impulse=self._impulse, hets_made=unit.het.made, em=em,
            phaser_used=record.capacitor_used, fired=record.fired,
            fire_control_active=alloc.fire_control == "active")
        steps = balance_steps(alloc, spec, record.energy, progress, unit.destroyed,
                              reserve=reserve_available(record.energy, alloc, spec))
        answer = None
        n = 0
        try:
            while True:
                need = steps.send(answer)
                n += 1
                prompt = Choice(self._key(f"d22.v{vno}.{need.key}.{n}", tid),
                                f"{tid}: {need.question}", need.options, rule=need.rule,
                                unit=tid, default=need.default)
                answer = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
        except StopIteration as stop:
            result = stop.value
        new = result.allocation
        stopped = {b for b in record.armed
                   if new.order(b) != alloc.order(b)
                   and (new.order(b) is None or new.order(b).action == "none")}
        stopped |= set(result.ejected)
        shields = record.shields
        shields = replace(
            shields, general=min(shields.general, new.general_reinforcement),
            specific=tuple(min(have, cap) for have, cap in
                           zip(shields.specific, new.specific_reinforcement)))
        energy = record.energy
        if result.reserve_used:
            energy = replace(energy, reserve=energy.reserve + (
                ReserveUse(self._impulse, result.reserve_used, "d22_balance"),))
        self._ships[tid] = replace(record, allocation=new, shields=shields, energy=energy,
                                   armed=record.armed - stopped)
        if new.speed_plot != alloc.speed_plot:
            plot = parse_plot([list(p) for p in new.speed_plot])
            if isinstance(plot, Refusal):  # the rules built it; a programmer error
                raise RuntimeError(f"D22 speed plot refused: {plot}")
            self._put(replace(unit, plot=plot))
        for rule, what in result.steps:
            self._emit(event("energy_balance_step", tid, rule, f"{tid}: {what}"))
        self._emit(event(
            "energy_balance", tid, "D22",
            f"{tid} balances its energy after losing power: "
            + (f"{len(result.steps)} adjustment(s)" if result.steps else "no adjustment needed"),
            shortage=str(result.general.shortage), warp_shortage=str(result.warp.shortage),
            reserve_used=str(result.reserve_used), ejected=tuple(sorted(result.ejected)),
            unallocated=str(result.unallocated), shortage_left=str(result.shortage_left)))
