"""Per-race Combined Operations data from the Orders of Battle (702-711), Annex 762 and the
auxiliary, prime team and police rules: one row per race."""

from __future__ import annotations

from dataclasses import dataclass, field

RACES = ("Federation", "Klingon", "Romulan", "Kzinti", "Gorn", "Tholian", "Hydran", "Lyran")
ALIASES = {"fed": "Federation", "f": "Federation", "ufp": "Federation", "kli": "Klingon",
           "k": "Klingon", "klingons": "Klingon", "rom": "Romulan", "r": "Romulan",
           "kzi": "Kzinti", "z": "Kzinti", "kzintis": "Kzinti", "gor": "Gorn", "g": "Gorn",
           "gorns": "Gorn", "tho": "Tholian", "t": "Tholian", "hyd": "Hydran", "h": "Hydran",
           "lyr": "Lyran", "l": "Lyran", "lyrans": "Lyran"}


def race_name(text: str) -> str:
    """A race by name or abbreviation; a clear error otherwise."""
    key = text.strip().casefold()
    for race in RACES:
        if key == race.casefold():
            return race
    if key in ALIASES:
        return ALIASES[key]
    raise ValueError(f"unknown race {text!r}: one of {', '.join(RACES)}")


@dataclass(frozen=True, slots=True)
class RaceData:
    ltt_year: int | None  # first year an LTT may be built (516.3, 70x substitutions)
    ltt_for: str  # the war cruiser it is substituted for
    ltt_per_year: bool  # Tholian: once per year (707.2)
    prime_max: int  # (522.13)
    pf_turn: int  # PF deployment turn (70x.4 production notes)
    fighters_year: int
    police_start: int  # (531.11)
    police_free_per_turn: int  # (531.12)
    lav_annex: int  # Annex 762
    sav_annex: int
    lav_rule: int  # (513.113)
    sav_rule: int
    pods: dict[str, tuple[int, int]] = field(default_factory=dict)  # type -> (start, max)
    pod_rule: str = ""


RACE_DATA: dict[str, RaceData] = {
    "Federation": RaceData(173, "NCL", False, 15, 26, 167, 4, 2, 4, 6, 4, 6,
                           {"VAP+": (0, 3), "VP": (3, 3), "Lt Battle": (0, 2), "Battle": (3, 3),
                            "Assault": (2, 2)}, "(702.4)"),
    "Klingon": RaceData(169, "D5", False, 15, 21, 167, 4, 2, 4, 6, 4, 6,
                        {"VP2": (4, 6), "Drone": (2, 2), "Battle": (4, 4), "Troop": (4, 4),
                         "CVA": (0, 2), "PFT (pair)": (0, 2)}, "(703.4)"),
    "Romulan": RaceData(None, "SPH", False, 10, 27, 165, 3, 1, 3, 4, 3, 4, {}, "(704.4)"),
    "Kzinti": RaceData(171, "CM", False, 10, 25, 161, 2, 1, 4, 6, 4, 6,
                       {"VAP": (0, 2), "VP": (6, 6), "Battle": (4, 4), "Troop": (4, 4),
                        "PFT (pair)": (0, 2)}, "(705.3)"),
    "Gorn": RaceData(172, "HD", False, 10, 28, 169, 2, 1, 3, 4, 3, 4,
                     {"CVA or VP": (0, 0), "H Battle": (2, 2), "L Battle": (2, 2),
                      "Troop": (2, 4), "PFT": (0, 2)}, "(706.3)"),
    "Tholian": RaceData(178, "CW", True, 4, 24, 165, 0, 1, 2, 2, 3, 4, {}, "(707.3)"),
    "Hydran": RaceData(171, "HR/TR", False, 10, 23, 134, 2, 1, 3, 5, 3, 5,
                       {"Carrier": (2, 2), "Battle": (2, 2), "Assault": (2, 2),
                        "Fire Sup": (1, 1), "Ftr Conv": (1, 1), "CVA": (0, 0), "PFT": (0, 2)},
                       "(709.3)"),
    "Lyran": RaceData(170, "CW", False, 10, 20, 168, 3, 1, 2, 2, 3, 4,
                      {"KVP": (0, 1), "KBP": (0, 2), "KTP": (2, 2), "VP pallet": (0, 2),
                       "Battle pallet": (2, 2), "Assault pallet": (1, 2), "PFT pallet": (0, 2)},
                      "(711.3)"),
}
# The Tholians have no police entry in (531.11); their count is 0 here.

#: Combined Operations costs in EP, with the rule.
CO_COSTS: dict[str, tuple[float, str, str]] = {
    "SFG": (3, "(312.11)", "SFG installed (conversion)"),
    "SFG analysis": (5, "(312.141)", "analysing a captured SFG (optional rule)"),
    "LTT": (5, "(516.11)", "light tactical transport"),
    "MON": (8, "(519.12)", "monitor"),
    "SAF": (10, "(520.1)", "special attack force"),
    "FTL": (6, "(521.23)", "large troop ship"),
    "FTS": (3, "(521.23)", "small troop ship"),
    "SAV": (2 + 6, "(513.113)", "small auxiliary carrier (2 + 6 fighters)"),
    "LAV": (4 + 12, "(513.113)", "large auxiliary carrier (4 + 12 fighters)"),
    "commando conversion": (2, "(521.23)", "conversion to a ground combat ship"),
    "commando conversion GG": (3, "(521.23)", "conversion to a GG ground combat ship"),
    "extra troops": (1, "(521.81)", "extra GCE for one combat round"),
    "IND GCE deposit": (1, "(521.831)", "independent GCE deposited"),
    "IND GCE raise": (2, "(521.838)", "independent GCE raised"),
    "capital IGCE": (1, "(521.835)", "capital IGCE recruited"),
    "prime team": (5, "(522.11)", "prime team bought"),
    "prime team restore": (1, "(522.5)", "wounded prime team restored"),
    "police": (2, "(531.122)", "extra police ship called up"),
    "convoy replacement": (5, "(443.31)", "commercial convoy replaced"),
    "BS remote": (5 + 6, "(444.21)", "base station at a remote site (5 + 6 fighters)"),
    "BS planet": (6 + 6, "(444.22)", "base station at a planet (6 + 6 fighters)"),
    "BS fighters": (1, "(444.23)", "fighters added to a base station (plus the fighters)"),
    "BS to BATS": (4, "(444.31)", "base station upgraded to a battle station"),
    "FCP refill": (0.2, "(513.54)", "per fighter factor replaced on the FCP"),
    "FCP replacement": (4, "(513.55)", "fighter conveyor pallet (plus 0.2 per fighter)"),
    "FSP replacement": (10, "(513.65)", "fire support pallet"),
    "23rd": (2, "(513.31)", "special PFs of the 23rd Fi-Con Division"),
    "MON fighter pallet": (2, "(519.421)", "monitor fighter pallet (plus fighters)"),
    "MON PFT pallet": (5, "(519.422)", "monitor PFT pallet (plus PFs)"),
    "MON SCS pallet": (5, "(519.423)", "monitor SCS pallet (plus fighters and PFs)"),
    "captured SFG": (10, "(312.14)", "Klingon loss per captured SFG unit"),
}


def cost(item: str) -> float:
    if item not in CO_COSTS:
        raise ValueError(f"no Combined Operations cost for {item!r}: one of "
                         f"{', '.join(CO_COSTS)}")
    return CO_COSTS[item][0]
