"""Power absorber panels in the sequencer (D10; rules in rules/energy/panels.py).

Every volley on a ship whose SSD has ``pa_*`` banks passes through its panels before the DAC
(:meth:`AbsorberSteps._panel_volley`, called from the damage path of combat_steps): the bank
covering the shield struck (D10.12) absorbs the volley by D10.3; when it does not fit at the
standard level and the ship has reserve power for the difference of the D10.21 costs, the owner
is asked whether to reinforce (D10.24, H7.346, a Choice); energy released above the new capacity
goes by the D10.424 cascade. What penetrates or leaks comes back as the volley the DAC scores;
leak points alone are Hull hits (D10.333), taken here on the first undestroyed hull box. An
enveloping volley is split over the banks, the remainder one a bank from the first (D10.13-14).

At the end of the turn each bank transfers to the batteries and dissipates (D10.41,
:meth:`AbsorberSteps._panels_end_of_turn`). Webs never reach here (D10.53).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from fractions import Fraction

from ..rules.combat import Hit, VolleyGroup
from ..rules.energy.absorbers import REINFORCED, STANDARD, absorb
from ..rules.energy.costs import PA_PANELS
from ..rules.energy.panels import (
    ANDRO_BATTERY_POINTS,
    PanelState,
    bank_for_shield,
    new_panels,
    panel_keys,
    panels_end_of_turn,
    resolve_on_bank,
)
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.results import event
from .prompts import Choice, Prompt, check_choice

Walk = Generator[Prompt, object, object]
HULL_ORDER = ("forward_hull", "aft_hull", "center_hull")


def pa_costs(spec) -> tuple[Fraction, Fraction] | None:  # noqa: ANN001
    """D10.21: (standard, reinforced) cost of the ship's panels, by the class name."""
    name = spec.name.upper()
    for key, costs in PA_PANELS.items():
        if name.startswith(key):
            return costs
    return None


