"""The Admiral's Edition economy: EP collection and isolated grids (D1), deficit (D3), off-map
survey (D4), EPs to allies (D5), Tholian webs (E5), the ground-force pool (E7), reactivation (E8).

A planet's EP comes from its type (D1: homeworld 50, major 25, minor 15; a small planet, moon
or asteroid field with a mining station 10; a Hydran gas giant with a SAMS, MB, BS or BATS 20)
unless the planet record gives its own ``ep``: the race set-ups print 20 for the Kzinti and ISC
major planets where D1 says 25 (digest 7.2.1; the campaign option ``planet_income`` picks
"setup" or "rule", decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

PLANET_EP: dict[str, int] = {"homeworld": 50, "major": 25, "minor": 15, "mining": 10,
                             "gas_giant": 20}
SURVEY_EP: dict[str, int] = {"survey": 25, "scout_sc3": 15, "scout_sc4": 10, "sc3": 2, "sc4": 1}
SURVEY_CAP, SURVEY_CAP_HOMEWORLD_LOST = 25, 100  # D4
EP_PER_CARGO_BOX = 5  # D5
GROUND_FORCE_SHARE = Fraction(1, 10)  # E7: 10% of homeworld, major and minor planet EPs
GROUND_FORCE_CAPS = {"commandos": Fraction(1, 5), "vehicles": Fraction(2, 5)}  # E7 (turn grant)
WEB_HEX_EP, WEB_STRENGTH_EP = 1, Fraction(1, 4)  # E5
REACTIVATION_SHARE = Fraction(1, 4)  # E8: 25% of economic BPV


class EconomyError(ValueError):
    """An economic step the rules refuse; the message names the rule."""


def planet_ep(planet: dict, *, income_rule: str = "setup") -> int:
    """One planet's EPs a turn (D1). ``income_rule`` "setup" uses a planet's own ``ep`` when
    its race set-up prints one; "rule" always uses the D1 value for its type."""
    kind = planet.get("type", "")
    if kind not in PLANET_EP:
        raise EconomyError(f"planet {planet.get('name', '?')}: type is one of "
                           f"{', '.join(PLANET_EP)}, not {kind!r} (D1)")
    if kind == "mining" and not planet.get("mining_station", True):
        return 0
    if kind == "gas_giant" and not planet.get("hydran_base", False):
        return 0  # D1: only Hydrans with a SAMS, MB, BS or BATS in orbit collect
    if income_rule == "setup" and planet.get("ep") is not None:
        return int(planet["ep"])
    return PLANET_EP[kind]


@dataclass
class Collection:
    """Step 1 for one race: EPs by supply grid (the homeworld's grid is "main")."""

    by_grid: dict[str, int] = field(default_factory=dict)
    lines: list[tuple[str, int, str, str]] = field(default_factory=list)  # (what, EP, rule, grid)
    ground_force_ep: Fraction = Fraction(0)

    @property
    def total(self) -> int:
        return sum(self.by_grid.values())


def collect(planets: list[dict], race: str, *, income_rule: str = "setup",
            survey: list[str] = (), homeworld_lost: bool = False) -> Collection:
    """D1 and D4 for ``race``: each planet it controls pays into its supply grid (an isolated
    grid keeps its EPs for local production, D1); the off-map survey pays into the main grid."""
    out = Collection()
    core = 0
    for planet in planets:
        if planet.get("owner") != race:
            continue
        ep = planet_ep(planet, income_rule=income_rule)
        grid = planet.get("grid") or "main"
        out.by_grid[grid] = out.by_grid.get(grid, 0) + ep
        out.lines.append((f"{planet.get('name', '?')} ({planet['type']}, grid {grid})", ep, "(D1)", grid))
        if planet["type"] in ("homeworld", "major", "minor"):
            core += ep
    if survey:
        raw = sum(SURVEY_EP[s] for s in survey)
        cap = SURVEY_CAP_HOMEWORLD_LOST if homeworld_lost else SURVEY_CAP
        got = min(raw, cap)
        out.by_grid["main"] = out.by_grid.get("main", 0) + got
        out.lines.append((f"off-map survey ({len(survey)} ships, {raw} EP, cap {cap})", got, "(D4)", "main"))
    out.ground_force_ep = core * GROUND_FORCE_SHARE
    return out


def web_upkeep(hexes: int, strength: int = 0) -> Fraction:
    """E5: 1 EP per web hex at strength 0, plus 0.25 EP per strength point per hex, each turn."""
    if hexes < 0 or strength < 0:
        raise EconomyError("web hexes and strength are whole numbers >= 0 (E5)")
    return hexes * WEB_HEX_EP + hexes * strength * WEB_STRENGTH_EP


def cargo_box_ep(boxes: int) -> int:
    """D5: each cargo box carries 5 EPs to an ally."""
    return boxes * EP_PER_CARGO_BOX


def reactivation_cost(economic_bpv: Fraction | int) -> Fraction:
    """E8: reactivating a mothballed ship costs 25% of its economic BPV."""
    return Fraction(economic_bpv) * REACTIVATION_SHARE


def ground_force_limits(grant: Fraction) -> dict[str, Fraction]:
    """E7: of a turn's ground-force EPs, at most 20% on commandos, heavy weapon squads, combat
    engineers and CEVs, at most 40% on GCVs, GAVs, tanks, THZ, AAV, APV and CPV."""
    return {k: grant * share for k, share in GROUND_FORCE_CAPS.items()}
