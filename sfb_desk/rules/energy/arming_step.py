"""One turn's order for an armed weapon (:func:`step`): what the arm, hold, roll or store order
costs, the part that must be warp power, the issues it raises and the state it leaves, by the
cycles listed in :mod:`sfb_desk.rules.energy.arming` (which holds the state itself and the end of
turn). :func:`advance` is ``step(...).state``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from .allocation import WeaponOrder, weapon_line
from .costs import (
    ARMING,
    FUSION_SUICIDE,
    NO_ENERGY_WEAPONS,
    PHASER_TYPES,
    PLASMA_D_ACTIVATION,
    PLASMA_SMALLER,
    PPD_TURN_RANGE,
    SUICIDE_TURN_RANGE,
    WEB_CASTER_MAX,
    ArmingTable,
)
from .arming import PROBE, SHUTTLE, STORE_TYPES, UNMODELLED, ZERO, Step, WeaponArming
from .issue import NOTE, WARNING, Issue
from .options import DEFAULT_OPTIONS, EnergyOptions

#: The rule that forbids holding each kind of load (reference G7 and the seeds).
_NO_HOLD_RULE = {
    "DISRUPTOR": "E3.24", "PLASMA-R": "FP2.51", "HELLBORE": "E10.22", "TR-H": "E9.22",
    "TR-L": "E9.22", "PROBE-WEAPON": "G5.35", "FUSION": "E7.23",
}
_NO_ROLL_RULE = {"PLASMA-R": "FP1.221", "HELLBORE": "E10.22"}


def advance(state: WeaponArming, order: WeaponOrder | None, *, turn: int = 1,
            options: EnergyOptions = DEFAULT_OPTIONS) -> WeaponArming:
    """The state of ``state`` during a turn in which ``order`` was given."""
    return step(state, order, turn=turn, options=options).state


# ---------------------------------------------------------------------------------------------


def step(state: WeaponArming, order: WeaponOrder | None, *, turn: int = 1,
         options: EnergyOptions = DEFAULT_OPTIONS, destroyed: bool = False) -> Step:
    """Apply ``order`` (None: no energy) to ``state``; see the module docstring."""
    order = order or WeaponOrder(state.box, "none")
    line = weapon_line(state.box)
    if order.action not in ("arm", "hold", "roll", "none"):
        return _bad(state, "B3.1", f"{state.box}: unknown action {order.action!r} "
                    "(arm, hold, roll or none)", line)
    if order.energy is not None and order.energy < 0:
        return _bad(state, "B3.1", f"{state.box}: energy cannot be negative", line)
    if destroyed and (order.action != "none" or order.energy):
        return _bad(state.cleared(), "D4.0",
                    f"{state.box} is destroyed and cannot be armed or held", line)
    kind = state.type
    if kind in PHASER_TYPES:
        return _bad(state, "H6.0", f"{state.box}: phasers are powered through the phaser "
                    "capacitor line, not an arming order", line)
    if kind in NO_ENERGY_WEAPONS:
        return _bad(state, "FD2.421", f"{state.box}: drone and ADD racks take no energy; they "
                    "are reloaded by the crew", line)
    if order.action == "none":
        return _none(state, order, line, turn)
    if kind in STORE_TYPES:
        return _store(state, order, line, turn)
    if kind in UNMODELLED:
        energy = order.energy or ZERO
        note = Issue(UNMODELLED[kind], f"{state.box}: {kind} energy is taken as written; its "
                     "costs are not in the rule sources, so it is not checked", line, NOTE)
        return Step(state, energy, ZERO, (note,))
    if kind == "PLASMA-D":
        return _plasma_d(state, order, line)
    mode = _mode(state, order)
    if isinstance(mode, Issue):
        return Step(state, issues=(mode,))
    table = ARMING[mode]
    if order.action == "arm":
        return _arm(state, order, table, mode, line)
    if order.action == "hold":
        return _hold(state, order, table, line, options)
    return _roll(state, order, table, line)


def _bad(state: WeaponArming, rule: str, message: str, line: str) -> Step:
    return Step(state, issues=(Issue(rule, message, line),))


def _mode(state: WeaponArming, order: WeaponOrder) -> str | Issue:
    """The ARMING key of the load: the launcher's type, or the variant the order names."""
    line = weapon_line(state.box)
    kind, wanted = state.type, order.mode.strip().upper()
    if kind == "OPTION":
        if not wanted:
            return Issue("G15.4", f"{state.box}: name the weapon the option mount carries "
                         "(mode)", line)
        kind, wanted = wanted, ""
        if kind not in ARMING and kind not in PLASMA_SMALLER:
            return Issue("G15.4", f"{state.box}: the option mount weapon {kind} takes no "
                         "arming energy here", line)
    if kind == PROBE:
        mode = {"": "PROBE-INFO", "INFO": "PROBE-INFO", "WEAPON": "PROBE-WEAPON"}.get(wanted)
        if mode is None:
            return Issue("G5.2", f"{state.box}: a probe is armed for information or as a weapon",
                         line)
    elif kind == SHUTTLE:
        mode = {"SUICIDE": "SUICIDE", "WILD-WEASEL": "WILD-WEASEL", "WW": "WILD-WEASEL"}.get(
            wanted or state.mode)
        if mode is None:
            return Issue("J2.22", f"{state.box}: arm a shuttle as a suicide shuttle or a wild "
                         "weasel (mode)", line)
    elif kind in PLASMA_SMALLER:
        mode = wanted or state.mode or kind
        if mode not in PLASMA_SMALLER[kind]:
            return Issue("FP2.1", f"{state.box}: a {kind} launcher cannot arm a {mode}; it may "
                         f"arm {', '.join(PLASMA_SMALLER[kind])}", line)
    elif kind == "TR-H":
        mode = "TR-H" if wanted in ("", "TR-H") else wanted
        if mode not in ("TR-H", "TR-L"):
            return Issue("E9.213", f"{state.box}: a heavy TR is armed as TR-H or TR-L", line)
    elif kind == "TR-L":
        if wanted not in ("", "TR-L"):
            return Issue("E9.213", f"{state.box}: a light TR cannot be armed as {wanted}", line)
        mode = "TR-L"
    else:
        mode = kind
        if kind == "FUSION" and wanted == "SUICIDE":
            mode = "FUSION"
        elif wanted and wanted != kind:
            return Issue("B3.1", f"{state.box}: {kind} has no mode {wanted}", line)
        if mode not in ARMING:
            return Issue("B3.1", f"{state.box}: {kind} takes no arming energy", line)
    if state.mode and not state.empty and state.mode != mode and kind != "TR-H":
        return Issue(ARMING[mode].rule, f"{state.box} is arming a {state.mode}; a load in "
                     f"progress cannot change to a {mode}", line)
    return mode


