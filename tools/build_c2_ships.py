"""Write the RECONSTRUCTED Module C2 ship files (Andromedans, ISC, Neo-Tholians).

Module C2 prints no SSD box counts and no Master Ship Chart (see the Module C2 digest, section
4). Each file below carries every fact the module states (PA bank sizes, warp, explosion
strength, hangar sizes, weapons named; rule numbers in ``sources``) and fills the rest with a
reconstruction for practice play, marked ``verification = "reconstructed"``: the program labels
such a ship everywhere it appears, and the ship designer's "complete from your SSD book" flow
replaces the counts with the player's own. Run ``python tools/build_c2_ships.py`` to rewrite
``ssd_data/ships/{AND,ISC,THO}-*.toml``; change this file, not the output.
"""

from __future__ import annotations

from pathlib import Path

from sfb_desk.data.books import book_title

OUT = Path(__file__).resolve().parent.parent / "ssd_data" / "ships"
TRACKS = {"sensor": [6, 6, 5, 3, 1, 0], "scanner": [0, 0, 1, 3, 5, 9],
          "damage_control": [4, 4, 2, 2, 2, 0]}
SMALL_TRACKS = {"sensor": [6, 5, 4, 2, 0], "scanner": [0, 1, 3, 6, 9],
                "damage_control": [2, 2, 1, 1, 0]}
RACES = {"AND": "Andromedan", "ISC": "Interstellar Concordium", "THO": "Tholian"}
MODULE = book_title("002")  # the title a player reads (sfb_desk/data/books.py)
#: Module C2 prints no BPV (no Master Ship Chart): reconstructed values for practice scoring.
BPV = {"AND-DOM": 300, "AND-INT": 200, "AND-CON": 125, "AND-PYT": 85, "AND-MAM": 90,
       "AND-COB": 55, "AND-TER": 60, "AND-EEL": 55, "AND-VIP": 35, "AND-COU": 30,
       "ISC-DN": 210, "ISC-CS": 140, "THO-NCL": 120, "THO-NDN": 220}
#: Explosion strength (D5.2) reconstructed where the module states none (the Cobra's 13 is stated).
EXPLOSION = {"AND-DOM": 30, "AND-INT": 22, "AND-CON": 16, "AND-PYT": 12, "AND-MAM": 12,
             "AND-TER": 13, "AND-EEL": 13, "AND-VIP": 8, "AND-COU": 8, "ISC-DN": 30,
             "ISC-CS": 17, "THO-NCL": 14, "THO-NDN": 26}

#: Crew units and boarding parties (G9): Module C2 states none for these classes, so each is
#: reconstructed from a library ship of the same size class and role: (crew, BPs, comparable).
CREW = {"AND-DOM": (60, 24, "KLI-C8"), "AND-INT": (43, 10, "FED-CA"),
        "AND-CON": (37, 8, "FED-CL"), "AND-PYT": (20, 6, "FED-DD"), "AND-MAM": (22, 6, "FED-DDG"),
        "AND-COB": (20, 6, "FED-DD"), "AND-TER": (20, 6, "FED-DD"), "AND-EEL": (20, 6, "FED-DD"),
        "AND-VIP": (16, 6, "FED-FF"), "AND-COU": (16, 6, "FED-FF"),
        "ISC-DN": (50, 14, "FED-DN"), "ISC-CS": (37, 8, "FED-CL"),
        "THO-NCL": (36, 8, "FED-NCL"), "THO-NDN": (50, 14, "FED-DN")}


def w(designator, kind, arcs, **more):
    return {"designator": designator, "type": kind, "arcs": arcs, **more}


def phasers(n, kind="PH-2", arcs=("FH",), start=1, **more):
    return [w(str(i), kind, list(arcs), **more) for i in range(start, start + n)]


