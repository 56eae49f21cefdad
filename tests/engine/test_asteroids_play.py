"""Asteroid fields in play (engine/asteroid_steps.py, the Basic Set's P3.2 as the player enters
it): with the table the program rolls and applies; without it the table is asked the damage."""

from __future__ import annotations

from sfb_desk.data.asteroid_table import save_table
from sfb_desk.data.scenario_builder import BuiltTerrain
from sfb_desk.engine.answers import At
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.terrain.asteroids import AsteroidBand, AsteroidTable

from test_terrain_play import events, plots, run, session_with

#: A made-up table for the tests (not the Basic Set's numbers): the damage is the roll plus a
#: step per column, so that every figure read shows which column and roll were used.
TABLE = AsteroidTable("1d6", (
    AsteroidBand(1, 6, (0, 0, 1, 1, 2, 2)),
    AsteroidBand(7, 14, (1, 2, 3, 4, 5, 6)),
    AsteroidBand(15, 22, (11, 12, 13, 14, 15, 16)),
    AsteroidBand(23, None, (21, 22, 23, 24, 25, 26)),
))


def field(*hexes):
    return BuiltTerrain("asteroids", tuple(hexes))


def asteroid_volleys(session):
    return [r for r in events(session, "volley") if r.data.get("sources") == ["P3.2"]]


def test_with_the_table_entering_an_asteroid_hex_rolls_and_strikes_the_shield_ahead():
    save_table(TABLE)
    # the CA in 2215 facing A at speed 16 moves up the column: 2214 on its first move (impulse 2)
    session, _ = session_with([field("2214")], ca=("2215", "A", 16))
    assert session.combat.battlefield.asteroid_table == TABLE
    run(session, plots(16) + [At("T1.I2.asteroids.CA", [4])],
        until=lambda s: s.state.impulse > 2)
    (hit,) = events(session, "asteroid_damage")
    assert (hit.impulse, hit.data.unit, hit.data.get("hex")) == (2, "CA", "2214")
    assert (hit.data.get("speed"), hit.data.get("roll"), hit.data.get("damage")) == (16, 4, 14)
    assert hit.data.get("shield") == 1  # moving in direction A: the front shield (P3.21)
    (volley,) = asteroid_volleys(session)
    assert (volley.data.get("shield"), volley.data.get("damage")) == (1, 14)


def test_a_sideslip_into_asteroids_strikes_the_shield_facing_the_slip():
    save_table(TABLE)
    # 2215 facing A: a slip right enters 2315, the hex in direction B
    session, _ = session_with([field("2315")], ca=("2215", "A", 16))
    answers = plots(16) + [At("T1.I2.move.CA", "slip right"), At("T1.I2.asteroids.CA", [1])]
    run(session, answers, until=lambda s: s.state.impulse > 2)
    (hit,) = events(session, "asteroid_damage")
    assert hit.data.get("hex") == "2315" and hit.data.get("shield") == 2  # direction B
    assert hit.data.get("damage") == 11


def test_without_the_table_the_damage_is_asked_and_bad_answers_are_refused():
    session, _ = session_with([field("2214")], ca=("2215", "A", 20))
    assert session.combat.battlefield.asteroid_table is None
    run(session, plots(20), until=lambda s: ".asteroids." in getattr(s.pending, "key", ""))
    prompt = session.pending
    assert prompt.key == "T1.I2.asteroids.CA" and prompt.rule == "P3.2"
    assert "Asteroid Damage Table (P3.2, the Basic Set) for CA" in prompt.purpose
    assert "speed 20" in prompt.purpose and prompt.default is None
    for bad in ("-1", "51", "lots", 7.5, True, None):
        refusal = session.answer(bad, "table")
        assert isinstance(refusal, Refusal) and refusal.rule == "P3.2", bad
        assert "0-50" in refusal.message
    assert not isinstance(session.answer(9, "table"), Refusal)
    (hit,) = events(session, "asteroid_damage")
    assert (hit.data.get("damage"), hit.data.get("shield")) == (9, 1)
    (volley,) = asteroid_volleys(session)
    assert volley.data.get("damage") == 9


def test_no_damage_read_is_no_volley_and_a_ship_outside_the_field_is_not_asked():
    save_table(TABLE)
    session, _ = session_with([field("2214")], ca=("2215", "A", 4), d7=("3020", "D", 4))
    run(session, plots(4, 4) + [At("T1.I8.asteroids.CA", [1])])
    (hit,) = events(session, "asteroid_damage")
    assert hit.data.get("damage") == 0 and not asteroid_volleys(session)
    assert not [r for r in session.log if r.kind == "prompt" and ".asteroids.D7" in r.key]


