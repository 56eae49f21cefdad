"""What a tug or LTT may carry, and when it is overloaded (517.1-517.4, Annex 763, 516.3).

:func:`tug_load` takes the race, the carrier ("TG" for a full-size tug, "LTT") and the pods it
carries and answers "normal", "overloaded" or "not allowed", with the rule, or "not covered"
where the rulebook does not say (the message says so rather than guess). Pods are named as
the Ship Information Table names them (VP, VAP, BP, DP, T-POD, 2PFP, ...) or as the race's
Order of Battle does (Battle, Troop, CVA, ...); any other name is refused with the race's list.
The checks, in order: pods the race uses; how many pods the carrier holds (517.12, 517.33,
517.34, 517.37-517.38, 516.3; a PFT pod pair is two pods); a repair tug's pod alone (517.31);
heavy carrier pods never mixed with other pods (517.36, 517.43); then each race's combinations.
"""

from __future__ import annotations

from .races import race_name

FED_HEAVY = {"BP", "VAP"}  # (517.42)
FED_STANDARD = {"LBP", "VP", "AP", "A-POD"}

#: Pod names by race -> the name the checks use (SIT designation without "+"; Order of Battle
#: names as aliases). "REP" is the repair tug's counter, which counts as a pod (517.31).
_KLINGON = {"BP": "BP", "DP": "DP", "2PFP": "2PFP", "T-POD": "T-POD", "VAP": "VAP", "VP3": "VP3",
            "VP": "VP", "VP2": "VP", "DRONE": "DP", "BATTLE": "BP", "TROOP": "T-POD",
            "CVA": "VAP", "PFT (PAIR)": "2PFP", "PFT": "2PFP"}
_LYRAN_K = {"KBP": "KBP", "KTP": "KTP", "KVH": "KVH", "KVP": "KVP", "KVAP": "KVP"}  # (517.34)
POD_NAMES: dict[str, dict[str, str]] = {
    "Federation": {"BP": "BP", "VAP": "VAP", "LBP": "LBP", "VP": "VP", "AP": "AP", "A-POD": "AP",
                   "BATTLE": "BP", "LT BATTLE": "LBP", "ASSAULT": "AP"},
    # (517.13) Klingons may use the Lyran K-pods (the scout pod excepted).
    "Klingon": {**_KLINGON, **_LYRAN_K},
    "Kzinti": {"BP": "BP", "2PFP": "2PFP", "T-POD": "T-POD", "VAP": "VAP", "VP": "VP",
               "BATTLE": "BP", "TROOP": "T-POD", "PFT (PAIR)": "2PFP", "PFT": "2PFP"},
    "Gorn": {"HBP": "HBP", "LBP": "LBP", "PFP": "PFP", "PFT": "PFP", "T-POD": "T-POD",
             "H BATTLE": "HBP", "L BATTLE": "LBP", "TROOP": "T-POD"},
    "Hydran": {"A-PALLET": "AP", "AP": "AP", "BP": "BP", "FCP": "FCP", "FSP": "FSP", "PFP": "PFP",
               "VP": "VP", "CARRIER": "VP", "BATTLE": "BP", "ASSAULT": "AP", "FIRE SUP": "FSP",
               "FTR CONV": "FCP", "PFT": "PFP"},
    # Lyran pods (+): AP, PFP, VP and the battle pallet (Order of Battle), and the K-pods
    # (517.34). Klingon-owned pods used as K-pods (517.13) are entered by their K-pod name.
    "Lyran": {"AP": "AP", "PFP": "PFP", "VP": "VP", "BP": "BP", "VP PALLET": "VP",
              "BATTLE PALLET": "BP", "ASSAULT PALLET": "AP", "PFT PALLET": "PFP", **_LYRAN_K},
}
VAP_TYPES = {"VAP", "KVP"}  # heavy carrier pods: alone or in pairs (517.36, 517.43)


def _name(race: str, pod: str) -> str:
    text = pod.strip().upper().rstrip("+").strip()
    if text in ("REP", "REP TUG"):
        return "REP"
    names = POD_NAMES[race]
    if text not in names:
        shown = sorted(k for k, v in names.items() if k == v)
        raise ValueError(f"no {race} pod {pod!r} in F&E Combined Operations: {race} pods are "
                         f"{', '.join(shown)} or REP, the repair tug (517.11, 517.31)")
    return names[text]


