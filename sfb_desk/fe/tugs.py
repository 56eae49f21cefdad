"""What a tug or LTT may carry, and when it is overloaded (517.3, 517.4, Annex 763, 516.3).

:func:`tug_load` takes the race, the carrier ("TG" for a full-size tug, "LTT") and the pods it
carries and answers "normal", "overloaded" or "not allowed", with the rule.
"""

from __future__ import annotations

from .races import race_name

FED_HEAVY = {"BP", "VAP"}  # (517.42)
FED_STANDARD = {"LBP", "VP", "AP", "A-POD"}


def tug_load(race: str, carrier: str, pods: list[str]) -> tuple[str, str]:
    race = race_name(race)
    carrier = carrier.strip().upper()
    pods = [p.strip().upper() for p in pods]
    if carrier not in ("TG", "LTT"):
        raise ValueError("the carrier is a tug (TG) or an LTT (517.1)")
    if not pods:
        return "normal", "no pod carried"
    if race in ("Romulan", "Tholian"):
        return "not allowed", f"the {race}s do not use pods (704.4, 707.3)"
    if carrier == "LTT" and len(pods) > 1:
        return "not allowed", f"a {race} LTT carries one pod (516.3)"
    if race == "Federation":
        return _federation(carrier, pods)
    if race in ("Klingon", "Kzinti"):
        if carrier == "LTT" and pods[0] in ("PFT", "2PFP", "PFT (PAIR)"):
            return "not allowed", "PFT pods are deployed in pairs, not on an LTT (516.32, 516.34)"
        if "VAP" in pods and len(pods) == 2 and pods != ["VAP", "VAP"]:
            return "not allowed", "a VAP is not mixed with other pods (517.36)"
        if pods.count("VAP") == 2 or (carrier == "LTT" and pods == ["VAP"]):
            return "overloaded", f"{carrier}+{'+'.join(pods)} (517.41, 517.43, Annex 763)"
        return "normal", "(517.12)"
    if race == "Gorn":
        if carrier == "LTT" and pods[0] == "HBP":
            return "not allowed", "a Gorn LTT cannot carry the heavy battle pod (516.35)"
        battle = [p for p in pods if p in ("HBP", "LBP")]
        if len(battle) > 1:
            return "not allowed", "a Gorn tug never carries two battle pods (517.38, Annex 763)"
        if len(pods) == 2:
            return "overloaded", "a Gorn tug with two pods is overloaded (517.38, Annex 763)"
        return "normal", "(517.38)"
    if race == "Hydran":
        if len(pods) > 1:
            return "not allowed", "Hydran tugs and LTTs carry one pod (517.33)"
        if carrier == "LTT" and pods[0] == "FSP":
            return "not allowed", "an LTT cannot carry the fire support pallet (513.64)"
        return "normal", "Hydran tugs are never overloaded (517.33)"
    # Lyran (517.34, 517.41, 517.43, Annex 763)
    kpods = [p for p in pods if p.startswith("K")]
    if kpods and len(kpods) != len(pods):
        return "not allowed", "a Lyran tug carries K-pods or one Lyran pod, not both (517.34)"
    if not kpods and (carrier == "LTT" or len(pods) > 1):
        return "not allowed", "Lyran (+) pods ride one at a time on Lyran tugs only (517.34)"
    if pods.count("KVP") == 2 or (carrier == "LTT" and pods == ["KVP"]):
        return "overloaded", f"{carrier}+{'+'.join(pods)} (517.41, 517.43, Annex 763)"
    return "normal", "(517.34)"


def _federation(carrier: str, pods: list[str]) -> tuple[str, str]:
    heavy = [p for p in pods if p in FED_HEAVY]
    if carrier == "LTT":
        if heavy:
            return "overloaded", f"a Federation LTT with a {heavy[0]} (517.41, Annex 763)"
        return "normal", "(516.31)"
    if len(pods) > 2:
        return "not allowed", "a Federation tug carries at most two pods (517.42)"
    if len(heavy) == 2:
        return "not allowed", "a Federation tug never carries two heavy pods (517.42)"
    if sum(p in ("BP", "LBP") for p in pods) == 2:
        return "not allowed", "a Federation tug never carries two battle pods (517.42)"
    if len(heavy) == 1 and len(pods) == 2:
        return "overloaded", "one heavy and one standard pod (517.42, Annex 763)"
    return "normal", "(517.42)"
