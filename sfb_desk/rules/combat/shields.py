"""Shields (D3): boxes, up/down/dropped, reinforcement, and damage through them to the internals.

Reference basic-set-facts.md 5.7 and the seeds:

* Six shields, #1 forward, #2-#3 right, #4 aft, #5-#6 left (D3.1). The shield a shot strikes
  is :func:`sfb_desk.rules.arcs.shield_struck`; on a hex spine the target's owner chooses
  (D3.43, :func:`choose_shield`).
* **Order of absorption** (FD14.22, seed 000 L3933): general reinforcement, then specific
  reinforcement (including reserve power), then the printed boxes; what is left is internal
  damage (FD14.213, L3929).
* **General reinforcement** (D3.341): 2 energy a point, stops damage from any direction and is
  used first. **Specific reinforcement** (D3.342): 1 energy a point on one shield, not capped
  by the shield's strength. Unused reinforcement is lost at the end of the turn
  (:func:`end_turn`).
* **Down or dropped shields** (D3.343, as quoted by JP): "A shield that is down (or which has
  been dropped) cannot be reinforced, but general reinforcement would still block fire from
  that direction" (option ``down_shield_general_blocks``; amarillo lets everything through).
  A shield with no boxes left is down: FD14's example (L3931) keeps reinforcement for "a
  two-box shield", not a destroyed one.
* **Reserve power** (H7.134) may be committed after damage is scored and before it is
  applied (the "$" points of 6D2, seed 002 L656-666); it becomes general or specific
  reinforcement (FD14.22) and what this volley leaves of it stays for the turn. It may only
  reinforce a shield, never raise one (H7.345).
* **Dropping** (D3.5): a dropped shield stays down at least a quarter turn, 8 impulses (D3.51,
  seed 000 L995, L2560).

:class:`ShieldState` is immutable; every function returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from sfb_desk.rules.results import Event, Refusal, event
from sfb_desk.rules.ship import SHIELD_COUNT, ShipSpec

from .options import DEFAULT_COMBAT_OPTIONS, CombatOptions

UP = "up"
DOWN = "down"  # not energized this turn (D3.3)
DROPPED = "dropped"  # lowered voluntarily (D3.5)
#: D3.33: a shield powered at minimum stops at most this many points (the "5-box minimum
#: shields" of G12.54; decisions.md D3.33).
MINIMUM_BOXES = 5
SHIELD_STATUSES = (UP, DOWN, DROPPED)
SHIELDS = tuple(range(1, SHIELD_COUNT + 1))


def _six(values: Iterable[object], name: str) -> tuple:
    values = tuple(values)
    if len(values) != SHIELD_COUNT:
        raise ValueError(f"{name}: six values (shields #1-#6), not {len(values)}")
    return values


def _count(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """Reinforcement points: ``general`` (D3.341) and ``specific`` for one shield (D3.342).
    Passed to :func:`apply_to_shields` it is reserve power committed against this volley
    (H7.134); the energy (1 a specific point, 2 a general point) is the energy rules' concern."""

    general: int = 0
    specific: int = 0

    @property
    def energy(self) -> int:
        return 2 * self.general + self.specific


NO_RESERVE = Reinforcement()


@dataclass(frozen=True, slots=True)
class ShieldState:
    """One ship's shields this turn.

    ``boxes[k-1]`` undestroyed boxes of shield #k, ``printed`` its strength on the SSD,
    ``status`` up/down/dropped, ``dropped_at`` the clock it was dropped (D3.51), ``general`` the
    general reinforcement points left this turn, ``specific[k-1]`` shield #k's specific
    reinforcement left this turn.
    """

    boxes: tuple[int, ...]
    printed: tuple[int, ...]
    status: tuple[str, ...] = (UP,) * SHIELD_COUNT
    general: int = 0
    specific: tuple[int, ...] = (0,) * SHIELD_COUNT
    dropped_at: tuple[int | None, ...] = (None,) * SHIELD_COUNT
    minimum: bool = False  # D3.33: powered at minimum this turn, each shield stops 5 at most

    def __post_init__(self) -> None:
        for name in ("boxes", "printed", "status", "specific", "dropped_at"):
            object.__setattr__(self, name, _six(getattr(self, name), name))
        for k in SHIELDS:
            _count(self.boxes[k - 1], f"shield #{k} boxes")
            _count(self.specific[k - 1], f"shield #{k} specific reinforcement")
            if self.boxes[k - 1] > _count(self.printed[k - 1], f"shield #{k} printed strength"):
                raise ValueError(f"shield #{k}: {self.boxes[k - 1]} boxes left of {self.printed[k - 1]}")
            if self.status[k - 1] not in SHIELD_STATUSES:
                raise ValueError(f"shield #{k} status is one of {SHIELD_STATUSES}, not {self.status[k - 1]!r}")
        _count(self.general, "general reinforcement")

    @classmethod
    def fresh(cls, printed: Iterable[int]) -> ShieldState:
        """Undamaged shields of these printed strengths, up, unreinforced."""
        printed = tuple(printed)
        return cls(boxes=printed, printed=printed)

    @classmethod
    def for_ship(cls, spec: ShipSpec) -> ShieldState:
        """Undamaged shields of a ship class (no shields on the SSD: six of strength 0)."""
        return cls.fresh(spec.shields or (0,) * SHIELD_COUNT)

    def is_down(self, shield: int) -> bool:
        """Down, dropped, or every box destroyed (D3.343)."""
        return self.status[shield - 1] != UP or self.boxes[shield - 1] == 0

    def usable(self, shield: int) -> int:
        """The boxes of shield #``shield`` that stop damage: all of them, or at most
        :data:`MINIMUM_BOXES` when the shields are powered at minimum (D3.33)."""
        boxes = self.boxes[shield - 1]
        return min(boxes, MINIMUM_BOXES) if self.minimum else boxes

    def strength(self, shield: int) -> int:
        """What the shield stops before internal damage, general reinforcement aside: its
        usable boxes plus its specific reinforcement; 0 when down."""
        if self.is_down(shield):
            return 0
        return self.usable(shield) + self.specific[shield - 1]


