"""Shield boxes on the SSD's damage state (D3): the highest-numbered boxes of a shield are the
destroyed ones (decisions.md, D3). :func:`sync_shield_marks` runs once per volley, so the
positions of each ship class's shield boxes are found once and kept."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.rules.damage import DamageState
from sfb_desk.rules.damage.volley_start import remark
from sfb_desk.rules.ship import ShipSpec

from .shields import ShieldState


_SHIELD_BOXES: dict[int, tuple[tuple[str, ...], tuple[tuple[int, int, int, int], ...], tuple[int, ...]]] = {}


def _shield_boxes(boxes: tuple[str, ...]) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...]]:
    """Where the ``shield{k}#{n}`` boxes are in ``boxes`` (cached per box list object: the
    ship class's shared tuple): runs (k - 1, position, first n, count) of boxes #n, #n+1...
    lying one after another (one run per shield in ``ShipSpec.box_ids`` order), and every
    position."""
    hit = _SHIELD_BOXES.get(id(boxes))
    if hit is not None and hit[0] is boxes:
        return hit[1], hit[2]
    runs: list[list[int]] = []
    positions = []
    for i, box in enumerate(boxes):
        if box.startswith("shield"):
            name, _, number = box.partition("#")
            k, n = int(name[6:]) - 1, int(number)
            positions.append(i)
            last = runs[-1] if runs else None
            if last and last[0] == k and last[1] + last[3] == i and last[2] + last[3] == n:
                last[3] += 1
            else:
                runs.append([k, i, n, 1])
    found = tuple(map(tuple, runs)), tuple(positions)
    if len(_SHIELD_BOXES) >= 512:
        _SHIELD_BOXES.pop(next(iter(_SHIELD_BOXES)))
    _SHIELD_BOXES[id(boxes)] = (boxes, *found)  # type: ignore[assignment]
    return found  # type: ignore[return-value]


def sync_shield_marks(damage: DamageState, spec: ShipSpec, shields: ShieldState) -> DamageState:
    """``damage`` with its shield boxes marked as ``shields`` has them (the SSD shows both):
    of shield #k's boxes ``shield{k}#{n}``, those with n above the boxes left (and not above
    the printed strength) are the destroyed ones (:func:`~.shields.destroyed_shield_boxes`)."""
    if not damage.boxes:
        damage = DamageState.for_ship(spec)
    old = damage.marks or bytes(len(damage.boxes))
    marks = bytearray(old)
    left, printed = shields.boxes, shields.printed
    runs, positions = _shield_boxes(damage.boxes)
    for k, start, first, count in runs:
        up = min(max(left[k] - first + 1, 0), count)  # boxes #first.. up to the boxes left
        down = max(min(max(printed[k] - first + 1, 0), count) - up, 0)  # then up to printed
        marks[start:start + count] = b"\0" * up + b"\1" * down + b"\0" * (count - up - down)
    if marks == old:
        return damage if damage.marks else replace(damage, marks=old)
    return remark(damage, bytes(marks), positions)
