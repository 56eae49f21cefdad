"""Scenarios 609-616 of F&E Combined Operations as data: turns, treasuries, command points,
income overrides, fleet release triggers, victory levels, and the scenario 609 set-up chart.

Facts only (numbers, units, triggers); the rulebook's prose is summarised, never copied. Rule
numbers are given with every entry.
"""

from __future__ import annotations

#: Scenario 609 set-up chart (the Combined Operations set-up sheet): fleet -> counters, and
#: where each fleet sets up (609.51, 609.52 and the chart's headings).
SETUP_609: dict[str, dict[str, dict]] = {
    "Federation": {
        "1st (Home) Fleet": {"where": "Federation territory in the sector (609.52)", "units": [
            "DN", "CA", "CA", "CL", "CL", "NCL", "NCL", "DD", "DD", "SC", "TG", "TG", "MB", "MB",
            "FF", "FF", "FF", "FF", "FF", "CVA", "ECL", "DE", "DE", "SWAC", "FRD", "LAV"]},
        "3rd Fleet": {"where": "within 4 hexes of the Klingon Neutral Zone (set-up chart)",
                      "units": [
            "DN", "CA", "CA", "CA", "DD", "DD", "DD", "SC", "SAV", "CC", "CVS", "DE", "FFE", "CL",
            "CL", "CL", "TG", "RESV", "FRD", "CVB", "DE", "FFE", "NCL", "NCL", "NCL", "FF", "FF",
            "FF", "FF", "FF", "FF"]},
        "7th Fleet": {"where": "provinces 2813 and 2815 (set-up chart)", "units": [
            "CC", "SC", "CA", "CA", "CA", "DD", "DD", "DD", "FF", "FF", "FF"]},
        "Pods": {"where": "pod pool (517.22)", "units": ["VP", "VAP", "BP"]},
        "Other": {"where": "with any fleet", "units": ["RESV"]},
    },
    "Klingon": {
        "Eastern Fleet": {"where": "Klingon territory in the sector (609.51)", "units": [
            "D7C", "D7", "D7", "D7", "D6", "D6", "D6", "E4", "E4", "E4", "D6D", "SAV", "MB",
            "TGA", "TGA", "FV", "E4A", "CVT", "E4A", "E4A", "F5S", "F5", "F5L", "F5", "F5",
            "F5L", "F5", "F5", "F5L", "F5"]},
        "Home Fleet (elements)": {"where": "1612, 1512 or 1411 (609.51)", "units": [
            "C8", "D7C", "D7C", "D7C", "D7C", "D6S", "D5", "D5", "D5",
            "D7", "D7", "D7", "D7", "D7", "D7", "TGA", "D5", "D5", "D5",
            "D6", "D6", "D6", "D6", "D6", "D6", "FRD", "D5", "D5", "D5",
            "D6D", "D6D", "D6D", "D6M", "D6M", "F5S", "F5S", "D5", "D5", "D5",
            "F5", "F5L", "F5", "F5", "F5L", "F5", "RESV", "D5S", "D5S", "D5S",
            "F5", "F5L", "F5", "F5", "F5L", "F5", "RESV",
            "D5V", "AD5", "F5E", "F5", "F5L", "F5", "FV", "E4A", "E4", "E4", "E4"]},
        "Pods": {"where": "pod pool (517.22)", "units": ["VP", "VP", "DP", "BP", "BP"]},
    },
}
#: Reinforcements each turn (609.51, 609.52): mothball activations and the Imperial War
#: Reserve die (1-4 assigned to Koval, 609.51).
REINFORCEMENTS_609 = {
    "Klingon": {"each turn": ["D6", "D6"], "rule": "(609.51)",
                "war reserve": "roll one die per Imperial War Reserve ship: 1-4 it joins (609.51)"},
    "Federation": {"each turn": ["CA", "CL", "CL", "FF", "FF"], "rule": "(609.52)"},
}

