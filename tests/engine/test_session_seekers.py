"""Seeking weapons in the session (engine/seeker_steps.py): plasma, ADDs, shuttles, weasels.

The Romulan KR (RKR, two plasma-S launchers, one shuttle bay) against the Klingon D7 (KRT,
two drone racks), both from the library, weapon status 2 (the KR's plasma torpedoes armed,
S4), both at speed 0. Worked by hand:

* Plasma: RKR in 2220 facing A, KRT in 2210 facing D: range 10, KRT dead ahead (bearing 1,
  inside plasma#A's LP arc, D2.34). RKR holds plasma#A (FP2) and launches RP1 at impulse 1
  (6B); at speed 32 it moves every impulse from impulse 2 (reference G4.4). On impulse 6 it
  has travelled 5 hexes (2215), range 5 from KRT: KRT's phaser#1 and phaser#2 (Ph-2, FX) roll
  1 and 1: 3 + 3 = 6 phaser damage, the warhead is 30 - 6 // 2 = 27 (FP1.611). On impulse 11
  it enters 2210 having travelled 10 hexes (plasma-S 30 at 0-10, FP1): 27 on the shield it
  came through, 2211 is dead ahead of KRT facing D: shield #1, 30 boxes -> 3, no internals.
* ADD: RKR (given an ADD rack for the test, E5) in 2213; KRT launches drone KD1 (type I,
  speed 12 for 135, FD10.65) at impulse 1 from 2210; speed 12 moves on impulse 3 (C1.4):
  2211, range 2. RKR fires add#A at it in 6D of impulse 3, roll 1: a hit, the drone is
  destroyed (E5.2).
* Shuttles: RKR in 2220 with a charged wild weasel in shuttle#1 (J3.12; set up held). KRT
  launches KD1 at RKR on impulse 1; RKR launches the weasel RWW on impulse 2 and KD1 accepts
  it as its target (J3.111); RKR's fire on impulse 3 is refused (J3.132). An admin shuttle
  from the same bay on impulse 3 is refused (one launch every 2 impulses, J1.50); on impulse 4
  it goes out.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from sfb_desk.data.game_setup import armed_weapons
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
from sfb_desk.engine.records import Combat, ShipRecord
from sfb_desk.engine.session import Session
from sfb_desk.rules.combat.shields import ShieldState
from sfb_desk.rules.energy import initial_state
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.seeking import SeekingState, make_rack
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import new_ship, profile_from_spec

LIB = load_library()
ADD = Weapon("A", "ADD", "add", ("360",))


def setup(rkr_hex: str, *, add: bool = False, weasel: bool = False):
    kr, d7 = LIB.get("ROM-KR"), LIB.get("KLI-D7")
    if add:
        kr = replace(kr, weapons=(*kr.weapons, ADD))
    units, records, racks = [], [], []
    for uid, side, spec, where, facing in (("RKR", "Romulan", kr, rkr_hex, 0),
                                           ("KRT", "Klingon", d7, "2210", 3)):
        units.append(new_ship(uid, side, profile_from_spec(spec), hex=hex_from_label(where),
                              facing=facing, speed=0, spec_id=spec.id))
        energy = initial_state(spec, capacitor_full=True, prev_plot=((1, 0),))
        energy = replace(energy, weapons=armed_weapons(energy, spec))
        if weasel and uid == "RKR":
            energy = replace(energy, weapons=tuple(
                replace(w, mode="WILD-WEASEL", energies=(Fraction(1), Fraction(1)),
                        complete=True) if w.box == "shuttle#1" else w for w in energy.weapons))
        records.append(ShipRecord(uid, spec.id, ShieldState.for_ship(spec), energy))
        racks += [make_rack(uid, w, year=135) for w in spec.weapons
                  if w.family == "drone" or w.type == "ADD"]
    state = GameState(units=tuple(units), last_turn=1)
    combat = Combat(tuple(records), SeekingState(racks=tuple(racks)))
    return Session(state, combat, {"ROM-KR": kr, "KLI-D7": d7})


def play(session, answers, *, until=None):
    source = Chain(Scripted(answers), Defaults())
    while session.pending is not None and session.pending.key != until:
        value, name = source.answer(session.pending, session)
        result = session.answer(value, name)
        assert not hasattr(result, "rule"), f"{session.pending.key} refused: {result}"
    return session


def events(session, kind):
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


EA = [At("T1.ea.KRT", {"speed_plot": 0})]
KD1 = At("T1.I1.launch.Klingon", {"KRT": {"drones": [{"box": "drone#1", "id": "KD1",
                                                     "target": "RKR"}]}})


def test_plasma_launched_weakened_by_phasers_impacts_with_the_reduced_warhead():
    session = setup("2220")
    play(session, [
        At("T1.ea.RKR", {"speed_plot": 0, "weapons": [{"box": "plasma#A", "action": "hold"}]}),
        *EA,
    ], until="T1.I1.launch.Romulan")
    # plasma#B was not held this turn: it holds no torpedo (FP2.1)
    refused = session.answer({"RKR": {"plasma": [{"box": "plasma#B", "id": "RP1",
                                                   "target": "KRT"}]}})
    assert refused.rule == "FP2.1" and "plasma#B" in refused.message
    twice = session.answer({"RKR": {"plasma": [
        {"box": "plasma#A", "id": "RP1", "target": "KRT"},
        {"box": "plasma#A", "id": "RP2", "target": "KRT"}]}})
    assert twice.rule == "FP2.1"  # its torpedo is spent by the first launch (FP2)
    play(session, [
        At("T1.I1.launch.Romulan", {"RKR": {"plasma": [{"box": "plasma#A", "id": "RP1",
                                                        "target": "KRT"}]}}),
        At("T1.I6.fire.Klingon", {"KRT": [{"box": "phaser#1", "target": "RP1"},
                                          {"box": "phaser#2", "target": "RP1"}]}),
        At("T1.I6.shot.KRT.phaser#1.RP1", [1]),
        At("T1.I6.shot.KRT.phaser#2.RP1", [1]),
    ], until="T1.I12.launch.Klingon")
    (launched,) = [e for e in events(session, "launched") if e.data.unit == "RP1"]
    assert (launched.impulse, launched.data.get("plasma")) == (1, "S")
    weakened = events(session, "plasma_weakened")
    assert [(e.impulse, e.data.get("warhead")) for e in weakened] == [(6, 30 - 1), (6, 27)]
    (impact,) = events(session, "impact")
    assert (impact.impulse, impact.data.get("damage")) == (11, 27)
    assert session.combat.ship("KRT").shields.boxes[0] == 30 - 27  # shield #1
    assert "plasma#A" in session.combat.ship("RKR").fired  # arming spent at end of turn (FP2)
    assert session.state.unit("RP1").status == "impacted"


def test_an_add_shoots_down_a_drone():
    session = setup("2213", add=True)
    play(session, [
        At("T1.ea.RKR", {"speed_plot": 0}), *EA, KD1,
        At("T1.I3.fire.Romulan", {"RKR": [{"box": "add#A", "target": "KD1"}]}),
        At("T1.I3.shot.RKR.add#A.KD1", [1]),
    ], until="T1.I4.launch.Klingon")
    (fired,) = events(session, "add_fired")
    assert fired.impulse == 3 and fired.data.get("hit") is True
    (gone,) = events(session, "seeker_destroyed")
    assert gone.data.rule == "E5.2"
    assert session.state.unit("KD1").status == "destroyed"
    assert session.combat.seeking.record("KD1") is None
    assert session.combat.seeking.rack("RKR", "add#A").add_rounds == 5


def test_an_add_out_of_range_is_refused():
    session = setup("2220", add=True)
    play(session, [At("T1.ea.RKR", {"speed_plot": 0}), *EA, KD1], until="T1.I3.fire.Romulan")
    refused = session.answer({"RKR": [{"box": "add#A", "target": "KD1"}]})
    assert refused.rule == "E5" and "range" in refused.message


def test_a_weasel_pulls_the_drone_and_the_ship_may_not_fire():
    session = setup("2220", weasel=True)
    play(session, [
        At("T1.ea.RKR", {"speed_plot": 0, "weapons": [
            {"box": "plasma#A", "action": "hold"},
            {"box": "shuttle#1", "action": "hold", "mode": "WILD-WEASEL"}]}),
        *EA, KD1,
        At("T1.I2.launch.Romulan", {"RKR": {"shuttles": [
            {"box": "shuttle#1", "id": "RWW", "mission": "weasel", "speed": 0}]}}),
    ], until="T1.I3.launch.Romulan")
    assert session.state.unit("KD1").target == "RWW"
    (pulled,) = events(session, "retargeted")
    assert pulled.data.rule == "J3.111"
    assert session.combat.seeking.weasel_of("RKR").id == "RWW"
    refused = session.answer({"RKR": {"shuttles": [{"box": "shuttle#2", "id": "RS2"}]}})
    assert refused.rule == "J1.50"  # the bay launched last impulse
    session.answer({})
    play(session, [], until="T1.I3.fire.Romulan")
    refused = session.answer({"RKR": [{"box": "phaser#1", "target": "KRT"}]})
    assert refused.rule == "J3.132"
    play(session, [
        At("T1.I4.launch.Romulan", {"RKR": {"shuttles": [{"box": "shuttle#2", "id": "RS2"}]}}),
    ], until="T1.I5.launch.Klingon")
    (admin,) = [e for e in events(session, "shuttle_launched") if e.data.unit == "RS2"]
    assert admin.impulse == 4 and admin.data.get("mission") == "admin"
    assert session.state.unit("RS2").hex == session.state.unit("RKR").hex


def test_a_suicide_shuttle_without_arming_is_refused():
    session = setup("2220")
    play(session, [At("T1.ea.RKR", {"speed_plot": 0}), *EA], until="T1.I1.launch.Romulan")
    refused = session.answer({"RKR": {"shuttles": [
        {"box": "shuttle#1", "id": "RSS", "mission": "suicide", "target": "KRT"}]}})
    assert refused.rule == "J2.22"