class AbsorberSteps:
    """Mixin of :class:`~.session.Session` (module docstring)."""

    def panels(self, uid: str) -> PanelState | None:
        """The panel state of ship ``uid`` (None: it has shields)."""
        record = self._ships.get(uid)
        if record is None:
            return None
        spec = self.specs[record.spec_id]
        if not panel_keys(spec):
            return None
        state = record.panels
        return state if state.keys else new_panels(spec)

    def _panel_put(self, uid: str, state: PanelState) -> None:
        record = self._ships[uid]
        self._ships[uid] = replace(record, panels=state)

    def _battery_room(self, uid: str, state: PanelState) -> int:
        spec = self.specs[self._ships[uid].spec_id]
        return max(spec.count("battery") * ANDRO_BATTERY_POINTS - state.battery, 0)

    def _panel_volley(self, tid: str, spec, group: VolleyGroup) -> Walk:  # noqa: ANN001
        """The volley through the panels; returns the volley left for the DAC, or None."""
        state = self.panels(tid)
        if state is None or group.damage <= 0:
            return group
        parts = self._panel_parts(state, group)
        disruptor = self._disruptor_points(group)
        left, leak_total, excess_total = 0, 0, 0
        for key, points in parts:
            share = disruptor if len(parts) == 1 else 0
            can = yield from self._may_reinforce(tid, spec, state, key, points, share)
            done = resolve_on_bank(state, key, points, disruptor=share, can_reinforce=can,
                                   battery_room=self._battery_room(tid, state))
            state = done.state
            if done.reinforced:
                self._pay_reinforcement(tid, spec)
                state = replace(state, level_since=(self._turn, self._impulse))
            leak_total += done.leak
            excess_total += done.excess
            left += done.overflow
            self._emit(event("panels", tid, "D10.3", f"{tid} {done.text()}", bank=key,
                             damage=points, absorbed=done.absorbed, degradation=done.degradation,
                             leak=done.leak, excess=done.excess, released=done.released,
                             overflow=done.overflow, held=state.bank(key).held))
        self._panel_put(tid, state)
        if leak_total and not excess_total:
            self._hull_hits(tid, spec, leak_total)  # D10.333
            leak_total = 0
        internal = excess_total + leak_total + left
        if internal <= 0:
            return None
        first = group.hits[0]
        hit = Hit(first.firer, tid, internal, group.shield, first.enveloping, group.step,
                  "panels", first.from_bearing)
        return VolleyGroup(tid, group.step, (hit,), group.shield, group.enveloping)

    def _panel_parts(self, state: PanelState, group: VolleyGroup) -> list[tuple[str, int]]:
        if group.shield is not None:
            return [(bank_for_shield(state, group.shield), group.damage)]
        keys = [k for k in state.keys if state.operating(k)] or list(state.keys)
        each, rest = divmod(group.damage, len(keys))  # D10.13-14: the remainder one a bank
        return [(k, each + (1 if i < rest else 0)) for i, k in enumerate(keys)]

    def _disruptor_points(self, group: VolleyGroup) -> int:
        return sum(h.damage for h in group.hits if h.source.startswith("disruptor"))

    def _may_reinforce(self, tid, spec, state, key, points, disruptor) -> Walk:  # noqa: ANN001
        """D10.24, H7.346: asked only when the volley needs the reinforced level and the ship
        has the reserve power for the difference of the D10.21 costs."""
        if state.level == REINFORCED or not state.operating(key):
            return state.level == REINFORCED
        plain = absorb(state.bank(key), points, disruptor=disruptor, level=STANDARD)
        if not plain.excess:
            return False
        costs, record = pa_costs(spec), self._ships[tid]
        if costs is None or record.allocation is None:
            return False
        extra = costs[1] - costs[0]
        if reserve_available(record.energy, record.allocation, spec) < extra:
            return False
        prompt = Choice(self._key(f"pa.reinforce.{key}", tid),
                        f"{points} damage on {tid}'s {key[3:]} power absorbers overflows the "
                        f"standard level: reinforce the panels with {extra} reserve power? "
                        "(D10.24)", ("reinforce", "no"), rule="D10.24", unit=tid, default="no")
        answer = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        return answer == "reinforce"

    def _pay_reinforcement(self, tid: str, spec) -> None:  # noqa: ANN001
        costs, record = pa_costs(spec), self._ships[tid]
        if costs is None or record.allocation is None:
            return
        energy, issue = use_reserve(record.energy, record.allocation, spec,
                                    purpose="pa_reinforce", amount=costs[1] - costs[0],
                                    impulse=max(self._impulse, 1))
        if issue is None:
            self._ships[tid] = replace(record, energy=energy)
        self._emit(event("panels_reinforced", tid, "D10.24",
                         f"{tid} reinforces its power absorbers with reserve power"))

    def _hull_hits(self, tid: str, spec, points: int) -> None:  # noqa: ANN001
        """D10.333: leak points with no excess are Hull hits while a hull box is left."""
        unit = self._units[tid]
        destroyed = set(unit.destroyed)
        taken = []
        for box in spec.box_ids():
            if len(taken) == points:
                break
            if box.split("#")[0] in HULL_ORDER and box not in destroyed:
                taken.append(box)
                destroyed.add(box)
        self._put(replace(unit, destroyed=frozenset(destroyed)))
        self._emit(event("panels_leak", tid, "D10.333",
                         f"{tid}: {points} leak point(s) scored as Hull hits "
                         f"({', '.join(taken) or 'no hull box left'})", boxes=taken))

    def _panels_end_of_turn(self) -> None:
        """D10.41 for every ship with panels (module docstring)."""
        for uid in sorted(self._ships):
            state = self.panels(uid)
            if state is None or not self._units[uid].active:
                continue
            state, sent, lines = panels_end_of_turn(state, self._battery_room(uid, state))
            self._panel_put(uid, state)
            self._emit(event("panels_end_of_turn", uid, "D10.41",
                             f"{uid} power absorbers: " + "; ".join(lines), to_battery=sent,
                             held=[b.held for b in state.banks]))
