"""The ISC PPD through the sequencer (Module C2 E11; issue 17): a reconstructed ISC
dreadnought fires a PPD volley at a Klingon D7 in the PPD Step, each pulse one volley through
the shields and the DAC, the lock and its loss as E11.31-E11.54 say."""

from __future__ import annotations

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.codec import decode, encode
from sfb_desk.engine.records import Combat
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, play_duel, side_names


@pytest.fixture(scope="module")
def library():
    return load_library()


def _session(library, a="ISC-DN", b="KLI-D7", distance=10, turns=1):
    scenario = duel_scenario(a, b, turns, distance, library)
    setup = units_from_scenario(scenario, library, ids={}, turns=turns, dice_seed=7)
    return Session(setup.state, setup.combat, setup.specs), side_names(library.get(a),
                                                                         library.get(b))


def _events(session, kind):
    return [r for r in session.log if r.kind == "event" and r.data.kind == kind]


def test_a_ppd_volley_miss_lock_and_pulses_through_the_damage_path(library):
    s, (isc, kli) = _session(library)
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    answers = [
        At("T1.ea.ISC-DN", {"speed_plot": 0, "weapons": hold}),
        At("T1.ea.KLI-D7", {"speed_plot": 0}),
        At(f"T1.I1.fire.{isc}", {"ISC-DN": [{"box": "ppd#A", "target": "KLI-D7"}]}),
        At(f"T1.I1.ppd.{isc}", [11]),  # E11.333: the first roll misses, the pulse is lost
        At(f"T1.I2.ppd.{isc}", [4]),  # a 4 locks: pulses 2-4 hit (range 10: 9 or less)
    ]
    s.run(Chain(Scripted(answers), SeededDice(3), Defaults()), limit=400)
    pulses = _events(s, "ppd_pulse")
    assert [(r.impulse, r.data.get("locked"), r.data.get("damage")) for r in pulses] == [
        (1, False, 0), (2, True, 6), (3, True, 6), (4, True, 6)]
    volleys = [r for r in _events(s, "volley") if "ppd#A" in r.data.get("sources")]
    assert [r.impulse for r in volleys] == [2, 3, 4]  # each pulse its own volley (E11.332)
    assert all(r.data.get("damage") == 6 for r in volleys)
    assert "#6/#1/#2" in volleys[0].data.text  # 1+4+1 on the facing shield and its neighbours
    assert _events(s, "ppd_done")[0].data.get("pulses") == 4  # the sealed record revealed
    rec = s.combat.ship("KLI-D7")
    assert rec.shields.strength(1) < library.get("KLI-D7").shields[0]
    fired = _events(s, "ppd_fired")[0]
    assert "sealed" in fired.data.text and "4" not in fired.data.text  # E11.311


def test_a_ppd_cannot_fire_inside_range_3_nor_twice(library):
    s, (isc, _) = _session(library, distance=3)
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    source = Chain(Scripted([At("T1.ea.ISC-DN", {"speed_plot": 0, "weapons": hold}),
                             At("T1.ea.KLI-D7", {"speed_plot": 0})]), Defaults())
    while getattr(s.pending, "kind", None) != "fire":
        s.run(source, limit=1)
    assert s.pending.key == f"T1.I1.fire.{isc}"
    refusal = s.check({"ISC-DN": [{"box": "ppd#A", "target": "KLI-D7"}]})
    assert refusal is not None and refusal.rule == "E11.312"


def test_the_pulse_train_survives_a_save_and_crosses_the_turn(library):
    s, (isc, _) = _session(library, turns=2)
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    answers = [At("T1.ea.ISC-DN", {"speed_plot": 0, "weapons": hold}),
               At("T1.ea.KLI-D7", {"speed_plot": 0}),
               At(f"T1.I31.fire.{isc}", {"ISC-DN": [{"box": "ppd#B", "target": "KLI-D7"}]}),
               At(f"T1.I31.ppd.{isc}", [2]),
               # E11.23: new arming energy while the train still runs
               At("T2.ea.ISC-DN", {"speed_plot": 0, "weapons": [
                   {"box": "ppd#B", "action": "arm", "energy": 4}] + [
                   h for h in hold if h["box"] != "ppd#B"]}),
               At("T2.ea.KLI-D7", {"speed_plot": 0})]
    s.run(Chain(Scripted(answers), SeededDice(3), Defaults()), limit=900)
    assert s.state.turn == 3 or s.finished
    pulses = [(r.turn, r.impulse) for r in _events(s, "ppd_pulse")]
    assert pulses == [(1, 31), (1, 32), (2, 1), (2, 2)]  # the E11.23 example's timing
    again = decode(encode(s.combat), Combat, "combat")
    assert again == s.combat


def test_the_robot_fires_its_ppds(library):
    result = play_duel("ISC-DN", "KLI-D7", seed=1, turns=1, distance=12, library=library)
    session = result.session
    assert _events(session, "ppd_fired")
    assert any("PPD splash" in r.data.text for r in _events(session, "volley"))


