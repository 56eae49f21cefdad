"""The Damage Allocation Chart on Andromedan ships (Module C2): power absorber boxes on Drone
hits (D10.51), displacement devices on Flag Bridge hits (G18.12), TR beams on Torp hits
(E9.12)."""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.damage.allocation import allocate_damage
from sfb_desk.rules.damage.state import DamageState, Volley


@pytest.fixture(scope="module")
def library():
    return load_library()


def _points(spec, rolls):
    result = allocate_damage(spec, DamageState.for_ship(spec), Volley(len(rolls)), list(rolls))
    return [(e.entry, e.box, e.note) for e in result.events]


def test_d10_51_a_drone_hit_takes_a_panel_box(library):
    # Roll 3, column A: Drone (bold); the Conquistador has no drone rack.
    (entry, box, note), second = _points(library.get("AND-CON"), [3, 3])
    assert entry == "Drone" and box.startswith("pa_") and note.startswith("D10.51")
    assert second[0] == "Phaser"  # Drone is bold: the second roll-3 point walks on (D4.31)
    assert _points(library.get("KLI-D7"), [3])[0][1].startswith("drone")  # racks first


def test_g18_12_a_flag_bridge_hit_takes_a_displacement_device(library):
    # Roll 2: Bridge (bold), then Flag Bridge (bold): the Conquistador has no flag bridge.
    points = _points(library.get("AND-CON"), [2, 2])
    assert points[1][:2] == ("Flag Bridge", "dd#C") and points[1][2].startswith("G18.12")
    # The Dominator's flag bridges go first.
    assert _points(library.get("AND-DOM"), [2, 2])[1][1] == "flag_bridge#1"


def test_e9_12_tr_beams_on_torp_hits_and_no_disdev_on_them(library):
    # Roll 11, column A: Torp (bold): a TR beam, never a displacement device.
    assert _points(library.get("AND-CON"), [11])[0][1].startswith("tr#")
