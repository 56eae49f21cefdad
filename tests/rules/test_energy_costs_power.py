"""Energy cost tables against the reference rows, and power available from a ship's boxes.

Rows are copied from ../shared/reference/basic-set-facts.md section 5.3 ("Costs that agree
across peers"), G4.4, G5, G6.7 and G7; power from the library's FED-CA and KLI-D7.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy import costs
from sfb_desk.rules.energy.power import damage_control_rating, power_available, sensor_rating


@pytest.fixture(scope="module")
def lib():
    return load_library()


@pytest.mark.parametrize(("sc", "ls", "full", "minimum"), [
    (1, F(3), F(7), F(2)),
    (2, F(3, 2), F(4), F(1)),
    (3, F(1), F(2), F(1)),  # D3.32: SC3 shields 2, not the misread "=4" (decisions.md)
    (4, F(1, 2), F(1), F(1, 2)),
    (5, F(0), F(1), F(1, 2)),
])
def test_housekeeping_by_size_class(sc, ls, full, minimum):
    """Reference 5.3: life support (B3.3), shields full (D3.32) and minimum (D3.33)."""
    assert costs.life_support(sc) == ls
    assert costs.shields(sc, "active") == full
    assert costs.shields(sc, "minimum") == minimum
    assert costs.shields(sc, "off") == 0
    assert costs.fire_control(sc, "active") == 1  # D6.6
    assert costs.fire_control(sc, "low") == F(1, 2)  # D6.7
    assert costs.fire_control(sc, "off") == 0


def test_other_reference_costs():
    assert costs.TRANSPORTER_USE == F(1, 5)  # G8.13
    assert costs.TRACTOR_BY_RANGE == {0: 1, 1: 1, 2: 2, 3: 3}  # G7.15, G7.6x
    assert costs.SHIELD_REPAIR == 2  # D9.21
    assert costs.GENERAL_REINFORCEMENT == 2 and costs.SPECIFIC_REINFORCEMENT == 1  # D3.34x
    assert costs.HET_HEXES == 5 and costs.EM_HEXES == 6 and costs.EM_HEXES_NIMBLE == 3
    assert costs.PHASER_CAPACITY["PH-1"] == 1 and costs.PHASER_CAPACITY["PH-3"] == F(1, 2)
    assert costs.PHASER_G_SHOT == F(1, 4)
    assert costs.EDR_PER_LAB == 3  # D14.12


@pytest.mark.parametrize(("code", "turns", "hold", "warp_only"), [
    ("PHOTON", (2, 2), 1, True),  # E4.2, E4.22, E4.23
    ("DISRUPTOR", (2,), None, False),  # E3.24: cannot be held
    ("PLASMA-R", (2, 2, 5), None, False),  # FP2: R not held by a ship
    ("PLASMA-S", (2, 2, 4), 2, False),
    ("PLASMA-G", (2, 2, 3), 1, False),
    ("PLASMA-F", (1, 1, 3), 0, False),
    ("HELLBORE", (3, 3), None, False),  # E10.22
    ("PPD", (4, 4), 2, False),  # E11.21, E11.22 (seed 002)
    ("TR-H", (3, 3), None, False),  # E9.211
    ("TR-L", (2, 2), None, False),  # E9.212
    ("DISPLACEMENT", (2, 2), 1, True),  # G18.21
    ("PROBE-INFO", (1, 1), 1, False),  # G5 (reference G6.7)
    ("WILD-WEASEL", (1, 1), 1, False),  # J3.12
])
def test_arming_tables(code, turns, hold, warp_only):
    t = costs.ARMING[code]
    assert t.turns == tuple(F(x) for x in turns)
    assert t.hold == (None if hold is None else F(hold))
    assert t.warp_only is warp_only


def test_overloads_and_rolling_delay():
    a = costs.ARMING
    assert a["PHOTON"].overload == 4  # up to +4 (E4.411)
    assert a["DISRUPTOR"].overload == 4 and a["FUSION"].overload == 4
    assert a["HELLBORE"].overload == 6 and a["HELLBORE"].rolling == 3
    assert a["PLASMA-S"].rolling == 2 and a["PLASMA-F"].rolling == 1  # FP1.221
    assert costs.FUSION_SUICIDE == 7  # E7.42


def test_sfg_cost_ladder():
    """G16.20-G16.212: 5 a turn of age; two fields +2, three +3."""
    assert costs.sfg_cost((1,)) == 5
    assert costs.sfg_cost((2, 1)) == 17
    assert costs.sfg_cost((3, 2)) == 27
    assert costs.sfg_cost((3, 2, 1)) == 33


def test_fed_ca_power(lib):
    """Reference 5.3: Fed CA power 30 warp + 4 impulse = 34; 4 batteries."""
    s = power_available(lib.get("FED-CA"))
    assert (s.warp, s.impulse, s.reactor, s.total) == (30, 4, 0, 34)
    assert (s.battery_boxes, s.battery_capacity, s.battery_charge) == (4, 4, 4)


def test_kli_d7_power(lib):
    s = power_available(lib.get("KLI-D7"))
    assert (s.warp, s.impulse, s.apr, s.total) == (30, 5, 4, 39)
    assert s.battery_charge == 3


def test_destroyed_boxes_and_battery_charge(lib):
    ca = lib.get("FED-CA")
    dead = ["left_warp#1", "left_warp#2", "impulse#4", "battery#1", "battery#2"]
    s = power_available(ca, dead, battery_charge=3)
    assert (s.warp, s.impulse, s.total) == (28, 3, 31)
    # A destroyed battery is a discharged one first: 2 boxes left hold at most 2 (reference G6.12).
    assert (s.battery_boxes, s.battery_charge) == (2, 2)
    assert s.warp_boxes_lost == 2


def test_engine_doubling_doubles_warp(lib):
    s = power_available(lib.get("ORI-CR"), engine_doubling=True)
    assert s.warp == 40


def test_ratings(lib):
    ca = lib.get("FED-CA")
    assert damage_control_rating(ca) == 4
    assert damage_control_rating(ca, ["damage_control#1", "damage_control#2"]) == 2
    assert sensor_rating(ca) == 6
    assert sensor_rating(ca, ["sensor#1", "sensor#2"]) == 5