SCENARIOS: dict[str, dict] = {
    "609": {
        "title": "Koval's Lightning", "rule": "(609.0)",
        "turns": (7, 9), "first": "Coalition", "races": ("Klingon", "Federation"),
        "setup_order": ("Federation", "Klingon"), "treasury": {"Klingon": 0, "Federation": 0},
        "command_points": {"Federation": 0, "Klingon": 1},
        "command_points_per_turn": {"Federation": 1, "Klingon": 1},
        "no_deficit_after_income_on": 9,
        "income": [
            {"race": "Klingon", "turns": "all", "add": 70, "rule": "(609.44)",
             "what": "sector income plus 70 from the general treasury"},
            {"race": "Federation", "turns": "all", "add": 90, "rule": "(609.45)",
             "what": "sector income plus 90 from the general treasury"},
            {"race": "Federation", "turns": [7], "multiply": 0.75, "rule": "(609.45), (602.15)",
             "what": "Federation income x 0.75 on Turn #7"},
        ],
        "releases": [
            {"race": "Klingon", "fleet": "Imperial War Reserve", "trigger":
             "released as per (703.0); each ship joins on a die roll of 1-4", "rule": "(609.51)"},
            {"race": "Klingon", "fleet": "Mothball fleet", "trigger":
             "two D6s activated each turn, assigned to the sector", "rule": "(609.51)"},
            {"race": "Federation", "fleet": "Mothball reserve", "trigger":
             "1 CA, 2 CL, 2 FF activated each turn", "rule": "(609.52)"},
        ],
        "victory": {"tally": "609", "rule": "(609.3)", "levels": [
            (None, 0, "Federation Decisive Victory"), (1, 1, "Federation Tactical Victory"),
            (2, 2, "Draw"), (3, 4, "Klingon Tactical Victory"),
            (5, 8, "Klingon Decisive Victory"), (9, None, "Klingon Incredible Victory")]},
    },
    "610": {
        "title": "Thunder over Kzintai", "rule": "(610.0)", "turns": (1, 4), "first": "Coalition",
        "races": ("Lyran", "Klingon", "Kzinti"), "setup_order": ("Kzinti", "Lyran", "Klingon"),
        "treasury": {"Lyran": 0, "Klingon": 0, "Kzinti": 0},
        "command_points": {"Klingon": 4, "Lyran": 3, "Kzinti": 0},
        "command_points_per_turn": {"Kzinti": 1, "Lyran": 1, "Klingon": 1},
        "no_deficit_after_income_on": 4,
        "income": [
            {"race": "Lyran", "turns": [4], "add": -80, "rule": "(610.45)",
             "what": "80 deducted on Turn #4 (southern front)"},
            {"race": "Klingon", "turns": [4], "add": -100, "rule": "(610.46)",
             "what": "100 deducted on Turn #4 (southern front)"},
        ],
        "releases": [
            {"race": "Lyran", "fleet": "all", "trigger": "standard fleet release schedule",
             "rule": "(610.52)"},
            {"race": "Klingon", "fleet": "all", "trigger": "standard fleet release schedule; "
             "Tholian Border Squadron as historical", "rule": "(610.53)"},
        ],
        "victory": {"tally": "conditions", "levels": [
            "Coalition decisive: Kzinti capital captured and held after the Kzinti part of "
            "Turn #4", "Coalition tactical: three major and three minor capital planets "
            "devastated and more offensive combat strength", "Coalition marginal: as "
            "tactical but the capital planet itself not devastated", "Draw: every Kzinti "
            "planet outside 1401 held (Marquis area excepted) and more strength",
            "Kzinti: decisive all three, tactical two, draw one of: no Coalition ship within 3 "
            "hexes of 1401; at most two planets in 1401 devastated; more offensive combat "
            "strength"], "rule": "(610.3)"},
    },
    "611": {
        "title": "The Hydran Expedition", "rule": "(611.0)", "turns": (3, 6), "first": "Alliance",
        "races": ("Hydran", "Klingon"), "treasury": {"Hydran": 0, "Klingon": 0},
        "income": [
            {"race": "Hydran", "turns": "from 3", "set": 4, "rule": "(611.121)",
             "what": "4 EP per turn from Turn #3 (standard economics not used, 611.12)"},
            {"race": "Klingon", "turns": "from 4", "set": 6, "rule": "(611.122)",
             "what": "6 EP per turn from Turn #4"},
        ],
        "releases": [
            {"race": "Klingon", "fleet": "Home Fleet Detachment", "trigger":
             "when Hydran units enter Klingon territory", "rule": "(611.2)"},
            {"race": "Klingon", "fleet": "Eastern Fleet", "trigger": "individual units when "
             "Hydran units move within reaction range", "rule": "(611.2)"},
            {"race": "Hydran", "fleet": "Home, First, Expeditionary", "trigger": "available "
             "Turn #3", "rule": "(611.2)"},
        ],
        "victory": {"tally": "conditions", "rule": "(611.5)", "levels": [
            "Hydran decisive", "Hydran tactical (one group: five uncrippled ships into "
            "Federation territory; or SB 1716 destroyed; or 33% more combat potential "
            "destroyed than lost)", "Stalemate", "Klingon tactical", "Klingon decisive",
            "Hydran capital captured: the Hydrans lose"]},
    },
    "612": {
        "title": "The Wayward Wind", "rule": "(612.0)", "turns": (1, 6), "first": "Coalition",
        "races": ("Lyran", "Klingon", "Hydran", "Kzinti"), "income": [],
        "releases": [
            {"race": "Klingon", "fleet": "Eastern Fleet", "trigger": "a Kzinti or Hydran unit "
             "enters a Klingon province adjacent to the Federation Neutral Zone",
             "rule": "(612.11)"},
            {"race": "Klingon", "fleet": "Home Fleet", "trigger": "Turn #3: the Kzintis destroy "
             "a Klingon base or the Hydrans enter Klingon territory", "rule": "(612.2)"},
            {"race": "Kzinti", "fleet": "Marquis Fleet", "trigger": "free after the Klingons "
             "enter Kzinti territory; six ships stay by the Federation border",
             "rule": "(612.12)"},
            {"race": "Federation", "fleet": "all", "trigger": "joins the Alliance if a Hydran "
             "ship enters Federation territory", "rule": "(612.14)"},
        ],
        "victory": {"tally": "612", "rule": "(612.5)", "levels": [
            "Coalition decisive: Kzinti and Hydran capitals held",
            "Coalition major: Alliance economy 75 or less and 25 BATS destroyed",
            "Coalition tactical: Alliance economy 90 or less and 20 BATS destroyed",
            "Alliance victory otherwise"]},
    },
    "613": {
        "title": "Reptilicon Revenged", "rule": "(613.0)", "turns": ("C", "A"),
        "first": "Romulan", "races": ("Romulan", "Gorn"),
        "command_points_per_turn": {"Romulan": 1, "Gorn": 1},
        "income": [
            {"race": "Romulan", "turns": "all", "set": 97, "rule": "(613.13)",
             "what": "97 EP per turn (explored territory only)"},
            {"race": "Gorn", "turns": "all", "set": 87, "rule": "(613.13)",
             "what": "87 EP per turn"},
        ],
        "releases": [
            {"race": "Gorn", "fleet": "6th Fleet", "trigger": "at start", "rule": "(613.31)"},
            {"race": "Gorn", "fleet": "Home Fleet", "trigger": "any Romulan unit enters Gorn "
             "space", "rule": "(613.31)"},
            {"race": "Gorn", "fleet": "2nd Fleet", "trigger": "any Romulan unit enters the 2nd "
             "Fleet set-up area", "rule": "(613.31)"},
            {"race": "Gorn", "fleet": "two BCs under repair", "trigger": "one die each at the "
             "build phase: Spring 167 1-3, Fall 167 1-5, Spring 168 automatic",
             "rule": "(613.31)"},
            {"race": "Romulan", "fleet": "North Fleet", "trigger": "at start", "rule": "(613.32)"},
            {"race": "Romulan", "fleet": "Home Fleet (part)", "trigger": "one die at start: "
             "1-2, 3-4 or 5-6 lists", "rule": "(613.32)"},
        ],
        "victory": {"tally": "613", "rule": "(613.5)", "levels": [
            (9, "Romulan decisive"), (7, "Romulan tactical"), (6, "Romulan marginal"),
            (5, "Gorn marginal"), (4, "Gorn tactical"), (2, "Gorn decisive")]},
    },
    "614": {
        "title": "Cold Front", "rule": "(614.0)", "turns": (1, 4), "first": "Coalition",
        "races": ("Klingon", "Lyran", "Hydran"),
        "command_points": {"Klingon": 3, "Lyran": 3, "Hydran": 0},
        "command_points_per_turn": {"Klingon": 1, "Lyran": 1, "Hydran": 1}, "income": [],
        "releases": [
            {"race": "Lyran", "fleet": "Far Stars", "trigger": "enters during Strategic "
             "Movement, Turn #1", "rule": "(614.2)"},
            {"race": "Klingon", "fleet": "Tholian Border Squadron", "trigger": "moves during "
             "Strategic Movement, Turn #1", "rule": "(614.2)"},
        ],
        "victory": {"tally": "conditions", "rule": "(614.5)", "levels": [
            "Coalition wins if every Hydran force is destroyed, interned or off the map and "
            "every Hydran planet devastated", "A Hydran ship entering Federation or Kzinti "
            "territory wins at once for the Hydrans (614.17)"]},
    },
    "615": {
        "title": "The Tholian Gambit", "rule": "(615.0)", "turns": (1, 3), "first": "Coalition",
        "races": ("Klingon", "Tholian"), "income": [],
        "releases": [
            {"race": "Tholian", "fleet": "all", "trigger": "as soon as any Klingon ship enters "
             "Tholian space", "rule": "(615.31)"},
            {"race": "Klingon", "fleet": "Southern Reserve and Tholian Border Squadron",
             "trigger": "at start; up to 6 Southern Reserve ships may set up with the TBS",
             "rule": "(615.32)"},
        ],
        "victory": {"tally": "conditions", "rule": "(615.5)", "levels": [
            "Klingon major: every Tholian ship and base destroyed, homeworld devastated or "
            "captured", "Klingon substantive: every Tholian base destroyed, homeworld "
            "devastated or captured", "Klingon marginal: homeworld devastated or captured",
            "Draw: the homeworld starbase undestroyed", "Tholian marginal: a base outside "
            "the homeworld hex and the homeworld SB undestroyed", "Tholian major: three bases "
            "outside the homeworld hex and the homeworld SB undestroyed"]},
    },
    "616": {
        "title": "The Late Kingdom", "rule": "(616.0)", "turns": (1, None), "first": "Coalition",
        "races": ("Klingon", "Lyran", "Hydran"), "treasury": {"Hydran": 10},
        "command_points": {"Hydran": 2},
        "income": [{"race": "Hydran", "turns": "all", "set": 21, "rule": "(616.4)",
                    "what": "off-map economy 21 EP (2 major, 1 minor planet, 4 provinces)"}],
        "releases": [
            {"race": "Klingon", "fleet": "Western Fleet", "trigger": "before the Hydrans "
             "enter the map, withdraw up to 25% of the attack factors each turn",
             "rule": "(616.31)"},
            {"race": "Lyran", "fleet": "Enemy's Blood Fleet", "trigger": "as the Klingon "
             "Western Fleet", "rule": "(616.31)"},
        ],
        "victory": {"tally": "conditions", "rule": "(616.5)",
                    "levels": ["standard victory conditions"]},
    },
}