def andro(code, cls, name, rule, year, size, move, turn, systems, weapons, fwd, aft, *,
          stated, bay=None, explosion=None, small=False, flags=()):
    special = [{"key": "pa_fwd", "name": "Power absorber panels, forward bank (D10.12: arcs 6, 1, 2)",
                "boxes": fwd}]
    if aft:
        special.append({"key": "pa_aft", "name": "Power absorber panels, aft bank (D10.12: arcs 3, 4, 5)",
                        "boxes": aft})
    repair = systems.pop("repair", 0)
    if repair:
        special.append({"key": "repair", "name": "Repair system (G17)", "boxes": repair})
    if bay:
        bays = int(bay.split()[0])  # G19.21: one hangar box a medium bay
        special.append({"key": "hangar", "name": f"Satellite ship hangar ({bay})", "boxes": bays,
                        "damageable": False, "note": "G19.21: one box a medium bay, never "
                        "damaged; sat ships aboard take the mothership's shuttle hits (G19.213)"})
    return dict(code=code, race="AND", cls=cls, name=name, rule=rule, year=year, size=size,
                move=move, turn=turn, systems=systems, weapons=weapons, special=special,
                shields=[0] * 6, stated=stated, explosion=explosion,
                tracks=SMALL_TRACKS if small else TRACKS, flags=list(flags))


SAT_SYSTEMS = {"bridge": 1, "aux_control": 1, "impulse": 2, "battery": 2, "forward_hull": 2,
               "aft_hull": 2, "transporter": 1}
