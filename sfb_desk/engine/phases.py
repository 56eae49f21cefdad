"""The work of phases 1-5 and 8 of the sequence of play, as steps of the session.

A mixin of :class:`~sfb_desk.engine.session.Session` (which holds the plumbing these methods
use: ``_ask``, ``_put``, ``_emit``, the roster). Energy allocation and speed plots (B3, C12.12),
speed determination (C12.131), disengagement by separation in the Sensor Lock-On Phase (C7.2)
and record keeping (B2.2).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.movement import em as em_rules
from ..rules.hexes import hex_range
from ..rules.movement.disengage import Contact, Pursuer, by_separation
from ..rules.movement.speed import parse_plot, validate_plot
from ..rules.results import Refusal, event
from ..rules.units import ACTIVE, AWAITING, SHIP, TacState, Unit
from .prompts import Choice, Orders, Prompt, canonical, check_choice
from .steps import Step

Walk = Generator[Prompt, object, None]


class TurnPhases:
    """Handlers of the turn steps (see :data:`~sfb_desk.engine.steps.TURN_STEPS`)."""

    def _reinforcements(self) -> None:
        """A scenario's units arriving later (``arrives_turn``, e.g. SG15.2's reaction force on
        turn 15) enter the map at the start of that turn, at their set-up hex, heading and
        speed, before energy is allocated."""
        field = self._battlefield
        due = [uid for uid, turn in field.arrivals if turn <= self._turn]
        if not due:
            return
        self._battlefield = replace(field, arrivals=tuple(
            a for a in field.arrivals if a[0] not in due))
        for uid in due:
            unit = self._units.get(uid)
            if unit is None or unit.status != AWAITING:
                continue
            self._put(replace(unit, status=ACTIVE))
            self._emit(event("arrives", uid, "set-up",
                             f"{unit.name or uid} enters the map in {unit.hex.label} on turn "
                             f"{self._turn} (the scenario's set-up)", hex=unit.hex.label))

    def _energy_allocation(self, step: Step) -> Walk:
        self._reinforcements()
        options = self.initial.options
        for unit in self._controlled() + self._hangar_units():  # G19.22: aboard too
            warp = unit.profile.warp - sum(
                1 for box in unit.destroyed if box.split("#")[0].endswith("_warp")
            )
            unit = replace(unit, warp_at_start=max(warp, 0))
            if self._dragon(unit.id) is not None:  # SM7.464: its wings set its speed
                self._put(self._dragon_turn(unit))
                continue
            if unit.id in self._ships:  # the full form, speed plot included (energy_steps)
                self._put((yield from self._full_allocation(unit)))
                continue
            name = unit.name or unit.id
            plot = yield from self._ask(
                Orders(self._key("plot", unit.id), "speed_plot",
                       f"Speed plot for {name} (C12.12)", unit=unit.id, rule="C12.12"),
                lambda v, u=unit: self._check_plot(u, v),
            )
            unit = replace(unit, plot=plot)
            if unit.kind == SHIP:  # shuttles have no energy allocation (EM by speed, C10.13)
                unit = yield from self._ask(
                    Orders(self._key("ea", unit.id), "energy_allocation",
                           f"Energy allocation for {name} (B3)", unit=unit.id, rule="B3"),
                    lambda v, u=unit: _check_allocation(u, v, options),
                )
            self._put(unit)

    def _check_plot(self, unit: Unit, value: object) -> object:
        plot = parse_plot(value)
        if isinstance(plot, Refusal):
            return plot
        refusal = validate_plot(unit, plot, self.initial.options, turn=self._turn)
        return refusal or self._sat_speed_refusal(unit, plot) or plot  # G19.442

    def _speed_determination(self, step: Step) -> Walk:
        for unit in self._controlled():
            first = unit.plot[0][1]
            unit = replace(unit, speed=abs(first), reverse=first < 0)
            self._put(unit)
            self._emit(event("speed_announced", unit.id, "C12.131",
                             f"{unit.id} moves at speed {first} this turn", speed=first))
        return
        yield  # a generator

    def _lock_on(self, step: Step) -> Walk:
        """Disengagement by separation, offered when a ship qualifies (C7.2)."""
        options = self.initial.options
        for unit in self._controlled():
            if unit.kind != SHIP:
                continue
            contacts = [
                Contact(hex_range(unit.hex, o.hex), "ship" if o.kind == SHIP else "shuttle")
                for o in self._units.values()
                if o.active and o.side != unit.side and not o.is_seeker
            ]
            if not contacts:
                continue
            pursuers = [
                Pursuer(s.speed, hex_range(s.hex, unit.hex))
                for s in self._units.values()
                if s.active and s.is_seeker and s.target == unit.id
            ]
            if by_separation(contacts, pursuers, unit.speed, ship_range=options.separation_range):
                continue
            prompt = Choice(self._key("disengage", unit.id),
                            f"Disengage {unit.name or unit.id} by separation? (C7.2)",
                            ("yes", "no"), rule="C7.2", unit=unit.id, default="no")
            answer = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            if answer == "yes":
                self._put(replace(unit, status="disengaged"))
                self._emit(event("disengaged", unit.id, "C7.2",
                                 f"{unit.id} disengages by separation"))

    def _record_keeping(self, step: Step) -> Walk:
        if self._ships:
            yield from self._records_end_of_turn()
        self._tractor_end_of_turn()  # G7.13 (tractor_steps)
        self._panels_end_of_turn()  # D10.41 (absorber_steps)
        for unit in list(self._units.values()):
            if unit.is_seeker:
                continue
            unit = em_rules.end_of_turn(unit)
            unit = replace(
                unit,
                prev_plot=unit.plot,
                het=replace(unit.het, made=0, paid=0),
                tac=TacState(),
            )
            self._put(unit)
        self._emit(event("end_of_turn", None, "B2.2", f"end of turn {self._turn}",
                         turn=self._turn))
        self._turn += 1
        self._impulse = 0
        self._state = None


def _check_allocation(unit: Unit, value: object, options) -> Unit | Refusal:
    """Read the movement parts of an energy allocation (C6.2 HETs, C5 TACs, C10.11 EM); keep
    the whole record for the energy issue (B3)."""
    if not isinstance(value, dict):
        return Refusal("B3", "an energy allocation is a dict of lines")
    hets = value.get("hets", 0)
    warp_tacs = value.get("warp_tacs", 0)
    sublight = value.get("sublight_tac", False)
    em = value.get("em", False)
    if not isinstance(hets, int) or isinstance(hets, bool) or hets < 0:
        return Refusal("C6.2", "hets is the number of HETs paid for")
    if hets and not unit.profile.can_het:
        return Refusal("C6.4", f"{unit.id} cannot make high energy turns")
    if not isinstance(warp_tacs, int) or isinstance(warp_tacs, bool) or not 0 <= warp_tacs <= 4:
        return Refusal("C5.2", "warp_tacs is 0..4 warp tactical maneuvers a turn")
    if not isinstance(sublight, bool) or not isinstance(em, bool):
        return Refusal("B3", "sublight_tac and em are true or false")
    paid = em_rules.pay_em(unit, em, options)
    if isinstance(paid, Refusal):
        return paid
    return replace(
        paid,
        het=replace(paid.het, paid=hets, made=0),
        tac=TacState(sublight_paid=sublight, warp_paid=warp_tacs),
        allocation=canonical(value),
    )
