"""The SSD box layout places every box exactly once, inside its group, with no overlaps."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sfb_desk.printing.ssd_layout import BOX, layout_ssd
from sfb_desk.rules.ship import ShipSpec, ShuttleBay, SpecialSystem, Weapon

FED_CA_LIKE = ShipSpec(
    id="FED-CA", race="FED", race_name="Federation", class_code="CA", name="Heavy Cruiser",
    size_class=3, move_cost=Fraction(1), turn_mode="D",
    sensor_track=(6, 6, 5, 3, 1, 0), scanner_track=(0, 0, 1, 3, 5, 9),
    damage_control_track=(4, 4, 2, 2, 2, 0), excess_damage=6,
    shields=(30, 24, 20, 20, 20, 24),
    systems=(("bridge", 2), ("emergency_bridge", 2), ("aux_control", 2), ("left_warp", 15),
             ("right_warp", 15), ("impulse", 4), ("battery", 4), ("forward_hull", 12),
             ("aft_hull", 4), ("lab", 8), ("transporter", 3), ("tractor", 2), ("probe", 1)),
    weapons=tuple(Weapon(str(i), "PH-1", "phaser", ("FH",)) for i in range(1, 7))
    + tuple(Weapon(d, "PHOTON", "photon", ("FA",)) for d in "ABCD"),
    shuttle_bays=(ShuttleBay(4, ("admin",) * 4),),
    special=(SpecialSystem("probe_ammo", "Probe ammunition", 5, damageable=False),),
)


def _overlap(a, b) -> bool:
    return not (a.x + a.width <= b.x or b.x + b.width <= a.x
                or a.y + a.height <= b.y or b.y + b.height <= a.y)


@pytest.mark.parametrize("width", [30.0, 45.0, 60.0, 120.0])
def test_every_box_once_inside_its_group_and_no_overlap(width):
    layout = layout_ssd(FED_CA_LIKE, width)
    placed = [cell.box_id for group in layout.groups for cell in group.cells]
    assert sorted(placed) == sorted(FED_CA_LIKE.box_ids())
    assert len(placed) == len(set(placed))
    for group in layout.groups:
        for cell in group.cells:
            assert group.x <= cell.x and cell.x + BOX <= group.x + group.width + 1e-9
            assert group.y <= cell.y and cell.y + BOX <= group.y + group.height + 1e-9
    for i, a in enumerate(layout.groups):
        for b in layout.groups[i + 1:]:
            assert not _overlap(a, b), (a.title, b.title)
    assert layout.width <= max(width, max(g.width for g in layout.groups)) + 1e-9


def test_cell_at_finds_boxes_and_gaps():
    layout = layout_ssd(FED_CA_LIKE, 60.0)
    first = layout.groups[0].cells[0]
    assert layout.cell_at(first.x + 0.5, first.y + 0.5).box_id == first.box_id
    assert layout.cell_at(-5.0, -5.0) is None


def test_track_values_are_printed_in_their_boxes():
    layout = layout_ssd(FED_CA_LIKE, 60.0)
    sensor = next(g for g in layout.groups if g.title == "Sensor")
    assert [c.text for c in sensor.cells] == ["6", "6", "5", "3", "1", "0"]
    photons = next(g for g in layout.groups if g.title == "Photon torpedo")
    assert [c.text for c in photons.cells] == ["A", "B", "C", "D"]
    assert photons.caption == "A:FA B:FA C:FA D:FA"
