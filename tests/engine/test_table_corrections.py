"""Issue 12, item 1: a box marked by hand is a fact of the game (sfb_desk.engine.corrections).

A disruptor marked destroyed by hand cannot fire, the energy allocation refuses to arm it, the
robot knows it, and undo, saves and replays give the same game. Unknown units and boxes, marks
that change nothing and marks of the wrong kind are refused with a message; a mark survives
whatever prompt it was made at."""

from __future__ import annotations

import json

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.saves import game_from_json, game_to_json
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.corrections import EVENT_KIND, KEY_PREFIX, Correction
from sfb_desk.engine.log import ANSWER, REFUSED
from sfb_desk.engine.replay import replay, undo
from sfb_desk.engine.session import Accepted, Session
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot
from sfb_desk.rules.results import Refusal

D7 = "KLI-D7"
CA = "FED-CA"


@pytest.fixture(scope="module")
def game():
    library = load_library()
    scenario = duel_scenario(CA, D7, 2, 6, library)
    ids = dict(zip(unit_keys(scenario), unit_ids(CA, D7)))
    setup = units_from_scenario(scenario, library, ids=ids, turns=2, dice_seed=3)
    return setup, [Robot(side.name, "captain", 3) for side in scenario.sides]


def new_session(game) -> Session:
    setup, _ = game
    return Session(setup.state, setup.combat, setup.specs)


def play(session: Session, robots, until=lambda s: False, on_prompt=None) -> None:
    while session.pending is not None and not until(session):
        if on_prompt is not None:
            on_prompt(session)
        prompt = session.pending
        robot = next(r for r in robots if r.mine(prompt, session))
        outcome = session.answer(robot.decide(prompt, session), "robot")
        assert not isinstance(outcome, Refusal), (prompt.key, outcome)


def klingon_ea(session: Session) -> bool:
    return session.pending.key == f"T1.ea.{D7}"


def test_a_disruptor_marked_destroyed_cannot_be_armed_or_fired_and_the_robot_knows(game):
    _, robots = game
    s = new_session(game)
    play(s, robots, until=klingon_ea)
    done = s.answer(Correction(D7, "disruptor#B"), "player")
    assert isinstance(done, Accepted)
    (ev,) = done.events
    assert ev.kind == EVENT_KIND and ev.text == f"Table: {D7} disruptor B marked destroyed, turn 1"
    assert "disruptor#B" in s.state.find(D7).destroyed
    assert s.pending.key == f"T1.ea.{D7}"  # the same prompt still waits
    # the energy allocation refuses to arm it (the engine's own check)
    robot = next(r for r in robots if r.side == s.state.find(D7).side)
    form = robot.decide(s.pending, s)
    assert not any(o["box"] == "disruptor#B" and o.get("action") == "arm"
                   for o in form.get("weapons", []))  # the robot knows it
    armed = {**form, "weapons": [*form.get("weapons", []),
                                 {"box": "disruptor#B", "action": "arm"}]}
    refused = s.check(armed)
    assert isinstance(refused, Refusal) and "disruptor#B" in refused.message
    assert isinstance(s.energy_state(D7).destroyed, frozenset)
    assert "disruptor#B" in s.energy_state(D7).destroyed  # what the EA sheet reads
    # the robot plays on; a fire declaration with disruptor B is refused (D4.2)
    fire_key = None

    def klingon_fire(sess: Session) -> bool:
        p = sess.pending
        return getattr(p, "kind", "") == "fire" and p.side == sess.state.find(D7).side

    s.answer(form, "robot")
    play(s, robots, until=klingon_fire)
    fire_key = s.pending.key
    shot = {D7: [{"box": "disruptor#B", "target": CA}]}
    refusal = s.check(shot)
    assert isinstance(refusal, Refusal) and refusal.rule == "D4.2", refusal
    play(s, robots)
    assert fire_key is not None
    fired = [r for r in s.log if r.kind == "event" and r.data.kind == "shot"
             and r.data.unit == D7 and dict(r.data.data)["box"] == "disruptor#B"]
    assert fired == []
    # a save replays to the same game; so does a replay of the answers
    again = game_from_json(json.loads(json.dumps(game_to_json(s))))
    assert again.state == s.state and again.combat == s.combat
    setup, _ = game
    replayed = replay(setup.state, s.log.answers(), setup.combat, setup.specs)
    assert replayed.state == s.state and replayed.combat == s.combat


def test_undo_takes_the_mark_back(game):
    _, robots = game
    s = new_session(game)
    play(s, robots, until=klingon_ea)
    s.answer(Correction(D7, "disruptor#B"))
    back = undo(s, 1)
    assert "disruptor#B" not in back.state.find(D7).destroyed
    assert back.pending.key == s.pending.key
    again = undo(s, 0)
    assert again.state == s.state