def test_a_ppd_at_a_drone_scores_the_centre_element_only(library):
    """E11.353: at a drone a PPD scores only the centre element (4 at range 4-10); E11.37 with
    FD1.52: the drone's 4 extra ECM shift the roll. One pulse destroys a type-I drone and the
    train's lock breaks (E11.542): its other pulses are lost."""
    from sfb_desk.rules.charts.ew import ew_shift
    from sfb_desk.rules.hexes import hex_range

    s, (isc, kli) = _session(library)
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    answers = [
        At("T1.ea.ISC-DN", {"speed_plot": 0, "weapons": hold}),
        At("T1.ea.KLI-D7", {"speed_plot": 0}),
        At(f"T1.I1.launch.{kli}", {"KLI-D7": {"drones": [{"box": "drone#1", "id": "KD1",
                                                           "target": "ISC-DN"}]}}),
    ]
    source = Chain(Scripted(answers), SeededDice(3), Defaults())

    def drone_range():
        drone = s.state.find("KD1")
        return hex_range(drone.hex, s.state.unit("ISC-DN").hex) if drone else None

    while not (s.pending.kind == "fire" and s.pending.side == isc and drone_range() == 6):
        assert s.run(source, limit=1) is None
    s.answer({"ISC-DN": [{"box": "ppd#A", "target": "KD1"}]})
    s.answer({})  # the Klingon fires nothing
    assert s.pending.key.endswith(f"ppd.{isc}")
    s.answer([9 - ew_shift(4)])  # the highest roll that locks at range 6: 9 less the shift
    (pulse,) = [r for r in s.log if r.kind == "event" and r.data.kind == "ppd_pulse"]
    assert pulse.data.get("locked") and pulse.data.get("damage") == 4
    assert s.state.find("KD1") is None or not s.state.find("KD1").active
    s.run(source, limit=60)
    (broken,) = [r for r in s.log if r.kind == "event" and r.data.kind == "ppd_lock_broken"]
    assert broken.data.rule == "E11.542" and broken.data.get("lost") == 3


def test_the_orders_panel_offers_a_ppd_and_a_web_fist(library):
    """The fire orders list (engine/orders/fire_options.py) offers the ISC's PPDs with a 2d6
    pulse at the D7 (E11.32: 6 on 9 or less at range 10) and the NCL's web caster as a fist
    with the energy it stores (E14.31: 2 energy at range 10 is 4)."""
    from sfb_desk.engine.orders.fire_options import OrdersContext, weapon_options

    s, (isc, _) = _session(library)
    hold = [{"box": f"ppd#{b}", "action": "hold"} for b in "ABCD"]
    source = Chain(Scripted([At("T1.ea.ISC-DN", {"speed_plot": 0, "weapons": hold}),
                             At("T1.ea.KLI-D7", {"speed_plot": 0})]), Defaults())
    while s.pending.key != f"T1.I1.fire.{isc}":
        s.run(source, limit=1)
    ctx = OrdersContext(s.state, s.combat, s.specs)
    ppd = next(o for o in weapon_options(ctx, s.state.unit("ISC-DN")) if o.box == "ppd#A")
    assert ppd.not_ready is None
    (target,) = [t for t in ppd.targets if t.target == "KLI-D7"]
    assert target.refusal is None and target.damage == (6,) * 8 + (0,) * 3  # rolls 2..12

    t, (tho, _) = _session(library, "THO-NCL", "KLI-D7")
    source = Chain(Scripted([At("T1.ea.THO-NCL", {"speed_plot": 0}),
                             At("T1.ea.KLI-D7", {"speed_plot": 0})]), Defaults())
    while t.pending.key != f"T1.I1.fire.{tho}":
        t.run(source, limit=1)
    ctx = OrdersContext(t.state, t.combat, t.specs)
    fist = next(o for o in weapon_options(ctx, t.state.unit("THO-NCL"))
                if o.box == "webcaster#W")
    assert fist.not_ready is None
    (target,) = [x for x in fist.targets if x.target == "KLI-D7"]
    assert target.damage == (4, 4, 4, 4, 0, 0)  # E14.22: 1-4 hit at 1-10


def test_e11_354_a_pulse_on_the_conquistadors_two_banks(library):
    """E11.354 through the damage path: a 1+4+1 pulse striking position #2 of the
    reconstructed Conquistador puts the larger side element on the aft panels and the rest
    on the forward panels; on #1 all six go forward."""
    from test_session_panels import _drive, _session as cortez

    from sfb_desk.rules.combat import Hit, VolleyGroup
    from sfb_desk.rules.combat.volley import PPD_STEP

    s = cortez(library)

    def pulse(centre, damage):
        mark = len(s.log)
        hits = tuple(Hit("KRT", "CORTEZ", v, k, None, PPD_STEP, "ppd#A")
                     for k, v in damage.items())
        _drive(s._resolve_volley(VolleyGroup("CORTEZ", PPD_STEP, hits, centre, splash=True)))
        return {r.data.get("bank"): r.data.get("damage") for r in list(s.log)[mark:]
                if r.kind == "event" and r.data.kind == "panels"}

    assert pulse(2, {1: 1, 2: 4, 3: 1}) == {"pa_fwd": 5, "pa_aft": 1}
    assert s.panels("CORTEZ").bank("pa_aft").held == 1
    assert pulse(1, {6: 1, 1: 4, 2: 1}) == {"pa_fwd": 6}
    assert pulse(6, {5: 1, 6: 1}) == {"pa_aft": 1, "pa_fwd": 1}  # 1+1+0: the first 1 aft
