"""Range 0 once the shield facing the firer is named (D3.42)."""

from __future__ import annotations

import pytest

from sfb_desk.rules.combat.fire import same_hex_situation, situation
from sfb_desk.rules.hexes import hex_from_label, neighbor

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