_STATE_FIELDS = ShieldState.__slots__


def _derived(state: ShieldState, **changes: object) -> ShieldState:
    """:func:`dataclasses.replace` without the checks of ``__post_init__``, for values computed
    here from a valid state (tuples of six, counts >= 0): this runs once per volley."""
    new = object.__new__(ShieldState)
    for name in _STATE_FIELDS:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


def _check_shield(shield: object) -> int:
    if shield not in SHIELDS or isinstance(shield, bool):
        raise ValueError(f"shields are numbered 1..6 (D3.1), not {shield!r}")
    return shield  # type: ignore[return-value]


def set_reinforcement(state: ShieldState, general: int, specific: Iterable[int]) -> ShieldState | Refusal:
    """This turn's reinforcement from the energy allocation (D3.341, D3.342). A down or
    dropped shield cannot be reinforced (D3.343)."""
    specific = tuple(specific)
    if len(specific) != SHIELD_COUNT:
        return Refusal("D3.342", f"specific reinforcement is six values, not {len(specific)}")
    for value in (general, *specific):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return Refusal("D3.34", f"reinforcement is a whole number of points >= 0, not {value!r}")
    for k in SHIELDS:
        if specific[k - 1] and state.is_down(k):
            return Refusal("D3.343", f"shield #{k} is down and cannot be reinforced")
    return replace(state, general=general, specific=specific)


def check_reserve(state: ShieldState, shield: int, reserve: Reinforcement) -> Refusal | None:
    """Is this reserve-power reinforcement against a volley on ``shield`` legal (H7.134)?"""
    for value in (reserve.general, reserve.specific):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return Refusal("H7.134", f"reserve reinforcement is a whole number of points >= 0, not {value!r}")
    if reserve.specific and state.is_down(shield):
        return Refusal("D3.343", f"shield #{shield} is down: reserve power may reinforce a shield, never raise it (H7.345)")
    return None


def add_specific(state: ShieldState, shield: int, points: int) -> ShieldState | Refusal:
    """Commit ``points`` of reserve power as specific reinforcement on shield #``shield``
    (H7.134, FD14.22); a down or dropped shield cannot take it (D3.343, H7.345)."""
    _check_shield(shield)
    refusal = check_reserve(state, shield, Reinforcement(0, points))
    if refusal is not None:
        return refusal
    specific = list(state.specific)
    specific[shield - 1] += points
    return replace(state, specific=tuple(specific))