def test_robots_steer_clear_of_asteroids_and_refuse_to_guess_the_table():
    from sfb_desk.robot.battle import play_battle
    from sfb_desk.robot.duel import DuelError

    rocks = field("2212", "2213", "2214", "2211", "2210")  # the column ahead of the CA
    _, scenario = session_with([rocks], ca=("2215", "A", 10), d7=("2205", "D", 10))
    try:
        play_battle(scenario, seed=1, turns=1)
    except DuelError as error:
        assert "Asteroid Damage Table (P3.2) is not filled in" in str(error)
        assert "sfb-desk-cli asteroid-table set" in str(error)
    else:
        raise AssertionError("robots played asteroids without the table")
    save_table(TABLE)
    _, scenario = session_with([rocks], ca=("2215", "A", 10), d7=("2205", "D", 10))
    run_ = play_battle(scenario, seed=1, turns=1, keep_game=True)
    session = run_.session
    assert session.combat.battlefield.asteroid_table == TABLE
    moved = [r for r in session.log if r.kind == "event" and r.data.kind == "moved"
             and r.data.unit == "CA"]
    assert moved, "the cruiser moved"
    assert not events(session, "asteroid_damage")  # it went round the rocks


def test_a_robot_leaves_the_asked_damage_to_the_table():
    from sfb_desk.engine.answers import NO_ANSWER
    from sfb_desk.robot import Robot

    session, _ = session_with([field("2214")], ca=("2215", "A", 20))
    run(session, plots(20), until=lambda s: ".asteroids." in getattr(s.pending, "key", ""))
    assert Robot("Federation", "captain", 1).answer(session.pending, session) is NO_ANSWER


def test_a_game_with_the_table_saves_and_replays_to_the_same_damage(tmp_path):
    from sfb_desk.data.saves import load_game, save_game

    save_table(TABLE)
    session, _ = session_with([field("2214")], ca=("2215", "A", 16))
    run(session, plots(16), until=lambda s: s.state.impulse > 3)
    (hit,) = events(session, "asteroid_damage")
    path = save_game(tmp_path / "rocks.sfbsave", session)
    import os

    os.remove(os.environ["SFB_DESK_HOME"] + "/data/asteroid_damage.toml")  # the save keeps it
    again = load_game(path)
    loaded = getattr(again, "session", again)
    assert loaded.combat.battlefield.asteroid_table == TABLE
    assert [r.data.data for r in events(loaded, "asteroid_damage")] == [hit.data.data]


def nova_session(ca_hex, *, radius=2):
    from dataclasses import replace

    from sfb_desk.engine.session import Session

    save_table(AsteroidTable("1d6", (AsteroidBand(1, None, (0, 0, 0, 0, 0, 0)),)))
    session, _ = session_with([BuiltTerrain("star", ("2215",))], ca=(ca_hex, "A", 0),
                              d7=("4230", "D", 0), shields_down=(1,))
    field = replace(session.combat.battlefield, nova_turn=1, nova_radius=radius)
    return Session(session.initial, replace(session.combat, battlefield=field), session.specs)


def test_p12_51_a_unit_12_hexes_from_the_nova_front_is_in_radiation_but_not_heat():
    # the P12.51 example: 12 hexes from a nova front, a radiation zone and a nebula, not heat
    session = nova_session("2201")  # 14 hexes from the star, the front 2 out: 12 from it
    run(session, plots(0))
    assert [r.impulse for r in events(session, "radiation") if r.data.unit == "CA"] == [
        8, 16, 24, 32]  # P15.11: shield #1 down, a crew unit at each DRI
    assert not [r for r in events(session, "volley") if r.data.get("sources") == ["P10.1"]]


def test_p12_51_within_10_hexes_of_the_front_heat_strikes_a_down_shield():
    session = nova_session("2207")  # 8 from the star: 6 from the front
    run(session, plots(0))
    heat = [r for r in events(session, "volley") if r.data.get("sources") == ["P10.1"]
            and r.data.unit == "CA"]
    assert [r.impulse for r in heat] == [8, 16, 24, 32]


def test_p12_53_clusters_are_cast_each_impulse_and_fly_away_from_the_star():
    from sfb_desk.rules.charts.impulse import impulses_for
    from sfb_desk.rules.hexes import hex_from_label, hex_range

    session = nova_session("4201")
    run(session, plots(0), until=lambda s: s.state.impulse > 6)
    cast = events(session, "cluster_cast")
    last = cast[-1].impulse
    assert [r.impulse for r in cast] == list(range(1, last + 1))  # one an impulse (nova)
    star = hex_from_label("2215")
    first = session.combat.battlefield.clusters[0]  # cast on impulse 1, 2 hexes out
    assert hex_range(star, hex_from_label(cast[0].data.get("hex"))) == 2
    moves = sum(1 for i in impulses_for(20) if 1 < i <= last)  # at speed 20 (C1.4)
    assert first.moves == moves and hex_range(star, first.hex) == 2 + moves


def test_c10_45_a_ship_on_erratic_maneuvers_reads_the_table_at_its_effective_speed():
    save_table(TABLE)
    session, _ = session_with([field("2214")], ca=("2215", "A", 12))
    answers = [At("T1.ea.CA", {"speed_plot": 12, "em": True}),
               At("T1.ea.D7", {"speed_plot": 0}), At("T1.I3.asteroids.CA", [1]),
               At("T1.I1.announce.Federation", {"CA": {"em": "start"}})]  # from impulse 2
    run(session, answers, until=lambda s: bool(events(s, "asteroid_damage")))
    assert session.state.unit("CA").em.active
    (hit,) = events(session, "asteroid_damage")
    assert hit.data.get("speed") == 18  # 12 + the 6 hexes of EM (C10.11, C2.45)
    assert hit.data.get("damage") == 11 and "C10.45" in hit.data.text
