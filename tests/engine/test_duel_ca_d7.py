"""Done-when test of the Combat issue: a scripted three-turn duel of the Federation CA (ENT)
and the Klingon D7 (KRT) with fixed dice (tests/engine/duel_script.py). Photons, disruptors,
phasers and a drone fire; the final SSD states below were worked out BY HAND from the charts
(reference basic-set-facts.md; sfb_desk/rules/charts), point by point, before being compared.

Geometry. ENT 2220 facing A, KRT 2210 facing D: one column, bow to bow, range 10. Both plot
speed 2 (C12.12), moving on impulses 16 and 32 (impulse chart C1.4), one hex each toward the
other: range at impulse 8 is 10 (T1), 6 (T2), 2 (T3). Every shot is straight ahead: it strikes
shield #1 of the target (D3.4, no hex spine), inside the FA/FH/FX arcs of the weapons fired.

Turn 1, impulse 8, range 10 (no volley reaches the internals):
  ENT photon#A  die 2: photon 9-12 hits on 1-2 (E4)           -> 8
  ENT phaser#1  die 1: Ph-1 range 9-15, die 1                  -> 3
    one volley on KRT #1 (D4.22: one shield, one step): 11; no reinforcement; 30 -> 19 boxes.
  KRT disruptor#A die 1: disruptor 9-15 hits on 1-4, damage 3  -> 3
  KRT phaser#1  die 1: Ph-2 range 9-15, die 1                  -> 2
    one volley on ENT #1: 5; 30 -> 25.
Turn 1, impulse 24: drone KD1 (type I, 12 warhead, FD2; launched T1 I1 from KRT drone#1,
  speed 12 for the ship's year) has flown 9 hexes (its 9th move of the speed-12 chart is
  impulse 24) into 2219, where ENT stands since its impulse-16 move: impact at the end of 6A,
  from the front: shield #1 takes 12, 25 -> 13. No proximity roll (a drone on a ship).
Turn 2, impulse 8, range 6:
  ENT photon#B die 1, photon#C die 3: photon 5-8 hits on 1-3  -> 8 + 8
  ENT phaser#1 die 1 -> 4, phaser#2 die 2 -> 3 (Ph-1 range 6-8)
    one volley on KRT #1: 23; 19 boxes -> 0, bleed-through 4 internal (D3.4, FD14.213).
    DAC (D4.21), D7 boxes, first available column left to right:
      point 1 roll 6: A "F Hull"                      -> forward_hull#1
      point 2 roll 7: A "Cargo" (none on a D7), B "F Hull" -> forward_hull#2
      point 3 roll 8: A "A Hull"                      -> aft_hull#1
      point 4 roll 8: A "A Hull" (not bold, D4.31)    -> aft_hull#2
  KRT disruptor#A die 4 -> 3 (5-8 hits 1-4, damage 3); disruptor#B die 5 -> miss
  KRT phaser#1 die 2 -> 2, phaser#2 die 6 -> 0 (Ph-2 range 4-8)
    one volley on ENT #1: 5; 13 -> 8.
Turn 3, impulse 8, range 2:
  ENT photon#A (armed T2 + T3, E4.2) die 5: photon range 2 hits on 1-5 -> 8; photon#D die 6
  misses; phaser#1 die 1: Ph-1 range 2 -> 7.
    one volley on KRT #1: 15; shield #1 is down (no boxes): 15 internal.
      p1 roll 6: A F Hull          -> forward_hull#3
      p2 roll 6: A F Hull          -> forward_hull#4 (the last)
      p3 roll 6: A F Hull gone, B "Impulse" -> impulse#1
      p4-p8 roll 8: A "A Hull"     -> aft_hull#3, #4, #5, #6, #7 (the last)
      p9 roll 8: A gone, B "APR"   -> apr#1
      p10 roll 6: A gone, B Impulse -> impulse#2
      p11-p13 roll 7: A Cargo none, B F Hull gone, C "Battery" -> battery#1, #2, #3
      p14-p15 roll 7: C gone, D "Center W En" (none on a D7), E "Shuttle" -> shuttle#1, #2
    Crew (G9.21: a crew unit every 10th internal point of the scenario): KRT took 4 + 15 = 19
    internal points: one crew unit (the 10th point is p6 of this volley). ENT took none.
  KRT disruptor#A die 1 -> 4, disruptor#B die 2 -> 4 (range 2: hits on 1-5, damage 4)
    one volley on ENT #1: 8; 8 -> 0 boxes, nothing through.

End of turn 3 (Record Keeping, carried to turn 4):
  ENT: photons A, B, C, D all fired and not re-armed -> empty (E4.2); capacitor 6 (full at
       status 2, H6) - 1 (T1) - 2 (T2) - 1 (T3) = 2; batteries 4 of 4, never discharged.
  KRT: disruptors A, B fired, C, D armed on T3 and not fired: a disruptor cannot be held
       (E3.24), all empty; capacitor 9 - 1 (T1) - 2 (T2) = 6; batteries: all three battery
       boxes destroyed, so the charge is 0 (H5: the charge is capped by undestroyed boxes).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from sfb_desk.data.saves import CURRENT_VERSION, load_game, save_game
from sfb_desk.engine.replay import replay, undo
from sfb_desk.engine.session import Session

from duel_script import script, setup

KRT_INTERNAL = {
    "forward_hull#1", "forward_hull#2", "forward_hull#3", "forward_hull#4",
    "aft_hull#1", "aft_hull#2", "aft_hull#3", "aft_hull#4", "aft_hull#5", "aft_hull#6",
    "aft_hull#7", "impulse#1", "impulse#2", "apr#1", "battery#1", "battery#2", "battery#3",
    "shuttle#1", "shuttle#2",
}


@pytest.fixture(scope="module")
def duel():
    game = setup()
    session = Session(game.state, game.combat, game.specs)
    states = [(session.state, session.combat)]
    source = script()
    while session.pending is not None:
        value, name = source.answer(session.pending, session)
        result = session.answer(value, name)
        assert not hasattr(result, "rule"), f"refused: {result}"
        states.append((session.state, session.combat))
    source.sources[0].check_finished()
    return session, states


def events(session, kind):
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_the_duel_plays_three_turns(duel):
    session, _ = duel
    assert session.finished and session.state.turn == 4
    shots = [(r.turn, r.data.get("box"), r.data.get("range"), r.data.get("damage"))
             for r in events(session, "shot")]
    assert shots[:4] == [(1, "photon#A", 10, 8), (1, "phaser#1", 10, 3),
                         (1, "disruptor#A", 10, 3), (1, "phaser#1", 10, 2)]
    (impact,) = events(session, "impact")
    assert (impact.turn, impact.impulse, impact.data.get("damage")) == (1, 24, 12)


def test_final_destroyed_boxes_as_checked_by_hand(duel):
    session, _ = duel
    krt, ent = session.state.unit("KRT"), session.state.unit("ENT")
    shield_boxes = lambda u: {b for b in u.destroyed if b.startswith("shield")}  # noqa: E731
    assert krt.destroyed - shield_boxes(krt) == KRT_INTERNAL
    assert ent.destroyed == shield_boxes(ent) and len(shield_boxes(ent)) == 30
    assert shield_boxes(krt) == {f"shield1#{n}" for n in range(1, 31)}
    assert session.combat.ship("KRT").shields.boxes == (0, 22, 15, 13, 15, 22)
    assert session.combat.ship("ENT").shields.boxes == (0, 24, 20, 20, 20, 24)


def test_every_destroyed_box_is_logged_with_roll_column_and_box(duel):
    session, _ = duel
    points = [(r.turn, r.data.get("roll"), r.data.get("column"), r.data.get("box"))
              for r in events(session, "damage_point")]
    assert points[:4] == [(2, 6, "A", "forward_hull#1"), (2, 7, "B", "forward_hull#2"),
                          (2, 8, "A", "aft_hull#1"), (2, 8, "A", "aft_hull#2")]
    assert points[4:] == [
        (3, 6, "A", "forward_hull#3"), (3, 6, "A", "forward_hull#4"), (3, 6, "B", "impulse#1"),
        *[(3, 8, "A", f"aft_hull#{n}") for n in range(3, 8)],
        (3, 8, "B", "apr#1"), (3, 6, "B", "impulse#2"),
        *[(3, 7, "C", f"battery#{n}") for n in (1, 2, 3)],
        (3, 7, "E", "shuttle#1"), (3, 7, "E", "shuttle#2"),
    ]
    assert {b for _, _, _, b in points} == KRT_INTERNAL


def test_one_dac_dice_request_per_volley_with_a_roll_per_point(duel):
    session, _ = duel
    dac = [r.data for r in session.log if r.kind == "prompt" and ".dac." in r.key]
    assert [(p.kind, p.count) for p in dac] == [("2d6", 4), ("2d6", 15)]


def test_crew_weapons_capacitor_and_batteries(duel):
    session, _ = duel
    krt, ent = session.combat.ship("KRT"), session.combat.ship("ENT")
    assert (krt.crew_units_lost, ent.crew_units_lost) == (1, 0)
    assert (krt.internal_points, ent.internal_points) == (19, 0)
    assert all(w.empty for w in ent.energy.weapons if w.box.startswith("photon"))
    assert all(w.empty for w in krt.energy.weapons if w.box.startswith("disruptor"))
    assert (ent.energy.capacitor, krt.energy.capacitor) == (Fraction(2), Fraction(6))
    assert (ent.energy.battery_charge, krt.energy.battery_charge) == (Fraction(4), Fraction(0))


def test_an_illegal_allocation_is_refused_with_its_rule():
    game = setup()
    session = Session(game.state, game.combat, game.specs)
    session.answer({"speed_plot": 2, "weapons": [{"box": "photon#A", "action": "hold"}]})
    refusal = session.answer({"speed_plot": 2, "weapons": [{"box": "disruptor#A",
                                                            "action": "hold"}]})
    # nothing to hold: the disruptor starts empty (S4 status 2 arms it on turn 1, E3.24)
    assert refusal.rule == "E3.2" and "disruptor#A" in refusal.message
    assert session.pending.key == "T1.ea.KRT"
    refusal = session.answer({"speed_plot": 40})
    assert "C12" in refusal.rule or "C2" in refusal.rule


def test_save_reload_mid_duel_and_at_the_end(duel, tmp_path):
    session, states = duel
    answers = session.log.answers()
    middle = replay(session.initial, answers[: len(answers) // 2], session.initial_combat,
                    session.specs)
    loaded = load_game(save_game(tmp_path / "mid.sfbsave", middle))
    assert (loaded.state, loaded.combat) == states[len(answers) // 2]
    for value, name in answers[len(answers) // 2:]:
        assert not hasattr(loaded.answer(value, name), "rule")
    assert (loaded.state, loaded.combat) == (session.state, session.combat)
    path = save_game(tmp_path / "end.sfbsave", session)
    assert json.loads(path.read_text())["version"] == CURRENT_VERSION
    end = load_game(path)
    assert (end.state, end.combat) == (session.state, session.combat)
    again = replay(session.initial, answers, session.initial_combat, session.specs)
    assert (again.state, again.combat) == (session.state, session.combat)


def test_undo_walks_the_duel_back_to_the_start(duel):
    session, states = duel
    current = session
    for k in range(len(session.log.answers()) - 1, -1, -1):
        current = undo(current)
        assert (current.state, current.combat) == states[k]
