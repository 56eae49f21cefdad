"""Neo-Tholian webs through the sequencer (Module C2 E12-E14; issue 17): a reconstructed
Neo-Tholian light cruiser casts a free-standing web in the Web Caster Stage (6D3); it forms 4
impulses later (E12.55), blocks fire through it (G10.61), catches the Klingon D7 that flies
into it, holds it while it pays movement points, and dissipates 20 impulses after it was cast,
freeing the D7 without giving back the points paid (E12.26)."""

from __future__ import annotations

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.codec import decode, encode
from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, side_names


@pytest.fixture(scope="module")
def library():
    return load_library()


def _session(library, turns=1):
    scenario = duel_scenario("THO-NCL", "KLI-D7", turns, 10, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=turns, dice_seed=5)
    return (Session(setup.state, setup.combat, setup.specs),
            side_names(library.get("THO-NCL"), library.get("KLI-D7")))


def _events(session, kind):
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


def _until(session, source, key):
    while session.pending is not None and session.pending.key != key:
        assert session.run(source, limit=1) is None


def _script(tho, cast, *extra):
    return Chain(Scripted([*extra,
        At("T1.ea.THO-NCL", {"speed_plot": 0}),  # the caster holds 2 from weapon status II
        At("T1.ea.KLI-D7", {"speed_plot": 8}),  # moves on impulses 4, 8, 12, 16, 20 ...
        At(f"T1.I1.fire.{tho}", {"THO-NCL": [cast]}),
    ]), SeededDice(2), Defaults())


def test_a_neo_tholian_web_catches_a_d7(library):
    s, (tho, kli) = _session(library)
    source = _script(tho, {"box": "webcaster#W", "mode": "cast", "hexes": ["2206"]})
    _until(s, source, f"T1.I8.fire.{kli}")
    cast = _events(s, "web_cast")[0]
    # E12.322: status II stores 2 at the start; E12.44: 2 energy in 1 hex at range 6 is 20
    assert cast.impulse == 1 and cast.data.get("strength") == 20
    assert _events(s, "web_formed")[0].impulse == 5  # E12.55: cast on 1, effective on 5
    refusal = s.check({"KLI-D7": [{"box": "phaser#1", "target": "THO-NCL"}]})
    assert refusal is not None and refusal.rule == "G10.61"  # the D7 in 2204: the web between
    s.run(source, limit=2000)
    caught = _events(s, "web_caught")
    assert [(r.data.unit, r.impulse, r.data.get("hex")) for r in caught] == [("KLI-D7", 16, "2206")]
    assert [(r.impulse, r.data.get("paid")) for r in _events(s, "web_pay")] == [(20, 1)]
    freed = _events(s, "web_freed")
    assert [(r.impulse, r.data.get("paid")) for r in freed] == [(21, 1)]  # cast 1 + 20
    moves = [r for r in s.log if r.kind == "answer" and r.key.startswith("T1.I")
             and ".move.KLI-D7" in r.key]
    assert not any(".I20." in r.key for r in moves)  # held on 20: no movement asked
    assert any(".I24." in r.key for r in moves)  # free again: it moves on 24
    assert s.state.unit("KLI-D7").hex.label == "2209"  # free from 21: moves on 24, 28, 32
    again = decode(encode(s.combat), Combat, "combat")
    assert again == s.combat


def test_e12_322_the_starting_charge_by_weapon_status(library):
    from sfb_desk.robot import duel

    for status, stored in ((0, 0), (1, 0), (2, 2), (3, 5)):
        scenario = duel_scenario("THO-NCL", "KLI-D7", 1, 10, library)
        doc = scenario.model_dump(mode="json", exclude_none=True)
        for side in doc["sides"]:
            for unit in side["units"]:
                unit["weapon_status"] = status
        setup = units_from_scenario(type(scenario).model_validate(doc), library, ids={},
                                    turns=1)
        caster = setup.combat.ship("THO-NCL").energy.arming("webcaster#W")
        assert caster.stored_at(1) == stored and caster.stored_at(4) == stored
        assert caster.stored_at(5) == 0  # "added on turn 0", gone after turn 4 (E12.322)
    assert duel.WEAPON_STATUS == 2


