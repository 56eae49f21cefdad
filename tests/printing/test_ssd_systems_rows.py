"""The printed SSD's data table carries the ship-system facts the rules use: explosion strength
(D5.2) and the cloak's cost (G13.21)."""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.printing.ssd_parts import data_rows


def test_explosion_strength_and_cloak_cost_are_printed():
    library = load_library()
    ca = dict(data_rows(library.get("FED-CA")))
    kr = dict(data_rows(library.get("ROM-KR")))
    assert ca["Explosion strength"] == "18" and "Cloak cost" not in ca
    assert kr["Explosion strength"] == "17" and kr["Cloak cost"] == "20"
