"""The worked examples of the seeds that involve energy, as tests.

S0 = seeds/000_b288a58a8a5f6daf.txt (Advanced Missions), S2 = seeds/002_7131915fa8127d82.txt
(Module C2). Each test names its rule and the lines it reproduces.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import Allocation, WeaponOrder, check, errors, initial_state
from sfb_desk.rules.energy import absorbers as pa
from sfb_desk.rules.energy.arming import WeaponArming, end_turn, ppd_pulses
from sfb_desk.rules.energy.arming_step import step
from sfb_desk.rules.energy.costs import sfg_cost
from sfb_desk.rules.energy.d22 import (
    Progress,
    classify,
    general_check,
    max_speed_now,
    remaining_hexes,
    warp_check,
)
from sfb_desk.rules.energy.ledger import pa_cost, plot_hexes
from sfb_desk.rules.ship import ShipSpec, Weapon


@pytest.fixture(scope="module")
def lib():
    return load_library()


def rules_of(allocation, spec, state):
    return [i.rule for i in errors(check(allocation, spec, state)[1])]


# ---------------------------------------------------------------------------------------------
# C10 erratic maneuvers (S0 L480-682)


def test_c10_6_frigate_continuing_em_must_pay(lib):
    """C10.6 (S0 L674-682) with C10.313: a frigate at speed 12 that announced on impulse #32
    that it continues EM must pay EM in the next energy allocation: 6 hexes x 1/3 = 2."""
    ff = lib.get("FED-FF")
    state = replace(initial_state(ff, turn=2), em_carried=True)
    base = Allocation("FED-FF", turn=2, speed_plot=((1, 12),), impulse_hexes=1)
    assert "C10.313" in rules_of(base, ff, state)
    paid = replace(base, em=True)
    led, issues = check(paid, ff, state)
    assert not errors(issues) and led.costs["em"] == 2  # C10.11
    assert led.costs["speed_plot"] == F(11, 3) + 1  # 11 warp hexes at 1/3, one impulse hex


def test_c10_12_nimble_and_c10_112_impulse(lib):
    """C10.12: a nimble ship pays 3 hexes; C10.112: an impulse point is one EM hex whatever
    the movement cost."""
    pc = lib.get("THO-PC")  # nimble, movement cost 1/3
    led = check(Allocation("THO-PC", em=True), pc, initial_state(pc))[0]
    assert led.costs["em"] == 1
    ca = lib.get("FED-CA")
    led = check(Allocation("FED-CA", em=True, em_impulse_hexes=2), ca, initial_state(ca))[0]
    assert led.costs["em"] == 6 and led.movement_warp == 4 and led.impulse_only == 2


# ---------------------------------------------------------------------------------------------
# C12 changing speed in mid-turn (S0 L734-933)


def test_c12_10_plot_example():
    """C12.10 (S0 L748): speed 8 to impulse #9 (2 hexes), then 18 from #10 (13 more) = 15."""
    plot = ((1, 8), (10, 18))
    assert plot_hexes(plot, 1, 9) == 2 and plot_hexes(plot) == 15


def test_c12_21_total_cost(lib):
    """C12.21 (S0 L777): 28, down to 27 on #9, back to 28 on #18: 29 hexes, all paid."""
    plot = ((1, 28), (9, 27), (18, 28))
    assert plot_hexes(plot) == 29
    ca = lib.get("FED-CA")
    a = Allocation("FED-CA", speed_plot=plot, impulse_hexes=1)
    led, issues = check(a, ca, initial_state(ca))
    assert led.costs["speed_plot"] == 29 and not errors(issues)


def test_c12_24_plotted_half_turn_increase():
    """C12.24 (S0 L789): speed 10 for the first half, 20 for the second: 15 movement points."""
    assert plot_hexes(((1, 10), (17, 20))) == 15


