"""Zones of control and cloaked detection (004 C4, C9) and planet control (004 D2).

C4: standard ships have a zone of control of 1 hex; scouts, X-ships and ships with a legendary
science officer 2; planets with 360-degree special-sensor ground stations, mobile bases, SAMS,
X-ships and scouts with a legendary science officer 3; larger orbital bases a special ZoC of
3. A fleet uses its best member's. A cloaked fleet is detected as if one hex further away (C4,
C9): scouts detect a cloaked ship at range 1, bases at range 2.

D2: an enemy planet is controlled with its defenses destroyed and GMGs (delivered by tug) plus
ground forces of offensive potential (D15.87): homeworld 3 and 30 BP equivalents, major 2 and
20, minor 1 and 10; commando ships in orbit stand in for garrison GMGs (size class 4 one, 3
two, 2 three). An unclaimed planet needs a minimum presence: a minor planet 1 GMG equivalent,
a major 2; a size class 4 ship counts 1, size class 3 or larger 2; 15 BP of offensive potential
count as 1 GMG; held at both the Order and the Reveal steps.
"""

from __future__ import annotations

from dataclasses import dataclass

ZOC = {"ship": 1, "scout": 2, "x_ship": 3, "science_officer": 2, "scout_science_officer": 3,
       "planet_sensors": 3, "mobile_base": 3, "sams": 3, "large_base": 3}
CONTROL = {"homeworld": (3, 30), "major": (2, 20), "minor": (1, 10)}  # (GMGs, BP equivalents)
MINIMUM_PRESENCE = {"minor": 1, "major": 2}
COMMANDO_GMG = {4: 1, 3: 2, 2: 3}
BP_PER_GMG = 15


def zone_of_control(kinds: list[str]) -> int:
    """A fleet's ZoC: its best member's (C4). ``kinds`` as in :data:`ZOC`."""
    unknown = [k for k in kinds if k not in ZOC]
    if unknown:
        raise ValueError(f"no ZoC for {unknown[0]!r}; kinds: {', '.join(ZOC)} (C4)")
    return max((ZOC[k] for k in kinds), default=0)


def detects(zoc: int, distance: int, *, cloaked: bool = False) -> bool:
    """C4, C9: a unit detects a fleet within its ZoC; a cloaked fleet as if one hex further."""
    return distance + (1 if cloaked else 0) <= zoc


@dataclass(frozen=True)
class ControlCheck:
    controlled: bool
    needs: str


def enemy_planet_control(kind: str, gmgs: int, bp_offensive: int, *,
                         commando_ships: list[int] = (), defenses_left: bool = False) -> ControlCheck:
    """D2 for a planet of the shaded (enemy) area."""
    if kind not in CONTROL:
        raise ValueError(f"planet kind is homeworld, major or minor, not {kind!r} (D2)")
    need_gmg, need_bp = CONTROL[kind]
    have = gmgs + sum(COMMANDO_GMG.get(sc, 0) for sc in commando_ships)
    ok = not defenses_left and have >= need_gmg and bp_offensive >= need_bp
    needs = (f"{need_gmg} GMGs (have {have}) and {need_bp} BP of offensive potential "
             f"(have {bp_offensive})" + ("; every defense destroyed first" if defenses_left else ""))
    return ControlCheck(ok, needs + " (D2)")


def unclaimed_presence(kind: str, ship_size_classes: list[int] = (), gmgs: int = 0,
                       bp_offensive: int = 0) -> ControlCheck:
    """D2's minimum presence on an unclaimed planet (to be held at Order and at Reveal)."""
    if kind not in MINIMUM_PRESENCE:
        raise ValueError(f"unclaimed planets are minor or major, not {kind!r} (D2)")
    have = gmgs + bp_offensive // BP_PER_GMG + sum(1 if sc >= 4 else 2 for sc in ship_size_classes)
    need = MINIMUM_PRESENCE[kind]
    return ControlCheck(have >= need, f"{need} GMG equivalent(s), have {have}; held at both the "
                        "Order and the Reveal steps (D2)")
