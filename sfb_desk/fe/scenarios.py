"""Scenarios 609-616: set-up, income overrides, fleet release triggers and victory tallies.

:func:`setup` lays a scenario out from its set-up chart (scenario 609: every fleet's counters,
counted, each linked to the Ship Information Table and to the SFB ship library where one
exists). :func:`income` applies a scenario's income overrides to the income the players
computed. :func:`tally_609`, :func:`tally_612` and :func:`tally_613` count victory points.
"""

from __future__ import annotations

from collections import Counter

from . import sit
from .scenario_data import REINFORCEMENTS_609, SCENARIOS, SETUP_609

SETUP_CHARTS = {"609": SETUP_609}


def scenario(number: str) -> dict:
    key = str(number).strip().lstrip("(").rstrip(")").removesuffix(".0")
    if key not in SCENARIOS:
        raise ValueError(f"no scenario {number!r}: F&E Combined Operations has "
                         f"{', '.join(sorted(SCENARIOS))}")
    return SCENARIOS[key] | {"id": key}


def turns_text(turns) -> str:  # noqa: ANN001
    """A scenario's turns as a player reads them: "turns 1-12", or "from turn 1, open-ended"
    for a scenario with no last turn (616)."""
    first, last = turns
    if last is None:
        return f"from turn {first}, open-ended"
    return f"turn {first}" if first == last else f"turns {first}-{last}"


def listing() -> list[dict]:
    return [{"id": k, "title": v["title"], "rule": v["rule"], "turns": list(v["turns"]),
             "turns_text": turns_text(v["turns"]),
             "races": list(v["races"]), "setup_chart": k in SETUP_CHARTS}
            for k, v in sorted(SCENARIOS.items())]


def setup(number: str, library=None) -> dict:
    """The scenario's forces from its set-up chart, each counter counted and linked.

    ``library``: a ShipLibrary to link counters to SFB ships (optional)."""
    sc = scenario(number)
    if sc["id"] not in SETUP_CHARTS:
        raise ValueError(f"scenario {sc['id']} ({sc['title']}) has no set-up chart in F&E "
                         "Combined Operations: it uses the historical orders of battle "
                         f"{sc['rule']}")
    index = sit.library_index(library) if library is not None else {}
    races = {}
    for race, fleets in SETUP_CHARTS[sc["id"]].items():
        out_fleets = []
        for fleet, info in fleets.items():
            counts = Counter(info["units"])
            units = []
            for counter, n in sorted(counts.items(), key=lambda kv: info["units"].index(kv[0])):
                entry = next(iter(sit.lookup(counter, race, exact=True)
                                 or sit.lookup(counter, "General", exact=True)), None)
                link = (sit.link_entry(entry, index) if entry
                        else sit.link_counter(race, counter, index)) if index else None
                units.append({"counter": counter, "count": n,
                              "sit": entry.factors if entry else "",
                              "ship": link.ship_id if link else "",
                              "link": link.how if link else ""})
            out_fleets.append({"fleet": fleet, "where": info["where"],
                               "total": sum(counts.values()), "units": units})
        races[race] = {"fleets": out_fleets,
                       "treasury": sc.get("treasury", {}).get(race, 0),
                       "command_points": sc.get("command_points", {}).get(race, 0),
                       "reinforcements": REINFORCEMENTS_609.get(race, {})}
    return {"id": sc["id"], "title": sc["title"], "rule": sc["rule"],
            "turns": list(sc["turns"]), "setup_order": list(sc.get("setup_order", ())),
            "races": races, "releases": sc["releases"]}


def _applies(turns, turn: int) -> bool:
    if turns == "all":
        return True
    if isinstance(turns, str) and turns.startswith("from "):
        return turn >= int(turns[5:])
    return turn in turns


def income(number: str, race: str, turn: int, computed: float = 0.0) -> tuple[float, list[str]]:
    """The income after the scenario's overrides, and the lines applied (each with its rule).

    Overrides apply in the rulebook's order: ``set`` replaces the computed income, ``add``
    adds to it, ``multiply`` scales the total (609.45: the Federation's total income x 0.75 on
    Turn #7)."""
    sc = scenario(number)
    total = float(computed)
    applied: list[str] = []
    for line in sc["income"]:
        if line["race"] != race or not _applies(line["turns"], turn):
            continue
        if "set" in line:
            total = float(line["set"])
        elif "add" in line:
            total += line["add"]
        elif "multiply" in line:
            total *= line["multiply"]
        applied.append(f"{line['what']} {line['rule']}")
    return round(total, 2), applied


def starting_folios(number: str) -> list[dict]:
    """A folio per race for the scenario's first turn: the starting treasury, the income lines
    the scenario fixes (the rest is typed as "sector income" by the core rules) and its
    multiplier on that turn, and the command points in the status (609.13, 609.16, 609.44)."""
    sc = scenario(number)
    first = sc["turns"][0]
    if not isinstance(first, int):
        raise ValueError(f"scenario {sc['id']} counts its turns by letter; start its folios by "
                         "hand")
    out = []
    for race in sc["races"]:
        income: dict[str, float] = {"sector income (core rules)": 0}
        multiplier = 1.0
        for line in sc["income"]:
            if line["race"] != race or not _applies(line["turns"], first):
                continue
            if "set" in line:
                income = {line["what"]: line["set"]}
            elif "add" in line:
                income[line["what"]] = line["add"]
            elif "multiply" in line:
                multiplier *= line["multiply"]
        grid = {"treasury": sc.get("treasury", {}).get(race, 0), "income": income,
                "expenses": [], "pods": {}}
        if multiplier != 1.0:
            grid["multiplier"] = multiplier
        out.append({"race": race, "turn": first, "scenario": sc["id"],
                    "deficit_allowed": True, "grids": {"main": grid},
                    "command_points": sc.get("command_points", {}).get(race, 0)})
    return out


