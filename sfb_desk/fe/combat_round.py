"""A combat round as a step-through model (311.3).

A round is a plain JSON-able dict (what the players typed), see :data:`EXAMPLE`:

* ``table`` ("standard" or "advanced", 311.1), ``rounding`` (311.4), ``seed`` (optional),
  ``sfg_rule`` ("full", 312.2, or "simple", the optional alternative rule 312.5);
* ``dice``: typed dice by key (``"4B.attacker": [4]``); dice not typed are rolled from the seed;
* ``notes``: the players' record of the core steps, by step id;
* one entry per computed step: ``3X1``, ``4A2``, ``4A3``, ``4A4``, ``4A5``, ``5A``, ``5B``,
  ``5S``, ``6G``, ``6X``.

:func:`evaluate` walks the steps in order and returns a :class:`StepView` for each: what it
asks, what it computes, its status and its result. A computed step whose inputs are missing is
``waiting`` and so is every computed step after it. Every die used is in ``dice_log``.
"""

from __future__ import annotations

import re

from . import operations, procedures, round_late, sit, tables
from .dice import Dice, DiceNeeded
from .procedures import SIDES, InputNeeded
from .round_state import (  # noqa: F401 - DONE ... RoundReport are this module's API too
    DONE,
    NOT_USED,
    PLAYERS,
    WAITING,
    RoundReport,
    State,
    StepView,
    whole,
)
from .steps import STEPS, StepDef


def _step_3x1(data: dict, st: State, view: StepView) -> None:
    raw = data["3X1"]
    for side in SIDES:
        st.bir[side] = whole(raw.get(side), f"the {side}'s battle intensity (304.1)", 0, 10)
    st.picks_both = raw.get("picks_both")
    st.variable = {s: whole(raw.get("variable", {}).get(s, 0), "variable intensity (304.3)")
                   for s in SIDES}
    up = {s: st.bir[s] + max(st.variable[s], 0) for s in SIDES}  # increases count (312.262)

    def yes(ok: bool) -> str:
        return "yes" if ok else "no"

    ships = {s: procedures.sfg_intensity_ok("D7A", s, up[s], up[procedures.other(s)],
                                            st.picks_both) for s in SIDES}
    base = procedures.sfg_intensity_ok("SBA", "defender", up["defender"], up["attacker"],
                                       st.picks_both)
    combined = st.bir["attacker"] + st.bir["defender"]
    ground = st.bir["attacker"] == 4 or (st.picks_both == "attacker" and combined >= 5)
    lines = [", ".join(f"{s} BIR {st.bir[s]}" + (f" {st.variable[s]:+d}" if st.variable[s]
                                                  else "") for s in SIDES)
             + (f" ({st.picks_both} picks both, 304.4)" if st.picks_both else ""),
             f"SFG ships: attacker {yes(ships['attacker'])}, defender {yes(ships['defender'])}"
             " (312.262)",
             f"a defending starbase's SFG: {yes(base)} (312.122)",
             f"SAF: {yes(st.bir['attacker'] == 4)} (520.4); ground attacks: {yes(ground)} "
             "(521.33)"]
    view.result = "; ".join(lines)
    view.values = {"bir": dict(st.bir), "variable": dict(st.variable)}


def _step_4a2(data: dict, st: State, view: StepView) -> None:
    raw = data.get("4A2", {})
    scouts = []
    for side in SIDES:
        st.ew_units[side] = [dict(u) for u in raw.get(side, [])]
        for unit in st.ew_units[side]:
            if unit.get("sit"):
                scouts.append(_sit_scout(unit))
    bases = []
    for base in raw.get("bases", []):
        side, kind = base["side"], base["kind"]
        ew = whole(base.get("ew"), f"{kind} EW factor", 1, 6)
        attack = tables.base_attack(kind, str(base.get("race", "")), ew)
        st.ew_units[side].append({"name": base.get("name", kind), "ew": ew})
        bases.append({"side": side, "name": base.get("name", kind), "kind": kind, "ew": ew,
                      "attack": attack})
    st.ew = procedures.electronic_warfare(st.ew_units)
    view.result = st.ew.text + "".join(f"; {line}" for line in scouts) + "".join(
        f"; {b['name']} ({b['kind']}) EW {b['ew']} -> attack {b['attack']} "
        f"{tables.BASE_EW_RULES[b['kind']]}" for b in bases)
    view.values = {"totals": st.ew.totals, "newpt": st.ew.newpt, "shift": st.ew.shift,
                   "disadvantaged": st.ew.disadvantaged, "bases": bases}