def test_c12_12_and_c12_32_example_plots_are_legal(lib):
    """C12.12 (S0 L768) and C12.32 (S0 L851-861) plots pass the plot checks and cost their
    hexes."""
    ca = lib.get("FED-CA")
    state = initial_state(ca)
    legal = Allocation("FED-CA", speed_plot=((1, 9), (17, 19), (27, 14)), impulse_hexes=1)
    assert rules_of(legal, ca, state) == []
    stop = Allocation("FED-CA", speed_plot=((1, 31), (4, 15), (12, 7), (20, 3), (28, 0)),
                      impulse_hexes=1)
    assert rules_of(stop, ca, state) == []
    assert check(stop, ca, state)[0].hexes == plot_hexes(stop.speed_plot)


def test_c12_38_no_het_or_em_at_speed_31(lib):
    """C12.38 example (S0 L917-919): 30 warp, 4 impulse, movement cost 1 (the Fed CA): no HET
    or EM while moving at 31, even if slower elsewhere in the plot; it can HET in the slower
    part."""
    ca = lib.get("FED-CA")
    state = initial_state(ca)
    fast = Allocation("FED-CA", speed_plot=((1, 31),), impulse_hexes=1, hets=1)
    assert "C12.38" in rules_of(fast, ca, state)
    em = Allocation("FED-CA", speed_plot=((1, 31),), impulse_hexes=1, em=True)
    assert "C12.38" in rules_of(em, ca, state)
    mixed = Allocation("FED-CA", speed_plot=((1, 31), (5, 16)), impulse_hexes=1, hets=1)
    assert "C12.38" not in rules_of(mixed, ca, state)


def test_c12_381_war_cruiser_het_at_31(lib):
    """C12.381 (S0 L921): 24 warp at movement cost 2/3 gives 30 movement points with 20 warp,
    leaving 4 for an HET (3.33) at speed 31."""
    wc = replace(lib.get("FED-CA"), systems=(("left_warp", 12), ("right_warp", 12),
                                             ("impulse", 4), ("battery", 4)),
                 move_cost=F(2, 3))
    a = Allocation(wc.id, speed_plot=((1, 31),), impulse_hexes=1, hets=1, shields="off",
                   fire_control="off")
    led, issues = check(a, wc, initial_state(wc))
    assert led.costs["hets"] == F(10, 3)
    assert led.movement_warp == 20 + F(10, 3) <= 24
    assert "C12.38" not in [i.rule for i in issues] and not errors(issues)


def test_c12_384_maximum_speed(lib):
    """C12.384 (S0 L927-931): warp / movement cost + 1, at most 31."""
    ca = lib.get("FED-CA")
    dead = [f"left_warp#{n}" for n in range(1, 11)]  # 20 warp left
    state = initial_state(ca, destroyed=dead)
    ok = Allocation("FED-CA", speed_plot=((1, 21),), impulse_hexes=1)
    assert "C12.384" not in rules_of(ok, ca, state)
    too_fast = Allocation("FED-CA", speed_plot=((1, 22),), impulse_hexes=1)
    assert "C12.384" in rules_of(too_fast, ca, state)


# ---------------------------------------------------------------------------------------------
# D22 energy balance due to damage (S0 L2738-2921)

D7_FIVE_WARP = [f"left_warp#{n}" for n in range(1, 6)]


