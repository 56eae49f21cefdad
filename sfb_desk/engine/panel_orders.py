"""The owner's orders for an Andromedan's power absorber panels during the turn (Module C2,
D10.25, D10.26, D10.42): lower or raise the level, drop a bank or raise it again.

A mixin of :class:`~sfb_desk.engine.session.Session`. In the step after the Marine Activity
Stage (where shields are dropped and raised, 6B7) each side with a ship whose panels hold
energy, are reinforced or have a bank dropped answers one ``panels`` Orders prompt::

    {"AND-CON": {"level": "standard", "drop": ["pa_aft"], "raise": ["pa_fwd"]}}

* **Level** (D10.26): reinforced to standard (the Drop Shields Step) or back to reinforced with
  the reserve power of the D10.21 difference (free when the allocation paid for reinforced,
  D10.263); a level is kept 8 impulses after a change (D10.261, in both directions as the
  D10.26 example plays it); "off" releases everything (D10.23).
* **Drop / raise a bank** (D10.25): a dropped bank absorbs nothing and stays down at least a
  quarter turn (8 impulses); raising it again that turn costs nothing.
* **Released energy** (D10.422): what a lower level or a dropped bank can no longer hold goes by
  the D10.424 cascade (the other banks, the batteries). A release that would leave points for
  internal damage is refused (D10.423: only in Energy Allocation, and only for a ship that may
  self-destruct or cannot power its panels).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace

from ..rules.energy.absorbers import REINFORCED
from ..rules.energy.panels import LEVELS, cascade, change_level
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.results import Refusal, event
from ..rules.units import clock_of
from .absorber_steps import pa_costs
from .prompts import Orders, Prompt

Walk = Generator[Prompt, object, None]
HOLD = 8  # D10.25 (a quarter turn), D10.261


class PanelOrders:
    """The ``panels`` orders of the turn (module docstring)."""

    def _panel_ships(self, side: str) -> list[str]:
        out = []
        for uid in sorted(self._ships):
            unit = self._units.get(uid)
            state = self.panels(uid) if unit is not None and unit.active else None
            if unit is None or state is None or unit.side != side:
                continue
            if state.dropped or state.level == REINFORCED or any(b.held for b in state.banks):
                out.append(uid)
        return out

    def _panel_orders(self, step) -> Walk:
        for side in self._sides():
            if not self._panel_ships(side):
                continue
            prompt = Orders(self._key("panels", side), "panels",
                            f"Power absorber panels of side {side}, impulse {self._impulse}: "
                            "level, banks dropped or raised (D10.25, D10.26)", side=side,
                            rule="D10.25", default={})
            plan = yield from self._ask(prompt, lambda v, s=side: self._check_panels(s, v))
            for uid, state, paid, lines in plan:
                if paid:
                    self._pay_panel_reserve(uid, paid)
                self._panel_put(uid, state)
                self._emit(event("panels_ordered", uid, "D10.25", f"{uid}: " + "; ".join(lines)
                                 + f" ({state.summary()})", level=state.level,
                                 dropped=sorted(state.dropped)))

    def _check_panels(self, side: str, value: object) -> list[tuple] | Refusal:
        if not isinstance(value, dict):
            return Refusal("D10.25", "panel orders are {ship: {\"level\", \"drop\", \"raise\"}}")
        clock = clock_of(self._turn, self._impulse)
        plan = []
        for uid, order in sorted(value.items()):
            if uid not in self._panel_ships(side):
                return Refusal("D10.25", f"{uid!r} is no ship of side {side} with panels to order")
            if not isinstance(order, dict) or set(order) - {"level", "drop", "raise"}:
                return Refusal("D10.25", f"orders for {uid}: {{\"level\", \"drop\", \"raise\"}}")
            done = self._order_panels(uid, order, clock)
            if isinstance(done, Refusal):
                return done
            plan.append((uid, *done))
        return plan

    def _order_panels(self, uid: str, order: dict, clock: int) -> tuple | Refusal:
        state = self.panels(uid)
        room = self._battery_room(uid, state)
        lines, paid = [], 0
        for key in order.get("raise", ()):
            if key not in state.dropped:
                return Refusal("D10.25", f"{uid}'s bank {key!r} is not dropped")
            since = dict(state.dropped_at).get(key, -999)
            if clock - since < HOLD:
                return Refusal("D10.25", f"{uid}'s {key[3:]} bank stays dropped a quarter turn "
                                         "(8 impulses)")
            state = replace(state, dropped=state.dropped - {key},
                            dropped_at=tuple(x for x in state.dropped_at if x[0] != key))
            lines.append(f"{key[3:]} bank raised")
        level = order.get("level", state.level)
        if level not in LEVELS:
            return Refusal("D10.22", f"panels run {', '.join(LEVELS)}, not {level!r}")
        if level != state.level:
            since = clock_of(*state.level_since) if state.level_since != (0, 0) else -999
            if clock - since < HOLD:
                return Refusal("D10.261", f"{uid}'s panels changed level less than 8 impulses "
                                          "ago")
            if level == REINFORCED:
                paid = self._reinforce_cost(uid)
                if paid is None:
                    return Refusal("D10.26", f"{uid} lacks the reserve power to reinforce its "
                                             "panels (H7.346)")
            state, internal = change_level(state, level, room, at=(self._turn, self._impulse))
            if internal:
                return Refusal("D10.423", f"{uid}'s panels at {level} would release {internal} "
                                          "point(s) nothing can hold: only in Energy Allocation")
            lines.append(f"level {level}")
        for key in order.get("drop", ()):
            if key not in state.keys or key in state.dropped:
                return Refusal("D10.25", f"{uid} has no raised bank {key!r}")
            bank = state.bank(key)
            state = replace(state.with_bank(key, replace(bank, held=0)),
                            dropped=state.dropped | {key},
                            dropped_at=(*state.dropped_at, (key, clock)))
            state, sent, left = cascade(state, key, bank.held, room)
            room -= sent
            if left:
                return Refusal("D10.423", f"dropping {uid}'s {key[3:]} bank would release "
                                          f"{left} point(s) nothing can hold: only in Energy "
                                          "Allocation")
            lines.append(f"{key[3:]} bank dropped ({bank.held} released)")
        return state, paid, lines

    def _reinforce_cost(self, uid: str):  # noqa: ANN202
        """Reserve power to raise the panels to reinforced now (D10.26, H7.346): the D10.21
        difference, nothing when the allocation paid for reinforced (D10.263)."""
        record = self._ships[uid]
        spec = self.specs[record.spec_id]
        if record.allocation is not None and record.allocation.pa_level == REINFORCED:
            return 0
        costs = pa_costs(spec)
        if costs is None or record.allocation is None:
            return None
        extra = costs[1] - costs[0]
        return extra if reserve_available(record.energy, record.allocation, spec) >= extra else None

    def _pay_panel_reserve(self, uid: str, amount) -> None:  # noqa: ANN001
        record = self._ships[uid]
        energy, issue = use_reserve(record.energy, record.allocation, self.specs[record.spec_id],
                                    purpose="pa_reinforce", amount=amount,
                                    impulse=max(self._impulse, 1))
        if issue is None:
            self._ships[uid] = replace(record, energy=energy)
