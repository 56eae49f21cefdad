"""The battle builder: a campaign battle as a desk scenario (004 G1-G6, I2, I3).

Every template starts its ships at weapon status III and maximum speed (G2-G5), set up within a
radius of an anchor hex. The desk plays G1's "single map floating around a center point" form
(the 2x2 fixed map is not a desk map): the templates' floating-map anchors are used.

| Template | Side 1 (anchor, radius, heading) | Side 2 | Disengagement |
|---|---|---|---|
| G2 occupied hex | defender: 4230, 5, own heading | attacker: 0101, 5, C | any direction |
| G3 meeting | 0101, 5, C | 4230, 5, F | any direction |
| G4 screening | screened: 2201, 2, D | screeners: 2230, 2, A | none before Impulse 1 of Turn 5 |
| G5 pinning | pinned: 0101, 5, C | pinners: 4230, 2, F | pinners any; pinned advance by crossing row 01xx/xx01 by the end of Turn 4 |
| Patrol/raid freighter defence (I2, I3) | as G2, freighters and Q-ships at speed 0 | | freighters only over a map edge |

Each ship carries its campaign damage (the scenario unit's ``damage``). A legendary admiral on
a flagship may start the enemy one weapon status lower (I1). Rules the desk does not enforce
(G4's disengagement delay, G5's advance) are written into the scenario's special rules and its
status limitations, so the players see them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.hexes import Hex, hex_from_label, hex_range, hexes_within
from ...rules.ship import ShipSpec
from ..ships import CampaignShip

WEAPON_STATUS = 3  # G2-G5: WS-III


@dataclass(frozen=True)
class Placement:
    anchor: str
    radius: int
    facing: str | None  # None: the owner chooses (G2's defender); the desk uses the default
    role: str


TEMPLATES: dict[str, tuple[str, Placement, Placement, str, str]] = {
    # key: (title, side 1, side 2, disengagement text, rule)
    "G2": ("Previously occupied hex", Placement("4230", 5, None, "defender"),
           Placement("0101", 5, "C", "attacker"), "Disengagement in any direction.", "G2"),
    "G3": ("Meeting engagement", Placement("0101", 5, "C", "fleet 1"),
           Placement("4230", 5, "F", "fleet 2"), "Disengagement in any direction.", "G3"),
    "G4": ("Screening", Placement("2201", 2, "D", "screened"),
           Placement("2230", 2, "A", "screeners"),
           "No disengagement before Impulse 1 of Turn 5 unless one side is destroyed.", "G4"),
    "G5": ("Pinning", Placement("0101", 5, "C", "pinned"), Placement("4230", 2, "F", "pinners"),
           "Pinners disengage in any direction. The pinned fleet advances if by the end of Turn 4 "
           "its ships move the center point off through row 01xx or xx01, or every pinner is "
           "disengaged, destroyed or captured.", "G5"),
}
TEMPLATES["PATROL-G2"] = ("Freighter defence (patrol or raid)", TEMPLATES["G2"][1],
                          TEMPLATES["G2"][2], "Freighters and Q-ships disengage only over a map "
                          "edge; others in any direction.", "I2")
DEFENDER_FACING = "F"  # G2's defender chooses its heading; the desk's default faces the attacker


class BattleError(ValueError):
    """A battle the builder cannot set up; the message says why."""


def positions(anchor: str, radius: int, count: int) -> list[str]:
    """``count`` distinct hexes on the 42x30 map within ``radius`` of ``anchor``, nearest
    first (then by label, so the set-up is the same every time)."""
    centre = hex_from_label(anchor)
    spots = [h for h in hexes_within(centre, radius) if 1 <= h.col <= 42 and 1 <= h.row <= 30]
    spots.sort(key=lambda h: (hex_range(centre, h), h.key))
    if len(spots) < count:
        raise BattleError(f"{count} ships do not fit within {radius} hexes of {anchor}")
    return [h.label for h in spots[:count]]


def _unit(ship: CampaignShip, spec: ShipSpec, hex_: str, place: Placement, ws: int,
          speed: int | str) -> dict:
    doc = {"ship": spec.id, "name": ship.name or ship.id, "hex": hex_,
           "within": place.radius, "facing": place.facing or DEFENDER_FACING, "speed": speed,
           "weapon_status": ws}
    damage = sorted(ship.destroyed & set(spec.box_ids()))
    if damage:
        doc["damage"] = damage
    if ship.crew_units_lost:
        doc["crew_units_lost"] = min(ship.crew_units_lost, spec.crew_units or 0)
    if ship.boarding_parties_lost:
        doc["boarding_parties_lost"] = min(ship.boarding_parties_lost, spec.boarding_parties or 0)
    return doc


def build_battle(template: str, battle_id: str, title: str, sides: list[tuple[str, list]], *,
                 specs: dict[str, ShipSpec], turns: int = 10, year: int | None = None,
                 admiral_lowers: str | None = None, zero_speed: tuple[str, ...] = ()) -> dict:
    """The scenario document (sfb-desk-scenario v1) of a campaign battle.

    ``sides``: two (side name, [CampaignShip]) pairs in the template's order. ``admiral_lowers``:
    the name of a side whose legendary admiral starts the other side one weapon status lower
    (I1). ``zero_speed``: ids of freighters and Q-ships that start at speed 0 (I2, I3).
    """
    if template not in TEMPLATES:
        raise BattleError(f"no battle template {template!r}; templates: {', '.join(TEMPLATES)}")
    if len(sides) != 2:
        raise BattleError("a campaign battle has two sides (G1: allies fight together)")
    head, first, second, disengage, rule = TEMPLATES[template]
    battle_id = scenario_id(battle_id)
    out_sides = []
    for (name, ships), place in zip(sides, (first, second)):
        if not ships:
            raise BattleError(f"{name} brings no ships to the battle")
        ws = WEAPON_STATUS - (1 if admiral_lowers and admiral_lowers != name else 0)
        units = []
        for ship, hex_ in zip(ships, positions(place.anchor, place.radius, len(ships))):
            spec = specs[ship.ship]
            speed = 0 if ship.id in zero_speed else "max"
            units.append(_unit(ship, spec, hex_, place, ws, speed))
        out_sides.append({"name": name, "units": units})
    unplayable = sorted({s.ship for _, ships in sides for s in ships if not specs[s.ship].complete})
    limitations = [f"{rule}: {disengage} (not enforced by the desk; the players keep it)"]
    if template in ("G4", "G5"):
        limitations.append(f"{rule}: the 2x2 fixed map is played as the floating map (G1)")
    status = {"playable": not unplayable, "limitations": limitations}
    if unplayable:
        status["reason"] = "the library lacks box counts for " + ", ".join(unplayable)
    scenario = {"id": battle_id, "title": title, "origin": "practice",
                "summary": f"{head} ({rule}), SFB Campaign Rules, The Admiral's Edition.",
                "notes": [f"Campaign battle: {head} ({rule}). Set-up within {first.radius} "
                          f"hexes of {first.anchor} and within {second.radius} of {second.anchor}, "
                          "weapon status III, maximum speed (G2-G5)."]}
    if year is not None:
        scenario["year"] = year
    return {
        "format": "sfb-desk-scenario", "format_version": 1, "scenario": scenario,
        "status": status, "map": {"kind": "floating", "note": "G1: a 42x30 map floating around "
                                  "the center point"},
        "length": {"turns": turns, "until": "one side destroyed or disengaged, or the last turn"},
        "special_rules": [{"text": disengage}],
        "sides": out_sides,
        "victory": {"kind": "standard", "text": "Standard Victory Conditions (S2.20); the "
                    "campaign takes each ship's fate and damage from the result."},
    }


def scenario_id(battle_id: str) -> str:
    """The desk's id of a campaign battle: ``PRACTICE-CAMPAIGN-...`` (an SFB Desk set-up built
    from the rulebook's templates, not a rulebook scenario: FORMAT.md origin "practice")."""
    clean = "-".join(p for p in "".join(c if c.isalnum() else "-" for c in battle_id.upper()).split("-") if p)
    if not clean:
        raise BattleError(f"a battle id needs letters or digits, not {battle_id!r}")
    return clean if clean.startswith("PRACTICE-CAMPAIGN-") else f"PRACTICE-CAMPAIGN-{clean}"


def anchor_distance(template: str) -> int:
    """Hexes between the two anchors of a template (a check on the table above)."""
    _, a, b, _, _ = TEMPLATES[template]
    return hex_range(hex_from_label(a.anchor), hex_from_label(b.anchor))


__all__ = ["TEMPLATES", "BattleError", "Hex", "build_battle", "positions", "anchor_distance",
           "scenario_id"]
