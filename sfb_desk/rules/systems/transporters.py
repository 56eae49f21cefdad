"""Transporters (G8) and hit-and-run raids (D7.8), as pure functions.

* **Transporters** (G8): each undamaged transporter box may be used once a turn (G8.11); each
  use needs its energy, 1 power for up to 5 uses (G8.13: the EA line counts uses paid); range 5
  (G8.14); not through an active shield: the user's shield facing the target and the target's
  shield facing the user must be dropped, down or without boxes (G8.21); not while cloaked or
  fading (G13.51) or on erratic maneuvers (G8.17); a lock-on to an enemy target (D6.124).
* **Hit-and-run raids** (D7.8): one boarding party beamed over (one transporter use, in and
  out, D7.821) against a box the raider names (D7.81). Not damage control or excess damage;
  on the sensor and scanner tracks only the top undestroyed box (D7.823). A guarded box (one
  guard at most, D7.83) is first rolled on the raid-against-guards table. The raid table
  (D7.81, 1d6, low is good for the raider; a poor crew adds 1, an outstanding one subtracts
  1, G21.141/G21.241):

  ======================  ======  ========  ===========  ====
  Result                  Normal  Commando  Outstanding  Poor
  ======================  ======  ========  ===========  ====
  System destroyed,       1       1         1-2          -
  party returns
  System and party        2       2-3       3            1
  destroyed
  Party destroyed         3-5     4         4            2-4
  Party returns           6       5-6       5-6          5-6
  ======================  ======  ========  ===========  ====
"""

from __future__ import annotations

from dataclasses import dataclass

from ..results import Refusal

TRANSPORTER_RANGE = 5  # G8.14
USES_PER_POWER = 5  # G8.13
NORMAL, COMMANDO, OUTSTANDING, POOR = "normal", "commando", "outstanding", "poor"

#: D7.81: per column, the highest roll of each result (system+return, system+lost, lost, back).
SYSTEM_RETURNS, SYSTEM_AND_PARTY, PARTY_LOST, PARTY_RETURNS = (
    "system destroyed, party returns", "system and party destroyed", "party destroyed",
    "party returns, nothing happens")
RAID_TABLE: dict[str, tuple[tuple[int, str], ...]] = {
    NORMAL: ((1, SYSTEM_RETURNS), (2, SYSTEM_AND_PARTY), (5, PARTY_LOST), (6, PARTY_RETURNS)),
    COMMANDO: ((1, SYSTEM_RETURNS), (3, SYSTEM_AND_PARTY), (4, PARTY_LOST), (6, PARTY_RETURNS)),
    OUTSTANDING: ((2, SYSTEM_RETURNS), (3, SYSTEM_AND_PARTY), (4, PARTY_LOST),
                  (6, PARTY_RETURNS)),
    POOR: ((1, SYSTEM_AND_PARTY), (4, PARTY_LOST), (6, PARTY_RETURNS)),
}
#: D7.83 raids against a guard (the client's chart; Low): party destroyed, returns, goes ahead.
GUARD_LOST, GUARD_BACK, GUARD_AHEAD = "party destroyed by the guard", "party returns", "goes ahead"
GUARD_TABLE: dict[str, tuple[tuple[int, str], ...]] = {
    NORMAL: ((3, GUARD_LOST), (5, GUARD_BACK), (6, GUARD_AHEAD)),
    COMMANDO: ((2, GUARD_LOST), (3, GUARD_BACK), (6, GUARD_AHEAD)),
    OUTSTANDING: ((2, GUARD_LOST), (4, GUARD_BACK), (6, GUARD_AHEAD)),
    POOR: ((4, GUARD_LOST), (5, GUARD_BACK), (6, GUARD_AHEAD)),
}
NOT_RAIDABLE = ("damage_control", "excess_damage")  # D7.823
TRACKS = ("sensor", "scanner")


@dataclass(frozen=True, slots=True)
class RaidResult:
    """One raid resolved: the result line, whether the box is destroyed and the party lost."""

    result: str
    box_destroyed: bool
    party_lost: bool


def _read(table: tuple[tuple[int, str], ...], roll: int) -> str:
    r = min(max(roll, 1), 6)
    for top, result in table:
        if r <= top:
            return result
    return table[-1][1]


def raid_result(roll: int, column: str = NORMAL) -> RaidResult:
    """D7.81: the raid table's line for ``roll`` (1d6, already modified) in ``column``."""
    result = _read(RAID_TABLE[column], roll)
    return RaidResult(result, result in (SYSTEM_RETURNS, SYSTEM_AND_PARTY),
                      result in (SYSTEM_AND_PARTY, PARTY_LOST))


def guard_result(roll: int, column: str = NORMAL) -> str:
    """D7.83: a raid on a guarded box first meets the guard (the client's chart)."""
    return _read(GUARD_TABLE[column], roll)


def uses_paid(transporters_line: int) -> int:
    """G8.13: the EA transporter line counts uses; its cost is 1 power per 5 uses."""
    return max(int(transporters_line), 0)


def transport_refusal(
    user: str,
    target: str,
    *,
    rng: int,
    free_transporters: int,
    uses_left: int,
    own_shield_down: bool,
    target_shield_down: bool,
    lock_on: bool = True,
    cloaked: bool = False,
    em: bool = False,
) -> Refusal | None:
    """May ``user`` use a transporter on ``target`` now (G8, module docstring)? None if so."""
    if cloaked:
        return Refusal("G13.51", f"{user} is cloaked (or fading) and cannot use transporters")
    if em:
        return Refusal("G8.17", f"{user} is on erratic maneuvers and cannot use transporters")
    if free_transporters <= 0:
        return Refusal("G8.11", f"{user} has no working transporter left this turn (each is "
                                "used once a turn)")
    if uses_left <= 0:
        return Refusal("G8.13", f"{user} paid for no more transporter uses this turn")
    if rng > TRANSPORTER_RANGE:
        return Refusal("G8.14", f"transporters reach {TRANSPORTER_RANGE} hexes; {target} is at "
                                f"range {rng}")
    if not own_shield_down:
        return Refusal("G8.21", f"{user}'s shield facing {target} is up: drop it first (D3.5)")
    if not target_shield_down:
        return Refusal("G8.21", f"{target}'s shield facing {user} is up: a transporter does not "
                                "work through an active shield")
    if not lock_on:
        return Refusal("D6.124", f"{user} has no lock-on to {target}")
    return None


def raid_target_refusal(box: str, ship_boxes: tuple[str, ...], destroyed: frozenset[str]) -> Refusal | None:
    """D7.81/D7.823: may a raid name ``box`` of a ship with ``ship_boxes``?"""
    if box not in ship_boxes:
        return Refusal("D7.81", f"the ship has no box {box!r}")
    if box in destroyed:
        return Refusal("D7.81", f"{box} is already destroyed")
    system = box.split("#")[0]
    if system in NOT_RAIDABLE:
        return Refusal("D7.823", f"a raid cannot hit a {system.replace('_', ' ')} box")
    if system.startswith("shield"):
        return Refusal("D7.823", "a raid cannot hit a shield box")
    if system in TRACKS:
        top = next((b for b in ship_boxes if b.split("#")[0] == system and b not in destroyed),
                   None)
        if box != top:
            return Refusal("D7.823", f"on the {system} track a raid hits only the top "
                                     f"undestroyed box ({top})")
    return None
