"""The EA sheet's model: one ship's energy allocation this turn, its history, live totals.

No widgets here (DESIGN.md section 2): :class:`EaSheetModel` holds the ship, the state it
starts the turn in, the allocation being written and the earlier turns (allocation and the
state each started from). Every change recomputes the ledger and the issues with the rules
layer (:func:`sfb_desk.rules.energy.check`) and emits :attr:`EaSheetModel.changed`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from PySide6.QtCore import QObject, Signal

from sfb_desk.rules.energy import (
    DEFAULT_OPTIONS,
    Allocation,
    EnergyOptions,
    EnergyState,
    Issue,
    Ledger,
    carry,
    check,
    template,
)
from sfb_desk.rules.ship import ShipSpec

_NUMBER = re.compile(r"^\s*(\d+)\s*(?:/\s*(\d+)|\.(\d*))?\s*$")


def parse_energy(text: str) -> Fraction:
    """Energy typed on the sheet: ``2``, ``1/2``, ``0.25``, ``1.5`` (ValueError otherwise)."""
    m = _NUMBER.match(text)
    if not m or (m.group(2) is not None and int(m.group(2)) == 0):
        raise ValueError(f"{text.strip()!r} is not an amount of energy (2, 1/2 or 0.5)")
    return Fraction(text.strip().replace(" ", ""))


def format_energy(value: Fraction | int) -> str:
    """``Fraction(3, 2)`` -> ``"1 1/2"``; whole numbers plainly."""
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    whole, rest = divmod(f.numerator, f.denominator)
    frac = f"{rest}/{f.denominator}"
    return f"{whole} {frac}" if whole else frac


def parse_plot(text: str) -> tuple[tuple[int, int], ...]:
    """A speed plot typed as ``16`` or ``1:16, 17:20`` (impulse:speed pairs)."""
    text = text.strip()
    if re.fullmatch(r"-?\d+", text):
        return ((1, int(text)),)
    pairs = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s*:\s*(-?\d+)\s*", part)
        if not m:
            raise ValueError(f"{text!r}: write a speed (16) or impulse:speed pairs (1:16, 17:20)")
        pairs.append((int(m.group(1)), int(m.group(2))))
    return tuple(pairs)


def format_plot(plot: tuple[tuple[int, int], ...]) -> str:
    if len(plot) == 1 and plot[0][0] == 1:
        return str(plot[0][1])
    return ", ".join(f"{i}:{s}" for i, s in plot)


def parse_ints(text: str) -> tuple[int, ...]:
    """``"1, 3"`` -> ``(1, 3)``; blank -> ``()``."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"{text!r}: write whole numbers separated by commas") from None


@dataclass(frozen=True)
class TurnRecord:
    """An earlier turn: the allocation and the state the ship started that turn in."""

    allocation: Allocation
    state: EnergyState


class EaSheetModel(QObject):
    """One ship's energy allocation sheet (see the module docstring)."""

    changed = Signal()

    def __init__(
        self,
        spec: ShipSpec,
        state: EnergyState,
        allocation: Allocation | None = None,
        history: tuple[TurnRecord, ...] = (),
        options: EnergyOptions = DEFAULT_OPTIONS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.spec = spec
        self.state = state
        self.options = options
        self.history: list[TurnRecord] = list(history)
        self.allocation = allocation or Allocation(spec.id, turn=state.turn)
        self.ledger: Ledger
        self.issues: list[Issue]
        self._recompute()

    # -- queries ---------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.state.turn

    def record(self, turn: int) -> TurnRecord | None:
        """This turn's or an earlier turn's allocation and starting state."""
        if turn == self.turn:
            return TurnRecord(self.allocation, self.state)
        for r in self.history:
            if r.allocation.turn == turn:
                return r
        return None

    def turns(self) -> list[int]:
        """Turns shown in the history, newest first (this turn first)."""
        return [self.turn] + sorted((r.allocation.turn for r in self.history), reverse=True)

    def issues_for(self, line: str) -> list[Issue]:
        return [i for i in self.issues if i.line == line]

    @property
    def legal(self) -> bool:
        return not any(i.is_error for i in self.issues)

    # -- changes ---------------------------------------------------------------------------
    def set_allocation(self, allocation: Allocation) -> None:
        allocation = replace(allocation, ship=self.spec.id, turn=self.turn)
        if allocation != self.allocation:
            self.allocation = allocation
            self._recompute()
            self.changed.emit()

    def set_line(self, key: str, value: object) -> None:
        self.set_allocation(replace(self.allocation, **{key: value}))

    def same_as_last_turn(self) -> bool:
        """Copy last turn's allocation into this turn (False when there is none)."""
        last = self.record(self.turn - 1)
        if last is None:
            return False
        self.set_allocation(replace(last.allocation, turn=self.turn))
        return True

    def fill_template(self) -> None:
        self.set_allocation(template(self.spec, self.state, options=self.options))

    def end_turn(self, **carry_args: object) -> None:
        """Keep this turn in the history, carry the state (:func:`~.energy.carry`) and start
        the next turn from its template."""
        self.history.append(TurnRecord(self.allocation, self.state))
        self.state = carry(self.state, self.allocation, self.spec, options=self.options,
                           **carry_args)  # type: ignore[arg-type]
        self.allocation = template(self.spec, self.state, options=self.options)
        self._recompute()
        self.changed.emit()

    def _check(self, allocation: Allocation, state: EnergyState) -> tuple[Ledger, list[Issue]]:
        """The ledger and issues of ``allocation`` from ``state`` (GameEaModel adds the game's rule options)."""
        return check(allocation, self.spec, state, options=self.options)

    def _recompute(self) -> None:
        self.ledger, self.issues = self._check(self.allocation, self.state)

    def view(self, turn: int) -> tuple[Allocation, Ledger, list[Issue]] | None:
        """An earlier turn's allocation with its ledger and issues (read-only display)."""
        r = self.record(turn)
        if r is None:
            return None
        if turn == self.turn:
            return self.allocation, self.ledger, self.issues
        led, issues = self._check(r.allocation, r.state)
        return r.allocation, led, issues
