"""Energy balance due to damage (D22, optional; seed 000 L2738-2921).

When damage destroys power-producing boxes during a turn, the allocation may need more power
than the ship now has. Every line's energy is then **expended**, **available** or
**operating** (D22.1): movement done so far is expended, the rest of the plot available
(D22.11); HETs, transporter uses and phaser energy are expended once used, available before
(D22.12, D22.15); shields, life support, fire control, holding energy, tractors, EW, cloak and
EM are operating (D22.13, D22.53), inactive fire control available (D22.132); this turn's
arming energy is available (D22.54).

:func:`classify` is D22.1, :func:`warp_check` D22.2 steps A-F, :func:`general_check` D22.3,
:func:`max_speed_now` D22.6. The resolution (D22.4) is in :mod:`sfb_desk.rules.energy.d22_balance`:
:func:`~sfb_desk.rules.energy.d22_balance.balance_steps` runs the whole procedure as a generator,
yielding a :class:`D22Choice` whenever the rules give the owner a choice (which warp use to cut,
whether to use reserve power, cancel HETs or EM, which allocation to reduce) and returning a
:class:`D22Result` with the rebalanced allocation;
:func:`~sfb_desk.rules.energy.d22_balance.balance` answers every choice with its default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..ship import WARP_SYSTEMS, ShipSpec
from .allocation import Allocation
from .ledger import Ledger, em_split, het_cost, ledger, move_cost, plot_hexes
from .power import power_available
from .state import EnergyState

ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Progress:
    """What has happened this turn before the damage is resolved.

    ``impulse`` is the last impulse whose movement is done. ``em`` is ``unused``, ``active``
    or ``stopped`` (D22.53). ``impulse_hex_used``: the owner declares that one expended hex
    came from impulse power (D22.62 example). ``disengaging``: the ship is disengaging by
    acceleration and need not slow below its new maximum speed (D22.433).
    """

    impulse: int
    hets_made: int = 0
    warp_tacs_made: int = 0
    em: str = "unused"
    transporter_uses: int = 0
    tractor_expended: Fraction = ZERO
    tractor_operating: Fraction = ZERO
    phaser_used: Fraction = ZERO
    fired: frozenset[str] = frozenset()
    fire_control_active: bool = True
    impulse_hex_used: bool = False
    disengaging: bool = False


@dataclass(frozen=True, slots=True)
class Split:
    """One line's energy by D22.1 category."""

    expended: Fraction = ZERO
    available: Fraction = ZERO
    operating: Fraction = ZERO

    @property
    def required(self) -> Fraction:
        return self.available + self.operating


@dataclass(frozen=True, slots=True)
class WarpCheck:
    """D22.2 steps A-F: remaining, available (with E added), expended, lost."""

    remaining: Fraction  # A
    available: Fraction  # B before step E
    expended: Fraction  # C
    lost: Fraction  # D
    added: Fraction  # E (C - D when positive)

    @property
    def needed(self) -> Fraction:
        return self.available + self.added

    @property
    def shortage(self) -> Fraction:
        return max(self.needed - self.remaining, ZERO)


@dataclass(frozen=True, slots=True)
class GeneralCheck:
    """D22.3: remaining output against operating + available."""

    remaining: Fraction
    required: Fraction

    @property
    def shortage(self) -> Fraction:
        return max(self.required - self.remaining, ZERO)


@dataclass(frozen=True, slots=True)
class D22Choice:
    """A choice the rules give the owner. Answer with one of ``options`` (None: ``default``)."""

    key: str
    question: str
    options: tuple[str, ...]
    rule: str
    shortage: Fraction
    default: str
    error: str = ""


@dataclass(frozen=True, slots=True)
class D22Result:
    """The rebalanced allocation and what was done, each step with its rule."""

    allocation: Allocation
    warp: WarpCheck
    general: GeneralCheck
    steps: tuple[tuple[str, str], ...] = ()  # (rule, what was done)
    reserve_used: Fraction = ZERO
    ejected: tuple[str, ...] = ()  # held weapons whose holding energy was cancelled (D22.55)
    shortage_left: Fraction = ZERO  # only when step 5 ends the procedure
    unallocated: Fraction = ZERO  # D22.58: excess from cutting a large allocation


# ---------------------------------------------------------------------------------------------
# Classification (D22.1)


def movement_energy(a: Allocation, spec: ShipSpec, p: Progress) -> tuple[Fraction, Fraction, Fraction,
                                                                       Fraction]:
    """(warp expended, warp available, impulse expended, impulse available) of movement."""
    mc = move_cost(spec)
    total = plot_hexes(a.speed_plot)
    done = plot_hexes(a.speed_plot, 1, p.impulse)
    imp = min(a.impulse_hexes, total)
    imp_done = imp if (p.impulse_hex_used or done >= total) and done else 0
    imp_left = imp - imp_done
    warp_done = (done - imp_done) * mc
    warp_left = (total - done - imp_left) * mc
    return warp_done, warp_left, Fraction(imp_done), Fraction(imp_left)


