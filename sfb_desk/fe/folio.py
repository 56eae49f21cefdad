"""The folio: the economic form and the base status form, per supply grid, with the Combined
Operations costs.

A folio is a plain dict (JSON; kind ``fe.folio`` in the campaign store), see :data:`EXAMPLE`:
race, turn and, per supply grid (the main grid and any partial grid, 413.4, each with its own
treasury and pod pool, 517.23), the treasury brought forward, income lines (typed: the core
rules decide them), an income multiplier (a scenario's, e.g. 609.45), commercial convoy
deliveries (443.51) and expenses (Combined Operations items priced from their rules, or typed
amounts for the core ones). Bases are listed with their SIDS, SFGs (312.124: "keep careful
records on the Base Status Form") and stores.

:func:`economic_form` computes each grid's turn; :func:`sections` gives the printable tables;
:func:`next_turn` carries the treasuries into the next turn's folio.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from . import operations
from .races import CO_COSTS, RACE_DATA, race_name

BASE_KINDS = ("SB", "BATS", "BS", "MB", "FRD", "PDU", "planet")


def turn_date(turn: int) -> tuple[int, str]:
    """Turn #1 is Fall Y168, two turns a year (Turn #7 Fall Y171, Turn #26 Spring Y181)."""
    if turn < 1:
        raise ValueError("F&E turns are numbered from 1 (Turn #1 = Fall Y168)")
    return 168 + turn // 2, "Fall" if turn % 2 else "Spring"


@dataclass
class GridTurn:
    grid: str
    treasury: float
    income: float
    multiplier: float
    convoys: float
    available: float
    expenses: list[tuple[str, float, str]] = field(default_factory=list)
    spent: float = 0.0
    closing: float = 0.0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"grid": self.grid, "treasury": self.treasury, "income": self.income,
                "multiplier": self.multiplier, "convoys": self.convoys,
                "available": self.available,
                "expenses": [{"item": i, "cost": c, "rule": r} for i, c, r in self.expenses],
                "spent": self.spent, "closing": self.closing, "problems": self.problems}


