"""The ISC plasmatic pulsar device (E11; Module C2): arming, the pulse train, splash (E11.32)."""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.ppd import fire, pulse, pulses_of, splash


def test_arming_gives_pulses_and_overloads():
    assert pulses_of(4, 4) == (4, False)  # E11.21: 4 + 4, four pulses
    assert pulses_of(4, 8) == (6, True) and pulses_of(4, 6) == (5, True)  # E11.61-62
    assert pulses_of(2, 2) == (2, False)  # E11.25 underload
    assert isinstance(pulses_of(5, 4), Refusal) and isinstance(pulses_of(4, 3), Refusal)


def test_the_e11_32_chart_in_the_splash():
    assert splash(8, 1) == {6: 1, 1: 4, 2: 1}  # 4-10: 1+4+1
    assert splash(12, 3) == {2: 1, 3: 3, 4: 1}  # 11-15: 1+3+1
    assert splash(27, 1) == {6: 1, 1: 1}  # 26-30: 1+1+0
    assert splash(35, 4) == {4: 1}  # 31-40: 0+1+0
    assert splash(8, 1, {1: 5, 2: 9}, hex_side=(1, 2)) == {1: 3, 2: 3}
    assert splash(12, 1, {1: 5, 2: 9}, hex_side=(1, 2)) == {1: 2, 2: 3}  # odd point to stronger


def test_an_isc_dreadnought_fires_a_ppd_volley():
    dn = load_library().get("ISC-DN")
    ppds = [f"ppd#{w.designator}" for w in dn.weapons_of("ppd")]
    assert len(ppds) == 4
    rolls = {"ppd#A": [9, None, None, None], "ppd#B": [10, 6, None, None],
             "ppd#C": [12, 12, 12, 12], "ppd#D": [3, None, None, None]}
    volleys = []
    for box in ppds:
        train = fire(box, "KLI-D7", 4, 8, turn=2, impulse=10)
        for roll in rolls[box]:
            done = pulse(train, 8, 8, roll, shield=1)
            train = done.train
            volleys.append((box, done.hit, done.total))
        assert train.pulses == 0
    hits = {box: sum(1 for b, h, _ in volleys if b == box and h) for box in ppds}
    assert hits == {"ppd#A": 4, "ppd#B": 3, "ppd#C": 0, "ppd#D": 4}  # lock after the first hit
    assert sum(t for _, _, t in volleys) == 11 * 6  # each pulse its own 6-point volley (E11.332)


def test_myopic_zone_and_range_limits():
    assert isinstance(fire("ppd#A", "X", 4, 3), Refusal)
    assert isinstance(fire("ppd#A", "X", 6, 9, overload=True), Refusal)
    train = fire("ppd#A", "X", 4, 5)
    locked = pulse(train, 5, 5, 2, shield=1).train
    assert pulse(locked, 3, 3, None, shield=1).damage == {}  # E11.51: locked, no damage
