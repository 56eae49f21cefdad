"""What carries from turn to turn (batteries, capacitor, arming) and reserve power (H7)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import (
    Allocation,
    WeaponOrder,
    carry,
    errors,
    initial_state,
    template,
    validate,
)
from sfb_desk.rules.energy.reserve import reserve_available, use_reserve
from sfb_desk.rules.energy.state import capacitor_capacity


@pytest.fixture(scope="module")
def lib():
    return load_library()


def test_initial_state(lib):
    ca = lib.get("FED-CA")
    s = initial_state(ca)
    assert s.turn == 1 and s.battery_charge is None and s.capacitor == 0
    assert [w.box for w in s.weapons] == ["photon#A", "photon#B", "photon#C", "photon#D",
                                          "probe#1", "shuttle#1", "shuttle#2", "shuttle#3",
                                          "shuttle#4"]
    assert capacitor_capacity(ca) == 6 and initial_state(ca, capacitor_full=True).capacitor == 6
    assert capacitor_capacity(lib.get("KLI-D7")) == 9


def test_three_turns_of_a_fed_ca(lib):
    """Turn 1 arm photons, turn 2 complete them, turn 3 hold two and fire... the state carries:
    arming, capacitor, batteries (discharged and recharged), last turn's plot."""
    ca = lib.get("FED-CA")
    s1 = initial_state(ca)
    a1 = template(ca, s1)
    assert not errors(validate(a1, ca, s1))
    s2 = carry(s1, a1, ca, capacitor_used=F(4))
    assert s2.turn == 2 and s2.capacitor == 2 and s2.prev_plot == a1.speed_plot
    assert all(w.stage == 1 for w in s2.weapons if w.type == "PHOTON")
    a2 = template(ca, s2)
    assert [o.action for o in a2.weapons] == ["arm"] * 4 and a2.phaser_capacitor == 4
    a2 = replace(a2, battery_discharge=F(2), general_reinforcement=a2.general_reinforcement + 1)
    assert not errors(validate(a2, ca, s2))
    s3 = carry(s2, a2, ca, fired=["photon#A", "photon#B"])
    assert s3.battery_charge == 2
    photons = {w.box: w for w in s3.weapons}
    assert photons["photon#A"].empty and photons["photon#C"].complete
    a3 = template(ca, s3)
    orders = {o.box: o.action for o in a3.weapons}
    assert orders == {"photon#A": "arm", "photon#B": "arm", "photon#C": "hold",
                      "photon#D": "hold"}
    led_issues = validate(a3, ca, s3)
    assert not errors(led_issues)
    assert a3.top_speed > 0 and a3.weapons[0].box == "photon#A"


def test_destroyed_battery_and_capacitor_carry(lib):
    ca = lib.get("FED-CA")
    s1 = initial_state(ca, capacitor_full=True)
    s2 = carry(s1, Allocation("FED-CA"), ca, destroyed=["battery#1", "phaser#1", "photon#A"])
    assert s2.battery_charge == 3  # the destroyed box was a charged one: 3 left (H5)
    assert s2.capacitor == 5  # capacity 5 now (H6)
    assert s2.arming("photon#A").empty


def test_reserve_power(lib):
    """H7: reserve from the batteries; reserve warp only for HETs; not for repairs or EDR."""
    ca = lib.get("FED-CA")
    s = initial_state(ca)
    a = replace(template(ca, s), battery_discharge=F(1))
    assert reserve_available(s, a, ca) == 3
    s2, issue = use_reserve(s, a, ca, purpose="general_reinforcement", amount=2, impulse=10)
    assert issue is None and s2.reserve_used == 2 and reserve_available(s2, a, ca) == 1
    _, issue = use_reserve(s2, a, ca, purpose="eccm", amount=2, impulse=11)
    assert issue.rule == "H7.1"
    _, issue = use_reserve(s, a, ca, purpose="het", amount=5, impulse=9)
    assert issue.rule == "H7.42"  # no reserve warp allocated
    _, issue = use_reserve(s, a, ca, purpose="edr", amount=1, impulse=9)
    assert issue.rule == "D14.28"
    _, issue = use_reserve(s, a, ca, purpose="repair", amount=1, impulse=9)
    assert issue.rule == "G17.23"
    # Reserve warp: warp put into the batteries in the allocation (H7.4).
    s0 = replace(s, battery_charge=F(0))
    w = Allocation("FED-CA", battery_recharge=F(4), reserve_warp=F(4))
    assert not errors(validate(replace(w, speed_plot=((1, 10),), impulse_hexes=1), ca, s0))
    s3, issue = use_reserve(s0, w, ca, purpose="het", amount=4, impulse=12)
    assert issue is None and s3.reserve_warp_used == 4
    # Carried: the batteries end the turn with what was not used (H7.36).
    s4 = carry(s3, w, ca)
    assert s4.battery_charge == 0 and s4.reserve == ()
