"""The Impulse Chart (C1.4) against the reference listing, all 32 speeds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.impulse import (
    IMPULSE_CHART,
    impulses_for,
    moves_on,
    speeds_moving_on,
)

# Copied by hand from ../shared/reference/basic-set-facts.md section 5.2 ("Expanded from the
# rule"), including its shorthand rows.
REFERENCE = """
 1: 32
 2: 16,32
 3: 11,22,32
 4: 8,16,24,32
 5: 7,13,20,26,32
 6: 6,11,16,22,27,32
 7: 5,10,14,19,23,28,32
 8: 4,8,12,16,20,24,28,32
 9: 4,8,11,15,18,22,25,29,32
10: 4,7,10,13,16,20,23,26,29,32
11: 3,6,9,12,15,18,21,24,27,30,32
12: 3,6,8,11,14,16,19,22,24,27,30,32
13: 3,5,8,10,13,15,18,20,23,25,28,30,32
14: 3,5,7,10,12,14,16,19,21,23,26,28,30,32
15: 3,5,7,9,11,13,15,18,20,22,24,26,28,30,32
16: every even impulse
17: 2,4,6,8,10,12,14,16,17,19,21,23,25,27,29,31,32
18: 2,4,6,8,9,11,13,15,16,18,20,22,24,25,27,29,31,32
19: 2,4,6,7,9,11,12,14,16,17,19,21,22,24,26,27,29,31,32
20: 2,4,5,7,8,10,12,13,15,16,18,20,21,23,24,26,28,29,31,32
21: 2,4,5,7,8,10,11,13,14,16,17,19,20,22,23,25,26,28,29,31,32
22: 2,3,5,6,8,9,11,12,14,15,16,18,19,21,22,24,25,27,28,30,31,32
23: 2,3,5,6,7,9,10,12,13,14,16,17,19,20,21,23,24,26,27,28,30,31,32
24: all except 1,5,9,13,17,21,25,29
25: all except 1,5,10,14,19,23,28
26: all except 1,6,11,17,22,27
27: all except 1,7,13,20,26
28: all except 1,9,17,25
29: all except 1,11,22
30: all except 1,17
31: 2..32
32: 1..32
"""


def _parse(text: str) -> dict[int, tuple[int, ...]]:
    out: dict[int, tuple[int, ...]] = {}
    for line in text.strip().splitlines():
        speed, spec = line.split(":")
        spec = spec.strip()
        if spec == "every even impulse":
            impulses = range(2, 33, 2)
        elif spec.startswith("all except "):
            skip = {int(x) for x in spec.removeprefix("all except ").split(",")}
            impulses = [i for i in range(1, 33) if i not in skip]
        elif ".." in spec:
            low, high = spec.split("..")
            impulses = range(int(low), int(high) + 1)
        else:
            impulses = [int(x) for x in spec.split(",")]
        out[int(speed)] = tuple(impulses)
    return out


EXPECTED = _parse(REFERENCE)


def test_reference_listing_covers_every_speed():
    assert sorted(EXPECTED) == list(range(1, 33))


@pytest.mark.parametrize("speed", range(1, 33))
def test_impulses_for_matches_the_reference(speed):
    assert impulses_for(speed) == EXPECTED[speed]
    assert IMPULSE_CHART[speed] == EXPECTED[speed]


@pytest.mark.parametrize("speed", range(1, 33))
def test_moves_on_matches_the_reference(speed):
    moving = {i for i in range(1, 33) if moves_on(speed, i)}
    assert moving == set(EXPECTED[speed])


def test_peer_verified_samples():
    # jonathanpowles, verified against the SFB Online client (basic-set-facts 5.2).
    assert impulses_for(7) == (5, 10, 14, 19, 23, 28, 32)
    assert impulses_for(9) == (4, 8, 11, 15, 18, 22, 25, 29, 32)


def test_speed_zero_never_moves():
    assert impulses_for(0) == ()
    assert not any(moves_on(0, i) for i in range(1, 33))


def test_speeds_moving_on_is_the_chart_read_by_column():
    for impulse in range(1, 33):
        expected = tuple(s for s in range(1, 33) if impulse in EXPECTED[s])
        assert speeds_moving_on(impulse) == expected
    assert speeds_moving_on(1) == (32,)


@pytest.mark.parametrize(
    ("speed", "impulse"), [(-1, 1), (33, 1), (9, 0), (9, 33), (9.0, 4), (9, 4.0), (None, 1)]
)
def test_out_of_chart_arguments_are_programmer_errors(speed, impulse):
    with pytest.raises((ValueError, TypeError)):
        moves_on(speed, impulse)


@pytest.mark.parametrize("speed", [-1, 33, 9.5])
def test_impulses_for_refuses_speeds_outside_the_chart(speed):
    with pytest.raises(ValueError, match="C1.4"):
        impulses_for(speed)


@given(st.integers(0, 32))
def test_a_unit_at_speed_s_moves_exactly_s_times(speed):
    assert sum(moves_on(speed, i) for i in range(1, 33)) == speed
    assert len(impulses_for(speed)) == speed


@given(st.integers(1, 32), st.integers(1, 32))
def test_moves_are_spread_evenly(speed, impulse):
    """After impulse i a unit has moved floor(S*i/32) hexes (C1.4)."""
    done = sum(moves_on(speed, i) for i in range(1, impulse + 1))
    assert done == speed * impulse // 32


@given(st.integers(1, 32))
def test_every_moving_unit_moves_on_impulse_32(speed):
    assert moves_on(speed, 32)
    assert impulses_for(speed)[-1] == 32
