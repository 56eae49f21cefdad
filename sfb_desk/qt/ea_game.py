"""The energy allocation sheet of a ship in a game in play: built from a controller's record.

No widgets here (DESIGN.md section 2). :func:`sheet_data` reads a
:class:`~.game_record.GameRecord` for one unit: its class (``setup["specs"]`` by the
:class:`~sfb_desk.engine.records.ShipRecord`'s ``spec_id``), the energy it carries into this turn
(``ShipRecord.energy`` with the unit's destroyed boxes, as the session checks it, B3.1), this
turn's accepted allocation (``ShipRecord.allocation``, after any D22 rebalance), and the earlier
turns: each turn's accepted answer to its ``energy_allocation`` prompt from the log, with the
energy the ship started that turn with (the session's snapshot at impulse 0 of the turn).

:class:`GameEaModel` is the sheet's model checked with the game's rule options, so the sheet
finds what the session will refuse (the speed plot's C2/C12 limits depend on them).
:func:`answer_value` is the answer the session accepts (:func:`sfb_desk.engine.energy_steps
.parse_allocation` reads the encoded form back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject

from ..engine.codec import encode
from ..engine.energy_steps import parse_allocation
from ..engine.log import ANSWER, PROMPT, LogRecord
from ..engine.prompts import Orders, Prompt
from ..engine.records import ShipRecord, damage_state
from ..rules.damage.status import crippled_reasons
from ..rules.energy import (
    DEFAULT_OPTIONS,
    Allocation,
    EnergyOptions,
    EnergyState,
    Issue,
    Ledger,
    check,
)
from ..rules.game_state import GameState, RuleOptions
from ..rules.results import Refusal
from ..rules.ship import ShipSpec
from .ea_model import EaSheetModel, TurnRecord
from .game_record import GameRecord

EA_KIND = "energy_allocation"


def ea_unit(prompt: Prompt | None) -> str | None:
    """The unit whose energy allocation ``prompt`` asks for (B3), or None."""
    if isinstance(prompt, Orders) and prompt.kind == EA_KIND:
        return prompt.unit
    return None


def specs_of(record: GameRecord | None) -> Mapping[str, ShipSpec]:
    """The ship classes of the game by spec id (empty for movement-only games)."""
    if record is None:
        return {}
    specs = record.setup.get("specs") if record.setup else None
    return specs if isinstance(specs, Mapping) else {}


def ship_record(record: GameRecord | None, unit_id: str) -> ShipRecord | None:
    """The unit's ship record now (None for units fought without the full rules)."""
    if record is None:
        return None
    combat = record.combat if record.combat is not None else record.setup.get("combat")
    finder = getattr(combat, "ship", None)
    return finder(unit_id) if finder is not None else None


def spec_of(record: GameRecord | None, unit_id: str) -> ShipSpec | None:
    """The class of ``unit_id``: through its ship record, else its unit's ``spec_id``."""
    specs = specs_of(record)
    rec = ship_record(record, unit_id)
    if rec is not None:
        return specs.get(rec.spec_id)
    if record is not None:
        state = record.state or record.initial
        unit = state.find(unit_id)
        if unit is not None and unit.spec_id:
            return specs.get(unit.spec_id)
    return None


def answer_value(allocation: Allocation) -> dict:
    """The answer for an ``energy_allocation`` prompt: every line of the form, encoded."""
    return encode(allocation)  # type: ignore[return-value]


def accepted_allocations(records: Iterable[LogRecord], unit_id: str,
                         spec_id: str) -> dict[int, Allocation]:
    """Each turn's accepted energy allocation of ``unit_id`` from the log, by turn."""
    asked: set[str] = set()
    out: dict[int, Allocation] = {}
    for r in records:
        if r.kind == PROMPT and ea_unit(r.data) == unit_id:  # type: ignore[arg-type]
            asked.add(r.key)
        elif r.kind == ANSWER and r.key in asked:
            parsed = parse_allocation(r.data, spec_id, r.turn)
            if not isinstance(parsed, Refusal):
                out[r.turn] = parsed
    return out