def _sit_scout(unit: dict) -> str:
    """A scout named by its SIT designation: its EW from the SIT, or for an armed scout the
    chosen level and the attack factor that goes with it (313.31)."""
    entries = sit.lookup(str(unit["sit"]), unit.get("race"), exact=True)
    if not entries:
        raise ValueError(f"{unit['sit']!r} is not in the Ship Information Table excerpts")
    entry = entries[0]
    name = unit.get("name") or entry.designation
    choices = re.findall(r"(\d+)EW:(\w+)", entry.ew)
    if not choices:
        if not entry.ew:
            raise ValueError(f"{entry.designation} has no EW rating in the SIT (313.1)")
        unit.setdefault("ew", int(entry.ew))
        return f"{name}: EW {entry.ew} (SIT, 313.1)"
    levels = {int(ew): attack for ew, attack in choices}
    if int(unit.get("ew", 0)) not in levels:
        raise InputNeeded(f"{name} ({entry.designation}) is an armed scout: choose EW "
                          f"{' or '.join(map(str, levels))} in secret (313.31)")
    attack = levels[int(unit["ew"])].removesuffix("AF")
    return f"{name}: EW {unit['ew']}, attack {attack if attack.isdigit() else 'the tug'}" \
           " (313.31)"


def _step_4a3(data: dict, st: State, dice: Dice, view: StepView) -> None:
    raw = data.get("4A3", {})
    if not any(raw.get(s) for s in SIDES):
        view.status, view.result = NOT_USED, "no SFG used this round"
        return
    accompanying = raw.get("accompanying", {})
    results = {}
    for side in SIDES:
        units = raw.get(side) or []
        if not units:
            continue
        them = procedures.other(side)
        if data.get("sfg_rule") == "simple":
            res = procedures.simple_stasis(units, dice)
        else:  # involuntary increases count, reductions do not (312.122, 312.262)
            res = procedures.stasis(side, units, st.bir[side] + max(st.variable[side], 0),
                                    dice, st.ew, float(accompanying.get(side, 0)),
                                    st.bir[them] + max(st.variable[them], 0), st.picks_both)
        results[side] = res
        view.problems.extend(res.problems)
        st.frozen.update(res.frozen)
        st.used_sfg.update(res.used)
        st.disasters.extend(res.disasters)
    had_ew = {u["name"] for s in SIDES for u in st.ew_units[s] if int(u.get("ew", 0))}
    text = "; ".join(f"{side}: {r.text}" for side, r in results.items())
    if had_ew & set(st.frozen):
        st.ew = procedures.electronic_warfare(st.ew_units, set(st.frozen))
        text += f"; EW recalculated without the frozen scouts (312.211): {st.ew.text}"
    view.result = text
    if data.get("sfg_rule") == "simple":
        destroyed = {k: v for k, v in st.frozen.items()}
        st.frozen.clear()
        view.result = text
        view.values = {"destroyed": sorted(destroyed),
                       "sfg_lost": [n for r in results.values() for n in r.sfg_lost],
                       "attempts": [a for r in results.values() for a in r.attempts]}
        return
    view.values = {"frozen": dict(st.frozen), "used": sorted(st.used_sfg),
                   "disasters": st.disasters,
                   "attempts": [a for r in results.values() for a in r.attempts],
                   "shift": st.ew.shift if st.ew else 0,
                   "disadvantaged": st.ew.disadvantaged if st.ew else None}