def apply_to_shields(
    state: ShieldState,
    shield: int,
    damage: int,
    reinforcement: Reinforcement = NO_RESERVE,
    *,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
    unit: str | None = None,
) -> tuple[ShieldState, int, tuple[Event, ...]] | Refusal:
    """``damage`` points strike shield #``shield``: returns the new state, the internal points
    and the events (general, specific and reserve reinforcement used, boxes destroyed, shield
    down, internal damage), or a refusal for illegal reserve ``reinforcement`` (H7.134,
    D3.343). Order: general, specific (reserve included), boxes (FD14.22)."""
    _check_shield(shield)
    _count(damage, "damage")
    refusal = check_reserve(state, shield, reinforcement)
    if refusal is not None:
        return refusal
    i = shield - 1
    down = state.is_down(shield)
    events: list[Event] = []
    if reinforcement.general or reinforcement.specific:
        events.append(event(
            "reserve_reinforcement", unit, "H7.134",
            f"reserve power adds {reinforcement.general} general and {reinforcement.specific}"
            f" specific reinforcement on shield #{shield}",
            shield=shield, general=reinforcement.general, specific=reinforcement.specific,
        ))
    general = state.general + reinforcement.general
    specific = state.specific[i] + reinforcement.specific
    left = damage
    g = min(general, left) if (not down or options.down_shield_general_blocks) else 0
    left -= g
    s = 0 if down else min(specific, left)
    left -= s
    b = 0 if down else min(state.usable(shield), left)
    left -= b
    if g:
        events.append(event("general_reinforcement", unit, "D3.341",
                            f"general reinforcement stops {g} point(s)", shield=shield, points=g))
    if s:
        events.append(event("specific_reinforcement", unit, "D3.342",
                            f"specific reinforcement on shield #{shield} stops {s} point(s)",
                            shield=shield, points=s))
    boxes = list(state.boxes)
    boxes[i] -= b
    if b:
        events.append(event("shield_boxes", unit, "D3",
                            f"shield #{shield} loses {b} box(es), {boxes[i]} left",
                            shield=shield, points=b, remaining=boxes[i]))
        if boxes[i] == 0:
            events.append(event("shield_down", unit, "D3.343",
                                f"shield #{shield} has no boxes left: it is down", shield=shield))
    if left:
        why = "the shield is down" if down else "the damage exceeds the shield"
        events.append(event("internal_damage", unit, "D4.2",
                            f"{left} point(s) through shield #{shield} ({why})",
                            shield=shield, points=left))
    spec_left = list(state.specific)
    spec_left[i] = specific - s
    new = _derived(state, boxes=tuple(boxes), general=general - g, specific=tuple(spec_left))
    return new, left, tuple(events)


def choose_shield(choices: tuple[int, ...], chosen: int | None) -> int | Refusal:
    """The shield a shot strikes, from :attr:`ShieldHit.shields <sfb_desk.rules.arcs.ShieldHit.shields>`:
    one shield, or on a boundary the one the target's owner chose (D3.43)."""
    if len(choices) == 1:
        return choices[0]
    if not choices:
        return Refusal("D3.42", "same hex: the shield struck needs the D3.42 relative direction")
    if chosen not in choices:
        return Refusal("D3.43", f"a boundary shot: the target's owner chooses shield {choices[0]} or {choices[1]}")
    return chosen  # type: ignore[return-value]


def drop_shield(state: ShieldState, shield: int, clock: int) -> ShieldState | Refusal:
    """Lower shield #``shield`` at ``clock`` (D3.5)."""
    _check_shield(shield)
    if state.status[shield - 1] != UP:
        return Refusal("D3.5", f"shield #{shield} is not up")
    return _set(state, shield, DROPPED, clock)


def raise_shield(
    state: ShieldState, shield: int, clock: int, options: CombatOptions = DEFAULT_COMBAT_OPTIONS
) -> ShieldState | Refusal:
    """Raise a dropped shield: not before a quarter turn has passed (D3.51)."""
    _check_shield(shield)
    if state.status[shield - 1] != DROPPED:
        return Refusal("D3.51", f"shield #{shield} was not dropped")
    since = state.dropped_at[shield - 1]
    if since is not None and clock - since < options.shield_drop_period:
        return Refusal(
            "D3.51",
            f"shield #{shield} was dropped {clock - since} impulse(s) ago; it stays down"
            f" {options.shield_drop_period} impulses",
        )
    return _set(state, shield, UP, None)


def _set(state: ShieldState, shield: int, status: str, at: int | None) -> ShieldState:
    statuses, times = list(state.status), list(state.dropped_at)
    statuses[shield - 1], times[shield - 1] = status, at
    return replace(state, status=tuple(statuses), dropped_at=tuple(times))


def set_energized(state: ShieldState, energized: bool) -> ShieldState:
    """Shields energized (up) or not (down) for the turn (D3.3); a dropped shield stays dropped."""
    status = tuple(
        s if s == DROPPED else (UP if energized else DOWN) for s in state.status
    )
    return replace(state, status=status)


def end_turn(state: ShieldState) -> ShieldState:
    """Unused reinforcement is lost at the end of the turn (D3.34; reference 5.7)."""
    return replace(state, general=0, specific=(0,) * SHIELD_COUNT)


def repair_boxes(state: ShieldState, shield: int, boxes: int) -> ShieldState:
    """Restore up to ``boxes`` destroyed boxes of shield #``shield`` (D9.21 shield repair;
    never above the printed strength)."""
    _check_shield(shield)
    i = shield - 1
    restored = min(state.printed[i], state.boxes[i] + _count(boxes, "boxes"))
    new = list(state.boxes)
    new[i] = restored
    return replace(state, boxes=tuple(new))


def destroyed_shield_boxes(state: ShieldState) -> tuple[str, ...]:
    """Box ids of the destroyed shield boxes (``shield{k}#{n}``, :mod:`sfb_desk.rules.ship`):
    the undestroyed boxes are #1..#boxes, so the highest-numbered go first."""
    return tuple(
        f"shield{k}#{n}"
        for k in SHIELDS
        for n in range(state.boxes[k - 1] + 1, state.printed[k - 1] + 1)
    )
