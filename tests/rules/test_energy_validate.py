"""Validation: typical turn-1 allocations of the Fed CA and Klingon D7 pass; each illegal
allocation is refused with the rule it breaks."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import (
    Allocation,
    WeaponOrder,
    check,
    errors,
    initial_state,
    template,
    validate,
)
from sfb_desk.rules.energy.arming import WeaponArming


@pytest.fixture(scope="module")
def lib():
    return load_library()


def ca_turn1() -> Allocation:
    """A typical Fed CA turn 1: life support 1, fire control 1, phaser capacitor 6, four
    photons arming (8, warp), shields 2, speed 16 (15 warp + 1 impulse) = 34 of 34."""
    return Allocation(
        ship="FED-CA", turn=1, phaser_capacitor=F(6),
        weapons=tuple(WeaponOrder(f"photon#{d}") for d in "ABCD"),
        speed_plot=((1, 16),), impulse_hexes=1,
    )


def d7_turn1() -> Allocation:
    """Klingon D7 turn 1: 1 + 1 + capacitor 9 + four disruptors 8 + shields 2 + speed 18 = 39."""
    return Allocation(
        ship="KLI-D7", turn=1, phaser_capacitor=F(9),
        weapons=tuple(WeaponOrder(f"disruptor#{d}") for d in "ABCD"),
        speed_plot=((1, 18),), impulse_hexes=1,
    )


def test_fed_ca_turn_1_validates(lib):
    ca = lib.get("FED-CA")
    led, issues = check(ca_turn1(), ca, initial_state(ca))
    assert issues == []
    assert led.total_used == 34 == led.supply.total
    assert led.costs["weapons"] == 8 and led.warp_only == 8
    assert led.costs["speed_plot"] == 16 and led.hexes == 16


def test_kli_d7_turn_1_validates(lib):
    d7 = lib.get("KLI-D7")
    led, issues = check(d7_turn1(), d7, initial_state(d7))
    assert issues == []
    assert led.total_used == 39 == led.supply.total


@pytest.mark.parametrize("ship_id", ["FED-CA", "KLI-D7", "GOR-CA", "HYD-RN", "ROM-KR",
                                     "LYR-CA", "KZI-BC", "THO-CA", "FED-FF", "KLI-C8"])
def test_template_passes_its_own_check(lib, ship_id):
    spec = lib.get(ship_id)
    state = initial_state(spec)
    assert errors(validate(template(spec, state), spec, state)) == []


def test_unallocated_power_is_a_warning(lib):
    ca = lib.get("FED-CA")
    issues = validate(replace(ca_turn1(), speed_plot=((1, 10),)), ca, initial_state(ca))
    assert [(i.rule, i.severity) for i in issues] == [("B3.4", "warning")]
    assert issues[0].line == "unallocated"


# ---------------------------------------------------------------------------------------------
# At least 30 illegal allocations, each refused with its rule number.

CA_DEAD_WARP = tuple(f"{s}_warp#{n}" for s in ("left", "right") for n in range(1, 11))
PHOTON_ARMED = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2), F(2)), complete=True)
PHOTON_HALF = WeaponArming("photon#A", "PHOTON", "PHOTON", (F(2),))


def _ca(**changes):
    return ("FED-CA", replace(ca_turn1(), **changes), {})


def _d7(**changes):
    return ("KLI-D7", replace(d7_turn1(), **changes), {})


ILLEGAL = {
    "B3.1 over-allocation": (_ca(speed_plot=((1, 20),)), "B3.1"),
    "B3.1 unknown box": (_ca(weapons=(WeaponOrder("photon#Z"),)), "B3.1"),
    "B3.3 no life support": (_ca(life_support="none"), "B3.3"),
    "S2.4 emergency life support": (_ca(life_support="emergency"), "S2.4"),
    "D6.6 fire control mode": (_ca(fire_control="max"), "D6.6"),
    "D6.622 ECCM without fire control": (_ca(fire_control="off", eccm=1), "D6.622"),
    "D6.310 EW above sensors": (_ca(ecm=4, eccm=3, phaser_capacitor=F(0)), "D6.310"),
    "D3.32 shield mode": (_ca(shields="max"), "D3.32"),
    "D3.341 negative reinforcement": (_ca(general_reinforcement=-1), "D3.341"),
    "D3.342 five shields": (_ca(specific_reinforcement=(0, 0, 0, 0, 0)), "D3.342"),
    "D3.343 dropped shield reinforced": (_ca(shields="off", specific_reinforcement=(2, 0, 0, 0,
                                                                                   0, 0)),
                                         "D3.343"),
    "C12.12 plot from impulse 2": (_ca(speed_plot=((2, 16),)), "C12.12"),
    "C12.313 change on impulse 2": (_ca(speed_plot=((1, 16), (2, 12))), "C12.313"),
    "C12.312 changes 4 apart": (_ca(speed_plot=((1, 16), (8, 12), (12, 14))), "C12.312"),
    "C12.32 deceleration": (_ca(speed_plot=((1, 16), (16, 4))), "C12.32"),
    "C2.21 acceleration": (("FED-CA", ca_turn1(), {"prev_plot": ((1, 5),)}), "C2.21"),
    "C12.384 above maximum speed": (("FED-CA", replace(ca_turn1(), weapons=()),
                                     {"destroyed": CA_DEAD_WARP}), "C12.384"),
    "C2.11 warp movement and TACs": (_ca(speed_plot=((1, 28),), warp_tacs=4, weapons=(),
                                         phaser_capacitor=F(0)), "C2.11"),
    "C2.112 speed 31 without impulse": (_ca(speed_plot=((1, 31),), impulse_hexes=0,
                                            weapons=(), phaser_capacitor=F(0)), "C2.112"),
    "C2.111 two impulse hexes": (_ca(impulse_hexes=2), "C2.111"),
    "C6.34 five HETs": (_ca(hets=5), "C6.34"),
    "C6.2 HETs without warp": (_ca(hets=4), "C6.2"),
    "C12.38 HET at speed 31": (_ca(speed_plot=((1, 31),), hets=1, weapons=(),
                                   phaser_capacitor=F(0)), "C12.38"),
    "C10.111 EM without warp": (_ca(em=True, speed_plot=((1, 26),), weapons=(),
                                    phaser_capacitor=F(0)), "C10.111"),
    "C10.313 carried EM unpaid": (("FED-CA", ca_turn1(), {"em_carried": True}), "C10.313"),
    "C10.112 EM impulse hexes without EM": (_ca(em_impulse_hexes=2), "C10.112"),
    "C5.2 five warp TACs": (_ca(warp_tacs=5), "C5.2"),
    "C5.1 sublight TAC without impulse": (("FED-CA", replace(ca_turn1(), impulse_hexes=0,
                                                            sublight_tac=True),
                                           {"destroyed": tuple(f"impulse#{n}" for n in
                                                               range(1, 5))}), "C5.1"),
    "H6.21 capacitor overfilled": (_ca(phaser_capacitor=F(7)), "H6.21"),
    "E4.23 photons without warp": (_ca(speed_plot=((1, 26),), phaser_capacitor=F(0)), "E4.23"),
    "E4.2 photon energy": (_ca(weapons=(WeaponOrder("photon#A", energy=F(3)),)), "E4.2"),
    "E4.22 holding a half-armed photon": (("FED-CA", replace(ca_turn1(), weapons=(
        WeaponOrder("photon#A", "hold"),)), {"weapons": (PHOTON_HALF,)}), "E4.22"),
    "E4.411 overload on turn 1": (_ca(weapons=(WeaponOrder("photon#A", overload=True),)),
                                  "E4.411"),
    "E3.24 disruptor held": (("KLI-D7", replace(d7_turn1(), weapons=(
        WeaponOrder("disruptor#A", "hold"),)), {"weapons": (WeaponArming(
            "disruptor#A", "DISRUPTOR", "DISRUPTOR", (F(2),), complete=True),)}), "E3.24"),
    "E3.52 disruptor overload energy": (_d7(weapons=(WeaponOrder("disruptor#A", energy=F(3),
                                                                 overload=True),)), "E3.52"),
    "D4.0 destroyed photon armed": (("FED-CA", ca_turn1(), {"destroyed": ("photon#A",)}),
                                    "D4.0"),
    "G7.15 tractor energy": (_ca(tractors=F(7)), "G7.15"),
    "G8.13 negative transporter uses": (_ca(transporters=-1), "G8.13"),
    "D9.21 damage control above rating": (("FED-CA", replace(ca_turn1(), damage_control=F(6),
                                                            repair_shields=(1,),
                                                            phaser_capacitor=F(0)),
                                           {"destroyed": ("shield1#1",)}), "D9.21"),
    "D9.21 nothing to repair": (_ca(damage_control=F(2), phaser_capacitor=F(4)), "D9.21"),
    "H5.0 discharge above charge": (_ca(battery_discharge=F(5)), "H5.0"),
    "H5.0 recharge full batteries": (_ca(battery_recharge=F(1), phaser_capacitor=F(5)), "H5.0"),
    "H7.4 reserve warp above recharge": (_ca(reserve_warp=F(1)), "H7.4"),
    "G13.21 cloak without a device": (_ca(cloak=True), "G13.21"),
    "D14.12 more EDR labs than labs": (_ca(edr_labs=9, edr_dc_box=3), "D14.12"),
    "D14.11 EDR without a marked box": (_ca(edr_labs=1, phaser_capacitor=F(3)), "D14.11"),
    "G24.14 scout channels": (_ca(scout_channels=1, phaser_capacitor=F(5)), "G24.14"),
    "G16.20 stasis field without SFG": (_ca(sfg_fields=(1,)), "G16.20"),
    "G16.21 four stasis fields": (_ca(sfg_fields=(1, 1, 1, 1)), "G16.21"),
    "D10.21 panels on a shielded ship": (_ca(pa_level="standard"), "D10.21"),
    "G15.2 engine doubling": (_ca(engine_doubling=True), "G15.2"),
    "C10.24 EM while cloaked": (("ROM-KR", Allocation("ROM-KR", cloak=True, em=True), {}),
                                "C10.24"),
    "FP2.1 plasma energy": (("GOR-CA", Allocation("GOR-CA", weapons=(
        WeaponOrder("plasma#A", energy=F(3)),)), {}), "FP2.1"),
    "FP5.1 enveloping on turn 1": (("GOR-CA", Allocation("GOR-CA", weapons=(
        WeaponOrder("plasma#A", enveloping=True),)), {}), "FP5.1"),
    "FP1.221 rolling an empty launcher": (("GOR-CA", Allocation("GOR-CA", weapons=(
        WeaponOrder("plasma#A", "roll"),)), {}), "FP1.221"),
    "E7.23 fusion held": (("HYD-RN", Allocation("HYD-RN", weapons=(
        WeaponOrder("fusion#A", "hold"),)), {"weapons": (WeaponArming(
            "fusion#A", "FUSION", "FUSION", (F(2),), complete=True),)}), "E7.23"),
    "C10.15 EM on a base": (("GEN-BASE", Allocation("FED-CA", em=True), {}), "C10.15"),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_allocation_is_refused(lib, name):
    (ship_id, allocation, state_changes), rule = ILLEGAL[name]
    if ship_id == "GEN-BASE":
        spec = replace(lib.get("FED-CA"), kind="ground_base")
    else:
        spec = lib.get(ship_id)
    state = initial_state(spec, destroyed=state_changes.pop("destroyed", ()))
    if "weapons" in state_changes:
        given = {w.box: w for w in state_changes.pop("weapons")}
        state = replace(state, weapons=tuple(given.get(w.box, w) for w in state.weapons))
    state = replace(state, **state_changes)
    found = errors(validate(allocation, spec, state))
    assert rule in [i.rule for i in found], [str(i) for i in found]
    assert all(i.message and i.line for i in found)


def test_at_least_thirty_distinct_rules_are_tested():
    assert len({rule for _, rule in ILLEGAL.values()}) >= 30


def test_issue_lines_point_at_the_cause(lib):
    ca = lib.get("FED-CA")
    issues = errors(validate(replace(ca_turn1(), phaser_capacitor=F(7), fire_control="max"), ca,
                             initial_state(ca)))
    lines = {i.rule: i.line for i in issues}
    assert lines["H6.21"] == "phaser_capacitor" and lines["D6.6"] == "fire_control"
    bad = errors(validate(replace(ca_turn1(), weapons=(WeaponOrder("photon#A", energy=F(3)),)),
                          ca, initial_state(ca)))
    assert [i.line for i in bad] == ["weapon:photon#A"]


def test_all_phasers_destroyed_with_energy_in_the_capacitor_has_a_legal_allocation(lib):
    """H6.21: the capacity is the undestroyed phasers'. A ship whose phasers were all destroyed
    while its capacitor held 5 can take no capacitor energy: 0 is legal (it was refused as
    "it can take -5, not 0", so no allocation was legal), 1 is refused."""
    ca = lib.get("FED-CA")
    phasers = tuple(b for w in ca.weapons if w.family == "phaser" for b in w.box_ids)
    state = replace(initial_state(ca, turn=2, destroyed=phasers), capacitor=F(5))
    allocation = replace(ca_turn1(), turn=2, phaser_capacitor=F(0))
    assert not [i for i in errors(validate(allocation, ca, state)) if i.rule == "H6.21"]
    over = errors(validate(replace(allocation, phaser_capacitor=F(1)), ca, state))
    assert any(i.rule == "H6.21" and "can take 0, not 1" in i.message for i in over)

