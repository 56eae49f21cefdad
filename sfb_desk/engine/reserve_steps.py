"""Reserve power committed as reinforcement against a volley (H7.134), between the moment a
volley's damage is scored and the moment it is applied.

A mixin of :class:`~sfb_desk.engine.session.Session`, used by the damage path of
:mod:`.combat_steps` (``_resolve_volley``); moved out of it to keep that module one thing.
"""

from __future__ import annotations

from ..rules.combat import CombatTarget
from ..rules.combat.shields import NO_RESERVE, Reinforcement, check_reserve
from ..rules.combat.volley import shield_phase
from ..rules.energy.reserve import reserve_available, use_reserve
from ..rules.results import Refusal, event
from .prompts import Orders


class ReserveSteps:
    """H7.134 reserve reinforcement (module docstring)."""

    def _reserve_reinforcement(self, tid: str, record, spec, group, key: str):
        """H7.134: after the volley's damage is scored and before it is applied, the owner may
        commit reserve power (battery power left, :func:`reserve_available`) as general (2 a
        point, D3.341) or specific (1 a point on the shield struck, D3.342) reinforcement. An
        Orders prompt ``{"general": g, "specific": s}`` (default: none). Returns the
        :class:`Reinforcement` and the energy state with the use recorded (H7.1)."""
        alloc = record.allocation
        if alloc is None or group.damage <= 0:
            return NO_RESERVE, record.energy
        unreinforced = shield_phase(CombatTarget(tid, spec, record.shields), group)
        if isinstance(unreinforced, Refusal) or unreinforced.internal == 0:
            return NO_RESERVE, record.energy  # offered only when internals would be hit
        available = reserve_available(record.energy, alloc, spec)
        if available < 1:
            return NO_RESERVE, record.energy
        where = f"shield #{group.shield}" if group.shield else "all shields (enveloping)"
        prompt = Orders(key, "reserve_reinforcement",
                        f"{group.damage} damage scored on {tid} {where}: commit reserve power "
                        f"({available} left) as reinforcement? General reinforcement costs 2 a "
                        f"point, specific 1 a point on the shield struck (H7.134)",
                        unit=tid, rule="H7.134", default={})
        reserve, energy = yield from self._ask(
            prompt, lambda v: self._check_reserve(v, record, spec, group))
        if reserve.energy:
            self._emit(event("reserve_committed", tid, "H7.134",
                             f"{tid} commits {reserve.energy} reserve power: {reserve.general} "
                             f"general, {reserve.specific} specific reinforcement",
                             general=reserve.general, specific=reserve.specific,
                             energy=reserve.energy))
        return reserve, energy

    def _check_reserve(self, value: object, record, spec, group):
        if not isinstance(value, dict) or set(value) - {"general", "specific"}:
            return Refusal("H7.134", "reserve reinforcement is {\"general\": n, \"specific\": n}")
        general, specific = value.get("general", 0), value.get("specific", 0)
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                   for n in (general, specific)):
            return Refusal("H7.134", "reinforcement points are whole numbers >= 0")
        reserve = Reinforcement(general, specific)
        if not reserve.energy:
            return NO_RESERVE, record.energy
        if group.enveloping and specific:
            return Refusal("H7.134", "against enveloping damage reserve power reinforces only "
                                     "as general reinforcement")
        if not group.enveloping:
            refusal = check_reserve(record.shields, group.shield, reserve)
            if refusal is not None:
                return refusal
        energy = record.energy
        for purpose, amount in (("general_reinforcement", 2 * general),
                                ("specific_reinforcement", specific)):
            if amount:
                energy, issue = use_reserve(energy, record.allocation, spec, purpose=purpose,
                                            amount=amount, impulse=self._impulse)
                if issue is not None:
                    return Refusal(issue.rule, issue.message)
        return reserve, energy
