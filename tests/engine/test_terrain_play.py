"""Terrain acting in play through the sequencer (Advanced Missions P9-P15): dust by speed
(P13.1, P13.2), heat (P10.1), radiation (P15.11), gravity waves moving and striking (P9.2,
P9.31, P9.32) and ion storms (P14.1-P14.3). Each test builds a practice scenario with the
terrain, plays it with fixed answers and reads the log."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from sfb_desk.data.custom_setup import UnitEntry, setup_from_entries
from sfb_desk.data.library import load_library
from sfb_desk.data.scenario_builder import BuiltScenario, BuiltTerrain, check_built
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.hexes import hex_from_label, hex_range
from sfb_desk.rules.systems.terrain import black_hole_wave_force
from sfb_desk.rules.systems.terrain import dust_damage
from sfb_desk.rules.systems.terrain.effects import DUST_TABLE

H = hex_from_label


@lru_cache(maxsize=1)
def ships():
    return load_library()


def session_with(terrain, *, ca=("2215", "A", 20), d7=("4230", "D", 0), turns=1,
                 shields_down=()):
    units = (UnitEntry("FED-CA", "CA", "Federation", ca[0], ca[1], ca[2], 2),
             UnitEntry("KLI-D7", "D7", "Klingon", d7[0], d7[1], d7[2], 2))
    scenario = check_built(BuiltScenario("Terrain test", units, turns=turns,
                                         terrain=tuple(terrain)), ships())
    assert not isinstance(scenario, list), scenario
    setup = setup_from_entries(list(units), ships(), turns=turns, dice_seed=1,
                               scenario=scenario)
    combat = setup.combat
    if shields_down:  # shields knocked down before play: every box of each listed shield gone
        record = combat.ship("CA")
        shields = record.shields
        boxes = tuple(0 if k + 1 in shields_down else b for k, b in enumerate(shields.boxes))
        combat = replace(combat, ships=tuple(
            replace(r, shields=replace(shields, boxes=boxes)) if r.id == "CA" else r
            for r in combat.ships))
    return Session(setup.state, combat, setup.specs), scenario


def events(session, *kinds):
    return [r for r in session.log if r.kind == "event" and r.data.kind in kinds]


def run(session, answers, *, until=None, seed=3):
    script = Chain(Scripted(answers), Defaults(), SeededDice(seed))
    while session.pending is not None and not (until and until(session)):
        session.run(script, limit=1)


def plots(speed_ca, speed_d7=0, turns=(1,)):
    return [At(f"T{t}.ea.{u}", {"speed_plot": s}) for t in turns
            for u, s in (("CA", speed_ca), ("D7", speed_d7))]


def dust_volleys(session):
    return [r for r in events(session, "volley") if r.data.get("sources") == ["P13.2"]]


def test_p13_2_dust_at_speed_20_strikes_on_impulses_10_20_30():
    # P13.2: "a ship moving at speed 20 would take one point of damage on impulses 10, 20 and 30"
    session, _ = session_with([BuiltTerrain("dust", ())], ca=("2225", "A", 20))
    run(session, plots(20))
    hits = dust_volleys(session)
    assert [(r.impulse, r.data.get("damage")) for r in hits] == [(10, 1), (20, 1), (30, 1)]
    assert all(r.data.unit == "CA" for r in hits)  # the D7 at speed 0 takes nothing (P13.1)
    assert all(r.data.get("shield") == 1 for r in hits)  # facing A, moving ahead: shield #1


def test_p13_1_dust_by_speed_follows_the_table_for_every_listed_speed():
    for speed in (9, 13, 26):
        session, _ = session_with([BuiltTerrain("dust", ())], ca=("2228", "A", speed))
        run(session, plots(speed))
        got = [r.impulse for r in dust_volleys(session)]
        assert got == [i for i in DUST_TABLE if dust_damage(speed, i)], speed


def test_p13_5_intense_dust_doubles_and_dust_given_by_hexes_only_acts_there():
    session, _ = session_with([BuiltTerrain("intense_dust", ("2215",))], ca=("2215", "A", 20))
    run(session, plots(20))
    # at speed 20 the cruiser has left 2215 long before impulse 10: no dust damage at all
    assert dust_volleys(session) == []
    session, _ = session_with([BuiltTerrain("intense_dust", ())], ca=("2225", "A", 20))
    run(session, plots(20))
    assert [r.data.get("damage") for r in dust_volleys(session)] == [2, 2, 2]


def test_p10_1_heat_one_point_per_down_shield_at_each_dri():
    session, _ = session_with([BuiltTerrain("heat_zone", ())], ca=("2215", "A", 0),
                              shields_down=(3, 4))
    run(session, plots(0))
    heat = [r for r in events(session, "volley") if r.data.get("sources") == ["P10.1"]]
    assert [(r.impulse, r.data.get("shield")) for r in heat] == [
        (i, k) for i in (8, 16, 24, 32) for k in (3, 4)]
    assert all(r.data.unit == "CA" and r.data.get("damage") == 1 for r in heat)  # D7: shields up


def test_p15_11_radiation_kills_a_crew_unit_each_dri_while_a_shield_is_down():
    session, _ = session_with([BuiltTerrain("radiation_zone", ())], ca=("2215", "A", 0),
                              shields_down=(2,))
    run(session, plots(0))
    dead = events(session, "radiation")
    assert [(r.impulse, r.data.unit) for r in dead] == [(8, "CA"), (16, "CA"), (24, "CA"), (32, "CA")]
    assert session.combat.ship("CA").crew_units_lost == 4
    assert session.combat.ship("D7").crew_units_lost == 0  # every shield up: no effect


def test_p9_2_a_gravity_wave_moves_a_hex_an_impulse_and_strikes_p9_31_p9_32():
    # The P9.31 example: a ship in 1813 facing F, the wave in 1713-1812 moving C-D: shields
    # #1 and #2 take it, and the ship turns to face E (P9.32). Here the wave starts one row
    # behind (1612-1811), is in 1713-1812 after impulse 1 and enters the ship's hex on 2.
    wave = BuiltTerrain("gravity_wave", ("1612", "1811"), strength=21, motion="C/D")
    session, scenario = session_with([wave], ca=("1813", "F", 0), d7=("4230", "D", 0))
    start = session.combat.battlefield.terrain.hexes_of("gravity_wave")
    assert {H("1612"), H("1811")} <= start and H("1813") not in start
    answers = plots(0) + [At("T1.I2.wave.odd.CA", "shield 2")]
    run(session, answers, until=lambda s: ".I1.fire." in getattr(s.pending, "key", ""))
    assert {H("1713"), H("1812")} <= session.combat.battlefield.terrain.hexes_of("gravity_wave")
    run(session, answers, until=lambda s: s.state.impulse > 3)
    (hit,) = events(session, "gravity_wave")
    assert (hit.impulse, hit.data.unit, hit.data.get("shields")) == (2, "CA", [1, 2])
    assert hit.data.get("damage") == [10, 11]  # the owner put the odd point on #2 (P9.31)
    volleys = [r for r in events(session, "volley") if r.impulse == 2 and r.data.unit == "CA"]
    assert [(r.data.get("shield"), r.data.get("damage")) for r in volleys] == [(1, 10), (2, 11)]
    assert session.state.unit("CA").facing == 4  # E (P9.32)
    now = session.combat.battlefield.terrain.hexes_of("gravity_wave")
    assert H("1813") not in now and len(now) > 20  # moved on, still edge to edge


def test_p9_2_a_wave_leaves_the_map():
    wave = BuiltTerrain("gravity_wave", ("4101", "4102"), strength=10, motion="B/C")
    session, _ = session_with([wave], ca=("2215", "A", 0), d7=("0101", "D", 0))
    run(session, plots(0), until=lambda s: s.state.impulse > 4)
    assert [r.impulse for r in events(session, "wave_gone")] == [2]
    assert not session.combat.battlefield.terrain.has("gravity_wave")


def test_p14_ion_storm_rolls_its_waves_direction_and_the_sunspots_and_is_radiation():
    session, _ = session_with([BuiltTerrain("ion_storm", ())], ca=("2215", "A", 0),
                              shields_down=(1,), turns=2)
    answers = plots(0, turns=(1, 2)) + [
        At("T1.storm.direction.ion_storm", [4]),  # D/E: from the upper right
        At("T1.storm.sunspots.ion_storm", [2]), At("T2.storm.sunspots.ion_storm", [5])]
    run(session, answers)
    (direction,) = events(session, "ion_storm_waves")
    assert direction.data.get("motion") == "D/E"
    assert [r.data.get("effects") for r in events(session, "ion_storm")] == [
        ["P11.2"], ["P11.1", "P11.2", "P11.3"]]  # P14.3
    assert [(r.turn, r.impulse) for r in events(session, "wave_enters")] == [(1, 1), (2, 1)]
    waves = events(session, "gravity_wave")  # 10-point waves (P14.2) reach the cruiser
    assert waves and all(sum(r.data.get("damage")) == 10 for r in waves)
    assert len(events(session, "radiation")) == 8  # P14.1: a radiation zone, shield #1 down


def test_p9_4_a_black_hole_ring_strikes_by_the_p9_42_table_and_p9_43_corners():
    hole = BuiltTerrain("black_hole", ("2215",), strength=100)
    # the D7 two hexes straight up (a corner of the ring), the CA three hexes off a corner
    session, _ = session_with([hole], ca=("2413", "A", 0), d7=("2213", "A", 0), turns=5)
    session = Session(replace(session.initial, turn=5), session.initial_combat, session.specs)
    run(session, plots(0, turns=(5,)) + [At("T5.I3.wave.odd.CA", "shield 5")],
        until=lambda s: s.state.impulse > 4)
    corner, side = events(session, "gravity_wave")
    assert (corner.impulse, corner.data.unit, corner.data.rule) == (2, "D7", "P9.43")
    assert corner.data.get("shields") == [3, 4, 5] and corner.data.get("damage") == [30, 30, 30]
    assert session.state.unit("D7").facing == 0  # no turn on a corner (P9.43)
    assert (side.impulse, side.data.unit, side.data.get("strength")) == (3, "CA", 81)
    assert sorted(side.data.get("damage")) == [40, 41]  # P9.42: 81 on impulse 3
    (ring,) = [f for f in session.combat.battlefield.terrain.features if f.rule == "P9.41"]
    radius = {hex_range(h, H("2215")) for h in ring.hexes}
    assert len(radius) == 1 and len(ring.hexes) == 6 * min(radius)  # the whole ring, drawn
    assert ring.strength == black_hole_wave_force(min(radius))


def test_p9_4_no_ring_but_every_tenth_turn_from_turn_5():
    hole = BuiltTerrain("black_hole", ("2215",), strength=100)
    session, _ = session_with([hole], ca=("2413", "A", 0), d7=("2213", "A", 0), turns=6)
    session = Session(replace(session.initial, turn=6), session.initial_combat, session.specs)
    run(session, plots(0, turns=(6,)))
    assert events(session, "gravity_wave") == []


def _phaser_shift(terrain, answers=()):
    session, _ = session_with(terrain, ca=("2215", "A", 0), d7=("2210", "D", 0))
    fire = [At("T1.I1.fire.Federation", {"CA": [{"box": "phaser#1", "target": "D7"}]}),
            At("T1.I1.shot.CA.phaser#1.D7", [4])]
    run(session, plots(0) + fire + list(answers),
        until=lambda s: [r for r in events(s, "shot") if r.data.unit == "CA"])
    (shot,) = [r for r in events(session, "shot") if r.data.unit == "CA"]
    return shot.data.get("shift")


def test_p13_4_dust_and_p11_3_p14_3_storm_jamming_are_natural_ecm_on_a_shot():
    from sfb_desk.rules.combat.ew import ew_shift

    assert _phaser_shift([]) == 0
    assert _phaser_shift([BuiltTerrain("dust", ())]) == ew_shift(1)  # P13.4: one point
    # outside firing in: only the target's hex is in the dust cloud
    assert _phaser_shift([BuiltTerrain("dust", ("2210",))]) == ew_shift(1)
    assert _phaser_shift([BuiltTerrain("sunspots", ())]) == ew_shift(8)  # P11.3
    storm = [BuiltTerrain("ion_storm", (), motion="A/B")]
    assert _phaser_shift(storm, [At("T1.storm.sunspots.ion_storm", [3])]) == ew_shift(8)
    assert _phaser_shift(storm, [At("T1.storm.sunspots.ion_storm", [1])]) == 0  # P11.1 only


def test_p15_6_in_a_radiation_zone_weapons_reach_25_hexes():
    from sfb_desk.rules.results import Refusal

    for terrain, refused in (([BuiltTerrain("radiation_zone", ())], True),
                             ([BuiltTerrain("ion_storm", (), motion="A/B")], True), ([], False)):
        session, _ = session_with(terrain, ca=("0215", "A", 0), d7=("2815", "D", 0))
        run(session, plots(0), until=lambda s: getattr(s.pending, "key", "")
            == "T1.I1.fire.Federation")
        verdict = session.check({"CA": [{"box": "phaser#1", "target": "D7"}]})
        assert isinstance(verdict, Refusal) is refused, verdict
        if refused:
            assert verdict.rule == "P15.6" and "26 away" in verdict.message


def with_drones_of(session, year):
    """The D7's racks loaded with the drones of ``year`` (FD10.65: fast drones from Y180)."""
    from sfb_desk.rules.seeking import make_rack

    combat = session.combat
    spec = session.specs[combat.ship("D7").spec_id]
    racks = tuple(make_rack("D7", w, year=year) for w in spec.weapons if w.family == "drone")
    combat = replace(combat, seeking=replace(combat.seeking, racks=racks))
    return Session(session.initial, combat, session.specs)


