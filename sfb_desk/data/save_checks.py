"""Checks of a save's units against their ship classes, before the save is replayed.

A save's states are decoded strictly (:mod:`sfb_desk.engine.codec`: types, known fields, shield
values), but which boxes of a ship are destroyed (D4) is only text to the decoder: a box id that
is not on the ship's SSD would otherwise reach the damage rules, which take box ids from the SSD
and treat a stranger as a programming error. :func:`unit_problem` names such a unit and box in
the player's words, for the initial state and for the saved one, so that a hand-edited or damaged
save is refused with a message instead of a traceback (saves.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.records import Combat
from ..rules.charts.turn_modes import category
from ..rules.game_state import GameState
from ..rules.movement.speed import parse_plot
from ..rules.results import Refusal


def unit_problem(where: str, state: GameState, combat: Combat, specs: Mapping[str, object]) -> str:
    """The first unit of ``state`` whose speed plots are not plots (C12.12), or whose destroyed
    boxes or repair box (D9) are not boxes of its ship class, in words ("" when every one is).
    ``specs`` maps a class id to its ShipSpec; a unit whose ship record or class is not known
    here is left to the replay for its boxes."""
    for unit in state.units:
        for name in ("plot", "prev_plot"):
            plot = getattr(unit, name)
            checked = parse_plot([list(p) for p in plot])
            if isinstance(checked, Refusal):
                return f"{where}: {unit.id}: its {name.replace('_', ' ')}: {checked.message} " \
                       f"({checked.rule})"
        try:
            category(unit.profile.turn_mode)
        except ValueError as exc:
            return f"{where}: {unit.id}: {exc}"
        record = combat.ship(unit.id)
        spec = specs.get(record.spec_id) if record is not None else None
        if spec is None:
            continue
        boxes = frozenset(spec.box_ids())  # type: ignore[attr-defined]
        named = f"the {spec.name} ({spec.id})"  # type: ignore[attr-defined]
        for box in sorted(unit.destroyed):
            if box not in boxes:
                return f"{where}: {unit.id}: {box!r} is not a box of {named} (destroyed boxes, D4)"
        if record.repair_box is not None and record.repair_box not in boxes:
            return (f"{where}: {unit.id}: the box being repaired, {record.repair_box!r}, is not a "
                    f"box of {named} (D9)")
    return ""
