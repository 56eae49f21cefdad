"""Declared shots: the situation between a firer and a target, legality, and the die per shot.

A :class:`FireSituation` holds what one firer knows about one target when it fires (D6.315
Fire Decision Step): true range and bearing (D1.4, D2), the target's shield struck and the
firer's own facing shield (D3.4), lock-on (D6.1), fire control (D6.6, D6.7, D19), scanner
factor (D6.21), cloak bonus (G13) and the EW shift (D6.34, :mod:`.ew`). :func:`situation`
builds it from the two units' hexes and facings.

A :class:`ShotOrder` is one weapon mount (:class:`sfb_desk.rules.ship.Weapon`) firing in a
mode. :func:`check_shot` says whether it may fire and, if not, which rule forbids it:

* fire control (D6.6, D6.633 activation delay, D6.7 per the rule option, D19.25 EM under
  passive fire control); under passive fire control the true range is at most 5 (D19.23);
* lock-on: the anti-drone needs one (E5.14, D6.124), as does DERFACS (D6.124); passive fire
  control has none (D19.11);
* arc: the target's compass point is in the mount's arcs or extra bearings (D2,
  :func:`sfb_desk.rules.arcs.arc_mask`);
* rate of fire (:mod:`.rate`) and range (:mod:`.resolve`).

:func:`check_overload` lets an overload mode fire only a load armed overloaded (E3.5, E4.4,
E7.4, E10.6, E7.42); :func:`same_hex_situation` fixes the shields of a shot at range 0 once the
table names the direction (D3.42).

:func:`shot_dice` names the dice the engine prompts for (one prompt per shot); the answer goes
to :func:`resolve_shot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sfb_desk.rules.arcs import ShieldHit, arc_mask, in_mask, shield_struck
from sfb_desk.rules.energy.costs import FUSION_SUICIDE
from sfb_desk.rules.hexes import hex_range
from sfb_desk.rules.bearing import bearing
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import Weapon

from .options import DEFAULT_COMBAT_OPTIONS, CombatOptions
from .ranges import (
    PASSIVE_MAX_TRUE_RANGE,
    FireControl,
    check_fire_control,
    effective_range,
    passive_like,
)
from .rate import FiringHistory, check_rate_of_fire, record_shot
from .resolve import ShotResult, _refuse_unknown, check_shot_ranges, fire_weapon
from .weapons import OVERLOAD_MODES, DirectFireWeapon, direct_fire_weapon

#: Modes that need a lock-on beyond the ordinary range doubling (D6.124).
_LOCK_ON_MODES = frozenset({"derfacs"})


@dataclass(frozen=True, slots=True)
class FireSituation:
    """One firer and one target at the moment of fire (module docstring).

    ``bearing``: the target's compass point seen from the firer (its frame). ``from_bearing``:
    the firer's point seen from the target (for D10.151). ``target_shield`` / ``firer_shield``:
    the shield of the target struck, and the firer's own shield facing the target (overload
    feedback, E3.54, E4.431). ``shift``: the die-roll shift of direct fire; ``add_shift`` that
    of the anti-drone (E5.15, C10.49). ``clock``: the absolute impulse of fire.
    """

    true_range: int
    bearing: int
    target_shield: ShieldHit
    from_bearing: int = 0
    firer_shield: ShieldHit = ShieldHit(None)
    lock_on: bool = True
    fire_control: FireControl = FireControl()
    scanner: int = 0
    cloak: int = 0
    shift: int = 0
    add_shift: int = 0
    clock: int = 0

    @property
    def passive(self) -> bool:
        return passive_like(self.fire_control)

    @property
    def effective_range(self) -> int:
        """D1.4: doubled without lock-on or under passive fire control, plus scanner and cloak."""
        return effective_range(
            self.true_range, lock_on=self.lock_on, passive=self.passive,
            scanner=self.scanner, cloak=self.cloak,
        )


def situation(
    firer_hex: tuple[int, int, int],
    firer_facing: int,
    target_hex: tuple[int, int, int],
    target_facing: int,
    *,
    same_hex_direction: int | None = None,
    **facts: object,
) -> FireSituation:
    """The situation of a unit in ``firer_hex`` facing ``firer_facing`` firing at one in
    ``target_hex`` facing ``target_facing``. ``same_hex_direction``: at range 0, the D3.42
    direction (0..5) of the target from the firer. ``facts``: the other :class:`FireSituation`
    fields (lock_on, fire_control, scanner, cloak, shift, add_shift, clock)."""
    back = None if same_hex_direction is None else (same_hex_direction + 3) % 6
    return FireSituation(
        true_range=hex_range(firer_hex, target_hex),
        bearing=bearing(firer_hex, firer_facing, target_hex, same_hex_direction),
        target_shield=shield_struck(target_hex, target_facing, firer_hex, back),
        from_bearing=bearing(target_hex, target_facing, firer_hex, back),
        firer_shield=shield_struck(firer_hex, firer_facing, target_hex, same_hex_direction),
        **facts,  # type: ignore[arg-type]
    )


#: The rule that lets each weapon fire an overload: only a load armed overloaded.
OVERLOAD_RULES = {"DISRUPTOR": "E3.5", "PHOTON": "E4.4", "FUSION": "E7.4", "HELLBORE": "E10.6"}


def check_overload(weapon: Weapon, mode: object, arming, unit: str = "") -> Refusal | None:  # noqa: ANN001
    """May ``weapon`` fire in ``mode`` with the load ``arming`` holds now (an
    :class:`~sfb_desk.rules.energy.arming.WeaponArming`, None when empty)? An overload mode
    fires only a load armed overloaded (E3.5, E4.4, E7.4, E10.6); the suicide mode of a fusion
    beam only a suicide overload of 7 energy (E7.42). None when it may."""
    if mode not in OVERLOAD_MODES:
        return None
    box = weapon.box_ids[0]
    who = f"{box} of {unit}" if unit else box
    rule = OVERLOAD_RULES.get(weapon.type, "E1.2")
    if arming is None or not arming.overload:
        return Refusal(rule, f"{who} holds a standard load: {mode!r} fires only a load armed "
                             f"overloaded ({rule})")
    if mode == "suicide" and arming.stored < FUSION_SUICIDE:
        return Refusal("E7.42", f"{who} was not armed as a suicide overload "
                                f"({FUSION_SUICIDE} energy, E7.42)")
    return None


def same_hex_situation(where: FireSituation, firer_facing: int, target_hex: tuple[int, int, int],
                       target_facing: int, shield: int) -> FireSituation:
    """A shot at range 0 once the table has named the target's shield that faces the firer
    (D3.42: the relative direction comes from how the units came together, which the program
    does not track; decisions.md). That shield fixes the direction of the firer from the
    target, hence the shield struck, the firer's own shield facing the target (feedback,
    E3.54, E4.431) and the firer's point seen from the target. The bearing (and so the arc
    check, D2) is left as it was declared."""
    if where.true_range != 0:
        raise ValueError("same_hex_situation is for a target in the firer's hex (range 0)")
    if shield not in range(1, 7):
        raise ValueError(f"a shield is #1..#6, not {shield!r}")
    firer_from_target = (target_facing + shield - 1) % 6
    known = situation(target_hex, firer_facing, target_hex, target_facing,
                      same_hex_direction=(firer_from_target + 3) % 6)
    return replace(where, target_shield=known.target_shield, firer_shield=known.firer_shield,
                   from_bearing=known.from_bearing)


@dataclass(frozen=True, slots=True)
class ShotOrder:
    """One weapon mount firing in ``mode`` (its default when None); ``energy`` is an overloaded
    photon's arming energy (E4.413)."""

    weapon: Weapon
    mode: str | None = None
    energy: float | None = None

    @property
    def box_id(self) -> str:
        return self.weapon.box_ids[0]