SHIPS = [
    andro("DOM", "DOM", "Dominator Dreadnought", "R10.2", 184, 2, "2", "D",
          {"bridge": 2, "flag_bridge": 2, "aux_control": 2, "left_warp": 20, "right_warp": 20,
           "impulse": 6, "battery": 12, "forward_hull": 8, "aft_hull": 8, "cargo": 4,
           "transporter": 6, "repair": 8, "lab": 4},
          phasers(6, "PH-2", ("FH",)) + phasers(4, "PH-2", ("RH",), start=7)
          + [w(x, "TR-H", ["FH"]) for x in "ABCD"] + [w("E", "DISPLACEMENT", ["360"])],
          12, 8, bay="6 medium bays = 8 small or 4 large", stated=[
              "mothership with 6 medium hangar bays (R10.2)",
              "1990 revision: forward phasers and TRs fire FH, rear phasers RH (L570-594)",
              "PA cost 10 standard / 18 reinforced (D10.21)",
              "sat groups: Y184+ 3 Cobra, 1 Terminator, 1 Eel, 1 EM-M; Y186+ 2 Mamba, 1 Terminator, 1 Eel, 1 EM-M"]),
    andro("INT", "INT", "Intruder Cruiser", "R10.3", 166, 3, "1", "C",
          {"bridge": 2, "aux_control": 2, "left_warp": 16, "right_warp": 16, "impulse": 4,
           "battery": 8, "forward_hull": 4, "aft_hull": 4, "cargo": 2, "transporter": 4,
           "repair": 6, "lab": 2},
          phasers(4, "PH-2", ("FH",)) + phasers(2, "PH-2", ("RH",), start=5)
          + [w(x, "TR-H", ["FH"]) for x in "AB"] + [w("C", "DISPLACEMENT", ["360"])],
          8, 6, bay="3 medium bays = 4 small or 2 large", stated=[
              "1990 revision: battery 8, warp 32, FA TR became FH (L570-594)",
              "mothership, 3 medium hangar bays (R10.3)", "PA cost 6 / 10 (D10.21)",
              "sat groups: Y166-69 3 Viper + 1 Courier; Y170-74 2 Cobra + 1 Courier; Y173+ 2 Cobra + 1 Eel"]),
    andro("CON", "COQ", "Conquistador Light Cruiser", "R10.8", 171, 3, "1/2", "B",
          {"bridge": 2, "aux_control": 1, "left_warp": 8, "right_warp": 8, "impulse": 3,
           "battery": 4, "forward_hull": 3, "aft_hull": 3, "transporter": 2, "repair": 3,
           "lab": 1},
          phasers(4, "PH-2", ("FH",)) + phasers(2, "PH-2", ("RH",), start=5)
          + [w(x, "TR-H", ["FH"]) for x in "AB"] + [w(x, "DISPLACEMENT", ["360"]) for x in "CD"],
          6, 4, bay="1 bay, small or medium, never large", stated=[
              "6 forward and 4 aft PA boxes (D10.6 example, L350-388)",
              "has TRs, displacement devices and transporter bombs (D10.6)",
              "1990 revision: TRs fire FH; +1 repair, -1 auxiliary (L570-594)",
              "mothership with one bay, small or medium (R10.8); almost always carries 1 Cobra",
              "PA cost 5 / 8 (D10.21)"]),
    andro("PYT", "PYT", "Python (large satellite ship)", "R10.9", 171, 4, "1/2", "B",
          {"bridge": 1, "aux_control": 1, "left_warp": 6, "right_warp": 6, "impulse": 2,
           "battery": 3, "forward_hull": 2, "aft_hull": 2, "transporter": 1, "repair": 1},
          phasers(3, "PH-2", ("FH",)) + phasers(1, "PH-2", ("RH",), start=4)
          + [w(x, "TR-L", ["FH"]) for x in "AB"] + [w("C", "DISPLACEMENT", ["360"])],
          6, 3, stated=["forward PA bank of 6 boxes (D10.332 example)", "large sat ship with a DisDev (R10.9)",
                        "1990 revision: TRs became TRLs firing FH", "PA cost 5 / 8 (D10.21)",
                        "size class 4 (G19.211)"]),
    andro("MAM", "MAM", "Mamba Heavy Destroyer (large satellite ship)", "R10.15", 184, 4, "1/2", "B",
          {"bridge": 1, "aux_control": 1, "left_warp": 6, "right_warp": 6, "impulse": 2,
           "battery": 3, "forward_hull": 2, "aft_hull": 2, "transporter": 1, "repair": 1},
          phasers(4, "PH-2", ("FH",)) + phasers(1, "PH-2", ("RH",), start=5)
          + [w(x, "TR-L", ["FH"]) for x in "ABC"],
          6, 3, stated=["large sat ship, no DisDev (R10.15)", "1990 revision: TRs FH and TRL",
                        "PA cost 5 / 8 (D10.21)", "size class 4 (G19.211)"]),
    andro("COB", "COB", "Cobra Destroyer (medium satellite ship)", "R10.4", 166, 4, "1/3", "A",
          {**SAT_SYSTEMS, "left_warp": 9, "right_warp": 9},
          phasers(3, "PH-2", ("FH",)) + [w("A", "TR-L", ["FH"])], 4, 3, explosion=13, small=True,
          stated=["forward PA bank 4 boxes (D10.6), rear bank 3 boxes and warp 18 (1990 revision)",
                  "explosion strength 13 (G19.322 example, L1491)",
                  "phasers, TRL, batteries, 2 impulse, a transporter and hull (D10.6)",
                  "PA cost 4 / 6 (D10.21)", "size class 4 (G19.211)"]),
    andro("TER", "TER", "Terminator Mauler (medium satellite ship)", "R10.6", 184, 4, "1/3", "A",
          {**SAT_SYSTEMS, "left_warp": 8, "right_warp": 8},
          phasers(2, "PH-2", ("FH",)) + [w("A", "MAULER", ["FA"])], 4, 2, small=True,
          flags=("shock",), stated=["lost 2 warp and 1 rear panel in the 1990 revision against the Cobra",
                                    "draws up to 20 power a turn from its PA into the mauler (D10.414)",
                                    "must roll for shock when firing the mauler (D23.24)",
                                    "PA cost 4 / 6 (D10.21)"]),
    andro("EEL", "EEL", "Eel Scout (medium satellite ship)", "R10.16", 173, 4, "1/3", "A",
          {**SAT_SYSTEMS, "left_warp": 9, "right_warp": 9, "lab": 2},
          phasers(2, "PH-2", ("FH",)), 4, 3, small=True, flags=("scout",),
          stated=["warp 18, rear bank 3 boxes (1990 revision)", "double the Courier's EW; both bridge "
                  "boxes may be labs (R10.16)", "PA cost 4 / 6 (D10.21)"]),
    andro("VIP", "VIP", "Viper Frigate (small satellite ship)", "R10.17", 166, 4, "1/4", "A",
          {**SAT_SYSTEMS, "left_warp": 5, "right_warp": 5, "battery": 1},
          phasers(2, "PH-2", ("FH",)) + [w("A", "TR-L", ["FH"])], 4, 2, small=True,
          stated=["forward PA bank of 4 boxes (D10.331 example)", "1990 revision: TR became TRL",
                  "PA cost 3 / 4 (D10.21)"]),
    andro("COU", "COU", "Courier Scout (small satellite ship)", "R10.5", 166, 4, "1/4", "A",
          {**SAT_SYSTEMS, "left_warp": 5, "right_warp": 5, "battery": 1, "lab": 1},
          phasers(2, "PH-2", ("FH",)), 4, 2, small=True, flags=("scout",),
          stated=["Viper variant; 1990 revision deleted its TR (R10.5)", "PA cost 3 / 4 (D10.21)"]),
]


