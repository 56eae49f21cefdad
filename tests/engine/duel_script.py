"""The scripted duel of the Federation CA (ENT) and the Klingon D7 (KRT): set-up and answers.

PRACTICE-CA-D7-FIXED: ENT in 2220 facing A, KRT in 2210 facing D, both weapon status 2, in
one column 10 hexes apart, bows toward each other. Both ships plot speed 2 all game (moving on
impulses 16 and 32, C1.4), so the range at impulse 8 is 10 on turn 1, 6 on turn 2, 2 on turn 3.
Every die is fixed here (At answers by prompt key); prompts with a default take it.
"""

from __future__ import annotations

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted


def setup():
    scenario = load_scenarios().get("PRACTICE-CA-D7-FIXED")
    return units_from_scenario(scenario, load_library(), ids={"FED-CA": "ENT", "KLI-D7": "KRT"},
                               turns=3)


def hold(*boxes):
    return [{"box": f"photon#{b}", "action": "hold"} for b in boxes]


def arm(family, *boxes):
    return [{"box": f"{family}#{b}", "action": "arm"} for b in boxes]


def shots(firer_target, *boxes):
    return [{"box": b, "target": firer_target} for b in boxes]


ANSWERS = [
    # Turn 1: ENT holds its four photons (status 2, E4.22); KRT arms its disruptors (E3.2).
    At("T1.ea.ENT", {"speed_plot": 2, "weapons": hold("A", "B", "C", "D")}),
    At("T1.ea.KRT", {"speed_plot": 2, "weapons": arm("disruptor", "A", "B", "C", "D")}),
    At("T1.I1.launch.Klingon", {"KRT": {"drones": [{"box": "drone#1", "id": "KD1",
                                                   "target": "ENT"}]}}),
    At("T1.I8.fire.Federation", {"ENT": shots("KRT", "photon#A", "phaser#1")}),
    At("T1.I8.fire.Klingon", {"KRT": shots("ENT", "disruptor#A", "phaser#1")}),
    At("T1.I8.shot.ENT.photon#A.KRT", [2]),
    At("T1.I8.shot.ENT.phaser#1.KRT", [1]),
    At("T1.I8.shot.KRT.disruptor#A.ENT", [1]),
    At("T1.I8.shot.KRT.phaser#1.ENT", [1]),
    # Turn 2: photon A re-arms (first turn), B-D held; disruptors armed again.
    At("T2.ea.ENT", {"speed_plot": 2,
                     "weapons": arm("photon", "A") + hold("B", "C", "D")}),
    At("T2.ea.KRT", {"speed_plot": 2, "weapons": arm("disruptor", "A", "B", "C", "D")}),
    At("T2.I8.fire.Federation", {"ENT": shots("KRT", "photon#B", "photon#C", "phaser#1",
                                              "phaser#2")}),
    At("T2.I8.fire.Klingon", {"KRT": shots("ENT", "disruptor#A", "disruptor#B", "phaser#1",
                                           "phaser#2")}),
    At("T2.I8.shot.ENT.photon#B.KRT", [1]),
    At("T2.I8.shot.ENT.photon#C.KRT", [3]),
    At("T2.I8.shot.ENT.phaser#1.KRT", [1]),
    At("T2.I8.shot.ENT.phaser#2.KRT", [2]),
    At("T2.I8.shot.KRT.disruptor#A.ENT", [4]),
    At("T2.I8.shot.KRT.disruptor#B.ENT", [5]),
    At("T2.I8.shot.KRT.phaser#1.ENT", [2]),
    At("T2.I8.shot.KRT.phaser#2.ENT", [6]),
    At("T2.I8.dac.v1.KRT", [6, 7, 8, 8]),
    # Turn 3: photon A completes its second arming turn; D still held.
    At("T3.ea.ENT", {"speed_plot": 2, "weapons": arm("photon", "A") + hold("D")}),
    At("T3.ea.KRT", {"speed_plot": 2, "weapons": arm("disruptor", "A", "B", "C", "D")}),
    At("T3.I8.fire.Federation", {"ENT": shots("KRT", "photon#A", "photon#D", "phaser#1")}),
    At("T3.I8.fire.Klingon", {"KRT": shots("ENT", "disruptor#A", "disruptor#B")}),
    At("T3.I8.shot.ENT.photon#A.KRT", [5]),
    At("T3.I8.shot.ENT.photon#D.KRT", [6]),
    At("T3.I8.shot.ENT.phaser#1.KRT", [1]),
    At("T3.I8.shot.KRT.disruptor#A.ENT", [1]),
    At("T3.I8.shot.KRT.disruptor#B.ENT", [2]),
    At("T3.I8.dac.v1.KRT", [6, 6, 6, 8, 8, 8, 8, 8, 8, 6, 7, 7, 7, 7, 7]),
]


def script() -> Chain:
    return Chain(Scripted(ANSWERS), Defaults())
