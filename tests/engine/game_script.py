"""The scripted three-turn game of the session tests: a Federation CA and a Klingon D7.

Turn 1: the CA (speed 12) makes an HET on impulse 6 (breakdown roll 3: no breakdown); the D7
(speed 20, plotted down to 10 from impulse 17, C12.10) sideslips on impulse 4, launches a
speed-32 drone at the CA on impulse 8 and turns on impulse 12.
Turn 2: the CA slows to 6 on impulse 9 (plotted, C12.32) and makes an unplotted acceleration
to 10 from impulse 21 (C12.24); the D7 speeds up to 20 on impulse 17 (C12.33) and starts
erratic maneuvers at the end of impulse 20 (C10.311).
Turn 3: the CA stops (speed 0) and makes a sublight tactical maneuver on impulse 5 (C5); the
D7, paying for its EM (C10.313), stops EM on impulse 10 and launches a second drone on
impulse 12.
"""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Scripted
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import new_ship, profile_from_spec


def initial_state() -> GameState:
    lib = load_library()
    ca, d7 = lib.get("FED-CA"), lib.get("KLI-D7")
    ent = new_ship("ENT", "fed", profile_from_spec(ca), hex=hex_from_label("0810"), facing=2,
                   speed=12, name="Enterprise", spec_id=ca.id)
    krt = new_ship("KRT", "kli", profile_from_spec(d7), hex=hex_from_label("2410"), facing=4,
                   speed=20, name="Kronos", spec_id=d7.id)
    return GameState(units=(ent, krt), dice_seed=1234, last_turn=3)


def script() -> Scripted:
    return Scripted([
        # turn 1: speed plots and energy allocations, in unit id order
        12, {"hets": 1, "warp": 12},
        [[1, 20], [17, 10]], {"warp": 20},
        At("T1.I4.move.KRT", "slip left"),
        At("T1.I6.move.ENT", "het B"),
        At("T1.I6.breakdown.ENT", [3]),
        At("T1.I12.move.KRT", "turn right"),
        At("T1.I8.launch.kli",
           {"KRT": {"seekers": [{"id": "KRT-D1", "kind": "drone", "speed": 32,
                                 "target": "ENT"}]}}),
        # turn 2
        [[1, 12], [9, 6]], {"reserve_warp": 4},
        [[1, 10], [17, 20]], {"em": True},
        At("T2.I20.announce.fed", {"ENT": {"speed": 10}}),
        At("T2.I20.announce.kli", {"KRT": {"em": "start"}}),
        # turn 3
        0, {"sublight_tac": True},
        20, {"em": True},
        At("T3.I5.move.ENT", "tac right"),
        At("T3.I10.announce.kli", {"KRT": {"em": "stop"}}),
        At("T3.I12.launch.kli",
           {"KRT": {"seekers": [{"id": "KRT-D2", "kind": "drone", "speed": 20,
                                 "target": "ENT"}]}}),
    ])
