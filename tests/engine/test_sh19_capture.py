"""SH19 (The Mighty Hood Goes Down) played to its "Hood is captured" result with the book's
tactics (SH19.8): the Klingon anvil closes, the Challenger holds the Hood in a tractor beam
(G7), the three cruisers' disruptors and phasers bring down the Hood's aft shield, and their
transporters beam boarding parties through it (G8.21) until every control room of the Hood is
taken (D7.50): Klingon Decisive (SH19.5).

The scene starts where the anvil has closed (an SFB Desk position, not the book's set-up
hexes): the Hood in 2215 facing A at speed 0, the three Klingon cruisers directly astern in
2216 facing A. From there every step is played by the sequencer: energy allocation, lock-on,
fire and its damage (the DAC's rolls from the seeded dice), tractors, marines and boarding
combat. The dice that matter are fixed: every shot rolls 1, attackers in boarding combat roll
6 and defenders 1.
"""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.data.task_victory import task_result
from sfb_desk.engine.answers import NO_ANSWER, At, Scripted, SeededDice
from sfb_desk.engine.prompts import Choice, DiceRequest
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_from_label

KLINGONS = ("Challenger", "Bloodshedder", "Desolation")


def _setup():
    scenario = load_scenarios().get("SH19")
    game = units_from_scenario(scenario, load_library(), turns=6, dice_seed=19)
    place = {"Hood": ("2215", 0, 0)} | {k: ("2216", 0, 0) for k in KLINGONS}
    units = []
    for u in game.state.units:
        h, facing, speed = place[u.id]
        units.append(replace(u, hex=hex_from_label(h), facing=facing, speed=speed,
                             plot=((1, speed),), prev_plot=((1, speed),)))
    return scenario, Session(replace(game.state, units=tuple(units)), game.combat, game.specs)


def _fire(session, target="Hood"):
    """Every weapon of the three cruisers that bears on the Hood, each checked by the session
    (D2 arcs; the D6 ship file's disruptors have range 22, which the fire rules refuse, E3)."""
    out = {}
    for k in KLINGONS:
        spec = session.specs[session.combat.ship(k).spec_id]
        shots = [{"box": w.box_ids[0], "target": target} for w in spec.weapons
                 if w.family in ("phaser", "disruptor")]
        out[k] = [s for s in shots if session.check({k: [s]}) is None]
    return out


def _answers():
    answers = []
    for t in range(1, 7):
        answers.append(At(f"T{t}.ea.Hood", {"speed_plot": 0}))
        for k in KLINGONS:
            ea = {"speed_plot": 0, "transporters": 5,
                  "tractors": 1 if k == "Challenger" else 0}
            if t == 1 and k == "Challenger":  # E3.2: disruptors are armed the turn they fire
                ea["weapons"] = [{"box": f"disruptor#{d}", "action": "arm"} for d in "ABCD"]
            answers.append(At(f"T{t}.ea.{k}", ea))
    answers.append(At("T1.I1.tractors.Klingon", {"Challenger": {"link": [
        {"box": "tractor#1", "target": "Hood", "power": 1}]}}))
    # The aft shield is down: each cruiser drops its own forward shield and beams 5 parties.
    answers.append(At("T1.I9.marines.Klingon", {k: {"drop": [1], "board": [
        {"target": "Hood", "parties": 5}]} for k in KLINGONS}))
    answers += [At(f"T{t}.I1.marines.Klingon", {k: {"board": [
        {"target": "Hood", "parties": 3}]} for k in KLINGONS}) for t in (2,)]
    return answers


def _play():
    scenario, session = _setup()
    script = Scripted(_answers())
    seeded = SeededDice(19)
    while session.pending is not None:
        p = session.pending
        got = script.answer(p, session)
        if p.key == "T1.I8.fire.Klingon":
            value = _fire(session)
        elif got is not NO_ANSWER and got[1] != "default":
            value = got[0]
        elif isinstance(p, DiceRequest) and ".shot." in f".{p.key}":
            value = [1] * p.count
        elif isinstance(p, DiceRequest) and "boarding.attackers" in p.key:
            value = [6] * p.count
        elif isinstance(p, DiceRequest) and "boarding.defenders" in p.key:
            value = [1] * p.count
        elif isinstance(p, DiceRequest):
            value = seeded.roll(p, 19)
        elif isinstance(p, Choice) and p.default is None:
            value = p.options[0]
        else:
            value = got[0]
        outcome = session.answer(value, "test")
        assert not hasattr(outcome, "rule"), (p.key, outcome)
    return scenario, session


def test_sh19_ends_hood_is_captured_klingon_decisive():
    scenario, session = _play()
    kinds = [r.data.kind for r in session.log if r.kind == "event"]
    assert "tractor_link" in kinds and "boarding" in kinds and "boarding_combat" in kinds
    assert session.state.unit("Hood").status == "captured"
    result = task_result(scenario, session.state, session.combat, session.specs)
    assert result is not None
    assert (result.outcome, result.level) == ("Hood is captured", "Klingon Decisive")