def _check_energy(order: WeaponOrder, low: Fraction, high: Fraction, rule: str, what: str,
                  line: str, default: Fraction | None = None) -> tuple[Fraction, Issue | None]:
    """The order's energy (by default ``default``, else ``high``) and an issue if it is
    outside ``low..high``."""
    if order.energy is not None:
        energy = Fraction(order.energy)
    else:
        energy = high if default is None else default
    if not low <= energy <= high:
        want = f"{high}" if low == high else f"{low} to {high}"
        return energy, Issue(rule, f"{order.box}: {what} takes {want} energy, not {energy}",
                             line)
    return energy, None


def _arm(state: WeaponArming, order: WeaponOrder, table: ArmingTable, mode: str,
         line: str) -> Step:
    n = len(table.turns)
    if state.complete:
        return _bad(state, table.rule, f"{state.box} is already armed: hold it, fire it or "
                    "let it go", line)
    stage = state.stage
    last = stage == n - 1
    what = f"arming turn {stage + 1} of {n} ({mode})"
    rule = table.rule
    low = high = default = table.turns[stage]
    overload, enveloping = state.overload, state.enveloping
    issues: list[Issue] = []
    if mode == "SUICIDE":
        low, high = SUICIDE_TURN_RANGE
        default = high
    elif mode == "PPD":
        low, high = PPD_TURN_RANGE  # E11.25: 2..4 a turn ...
        rule = "E11.25"
        if stage == 1:
            high = table.overload or high  # ... the second up to 8, an overload (E11.65)
    elif state.type == "TR-H":
        # E9.2131, E9.2132: a heavy TR takes 2 or 3 a turn (3 + 3 fires as a TR-H).
        low, high = Fraction(2), Fraction(2 if order.mode.strip().upper() == "TR-L" else 3)
        default = high
    if order.overload:
        if table.overload is None:
            return _bad(state, rule, f"{state.box}: a {mode} cannot be overloaded", line)
        if not last:
            why = "E4.411" if mode == "PHOTON" else rule
            return _bad(state, why, f"{state.box}: only the last arming turn can overload", line)
        if mode == "PHOTON":
            low = table.turns[stage] + Fraction(1, 4)
            high = default = table.turns[stage] + table.overload
            rule = "E4.411"
        elif mode == "FUSION" and order.mode.strip().upper() == "SUICIDE":
            low = high = default = FUSION_SUICIDE
            rule = "E7.42"
        elif mode == "PPD":
            low, high, rule = table.turns[stage] + 1, table.overload, "E11.61"
            default = high
        else:
            low = high = default = table.overload
            rule = {"DISRUPTOR": "E3.52", "FUSION": "E7.41", "HELLBORE": "E10.61"}.get(mode, rule)
        overload = True
    if order.enveloping:
        if not table.enveloping:
            return _bad(state, "FP5.1", f"{state.box}: a {mode} cannot be enveloping", line)
        if not last:
            return _bad(state, "FP5.1", f"{state.box}: an enveloping torpedo doubles its last "
                        "arming turn", line)
        low = high = default = 2 * table.turns[stage]
        rule, enveloping = "FP5.1", True
    energy, issue = _check_energy(order, low, high, rule, what, line, default)
    if issue:
        issues.append(issue)
    if mode == "TR-L" and state.type == "TR-L" and energy == 3:
        issues = [Issue("E9.213", f"{state.box}: a light TR cannot take 3 (TR-H) energy", line)]
    energies = state.energies + (energy,)
    new_mode = mode
    if state.type == "TR-H":
        new_mode = "TR-H" if all(e >= 3 for e in energies) else "TR-L"
    if mode == "PPD" and stage == 1 and energy > table.turns[stage]:
        overload = True  # E11.65: more than 4 in a turn is an overload
    new = replace(state, mode=new_mode, energies=energies, complete=len(energies) >= n,
                  held=0, overload=overload, enveloping=enveloping, rolling=False)
    warp = energy if table.warp_only else ZERO
    return Step(new, energy, warp, tuple(issues))