def classify(a: Allocation, spec: ShipSpec, state: EnergyState, p: Progress,
             led: Ledger | None = None) -> dict[str, Split]:
    """Every line's energy as expended, available or operating (D22.1)."""
    led = led or ledger(a, spec, state)
    c = led.costs
    out: dict[str, Split] = {}
    w_done, w_left, i_done, i_left = movement_energy(a, spec, p)
    out["speed_plot"] = Split(w_done + i_done, w_left + i_left)
    het = het_cost(spec)
    out["hets"] = Split(het * p.hets_made, het * max(a.hets - p.hets_made, 0))
    mc = move_cost(spec)
    out["warp_tacs"] = Split(mc * p.warp_tacs_made, mc * max(a.warp_tacs - p.warp_tacs_made, 0))
    out["em"] = Split(c["em"]) if p.em == "stopped" else Split(operating=c["em"])  # D22.53
    used = min(Fraction(p.transporter_uses, 5), c["transporters"])
    out["transporters"] = Split(used, c["transporters"] - used)
    phaser = min(p.phaser_used, c["phaser_capacitor"])
    out["phaser_capacitor"] = Split(phaser, c["phaser_capacitor"] - phaser)  # D22.15
    t_exp = min(p.tractor_expended, c["tractors"])
    t_op = min(p.tractor_operating, c["tractors"] - t_exp)
    out["tractors"] = Split(t_exp, c["tractors"] - t_exp - t_op, t_op)  # D22.56
    fc = c["fire_control"]
    out["fire_control"] = Split(operating=fc) if p.fire_control_active else Split(available=fc)
    for key in ("life_support", "shields", "general_reinforcement", "specific_reinforcement",
                "ecm", "eccm", "cloak", "damage_control", "negative_tractor", "edr_labs",
                "scout_channels", "sfg_fields", "pa_level"):
        out[key] = Split(operating=c.get(key, ZERO))  # D22.13
    out["sublight_tac"] = Split(available=c["sublight_tac"])
    out["battery_recharge"] = Split(available=c["battery_recharge"])
    for box, s in led.steps.items():
        key = f"weapon:{box}"
        order = a.order(box)
        if box in p.fired:
            out[key] = Split(expended=s.energy)  # D22.55: fired, its holding energy expended
        elif order is not None and order.action == "hold":
            out[key] = Split(operating=s.energy)  # D22.55
        else:
            out[key] = Split(available=s.energy)  # D22.54
    return out


def warp_check(a: Allocation, spec: ShipSpec, state: EnergyState, p: Progress,
               destroyed_now: Iterable[str]) -> WarpCheck:
    """D22.2 steps A-F."""
    now = power_available(spec, destroyed_now, engine_doubling=a.engine_doubling)
    lost = sum(1 for s in WARP_SYSTEMS for n in range(1, spec.count(s) + 1)
               if f"{s}#{n}" in frozenset(destroyed_now) and f"{s}#{n}" not in state.destroyed)
    lost *= 2 if a.engine_doubling else 1
    w_done, w_left, _, _ = movement_energy(a, spec, p)
    het = het_cost(spec)
    mc = move_cost(spec)
    em_warp = em_split(spec, a.em_impulse_hexes)[0] if a.em else ZERO
    led = ledger(a, spec, state)
    warp_arming = sum((s.warp for b, s in led.steps.items() if b not in p.fired), ZERO)
    available = (w_left + het * max(a.hets - p.hets_made, 0)
                 + mc * max(a.warp_tacs - p.warp_tacs_made, 0)
                 + (em_warp if p.em != "stopped" else ZERO) + warp_arming)
    expended = (w_done + het * p.hets_made + mc * p.warp_tacs_made
                + (em_warp if p.em == "stopped" else ZERO))
    added = max(expended - lost, ZERO)
    return WarpCheck(now.warp, available, expended, Fraction(lost), added)


def general_check(a: Allocation, spec: ShipSpec, state: EnergyState, p: Progress,
                  destroyed_now: Iterable[str], reserve_discharged: Fraction = ZERO) -> GeneralCheck:
    """D22.31-D22.33: current output (with the batteries discharged this turn) against the
    operating and available energy."""
    now = power_available(spec, destroyed_now, engine_doubling=a.engine_doubling)
    remaining = now.total + a.battery_discharge + reserve_discharged
    split = classify(a, spec, state, p)
    required = sum((s.required for k, s in split.items()), ZERO)
    return GeneralCheck(remaining, required)


def max_speed_now(a: Allocation, spec: ShipSpec, destroyed_now: Iterable[str]) -> int:
    """The maximum speed after damage (C12.384 with the warp left, D22.61): warp / movement
    cost + 1 for impulse, at most 31."""
    now = power_available(spec, destroyed_now, engine_doubling=a.engine_doubling)
    return min(int(now.warp / move_cost(spec)) + (1 if now.impulse >= 1 else 0), 31)


def remaining_hexes(plot: tuple[tuple[int, int], ...], after: int) -> int:
    """Hexes the plot still moves after impulse ``after`` (Impulse Chart)."""
    return plot_hexes(plot, after + 1, 32)

