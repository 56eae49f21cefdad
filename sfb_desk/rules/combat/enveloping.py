"""Enveloping damage: enveloping plasma torpedoes (FP5) and hellbores (E10.4) strike every shield.

Reference basic-set-facts.md G4.4 and G7 (Med; the remainder placement Low):

* General reinforcement is subtracted from the total first (D3.3412).
* **Enveloping plasma** (FP5): the rest is split evenly over the six shields.
* **Hellbore** (E10.41x, JP's quote): find the weakest shield or shields (X of them); divide the
  damage by 1 + X; each weakest shield takes one part and the last part is spread evenly over
  the other shields. When all six are equally weak the damage is split evenly over six.
  "Weakest" is :meth:`ShieldState.strength <.shields.ShieldState.strength>`: boxes plus
  specific reinforcement, 0 for a down shield.
* **Fractions** (option ``enveloping_remainder``, decisions.md FP5.31): with "owner" each share
  is rounded down and the points left over are placed by the target's owner, at most one per
  shield (FP5.31 as SP reads it); in a hellbore the first division's leftover stays with the
  "last part". With "round-up" every share is rounded up (TG). AM's random placement is not
  offered (it would need a die per point).
* Then each shield takes its share like any other damage (specific reinforcement, boxes,
  internal; :func:`.shields.apply_to_shields`). The internal damage of one enveloping weapon is
  resolved as one volley (seed 002 L149-153 treats an enveloping hellbore's split per bank;
  D10.153: phasers through the shields that leaked).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sfb_desk.rules.results import Event, Refusal, event

from .options import DEFAULT_COMBAT_OPTIONS, REMAINDER_OWNER, CombatOptions
from .shields import SHIELDS, ShieldState, apply_to_shields

EPT = "plasma"
HELLBORE = "hellbore"
_RULE = {EPT: "FP5.31", HELLBORE: "E10.41"}


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _split(total: int, shields: Sequence[int], mode: str) -> tuple[dict[int, int], int]:
    """``total`` evenly over ``shields``: (shares, points left for the owner to place)."""
    n = len(shields)
    if mode == REMAINDER_OWNER:
        return {k: total // n for k in shields}, total % n
    return {k: _ceil_div(total, n) for k in shields}, 0


def remainder_needed(
    state: ShieldState, damage: int, kind: str, options: CombatOptions = DEFAULT_COMBAT_OPTIONS
) -> tuple[int, tuple[int, ...]]:
    """How many leftover points the target's owner places (at most one a shield) and on which
    shields they may go, for ``damage`` points of ``kind`` (:data:`EPT` or :data:`HELLBORE`)
    after general reinforcement. (0, ()) when nothing is left over."""
    plan = _plan(state, max(0, damage - state.general), kind, options)
    return plan[1], plan[2]


def _plan(
    state: ShieldState, total: int, kind: str, options: CombatOptions
) -> tuple[dict[int, int], int, tuple[int, ...]]:
    """(shares, leftover count, shields the leftover may go to)."""
    mode = options.enveloping_remainder
    strengths = {k: state.strength(k) for k in SHIELDS}
    weakest = min(strengths.values())
    weak = tuple(k for k in SHIELDS if strengths[k] == weakest)
    if kind == EPT or len(weak) == len(SHIELDS):
        shares, left = _split(total, SHIELDS, mode)
        return shares, left, SHIELDS if left else ()
    if kind != HELLBORE:
        raise ValueError(f"enveloping kind is {EPT!r} or {HELLBORE!r}, not {kind!r}")
    others = tuple(k for k in SHIELDS if k not in weak)
    parts = len(weak) + 1
    part = total // parts if mode == REMAINDER_OWNER else _ceil_div(total, parts)
    shares = {k: part for k in weak}
    last = total - part * len(weak) if mode == REMAINDER_OWNER else part
    rest, left = _split(last, others, mode)
    shares.update(rest)
    return shares, left, others if left else ()


def default_remainder(state: ShieldState, count: int, eligible: Sequence[int]) -> tuple[int, ...]:
    """The default owner's placement: the strongest eligible shields, lowest number on ties
    (a policy, not a rule: the strongest shield is likeliest to absorb the point)."""
    order = sorted(eligible, key=lambda k: (-state.strength(k), k))
    return tuple(order[:count])


def enveloping_shares(
    state: ShieldState,
    damage: int,
    kind: str,
    *,
    remainder_to: Sequence[int] | None = None,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> tuple[int, dict[int, int]] | Refusal:
    """Split ``damage`` enveloping points: (general reinforcement used, {shield: share}).
    ``remainder_to``: the owner's placement of the leftover points (one a shield, from
    :func:`remainder_needed`); None takes :func:`default_remainder`."""
    if not isinstance(damage, int) or damage < 0:
        raise ValueError(f"damage must be a whole number >= 0, not {damage!r}")
    general = min(state.general, damage)
    shares, left, eligible = _plan(state, damage - general, kind, options)
    if left:
        chosen = tuple(default_remainder(state, left, eligible) if remainder_to is None else remainder_to)
        if len(chosen) != left or len(set(chosen)) != left or not set(chosen) <= set(eligible):
            return Refusal(
                _RULE[kind],
                f"place {left} leftover point(s), at most one a shield, on shields"
                f" {', '.join(map(str, eligible))}",
            )
        for k in chosen:
            shares[k] += 1
    elif remainder_to:
        return Refusal(_RULE[kind], "no leftover points to place")
    return general, {k: shares[k] for k in SHIELDS}


def apply_enveloping(
    state: ShieldState,
    damage: int,
    kind: str,
    *,
    remainder_to: Sequence[int] | None = None,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
    unit: str | None = None,
) -> tuple[ShieldState, int, tuple[int, ...], tuple[Event, ...]] | Refusal:
    """Enveloping ``damage`` on every shield: (new state, internal points, shields that let
    damage through, events)."""
    split = enveloping_shares(state, damage, kind, remainder_to=remainder_to, options=options)
    if isinstance(split, Refusal):
        return split
    general, shares = split
    events: list[Event] = []
    if general:
        events.append(event("general_reinforcement", unit, "D3.3412",
                            f"general reinforcement stops {general} enveloping point(s)", points=general))
    events.append(event("enveloping", unit, _RULE[kind],
                        "enveloping damage per shield: " + ", ".join(f"#{k} {shares[k]}" for k in SHIELDS),
                        weapon=kind, shares=tuple(shares[k] for k in SHIELDS)))
    state = replace(state, general=state.general - general)
    internal = 0
    penetrated: list[int] = []
    for k in SHIELDS:
        applied = apply_to_shields(state, k, shares[k], options=options, unit=unit)
        assert not isinstance(applied, Refusal)  # no reserve: nothing to refuse
        state, through, evs = applied
        events.extend(evs)
        if through:
            internal += through
            penetrated.append(k)
    return state, internal, tuple(penetrated), tuple(events)