def _money(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number of EP, not {value!r}")
    return float(value)


def _expense(item: dict) -> tuple[str, float, str]:
    name = str(item.get("item", ""))
    n = item.get("count", 1)
    if isinstance(n, bool) or not isinstance(n, int | float) or n < 0:
        raise ValueError(f"{name}: count must be a number 0 or more, not {n!r}")
    if "cost" in item:  # a typed amount (core rules: repairs, production, ...)
        return name, _money(item["cost"], f"{name} cost") * n, str(item.get("rule")
                                                                  or "core rules")
    if name not in CO_COSTS:
        raise ValueError(f"expense {name!r} has no Combined Operations price: give its cost, or "
                         f"one of {', '.join(CO_COSTS)}")
    price, rule, _what = CO_COSTS[name]
    label = f"{n:g} x {name}" if n != 1 else name
    return label, round(price * n, 2), rule


def economic_form(folio: dict) -> list[GridTurn]:
    """Each supply grid's turn: treasury + income x multiplier + convoys - expenses."""
    race_name(str(folio.get("race", "")))
    grids = folio.get("grids") or {}
    if not grids:
        raise ValueError("a folio has at least one supply grid (413.4): 'grids': {'main': ...}")
    out = []
    for name, grid in grids.items():
        treasury = _money(grid.get("treasury", 0), f"{name} treasury")
        income = sum(_money(v, f"{name} income {k}") for k, v in grid.get("income", {}).items())
        mult = _money(grid.get("multiplier", 1), f"{name} income multiplier")
        convoys = 10.0 * int(grid.get("convoy_deliveries", 0))  # (443.51)
        lost = _money(grid.get("convoy_raid_loss", 0), "convoy raid loss")
        convoys = max(convoys - lost, 0.0)
        available = round(treasury + income * mult + convoys, 2)
        turn = GridTurn(name, treasury, income, mult, convoys, available)
        for item in grid.get("expenses", []):
            turn.expenses.append(_expense(item))
        turn.spent = round(sum(c for _i, c, _r in turn.expenses), 2)
        turn.closing = round(available - turn.spent, 2)
        if turn.closing < 0 and not folio.get("deficit_allowed", True):
            turn.problems.append(f"{name}: {turn.closing:g} EP: deficit spending is not allowed "
                                 "now (e.g. 609.12)")
        out.append(turn)
    return out


def base_status(folio: dict) -> list[dict]:
    """Each base's status line: SIDS, SFGs working (312.125), supplies and repair (444)."""
    year, _season = turn_date(int(folio.get("turn", 1)))
    rows = []
    for base in folio.get("bases", []):
        kind = str(base.get("kind", ""))
        if kind not in BASE_KINDS:
            raise ValueError(f"base {base.get('name')!r}: kind must be one of "
                             f"{', '.join(BASE_KINDS)}, not {kind!r}")
        sids = int(base.get("sids", 0))
        sfgs = int(base.get("sfgs", 0))
        if sfgs and kind != "SB":
            raise ValueError(f"{base.get('name')}: only a starbase carries SFGs, a BATS cannot "
                             "(312.12)")
        if sfgs > 2:
            raise ValueError(f"{base.get('name')}: a starbase has one or two SFGs (312.124)")
        row = {"name": str(base.get("name", kind)), "kind": kind,
               "grid": str(base.get("grid", "main")), "sids": sids, "sfgs": sfgs,
               "sfgs_working": operations.sb_sfgs_working(sfgs, sids) if sfgs else 0,
               "fighters": base.get("fighters", ""), "igce": int(base.get("igce", 0)),
               "notes": str(base.get("notes", ""))}
        if kind == "BS":
            row["repair"] = operations.base_station_repair(year)  # (444.12)
            row["supply"] = base.get("supply", 24)  # (444.13)
            row["crippled"] = sids >= 2  # (444.15)
        out = row
        rows.append(out)
    return rows


def pod_pools(folio: dict) -> list[tuple[str, str, int, int]]:
    """(grid, pod type, in the pool, maximum in service) for each grid's pod pool (517.23)."""
    rd = RACE_DATA[race_name(str(folio.get("race", "")))]
    out = []
    for name, grid in (folio.get("grids") or {}).items():
        for kind, n in grid.get("pods", {}).items():
            if kind not in rd.pods:
                raise ValueError(f"{name}: no {kind!r} pods for this race {rd.pod_rule}")
            out.append((name, kind, int(n), rd.pods[kind][1]))
    return out


def next_turn(folio: dict) -> dict:
    """The next turn's folio: closing treasuries brought forward, expenses and deliveries
    cleared, bases, pods and income lines kept."""
    turns = {t.grid: t.closing for t in economic_form(folio)}
    new = copy.deepcopy(folio)
    new["turn"] = int(folio.get("turn", 1)) + 1
    for name, grid in new["grids"].items():
        grid["treasury"] = turns[name]
        grid["expenses"] = []
        grid["convoy_deliveries"] = 0
        grid.pop("convoy_raid_loss", None)
        grid.pop("multiplier", None)
    return new


def sections(folio: dict) -> list[dict]:
    """The printable folio: titled tables (title, columns, rows, notes) for the economic form
    of each grid, the pod pools and the base status form."""
    race = race_name(str(folio.get("race", "")))
    year, season = turn_date(int(folio.get("turn", 1)))
    out = []
    for t in economic_form(folio):
        rows = [("Treasury brought forward", f"{t.treasury:g}", ""),
                ("Income", f"{t.income:g}", "core rules"),
                ]
        if t.multiplier != 1:
            rows.append(("Income multiplier", f"x {t.multiplier:g}", "scenario"))
        if t.convoys:
            rows.append(("Commercial convoy deliveries", f"{t.convoys:g}", "(443.51)"))
        rows.append(("Available", f"{t.available:g}", ""))
        rows.extend((f"  {item}", f"-{cost:g}", rule) for item, cost, rule in t.expenses)
        rows.append(("Expenses", f"-{t.spent:g}", ""))
        rows.append(("Treasury at end of turn", f"{t.closing:g}", ""))
        out.append({"title": f"Economic form - {race}, {t.grid} grid, Turn #{folio.get('turn')}"
                             f" ({season} Y{year})",
                    "columns": ("Line", "EP", "Rule"), "rows": rows, "notes": t.problems})
    pools = pod_pools(folio)
    if pools:
        out.append({"title": "Pod pools by supply grid (517.23)",
                    "columns": ("Grid", "Pod", "In pool", "Max in service"),
                    "rows": [(g, k, str(n), str(m)) for g, k, n, m in pools], "notes": []})
    out.extend(status_sections(folio))
    bases = base_status(folio)
    if bases:
        out.append({"title": "Base status form",
                    "columns": ("Base", "Kind", "Grid", "SIDS", "SFGs (working)", "Fighters",
                                "IND GCE", "Notes"),
                    "rows": [(b["name"], b["kind"], b["grid"], str(b["sids"]),
                              f"{b['sfgs']} ({b['sfgs_working']})" if b["sfgs"] else "-",
                              str(b["fighters"]), str(b["igce"]),
                              b["notes"] + (f" repair {b['repair']}/turn, supply "
                                            f"{b['supply']} ship-turns" if b["kind"] == "BS"
                                            else "")) for b in bases],
                    "notes": ["SFG function: one lost at 4 SIDS, the second at 8 (312.125).",
                              "Base stations: repair 2 RP a turn to Y170, 3 from Y171 "
                              "(444.12); 24 ship-turns of supplies out of supply (444.13)."]})
    return out


EXAMPLE: dict = {
    "race": "Klingon", "turn": 7, "deficit_allowed": True,
    "grids": {
        "main": {"treasury": 0, "income": {"sector provinces": 0, "general treasury": 70},
                 "expenses": [{"item": "SFG", "count": 1}, {"item": "LTT"},
                              {"item": "repairs", "cost": 6}],
                 "pods": {"VP2": 2, "Battle": 2, "Drone": 1}, "convoy_deliveries": 1},
    },
    "bases": [{"name": "SB 1612", "kind": "SB", "sids": 0, "sfgs": 1},
              {"name": "BS 1714", "kind": "BS", "sids": 0, "fighters": 6}],
    "status": {"prime_teams": 3, "prime_wounded": 1, "police_called": 2, "sfg_kits": 0,
               "LAV": 3, "SAV": 5, "monitors": 3},
    "convoys": [{"name": "Klingon-Lyran", "at": "1612", "heading": "Lyran", "raid_loss": 0}],
}


# ---------------------------------------------------------------------------------------------
# Combined Operations status: prime teams, police, SFG kits, auxiliaries, monitors, convoys

STATUS_KEYS = ("prime_teams", "prime_wounded", "police_called", "sfg_kits", "LAV", "SAV",
               "monitors")


def status_sections(data: dict) -> list[dict]:
    """The Combined Operations status lines (each against its limit) and the commercial
    convoys, when the folio records them."""
    rd = RACE_DATA[race_name(str(data.get("race", "")))]
    st = data.get("status") or {}
    out = []
    if any(st.get(k) for k in STATUS_KEYS):
        n = {k: int(st.get(k, 0)) for k in STATUS_KEYS}
        rows = [("Prime teams in service", f"{n['prime_teams']} of {rd.prime_max}", "(522.13)"),
                ("  wounded (1 EP each to restore at the capital)", str(n["prime_wounded"]),
                 "(522.5)"),
                ("Police ships called up", f"{n['police_called']} ({rd.police_free_per_turn} "
                 "free a turn at war, one more for 2 EP)", "(531.12)"),
                ("LAV in service", f"{n['LAV']} of {rd.lav_annex}", "(762)"),
                ("SAV in service", f"{n['SAV']} of {rd.sav_annex}", "(762)"),
                ("Monitors", str(n["monitors"]), "(519.1)")]
        if data.get("race") == "Klingon" or n["sfg_kits"]:
            rows.append(("SFG kits saved", str(n["sfg_kits"]), "(312.13)"))
        notes = []
        if n["prime_teams"] > rd.prime_max:
            notes.append(f"more prime teams than the {rd.prime_max} allowed (522.13)")
        if n["LAV"] > rd.lav_annex or n["SAV"] > rd.sav_annex:
            notes.append("more auxiliary carriers than Annex 762 allows")
        out.append({"title": "Combined Operations status", "columns": ("Item", "Now", "Rule"),
                    "rows": rows, "notes": notes})
    convoys = data.get("convoys") or []
    if convoys:
        out.append({"title": "Commercial convoys (443)",
                    "columns": ("Convoy", "At", "Heading to", "Raid loss", "Next delivery"),
                    "rows": [(str(c.get("name", "")), str(c.get("at", "")),
                              str(c.get("heading", "")), str(int(c.get("raid_loss", 0))),
                              f"{10 - min(int(c.get('raid_loss', 0)), 10)} EP")
                             for c in convoys],
                    "notes": ["10 EP on reaching a main-grid starbase of the partner, not within "
                              "3 hexes of its start (443.51, 443.53); raids take at most 10 "
                              "(443.24); replacement 5 EP (443.31)."]})
    return out


# ---------------------------------------------------------------------------------------------
# Flat tables for an editor (the window's folio tab)

GRID_COLUMNS = ("grid", "treasury", "income", "multiplier", "convoy_deliveries",
                "convoy_raid_loss")


def to_tables(data: dict) -> dict[str, list[dict]]:
    """The folio as flat rows: grids, expenses, pods, bases."""
    grids, expenses, pods = [], [], []
    for name, g in (data.get("grids") or {}).items():
        grids.append({"grid": name, "treasury": g.get("treasury", 0),
                      "income": sum(g.get("income", {}).values()),
                      "multiplier": g.get("multiplier", 1.0),
                      "convoy_deliveries": g.get("convoy_deliveries", 0),
                      "convoy_raid_loss": g.get("convoy_raid_loss", 0)})
        for e in g.get("expenses", []):
            custom = "cost" in e
            expenses.append({"grid": name, "item": "other" if custom else e.get("item", ""),
                             "label": e.get("item", "") if custom else "",
                             "count": e.get("count", 1), "cost": e.get("cost", 0)})
        pods += [{"grid": name, "pod": k, "count": n} for k, n in g.get("pods", {}).items()]
    return {"grids": grids, "expenses": expenses, "pods": pods,
            "bases": [dict(b) for b in data.get("bases", [])],
            "convoys": [dict(c) for c in data.get("convoys", [])]}


def from_tables(head: dict, tables: dict[str, list[dict]]) -> dict:
    """A folio from ``head`` (race, turn, deficit_allowed) and flat rows."""
    out = dict(head)
    grids: dict[str, dict] = {}
    for row in tables.get("grids", []):
        name = str(row.get("grid") or "main")
        grids[name] = {"treasury": row.get("treasury", 0),
                       "income": {"income": row.get("income", 0)},
                       "multiplier": row.get("multiplier", 1.0),
                       "convoy_deliveries": int(row.get("convoy_deliveries", 0)),
                       "convoy_raid_loss": row.get("convoy_raid_loss", 0),
                       "expenses": [], "pods": {}}
    for row in tables.get("expenses", []):
        grid = grids.setdefault(str(row.get("grid") or "main"), {"expenses": [], "pods": {}})
        if row.get("item") == "other":
            grid["expenses"].append({"item": row.get("label") or "other",
                                     "cost": row.get("cost", 0), "count": row.get("count", 1)})
        elif row.get("item"):
            grid["expenses"].append({"item": row["item"], "count": row.get("count", 1)})
    for row in tables.get("pods", []):
        if row.get("pod"):
            grid = grids.setdefault(str(row.get("grid") or "main"), {"expenses": [], "pods": {}})
            grid["pods"][row["pod"]] = int(row.get("count", 0))
    out["grids"] = grids
    out["bases"] = [dict(b) for b in tables.get("bases", []) if b.get("name")]
    out["convoys"] = [dict(c) for c in tables.get("convoys", []) if c.get("name")]
    return out
