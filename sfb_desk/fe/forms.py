"""What each combat-round step asks, as forms: scalar fields and a table of rows (no Qt).

The window builds its editors from these specs; :func:`read` turns a round's dict into the
form's values and rows, :func:`write` puts edited values back. The mapping lives here so that
it is tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass

from .operations import GROUND_MODIFIERS
from .tables import BASE_EW_TABLE, STASIS_FAMILIES

SIDE = ("attacker", "defender")


@dataclass(frozen=True, slots=True)
class Field:
    key: str
    label: str
    kind: str  # int, float, bool, choice, text, list (comma-separated)
    choices: tuple[str, ...] = ()
    default: object = None
    low: float = 0
    high: float = 999


@dataclass(frozen=True, slots=True)
class FormSpec:
    step: str
    fields: tuple[Field, ...] = ()
    columns: tuple[Field, ...] = ()


F = Field
SPECS: dict[str, FormSpec] = {
    "3X1": FormSpec("3X1", (
        F("attacker", "Attacker's BIR (304.1)", "int", default=4, high=10),
        F("defender", "Defender's BIR (304.1)", "int", default=4, high=10),
        F("picks_both", "One side picks both (304.4)", "choice", ("", *SIDE), ""),
        F("variable_attacker", "Attacker's variable intensity (304.3)", "int", default=0,
          low=-3, high=3),
        F("variable_defender", "Defender's variable intensity (304.3)", "int", default=0,
          low=-3, high=3))),
    "4A2": FormSpec("4A2", columns=(
        F("side", "Side", "choice", SIDE, "attacker"), F("name", "Unit", "text", default=""),
        F("ew", "EW", "int", default=1, high=6),
        F("sit", "SIT unit (313.31)", "text", default=""),
        F("crippled", "Crippled", "bool", default=False),
        F("cripple_ew", "EW crippled", "int", default=0, high=6),
        F("base", "Base table (313.33, 444.14)", "choice", ("", *BASE_EW_TABLE), ""),
        F("race", "Base race", "text", default=""))),
    "4A3": FormSpec("4A3", (
        F("acc_attacker", "Attacker's accompanying ships (312.261)", "float", default=2.0),
        F("acc_defender", "Defender's accompanying ships (312.261)", "float", default=0.0)),
        (F("side", "Side", "choice", SIDE, "attacker"), F("sfg", "SFG unit", "text", default=""),
         F("unit", "Table line", "choice", tuple(STASIS_FAMILIES), "D7A"),
         F("sfgs", "SFGs", "int", default=1, low=1, high=2),
         F("target", "Target", "text", default=""),
         F("friendly", "Friendly (312.28)", "bool", default=False),
         F("random_pool", "#1-#6 if random (312.232)", "list", default=""),
         F("defender_pick", "Defender's pick", "text", default=""),
         F("simple_targets", "#1-#4 (simple rule, 312.5)", "list", default=""))),
    "4A4": FormSpec("4A4", columns=(
        F("name", "Shock ship", "text", default=""), F("side", "Side", "choice", SIDE,
                                                       "attacker"),
        F("full", "Full factor", "bool", default=True),
        F("full_attack", "Full attack", "int", default=0),
        F("reduced_attack", "Lower (SIT)", "int", default=0),
        F("crippled", "Crippled by", "choice", ("", "voluntary", "directed", "combat"), ""))),
    "4A5": FormSpec("4A5", (
        F("attacker", "Attacker's combat potential (302.4)", "float", default=0.0, high=9999),
        F("defender", "Defender's combat potential (302.4)", "float", default=0.0, high=9999),
        F("prime_attacker", "Attacker's prime teams, commando (522.41)", "int", default=0,
          high=4),
        F("prime_defender", "Defender's prime teams, commando (522.41)", "int", default=0,
          high=4))),
}
_TARGET_COLUMNS = (
    F("name", "Target", "text", default=""), F("defense", "Defense", "int", default=0),
    F("crippled_defense", "Crippled defense", "int", default=0),
    F("crippled", "Already crippled", "bool", default=False),
    F("mauler", "Mauler factor (312.41)", "int", default=0),
    F("starbase", "Starbase", "bool", default=False))
SPECS["5A"] = FormSpec("5A", columns=_TARGET_COLUMNS)
SPECS["5B"] = FormSpec("5B", columns=_TARGET_COLUMNS)
SPECS["5S"] = FormSpec("5S", (
    F("used", "An SAF is used (520.4)", "bool", default=False),
    F("target", "Target", "choice", ("base", "PDUs"), "base"),
    F("disrupted", "Disrupted by 12 points (520.41)", "bool", default=False),
    F("monitor", "Defending monitor (520.62)", "bool", default=False),
    F("other_ships", "Other ships in the force", "int", default=6)))
SPECS["6G"] = FormSpec("6G", (
    F("target", "Target", "choice", ("planet", "base"), "planet"),
    F("consorts", "Consorts (521.371)", "int", default=2),
    F("defending_gces", "Defending GCEs (521.38)", "int", default=0, high=20),
    F("monitor", "Monitor defends (521.323)", "bool", default=False),
    F("prime_team", "Prime team, marine mission (522.42)", "text", default=""),
    F("roll_again", "Roll again on 12 (521.34)", "bool", default=True)),
    (F("ship", "Attacking ship", "text", default=""),
     *(F(key, why.split(" (")[0], "bool", default=False)
       for key, (_v, why) in GROUND_MODIFIERS.items()),
     F("variable_bir", "Variable BIR", "int", default=0, low=-3, high=3)))
SPECS["6X"] = FormSpec("6X", (
    F("capture", "Capture roll (305.1)", "bool", default=False),
    F("prime_team", "Prime team, capture mission (522.43)", "text", default=""),
    F("gce", "Ground combat ship gives -1 (521.5)", "bool", default=False),
    F("pursuit", "Pursuit battle", "bool", default=False),
    F("sfg_destroyed", "SFG units destroyed (312.47)", "list", default=""),
    F("sfg_captured", "SFG units captured (312.14)", "int", default=0)))


def spec(step: str) -> FormSpec | None:
    return SPECS.get(step)


def _defaults(fields) -> dict:
    return {f.key: f.default for f in fields}


def read(step: str, data: dict) -> tuple[dict, list[dict]]:
    """The form values and table rows of ``step`` in the round ``data``."""
    sp = SPECS[step]
    values, rows = _defaults(sp.fields), []
    raw = data.get(step) or {}
    if step == "3X1" and raw:
        values.update(attacker=raw.get("attacker", 4), defender=raw.get("defender", 4),
                      picks_both=raw.get("picks_both") or "",
                      variable_attacker=raw.get("variable", {}).get("attacker", 0),
                      variable_defender=raw.get("variable", {}).get("defender", 0))
    elif step == "4A2":
        for side in SIDE:
            rows += [_defaults(sp.columns) | {"side": side} | u for u in raw.get(side, [])]
        rows += [_defaults(sp.columns) | {"side": b["side"], "name": b.get("name", b["kind"]),
                                          "ew": b.get("ew", 1), "base": b["kind"],
                                          "race": b.get("race", "")}
                 for b in raw.get("bases", [])]
    elif step == "4A3":
        acc = raw.get("accompanying", {})
        values.update(acc_attacker=acc.get("attacker", 2.0), acc_defender=acc.get("defender", 0))
        for side in SIDE:
            for unit in raw.get(side, []):
                if unit.get("targets"):
                    rows.append(_defaults(sp.columns) | {
                        "side": side, "sfg": unit.get("name", unit["unit"]), "unit": unit["unit"],
                        "sfgs": unit.get("sfgs", 1),
                        "simple_targets": ", ".join(unit["targets"])})
                for a in unit.get("attempts", []):
                    rows.append(_defaults(sp.columns) | {
                        "side": side, "sfg": unit.get("name", unit["unit"]), "unit": unit["unit"],
                        "sfgs": unit.get("sfgs", 1), "target": a.get("target", ""),
                        "friendly": bool(a.get("friendly")),
                        "random_pool": ", ".join(a.get("random_pool", [])),
                        "defender_pick": a.get("defender_pick", "")})
    elif step == "4A4":
        rows = [_defaults(sp.columns) | s for s in raw.get("ships", [])]
    elif step == "4A5" and raw:
        values.update(attacker=raw.get("attacker", 0), defender=raw.get("defender", 0),
                      prime_attacker=raw.get("prime_commando", {}).get("attacker", 0),
                      prime_defender=raw.get("prime_commando", {}).get("defender", 0))
    elif step in ("5A", "5B"):
        rows = [_defaults(sp.columns) | t for t in raw.get("targets", [])]
    elif step == "5S":
        values.update({k: v for k, v in raw.items() if k in values}, used=bool(raw))
    elif step == "6G":
        values.update({k: v for k, v in raw.items() if k in values})
        rows = [_defaults(sp.columns) | a for a in raw.get("attacks", [])]
    elif step == "6X":
        values.update({k: v for k, v in raw.items() if k in values})
        values["sfg_destroyed"] = ", ".join(raw.get("sfg_destroyed", []))
    return values, rows


def _list(text) -> list[str]:
    if isinstance(text, list):
        return [str(t) for t in text]
    return [t.strip() for t in str(text or "").split(",") if t.strip()]


def write(step: str, data: dict, values: dict, rows: list[dict]) -> None:
    """Put a step's edited form back into the round ``data``."""
    if step == "3X1":
        data[step] = {"attacker": int(values["attacker"]), "defender": int(values["defender"]),
                      "picks_both": values.get("picks_both") or None,
                      "variable": {"attacker": int(values.get("variable_attacker", 0)),
                                   "defender": int(values.get("variable_defender", 0))}}
    elif step == "4A2":
        out: dict = {"attacker": [], "defender": [], "bases": []}
        for r in rows:
            if r.get("base"):
                out["bases"].append({"side": r["side"], "kind": r["base"], "ew": int(r["ew"]),
                                     "race": r.get("race", ""), "name": r.get("name") or r["base"]})
            else:
                unit = {"name": r.get("name") or "?", "ew": int(r["ew"]),
                        "crippled": bool(r.get("crippled")),
                        "cripple_ew": int(r.get("cripple_ew", 0))}
                if r.get("sit"):
                    unit["sit"] = r["sit"]
                out[r["side"]].append(unit)
        data[step] = out
    elif step == "4A3":
        units: dict[tuple[str, str], dict] = {}
        for r in rows:
            name = r.get("sfg") or r["unit"]
            unit = units.setdefault((r["side"], name), {"name": name, "unit": r["unit"],
                                                        "sfgs": int(r.get("sfgs", 1)),
                                                        "attempts": []})
            if _list(r.get("simple_targets")):
                unit["targets"] = _list(r.get("simple_targets"))
            if not r.get("target"):
                continue
            attempt: dict = {"target": r.get("target", ""), "friendly": bool(r.get("friendly"))}
            if _list(r.get("random_pool")):
                attempt["random_pool"] = _list(r.get("random_pool"))
            if r.get("defender_pick"):
                attempt["defender_pick"] = r["defender_pick"]
            unit["attempts"].append(attempt)
        data[step] = {side: [u for (s, _n), u in units.items() if s == side] for side in SIDE}
        data[step]["accompanying"] = {"attacker": float(values["acc_attacker"]),
                                      "defender": float(values["acc_defender"])}
    elif step == "4A4":
        data[step] = {"ships": [dict(r) for r in rows if r.get("name")]}
    elif step == "4A5":
        data[step] = {"attacker": float(values["attacker"]), "defender": float(values["defender"]),
                      "prime_commando": {"attacker": int(values["prime_attacker"]),
                                         "defender": int(values["prime_defender"])}}
    elif step in ("5A", "5B"):
        data[step] = {"targets": [dict(r) for r in rows if r.get("name")]}
    elif step == "5S":
        if values.get("used"):
            data[step] = {k: v for k, v in values.items() if k != "used"}
        else:
            data.pop(step, None)
    elif step == "6G":
        attacks = [dict(r) for r in rows if r.get("ship")]
        data[step] = dict(values) | {"attacks": attacks} if attacks else {}
    elif step == "6X":
        out = dict(values)
        out["sfg_destroyed"] = _list(values.get("sfg_destroyed"))
        data[step] = out
