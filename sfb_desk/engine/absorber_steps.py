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
from ..rules.energy.absorbers import REINFORCED, STANDARD, absorb, destroy_box
from ..rules.energy.costs import PA_PANELS
from ..rules.energy.panels import (
    ANDRO_BATTERY_POINTS,
    LEVELS,
    PanelState,
    bank_for_shield,
    cascade,
    change_level,
    new_panels,
    panel_keys,
    panels_end_of_turn,
    resolve_on_bank,
)
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.results import Refusal, event
from ..rules.systems.ppd import two_bank_split
from ..rules.units import clock_of
from .prompts import Choice, Prompt, check_choice

Walk = Generator[Prompt, object, object]
HULL_ORDER = ("forward_hull", "aft_hull", "center_hull")
RELEASED = "panels_released"  # the source of a D10.424 volley of released energy
LEVEL_HOLD = 8  # D10.261: impulses a new level is kept


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
        if state is None or group.damage <= 0 or all(h.source == RELEASED for h in group.hits):
            return group  # released energy nothing took up: internal damage (D10.424)
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
        if group.splash and group.shield is not None:  # a PPD pulse on the banks (E11.354)
            damage: dict[int, int] = {}
            for h in group.hits:
                damage[h.shield] = damage.get(h.shield, 0) + h.damage
            if len(state.keys) == 2:
                split = two_bank_split(damage, group.shield,
                                       lambda p: bank_for_shield(state, p))
            else:  # six banks (a base): as shields
                split = {}
                for p, n in damage.items():
                    key = bank_for_shield(state, p)
                    split[key] = split.get(key, 0) + n
            return [(k, n) for k, n in split.items() if n]
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

    def _panel_boxes_lost(self, tid: str, before: frozenset[str], group) -> Walk:  # noqa: ANN001
        """D10.51: the DAC's "Drone" hits on panel boxes are taken from the bank the damage came
        through (the owner picks the box; default the most degraded); each box's capacity goes
        and the energy above the new capacity is released (D10.421) by the D10.424 cascade;
        what nothing takes up is a separate volley of internal damage."""
        yield from self._hangar_hits(tid, before, group)  # G19.213 (satship_steps)
        state = self.panels(tid)
        unit = self._units[tid]
        hit = sorted(b for b in unit.destroyed - before if b.startswith("pa_"))
        if state is None or not hit:
            return
        spec = self.specs[self._ships[tid].spec_id]
        printed = {s.key: s.box_ids for s in spec.special}
        destroyed = set(unit.destroyed) - set(hit)
        wanted = bank_for_shield(state, group.shield) if group.shield is not None else None
        overflow, chosen = 0, []
        for box in hit:
            key = box.split("#")[0]
            if wanted in state.keys and any(b not in destroyed for b in printed[wanted]):
                key = wanted  # D10.51: from the bank it came through
            alive = [b for b in printed[key] if b not in destroyed]
            bank = state.bank(key)
            caps = bank.box_capacities(state.level)
            pick = alive[caps.index(min(caps))]
            if len(alive) > 1:
                text = ", ".join(f"{b} ({c})" for b, c in zip(alive, caps))
                prompt = Choice(self._key(f"pa.lost.{len(chosen) + 1}", tid),
                                f"A Drone hit destroys a power absorber box of {tid}'s "
                                f"{key[3:]} bank: which (capacity now)? {text} (D10.51)",
                                tuple(alive), rule="D10.51", unit=tid, default=pick)
                pick = yield from self._ask(prompt, lambda v, p=prompt: check_choice(p, v))
            bank, released = destroy_box(bank, alive.index(pick), state.level)
            state = state.with_bank(key, bank)
            destroyed.add(pick)
            chosen.append(pick)
            left = 0
            if released:
                state, _, left = cascade(state, key, released, self._battery_room(tid, state))
                overflow += left
            self._emit(event("panel_box_destroyed", tid, "D10.51",
                             f"{tid} loses power absorber box {pick}"
                             + (f": {released} released (D10.421)" if released else "")
                             + (f", {left} internal (D10.424)" if left else ""),
                             box=pick, released=released, internal=left))
        record = self._ships[tid]
        self._ships[tid] = replace(record, destroyed_this_turn=(
            record.destroyed_this_turn - set(hit)) | set(chosen))
        self._put(replace(unit, destroyed=frozenset(destroyed)))
        self._panel_put(tid, state)
        if overflow:
            first = group.hits[0]
            hit_ = Hit(first.firer, tid, overflow, None, None, group.step, RELEASED, None)
            yield from self._resolve_volley(VolleyGroup(tid, group.step, (hit_,), None, True))

    def _panel_level_refusal(self, uid: str, level: str) -> Refusal | None:
        """D10.423, D10.261: a level the allocation sets that would release energy the ship
        cannot hold is refused, and so is a lower level within 8 impulses of a change."""
        state = self.panels(uid)
        if state is None or level == state.level:
            return None
        lower = LEVELS.index(level) < LEVELS.index(state.level)
        since = clock_of(*state.level_since) if state.level_since != (0, 0) else -999
        if lower and clock_of(self._turn, 0) - since < LEVEL_HOLD:
            return Refusal("D10.261", f"{uid}'s panels changed level less than 8 impulses ago")
        _, internal = change_level(state, level, self._battery_room(uid, state))
        if internal:
            return Refusal("D10.423", f"{uid}'s panels at {level} would release {internal} point(s)"
                                      " nothing on the ship can hold: internal damage, which a "
                                      "player may cause only when the ship may self-destruct or "
                                      "cannot power its panels (not offered)")
        return None

    def _panels_allocated(self, uid: str) -> None:
        """D10.21-D10.23: the panels run from this turn at the level the allocation paid for;
        energy above a lower level's capacity goes by the D10.424 cascade."""
        state, record = self.panels(uid), self._ships[uid]
        if state is None or record.allocation is None:
            return
        level = record.allocation.pa_level
        if level == state.level:
            return
        state, _ = change_level(state, level, self._battery_room(uid, state), at=(self._turn, 0))
        self._panel_put(uid, state)
        self._emit(event("panels_level", uid, "D10.22",
                         f"{uid}'s power absorbers run {level} ({state.summary()})", level=level))

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