def test_d22_61_d7b_at_speed_31_loses_five_warp(lib):
    """D22.61 example (S0 L2897): a D7B at speed 31 loses 5 warp boxes on impulse 19: the 18
    expended warp points cover the loss, so no adjustment; the maximum speed is now 26."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", speed_plot=((1, 31),), impulse_hexes=1)
    w = warp_check(a, d7, initial_state(d7), Progress(impulse=19), D7_FIVE_WARP)
    assert (w.remaining, w.expended, w.lost) == (25, 18, 5)  # steps A, C, D
    assert w.available == 12 and w.added == 13  # step B, step E: 18 - 5
    assert w.shortage == 0  # step F: 25 <= 25
    assert max_speed_now(a, d7, D7_FIVE_WARP) == 26


def test_d22_62_optional_rule_remaining_movement(lib):
    """D22.62 example (S0 L2903-2907): slowed to 26 after impulse 19, the ship has 11 more
    hexes (10 warp + 1 impulse)."""
    assert remaining_hexes(((1, 26),), 19) == 11


def test_d22_33_apr_destroyed_after_power_expended(lib):
    """D22.33 example (S0 L2827): all power allocated, four units already used for phasers and
    transporters; two APRs destroyed: they are presumed to have supplied the expended power,
    so there is no shortage."""
    d7 = lib.get("KLI-D7")
    state = initial_state(d7)
    a = Allocation("KLI-D7", phaser_capacitor=F(9), transporters=5, speed_plot=((1, 17),),
                   impulse_hexes=1, weapons=tuple(WeaponOrder(f"disruptor#{d}") for d in "ABCD"))
    led = check(a, d7, state)[0]
    assert led.total_used == led.supply.total == 39  # everything allocated
    p = Progress(impulse=10, phaser_used=F(3), transporter_uses=5)  # 3 + 1 = 4 used
    g = general_check(a, d7, state, p, ["apr#1", "apr#2"])
    assert g.remaining == 37 and g.shortage == 0
    # Before anything was used, the same damage would leave a shortage of 2 - the movement done.
    g0 = general_check(a, d7, state, Progress(impulse=0), ["apr#1", "apr#2"])
    assert g0.shortage == 2


def test_d22_56_tractor_example(lib):
    """D22.56 (S0 L2875-2885): five points for three tractors: one used on a destroyed drone
    (expended), three holding a fighter (operating), one unused (available)."""
    d7 = lib.get("KLI-D7")
    a = Allocation("KLI-D7", tractors=F(5))
    split = classify(a, d7, initial_state(d7), Progress(impulse=12, tractor_expended=F(1),
                                                        tractor_operating=F(3)))
    t = split["tractors"]
    assert (t.expended, t.operating, t.available) == (1, 3, 1)


# ---------------------------------------------------------------------------------------------
# D14 emergency damage repair, G16 stasis fields, G24 scouts (S0)


def test_d14_fed_ca_eight_labs(lib):
    """D14.12 and the D14.4 tactical note (S0 L1640, L1690): the Fed CA's eight labs take 24
    power for eight attempts, marking out a "4" of the damage-control track."""
    ca = lib.get("FED-CA")
    a = Allocation("FED-CA", edr_labs=8, edr_dc_box=1, speed_plot=((1, 6),), impulse_hexes=1)
    led, issues = check(a, ca, initial_state(ca))
    assert led.costs["edr_labs"] == 24 and not errors(issues)
    zero_box = replace(a, edr_dc_box=6)  # D14.11: not a "0" box
    assert "D14.11" in rules_of(zero_box, ca, initial_state(ca))


def test_g16_d7a_stasis_example(lib):
    """G16.2 example (S0 L4551-4557): turn 3 one field 5; turn 4 10 + 5 + 2 = 17; turn 5 both
    would be 15 + 10 + 2 = 27; holding the CC (10) and a new field (5 + 2) is 17."""
    d7a = replace(lib.get("KLI-D7"), id="KLI-D7A",
                  weapons=lib.get("KLI-D7").weapons + (Weapon("A", "SFG", "sfg"),))
    assert [sfg_cost(ages) for ages in ((1,), (2, 1), (3, 2), (2, 1))] == [5, 17, 27, 17]
    a = Allocation("KLI-D7A", sfg_fields=(2, 1), speed_plot=((1, 10),), impulse_hexes=1)
    led, issues = check(a, d7a, initial_state(d7a))
    assert led.costs["sfg_fields"] == 17 and not errors(issues)


def test_g24_211_lending_six_ew_costs_seven(lib):
    """G24.211 (S0 L5549): lending six points of EW costs seven: one for the channel, six for
    the points."""
    scout = replace(lib.get("FED-CA"), id="FED-SC", flags=frozenset({"scout"}))
    a = Allocation("FED-SC", scout_channels=1, ecm=6, eccm=6, speed_plot=((1, 10),),
                   impulse_hexes=1)
    led, issues = check(a, scout, initial_state(scout))
    assert led.costs["scout_channels"] + 6 == 7
    assert not errors(issues)  # 6 own + 6 lent (G24.31)


# ---------------------------------------------------------------------------------------------
# Module C2 (S2): power absorbers D10, energy modules G20, TR E9, PPD E11, web caster E12


def andromedan(class_code: str) -> ShipSpec:
    return ShipSpec(id=f"AND-{class_code[:3]}", race="AND", race_name="Andromedan",
                    class_code=class_code, name=class_code.title(), size_class=3,
                    move_cost=F(1), systems=(("left_warp", 10), ("right_warp", 10),
                                             ("impulse", 2), ("battery", 4)),
                    sensor_track=(6, 6, 5, 3, 1, 0), damage_control_track=(4, 4, 2, 0))


def test_d10_21_panel_costs_and_d10_55_batteries():
    """D10.21 (S2 L169-182); D10.55: Andromedan batteries hold 5."""
    con, viper = andromedan("CONQUISTADOR"), andromedan("VIPER")
    assert (pa_cost(con, "standard"), pa_cost(con, "reinforced")) == (5, 8)
    assert (pa_cost(viper, "standard"), pa_cost(viper, "reinforced")) == (3, 4)
    a = Allocation(con.id, shields="off", pa_level="reinforced", speed_plot=((1, 10),),
                   impulse_hexes=1)
    led, issues = check(a, con, initial_state(con))
    assert led.costs["pa_level"] == 8 and not errors(issues)
    assert led.supply.battery_capacity == 20
    assert "D10.0" in rules_of(replace(a, shields="active"), con, initial_state(con))


def test_a_ship_without_shield_boxes_is_not_cited_as_andromedan():
    """D10 is the Andromedans' power absorbers: a non-Andromedan ship file without shield boxes
    is incomplete (D3.32 powers the shields its SSD prints), never a D10.0 case."""
    con = andromedan("CONQUISTADOR")
    kli = replace(con, id="KLI-XX", race="KLI", race_name="Klingon")
    a = Allocation(kli.id, shields="active", speed_plot=((1, 10),), impulse_hexes=1)
    rules = rules_of(a, kli, initial_state(kli))
    assert "D10.0" not in rules and "D3.32" in rules
    _, issues = check(a, kli, initial_state(kli))
    assert any("records no shield boxes" in i.message for i in issues)


def test_d10_732_ew_example():
    """D10.732 (S2 L422): 6 points of EW (2 ECM + 4 ECCM) at allocation, no more."""
    con = andromedan("CONQUISTADOR")
    a = Allocation(con.id, shields="off", ecm=2, eccm=4)
    assert "D6.310" not in rules_of(a, con, initial_state(con))
    assert "D6.310" in rules_of(replace(a, ecm=3), con, initial_state(con))


def test_d10_13_enveloping_hellbore_on_two_banks():
    """D10.13 example (S2 L151): 13 points on two banks: 6 on each and one the owner places."""
    assert pa.split_enveloping(13, 2) == (6, 1)


def test_d10_331_viper_reinforced_leak():
    """D10.331 example (S2 L244): four panels, 27 points (3 per box and reinforced needed for
    the last point): one leak. Not reinforced: 3 points penetrate and no leak."""
    viper = pa.PanelBank.new(4)
    r = pa.absorb(viper, 27, level=pa.REINFORCED)
    assert (r.leak, r.leak_kind, r.excess) == (1, "reinforced", 0)
    s = pa.absorb(viper, 27, level=pa.STANDARD)
    assert (s.leak, s.excess) == (0, 3)


def test_d10_332_disruptor_leak_examples():
    """D10.332 example #1 (S2 L250): 8 disruptor points on a 4-panel Viper bank: one leak.
    Example #2 (S2 L252): 32 disruptor + 23 phaser on a Python bank of 6: one leak, 54 give 11
    degradation, 43 absorbed at reinforced level, no second leak."""
    r1 = pa.absorb(pa.PanelBank.new(4), 8, disruptor=8)
    assert (r1.leak, r1.leak_kind) == (1, "disruptor")
    r2 = pa.absorb(pa.PanelBank.new(6), 55, disruptor=32, can_reinforce=True)
    assert (r2.leak, r2.degradation, r2.absorbed, r2.excess) == (1, 11, 43, 0)
    assert r2.level == pa.REINFORCED and r2.leak_kind == "disruptor"


def test_d10_6_andromedan_combat_example():
    """D10.6 (S2 L350-378): the Conquistador's two banks through turns 1-5. Turns 1-3 and the
    first turn-4 volley match the text exactly; the text's turn-4 second volley says capacity 32
    where the rules give 31, and so 16 where they give 15 (decisions.md, D10.6)."""
    front, aft = pa.PanelBank.new(6), pa.PanelBank.new(4)
    # Turn 1 (L354-356): 15 points; 3 degradation, capacity 33, 12 held; transfer 1, dissipate 6.
    r = pa.absorb(front, 15, disruptor=9)
    assert (r.degradation, r.bank.capacity(pa.STANDARD), r.bank.held) == (3, 33, 12)
    front, moved = pa.end_of_turn(r.bank)
    assert (moved, front.held) == (1, 5)
    # Turn 2 (L360): 24 disruptor + 14 phaser: leak 1, 7 degradation (standard 26), reserve
    # raises the panels to reinforced (50), 30 absorbed, 35 held, one leak only.
    r = pa.absorb(front, 38, disruptor=24, can_reinforce=True)
    assert (r.leak, r.degradation, r.absorbed, r.bank.held) == (1, 7, 30, 35)
    assert r.bank.capacity(pa.STANDARD) == 26 and r.bank.capacity(pa.REINFORCED) == 50
    front = r.bank
    # Turn 2 impulse 10 (L362): a drone's 12 on the rear bank: 2 degradation, capacity 38.
    r = pa.absorb(aft, 12, level=pa.REINFORCED)
    assert (r.degradation, r.bank.capacity(pa.REINFORCED), r.bank.held) == (2, 38, 10)
    aft = r.bank
    # End of turn 2 (L364): front 35 -> transfer 4 -> dissipate 6 = 25; 2 repaired -> 52.
    front, moved = pa.end_of_turn(front, repair=2)
    assert (moved, front.held, front.capacity(pa.REINFORCED)) == (4, 25, 52)
    aft, moved = pa.end_of_turn(aft)
    assert (moved, aft.held) == (1, 5)
    # Turn 3 (L366): rear: 9 disruptor (leak) + 5 phaser; 3 degradation -> 35; 15 held.
    r = pa.absorb(aft, 14, disruptor=9, level=pa.REINFORCED)
    assert (r.leak, r.degradation, r.bank.capacity(pa.REINFORCED), r.bank.held) == (1, 3, 35, 15)
    aft = r.bank
    # End of turn 3 (L368): front 25 -> 3 -> 6 = 16, capacity 54; rear 15 -> 2 -> 4 = 9.
    front, moved = pa.end_of_turn(front, repair=2)
    assert (moved, front.held, front.capacity(pa.REINFORCED)) == (3, 16, 54)
    aft, moved = pa.end_of_turn(aft)
    assert (moved, aft.held) == (2, 9)
    # Turn 4 (L370): D7 9 disruptor: leak, 2 degradation -> 33, 15 held.
    r = pa.absorb(aft, 9, disruptor=9, level=pa.REINFORCED)
    assert (r.leak, r.degradation, r.bank.capacity(pa.REINFORCED), r.bank.held) == (1, 2, 33, 15)
    # Second volley: the text says capacity 32; 2 more degradation from 33 is 31. 21 held.
    r = pa.absorb(r.bank, 9, disruptor=9, level=pa.REINFORCED)
    assert (r.leak, r.degradation, r.bank.held) == (1, 2, 21)
    assert r.bank.capacity(pa.REINFORCED) == 31  # source: 32 (arithmetic error)
    aft, moved = pa.end_of_turn(r.bank)
    assert (moved, aft.held) == (2, 15)  # source: 16, following its 32
    front, moved = pa.end_of_turn(front)  # L372: front 16 -> 2 -> 6 = 8, capacity 54
    assert (moved, front.held, front.capacity(pa.REINFORCED) - front.held) == (2, 8, 46)
    # Turn 5 (L374): 58 points with 40 disruptor: leak 1; 57 -> 11 degradation, capacity 43
    # with 8 held; 11 excess + 1 leak = a 12-point internal volley; boxes of 7 and 8.
    r = pa.absorb(front, 58, disruptor=40, level=pa.REINFORCED)
    assert (r.leak, r.degradation, r.bank.capacity(pa.REINFORCED), r.excess, r.internal) == (
        1, 11, 43, 11, 12)
    assert sorted(r.bank.box_capacities(pa.REINFORCED)) == [7, 7, 7, 7, 7, 8]
    # A PA box of capacity 7 is destroyed: its 7 points are released to the rear bank.
    front, released = pa.destroy_box(r.bank, 0, pa.REINFORCED)
    assert released == 7 and front.capacity(pa.REINFORCED) == 36
    aft, left = pa.pick_up(aft, released, pa.REINFORCED)
    assert left == 0 and aft.held == 22  # source: 28 (from its 16 and 21)
    # End of turn 5 (L378): front full at 36 -> transfer 4 -> dissipate 5 = 27.
    front, moved = pa.end_of_turn(front)
    assert (moved, front.held) == (4, 27)


def test_d10_411_transfer_rule():
    """D10.411: 10%, 0.5 rounding up; four or fewer points: one may go."""
    assert [pa.transfer_amount(n) for n in (0, 3, 4, 5, 12, 15, 25, 35)] == [0, 1, 1, 1, 1, 2,
                                                                             3, 4]


def test_g20_5_energy_module_example():
    """G20.5 (S2 L1618-1622): an EM-S picks up 2 hangar hits and a released panel's 10, takes
    48 more to its 60; launched, 14 damage destroy two panels (releasing 10 each) leaving four
    full panels and 10 toward the next; dissipating 4 a panel leaves 24."""
    m = pa.EnergyModule.new("EM-S")
    m, _ = pa.module_take(m, 2)
    m, _ = pa.module_take(m, 10)
    m, left = pa.module_take(m, 48)
    assert (m.energy, m.capacity, left) == (60, 60, 0)
    m = pa.module_hit(m, 14)
    assert (m.panels, m.energy, m.damage) == (4, 40, 10)
    assert pa.module_dissipate(m).energy == 24


def test_e9_21_tr_arming_examples():
    """E9.2131, E9.2132, E9.214 (S2 L464-472)."""
    h = WeaponArming("tr#A", "TR-H")
    three = step(h, WeaponOrder("tr#A")).state
    assert step(end_turn(three), WeaponOrder("tr#A")).state.mode == "TR-H"
    assert step(end_turn(three), WeaponOrder("tr#A", energy=F(2))).state.mode == "TR-L"
    two = step(h, WeaponOrder("tr#A", energy=F(2))).state
    assert step(end_turn(two), WeaponOrder("tr#A", energy=F(3))).state.mode == "TR-L"
    # E9.214: no energy on the second turn loses the first turn's.
    assert step(end_turn(three), None).state.empty


def test_e11_ppd_examples():
    """E11.21 (S2 L630), E11.61 and E11.612 (S2 L834-838): 4 + 4 = 4 pulses; 4 + 8 = 6;
    4 + 6 = 5."""
    w = WeaponArming("ppd#A", "PPD")
    first = end_turn(step(w, WeaponOrder("ppd#A")).state)
    pulses = [ppd_pulses(step(first, WeaponOrder("ppd#A", energy=F(e))).state)
              for e in (4, 8, 6)]
    assert pulses == [4, 6, 5]


def test_e12_32_web_caster_example():
    """E12.32 (S2 L954): covered turn by turn in test_energy_arming; here the totals."""
    w = WeaponArming("webcaster#A", "WEB-CASTER", store=((1, F(2)), (4, F(3))))
    assert [w.stored_at(t) for t in (4, 5, 6, 8, 9)] == [5, 5, 3, 3, 0]
