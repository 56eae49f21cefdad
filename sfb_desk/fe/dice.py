"""Dice for the assistant: typed by the players (physical dice) or rolled from a seed.

Every die the assistant uses has a stable key (e.g. ``"4B.attacker"``, ``"4A3.D7A.2"``) and a
purpose a player reads ("Attacker's damage die (4B)"). A die is *typed* when the players gave
it; otherwise, with a seed, it is rolled from a generator seeded by the seed and the key (so the
same round gives the same dice whatever order steps are looked at); without a seed the step
waits for it (:class:`DiceNeeded`). Every die used is logged (:attr:`Dice.log`) in the order the
steps used it, the campaign store's dice log takes the same records.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

TYPED, SEEDED = "typed", "seeded"


@dataclass(frozen=True, slots=True)
class Roll:
    key: str
    purpose: str
    dice: tuple[int, ...]
    source: str  # TYPED or SEEDED

    def as_dict(self) -> dict:
        return {"key": self.key, "purpose": self.purpose, "dice": list(self.dice),
                "source": self.source}


class DiceNeeded(Exception):  # noqa: N818 - a request, not an error
    """A step needs dice the players have not typed (and no seed was given)."""

    def __init__(self, key: str, purpose: str, count: int) -> None:
        super().__init__(f"{purpose}: type {count} {'die' if count == 1 else 'dice'} "
                         f"(key {key!r}) or give a seed")
        self.key, self.purpose, self.count = key, purpose, count


def check_typed(typed: Mapping[str, object]) -> dict[str, tuple[int, ...]]:
    """Typed dice as tuples; a clear error for anything that is not d6 results."""
    out: dict[str, tuple[int, ...]] = {}
    for key, value in typed.items():
        values = value if isinstance(value, list | tuple) else [value]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6
                                 for v in values):
            raise ValueError(f"dice {key!r}: each die is a whole number 1-6, not {value!r}")
        out[str(key)] = tuple(values)
    return out


@dataclass
class Dice:
    typed: dict[str, tuple[int, ...]] = field(default_factory=dict)
    seed: int | None = None
    log: list[Roll] = field(default_factory=list)

    @classmethod
    def of(cls, typed: Mapping[str, object] | None = None, seed: int | None = None) -> Dice:
        return cls(check_typed(typed or {}), seed)

    def roll(self, key: str, purpose: str, count: int = 1) -> tuple[int, ...]:
        """``count`` d6 for ``key``: the typed ones, else seeded ones, else :class:`DiceNeeded`."""
        if key in self.typed:
            dice = self.typed[key]
            if len(dice) != count:
                raise ValueError(f"{purpose}: {count} {'die' if count == 1 else 'dice'} "
                                 f"wanted for {key!r}, {len(dice)} typed")
            source = TYPED
        elif self.seed is not None:
            rng = random.Random(f"{self.seed}:{key}")
            dice = tuple(rng.randint(1, 6) for _ in range(count))
            source = SEEDED
        else:
            raise DiceNeeded(key, purpose, count)
        self.log.append(Roll(key, purpose, dice, source))
        return dice

    def one(self, key: str, purpose: str) -> int:
        return self.roll(key, purpose, 1)[0]

    def two(self, key: str, purpose: str) -> int:
        """The sum of two dice."""
        return sum(self.roll(key, purpose, 2))