def test_marks_are_refused_with_a_message(game):
    _, robots = game
    s = new_session(game)
    cases = [
        (Correction("NOPE", "phaser#1"), "no unit 'NOPE'"),
        (Correction(D7, "warp#99"), "has no box 'warp#99'"),
        (Correction(D7, "disruptor#B", False), "is not destroyed"),
        (Correction(D7, "shield7#1"), "has no box 'shield7#1'"),
        (Correction(D7, "shield1#99"), "has no box 'shield1#99'"),
        (Correction(D7, "crew#99"), "has 45 crew units"),
        (Correction(D7, "crew#x"), "is not a box id"),
        (Correction(D7, "phaser#1", "yes"), "true or false"),  # type: ignore[arg-type]
        (Correction(D7, "shield1#1", False), "no box of it is destroyed"),
    ]
    for correction, words in cases:
        refusal = s.answer(correction)
        assert isinstance(refusal, Refusal) and words in refusal.message, (correction, refusal)
        assert s.check(correction) == refusal
    assert s.state == new_session(game).state  # nothing changed
    refused = [r for r in s.log if r.kind == REFUSED]
    assert len(refused) == len(cases) and all(r.key.startswith(KEY_PREFIX) for r in refused)
    assert not [r for r in s.log if r.kind == ANSWER]


def test_shields_and_counters_are_counts(game):
    s = new_session(game)
    record = s.combat.ship(D7)
    s.answer(Correction(D7, "shield1#3"))
    s.answer(Correction(D7, "crew#1"))
    s.answer(Correction(D7, "boarding#2"))
    after = s.combat.ship(D7)
    assert after.shields.boxes[0] == record.shields.boxes[0] - 1
    assert after.crew_units_lost == 1 and after.boarding_parties_lost == 1
    s.answer(Correction(D7, "shield1#30", False))
    assert s.combat.ship(D7).shields.boxes[0] == record.shields.boxes[0]


def test_a_mark_survives_every_kind_of_prompt(game):
    """At each prompt of two turns the table marks one more box on the ship the prompt
    concerns (or the D7); the mark is never lost when the sequencer goes on, and a ship whose
    damage is being settled refuses the mark until its prompt is answered."""
    _, robots = game
    s = new_session(game)
    names = ("lab", "transporter", "cargo", "tractor", "probe_ammo", "battery", "aft_hull")
    boxes = {uid: [f"{b}#{n}" for b in names for n in range(1, 12)] for uid in (CA, D7)}
    marked: dict[str, set[str]] = {CA: set(), D7: set()}
    settling = []

    def mark(sess: Session) -> None:
        p = sess.pending
        uid = getattr(p, "unit", None) if getattr(p, "unit", None) in marked else D7
        spec = sess.specs[sess.combat.ship(uid).spec_id]
        box = next((b for b in boxes[uid] if b in spec.box_ids() and b not in marked[uid]
                    and b not in sess.state.find(uid).destroyed), None)
        if box is None:
            return
        outcome = sess.answer(Correction(uid, box))
        if isinstance(outcome, Refusal):
            assert "being settled" in outcome.message, outcome
            settling.append(p.key)
            return
        marked[uid].add(box)

    def check_kept(sess: Session) -> None:
        repaired = {(r.data.unit, dict(r.data.data)["box"]) for r in sess.log
                    if r.kind == "event" and r.data.kind == "repair"
                    and dict(r.data.data).get("repaired")}  # D9.7 may repair a marked box
        for uid, kept in marked.items():
            unit = sess.state.find(uid)
            kept = {b for b in kept if (uid, b) not in repaired}
            if unit.status == "active":
                assert kept <= unit.destroyed, (sess.pending.key, kept - unit.destroyed)
        mark(sess)

    play(s, robots, on_prompt=check_kept)
    assert sum(len(v) for v in marked.values()) > 20 and settling


def test_all_phasers_marked_destroyed_with_a_full_capacitor_the_ship_still_allocates(game):
    """H6.21: the CA starts with its capacitor full (weapon status); its phasers all marked
    destroyed before its first allocation leave the capacitor holding more than it can. The
    sheet's capacitor 0 is legal and the robot's allocation is accepted (it was refused: "it
    can take -6, not 0", so no allocation was legal and the robot had no answer)."""
    _, robots = game
    s = new_session(game)
    play(s, robots, until=lambda s: s.pending.key == f"T1.ea.{CA}")
    assert s.energy_state(CA).capacitor > 0
    spec = s.specs[s.combat.ship(CA).spec_id]
    for box in (b for w in spec.weapons if w.family == "phaser" for b in w.box_ids):
        assert isinstance(s.answer(Correction(CA, box), "player"), Accepted)
    robot = next(r for r in robots if r.side == s.state.find(CA).side)
    assert isinstance(s.answer(robot.decide(s.pending, s), "robot"), Accepted)
