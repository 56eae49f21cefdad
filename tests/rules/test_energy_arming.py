"""The weapon arming state machine, turn to turn (reference G7, G4.4; seed 002 E9, E11, E12)."""

from __future__ import annotations

from fractions import Fraction as F

from sfb_desk.rules.energy.allocation import WeaponOrder as O
from sfb_desk.rules.energy.arming import WeaponArming, end_turn, photon_warhead, ppd_pulses, suicide_warhead
from sfb_desk.rules.energy.arming_step import advance, step
from sfb_desk.rules.energy.options import EnergyOptions


def run(state, *orders, fired_on=None):
    """Apply one order per turn; return the steps (fire on turn ``fired_on``)."""
    out = []
    for turn, order in enumerate(orders, start=1):
        s = step(state, order, turn=turn)
        out.append(s)
        state = end_turn(s.state, fired=turn == fired_on, turn=turn)
    return out, state


def rules(s):
    return [i.rule for i in s.issues if i.is_error]


def test_photon_two_turns_then_hold():
    w = WeaponArming("photon#A", "PHOTON")
    steps, after = run(w, O("photon#A"), O("photon#A"), O("photon#A", "hold"))
    assert [s.energy for s in steps] == [2, 2, 1]
    assert [s.warp for s in steps] == [2, 2, 0]  # E4.23: arming is warp, holding is not
    assert steps[1].state.complete and photon_warhead(steps[1].state) == 8
    assert after.complete and after.held == 1


def test_photon_partly_armed_cannot_be_held():
    s = step(WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2),)), O("photon#A", "hold"))
    assert rules(s) == ["E4.22"]


def test_photon_overload_on_final_turn_and_on_held_torpedo():
    w = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2),))
    s = step(w, O("photon#A", overload=True, energy=F(9, 2)))
    assert not s.issues and s.state.overload and s.warp == F(9, 2)
    assert photon_warhead(s.state) == 13  # 2 x 6.5 (E4.413)
    held = end_turn(s.state)
    # Overloaded hold: 2 by default (decisions.md, E4.42) ...
    assert step(held, O("photon#A", "hold")).energy == 2
    # ... or 1 with the option.
    assert step(held, O("photon#A", "hold"), options=EnergyOptions(photon_overload_hold=F(1))
                ).energy == 1
    # A held standard torpedo may be overloaded: hold 1 + up to 4 more warp (E4.412).
    std = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2), F(2)), complete=True)
    s = step(std, O("photon#A", "hold", overload=True, energy=F(5)))
    assert not s.issues and s.energy == 5 and s.warp == 4 and photon_warhead(s.state) == 16
    assert rules(step(std, O("photon#A", "hold", overload=True, energy=F(6)))) == ["E4.412"]


def test_photon_overload_limits():
    w = WeaponArming("photon#A", "PHOTON")
    assert rules(step(w, O("photon#A", overload=True))) == ["E4.411"]  # not on turn 1
    two = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2),))
    assert rules(step(two, O("photon#A", overload=True, energy=F(7)))) == ["E4.411"]


def test_partly_armed_photon_lost_without_energy():
    w = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2),))
    s = step(w, None)
    assert s.state.empty and s.energy == 0
    assert [i.rule for i in s.issues] == ["E1.24"] and not s.issues[0].is_error


def test_disruptor_one_turn_no_hold():
    w = WeaponArming("disruptor#A", "DISRUPTOR")
    s = step(w, O("disruptor#A"))
    assert s.energy == 2 and s.warp == 0 and s.state.complete
    assert end_turn(s.state).empty  # E3.24: the charge is lost at the end of the turn
    assert step(w, O("disruptor#A", overload=True)).energy == 4  # E3.52
    armed = WeaponArming("disruptor#A", "DISRUPTOR", "DISRUPTOR", (F(2),), complete=True)
    assert rules(step(armed, O("disruptor#A", "hold"))) == ["E3.24"]


def test_plasma_s_cycle_hold_and_enveloping():
    w = WeaponArming("plasma#A", "PLASMA-S")
    steps, after = run(w, O("plasma#A"), O("plasma#A"), O("plasma#A"), O("plasma#A", "hold"))
    assert [s.energy for s in steps] == [2, 2, 4, 2]
    assert after.complete
    two = WeaponArming("plasma#A", "PLASMA-S", "PLASMA-S", (F(2), F(2)))
    env = step(two, O("plasma#A", enveloping=True))
    assert env.energy == 8 and env.state.enveloping  # FP5: final turn doubled


