"""Dice for the campaign's random generators, with their audit trail.

Every roll a generator makes goes through a :class:`Dice`: either seeded (the program's
generator, reproducible from the seed) or typed (physical dice read in at the table, given in
order). Each roll is kept as ``(purpose, dice, source)`` and the ledger writes them to the
store's dice log in the same journal entry as the change they caused (COORD-store.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class DiceError(ValueError):
    """Typed dice that ran out or do not fit the roll asked for; the message says which."""


class Dice:
    """A source of dice: ``Dice.seeded(seed)`` or ``Dice.typed([4, 2, ...])``."""

    def __init__(self, source: str, *, seed: int | None = None, typed: Iterable[int] = ()) -> None:
        if source not in ("seeded", "typed"):
            raise DiceError(f"dice are 'seeded' or 'typed', not {source!r}")
        self.source = source
        self._rng = random.Random(seed)
        self._typed = list(typed)
        self.rolls: list[tuple[str, list[int], str]] = []
        #: Typed dice must all be used by the change they are given to (:meth:`check_used`);
        #: the command line sets it, so a die typed in is never silently ignored.
        self.exact = False

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        return cls("seeded", seed=seed)

    @classmethod
    def typed(cls, values: Iterable[int]) -> Dice:
        return cls("typed", typed=values)

    def roll(self, purpose: str, count: int = 1, sides: int = 6) -> list[int]:
        """``count`` dice of ``sides`` faces for ``purpose``, logged."""
        if self.source == "seeded":
            dice = [self._rng.randint(1, sides) for _ in range(count)]
        else:
            if len(self._typed) < count:
                used = sum(len(d) for _, d, _ in self.rolls)
                raise DiceError(f"{purpose}: {count} {_dice(count)} needed, {len(self._typed)} left "
                                f"of the typed dice ({used} used before it); the step was not done")
            dice = [self._typed.pop(0) for _ in range(count)]
            bad = [d for d in dice if not 1 <= d <= sides]
            if bad:
                raise DiceError(f"{purpose}: a d{sides} reads 1 to {sides}, not {bad[0]}")
        self.rolls.append((purpose, dice, self.source))
        return dice

    def total(self, purpose: str, count: int = 1, sides: int = 6) -> int:
        return sum(self.roll(purpose, count, sides))

    def percent(self, purpose: str) -> int:
        """A percentile roll, 1 to 100 (d100)."""
        return self.roll(purpose, 1, 100)[0]

    def check_used(self, what: str) -> None:
        """With :attr:`exact` typed dice, refuse dice left over once ``what`` is done (its rolls
        since the last :meth:`take`): the message says how many it rolled, and for what."""
        if self.source != "typed" or not self.exact or not self._typed:
            return
        used = sum(len(d) for _, d, _ in self.rolls)
        typed = used + len(self._typed)
        rolled = (f"rolls {used} {_dice(used)} ("
                  + ", ".join(f"{p}: {len(d)}" for p, d, _ in self.rolls) + ")") if used else "rolls no dice"
        raise DiceError(f"{what} {rolled}, but {typed} {_dice(typed)} {'was' if typed == 1 else 'were'} typed in: type exactly "
                        f"{used}; it was not done")

    def take(self) -> list[tuple[str, list[int], str]]:
        """The rolls made since the last take (for the store's dice log)."""
        rolls, self.rolls = self.rolls, []
        return rolls


def _dice(n: int) -> str:
    return "die" if n == 1 else "dice"
