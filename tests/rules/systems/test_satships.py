"""Andromedan satellite ships and hangars (Module C2, G19; rules/systems/satships.py)."""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy.costs import SAT_SHIP_TRANSPORT
from sfb_desk.rules.systems import satships as sat


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_g19_21_hangar_table():
    # G19.2111, G19.2113: 3 bays carry 4 small, 3 medium or 2 large; 6 bays 8, 6 or 4; one
    # bay one small or one medium, never a large.
    assert sat.hangar_capacity(3) == {"small": 4, "medium": 3, "large": 2}
    assert sat.hangar_capacity(6) == {"small": 8, "medium": 6, "large": 4}
    assert sat.hangar_capacity(1) == {"small": 1, "medium": 1, "large": 0}


def test_g19_212_mixed_bays_within_the_hangar():
    # G19.212's examples: a Dominator with two large and three medium, or one large, three
    # medium and two small.
    assert sat.check_hangar(6, ["large", "large", "medium", "medium", "medium"]) is None
    assert sat.check_hangar(6, ["large", "medium", "medium", "medium", "small", "small"]) is None
    too_many = sat.check_hangar(3, ["large", "large", "medium"])
    assert too_many is not None and too_many.rule == "G19.212"
    never = sat.check_hangar(1, ["large"])
    assert never is not None and never.rule == "G19.2113"
    assert sat.check_hangar(0, ["small"]).rule == "G19.21"


def test_sizes_and_hangars_of_the_module_classes(library):
    sizes = {sid: sat.sat_ship_size(library.get(sid)) for sid in
             ("AND-COB", "AND-TER", "AND-EEL", "AND-VIP", "AND-COU", "AND-PYT", "AND-MAM")}
    assert sizes == {"AND-COB": "medium", "AND-TER": "medium", "AND-EEL": "medium",
                     "AND-VIP": "small", "AND-COU": "small", "AND-PYT": "large",
                     "AND-MAM": "large"}
    assert sat.sat_ship_size(library.get("AND-CON")) is None
    bays = {sid: sat.hangar_bays(library.get(sid)) for sid in ("AND-DOM", "AND-INT", "AND-CON")}
    assert bays == {"AND-DOM": 6, "AND-INT": 3, "AND-CON": 1}  # G19.2111
    assert sat.standard_group(library.get("AND-CON")) == ("AND-COB",)  # R10.8
    # G19.411: transporter power by size.
    assert [SAT_SHIP_TRANSPORT[s] for s in ("small", "medium", "large")] == [3, 4, 6]


def test_launch_limits():
    ok = dict(sat="COB", carrier="CON", aboard=("COB",), clock=40, recovered_at=-999,
              no_launch_until=0)
    assert sat.check_launch(**ok, rng=5) is None
    assert sat.check_launch(**ok, rng=6).rule == "G19.411"  # within 5 hexes
    assert sat.check_launch(**{**ok, "aboard": ()}, rng=1).rule == "G19.413"
    assert sat.check_launch(**{**ok, "recovered_at": 33}, rng=1).rule == "G19.443"
    assert sat.check_launch(**{**ok, "recovered_at": 32}, rng=1) is None
    assert sat.check_launch(**{**ok, "no_launch_until": 41}, rng=None).rule == "G19.424"


def test_recovery_limits():
    ok = dict(sat="COB", carrier="CON", bays=1, aboard_sizes=(), size="medium", rng=5,
              clock=50, launched_at=40, lock_on=True)
    assert sat.check_recovery(**ok) is None
    assert sat.check_recovery(**{**ok, "rng": 6}).rule == "G19.412"
    assert sat.check_recovery(**{**ok, "lock_on": False}).rule == "G19.412"
    assert sat.check_recovery(**{**ok, "launched_at": 43}).rule == "G19.443"
    assert sat.check_recovery(**{**ok, "aboard_sizes": ("small",)}).rule == "G19.212"


def test_g19_442_speed_after_launch():
    assert sat.speed_limit(clock=10 + 31, launched_at=10) == 10
    assert sat.speed_limit(clock=10 + 32, launched_at=10) is None


def test_g19_322_example_a_cobra_exploding_in_an_intruders_hangar(library):
    # The Cobra (explosion 13) releases 26; the Intruder is destroyed after 11 of them; half of
    # the other 15, 7.5, rounds up to 8 added to the Intruder's explosion.
    cobra = library.get("AND-COB").explosion_strength
    assert cobra == 13
    assert sat.hangar_explosion(cobra, 11) == (26, 8)
    assert sat.hangar_explosion(cobra, None) == (26, 0)  # the mothership survives


def test_g20_2_energy_module_sizes():
    from sfb_desk.rules.energy.absorbers import EnergyModule

    # EM-S 6 panels, EM-M 8, EM-L 12, each of 10 points (G20.21-G20.23); sizes small to large.
    assert [EnergyModule.new(k).capacity for k in ("EM-S", "EM-M", "EM-L")] == [60, 80, 120]
    assert [sat.SAT_SHIP_SIZES[k] for k in ("EM-S", "EM-M", "EM-L")] == ["small", "medium",
                                                                       "large"]
