"""Seeking weapons move on the Impulse Chart with turn mode 1 and pursue their target (F2)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.hexes import Hex, hex_from_label, hex_range, neighbor
from sfb_desk.rules.movement.seekers import impact, move_seeker
from sfb_desk.rules.units import new_seeker


def drone(at="1010", facing=0, speed=20, target="ENT"):
    return new_seeker("D1", "kli", hex=hex_from_label(at), facing=facing, speed=speed,
                      target=target)


def test_target_dead_ahead_goes_straight():
    d = drone(at="1010", facing=0)
    after = move_seeker(d, hex_from_label("1005"))
    assert after.hex == hex_from_label("1009") and after.facing == 0
    assert after.travelled == 1 and after.straight == d.straight + 1


def test_seeker_turns_toward_a_target_behind_it_every_hex():
    d = drone(at="1010", facing=0)
    target = hex_from_label("1015")  # dead astern
    facings = []
    for _ in range(3):
        d = move_seeker(d, target)
        facings.append(d.facing)
    assert facings == [1, 2, 3]  # turn mode 1: a turn on every hex (dead astern: right)


def test_next_to_the_target_the_seeker_enters_its_hex_or_gains_room():
    d = drone(at="1010", facing=0)
    beside = neighbor(hex_from_label("1010"), 1)  # the B neighbour: reachable by a right turn
    assert move_seeker(d, beside).hex == beside
    abeam = neighbor(hex_from_label("1010"), 2)  # the C neighbour: not reachable this move
    assert move_seeker(d, abeam).hex == neighbor(hex_from_label("1010"), 0)


def test_no_target_means_straight_on():
    d = drone(at="1010", facing=2)
    assert move_seeker(d, None).hex == neighbor(hex_from_label("1010"), 2)


@given(
    st.integers(-8, 8), st.integers(-8, 8), st.integers(0, 5), st.integers(-8, 8),
    st.integers(-8, 8),
)
def test_seeker_reaches_a_stationary_target(q, r, facing, tq, tr):
    """Property: with turn mode 1 a seeker always reaches a stationary target, within range + 6
    hexes (turning round takes a few hexes, F2)."""
    start, target = Hex(q, r), Hex(tq, tr)
    d = new_seeker("D", "a", hex=start, facing=facing, speed=32, target="T")
    budget = hex_range(start, target) + 6
    for _ in range(budget):
        if d.hex == target:
            break
        d = move_seeker(d, target)
    assert d.hex == target


def test_impact_event():
    d = drone(at="1010")
    from sfb_desk.rules.units import MoveProfile, new_ship

    ship = new_ship("ENT", "fed", MoveProfile(), hex=hex_from_label("1010"), facing=0)
    ev = impact(d, ship)
    assert ev.kind == "impact" and ev.get("target") == "ENT" and ev.get("hex") == "1010"