def test_a_cast_is_checked_against_the_rules(library):
    s, (tho, kli) = _session(library)
    source = _script(tho, {"box": "webcaster#W", "mode": "cast", "hexes": ["2206"]})
    _until(s, source, f"T1.I1.fire.{tho}")
    bad = {"THO-NCL": [{"box": "webcaster#W", "mode": "cast", "hexes": ["2213"]}]}
    assert s.check(bad).rule == "E12.41"  # astern: out of the caster's arc
    bent = {"THO-NCL": [{"box": "webcaster#W", "mode": "cast", "hexes": ["2106", "2306"]}]}
    assert s.check(bent).rule == "E12.25"
    far = {"THO-NCL": [{"box": "webcaster#W", "mode": "cast", "hexes": ["2201", "2200"]}]}
    assert s.check(far) is None or s.check(far).rule in ("E12.45", "E12.51")


def test_a_web_fist_strikes_in_the_direct_fire_step(library):
    s, (tho, kli) = _session(library)
    source = _script(tho, {"box": "webcaster#W", "target": "KLI-D7", "mode": "fist"},
                     At(f"T1.I1.hits.{tho}", [1]))
    s.run(source, limit=300)
    shot = [r for r in _events(s, "shot") if r.data.get("box") == "webcaster#W"]
    assert shot and shot[0].data.get("damage") == 4  # E14.31: 2 energy at range 10
    assert not _events(s, "web_cast")  # E14.32: a fist lays no web
    volleys = [r for r in _events(s, "volley") if "webcaster#W" in r.data.get("sources")]
    assert volleys and volleys[0].data.get("damage") == 4  # through the damage path


def test_e12_56_a_defending_ship_jams_the_cast(library):
    """E12.56: the D7, 2 hexes from the target hex, is named to jam the cast; its 4 ECM
    against no ECCM give a shift, and a die of 6 reduces the web (E12.564)."""
    from sfb_desk.rules.combat import direct_fire_shift, total_ecm
    from sfb_desk.rules.systems.web_casting import ew_reduction

    s, (tho, kli) = _session(library)
    source = Chain(Scripted([
        At("T1.ea.THO-NCL", {"speed_plot": 0}),
        At("T1.ea.KLI-D7", {"speed_plot": 0, "ecm": 4}),
        At(f"T1.I1.fire.{tho}", {"THO-NCL": [{"box": "webcaster#W", "mode": "cast",
                                               "hexes": ["2204"]}]}),
        At(f"T1.I1.web_ew.THO-NCL.webcaster#W.{kli}", "KLI-D7"),
        At("T1.I1.web_ew_die.webcaster#W.THO-NCL", [6]),
    ]), SeededDice(2), Defaults())
    s.run(source, limit=200)
    shift = direct_fire_shift(total_ecm(4, em=False), 0)
    assert shift > 0
    (ew,) = [r for r in _events(s, "web_ew")]
    assert ew.data.get("shift") == shift and ew.data.get("die") == 6
    assert (shift, ew_reduction(20, 6, shift)) == (2, 10)  # 6 + 2 = 8: half the points
    assert _events(s, "web_cast")[0].data.get("strength") == 10


def test_e13_a_tholian_destroyer_snares_beside_itself(library):
    """E13: the DD's right web generator, refitted as a snare, webs one hex beside it (10
    points, E13.22) from a point of reserve power (E13.211); the web forms 4 impulses later."""
    scenario = duel_scenario("THO-DD", "KLI-D7", 1, 8, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=1, dice_seed=5)
    s = Session(setup.state, setup.combat, setup.specs)
    tho, kli = side_names(library.get("THO-DD"), library.get("KLI-D7"))
    source = Chain(Scripted([At("T1.ea.THO-DD", {"speed_plot": 0}),
                             At("T1.ea.KLI-D7", {"speed_plot": 0})]), SeededDice(2), Defaults())
    _until(s, source, f"T1.I1.fire.{tho}")
    here = s.state.unit("THO-DD").hex.label
    assert here == "2210"  # facing A: right side 2310 and 2311, left 2110 and 2111
    snare = {"box": "web_generator#1", "mode": "snare", "side": "right"}
    for hexes, rule in ((["2209"], "E13.31"), (["2410"], "E13.212"),
                        (["2310", "2311", "2110"], "E13.22")):
        assert s.check({"THO-DD": [{**snare, "hexes": hexes}]}).rule == rule
    assert s.check({"THO-DD": [{**snare, "box": "web_generator#3", "hexes": ["2310"]}]}
                   ).rule == "E13.11"
    before = s.combat.ship("THO-DD").energy.reserve_used
    s.answer({"THO-DD": [{**snare, "hexes": ["2310"]}]})
    assert s.combat.ship("THO-DD").energy.reserve_used - before == 1  # E13.211
    _until(s, source, f"T1.I12.fire.{tho}")
    again = {**snare, "side": "left", "hexes": ["2110"]}
    assert s.check({"THO-DD": [again]}).rule == "E13.24"  # once a turn
    assert s.check({"THO-DD": [{**again, "box": "web_generator#2"}]}) is None  # the other one
    s.run(source, limit=300)
    cast = _events(s, "web_cast")[0]
    assert (cast.impulse, cast.data.get("strength"), cast.data.get("hexes")) == (1, 10, ["2310"])
    assert _events(s, "web_formed")[0].impulse == 5


