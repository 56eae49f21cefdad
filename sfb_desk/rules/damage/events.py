"""The record of a volley: one :class:`DamageEvent` per damage point.

The allocator's inner loop keeps one packed int per point, ``slot * stride + g`` (the chart
cell and the global box index of :mod:`sfb_desk.rules.damage.layout`), and the choices made on
the side. :class:`EventLog` is an immutable sequence over those records that decodes each
into a frozen :class:`DamageEvent` when it is read, so the per-point cost of the procedure is
one int; a consumer that reads every event pays for the dataclasses (measured in
tests/benchmarks/test_bench_dac.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from sfb_desk.rules.damage.layout import AFTER_SLOT, NCOLS, Layout
from sfb_desk.rules.charts.dac import COLUMNS

#: Outcomes of a point.
BOX = "box"
EXCESS = "excess_damage"
DESTROYS_SHIP = "ship_destroyed"  # the point that found no excess damage left (D4.40)
AFTER_DESTRUCTION = "after_destruction"  # a point arriving after that (no roll needed)

#: Why a point landed on a system other than its chart entry names.
_SUBSTITUTION_RULE: dict[tuple[str, str], str] = {
    ("forward_hull", "center_hull"): "D4.351: F Hull hits go to center hull when no forward hull is left",
    ("aft_hull", "center_hull"): "D4.351: A Hull hits go to center hull when no aft hull is left",
    ("flag_bridge", "security"): "D4.5 example: Flag Bridge hits go to security when no flag bridge is left",
    ("excess_damage", "cargo"): "D4.36 (option): excess damage absorbed by cargo",
    ("shuttle", "hangar"): "G19.213: Shuttle hits are scored on the sat ships in the hangar",
    ("flag_bridge", "dd"): "G18.12: displacement devices are destroyed on Flag Bridge hits",
    ("drone", "pa"): "D10.51: power absorber boxes are destroyed on Drone hits",
    ("cargo", "mine_rack"): "M9.13: Cargo hits are scored on mine racks when no cargo box is left",
    ("shuttle", "mine_rack"): "M9.13: Shuttle hits are scored on mine racks when no shuttle box is left",
    ("excess_damage", "mine_rack"): "M9.13: mine racks are destroyed on Excess Damage hits",
}


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice the owner made, or that was made for him (``by``): ``"owner"`` (answered),
    ``"default"`` (the default policy, owner's choice by default), ``"forced"`` (D4.322 left
    one option)."""

    kind: str
    options: tuple[str, ...]
    chosen: str
    by: str
    rule: str


@dataclass(frozen=True, slots=True)
class DamageEvent:
    """What one internal damage point did (D4.2).

    ``roll`` and ``column`` are the 2d6 DAC roll and the chart column it was scored in,
    ``entry`` the chart's wording (``"F Hull"``), ``system`` the system actually hit
    (``"center_hull"`` when D4.351 moved it; the DAC group ``phaser``/``torpedo``/``drone``
    for weapons) and ``box`` the box id. ``outcome`` is ``"box"``, ``"excess_damage"``,
    ``"ship_destroyed"`` (D4.40) or ``"after_destruction"`` (no roll, nothing left to hit).
    ``crew_unit_killed`` / ``boarding_party_killed``: this point was a G9.21 / D7.21 casualty
    threshold.
    """

    point: int
    roll: int | None
    column: str | None
    entry: str | None
    system: str | None
    box: str | None
    outcome: str
    choice: Choice | None = None
    note: str = ""
    crew_unit_killed: bool = False
    boarding_party_killed: bool = False

    @property
    def destroyed_box(self) -> str | None:
        """The box this point destroyed, if any (excess-damage boxes included)."""
        return self.box


