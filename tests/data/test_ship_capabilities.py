"""What the ship browser says the program can and cannot do with a class (issue 16)."""

from sfb_desk.data.library import load_library
from sfb_desk.data.ship_capabilities import capabilities

LIB = load_library()


def test_a_carrier_says_its_fighters_are_not_played():
    can, cannot = capabilities(LIB.get("KZI-CVL"))
    assert any(line.startswith("play it in a duel") for line in can)
    assert any("fighters are not launched or played" in line for line in cannot)
    assert any(line.startswith("vouch for its box counts") for line in cannot)  # a draft


def test_a_verified_class_has_nothing_against_it_and_an_incomplete_one_cannot_play():
    can, cannot = capabilities(LIB.get("FED-CA"))
    assert cannot == [] and can
    can, cannot = capabilities(LIB.get("ROM-K9R"))
    assert cannot[0].startswith("play it: the ship file lacks shield box counts")
    _, cannot = capabilities(LIB.get("THO-C"))
    assert any("web generators (G10)" in line for line in cannot)