def test_plasma_rolling_delay():
    two = WeaponArming("plasma#A", "PLASMA-S", "PLASMA-S", (F(2), F(2)))
    s = step(two, O("plasma#A", "roll"))
    assert s.energy == 2 and s.state.rolling and not s.state.complete
    rolled = end_turn(s.state)
    again = step(rolled, O("plasma#A", "roll"))
    assert again.energy == 2 and not again.issues
    done = step(rolled, O("plasma#A"))
    assert done.energy == 4 and done.state.complete
    assert rules(step(WeaponArming("plasma#A", "PLASMA-S"), O("plasma#A", "roll"))) == [
        "FP1.221"]
    f = WeaponArming("plasma#A", "PLASMA-F", "PLASMA-F", (F(1), F(1)))
    assert step(f, O("plasma#A", "roll")).energy == 1


def test_plasma_r_cannot_be_held_and_f_in_an_s_launcher():
    r = WeaponArming("plasma#A", "PLASMA-R", "PLASMA-R", (F(2), F(2), F(5)), complete=True)
    assert rules(step(r, O("plasma#A", "hold"))) == ["FP2.51"]
    assert end_turn(r).empty
    f = step(WeaponArming("plasma#A", "PLASMA-S"), O("plasma#A", mode="PLASMA-F"))
    assert f.energy == 1 and f.state.mode == "PLASMA-F"
    assert rules(step(WeaponArming("plasma#A", "PLASMA-S"), O("plasma#A", mode="PLASMA-R"))
                 ) == ["FP2.1"]


def test_fusion_hold_needs_the_refit_option():
    armed = WeaponArming("fusion#A", "FUSION", "FUSION", (F(2),), complete=True)
    assert rules(step(armed, O("fusion#A", "hold"))) == ["E7.23"]
    assert end_turn(armed).empty
    opts = EnergyOptions(fusion_hold=True)
    assert step(armed, O("fusion#A", "hold"), options=opts).energy == 1
    assert end_turn(armed, options=opts) == armed
    over = WeaponArming("fusion#A", "FUSION", "FUSION", (F(4),), complete=True, overload=True)
    assert rules(step(over, O("fusion#A", "hold"), options=opts)) == ["E7.412"]
    suicide = step(WeaponArming("fusion#A", "FUSION"), O("fusion#A", overload=True,
                                                        mode="suicide"))
    assert suicide.energy == 7 and not suicide.issues  # E7.42


def test_hellbore_rolling_delay_and_overload():
    w = WeaponArming("hellbore#A", "HELLBORE")
    one = advance(w, O("hellbore#A"))
    assert one.energies == (3,)
    roll = step(end_turn(one), O("hellbore#A", "roll"))
    assert roll.energy == 3 and roll.state.rolling
    over = step(end_turn(one), O("hellbore#A", overload=True))
    assert over.energy == 6 and over.state.overload
    assert end_turn(over.state).empty  # E10.22: not held


def test_tr_beams():
    """E9.2131-E9.2134, E9.22."""
    h = WeaponArming("tr#A", "TR-H")
    s1 = step(h, O("tr#A"))
    assert s1.energy == 3
    s2 = step(end_turn(s1.state), O("tr#A", energy=F(2)))
    assert s2.state.complete and s2.state.mode == "TR-L"  # 3 then 2 fires as a TRL
    s2b = step(end_turn(s1.state), O("tr#A"))
    assert s2b.state.mode == "TR-H"
    # Not fired: the second turn's energy starts a new cycle (rolling delay, E9.22).
    rolled = end_turn(s2b.state)
    assert rolled.energies == (3,) and not rolled.complete
    light = WeaponArming("tr#B", "TR-L")
    assert rules(step(light, O("tr#B", energy=F(3)))) == ["E9.213"]
    assert rules(step(light, O("tr#B", mode="TR-H"))) == ["E9.213"]
    assert rules(step(s2b.state, O("tr#A", "hold"))) == ["E9.22"]


