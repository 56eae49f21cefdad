"""Tractor beams in the rules layer (G7; systems-facts section 1; the D22.56 example)."""

from __future__ import annotations

from sfb_desk.rules.systems import tractors as tr


def _check(state=tr.NO_TRACTORS, **kw):
    facts = dict(holder="ENT", target="KD1", box="tractor#1",
                 boxes=("tractor#1", "tractor#2"), rng=1, power=1, energy_left=2, clock=10,
                 lock_on=True)
    facts.update(kw)
    return tr.check_link(state, **facts)


def test_range_and_cost_g7_31_g7_6():
    assert tr.link_cost(0, False) == 1 and tr.link_cost(1, False) == 1
    assert tr.link_cost(2, False).rule == "G7.31"
    # D22.56: a beam "with three points of power is holding an enemy fighter at a range of
    # three hexes" (extended range, G7.62); range 2 costs 2 (G7.61); range 4 never.
    assert tr.link_cost(3, True) == 3 and tr.link_cost(2, True) == 2
    assert tr.link_cost(4, True).rule == "G7.6"


def test_an_extended_range_beam_has_one_effective_point_g7_63():
    assert _check(rng=3, power=3, energy_left=5, extended=True) == 1
    assert _check(rng=1, power=3, energy_left=5) == 3


def test_refusals_name_the_rule():
    assert _check(box="tractor#3").rule == "G7.11"
    assert _check(power=3).rule == "G7.15"  # only 2 tractor power left
    assert _check(lock_on=False).rule == "G7.41"
    assert _check(cloaked=True).rule == "G13.51"
    assert _check(rng=2).rule == "G7.31"


def test_negative_tractor_tie_goes_to_the_defender_g7_352():
    assert tr.holds(2, 1) and not tr.holds(2, 2) and not tr.holds(1, 3)


def test_once_a_turn_and_eight_impulses_after_release_g7_13():
    link = tr.TractorLink("ENT", "KD1", "tractor#1", 1, 1, 10)
    state = tr.attach(tr.spend(tr.NO_TRACTORS, "ENT", "tractor#1", 1), link)
    assert _check(state, target="KD2").rule == "G7.11"  # the box holds a link
    state = tr.release(state, link, 30)
    assert _check(state, target="KD2", clock=31).rule == "G7.13"  # used this turn
    state = tr.new_turn(state, 32)
    assert _check(state, target="KD2", clock=37).rule == "G7.13"  # within 8 impulses
    assert _check(state, target="KD2", clock=38) == 1
    assert state.spent_by("ENT") == 0


def test_a_held_unit_tractors_only_its_captor_g7_91():
    state = tr.attach(tr.NO_TRACTORS, tr.TractorLink("KRT", "ENT", "tractor#1", 1, 1, 5))
    assert _check(state, target="KD1").rule == "G7.91"
    assert _check(state, target="KRT") == 1


def test_pseudo_speed_and_towing_g7_36_g7_32():
    # Two equal ships at speed 20 move the pair at 10 each (G7.36).
    assert tr.pseudo_speed(20, 1, 1) == 10
    assert tr.pseudo_speed(20, 1, 0.5) == 13
    # SG22.5: speed 3 or more "including the cost of towing the freighter".
    assert tr.towing_speed(6, 1, 1) == 3 and tr.towing_speed(5, 1, 1) == 2
