"""Immutable values of the damage procedure: a ship's damage, a volley, prompts, issues.

All are frozen dataclasses (DESIGN.md section 3), safe to hand between threads; a new state is
made with :func:`dataclasses.replace` or returned by the allocator. Undo is keeping the old
value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import ShipSpec


#: Illegal input, reported with the rule it breaks (DESIGN.md section 3): the rules layer's
#: :class:`~sfb_desk.rules.results.Refusal` (``rule``, ``message``).
Issue = Refusal


_INDEX: dict[int, tuple[tuple[str, ...], dict[str, int]]] = {}


def box_index(boxes: tuple[str, ...]) -> dict[str, int]:
    """``{box id: position}`` for a ship's box list (cached per list object)."""
    hit = _INDEX.get(id(boxes))
    if hit is not None and hit[0] is boxes:
        return hit[1]
    index = {b: i for i, b in enumerate(boxes)}
    if len(_INDEX) >= 512:
        _INDEX.pop(next(iter(_INDEX)))
    _INDEX[id(boxes)] = (boxes, index)
    return index


@dataclass(frozen=True, slots=True)
class DamageState:
    """The damage one ship has taken: what is marked on its SSD beyond the printed class.

    * ``boxes`` / ``marks``: the ship's box ids in SSD order (``ShipSpec.box_ids()``, a shared
      tuple) and one byte per box, 1 when destroyed. Read :attr:`destroyed` (a frozenset of
      ids) or :meth:`is_destroyed`; build with :meth:`for_ship` and :meth:`with_marks`. The
      default state (no boxes) is an undamaged ship of any class;
    * ``ship_destroyed``: D4.40, excess damage exhausted;
    * ``internal_points``: internal damage points scored on the ship so far, for the crew and
      boarding-party casualties of G9.21 and D7.21;
    * ``torpedo_group`` / ``drone_group``: the D4.3222 / D4.3223 "every third hit" groups,
      which run through the scenario: (hits in the current group, best type taken in it);
    * ``repair_box``, ``repair_points``, ``boxes_repaired``: continuous damage repair (D9.7).

    ``_cache`` is private: the allocator's precompiled free lists for this exact ``marks``
    value (checked by identity, so a ``replace`` never reuses a stale one).
    """

    boxes: tuple[str, ...] = ()
    marks: bytes = b""
    ship_destroyed: bool = False
    internal_points: int = 0
    crew_units_lost: int = 0
    boarding_parties_lost: int = 0
    torpedo_group: tuple[int, bool] = (0, False)
    drone_group: tuple[int, bool] = (0, False)
    repair_box: str | None = None
    repair_points: int = 0
    boxes_repaired: int = 0
    _cache: object = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.marks and len(self.marks) != len(self.boxes):
            raise ValueError(f"{len(self.marks)} marks for {len(self.boxes)} boxes")

    @classmethod
    def for_ship(cls, spec: ShipSpec, destroyed: Iterable[str] = ()) -> DamageState:
        """An undamaged ``spec``, or one with the boxes ``destroyed`` marked."""
        boxes = spec.box_ids()
        if not destroyed:
            return cls(boxes=boxes, marks=bytes(len(boxes)))
        return cls(boxes=boxes).with_marks(destroy=destroyed)

    @property
    def destroyed(self) -> frozenset[str]:
        """The destroyed box ids."""
        marks = self.marks
        if not marks or not any(marks):
            return frozenset()
        boxes = self.boxes
        return frozenset(boxes[i] for i, m in enumerate(marks) if m)

    def is_destroyed(self, box_id: str) -> bool:
        if not self.marks:
            return False
        i = box_index(self.boxes).get(box_id)
        return i is not None and self.marks[i] == 1

    def with_marks(self, destroy: Iterable[str] = (), repair: Iterable[str] = ()) -> DamageState:
        """A new state with the boxes ``destroy`` marked and ``repair`` cleared. Unknown box
        ids raise ValueError (a programming error: the ids come from the ship's SSD)."""
        index = box_index(self.boxes)
        marks = bytearray(self.marks or bytes(len(self.boxes)))
        for value, ids in ((1, destroy), (0, repair)):
            for box_id in ids:
                i = index.get(box_id)
                if i is None:
                    raise ValueError(f"{box_id!r} is not a box of this ship")
                marks[i] = value
        return replace(self, marks=bytes(marks))


FRESH = DamageState()


@dataclass(frozen=True, slots=True)
class Volley:
    """Internal damage points to allocate as one volley (D4.22).

    ``shields`` are the struck shield numbers (1..6, D3.1) the damage came through: one for
    most fire, several for a PPD pulse through several down shields (E11.332, seed 002 L692).
    ``bearing_phasers``, when given, are the phaser box ids able to fire at the source of the
    damage (direct fire, D10.151); otherwise phasers bearing on a struck shield are computed
    from their arcs (D4.321, D10.152). With neither, no direction restriction applies.
    """

    points: int
    shields: tuple[int, ...] = ()
    bearing_phasers: frozenset[str] | None = None


@dataclass(frozen=True, slots=True)
class ChoiceNeeded:
    """A prompt: the owner of the damaged ship chooses the box (D4.324 "Any Weapon", "Any W
    En", which phaser / heavy weapon / drone rack takes a hit). Answer with one of ``options``
    (a box id), or ``None`` to take ``default`` (the policy's pick). ``option_types`` names
    each option's weapon type or engine; ``option_remaining`` the engine's boxes left.
    ``forced_best`` is set when D4.322 limits the options to the best type. ``error`` is set
    when the prompt is repeated after an answer that was not an option."""

    point: int
    roll: int
    column: str
    entry: str
    kind: str
    options: tuple[str, ...]
    option_types: tuple[str, ...]
    option_remaining: tuple[int, ...]
    rule: str
    default: str = ""
    forced_best: bool = False
    error: str = ""


@dataclass(frozen=True, slots=True)
class RollsNeeded:
    """A prompt: more 2d6 DAC rolls are needed (D4.21), one per remaining point. Answer with a
    sequence of rolls, or ``None`` / an empty sequence to stop with the volley incomplete."""

    point: int
    missing: int
    rule: str = "D4.21"
    error: str = ""
