"""Production limits of F&E Combined Operations (701-711, 762, 763) checked on a build list.

A build list is a plain dict (JSON), see :data:`EXAMPLE`: the race, turn, year, season and war
status, what was already built this year, what is in service, and ``builds`` (one entry per
unit or item). :func:`check_builds` returns one :class:`Finding` per build and per broken limit,
each message naming its rule, and the Combined Operations cost of the list.

Options (visible, decisions.md): ``aux_limits`` "annex-762" (the datafile's table, default) or
"513.113" (the rule's text), which differ for the Tholians and Lyrans.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .races import CO_COSTS, RACE_DATA, race_name

AUX_LIMIT_OPTIONS = ("annex-762", "513.113")
ITEMS = ("SAV", "LAV", "FTL", "FTS", "SAF", "LTT", "D5G", "SPH", "MON", "commando substitution",
         "commando conversion", "commando conversion GG", "prime team", "SFG", "pod", "police",
         "BS remote", "BS planet", "BS to BATS", "convoy replacement")


@dataclass(frozen=True, slots=True)
class Finding:
    item: str
    ok: bool
    message: str
    rule: str
    cost: float = 0.0

    def as_dict(self) -> dict:
        return {"item": self.item, "ok": self.ok, "message": self.message, "rule": self.rule,
                "cost": self.cost}


def _num(data: dict, key: str, default: int = 0) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{key} must be a whole number 0 or more, not {value!r}")
    return value


def check_builds(data: dict, aux_limits: str = "annex-762") -> tuple[list[Finding], float]:
    """Check a build list; returns findings (allowed builds and broken limits) and the cost."""
    if aux_limits not in AUX_LIMIT_OPTIONS:
        raise ValueError(f"aux_limits must be one of {', '.join(AUX_LIMIT_OPTIONS)}")
    race = race_name(str(data.get("race", "")))
    rd = RACE_DATA[race]
    year = _num(data, "year")
    season = str(data.get("season", "spring")).casefold()
    if season not in ("spring", "fall"):
        raise ValueError(f"season must be spring or fall, not {season!r}")
    at_war = bool(data.get("at_war", True))
    wartime = at_war or bool(data.get("wartime_economy"))
    so_far = data.get("so_far_this_year", {})
    service = data.get("in_service", {})
    builds = [dict(b) if isinstance(b, dict) else {"item": str(b)} for b in data.get("builds", [])]
    findings: list[Finding] = []
    count: Counter[str] = Counter()

    def bad(item: str, message: str, rule: str) -> None:
        findings.append(Finding(item, False, message, rule))

    total = 0.0
    for build in builds:
        item = str(build.get("item", ""))
        n = _num(build, "count", 1)
        if item not in ITEMS:
            raise ValueError(f"unknown build item {item!r}: one of {', '.join(ITEMS)}")
        count[item] += n
        price = _price(item, build, n)
        total += price
        rule = CO_COSTS[item][1] if item in CO_COSTS else _RULES.get(item, "(701)")
        findings.append(Finding(item, True, f"{n} x {item}" + (f" ({build['on']})"
                                                               if build.get("on") else ""),
                                rule, price))

    # Auxiliary carriers (513.112, 701, 762)
    aux = count["SAV"] + count["LAV"]
    if aux and not at_war:
        bad("SAV/LAV", "auxiliary carriers are built only AT WAR, not in limited war (513.112)",
            "(513.112)")
    if aux > 1:
        bad("SAV/LAV", f"{aux} auxiliary carriers this turn, at most one (513.112, 701)",
            "(513.112)")
    if aux + _num(so_far, "aux") > 2:
        bad("SAV/LAV", "more than two auxiliaries this year (701)", "(701)")
    if count["LAV"] + _num(so_far, "large_aux") > 1:
        bad("LAV", "more than one large auxiliary carrier this year (513.112, 701)", "(513.112)")
    lav_max, sav_max = ((rd.lav_annex, rd.sav_annex) if aux_limits == "annex-762"
                        else (rd.lav_rule, rd.sav_rule))
    where = "(762)" if aux_limits == "annex-762" else "(513.113)"
    for kind, limit in (("LAV", lav_max), ("SAV", sav_max)):
        if count[kind] and _num(service, kind) + count[kind] > limit:
            bad(kind, f"{race} may have {limit} {kind} in service {where}, this makes "
                f"{_num(service, kind) + count[kind]}", where)

    # Troop ships (521.23)
    if count["FTL"] > 1 or count["FTS"] > 2 or (count["FTL"] and count["FTS"]):
        bad("FTL/FTS", "one FTL or two FTS per turn (521.23)", "(521.23)")
    # SAF (520.1)
    if count["SAF"]:
        if not wartime:
            bad("SAF", "an SAF is built only at war or on a wartime economy (520.1)", "(520.1)")
        if count["SAF"] + _num(so_far, "saf") > 1:
            bad("SAF", "one SAF per year (520.1, 701)", "(520.1)")
        for b in builds:
            if b.get("item") == "SAF" and b.get("at") not in (None, "capital"):
                bad("SAF", "an SAF is produced only at the capital (520.1)", "(520.1)")
    # LTT (516.1, 70x substitutions); the Klingon D5G counts (703.3, 521.23)
    ltts = count["LTT"] + count["SPH"] + (count["D5G"] if race == "Klingon" else 0)
    if count["LTT"] and (rd.ltt_year is None or year < rd.ltt_year):
        when = f"from Y{rd.ltt_year}" if rd.ltt_year else "never (the SPH takes its place)"
        bad("LTT", f"{race} LTTs can be built {when} (516.3)", "(516.3)")
    if ltts > 1:
        bad("LTT", f"{ltts} LTTs this turn (D5G and SPH count), one per turn by any means "
            "(516.11, 701, 703.3, 704.4)", "(516.11)")
    if rd.ltt_per_year and count["LTT"] + _num(so_far, "ltt") > 1:
        bad("LTT", "the Tholians substitute an LTT once per year (707.2)", "(707.2)")
    for b in builds:
        if b.get("item") == "LTT" and b.get("overproduction"):
            bad("LTT", "LTTs cannot be produced by overproduction (516.12)", "(516.12)")
    # Commandos (521.23)
    if count["commando substitution"] + (count["D5G"] if race == "Klingon" else 0) > 1:
        bad("commando", "one commando ship per turn by substitution (521.23, 701)", "(521.23)")
    if count["commando conversion"] + count["commando conversion GG"] > 1:
        bad("commando", "one commando ship per turn by conversion (521.23, 701)", "(521.23)")
    # Monitors (519.12)
    if count["MON"] + _num(so_far, "monitor") > 1:
        bad("MON", "one monitor per year (519.12, 701)", "(519.12)")
    # Prime teams (522.1, 522.11, 522.13)
    if count["prime team"]:
        if not at_war:
            bad("prime team", "prime teams are bought only AT WAR (522.11)", "(522.11)")
        if count["prime team"] > 1:
            bad("prime team", "one prime team bought per turn (522.11)", "(522.11)")
    free = (2 if at_war else 1) if race == "Federation" else (1 if at_war else 0)
    teams = _num(service, "prime_teams") + free + count["prime team"]
    if teams > rd.prime_max:
        bad("prime team", f"{race} may operate {rd.prime_max} prime teams (522.13); with "
            f"{free} free this turn (522.1) this makes {teams}", "(522.13)")
    # SFGs (312.1)
    _check_sfg(race, year, season, data, builds, count, bad)
    # Pods (517.11, 70x production notes)
    in_pods = service.get("pods", {})
    built: Counter[str] = Counter()
    for b in builds:
        if b.get("item") == "pod":
            kind = str(b.get("type", ""))
            if kind not in rd.pods:
                bad("pod", f"{race} has no {kind!r} pods: {', '.join(rd.pods) or 'none'} "
                    f"{rd.pod_rule}", rd.pod_rule or "(517.11)")
                continue
            built[kind] += _num(b, "count", 1)
    for kind, n in built.items():
        have = _num(in_pods, kind)
        if have + n > rd.pods[kind][1]:
            bad("pod", f"{race} {kind} pods: {rd.pods[kind][1]} in service at most, this makes "
                f"{have + n} {rd.pod_rule}", rd.pod_rule)
    # Police (531.12, 531.122)
    if count["police"] > 1:
        bad("police", "one extra police ship per turn at 2 EP (531.122); the free call-ups "
            f"({rd.police_free_per_turn} per turn at war, 531.12) are not builds", "(531.122)")
    # Base stations (444.31)
    for b in builds:
        if b.get("item") == "BS to BATS" and b.get("built_this_turn"):
            bad("BS to BATS", "a base station cannot be upgraded on the turn it was built "
                "(444.31)", "(444.31)")
    return findings, round(total, 2)


_RULES = {"D5G": "(703.3)", "SPH": "(704.4)", "commando substitution": "(521.23)",
          "pod": "(517.11)"}


def _price(item: str, build: dict, n: int) -> float:
    if item == "SFG":
        return 3.0 * n  # (312.11), (312.321): 3 each, 6 for two on a B10A
    if item == "pod":
        return float(build.get("cost", 0)) * n  # pod prices are in the SIT (431.22)
    if item in CO_COSTS:
        return CO_COSTS[item][0] * n
    return float(build.get("cost", 0)) * n  # substitutions cost the hull's price (521.23)


def _check_sfg(race, year, season, data, builds, count, bad) -> None:
    if not count["SFG"]:
        return
    if race != "Klingon":
        bad("SFG", "only the Klingons build and use SFGs (312.14); (312.141) is a "
            "non-historical option", "(312.14)")
        return
    if count["SFG"] > 2:
        bad("SFG", f"{count['SFG']} SFG conversions this turn, at most two, bases and a second "
            "SFG on a B10A counted (312.112)", "(312.112)")
    kits = _num(data, "sfg_kits")
    new = 1 if season == "spring" and year >= 169 else 0
    if count["SFG"] > kits + new:
        bad("SFG", f"{count['SFG']} SFGs installed, {kits} saved kit(s)"
            f"{' + this Spring' + chr(39) + 's new one' if new else ''} (312.11, 312.13)",
            "(312.11)")
    for b in builds:
        if b.get("item") != "SFG":
            continue
        on = str(b.get("on", "")).upper()
        if on == "BATS":
            bad("SFG", "a BATS cannot have an SFG (312.12)", "(312.12)")
        if on == "SB" and not b.get("tug"):
            bad("SFG", "an SFG on a starbase needs a tug or LTT (312.12)", "(312.12)")
        if _num(b, "count", 1) == 2 and on not in ("B10", "B10A", "B8", "B10V", "B10S", "SB"):
            bad("SFG", f"two SFGs fit only a B10/B8 or a starbase, not {on or '?'} (312.32)",
                "(312.321)")


EXAMPLE: dict = {
    "race": "Klingon", "turn": 8, "year": 172, "season": "spring", "at_war": True,
    "so_far_this_year": {"aux": 0, "large_aux": 0, "saf": 0, "monitor": 0},
    "in_service": {"LAV": 3, "SAV": 5, "prime_teams": 3, "pods": {"VP2": 5}},
    "sfg_kits": 0,
    "builds": [{"item": "LAV"}, {"item": "SFG", "on": "D7"}, {"item": "LTT"},
               {"item": "FTS", "count": 2}, {"item": "MON"}, {"item": "pod", "type": "VP2",
                                                               "cost": 6}],
}