def _hold(state: WeaponArming, order: WeaponOrder, table: ArmingTable, line: str,
          options: EnergyOptions) -> Step:
    mode = state.mode or table.code
    if not state.complete:
        rule = "E4.22" if mode == "PHOTON" else table.rule
        return _bad(state, rule, f"{state.box}: only a fully armed {mode} can be held "
                    f"({state.stage} of {len(table.turns)} arming turns done)", line)
    if table.hold is None or (mode == "FUSION" and not options.fusion_hold):
        rule = _NO_HOLD_RULE.get(mode, table.rule)
        return _bad(state, rule, f"{state.box}: a {mode} cannot be held", line)
    cost = table.hold
    if state.overload:
        hold = options.photon_overload_hold if mode == "PHOTON" else table.overload_hold
        if hold is None:
            rule = {"FUSION": "E7.412", "PPD": "E11.62"}.get(mode, table.rule)
            return _bad(state, rule, f"{state.box}: an overloaded {mode} cannot be held", line)
        cost = hold
    if table.hold_limit is not None and state.held >= table.hold_limit:
        return _bad(state, table.rule, f"{state.box}: a {mode} may be held at most "
                    f"{table.hold_limit} turns", line)
    extra, warp, issues = ZERO, ZERO, []
    overload = state.overload
    if order.overload:
        if mode != "PHOTON":
            return _bad(state, table.rule, f"{state.box}: only a held photon can be overloaded "
                        "(E4.412)", line)
        # E4.412, E4.413: a photon holds at most 8 (2 + 2 + 4 extra).
        room = sum(table.turns, ZERO) + (table.overload or ZERO) - state.stored
        extra = room if order.energy is None else Fraction(order.energy) - cost
        if not Fraction(1, 4) <= extra <= room:
            issues.append(Issue("E4.412", f"{state.box}: a held photon can take up to {room} "
                                f"more energy as an overload, not {extra}", line))
        warp, overload = extra, True
    else:
        energy, issue = _check_energy(order, cost, cost, table.rule, f"holding a {mode}", line)
        if issue:
            issues.append(issue)
        cost = energy
    energies = state.energies + ((extra,) if extra else ())
    new = replace(state, energies=energies, held=state.held + 1, overload=overload)
    return Step(new, cost + extra, warp, tuple(issues))