def isc(code, name, rule, year, size, move, turn, systems, weapons, shields, stated):
    return dict(code=code, race="ISC", cls=code, name=name, rule=rule, year=year, size=size,
                move=move, turn=turn, systems=systems, weapons=weapons, special=[],
                shields=shields, stated=stated, explosion=None, tracks=TRACKS, flags=[])


ISC_BASE = {"bridge": 2, "emergency_bridge": 1, "aux_control": 2, "impulse": 4, "apr": 4,
            "battery": 3, "forward_hull": 4, "aft_hull": 4, "lab": 2, "transporter": 3,
            "tractor": 2, "probe": 1}
SHIPS += [
    isc("DN", "Dreadnought", "R13.2", 171, 2, "3/2", "D",
        {**ISC_BASE, "left_warp": 20, "right_warp": 20, "center_warp": 6, "flag_bridge": 2},
        [w(x, "PPD", ["FA"]) for x in "ABCD"] + phasers(6, "PH-1", ("FH",))
        + phasers(2, "PH-3", ("LS",), start=7) + phasers(2, "PH-3", ("RS",), start=9)
        + [w("E", "PLASMA-F", ["RH"]), w("F", "PLASMA-F", ["RH"])], [36] * 6,
        ["4 PPDs (R13.2)", "LS/RS phaser-3s on size class 3+ (R13.R1)",
         "rear plasma-F on DD and larger (R13.R2)", "ISC shields are equal all round"]),
    isc("CS", "Strike Cruiser", "R13.11", 176, 3, "2/3", "B",
        {**ISC_BASE, "left_warp": 12, "right_warp": 12},
        [w("A", "PPD", ["FA"])] + phasers(4, "PH-1", ("FH",))
        + phasers(1, "PH-3", ("LS",), start=5) + phasers(1, "PH-3", ("RS",), start=6)
        + [w("B", "PLASMA-F", ["RH"]), w("C", "PLASMA-F", ["RH"])], [28] * 6,
        ["a PPD (count not stated; R13.11), SSD shared with the CL", "LS/RS phaser-3s (R13.R1)",
         "rear plasma-F on DD and larger (R13.R2)", "Celestra CLS-05 in SH44"]),
]


def tho(code, name, rule, year, size, move, turn, systems, weapons, shields, stated):
    return dict(code=code, race="THO", cls=code, name=name, rule=rule, year=year, size=size,
                move=move, turn=turn, systems=systems, weapons=weapons, special=[],
                shields=shields, stated=stated, explosion=None, tracks=TRACKS, flags=[])


THO_BASE = {"bridge": 2, "emergency_bridge": 1, "aux_control": 2, "center_warp": 6,
            "impulse": 4, "apr": 2, "battery": 3, "center_hull": 8, "lab": 2, "transporter": 2,
            "tractor": 2, "probe": 1}