def _weapon(order: ShotOrder) -> DirectFireWeapon | Refusal:
    found = direct_fire_weapon(order.weapon.type)
    return _refuse_unknown(order.weapon.type) if found is None else found


def shot_dice(order: ShotOrder) -> str:
    """The dice the table rolls for this shot: "1d6", or "2d6" for the hellbore (E10)."""
    found = _weapon(order)
    return "1d6" if isinstance(found, Refusal) else found.dice


def check_shot(
    order: ShotOrder,
    where: FireSituation,
    history: FiringHistory = FiringHistory(),
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> Refusal | None:
    """May ``order`` fire in this situation? None, or the refusal with its rule."""
    w = _weapon(order)
    if isinstance(w, Refusal):
        return w
    mode = w.default_mode if order.mode is None else order.mode
    if mode not in w.modes:
        return Refusal(w.rule, f"{w.title} has no {mode!r} mode (modes: {', '.join(w.modes)})")
    refusal = check_fire_control(where.fire_control, where.clock, options)
    if refusal is not None:
        return refusal
    if where.passive and where.true_range > PASSIVE_MAX_TRUE_RANGE:
        return Refusal("D19.23", f"under passive fire control direct fire reaches true range 5, not {where.true_range}")
    if (w.needs_lock_on or mode in _LOCK_ON_MODES) and (not where.lock_on or where.passive):
        rule = {"ADD": "E5.14", "PPD": "E11.15"}.get(w.code, "E5.14") if w.needs_lock_on \
            else "D6.124"
        return Refusal(rule, f"{w.title} ({mode}) needs a lock-on to its target")
    mount = order.weapon
    if not mount.arcs and not mount.extra_bearings:
        return Refusal("D2", f"{order.box_id} has no firing arc recorded")
    if not in_mask(arc_mask(mount.arcs, mount.extra_bearings), where.bearing):
        arcs = " ".join((*mount.arcs, *(f"+{p}" for p in mount.extra_bearings)))
        return Refusal("D2", f"{order.box_id} ({arcs}) does not bear on the target (compass point {where.bearing})")
    refusal = check_rate_of_fire(history, w, order.box_id, where.clock, options)
    if refusal is not None:
        return refusal
    return check_shot_ranges(w, mode, where.true_range, where.effective_range, mount.max_range)


def resolve_shot(
    order: ShotOrder,
    where: FireSituation,
    roll: int,
    history: FiringHistory = FiringHistory(),
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> ShotResult | Refusal:
    """Check ``order`` and resolve it with the table's ``roll`` (:func:`.resolve.fire_weapon`)."""
    refusal = check_shot(order, where, history, options)
    if refusal is not None:
        return refusal
    w = _weapon(order)
    assert not isinstance(w, Refusal)
    return fire_weapon(
        w, order.mode, true_range=where.true_range, effective_range=where.effective_range,
        roll=roll, shift=where.add_shift if w.ignores_ew else where.shift,
        mount_range=order.weapon.max_range, energy=order.energy, options=options,
    )


def fire_shots(
    shots: Sequence[tuple[ShotOrder, int]],
    where: FireSituation,
    history: FiringHistory = FiringHistory(),
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> tuple[tuple[ShotResult | Refusal, ...], FiringHistory]:
    """Resolve each ``(order, roll)`` in turn; every shot that fires is recorded in the
    history (so the same weapon twice in one impulse is refused, E1.50/E2.22)."""
    results: list[ShotResult | Refusal] = []
    for order, roll in shots:
        result = resolve_shot(order, where, roll, history, options)
        if isinstance(result, ShotResult):
            history = record_shot(history, order.box_id, where.clock, options)
        results.append(result)
    return tuple(results), history
