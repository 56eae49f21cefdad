"""The Andromedan displacement device (Module C2, G18; rules/systems/displacement.py)."""

from __future__ import annotations

from sfb_desk.rules.hexes import STANDARD_MAP, FLOATING_MAP, hex_from_label
from sfb_desk.rules.systems import displacement as dd

OK = dict(kind=dd.ENEMY, rng=5, clock=100, fire_control=True, lock_on=True, cloaked=False,
          targeted_at=-999, displaced_at=-999, users=frozenset(), user="CON", target="D7")


def test_g18_33_success_table_against_a_non_andromedan_unit():
    # Range 0 -, 1-2 1-5, 3-15 1-4, 16-22 1-3, 23-31 1-2, 32-50 1.
    for rng, best in ((1, 5), (2, 5), (3, 4), (15, 4), (16, 3), (22, 3), (23, 2), (31, 2),
                      (32, 1), (50, 1)):
        assert dd.succeeds(dd.ENEMY, rng, best)
        assert not dd.succeeds(dd.ENEMY, rng, best + 1)
    assert not any(dd.succeeds(dd.ENEMY, 0, die) for die in range(1, 7))
    assert not dd.succeeds(dd.ENEMY, 3, 4, shift=1)  # the EW shift adds to the die


def test_g18_32_andromedan_targets():
    assert all(dd.succeeds(dd.SELF, 40, die) for die in range(1, 7))  # G18.322
    assert dd.succeeds(dd.FRIENDLY, 50, 5) and not dd.succeeds(dd.FRIENDLY, 1, 6)  # G18.323
    assert dd.succeeds(dd.LAUNCH, 0, 5) and not dd.succeeds(dd.LAUNCH, 0, 4, shift=2)
    assert dd.controlled(5) and not dd.controlled(6) and not dd.controlled(4, shift=2)  # G18.511
    assert dd.max_distance(dd.SELF) == 12 and dd.max_distance(dd.FRIENDLY) == 6  # G18.52
    assert dd.kind_of("CON", "CON", "AND", "AND") == dd.SELF
    assert dd.kind_of("CON", "INT", "AND", "AND") == dd.FRIENDLY
    assert dd.kind_of("CON", "COB", "AND", "AND", aboard=True) == dd.LAUNCH
    assert dd.kind_of("CON", "D7", "AND", "KLI") == dd.ENEMY


def test_g18_41_the_swap_is_one_way():
    # The rule's example: any 3 becomes a 6; a 6 stays a 6.
    assert dd.swapped(3, (3, 6)) == 6
    assert dd.swapped(6, (3, 6)) == 6
    assert dd.swapped(2, None) == 2


def test_landing_stops_at_a_fixed_map_edge():
    start = hex_from_label("2203")
    assert dd.landing(start, 1, 6, STANDARD_MAP).label == "2201"  # G18.68: stops at the edge
    assert dd.landing(start, 4, 6, STANDARD_MAP).label == "2209"
    assert dd.landing(start, 1, 6, FLOATING_MAP).key == "22.-3"  # no edge (shown as 2297)
    assert dd.deadly({"star", "dust"}) == "star" and dd.deadly({"asteroids"}) is None  # G18.66


def test_restrictions_refuse_with_their_rule():
    assert dd.check_use(**OK) is None
    cases = {
        "G18.13": dict(fire_control=False),
        "G18.72": dict(cloaked=True),
    }
    for rule, change in cases.items():
        assert dd.check_use(**{**OK, **change}).rule == rule
    assert dd.check_use(**{**OK, "lock_on": False}).rule == "G18.13"
    assert dd.check_use(**{**OK, "kind": dd.SELF, "lock_on": False, "target": "CON"}) is None
    assert dd.check_use(**{**OK, "rng": 0}).rule == "G18.33"
    assert dd.check_use(**{**OK, "rng": 51}).rule == "G18.33"
    assert dd.check_use(**{**OK, "targeted_at": 97}).rule == "G18.61"  # 4 impulses
    assert dd.check_use(**{**OK, "targeted_at": 96}) is None
    friendly = {**OK, "kind": dd.FRIENDLY, "targeted_at": 80}
    assert dd.check_use(**{**friendly, "displaced_at": 80}).rule == "G18.61"  # 32 impulses
    assert dd.check_use(**{**friendly, "displaced_at": 68}) is None
    two = frozenset({"INT", "DOM"})
    assert dd.check_use(**{**OK, "users": two}).rule == "G18.81"  # a third user
    assert dd.check_use(**{**OK, "users": two | {"CON"}}) is None