SHIPS += [
    tho("NCL", "Neo-Tholian Light Cruiser", "R7.64", 178, 3, "2/3", "B",
        {**THO_BASE, "left_warp": 8, "right_warp": 8},
        [w("W", "WEB-CASTER", ["FA"])] + phasers(4, "PH-1", ("FH",))
        + [w(x, "DISRUPTOR", ["FA"]) for x in "AB"], [26] * 6,
        ["command module with 1 web caster and a 6-box centre warp (R7.61)",
         "the only Neo-Tholian type seen outside Tholian space (R7.64)",
         "a web caster arc is never wider than 120 degrees (R7.R2)"]),
    tho("NDN", "Neo-Tholian Dreadnought", "R7.62", 178, 2, "1", "D",
        {**THO_BASE, "left_warp": 16, "right_warp": 16, "flag_bridge": 2, "center_hull": 14},
        [w(x, "WEB-CASTER", ["FA"]) for x in ("W1", "W2", "W3")] + phasers(8, "PH-1", ("FH",))
        + [w(x, "DISRUPTOR", ["FA"]) for x in "ABCD"], [36] * 6,
        ["3 web casters plus phasers and disruptors (R7.62)",
         "flag command module with 2 flag bridges (R7.61A)", "6-box centre warp in the CoM (R7.61)"]),
]


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int,)):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


def render(s) -> str:
    race_name = RACES[s["race"]]
    ident = f"{s['race']}-{s['code']}"
    lines = [f"# {race_name} {s['name']} ({s['rule']}): RECONSTRUCTED from {MODULE} facts.",
             "# Generated by tools/build_c2_ships.py; change the generator, not this file.",
             'format = "sfb-desk-ship"', "format_version = 1", "", "[identity]",
             f"id = {toml_value(ident)}", f"race = {toml_value(s['race'])}",
             f"race_name = {toml_value('Neo-Tholian' if s['cls'] in ('NCL', 'NDN') else race_name)}",
             f"class_code = {toml_value(s['cls'])}", f"name = {toml_value(s['name'])}",
             'kind = "ship"', f"year_in_service = {s['year']}", f"rule = {toml_value(s['rule'])}",
             "", "[status]", "complete = true", "missing = []", 'confidence = "low"',
             'verification = "reconstructed"',
             f"sources = {toml_value([MODULE + ' ' + s['rule']] + ['stated: ' + x for x in s['stated']])}",
             "notes = " + toml_value([
                 "RECONSTRUCTED: Module C2 prints no SSD box counts or Master Ship Chart; every "
                 "count not listed under 'stated' is a reconstruction for practice play.",
                 "The BPV is reconstructed too (no Master Ship Chart in Module C2), and so is "
                 "the explosion strength except the Cobra's 13 (G19.322).",
                 f"The crew units and boarding parties are reconstructed too (Module C2 states "
                 f"none): those of the {CREW[ident][2]}, a ship of the same size class.",
                 "Complete it from your Module C2 SSD book in the ship designer."]),
             "", "[bpv]", f"combat = {BPV[ident]}",
             "", "[data]", f"size_class = {s['size']}", f"move_cost = {toml_value(s['move'])}",
             f"turn_mode = {toml_value(s['turn'])}", 'breakdown = "5-6"']
    lines.append(f"explosion_strength = {s['explosion'] or EXPLOSION[ident]}")
    crew, parties, _ = CREW[ident]
    lines += [f"flags = {toml_value(s['flags'])}", "", "[crew]", f"crew_units = {crew}",
              f"boarding_parties = {parties}", "", "[tracks]"]
    lines += [f"{k} = {toml_value(v)}" for k, v in s["tracks"].items()]
    lines += ["excess_damage = 4", "", "[shields]", f"boxes = {toml_value(s['shields'])}", "",
              "[systems]"]
    lines += [f"{k} = {v}" for k, v in s["systems"].items()]
    for weapon in s["weapons"]:
        lines += ["", "[[weapons]]"] + [f"{k} = {toml_value(v)}" for k, v in weapon.items()]
    for special in s["special"]:
        lines += ["", "[[special]]"] + [f"{k} = {toml_value(v)}" for k, v in special.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    for s in SHIPS:
        (OUT / f"{s['race']}-{s['code']}.toml").write_text(render(s), encoding="utf-8")
        print(f"wrote {s['race']}-{s['code']}.toml")


if __name__ == "__main__":
    main()