def start_states(record: GameRecord, unit_id: str) -> dict[int, EnergyState]:
    """The energy ``unit_id`` started each turn with, from the start-of-turn snapshots, with
    the boxes destroyed then (what the session checked that turn's allocation against)."""
    out: dict[int, EnergyState] = {}
    for snap in record.snapshots:
        if getattr(snap, "impulse", None) != 0:
            continue
        combat = getattr(snap, "combat", None)
        rec = combat.ship(unit_id) if combat is not None else None
        if rec is None:
            continue
        units = {u.id: u for u in getattr(snap, "units", ())}
        unit = units.get(unit_id)
        destroyed = unit.destroyed if unit is not None else rec.energy.destroyed
        out[snap.turn] = replace(rec.energy, destroyed=destroyed, turn=snap.turn)
    return out


@dataclass(frozen=True)
class SheetData:
    """What an EA sheet of one ship shows: the class, the energy state of ``turn`` (the turn
    being allocated or the last one allocated), its allocation (None: not written yet) and
    the earlier turns. ``current`` is False when this turn has no allocation yet and the
    sheet shows the last turn that has one."""

    unit_id: str
    spec: ShipSpec
    state: EnergyState
    allocation: Allocation | None
    history: tuple[TurnRecord, ...]
    current: bool = True

    @property
    def turn(self) -> int:
        return self.state.turn


def sheet_data(record: GameRecord | None, state: GameState | None, unit_id: str, *,
               allocating: bool = False) -> SheetData | None:
    """The sheet of ``unit_id`` in the game (None if it has no ship record and class).

    ``allocating``: the sheet for the pending allocation of this turn (the energy carried
    into the turn, the boxes destroyed now, no allocation yet). Otherwise this turn's accepted
    allocation, or the last turn that has one (``current`` False), read-only."""
    rec = ship_record(record, unit_id)
    spec = spec_of(record, unit_id)
    if record is None or state is None or rec is None or spec is None:
        return None
    turn = state.turn
    unit = state.find(unit_id)
    accepted = accepted_allocations(record.records, unit_id, spec.id)
    starts = start_states(record, unit_id)
    history = tuple(
        TurnRecord(replace(accepted[t], turn=t), starts.get(t) or replace(rec.energy, turn=t))
        for t in sorted(accepted) if t < turn)
    if allocating or rec.allocation is None and not history:
        destroyed = unit.destroyed if unit is not None else rec.energy.destroyed
        # crippled now (S2.4), as the session checks it: emergency life support allowed (B3.3)
        crippled = bool(crippled_reasons(spec, damage_state(rec, spec, frozenset(destroyed))))
        energy = replace(rec.energy, destroyed=destroyed, turn=turn, crippled=crippled)
        return SheetData(unit_id, spec, energy, None, history, current=allocating)
    if rec.allocation is not None:
        energy = replace(rec.energy, turn=rec.allocation.turn)
        return SheetData(unit_id, spec, energy, rec.allocation, history)
    last = history[-1]
    return SheetData(unit_id, spec, last.state, last.allocation, history[:-1], current=False)


class GameEaModel(EaSheetModel):
    """An :class:`EaSheetModel` checked with the game's rule options (``rules``), as the
    session checks the allocation (:func:`sfb_desk.rules.energy.validate`)."""

    def __init__(self, spec: ShipSpec, state: EnergyState, allocation: Allocation | None = None,
                 history: tuple[TurnRecord, ...] = (), options: EnergyOptions = DEFAULT_OPTIONS,
                 parent: QObject | None = None, *, rules: RuleOptions | None = None) -> None:
        self.rules = rules
        super().__init__(spec, state, allocation, history, options, parent)

    @classmethod
    def of(cls, data: SheetData, rules: RuleOptions | None = None,
           allocation: Allocation | None = None) -> GameEaModel:
        """The model of ``data`` (``allocation`` overrides its allocation: edits kept)."""
        return cls(data.spec, data.state, allocation or data.allocation, data.history,
                   rules=rules)

    def _check(self, allocation: Allocation, state: EnergyState) -> tuple[Ledger, list[Issue]]:
        """Checked as the session checks it: with the game's rule options."""
        return check(allocation, self.spec, state, options=self.options, rules=self.rules)

    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.is_error]
