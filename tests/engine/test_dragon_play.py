"""The Space Dragon (Advanced Missions SM7) in play through the sequencer: SM7 played to its end
by robots on both sides, and each of the dragon's own rules with fixed answers: its speed from
its wings (SM7.464), hits on its record (SM7.463), its flame every second turn (SM7.4652), its
tail against seeking weapons (SM7.4653), its claws (SM7.4654), skipping moves (SM7.467),
ravaging the planet (SM7.45, SM7.5) and dying without an explosion (SM7.466)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.game_victory import score_game
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_builder import BuiltMonster, BuiltScenario, BuiltTerrain, check_built
from sfb_desk.data.scenarios import load_scenarios
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.robot import Robot
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.monsters import DragonRecord

DRAGON = "Space Dragon"


@lru_cache(maxsize=1)
def libraries():
    ships = load_library()
    return ships, load_scenarios(ships=ships)


def events(session, *kinds):
    return [r for r in session.log if r.kind == "event" and r.data.kind in kinds]


def of(records, unit):
    return [r for r in records if r.data.unit == unit]


def duel(ca=("0815", "A", 0), dragon=("0810", "D"), age="adult", terrain=(), turns=3,
         ship="FED-CA"):
    ships, _ = libraries()
    units = (UnitEntry(ship, "CA", "Navy", ca[0], ca[1], ca[2], 3),)
    built = BuiltScenario("Dragon test", units, turns=turns, terrain=tuple(terrain),
                          monsters=(BuiltMonster(DRAGON, DRAGON, dragon[0], dragon[1], age),))
    scenario = check_built(built, ships)
    assert not isinstance(scenario, list), scenario
    setup = setup_from_entries(list(units), ships, turns=turns, dice_seed=1, scenario=scenario)
    return Session(setup.state, setup.combat, setup.specs)


def run(session, answers, *, until=None, seed=3):
    script = Chain(Scripted(answers), Defaults(), SeededDice(seed))
    while session.pending is not None and not (until and until(session)):
        session.run(script, limit=1)


def ea(speed=0, turns=(1, 2, 3)):
    return [At(f"T{t}.ea.CA", {"speed_plot": speed}) for t in turns]


def stays(turns=(1, 2, 3)):
    """The dragon skips every move (SM7.467)."""
    return [At(f"T{t}.I{i}.move.{DRAGON}", "stay") for t in turns for i in range(1, 33)]


def test_sm7_the_space_dragon_plays_to_the_end_with_robots_on_both_sides():
    from tests.engine.test_battlefield_play import play, start

    session = start("SM7", seed=5)
    dragon = session.state.unit(DRAGON)
    assert (dragon.side, dragon.hex.label, dragon.speed) == (DRAGON, "4201", 25)  # SM7.2, SM7.464
    assert session.combat.battlefield.monsters == ()  # a unit under orders, not automatic
    play(session, [Robot("Navy", "captain", 3), Robot(DRAGON, "captain", 4)], limit=200000)
    assert session.finished
    hits = events(session, "dragon_hit")
    assert hits
    wings = 50
    for turn in sorted({r.turn for r in events(session, "dragon_turn")}):
        (start_turn,) = [r for r in events(session, "dragon_turn") if r.turn == turn]
        assert start_turn.data.get("speed") == int(wings / 2 + 0.5)  # SM7.464, from the start
        for r in (h for h in hits if h.turn == turn):
            wings = r.data.get("wings")
    assert of(events(session, "shot"), DRAGON)  # the eyes fire (SM7.4651)
    (over,) = events(session, "game_over")
    gone = [u for u in session.state.units if u.kind == "ship" and not u.active]
    assert gone and over.data.get("side") in ("Navy", DRAGON)
    if session.state.unit(DRAGON).status == "destroyed":
        final = session.combat.battlefield.dragons[0].record
        assert not final.alive  # SM7.466: dies when every area is zero
        assert not [r for r in events(session, "explosion") if r.data.unit == DRAGON]


def test_sm7_463_hits_roll_one_die_a_point_on_the_record_not_the_dac():
    session = duel(ca=("0812", "A", 0), dragon=("0810", "D"))
    answers = ea() + stays() + [
        At("T1.I1.fire.Navy", {"CA": [{"box": "phaser#1", "target": DRAGON}]}),
        At("T1.I1.shot.CA.phaser#1.Space Dragon", [1])]
    run(session, answers, until=lambda s: ".dragon.v1." in getattr(s.pending, "key", ""))
    points = session.pending.count
    rolls = ([1, 3, 5, 6, 2, 4] * 5)[:points]
    assert points >= 4 and session.pending.kind == "1d6"  # one die a point, not 2d6
    assert not isinstance(session.answer(rolls), Refusal)
    (hit,) = events(session, "dragon_hit")
    assert hit.data.get("areas")[:4] == ["body", "wings", "tail", "claws"]
    record = session.combat.battlefield.dragons[0].record
    assert record == DragonRecord.new("adult").take(rolls)
    assert not events(session, "damage_point")  # no DAC (SM7.463)
    assert session.combat.ship(DRAGON).internal_points == points  # internal damage (S2.20)


def test_sm7_4652_the_flame_launches_every_second_turn_and_may_bolt():
    session = duel(ca=("0820", "A", 0), dragon=("0810", "D"))
    launch = {DRAGON: {"plasma": [{"box": "plasma#F", "id": "FLAME1", "target": "CA"}]}}
    again = {DRAGON: {"plasma": [{"box": "plasma#F", "id": "FLAME2", "target": "CA"}]}}
    answers = ea() + stays() + [At(f"T1.I1.launch.{DRAGON}", launch)]
    run(session, answers, until=lambda s: s.state.turn == 2 and ".launch." in getattr(
        s.pending, "key", ""))
    assert session.state.unit("FLAME1") is not None  # a plasma-G torpedo (an adult, SM7.461)
    assert [r.data.get("flame") for r in events(session, "dragon_turn")] == [True, False]
    refused = session.answer(again)  # turn 2: not ready (every second turn)
    assert isinstance(refused, Refusal)
    run(session, answers, until=lambda s: s.state.turn == 3 and s.state.impulse >= 1)
    assert [r.data.get("flame") for r in events(session, "dragon_turn")] == [True, False, True]
    session = duel(ca=("0814", "A", 0), dragon=("0810", "D"), turns=1)
    bolt = {DRAGON: [{"box": "plasma#F", "target": "CA", "mode": "bolt"}]}
    run(session, ea(turns=(1,)) + stays((1,)) + [At(f"T1.I1.fire.{DRAGON}", bolt),
                                                   At(f"T1.I1.shot.{DRAGON}.plasma#F.CA", [1])],
        until=lambda s: of(events(s, "shot"), DRAGON))
    (shot,) = of(events(session, "shot"), DRAGON)
    assert shot.data.get("box") == "plasma#F" and shot.data.get("damage") > 0


@pytest.mark.parametrize(("roll", "destroyed"), [(5, True), (6, False)])
def test_sm7_4653_the_tail_engages_a_drone_entering_its_hex(roll, destroyed):
    session = duel(ship="KLI-D7", ca=("0815", "A", 0), dragon=("0812", "D"))
    answers = ea() + stays() + [
        At("T1.I1.launch.Navy", {"CA": {"drones": [{"box": "drone#1", "id": "D1",
                                                    "target": DRAGON}]}})]
    answers += [At(f"T1.I{i}.tail.D1.{DRAGON}", [roll]) for i in range(1, 33)]
    run(session, answers, until=lambda s: events(s, "dragon_tail"))
    (engaged,) = events(session, "dragon_tail")
    assert (engaged.data.get("target"), engaged.data.get("destroyed")) == ("D1", destroyed)
    assert (session.state.unit("D1").status == "destroyed") is destroyed
    run(session, answers, until=lambda s: s.state.impulse > engaged.impulse + 1)
    assert len(events(session, "dragon_tail")) == 1  # engaged once (SM7.4653)


def test_sm7_4654_claws_once_a_turn_as_internal_hits_without_shields():
    session = duel(ca=("0811", "A", 0), dragon=("0811", "D"))
    answers = ea() + stays() + [
        At(f"T1.I1.claws.{DRAGON}", "CA"), At(f"T1.I1.claw_roll.{DRAGON}", [3]),
        At(f"T1.I1.claw_hits.{DRAGON}", "4"),
        At(f"T1.I1.dac.claws.{DRAGON}.CA", [7, 8, 6, 9])]
    run(session, answers, until=lambda s: s.state.impulse > 2)
    (claw,) = events(session, "dragon_claws")
    assert (claw.data.get("roll"), claw.data.get("result"), claw.data.get("hits")) == (3, 3, 4)
    points = [r for r in events(session, "damage_point") if r.data.unit == "CA"]
    assert len(points) == 4
    assert session.combat.ship("CA").shields.boxes == session.initial_combat.ship("CA").shields.boxes
    prompts = [r.key for r in session.log if r.kind == "prompt" and r.key.split(".")[2] == "claws"]
    assert prompts == [f"T1.I1.claws.{DRAGON}"]  # once a turn


def test_sm7_467_the_dragon_may_skip_a_move_a_ship_may_not():
    session = duel(ca=("0815", "A", 4), dragon=("0810", "D"))
    run(session, ea(4), until=lambda s: getattr(s.pending, "kind", "") == "movement"
        and s.pending.unit == DRAGON)
    assert "stay" in session.pending.options and session.pending.options[0] == "straight"
    assert not isinstance(session.answer("stay"), Refusal)
    run(session, ea(4), until=lambda s: getattr(s.pending, "kind", "") == "movement"
        and s.pending.unit == "CA")
    refused = session.check("stay")
    assert isinstance(refused, Refusal) and refused.rule == "C1.4"


def test_sm7_45_ravaging_the_planet_scores_sm7_5_and_the_dragon_may_enter_it():
    planet = BuiltTerrain("planet", ("0628",))
    session = duel(ca=("0620", "A", 0), dragon=("0627", "D"), terrain=(planet,), turns=3)
    moves = [At(f"T1.I{i}.move.{DRAGON}", "straight" if i == 2 else "stay")
             for i in range(1, 33)]
    run(session, ea() + moves + stays((2, 3)))
    assert session.state.unit(DRAGON).hex.label == "0628"  # into the planet's hex (SM7.45)
    ravaged = events(session, "dragon_ravages")
    assert [r.turn for r in ravaged] == [2, 3]  # turn 1 it moved in: not a turn of ravaging
    assert ravaged[-1].data.get("points") == 50  # an adult: 25 a turn (SM7.5)
    result = score_game(session.state, session.combat, session.specs)
    lines = [line for line in result.lines_for(DRAGON) if line.rule == "SM7.5"]
    assert lines and sum(line.points for line in lines) == 50


def test_the_dragon_takes_no_heat_or_radiation_damage_but_dust_strikes_its_record():
    dust = BuiltTerrain("dust", ())
    heat = BuiltTerrain("heat_zone", ())
    session = duel(ca=("0815", "A", 0), dragon=("0810", "D"), terrain=(dust, heat), turns=1)
    moves = [At(f"T1.I{i}.move.{DRAGON}", "straight") for i in range(1, 33)]
    run(session, ea(turns=(1,)) + moves)
    assert not [r for r in events(session, "volley") if r.data.unit == DRAGON]
    assert events(session, "dragon_hit")  # speed 25 in dust: hit on impulses 5-30 (P13.1)
    assert all(r.data.get("damage") == 1 for r in events(session, "dragon_hit"))


def test_a_saved_dragon_game_loads_to_the_same_state(tmp_path):
    from sfb_desk.data.saves import load_game, save_game

    session = duel(ca=("0815", "A", 0), dragon=("0812", "D"))
    run(session, ea() + stays(), until=lambda s: s.state.turn == 2)
    back = load_game(save_game(tmp_path / "dragon.sfbsave", session))
    assert back.combat.battlefield.dragons == session.combat.battlefield.dragons
    assert back.state.unit(DRAGON) == session.state.unit(DRAGON)
    assert replace(back.combat.ship(DRAGON)) == session.combat.ship(DRAGON)


def test_sm7_3_sm7_41_the_dragon_leaving_the_map_ends_the_scenario():
    session = duel(ca=("0815", "A", 0), dragon=("4201", "A"), turns=3)
    run(session, ea() + [At(f"T1.I{i}.move.{DRAGON}", "straight") for i in range(1, 33)])
    assert session.finished
    assert session.state.unit(DRAGON).status == "off_map"  # SM7.41: it has disengaged
    (over,) = events(session, "game_over")
    assert over.turn == 1 and over.data.get("side") == DRAGON