def _step_4a4(data: dict, st: State, view: StepView) -> None:
    ships = [dict(s) for s in data.get("4A4", {}).get("ships", [])]
    if not ships:
        view.status, view.result = NOT_USED, "no shock ships this round"
        return
    st.shock_ships = ships
    parts = []
    for ship in ships:
        full = bool(ship.get("full", True))
        factor = ship.get("full_attack") if full else ship.get("reduced_attack")
        parts.append(f"{ship['name']} ({ship.get('side', '?')}): "
                     + ("full factor, rolls for shock in 6S" if full
                        else "lower factor, no shock roll")
                     + (f", attack {factor}" if factor is not None else ""))
    view.result = "; ".join(parts) + " (311.21)"
    view.values = {"ships": ships}


def _step_4a5(data: dict, st: State, view: StepView) -> None:
    raw = data["4A5"]
    extra = {}
    for side in SIDES:
        value = raw.get(side)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ValueError(f"the {side}'s combat potential must be a number 0 or more "
                             f"(302.4), not {value!r}")
        bonus, problems = operations.prime_commando(
            whole(raw.get("prime_commando", {}).get(side, 0), "prime teams (522.41)", 0))
        view.problems.extend(problems)
        extra[side] = bonus
        st.potential[side] = float(value) + bonus
    view.result = "; ".join(
        f"{s} {st.potential[s]:g}" + (f" (with {extra[s]} from prime teams, 522.41)"
                                       if extra[s] else "") for s in SIDES)
    if st.disasters:
        view.result += f"; attack factor 0 for {', '.join(st.disasters)} (312.223)"
    frozen_enemy = [u for u, how in st.frozen.items()]
    if frozen_enemy:
        view.result += f"; frozen units not counted: {', '.join(frozen_enemy)} (312.211)"
    view.values = {"potential": dict(st.potential), "prime_commando": extra}


def _step_4b(dice: Dice, view: StepView, rolled: dict) -> None:
    for side in SIDES:
        rolled[side] = dice.one(f"4B.{side}", f"{side.capitalize()}'s damage die (4B)")
    view.result = f"attacker {rolled['attacker']}, defender {rolled['defender']}"
    view.values = dict(rolled)


def _step_4c(data: dict, st: State, view: StepView, rolled: dict) -> None:
    table = data.get("table", "standard")
    rounding = data.get("rounding", "half-up")
    parts, values = [], {}
    for side in SIDES:
        shift = st.ew.shift if st.ew and st.ew.disadvantaged == side else 0
        bir = max(0, min(10, st.bir[side] + st.variable[side]))
        res = procedures.combat_damage(st.potential[side], bir, rolled[side], shift, table,
                                       rounding)
        st.damage[side] = float(res.damage)
        parts.append(f"{side}: {res.text}")
        values[side] = {"die": res.die, "shift": res.shift, "shifted": res.shifted,
                        "coefficient": res.coefficient, "raw": float(res.raw),
                        "damage": float(res.damage)}
    view.result = "; ".join(parts)
    view.values = values


def evaluate(data: dict) -> RoundReport:
    """Walk the steps of a round; see the module docstring."""
    if not isinstance(data.get("dice", {}), dict):
        raise ValueError("'dice' is an object of typed dice by key, e.g. {\"4B.attacker\": [4]}")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"'seed' is a whole number, not {seed!r}")
    dice = Dice.of(data.get("dice"), seed)
    st = State()
    rolled: dict[str, int] = {}
    views: list[StepView] = []
    blocked: str | None = None
    notes = data.get("notes", {})
    for step in STEPS:
        view = StepView(step.id, step.title, step.rule, step.asks, step.computes, PLAYERS)
        views.append(view)
        if not step.computes:
            view.result = str(notes.get(step.id, ""))
            continue
        if blocked:
            view.status, view.result = WAITING, f"waiting for step {blocked}"
            continue
        view.status = DONE
        try:
            _run(step, data, st, dice, view, rolled)
        except (InputNeeded, DiceNeeded) as exc:
            view.status, view.result, blocked = WAITING, str(exc), step.id
        except KeyError as exc:
            view.status, blocked = WAITING, step.id
            view.result = f"waiting for {exc.args[0]}"
        except ValueError as exc:
            view.status, blocked = WAITING, step.id
            view.problems.append(str(exc))
            view.result = f"cannot go on: {exc}"
        except (TypeError, AttributeError):  # a list where a number belongs, and the like
            view.status, blocked = WAITING, step.id
            view.problems.append(f"the entries of step {step.id} are not in the expected form "
                                 f"(see --example)")
            view.result = f"cannot go on: the entries of step {step.id} are malformed"
    summary = {"damage": dict(st.damage), "frozen": dict(st.frozen),
               "used_sfg": sorted(st.used_sfg), "disasters": st.disasters,
               "ew": st.ew.text if st.ew else "", "waiting_at": blocked}
    report = RoundReport(views, [r.as_dict() for r in dice.log], summary)
    summary["unknown_dice"] = unknown_dice(data, report)
    return report


