"""Which shield a shot strikes when the geometry leaves it open (D3.42, D3.43, E4.431).

A mixin of :class:`~.combat_steps.CombatSteps` (and so of the session). After the to-hit dice
of a fire step, each shot that hits along a hex spine asks the target's owner which of the two
shields it strikes (D3.43, a :class:`~.prompts.Choice` per shot, key
``T1.I28.shield.FED-CA.phaser#1.KLI-D7``); overload feedback on a spine asks the firer
(E4.431); a shot at range 0 asks the target's owner for the shield facing the firer (D3.42).

**The plan** (:attr:`ShieldChoiceSteps.shield_plan`): once the dice of the step are in, the
session knows which boundary choices it will ask, in order: one :class:`ShieldRow` per
choice, the prompt exactly as it will be asked (same key, purpose, options). The joint form of
the boundary choices of one volley (:mod:`.orders.joint`) lists them; nothing in the
sequencer, the keys, the saves or the replay changes (each prompt is still asked and checked
in turn; a held answer is given to it). The plan stops before a shot at a cloaked target whose
damage a G13.37 die still scales: the choices after it are not predicted (asked one by one).
The plan is empty outside a fire step's resolution.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..rules.combat import resolve_shot
from ..rules.combat.fire import same_hex_situation
from ..rules.combat.rate import record_shot
from ..rules.systems.options import CLOAK_FIRE_BOTH, CLOAK_FIRE_TABLE
from ..rules.units import SHIP
from .prompts import Choice, Prompt, check_choice


@dataclass(frozen=True, slots=True)
class ShieldRow:
    """One boundary choice the fire step will ask: the prompt, the firing unit, its weapon's
    box and the target of the shot. ``feedback``: the firer's own shield (E4.431), asked of the
    firer; otherwise the target's (D3.43), asked of the target's owner."""

    prompt: Choice
    firer: str
    box: str
    target: str
    feedback: bool = False

    @property
    def shield_owner(self) -> str:
        return self.firer if self.feedback else self.target


class ShieldChoiceSteps:
    """Boundary and range-0 shield choices, and the plan of those to come (module docstring)."""

    #: the boundary choices of the fire step being resolved, in the order they are asked
    shield_plan: tuple[ShieldRow, ...] = ()

    def _spine_prompt(self, owner: str, shields: tuple[int, ...], what: str,
                      rule: str) -> Choice:
        """The Choice of a shot on a hex spine (D3.43) or of its feedback (E4.431), as asked
        (the session's words applied)."""
        prompt = Choice(self._key(f"shield.{what.replace(' ', '.')}", owner),
                        f"{what} strikes a hex spine: which shield of {owner}? ({rule})",
                        tuple(f"shield {k}" for k in shields), rule=rule, unit=owner)
        return self._words.prompt(prompt)

    def _pick_shield(self, owner: str, shields: tuple[int, ...], what: str, rule: str):
        prompt = self._spine_prompt(owner, shields, what, rule)
        picked = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        return int(picked.split()[1])

    def _same_hex_shield(self, shot, target) -> Generator[Prompt, object, object]:
        """Range 0 (D3.42): the shield struck follows how the units came together, which the
        program does not track, so the target's owner names the shield facing the firer
        (D3.43: the owner settles what the geometry leaves open; decisions.md). The firer's
        own facing shield (feedback) follows from the same direction."""
        box = shot.order.box_id
        options = tuple(f"shield {k}" for k in range(1, 7))
        prompt = Choice(self._key(f"shield.{shot.firer}.{box}", target.id),
                        f"{shot.firer} {box} fires at {target.id} in its own hex (range 0): "
                        f"which shield of {target.id} faces {shot.firer}, by how the ships "
                        "came together? (D3.42; the target's owner names it, D3.43)",
                        options, rule="D3.42", unit=target.id)
        picked = yield from self._ask(prompt, lambda v: check_choice(prompt, v))
        firer = self._units[shot.firer]
        return same_hex_situation(shot.where, firer.facing, target.hex, target.facing,
                                  int(picked.split()[1]))

    def _plan_shields(self, shots: Sequence, rolls: dict[int, int]) -> tuple[ShieldRow, ...]:
        """The boundary choices the resolution of ``shots`` (with their to-hit ``rolls``)
        will ask, in order (module docstring): the shot's result as the fire loop reads it
        (the firer's rate-of-fire history advancing shot by shot)."""
        histories = {}
        cloak_dice = self.initial.options.systems.cloak_fire in (CLOAK_FIRE_TABLE,
                                                                 CLOAK_FIRE_BOTH)
        rows: list[ShieldRow] = []
        for n, shot in enumerate(shots):
            box, where = shot.order.box_id, shot.where
            history = histories.get(shot.firer, self._ships[shot.firer].history)
            result = resolve_shot(shot.order, where, rolls[n], history)
            if not hasattr(result, "damage"):
                break  # refused: the fire loop stops with an error there
            histories[shot.firer] = record_shot(history, box, where.clock)
            target = self._units.get(shot.target)
            if target is None or target.kind != SHIP or where.target_shield.same_hex:
                continue  # a seeker takes no shield; range 0 asks its own question (D3.42)
            if cloak_dice and result.damage > 0 and self._cloak_blocks(shot.target):
                break  # a G13.37 die scales the damage first: not predicted past it
            if result.damage > 0 and len(where.target_shield.shields) > 1:
                prompt = self._spine_prompt(shot.target, where.target_shield.shields,
                                            f"{shot.firer} {box}", "D3.43")
                rows.append(ShieldRow(prompt, shot.firer, box, shot.target))
            if result.feedback > 0 and len(where.firer_shield.shields) > 1:
                prompt = self._spine_prompt(shot.firer, where.firer_shield.shields,
                                            f"feedback of {box}", "E4.431")
                rows.append(ShieldRow(prompt, shot.firer, box, shot.target, feedback=True))
        return tuple(rows)
