"""The combat round's steps 5A-6X (:mod:`.combat_round`): directed damage, the SAF assault,
ground assaults, shock and captured ships."""

from __future__ import annotations

from . import operations, procedures
from .dice import Dice
from .round_state import NOT_USED, State, StepView, whole

def step_directed(key: str, data: dict, st: State, view: StepView) -> None:
    raw = data.get(key, {})
    targets = raw.get("targets", [])
    if not targets:
        view.status, view.result = NOT_USED, "no directed damage entered"
        return
    out, parts = [], []
    for t in targets:
        name = str(t["name"])
        frozen = name in st.frozen
        used = name in st.used_sfg and not t.get("starbase")
        full = frozen or used
        cost = procedures.directed_cost(whole(t.get("defense"), f"{name} defense factor", 0),
                                        whole(t.get("crippled_defense", 0),
                                             f"{name} crippled defense", 0),
                                        full, bool(t.get("crippled")),
                                        0 if used and not frozen else int(t.get("mauler", 0)))
        why = " frozen" if frozen else (" used its SFG" if used else "")
        parts.append(f"{name}{why}: {cost.text}")
        out.append({"name": name, "full_effect": full, "cripple": cost.cripple,
                    "destroy": cost.destroy, "actual_cripple": cost.actual_cripple,
                    "actual_destroy": cost.actual_destroy})
    view.result = "; ".join(parts)
    view.values = {"targets": out}


def step_saf(data: dict, st: State, dice: Dice, view: StepView) -> None:
    raw = data.get("5S")
    if not raw:
        view.status, view.result = NOT_USED, "no SAF this round"
        return
    shift = st.ew.shift if st.ew and st.ew.disadvantaged == "attacker" else 0
    res = operations.saf_assault(dice, target=raw.get("target", "base"),
                                 disrupted=bool(raw.get("disrupted")), ew_shift=shift,
                                 monitor=bool(raw.get("monitor")),
                                 other_ships=int(raw.get("other_ships", 0)),
                                 bir=st.bir["attacker"])
    view.problems.extend(res.problems)
    view.result = res.text
    view.values = {"die": res.die, "modified": res.modified, "scored": res.scored,
                   "unit": res.unit}


def step_6g(data: dict, st: State, dice: Dice, view: StepView) -> None:
    raw = data.get("6G")
    if not raw or not raw.get("attacks"):
        view.status, view.result = NOT_USED, "no ground assault this round"
        return
    attacks = [dict(a) for a in raw["attacks"]]
    if data.get("5S"):
        view.problems.append("an SAF attacked this round: no separate marine attack in the same "
                             "combat round (520.42)")
    for a in attacks:
        a.setdefault("variable_bir", st.variable["attacker"])
        if a["ship"] in st.frozen:
            view.problems.append(f"{a['ship']} was in stasis this round and cannot attack "
                                 "(521.321)")
    combined = st.bir["attacker"] + st.bir["defender"] if st.picks_both == "attacker" else None
    results, problems = operations.ground_attacks(
        attacks, dice, target=raw.get("target", "planet"), monitor=bool(raw.get("monitor")),
        bir=st.bir["attacker"], combined_bir=combined, consorts=int(raw.get("consorts", 0)),
        roll_again=bool(raw.get("roll_again", True)),
        defending_gces=int(raw.get("defending_gces", 0)))
    view.problems.extend(problems)
    parts = [f"{r.ship}: " + ", ".join(r.results) for r in results] or problems
    values: dict = {"attacks": [r.__dict__ for r in results],
                    "casualties": sum(r.casualties for r in results)}
    team = raw.get("prime_team")
    if team and results:
        fate = operations.prime_marine(dice, str(team))
        values["prime_team"] = fate
        parts.append(f"prime team {team}: {fate['roll']}, {fate['fate']} (522.42)")
    view.result = "; ".join(parts)
    view.values = values


def step_6s(st: State, dice: Dice, view: StepView) -> None:
    if not st.shock_ships:
        view.status, view.result = NOT_USED, "no shock ships this round"
        return
    res = procedures.shock(st.shock_ships, dice)
    view.result = res.text
    view.values = {"rolls": res.rolls, "crippled": res.crippled}


def step_6x(data: dict, dice: Dice, view: StepView) -> None:
    raw = data.get("6X")
    if not raw:
        view.status, view.result = NOT_USED, "no capture attempt or SFG loss entered"
        return
    parts, values = [], {}
    if raw.get("capture"):
        res = operations.capture_roll(dice, prime_team=str(raw.get("prime_team", "")),
                                      gce=bool(raw.get("gce")), pursuit=bool(raw.get("pursuit")))
        parts.append(res["text"])
        values["capture"] = res
    for unit in raw.get("sfg_destroyed", []):
        res = operations.sfg_salvage(dice, str(unit))
        parts.append(res["text"])
        values.setdefault("salvage", []).append(res)
    if raw.get("sfg_captured"):
        n = int(raw["sfg_captured"])
        parts.append(f"{n} SFG unit(s) captured: the Klingons lose {10 * n} EP (312.14)")
        values["klingon_loss"] = 10 * n
    view.result = "; ".join(parts)
    view.values = values