def _roll(state: WeaponArming, order: WeaponOrder, table: ArmingTable, line: str) -> Step:
    mode = state.mode or table.code
    if table.rolling is None:
        rule = _NO_ROLL_RULE.get(mode, table.rule)
        return _bad(state, rule, f"{state.box}: a {mode} has no rolling delay", line)
    n = len(table.turns)
    if state.overload or order.overload:
        return _bad(state, "E10.611", f"{state.box}: an overloaded {mode} has no rolling delay",
                    line)
    if state.stage != n - 1 or state.complete:
        rule = "FP1.221" if mode.startswith("PLASMA") else "E10.22"
        return _bad(state, rule, f"{state.box}: rolling delay keeps a load one turn short of "
                    f"complete ({state.stage} of {n} arming turns done)", line)
    energy, issue = _check_energy(order, table.rolling, table.rolling,
                                  "FP1.221" if mode.startswith("PLASMA") else "E10.22",
                                  "a rolling delay", line)
    return Step(replace(state, rolling=True, held=state.held + 1), energy, ZERO,
                (issue,) if issue else ())


def _none(state: WeaponArming, order: WeaponOrder, line: str, turn: int) -> Step:
    if order.energy:
        return _bad(state, "B3.1", f"{state.box}: 'none' takes no energy", line)
    if state.type in STORE_TYPES or state.empty:
        return Step(state)
    what = "armed load" if state.complete else "partly armed load"
    lost = Issue("E1.24", f"{state.box}: its {what} ({state.mode}) is lost without energy "
                 "this turn", line, WARNING)
    return Step(state.cleared(), issues=(lost,))


def _store(state: WeaponArming, order: WeaponOrder, line: str, turn: int) -> Step:
    if order.action != "arm":
        return _bad(state, "E12.321", f"{state.box}: a web caster is not held or rolled; it "
                    "stores energy for five turns", line)
    room = WEB_CASTER_MAX - state.stored_at(turn)
    energy = room if order.energy is None else Fraction(order.energy)
    if not 0 < energy <= room:
        return _bad(state, "E12.31", f"{state.box}: holds at most {WEB_CASTER_MAX}; it can "
                    f"take {room} more, not {energy}", line)
    return Step(replace(state, store=state.store + ((turn, energy),)), energy)


def _plasma_d(state: WeaponArming, order: WeaponOrder, line: str) -> Step:
    energy = order.energy or ZERO
    if order.action != "arm" or energy % PLASMA_D_ACTIVATION:
        return _bad(state, "FP10.32", f"{state.box}: plasma-D torpedoes are activated at 1/2 "
                    "each", line)
    return Step(state, energy)