class EventLog(Sequence[DamageEvent]):
    """Immutable sequence of a volley's events, decoded from packed records on access."""

    __slots__ = ("_layout", "_records", "_choices", "_crew", "_bp")

    def __init__(
        self,
        layout: Layout | None,
        records: tuple[int, ...],
        choices: Mapping[int, Choice],
        crew_points: frozenset[int] = frozenset(),
        boarding_points: frozenset[int] = frozenset(),
    ) -> None:
        self._layout = layout
        self._records = records
        self._choices = dict(choices)
        self._crew = crew_points
        self._bp = boarding_points

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, i: int) -> DamageEvent: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[DamageEvent, ...]: ...
    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        if isinstance(i, slice):
            return tuple(self._decode(k) for k in range(*i.indices(len(self._records))))
        n = len(self._records)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("event index out of range")
        return self._decode(i)

    def __iter__(self) -> Iterator[DamageEvent]:
        # _decode inlined: a consumer reading every event pays one call per point, not two
        layout = self._layout
        if layout is None:
            return
        decoded, choices, crew, bp = layout._decoded, self._choices, self._crew, self._bp
        for k, rec in enumerate(self._records):
            parts = decoded.get(rec) or _parts(layout, rec)
            point = k + 1
            if parts[0] is None:
                yield _event(point, None, None, None, None, None, AFTER_DESTRUCTION, None, "", False, False)
            else:
                yield _event(point, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5],
                             choices.get(k) if parts[4] is not None else None, parts[6],
                             point in crew, point in bp)

    def __repr__(self) -> str:
        return f"EventLog({len(self._records)} events)"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    @property
    def records(self) -> tuple[int, ...]:
        """The packed records (``slot * stride + g``), one per point."""
        return self._records

    def boxes(self) -> tuple[str, ...]:
        """The box ids destroyed, in point order (excess-damage boxes included)."""
        layout = self._layout
        if layout is None:
            return ()
        stride, n, ids = layout.stride, layout.nboxes, layout.box_ids
        return tuple(ids[r % stride] for r in self._records if r % stride < n)

    def _decode(self, k: int) -> DamageEvent:
        layout = self._layout
        assert layout is not None
        rec = self._records[k]
        parts = layout._decoded.get(rec) or _parts(layout, rec)
        point = k + 1
        if parts[0] is None:  # after the ship's destruction: no roll, no casualty
            return _event(point, None, None, None, None, None, AFTER_DESTRUCTION, None, "", False, False)
        return _event(
            point, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5],
            self._choices.get(k) if parts[4] is not None else None, parts[6],
            point in self._crew, point in self._bp,
        )


def _parts(layout: Layout, rec: int) -> tuple:
    """(roll, column, entry, system, box, outcome, note) of a record, kept on the layout:
    every field of its event but the point, the choice and the casualties."""
    slot, g = divmod(rec, layout.stride)
    if slot == AFTER_SLOT:
        parts: tuple = (None,)
    else:
        roll = slot // NCOLS + 2
        column = COLUMNS[slot % NCOLS]
        label = layout.slot_label[slot]
        if g == layout.nboxes:
            parts = (roll, column, label, None, None, DESTROYS_SHIP,
                     "D4.40: no excess damage box left, the ship is destroyed")
        else:
            system = layout.box_system[g]
            entry = layout.slot_entry[slot]
            outcome = EXCESS if system == "excess_damage" else BOX
            note = _SUBSTITUTION_RULE.get((entry, system), "")
            parts = (roll, column, label, system, layout.box_ids[g], outcome, note)
    layout._decoded[rec] = parts
    return parts


_SETTERS = tuple(getattr(DamageEvent, name).__set__ for name in DamageEvent.__slots__)


def _event(
    point, roll, column, entry, system, box, outcome, choice, note, crew, bp,  # noqa: ANN001
    _new=object.__new__, _cls=DamageEvent, _s=_SETTERS,  # noqa: ANN001
) -> DamageEvent:
    """``DamageEvent(...)`` with every field given, through the slots directly: a third of the
    cost of the frozen dataclass's ``__init__`` (one event per point read)."""
    e = _new(_cls)
    _s[0](e, point)
    _s[1](e, roll)
    _s[2](e, column)
    _s[3](e, entry)
    _s[4](e, system)
    _s[5](e, box)
    _s[6](e, outcome)
    _s[7](e, choice)
    _s[8](e, note)
    _s[9](e, crew)
    _s[10](e, bp)
    return e