def releases(number: str, race: str | None = None) -> list[dict]:
    sc = scenario(number)
    return [r for r in sc["releases"] if race is None or r["race"] == race]


# ---------------------------------------------------------------------------------------------
# Victory tallies

TALLY_609 = (
    ("fed_starbases_destroyed", 1, "Federation starbase destroyed"),
    ("capital_planets_devastated", 1, "Federation capital-hex planet devastated"),
    ("fed_planets_captured", 1, "Federation planet captured (a capital planet devastated and "
                                "captured counts twice)"),
    ("fed_starbases_built", -1, "Federation SB built"),
    ("klingon_bases_destroyed", -1, "Klingon MB, BATS, SB or FRD destroyed in the sector"),
    ("klingon_planets_devastated", -1, "Klingon planet in the sector devastated"),
)


def tally_609(data: dict) -> dict:
    """Klingon victory points of (609.3) and the level.

    ``data``: the counts of TALLY_609 and the offensive combat strengths (ships, fighters,
    pods, plus every scout's EW; bases and PDUs not counted) at the start and at the end of
    Turn #9: ``klingon_start``, ``klingon_end``, ``fed_start``, ``fed_end``."""
    points = 0
    lines = []
    for key, value, what in TALLY_609:
        n = int(data.get(key, 0))
        if n < 0:
            raise ValueError(f"{key} is a count, 0 or more")
        if n:
            points += n * value
            lines.append(f"{what}: {n * value:+d}")
    strengths = {k: float(data[k]) for k in ("klingon_start", "klingon_end", "fed_start",
                                              "fed_end") if k in data}
    if len(strengths) == 4:
        if strengths["klingon_end"] >= strengths["klingon_start"]:
            points += 1
            lines.append("Klingon strength at the end >= at the start: +1")
        if strengths["fed_end"] < strengths["fed_start"]:
            points += 1
            lines.append("Federation strength at the end < at the start: +1")
        if strengths["klingon_end"] < strengths["fed_end"]:
            points -= 4
            lines.append("Klingon strength at the end < the Federation's: -4")
    elif strengths:
        raise ValueError("give all four offensive combat strengths (klingon_start, klingon_end, "
                         "fed_start, fed_end) or none (609.3)")
    level = next(name for low, high, name in SCENARIOS["609"]["victory"]["levels"]
                 if (low is None or points >= low) and (high is None or points <= high))
    return {"points": points, "level": level, "lines": lines, "rule": "(609.3)"}


def bats_count(data: dict, side_bats: str, side_sb: str, other_bats: str, other_sb: str,
               replaced: str = "") -> int:
    """BATS destroyed, a starbase counting three, less the other side's (612.5, 613.5)."""
    def n(key: str) -> int:
        return int(data.get(key, 0)) if key else 0
    return (n(side_bats) + 3 * n(side_sb) - n(other_bats) - 3 * n(other_sb) - n(replaced))


def tally_612(data: dict) -> dict:
    """(612.5): the Coalition's level from the Alliance economy and BATS destroyed, if it has
    more ships and attack factors and holds its capitals."""
    bats = bats_count(data, "alliance_bats", "alliance_sb", "coalition_bats", "coalition_sb",
                      "replaced")
    economy = float(data.get("alliance_economy", 999))
    if not data.get("coalition_ahead", False):
        level = "Alliance victory (the Coalition lacks more ships and attack factors, or a "\
            "capital)"
    elif data.get("both_capitals"):
        level = "Coalition decisive victory"
    elif economy <= 75 and bats >= 25:
        level = "Coalition major victory"
    elif economy <= 90 and bats >= 20:
        level = "Coalition tactical victory"
    else:
        level = "Alliance victory"
    return {"bats": bats, "level": level, "rule": "(612.5)"}


def tally_613(data: dict) -> dict:
    """(613.5): BATS destroyed (Gorn BATS 1, SB 3, less Romulan losses and replacements) read
    by whichever side has more attack factors on surviving released ships."""
    bats = bats_count(data, "gorn_bats", "gorn_sb", "romulan_bats", "romulan_sb", "replaced")
    rom, gorn = float(data.get("romulan_attack", 0)), float(data.get("gorn_attack", 0))
    if rom >= gorn:
        level = next((name for n, name in ((9, "Romulan decisive victory"),
                                           (7, "Romulan tactical victory"),
                                           (6, "Romulan marginal victory")) if bats >= n), "Draw")
    else:
        level = next((name for n, name in ((2, "Gorn decisive victory"),
                                           (4, "Gorn tactical victory"),
                                           (5, "Gorn marginal victory")) if bats <= n), "Draw")
    return {"bats": bats, "level": level, "rule": "(613.5)"}
