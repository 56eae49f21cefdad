"""The owner's DAC choices of one volley, known before they are asked (D4.3221-D4.3223, D4.324).

Once a volley's DAC rolls are in, the session asks its target's owner a Choice for each point
the chart leaves open (which phaser takes a Phaser hit, which heavy weapon a Torp hit, which
drone rack a Drone hit, "any weapon" ...; :meth:`~.combat_steps.CombatSteps._dac_choice`), one
at a time: a later choice's options follow from the earlier answers (a phaser destroyed is no
longer offered). :class:`DacPlan` (the session's ``dac_plan`` while those choices are asked)
replays the rules' DAC of the volley (:func:`sfb_desk.rules.combat.volley.volley_steps`, pure)
with answers given for some points and the default for the others, so a joint form
(:mod:`.orders.joint`) can list the whole volley's choices at once and follow each change.
Nothing in the sequencer, the keys, the saves or the replay changes: each prompt is still asked,
checked and answered in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..rules.combat.volley import volley_steps
from ..rules.damage import ChoiceNeeded, RollsNeeded
from .prompts import Choice


def dac_prompt(tid: str, vkey: str, need: ChoiceNeeded) -> Choice:
    """The Choice of a DAC point the chart leaves to the owner (before the session's words)."""
    return Choice(f"{vkey}.p{need.point}",
                  f"{tid} DAC point {need.point}: roll {need.roll}, column {need.column} "
                  f"({need.entry}) - which box? ({need.rule})",
                  need.options, rule=need.rule.split(":")[0], unit=tid,
                  default=need.default or None)


@dataclass(frozen=True, slots=True)
class DacPlan:
    """One volley's DAC as the session resolves it: target, hits, rolls and reserve, the
    prompt key stem, and the session's words for a prompt (module docstring)."""

    tid: str
    vkey: str
    target: object  # rules.combat.CombatTarget
    group: object  # rules.combat.VolleyGroup
    rolls: tuple[int, ...]
    reserve: object
    words: Callable[[Choice], Choice]

    def rows(self, picks: Mapping[str, object] | None = None) -> list[tuple[Choice, object]]:
        """Every owner's choice of the volley, in order, as asked, with its answer: the one in
        ``picks`` (by prompt key) when it is an option then, else the prompt's default (the
        first option without one)."""
        picks = picks or {}
        steps = volley_steps(self.target, self.group, self.rolls, reserve=self.reserve)
        out: list[tuple[Choice, object]] = []
        answer = None
        try:
            while True:
                need = steps.send(answer)
                answer = None
                if isinstance(need, RollsNeeded):
                    continue  # as the session: every roll was given
                prompt = self.words(dac_prompt(self.tid, self.vkey, need))
                value = picks.get(prompt.key)
                if value not in prompt.options:
                    value = prompt.default if prompt.default in prompt.options \
                        else prompt.options[0]
                out.append((prompt, value))
                answer = value
        except StopIteration:
            pass
        return out
