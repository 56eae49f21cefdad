"""Energy balance due to damage (D22), the resolution: :func:`balance_steps` runs D22.4 as a
generator, yielding a :class:`~sfb_desk.rules.energy.d22.D22Choice` whenever the rules give the
owner a choice (which warp use to cut, whether to use reserve power, cancel HETs or EM, which
allocation to reduce) and returning a :class:`~sfb_desk.rules.energy.d22.D22Result` with the
rebalanced allocation; :func:`balance` answers every choice with its default. The
classification of energy (D22.1) and the checks (D22.2, D22.3, D22.6) are in
:mod:`sfb_desk.rules.energy.d22`."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from dataclasses import replace
from fractions import Fraction

from ..box_names import option_words
from ..ship import ShipSpec
from .allocation import Allocation, WeaponOrder
from .costs import GENERAL_REINFORCEMENT, life_support, shields
from .ledger import em_split, het_cost, plot_hexes, size_class
from .options import DEFAULT_OPTIONS, EnergyOptions
from .power import power_available
from .state import EnergyState
from .d22 import (ZERO, D22Choice, D22Result, Progress, Split, classify, general_check, max_speed_now,
                  movement_energy, warp_check)


def _speed_now(plot: tuple[tuple[int, int], ...], impulse: int) -> int:
    current = plot[0][1]
    for start, speed in plot:
        if start <= max(impulse, 1):
            current = speed
    return current


def _set_speed_from(plot, impulse: int, speed: int, *, cap: bool = False):
    """The plot with ``speed`` from ``impulse`` + 1 on (cap: only where it was higher)."""
    speeds = []
    bounds = [s for s, _ in plot[1:]] + [33]
    for (start, v), end in zip(plot, bounds):
        speeds.extend([v] * (end - start))
    for i in range(impulse, 32):
        if not cap or abs(speeds[i]) > abs(speed):
            speeds[i] = speed if speeds[i] >= 0 else -speed
    out = [(1, speeds[0])]
    for i, v in enumerate(speeds[1:], start=2):
        if v != out[-1][1]:
            out.append((i, v))
    return tuple(out)


def _ask(choice: D22Choice) -> Generator[D22Choice, object, str]:
    answer = yield choice
    while answer is not None and answer not in choice.options:
        answer = yield replace(choice, error=f"choose one of {', '.join(choice.options)}")
    return choice.default if answer is None else str(answer)


def _movement_left(a: Allocation, spec: ShipSpec, p: Progress) -> Fraction:
    _, warp_left, _, impulse_left = movement_energy(a, spec, p)
    return warp_left + impulse_left


def _slow(a: Allocation, spec: ShipSpec, p: Progress, need: Fraction, *,
          limit: int | None) -> tuple[Allocation, Fraction, int | None]:
    """Slow down from the next impulse by the least that frees ``need`` movement energy;
    ``limit`` caps the reduction (D22.433: half the speed, a fraction of 1/2 rounded down).
    Speed changes here are immediate and not limited by C12.31/C12.32 (D22.52). Returns the
    allocation, the energy freed and the new speed (None: no change)."""
    speed = abs(_speed_now(a.speed_plot, p.impulse + 1))
    before = _movement_left(a, spec, p)
    most = speed if limit is None else min(limit, speed)
    best: tuple[Allocation, Fraction, int | None] = (a, ZERO, None)
    for cut in range(1, most + 1):
        plot = _set_speed_from(a.speed_plot, p.impulse, speed - cut)
        trial = replace(a, speed_plot=plot)
        if plot_hexes(plot) == plot_hexes(plot, 1, p.impulse) and not p.impulse_hex_used:
            trial = replace(trial, impulse_hexes=0)  # nothing left for the impulse hex
        freed = before - _movement_left(trial, spec, p)
        best = (trial, freed, speed - cut)
        if freed >= need:
            break
    return best


def balance_steps(
    allocation: Allocation,
    spec: ShipSpec,
    state: EnergyState,
    progress: Progress,
    destroyed_now: Iterable[str],
    *,
    reserve: Fraction = ZERO,
    options: EnergyOptions = DEFAULT_OPTIONS,
) -> Generator[D22Choice, object, D22Result]:
    """Run D22.2 then D22.3/D22.4 for damage just scored; ``reserve`` is the battery power
    the owner could still use (D22.432)."""
    dead = frozenset(destroyed_now)
    a, p = allocation, progress
    steps: list[tuple[str, str]] = []
    ejected: list[str] = []
    warp0 = warp_check(a, spec, state, p, dead)
    # D22.62 (optional): slow at once to the new maximum speed.
    if options.d22_strict_max_speed:
        top = max_speed_now(a, spec, dead)
        if abs(_speed_now(a.speed_plot, p.impulse + 1)) > top:
            a = replace(a, speed_plot=_set_speed_from(a.speed_plot, p.impulse, top, cap=True))
            steps.append(("D22.62", f"slowed to the new maximum speed {top}"))
    # D22.27 step G: cut warp uses until B <= A, the owner choosing which.
    warp = warp_check(a, spec, state, p, dead)
    tried: set[str] = set()
    while warp.shortage > 0:
        opts = [o for o in _warp_options(a, spec, p) if o not in tried]
        if not opts:
            break
        pick = yield from _ask(D22Choice(
            "warp_cut", f"Warp power shortage of {warp.shortage} (D22.27): what is cut?",
            tuple(opts), "D22.27", warp.shortage, opts[0]))
        a, what = _apply_warp_cut(a, spec, p, pick, warp.shortage, steps)
        tried.add(pick)  # each cut is offered once: no cut can be made twice
        warp = warp_check(a, spec, state, p, dead)
    # D22.28 step H: movement-capable power (warp + impulse) against movement and EM.
    now = power_available(spec, dead, engine_doubling=a.engine_doubling)
    w_done, w_left, i_done, i_left = movement_energy(a, spec, p)
    em_w, em_i = em_split(spec, a.em_impulse_hexes) if a.em and p.em != "stopped" else (ZERO,
                                                                                          ZERO)
    over = (w_left + i_left + em_w + em_i) - (now.warp + now.impulse)
    if over > 0:
        a, freed, new = _slow(a, spec, p, over, limit=None)
        steps.append(("D22.28", f"slowed to speed {new}: movement power short by {over}"))
    # D22.3: general shortage.
    general0 = general_check(a, spec, state, p, dead)
    short = general0.shortage
    used_reserve = ZERO
    if short > 0:
        # Step 1: emergency life support (D22.431).
        if state.crippled and a.life_support == "normal":
            sc = size_class(spec)
            freed = life_support(sc) - life_support(sc, True)
            if freed > 0:
                a = replace(a, life_support="emergency")
                short -= freed
                steps.append(("D22.431", f"emergency life support frees {freed}"))
        # Step 2: reserve power, voluntarily (D22.432).
        if short > 0 and reserve > 0:
            top = min(reserve, short)
            amounts = sorted({str(x) for x in _amounts(top)}, key=Fraction)
            pick = yield from _ask(D22Choice(
                "reserve", f"Power shortage of {short}: use how much reserve power? (D22.432)",
                tuple(amounts), "D22.432", short, "0"))
            used_reserve = Fraction(pick)
            short -= used_reserve
            if used_reserve:
                steps.append(("D22.432", f"{used_reserve} reserve power used"))
        # Step 3: unmade accelerations, then HETs/EM voluntarily, then slow down by <= 50%.
        if short > 0:
            a, short = _cancel_accelerations(a, spec, p, short, steps)
        if short > 0 and a.hets > p.hets_made:
            n = a.hets - p.hets_made
            pick = yield from _ask(D22Choice(
                "cancel_het", f"Cancel the {n} unused HET(s) ({het_cost(spec) * n})? (D22.433)",
                ("yes", "no"), "D22.433", short, "yes"))
            if pick == "yes":
                short -= het_cost(spec) * n
                a = replace(a, hets=p.hets_made)
                steps.append(("D22.433", f"{n} unused HET(s) cancelled"))
        if short > 0 and a.em and p.em != "stopped":
            pick = yield from _ask(D22Choice(
                "cancel_em", "Cancel erratic maneuvers at the end of this phase? (D22.53)",
                ("yes", "no"), "D22.53", short, "yes"))
            if pick == "yes":
                short -= sum(em_split(spec, a.em_impulse_hexes), ZERO)
                a = replace(a, em=False, em_impulse_hexes=0)
                steps.append(("D22.53", "erratic maneuvers cancelled"))
        if short > 0:
            speed = abs(_speed_now(a.speed_plot, p.impulse + 1))
            limit = speed // 2  # D22.433: a fraction of 1/2 rounded down (13 -> 6)
            if p.disengaging:
                limit = max(0, min(limit, speed - max_speed_now(a, spec, dead)))
            if limit:
                a, freed, new = _slow(a, spec, p, short, limit=limit)
                if new is not None:
                    short -= freed
                    steps.append(("D22.433", f"slowed from {speed} to {new}, freeing {freed}"))
        # Step 4: the owner reduces other available or operating energy (D22.434).
        done: set[str] = set()
        while short > 0:
            cuts = [c for c in _cuts(a, spec, state, p) if c not in done]
            if not cuts:
                steps.append(("D22.435", "only life support and shields remain"))
                break
            pick = yield from _ask(D22Choice(
                "reduce", f"Power shortage of {short}: reduce which allocation? (D22.434)",
                tuple(cuts), "D22.434", short, cuts[0]))
            a, freed, gone = _apply_cut(a, spec, state, p, pick, short)
            if freed <= 0:
                done.add(pick)  # nothing more to gain from this line
            ejected.extend(gone)
            short -= freed
            steps.append(("D22.434", f"{option_words(pick)} reduced, freeing {freed}"))
    return D22Result(
        allocation=a, warp=warp0, general=general0, steps=tuple(steps),
        reserve_used=used_reserve, ejected=tuple(ejected), shortage_left=max(short, ZERO),
        unallocated=max(-short, ZERO) if general0.shortage > 0 else ZERO,
    )


def balance(allocation: Allocation, spec: ShipSpec, state: EnergyState, progress: Progress,
            destroyed_now: Iterable[str], **kwargs) -> D22Result:
    """:func:`balance_steps` with every choice answered by its default."""
    gen = balance_steps(allocation, spec, state, progress, destroyed_now, **kwargs)
    try:
        gen.send(None)
        while True:
            gen.send(None)
    except StopIteration as stop:
        return stop.value


def _amounts(top: Fraction) -> list[Fraction]:
    out = [Fraction(n) for n in range(0, int(top) + 1)]
    if top not in out:
        out.append(top)
    return out


def _warp_options(a: Allocation, spec: ShipSpec, p: Progress) -> list[str]:
    opts = []
    now = _speed_now(a.speed_plot, p.impulse + 1)
    if any(abs(s) > abs(now) for start, s in a.speed_plot if start > p.impulse + 1):
        opts.append("accelerations")
    if a.hets > p.hets_made:
        opts.append("hets")
    if a.em and p.em != "stopped":
        opts.append("em")
    opts.extend(f"weapon:{o.box}" for o in a.weapons if o.action == "arm"
                and o.box not in p.fired and _warp_weapon(o))
    if abs(now) > 0:
        opts.append("slow")
    return opts


def _warp_weapon(order: WeaponOrder) -> bool:
    b = order.box.split("#")[0]
    return b in ("photon", "dd") or order.mode.upper() == "SUICIDE"


def _apply_warp_cut(a, spec, p, pick, need, steps):
    if pick == "accelerations":
        now = abs(_speed_now(a.speed_plot, p.impulse + 1))
        a = replace(a, speed_plot=_set_speed_from(a.speed_plot, p.impulse, now, cap=True))
        steps.append(("D22.27", "planned accelerations cancelled"))
    elif pick == "hets":
        steps.append(("D22.27", f"{a.hets - p.hets_made} unused HET(s) cancelled"))
        a = replace(a, hets=p.hets_made)
    elif pick == "em":
        a = replace(a, em=False, em_impulse_hexes=0)
        steps.append(("D22.53", "erratic maneuvers cancelled"))
    elif pick.startswith("weapon:"):
        box = pick.split(":", 1)[1]
        a = a.with_order(WeaponOrder(box, "none"))
        steps.append(("D22.54", f"{box} arming stopped (earlier turns' energy lost)"))
    else:
        a, freed, new = _slow(a, spec, p, need, limit=None)
        steps.append(("D22.27", f"slowed to speed {new}"))
    return a, pick


def _cancel_accelerations(a, spec, p, short, steps):
    now = abs(_speed_now(a.speed_plot, p.impulse + 1))
    plot = _set_speed_from(a.speed_plot, p.impulse, now, cap=True)
    if plot == a.speed_plot:
        return a, short
    freed = _movement_left(a, spec, p) - _movement_left(replace(a, speed_plot=plot), spec, p)
    steps.append(("D22.433", f"planned accelerations cancelled, freeing {freed}"))
    return replace(a, speed_plot=plot), short - freed


#: Lines the owner may reduce in step 4, in the order offered (D22.434).
_CUTTABLE = ("general_reinforcement", "specific_reinforcement", "damage_control",
             "phaser_capacitor", "battery_recharge", "tractors", "negative_tractor",
             "transporters", "ecm", "eccm", "cloak", "edr_labs", "scout_channels", "fire_control",
             "speed_plot", "shields")


def _cuts(a: Allocation, spec: ShipSpec, state: EnergyState, p: Progress) -> list[str]:
    split = classify(a, spec, state, p)
    out = [k for k in _CUTTABLE if split.get(k, Split()).required > 0]
    if "shields" in out and a.shields == "minimum":
        out.remove("shields")  # D22.435: shields stay
    if "speed_plot" in out and abs(_speed_now(a.speed_plot, p.impulse + 1)) == 0:
        out.remove("speed_plot")
    out.extend(k for k, s in split.items() if k.startswith("weapon:") and s.required > 0)
    return out


def _apply_cut(a: Allocation, spec: ShipSpec, state: EnergyState, p: Progress, key: str,
               need: Fraction) -> tuple[Allocation, Fraction, list[str]]:
    """Reduce line ``key`` by what the shortage needs (whole units), or cancel it."""
    split = classify(a, spec, state, p)
    have = split[key].required
    if key == "general_reinforcement":
        n = min(a.general_reinforcement, -(-need // GENERAL_REINFORCEMENT))
        return replace(a, general_reinforcement=a.general_reinforcement - int(n)), \
            n * GENERAL_REINFORCEMENT, []
    if key == "specific_reinforcement":
        pts, freed = list(a.specific_reinforcement), 0
        for k in range(6):
            take = min(pts[k], max(int(-(-(need - freed) // 1)), 0))
            pts[k] -= take
            freed += take
        return replace(a, specific_reinforcement=tuple(pts)), Fraction(freed), []
    if key in ("damage_control", "phaser_capacitor", "battery_recharge", "tractors",
               "negative_tractor"):
        cut = min(have, need)
        value = getattr(a, key) - cut
        extra = {"reserve_warp": min(a.reserve_warp, value)} if key == "battery_recharge" else {}
        return replace(a, **{key: value}, **extra), cut, []
    if key == "transporters":
        unused = a.transporters - p.transporter_uses
        n = min(unused, int(-(-need // Fraction(1, 5))))
        return replace(a, transporters=a.transporters - n), Fraction(n, 5), []
    if key in ("ecm", "eccm", "edr_labs", "scout_channels"):
        per = have / max(getattr(a, key), 1)
        n = min(getattr(a, key), int(-(-need // per)))
        return replace(a, **{key: getattr(a, key) - n}), per * n, []
    if key == "cloak":
        return replace(a, cloak=False), have, []
    if key == "fire_control":
        return replace(a, fire_control="off", eccm=0), have + split["eccm"].required, []
    if key == "shields":
        sc = size_class(spec)
        freed = shields(sc, a.shields) - shields(sc, "minimum")
        return replace(a, shields="minimum", specific_reinforcement=a.specific_reinforcement), \
            freed, []
    if key == "speed_plot":
        new_a, freed, _ = _slow(a, spec, p, need, limit=None)
        return new_a, freed, []
    box = key.split(":", 1)[1]
    order = a.order(box)
    gone = [box] if order is not None and order.action == "hold" else []  # D22.55: ejected
    return a.with_order(WeaponOrder(box, "none")), have, gone
