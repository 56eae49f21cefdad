"""Helpers shared by the tests/rules/test_damage_*.py files (no tests here)."""

from __future__ import annotations

from sfb_desk.rules.ship import ShipSpec, ShuttleBay, Weapon


def make_ship(weapons: tuple[Weapon, ...] = (), excess: int = 0, **counts: int) -> ShipSpec:
    """A ship with the given counted systems (``forward_hull=4``), tracks and shuttles."""
    tracks = {t: (0,) * counts.pop(t, 0) for t in ("sensor", "scanner", "damage_control")}
    shuttles = counts.pop("shuttle", 0)
    return ShipSpec(
        id="TEST-SHIP", race="GEN", race_name="test", class_code="T", name="test ship",
        systems=tuple(counts.items()),
        weapons=weapons,
        shuttle_bays=(ShuttleBay(shuttles),) if shuttles else (),
        sensor_track=tracks["sensor"],
        scanner_track=tracks["scanner"],
        damage_control_track=tracks["damage_control"],
        excess_damage=excess,
        crew_units=40,
        boarding_parties=10,
    )


def walk(result) -> list[tuple[str | None, str | None]]:
    return [(e.column, e.box) for e in result.events]