def test_ppd_underload_overload_and_hold():
    """E11.25, E11.61, E11.612, E11.62, E11.65 (seed 002)."""
    w = WeaponArming("ppd#A", "PPD")
    s1 = step(w, O("ppd#A"))
    assert s1.energy == 4
    s2 = step(end_turn(s1.state), O("ppd#A", energy=F(8)))
    assert s2.state.overload and ppd_pulses(s2.state) == 6  # 4 + 8 -> 6 pulses
    s2b = step(end_turn(s1.state), O("ppd#A", energy=F(6)))
    assert s2b.state.overload and ppd_pulses(s2b.state) == 5  # E11.612
    under = step(end_turn(step(w, O("ppd#A", energy=F(2))).state), O("ppd#A", energy=F(4)))
    assert not under.state.overload and ppd_pulses(under.state) == 3
    assert rules(step(w, O("ppd#A", energy=F(5)))) == ["E11.25"]  # at most 4 on turn 1
    assert rules(step(w, O("ppd#A", energy=F(1)))) == ["E11.25"]  # at least 2
    assert rules(step(s2.state, O("ppd#A", "hold"))) == ["E11.62"]
    assert end_turn(s2.state).empty  # an overload is not held over (E11.62)
    normal = step(end_turn(s1.state), O("ppd#A")).state
    assert step(end_turn(normal), O("ppd#A", "hold")).energy == 2  # E11.22


def test_web_caster_store_lasts_five_turns():
    """E12.32: 2 on turn 1 and 3 on turn 4 -> 5 stored on turns 4-5, 3 on 6-8, none on 9."""
    w = WeaponArming("webcaster#A", "WEB-CASTER")
    w = step(w, O("webcaster#A", energy=F(2)), turn=1).state
    for turn in (1, 2, 3):
        w = end_turn(w, turn=turn)
    w = step(w, O("webcaster#A", energy=F(3)), turn=4).state
    stored = {}
    for turn in range(4, 10):
        stored[turn] = w.stored_at(turn)
        w = end_turn(w, turn=turn)
    assert stored == {4: 5, 5: 5, 6: 3, 7: 3, 8: 3, 9: 0}
    full = WeaponArming("webcaster#A", "WEB-CASTER", store=((1, F(5)),))
    assert rules(step(full, O("webcaster#A", energy=F(1)), turn=2)) == ["E12.31"]
    assert rules(step(full, O("webcaster#A", "hold"), turn=2)) == ["E12.321"]


def test_displacement_device_warp_and_hold_limit():
    w = WeaponArming("dd#A", "DISPLACEMENT")
    s = step(w, O("dd#A"))
    assert s.warp == 2  # G18.21: warp only
    held = WeaponArming("dd#A", "DISPLACEMENT", "DISPLACEMENT", (F(2), F(2)), complete=True,
                        held=25)
    assert rules(step(held, O("dd#A", "hold"))) == ["G18.21"]


def test_probes_and_shuttles():
    p = WeaponArming("probe#1", "PROBE")
    assert step(p, O("probe#1")).energy == 1
    assert step(p, O("probe#1", mode="weapon")).energy == 2
    s = WeaponArming("shuttle#1", "SHUTTLE")
    assert rules(step(s, O("shuttle#1"))) == ["J2.22"]
    steps, after = run(s, O("shuttle#1", mode="suicide"), O("shuttle#1", mode="suicide"),
                       O("shuttle#1", mode="suicide"), O("shuttle#1", "hold"))
    assert [x.warp for x in steps[:3]] == [3, 3, 3] and suicide_warhead(after) == 18
    assert rules(step(s, O("shuttle#1", mode="suicide", energy=F(4)))) == ["J2.221"]
    ww = step(s, O("shuttle#1", mode="wild-weasel"))
    assert ww.energy == 1 and ww.warp == 0


def test_phasers_drones_and_destroyed_weapons_take_no_orders():
    assert rules(step(WeaponArming("phaser#1", "PH-1"), O("phaser#1"))) == ["H6.0"]
    assert rules(step(WeaponArming("drone#1", "DRONE"), O("drone#1"))) == ["FD2.421"]
    s = step(WeaponArming("photon#A", "PHOTON"), O("photon#A"), destroyed=True)
    assert rules(s) == ["D4.0"] and s.energy == 0


def test_fired_weapon_is_empty_next_turn():
    armed = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2), F(2)), complete=True)
    assert end_turn(armed, fired=True).empty
    assert end_turn(armed, destroyed=True).empty