def unknown_dice(data: dict, report: RoundReport) -> str:
    """Typed dice no step of the round asks for (a mistyped key), as one message naming the
    keys the round awaits; "" when every typed die is used or may be asked for by a step the
    round has not reached yet."""
    ids = [s.id for s in STEPS]
    waiting = report.summary["waiting_at"]
    done = ids[: ids.index(waiting)] if waiting else ids
    used = [d["key"] for d in report.dice_log]
    stray = [k for k in data.get("dice", {}) if k not in used
             and (k.split(".")[0] not in ids or k.split(".")[0] in done)]
    if not stray:
        return ""
    awaited = re.search(r"\(key '([^']+)'\)", report.step(waiting).result) if waiting else None
    asks = (f"the dice this round asks for: {', '.join(used)}" if used
            else "this round has asked for no dice")
    if awaited:
        asks += f"; next it waits for {awaited.group(1)!r}"
    return (f"no step asks for the typed {'die' if len(stray) == 1 else 'dice'} "
            f"{', '.join(map(repr, stray))}: {asks}")


def _run(step: StepDef, data: dict, st: State, dice: Dice, view: StepView,
         rolled: dict) -> None:
    if step.id == "3X1":
        if "3X1" not in data:
            raise KeyError("each side's battle intensity (3X1)")
        _step_3x1(data, st, view)
    elif step.id == "4A2":
        _step_4a2(data, st, view)
    elif step.id == "4A3":
        _step_4a3(data, st, dice, view)
    elif step.id == "4A4":
        _step_4a4(data, st, view)
    elif step.id == "4A5":
        if "4A5" not in data:
            raise KeyError("each side's combat potential (4A5)")
        _step_4a5(data, st, view)
    elif step.id == "4B":
        _step_4b(dice, view, rolled)
    elif step.id == "4C":
        _step_4c(data, st, view, rolled)
    elif step.id in ("5A", "5B"):
        round_late.step_directed(step.id, data, st, view)
    elif step.id == "5S":
        round_late.step_saf(data, st, dice, view)
    elif step.id == "6G":
        round_late.step_6g(data, st, dice, view)
    elif step.id == "6S":
        round_late.step_6s(st, dice, view)
    elif step.id == "6X":
        round_late.step_6x(data, dice, view)


def sections(report: RoundReport) -> list[dict]:
    """The round as printable sections: every step on a line, then the dice log."""
    lines = []
    for s in report.steps:
        text = f"{s.id} {s.title} {s.rule} [{s.status}]"
        if s.result:
            text += f": {s.result}"
        if s.problems:
            text += " ! " + "; ".join(s.problems)
        lines.append(text)
    dice = {"title": "Dice log", "columns": ("Purpose", "Dice", "Source"),
            "rows": [(d["purpose"], " ".join(map(str, d["dice"])), d["source"])
                     for d in report.dice_log], "notes": []}
    return [{"title": "Steps", "lines": lines}, dice]


EXAMPLE: dict = {
    "table": "standard", "rounding": "half-up",
    "dice": {"4B.attacker": [4], "4B.defender": [3]},
    "3X1": {"attacker": 4, "defender": 4},
    "4A2": {"attacker": [{"name": "D6S", "ew": 4}], "defender": [{"name": "SC", "ew": 4}]},
    "4A5": {"attacker": 60, "defender": 48},
}
