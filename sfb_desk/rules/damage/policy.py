"""Default answers to the owner's DAC choices, for solo play, robots and the CLI.

These are *not* rules: "Any Weapon", "Any W En" and which phaser / heavy weapon / drone rack
takes a hit are the owner's choice (D4.324, D4.3221-D4.3223). When nobody answers, the
allocator asks a policy; :class:`DefaultPolicy` keeps the ship fighting as well as it can:

* a weapon hit takes the weapon cheapest to repair (Annex #9 cost, reference G6.5), then the
  lowest D4.322 rank, then the first in SSD order, so the best weapons survive longest
  (under D4.322 every third hit still lands on the best type, which the allocator enforces by
  narrowing the options, not the policy);
* an "Any W En" hit takes the engine with the most boxes left (ties: left, right, center),
  keeping the engines balanced.

Every choice made this way is recorded on its event as ``by="default"``. When the allocator
runs without prompts and with this policy it applies the same order directly
(``WeaponBox.sacrifice_key``) instead of building a prompt per choice; a test checks that both
ways give the same events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from sfb_desk.rules.damage.layout import weapon_sacrifice_key
from sfb_desk.rules.damage.state import ChoiceNeeded


class ChoicePolicy(Protocol):
    def choose(self, prompt: ChoiceNeeded) -> str:
        """One of ``prompt.options``."""
        ...


_KEYS: dict[str, tuple[int, int]] = {}


def _weapon_key(code: str) -> tuple[int, int]:
    key = _KEYS.get(code)
    if key is None:
        key = _KEYS[code] = weapon_sacrifice_key(code)
    return key


@dataclass(frozen=True, slots=True)
class DefaultPolicy:
    """The documented default (module docstring)."""

    def choose(self, prompt: ChoiceNeeded) -> str:
        if prompt.kind == "any_warp":
            best = max(range(len(prompt.options)), key=lambda i: (prompt.option_remaining[i], -i))
            return prompt.options[best]

        types = prompt.option_types
        best = min(range(len(types)), key=lambda i: (_weapon_key(types[i]), i))
        return prompt.options[best]


DEFAULT_POLICY = DefaultPolicy()
