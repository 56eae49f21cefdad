"""A ship's energy use over the turns (numpy), from one record per turn.

A record is any of:

* a mapping of line -> energy (``{"life_support": 1, "shields": 2, "speed_plot": 20}``): the
  generic form, whatever the sheet calls its lines. Values may be ints, floats or Fractions
  (SFB energy comes in quarters: phaser-G shots, E2.151; transporters, G8.13);
* a ledger of :mod:`sfb_desk.rules.energy` (anything with a ``costs`` mapping, and optionally
  ``available``): its ``weapon:<box>`` lines are the breakdown of its ``weapons`` line and are
  left out, as the form's total (B3.1 line 20) leaves them out;
* an :class:`sfb_desk.rules.energy.Allocation` (the Energy Allocation Form, B3), priced by that
  package's ``ledger`` with the state carried from turn to turn by ``initial_state`` / ``carry``
  (no weapon fired, no damage taken between the turns); ``spec`` is then required.

Lines missing from a turn are 0 that turn. Negative energy is refused (B3: a line pays out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sfb_desk.rules.ship import ShipSpec

Number = int | float | Fraction


@dataclass(frozen=True, slots=True, eq=False)
class EnergyUse:
    """``energy[t, k]``: energy spent on ``lines[k]`` in turn ``turns[t]``; ``available[t]``
    the power available that turn (NaN where unknown)."""

    turns: np.ndarray  # (T,) int
    lines: tuple[str, ...]
    energy: np.ndarray  # (T, L) float
    available: np.ndarray  # (T,) float, NaN when not given

    @property
    def total(self) -> np.ndarray:
        """Energy used each turn (the form's line 20)."""
        return self.energy.sum(axis=1)

    @property
    def cumulative(self) -> np.ndarray:
        return np.cumsum(self.total)

    @property
    def unused(self) -> np.ndarray:
        """Available less used, each turn (NaN where the power available is unknown)."""
        return self.available - self.total

    def line(self, key: str) -> np.ndarray:
        return self.energy[:, self.lines.index(key)]

    def totals_by_line(self) -> dict[str, float]:
        """Energy per line over all the turns, largest first (ties in line order)."""
        sums = self.energy.sum(axis=0)
        order = sorted(range(len(self.lines)), key=lambda k: (-sums[k], k))
        return {self.lines[k]: float(sums[k]) for k in order}

    def grouped(self, groups: Mapping[str, str], other: str = "other") -> EnergyUse:
        """The same turns with lines summed into groups (``{"speed_plot": "movement", ...}``);
        a line without a group goes to ``other``."""
        names: list[str] = []
        for key in self.lines:
            name = groups.get(key, other)
            if name not in names:
                names.append(name)
        energy = np.zeros((self.energy.shape[0], len(names)))
        for k, key in enumerate(self.lines):
            energy[:, names.index(groups.get(key, other))] += self.energy[:, k]
        return EnergyUse(self.turns, tuple(names), energy, self.available)

    def top(self, n: int, other: str = "other") -> EnergyUse:
        """The ``n`` lines with the most energy over the turns, the rest summed as ``other``."""
        keep = list(self.totals_by_line())[:n]
        grouped = self.grouped({k: k for k in keep}, other).without_empty()
        order = [grouped.lines.index(k) for k in (*keep, other) if k in grouped.lines]
        return EnergyUse(
            self.turns, tuple(grouped.lines[k] for k in order), grouped.energy[:, order],
            self.available,
        )

    def without_empty(self) -> EnergyUse:
        """Lines that never use any energy left out."""
        used = np.flatnonzero(self.energy.any(axis=0))
        return EnergyUse(
            self.turns, tuple(self.lines[k] for k in used), self.energy[:, used], self.available
        )


def energy_use(
    records: Sequence[object],
    *,
    spec: ShipSpec | None = None,
    available: Sequence[Number | None] | None = None,
    first_turn: int = 1,
) -> EnergyUse:
    """Energy use over the turns from one record per turn (module docstring).

    ``available`` overrides the power available per turn (else a ledger's ``available``).
    """
    if records and not isinstance(records[0], Mapping) and not hasattr(records[0], "costs"):
        records = _ledgers(records, spec)
    rows: list[dict[str, float]] = []
    power: list[float] = []
    for t, record in enumerate(records):
        if isinstance(record, Mapping):
            costs, avail = record, None
        elif hasattr(record, "costs"):
            costs = {k: v for k, v in record.costs.items() if not str(k).startswith("weapon:")}
            avail = getattr(record, "available", None)
        else:
            raise TypeError(f"turn {first_turn + t}: not an energy record: {record!r}")
        row: dict[str, float] = {}
        for key, value in costs.items():
            energy = float(value)
            if not np.isfinite(energy) or energy < 0:
                raise ValueError(f"turn {first_turn + t}, line {key!r}: energy {value!r} is not >= 0")
            row[str(key)] = energy
        rows.append(row)
        power.append(np.nan if avail is None else float(avail))
    if available is not None:
        if len(available) != len(rows):
            raise ValueError(f"{len(available)} values of power available for {len(rows)} turns")
        power = [np.nan if a is None else float(a) for a in available]
    lines: list[str] = []
    for row in rows:
        lines.extend(k for k in row if k not in lines)
    energy = np.zeros((len(rows), len(lines)))
    for t, row in enumerate(rows):
        for key, value in row.items():
            energy[t, lines.index(key)] = value
    turns = np.arange(first_turn, first_turn + len(rows))
    return EnergyUse(turns, tuple(lines), energy, np.array(power, dtype=float))


def _ledgers(allocations: Sequence[object], spec: ShipSpec | None) -> list[object]:
    """Price a run of Energy Allocation Forms (B3) turn by turn with the rules' ledger."""
    from sfb_desk.rules.energy import Allocation, carry, initial_state, ledger

    if spec is None:
        raise ValueError("pricing energy allocations needs the ship (spec=...)")
    out: list[object] = []
    state = None
    for allocation in allocations:
        if not isinstance(allocation, Allocation):
            raise TypeError(f"not an energy record: {allocation!r}")
        if state is None:
            state = initial_state(spec, turn=allocation.turn)
        out.append(ledger(allocation, spec, state))
        state = carry(state, allocation, spec)
    return out


def line_label(key: str) -> str:
    """A readable label for a line key (``speed_plot`` -> ``Speed plot``)."""
    return key.replace("_", " ").replace(":", " ").strip().capitalize()
