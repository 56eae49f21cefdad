"""Energy allocation and the end of turn for ships with a :class:`~.records.ShipRecord`.

A mixin of :class:`~sfb_desk.engine.session.Session`. In the Energy Allocation Phase each
such ship gets one ``energy_allocation`` Orders prompt: the whole form (B3.1) as a dict of
:class:`~sfb_desk.rules.energy.Allocation` lines, the speed plot on the movement line
(``speed_plot``, C12.12: there is no separate plot prompt for these ships). It is checked by
:func:`sfb_desk.rules.energy.validate` against the energy carried into the turn and refused
with every error's rule number; the plot goes through the movement rules (C12.3 limits).
The energy state it is checked against is marked crippled when the ship is crippled now (S2.4),
so a crippled ship may take emergency life support (B3.3); a ship that cannot pay even its life
support may allocate life support alone (validate, decisions.md B3.3).
The allocation sets this turn's reinforcement (D3.34) and the weapons' arming (E4, E3, FP).

In the Record Keeping Phase each record is carried to the next turn: batteries, capacitor and
each weapon's arming (:func:`sfb_desk.rules.energy.carry`), unused reinforcement lost (D3.34),
shield repair paid on line 15 (D9.21), and continuous damage repair (D9.7) to the box the
owner picks (a Choice; default none).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from fractions import Fraction

from ..rules.combat.shields import end_turn as shields_end_turn
from ..rules.combat.shields import set_energized
from ..rules.combat.shields import repair_boxes, set_reinforcement
from ..rules.damage.repair import (
    NOT_REPAIRABLE,
    continuous_repair,
    damage_control_rating,
    repair_cost,
    shield_repair_boxes,
)
from ..rules.damage.status import crippled_reasons
from ..rules.energy import Allocation, EnergyState, WeaponOrder, carry, step, validate
from ..rules.energy.state import weapon_destroyed
from ..rules.movement.speed import parse_plot
from ..rules.results import Refusal, event
from ..rules.ship import ShipSpec
from ..rules.units import Unit
from .codec import CodecError, decode, encode
from ..rules.systems.andromedan import IN_HANGAR
from .prompts import Choice, Orders, Prompt, canonical, check_choice
from .records import ShipRecord, damage_state, with_damage

Walk = Generator[Prompt, object, None]
_ALLOCATION_DEFAULTS = encode(Allocation(ship=""))
_ORDER_DEFAULTS = encode(WeaponOrder(box=""))
_MOVEMENT_KEYS = ("hets", "warp_tacs", "sublight_tac", "em")


def parse_allocation(value: object, ship: str, turn: int) -> Allocation | Refusal:
    """An :class:`Allocation` from an answer: a dict of form lines (missing lines take the
    form's defaults; ``weapons`` a list of ``{"box", "action", ...}``)."""
    if not isinstance(value, dict):
        return Refusal("B3", "an energy allocation is a dict of the form's lines")
    unknown = sorted(set(value) - set(_ALLOCATION_DEFAULTS))
    if unknown:
        return Refusal("B3", f"unknown line(s) {', '.join(unknown)}")
    doc = {**_ALLOCATION_DEFAULTS, **value, "ship": ship, "turn": turn}
    if "speed_plot" not in value:
        return Refusal("C12.12", "the allocation's movement line needs the speed plot")
    plot = parse_plot(value["speed_plot"])
    if isinstance(plot, Refusal):
        return plot
    doc["speed_plot"] = [list(p) for p in plot]
    orders = value.get("weapons", [])
    if not isinstance(orders, list) or not all(isinstance(o, dict) for o in orders):
        return Refusal("B3", "weapons is a list of {\"box\", \"action\"} orders")
    doc["weapons"] = [{**_ORDER_DEFAULTS, **o} for o in orders]
    try:
        return decode(doc, Allocation, "allocation")  # type: ignore[return-value]
    except CodecError as exc:
        return Refusal("B3", str(exc))


class EnergySteps:
    """Energy allocation (phase 1) and record keeping (phase 8) of ships with records."""

    def _full_allocation(self, unit: Unit) -> Generator[Prompt, object, Unit]:
        record = self._ships[unit.id]
        spec = self.specs[record.spec_id]
        name = unit.name or unit.id
        prompt = Orders(self._key("ea", unit.id), "energy_allocation",
                        f"Energy allocation for {name}, speed plot included (B3, C12.12)",
                        unit=unit.id, rule="B3")
        unit, record = yield from self._ask(
            prompt, lambda v: self._check_full_allocation(self._fresh(unit), self._ships[unit.id],
                                                          spec, v))
        self._ships[unit.id] = record
        self._panels_allocated(unit.id)  # D10.22: the level paid for (absorber_steps)
        self._emit(event("energy_allocated", unit.id, "B3",
                         f"{unit.id} allocates energy for turn {self._turn}",
                         armed=sorted(record.armed), general=record.shields.general,
                         capacitor=str(record.capacitor)))
        return unit

    def _energy_now(self, unit: Unit, record: ShipRecord, spec: ShipSpec) -> EnergyState:
        """The energy state this turn's allocation is checked against: the record's, with the
        unit's destroyed boxes, this turn, and whether the ship is crippled now (S2.4, from
        :func:`~sfb_desk.rules.damage.status.crippled_reasons`), which makes emergency life
        support eligible (B3.3, D22.431)."""
        crippled = bool(crippled_reasons(spec, damage_state(record, spec, unit.destroyed)))
        return replace(record.energy, destroyed=unit.destroyed, turn=self._turn,
                       crippled=crippled)

    def _check_full_allocation(self, unit: Unit, record: ShipRecord, spec: ShipSpec,
                               value: object) -> tuple[Unit, ShipRecord] | Refusal:
        from .phases import _check_allocation

        allocation = parse_allocation(value, spec.id, self._turn)
        if isinstance(allocation, Refusal):
            return allocation
        plot = self._check_plot(unit, [list(p) for p in allocation.speed_plot])
        if isinstance(plot, Refusal):
            return plot
        energy = self._energy_now(unit, record, spec)
        errors = [i for i in validate(allocation, spec, energy, rules=self.initial.options)
                  if i.is_error]
        if errors:
            rules = ", ".join(dict.fromkeys(i.rule for i in errors))
            return Refusal(rules, "; ".join(f"{i.rule} ({i.line}): {i.message}" for i in errors))
        refusal = self._panel_level_refusal(unit.id, allocation.pa_level)  # D10.423
        if refusal is not None:
            return refusal
        # D3.32/D3.33: shields off are down for the turn; at minimum each stops 5 at most.
        powered = replace(set_energized(record.shields, allocation.shields != "off"),
                          minimum=allocation.shields == "minimum")
        shields = set_reinforcement(powered, allocation.general_reinforcement,
                                    allocation.specific_reinforcement)
        if isinstance(shields, Refusal):
            return shields
        moved = _check_allocation(unit, {k: getattr(allocation, k) for k in _MOVEMENT_KEYS},
                                  self.initial.options)
        if isinstance(moved, Refusal):
            return moved
        armed = set()
        for w in energy.weapons:
            during = step(w, allocation.order(w.box), turn=self._turn,
                          destroyed=weapon_destroyed(spec, w.box, unit.destroyed)).state
            if during.complete:
                armed.add(w.box)
        unit = replace(moved, plot=plot, allocation=canonical(value))
        record = replace(record, energy=energy, allocation=allocation, shields=shields,
                         armed=frozenset(armed), fired=frozenset(), capacitor_used=Fraction(0),
                         destroyed_this_turn=frozenset())
        return unit, record

    def _records_end_of_turn(self) -> Walk:
        """Phase 8 for ships with records (module docstring)."""
        for uid in sorted(self._ships):
            record = self._ships[uid]
            unit = self._units[uid]
            spec = self.specs[record.spec_id]
            if record.ship_destroyed or not (unit.active or unit.status == IN_HANGAR):
                continue
            damage = damage_state(record, spec, unit.destroyed)
            rating = damage_control_rating(spec, damage)
            shields = record.shields
            alloc = record.allocation
            if alloc is not None and alloc.damage_control and alloc.repair_shields:
                fixed = shield_repair_boxes(int(alloc.damage_control), rating)
                shields = repair_boxes(shields, alloc.repair_shields[0], fixed.boxes)
                self._emit(event("shield_repaired", uid, "D9.21",
                                 f"{uid} repairs {fixed.boxes} box(es) of shield "
                                 f"#{alloc.repair_shields[0]}", boxes=fixed.boxes))
            damage = yield from self._continuous_repair(unit, spec, record, damage, rating)
            record = with_damage(record, damage)
            destroyed = damage.destroyed
            if alloc is not None:
                energy = carry(record.energy, alloc, spec, fired=record.fired,
                               capacitor_used=record.capacitor_used, destroyed=destroyed,
                               crippled=bool(crippled_reasons(spec, damage)))  # S2.4
                record = replace(record, energy=energy)
            self._ships[uid] = replace(
                record, shields=shields_end_turn(shields), allocation=None, armed=frozenset(),
                fired=frozenset(), capacitor_used=Fraction(0), destroyed_this_turn=frozenset())
            self._put(replace(unit, destroyed=destroyed))

    def _continuous_repair(self, unit: Unit, spec: ShipSpec, record: ShipRecord, damage, rating: int):
        """D9.7: the owner names the box the repair points go to (the one started, D9.74)."""
        if rating <= 0:
            return damage
        if damage.repair_box is not None:
            options = (damage.repair_box,)
        else:
            options = tuple(sorted(
                b for b in damage.destroyed
                if b.split("#")[0] not in NOT_REPAIRABLE and not b.startswith("shield")
                and b not in record.destroyed_this_turn and repair_cost(spec, b) is not None))
        if not options:
            return damage
        prompt = Choice(self._key("repair", unit.id),
                        f"Continuous damage repair on {unit.id}: {rating} point(s) to which box? "
                        "(D9.7)", ("none", *options), rule="D9.7", unit=unit.id, default="none")
        self._settling = unit.id  # the record keeping holds its damage (corrections)
        box = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        self._settling = None
        if box == "none":
            return damage
        result = continuous_repair(spec, damage, box, rating=rating,
                                   destroyed_this_turn=record.destroyed_this_turn)
        if result.issues:
            self._emit(event("repair_refused", unit.id, result.issues[0].rule,
                             result.issues[0].message))
            return damage
        self._emit(event("repair", unit.id, "D9.7",
                         f"{unit.id} puts {result.points_added} repair point(s) into {box}"
                         + (f": {box} repaired" if result.repaired else ""),
                         box=box, points=result.points_added, repaired=result.repaired))
        return result.state