def test_p13_3_dust_strikes_a_drone_at_its_speed_minus_10():
    # a drone counts as its speed minus 10 in dust (P13.3): a fast drone (32) as speed 22, hit
    # on impulses 10 and 20 (19-22, 19+), not on 5, 15 and 25 where a speed-32 ship is (29+,
    # 23+, 26+); a moderate one (12) as speed 2, never hit (a speed-12 ship is hit on 15)
    for year, speed, impulses in ((185, 32, [10, 20]), (150, 12, [])):
        session, _ = session_with([BuiltTerrain("dust", ())], ca=("2201", "D", 0),
                                  d7=("2230", "A", 0))
        session = with_drones_of(session, year)
        launch = At("T1.I1.launch.Klingon", {"D7": {"drones": [
            {"box": "drone#1", "id": "D7-D1", "target": "CA", "index": 0}]}})
        run(session, plots(0) + [launch], until=lambda s: s.state.impulse > 25)
        drone = session.state.unit("D7-D1")
        assert drone.speed == speed and drone.active
        hits = [r for r in events(session, "dust") if r.data.unit == "D7-D1"]
        assert [r.impulse for r in hits] == impulses
        assert all(r.data.get("damage") == 1 and r.data.rule == "P13.3" for r in hits)
        damaged = [r for r in events(session, "seeker_damaged") if r.data.unit == "D7-D1"]
        assert [r.data.get("damage") for r in damaged] == list(range(1, len(impulses) + 1))
    assert not dust_volleys(session)  # the ships stand still: speed 0 takes nothing


def test_p13_3_dust_weakens_plasma_as_phaser_damage():
    from sfb_desk.engine.terrain_steps import DUST_AS_PHASER
    from sfb_desk.rules.seeking.defense import is_phaser

    assert is_phaser(DUST_AS_PHASER)  # FP1.611: only phaser damage weakens a torpedo
