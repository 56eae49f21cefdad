"""Explosions and self-destruction in the rules layer (D5; systems-facts section 5)."""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.hexes import hex_from_label, neighbor
from sfb_desk.rules.systems import (
    Placed,
    check_self_destruct,
    explosion_radius,
    explosion_strength,
    victims,
)


@pytest.mark.parametrize("ship, strength", [
    # The Master Ship Chart's Explo Str column (D5.2), systems-facts 5's examples.
    ("FED-CA", 18), ("FED-DD", 12), ("FED-FF", 8), ("KLI-D7", 19), ("KLI-F5", 10),
    ("ROM-KR", 17), ("ROM-WE", 13),
])
def test_explosion_strength_is_the_master_ship_chart_value(ship, strength):
    assert explosion_strength(load_library().get(ship)) == strength


CORE = ("FED-CA", "FED-CL", "FED-DD", "FED-DN", "FED-FF", "GOR-CA", "HYD-RN", "KLI-C8",
        "KLI-D6", "KLI-D7", "KLI-F5", "KZI-BC", "KZI-CS", "KZI-FF", "LYR-CA", "ORI-CR", "ORI-LR",
        "ROM-KR", "ROM-WE", "THO-CA", "THO-PC")


def test_every_complete_core_ship_has_its_explosion_strength_labelled_by_source():
    """The complete core ships (reference/core_ships.json) carry the Master Ship Chart value,
    and say where it came from."""
    library = load_library()
    for ship in CORE:
        spec = library.get(ship)
        assert explosion_strength(spec) is not None, ship
        assert "Master Ship Chart" in dict(spec.extra)["explosion_strength_source"], ship


def test_zone_is_own_hex_below_10_and_adjacent_hexes_from_10():
    """D5.41: strength >= 10 reaches the 6 adjacent hexes; <= 9 only the own hex."""
    assert explosion_radius(9) == 0 and explosion_radius(10) == 1 and explosion_radius(31) == 1
    here = hex_from_label("2215")
    next_door = neighbor(here, 0)
    two_away = neighbor(next_door, 0)
    units = [Placed("A", here, 0), Placed("B", next_door, 3), Placed("C", two_away, 0),
             Placed("X", here, 0)]
    assert [v.unit for v in victims(here, 10, units, exclude="X")] == ["A", "B"]
    assert [v.unit for v in victims(here, 9, units, exclude="X")] == ["A"]
    b = victims(here, 18, units, exclude="X")[1]
    # B faces D (toward the exploding ship): its shield #1 takes the explosion, range 1.
    assert b.range == 1 and b.shield.shields == (1,)
    # The same hex: no direction, the owner names the shield (D3.42).
    assert victims(here, 18, units, exclude="X")[0].shield.same_hex


def test_self_destruct_limits_d5_51():
    facts = dict(crew_units=43, crew_lost=0, other_friendly_ships=1)
    refusal = check_self_destruct("ENT", **facts)
    assert refusal is not None and refusal.rule == "D5.51"
    assert check_self_destruct("ENT", **dict(facts, crew_lost=41)) is None  # 2 left
    assert check_self_destruct("ENT", **dict(facts, crew_lost=40)) is not None  # 3 left
    assert check_self_destruct("ENT", **dict(facts, other_friendly_ships=0)) is None
    assert check_self_destruct("ENT", **facts, enemy_parties_aboard=3,
                               friendly_parties_aboard=2) is None
    assert check_self_destruct("ENT", **facts, limits=False) is None
    docked = check_self_destruct("ENT", **facts, limits=False, docked_inside=True)
    assert docked is not None and docked.rule == "C13.4812"
