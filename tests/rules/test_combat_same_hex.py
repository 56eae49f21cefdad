"""Range 0 once the shield facing the firer is named (D3.42) and overload modes fired only by
loads armed overloaded (E3.5, E4.4, E7.4, E7.42)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from sfb_desk.rules.combat.fire import check_overload, same_hex_situation, situation
from sfb_desk.rules.energy.arming import WeaponArming
from sfb_desk.rules.hexes import hex_from_label, neighbor
from sfb_desk.rules.ship import Weapon

HEX = hex_from_label("1010")


@pytest.mark.parametrize("target_facing", range(6))
@pytest.mark.parametrize("firer_facing", range(6))
def test_named_shield_places_the_firer_as_if_in_the_adjacent_hex(target_facing, firer_facing):
    """Naming shield k of the target puts the firer on the hex row of that shield: the target
    shield, the firer's own facing shield and the firer's point seen from the target are those
    of a firer one hex away in that direction."""
    at_0 = situation(HEX, firer_facing, HEX, target_facing)
    assert at_0.target_shield.same_hex
    for k in range(1, 7):
        named = same_hex_situation(at_0, firer_facing, HEX, target_facing, k)
        beside = situation(neighbor(HEX, (target_facing + k - 1) % 6), firer_facing, HEX,
                           target_facing)
        assert named.target_shield.shields == (k,)
        assert named.firer_shield == beside.firer_shield
        assert named.from_bearing == beside.from_bearing
        assert named.true_range == 0 and named.bearing == at_0.bearing


def test_same_hex_situation_refuses_other_ranges_and_shields():
    at_1 = situation(neighbor(HEX, 0), 0, HEX, 0)
    with pytest.raises(ValueError):
        same_hex_situation(at_1, 0, HEX, 0, 1)
    with pytest.raises(ValueError):
        same_hex_situation(situation(HEX, 0, HEX, 0), 0, HEX, 0, 7)


def weapon(kind: str, family: str) -> Weapon:
    return Weapon(family=family, designator="A", type=kind, arcs=("FA",))


@pytest.mark.parametrize("kind,family,rule", [
    ("DISRUPTOR", "disruptor", "E3.5"), ("PHOTON", "photon", "E4.4"),
    ("FUSION", "fusion", "E7.4"), ("HELLBORE", "hellbore", "E10.6"),
])
def test_overload_mode_needs_an_overloaded_load(kind, family, rule):
    w = weapon(kind, family)
    box = w.box_ids[0]
    standard = WeaponArming(box, kind, kind, (F(2),), complete=True)
    refused = check_overload(w, "overload", standard, "X")
    assert refused is not None and refused.rule == rule and box in refused.message
    assert check_overload(w, "overload", None) is not None  # empty: nothing to fire
    assert check_overload(w, "standard", standard) is None
    assert check_overload(w, None, standard) is None
    overloaded = WeaponArming(box, kind, kind, (F(4),), complete=True, overload=True)
    assert check_overload(w, "overload", overloaded) is None


def test_suicide_fusion_needs_a_suicide_overload():
    w = weapon("FUSION", "fusion")
    box = w.box_ids[0]
    overload = WeaponArming(box, "FUSION", "FUSION", (F(4),), complete=True, overload=True)
    suicide = WeaponArming(box, "FUSION", "FUSION", (F(7),), complete=True, overload=True)
    refused = check_overload(w, "suicide", overload)
    assert refused is not None and refused.rule == "E7.42"
    assert check_overload(w, "suicide", suicide) is None