def test_a_game_with_a_web_and_a_ppd_train_saves_and_replays(library, tmp_path):
    """The webs and the pulse trains are part of the saved game (Combat.c2): a save made with
    the D7 caught replays to the same state."""
    from sfb_desk.data.saves import load_game, save_game

    s, (tho, kli) = _session(library)
    source = _script(tho, {"box": "webcaster#W", "mode": "cast", "hexes": ["2206"]})
    _until(s, source, f"T1.I18.fire.{kli}")
    assert s.combat.c2.webs.caught
    path = save_game(tmp_path / "web.sfbsave", s)
    again = load_game(path)
    assert again.combat == s.combat and again.state == s.state
    assert again.combat.c2.webs.holding("KLI-D7") is not None


def test_the_robot_names_a_ship_to_jam_a_web(library):
    """E12.562: the robot's side names its ship within 3 hexes of the cast (it costs
    nothing); the D7's ECM then reduces the web."""
    from sfb_desk.robot import Robot

    s, (tho, kli) = _session(library)
    source = Chain(Scripted([
        At("T1.ea.THO-NCL", {"speed_plot": 0}),
        At("T1.ea.KLI-D7", {"speed_plot": 0, "ecm": 4}),
        At(f"T1.I1.fire.{tho}", {"THO-NCL": [{"box": "webcaster#W", "mode": "cast",
                                               "hexes": ["2204"]}]}),
    ]), SeededDice(2), Defaults())
    robot = Robot(kli, "captain", 1)
    while not s.pending.key.startswith(f"T1.I1.web_ew.THO-NCL"):
        s.run(source, limit=1)
    assert robot.answer(s.pending, s)[0] == "KLI-D7"


def test_the_robot_fires_a_web_fist(library):
    """The robot fires its web caster as a fist inside 10 hexes (E14.22, E14.31); it starts
    at 5 hexes, inside the band where it would rather cast a web (robot/webs.py)."""
    from sfb_desk.robot.duel import play_duel

    result = play_duel("THO-NCL", "KLI-D7", seed=1, turns=1, distance=5, library=library)
    fists = [r for r in _events(result.session, "shot") if r.data.get("box") == "webcaster#W"]
    assert fists and fists[0].data.get("range") <= 10


def test_e12_563_natural_ecm_at_the_target_hexes_counts(library, monkeypatch):
    """E12.563: natural ECM is taken at the target hexes (the worst one), not at the
    defending ship: sunspots' 8 points over 2204 against no ECCM."""
    from sfb_desk.rules.combat import direct_fire_shift, total_ecm

    s, (tho, kli) = _session(library)
    seen = []

    def natural(a, b):
        seen.append(b.label)
        return 8 if b.label == "2204" else 0

    monkeypatch.setattr(s, "_natural_ecm", natural)
    source = Chain(Scripted([
        At("T1.ea.THO-NCL", {"speed_plot": 0}),
        At("T1.ea.KLI-D7", {"speed_plot": 0}),
        At(f"T1.I1.fire.{tho}", {"THO-NCL": [{"box": "webcaster#W", "mode": "cast",
                                               "hexes": ["2204"]}]}),
        At(f"T1.I1.web_ew.THO-NCL.webcaster#W.{kli}", "KLI-D7"),
        At("T1.I1.web_ew_die.webcaster#W.THO-NCL", [1]),
    ]), SeededDice(2), Defaults())
    s.run(source, limit=200)
    (ew,) = _events(s, "web_ew")
    assert "2204" in seen and ew.data.get("shift") == direct_fire_shift(total_ecm(0, natural=8))