def _capacity(race: str, carrier: str, pods: list[str]) -> tuple[int, str]:
    """How many pods the carrier holds, with the rule."""
    if carrier == "LTT":
        return 1, f"a {race} LTT carries one pod (516.3, 517.12)"
    if race == "Hydran":
        return 1, "Hydran tugs and LTTs carry one pod (517.33)"
    if race == "Lyran" and any(not p.startswith("K") for p in pods):
        return 1, "a Lyran tug carries one Lyran pod, or one or two K-pods (517.34)"
    if race in ("Klingon", "Kzinti"):
        return 2, f"a {race} tug carries two pods (517.12)"
    if race == "Federation":
        return 2, "a Federation tug carries one pod, or two by (517.42) (517.37)"
    if race == "Gorn":
        return 2, "a Gorn tug carries one pod, or two and is overloaded (517.38)"
    return 2, "a Lyran tug carries one or two K-pods (517.34)"


def tug_load(race: str, carrier: str, pods: list[str]) -> tuple[str, str]:
    race = race_name(race)
    carrier = carrier.strip().upper()
    if carrier not in ("TG", "LTT"):
        raise ValueError("the carrier is a tug (TG) or an LTT (517.1)")
    if not pods:
        return "normal", "no pod carried"
    if race in ("Romulan", "Tholian"):
        return "not allowed", f"the {race}s do not use pods (704.4, 707.3)"
    pods = [_name(race, p) for p in pods]
    if "REP" in pods:
        if len(pods) > 1:
            return "not allowed", "a repair tug's counter is the only pod that tug carries (517.31)"
        if carrier == "LTT":
            return "not covered", ("F&E Combined Operations does not say whether an LTT may be "
                                   "the repair tug: (517.31) names a tug (422.8)")
        return "normal", "repair tug (517.31)"
    limit, why = _capacity(race, carrier, pods)
    size = sum(2 if p == "2PFP" else 1 for p in pods)  # a PFT pod pair is two pods (517.12)
    if size > limit:
        held = f"{len(pods)} pods" if size == len(pods) else f"{size} pods (a PFT pair is two)"
        return "not allowed", f"{held}: {why}"
    heavy = [p for p in pods if p in VAP_TYPES]
    if heavy and len(heavy) != len(pods) and race != "Federation":
        return "not allowed", "a heavy carrier pod (VAP) is not mixed with other pods (517.36, 517.43)"
    if race == "Federation":
        return _federation(carrier, pods)
    if race in ("Klingon", "Kzinti"):
        if carrier == "LTT" and pods[0] == "2PFP":
            return "not allowed", "PFT pods are deployed in pairs, not on an LTT (516.32, 516.34)"
        if len(heavy) == 2 or (carrier == "LTT" and heavy):
            return "overloaded", f"{carrier}+{'+'.join(pods)} (517.41, 517.43, Annex 763)"
        return "normal", "(517.12)"
    if race == "Gorn":
        if carrier == "LTT" and pods[0] == "HBP":
            return "not allowed", "a Gorn LTT cannot carry the heavy battle pod (516.35)"
        if sum(p in ("HBP", "LBP") for p in pods) > 1:
            return "not allowed", "a Gorn tug never carries two battle pods (517.38, Annex 763)"
        if pods.count("PFP") > 1:
            return "not allowed", "a Gorn tug carries at most one PFT pod (517.38)"
        if len(pods) == 2:
            return "overloaded", "a Gorn tug with two pods is overloaded (517.38, Annex 763)"
        return "normal", "(517.38)"
    if race == "Hydran":
        if carrier == "LTT" and pods[0] == "FSP":
            return "not allowed", "an LTT cannot carry the fire support pallet (513.64)"
        return "normal", "Hydran tugs are never overloaded (517.33)"
    # Lyran (517.34, 517.41, 517.43, Annex 763)
    if not pods[0].startswith("K") and carrier == "LTT":
        return "not allowed", "Lyran (+) pods ride on Lyran tugs only, not LTTs (517.34)"
    if len(heavy) == 2 or (carrier == "LTT" and heavy):
        return "overloaded", f"{carrier}+{'+'.join(pods)} (517.41, 517.43, Annex 763)"
    return "normal", "(517.34)"


def _federation(carrier: str, pods: list[str]) -> tuple[str, str]:
    heavy = [p for p in pods if p in FED_HEAVY]
    if carrier == "LTT":
        if heavy:
            return "overloaded", f"a Federation LTT with a {heavy[0]} (517.41, Annex 763)"
        return "normal", "(516.31)"
    if len(heavy) == 2:
        return "not allowed", "a Federation tug never carries two heavy pods (517.42)"
    if sum(p in ("BP", "LBP") for p in pods) == 2:
        return "not allowed", "a Federation tug never carries two battle pods (517.42)"
    if len(heavy) == 1 and len(pods) == 2:
        return "overloaded", "one heavy and one standard pod (517.42, Annex 763)"
    return "normal", "(517.42)"
