"""Boarding-party combat and capture (D7, basic version), as pure functions.

* **Marine Casualty Table** (D7.42): 1d6 (rows) by the number of boarding parties fighting
  (columns 1-10) gives the casualty points inflicted; more than 10 fight in groups of 10 and a
  remainder, each rolled, the results summed. Both sides roll at once, once a turn, in the
  Boarding Party Combat Step of the Final Activity Phase. A poor crew subtracts 1 from its
  roll and an outstanding one adds 1 (G21.141, G21.241); the defender's Klingon security
  stations add 1 each, at most 2 (D7.422); the roll stays within 1-6.
* **Casualties** (D7.42, D7.362): each point kills one enemy boarding party; the attackers'
  points left once the defenders are all dead capture control rooms, one point a room (D7.362:
  one point at a time counts toward a room). Specific allocation (D7.43) is not offered
  (decisions.md D7.43).
* **Capture** (D7.50): when every undestroyed control room (bridge, flag bridge, emergency
  bridge, auxiliary control, security) is captured, the ship is captured.
"""

from __future__ import annotations

from dataclasses import dataclass

#: D7.42: casualty points by the die (rows 1-6) and the boarding parties (1-10).
CASUALTY_TABLE: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 1, 1, 1, 1, 1, 1),
    (0, 0, 1, 1, 1, 1, 1, 2, 2, 2),
    (0, 1, 1, 1, 2, 2, 2, 2, 3, 3),
    (0, 1, 1, 2, 2, 2, 3, 3, 4, 4),
    (1, 1, 2, 2, 3, 3, 4, 4, 5, 5),
    (1, 1, 2, 2, 3, 4, 4, 5, 5, 6),
)
GROUP = 10
CONTROL_ROOMS = ("bridge", "flag_bridge", "emergency_bridge", "aux_control", "security")
SECURITY_BONUS_MAX = 2  # D7.422


def groups(parties: int) -> tuple[int, ...]:
    """Boarding parties as the groups that roll: tens and a remainder (D7.42)."""
    if parties <= 0:
        return ()
    tens, rest = divmod(parties, GROUP)
    return (GROUP,) * tens + ((rest,) if rest else ())


def casualties(parties: int, rolls: tuple[int, ...] | list[int], modifier: int = 0) -> int:
    """Casualty points ``parties`` inflict with one roll per group (:func:`groups`)."""
    gs = groups(parties)
    if len(rolls) != len(gs):
        raise ValueError(f"{parties} boarding parties roll {len(gs)} time(s), not {len(rolls)}")
    total = 0
    for n, roll in zip(gs, rolls):
        r = min(max(roll + modifier, 1), 6)
        total += CASUALTY_TABLE[r - 1][n - 1]
    return total


def control_rooms(box_ids: tuple[str, ...], destroyed: frozenset[str]) -> tuple[str, ...]:
    """The undestroyed control rooms of a ship (D7.50)."""
    return tuple(b for b in box_ids if b.split("#")[0] in CONTROL_ROOMS and b not in destroyed)


@dataclass(frozen=True, slots=True)
class Round:
    """One round of boarding combat on one ship: parties left on each side, rooms captured
    (all so far), and whether the ship is now captured."""

    attackers: int
    defenders: int
    rooms: frozenset[str]
    captured: bool
    attackers_lost: int
    defenders_lost: int
    new_rooms: tuple[str, ...]


def fight(
    attackers: int,
    defenders: int,
    attacker_rolls: tuple[int, ...] | list[int],
    defender_rolls: tuple[int, ...] | list[int],
    *,
    rooms: tuple[str, ...],
    captured_rooms: frozenset[str] = frozenset(),
    attacker_mod: int = 0,
    defender_mod: int = 0,
) -> Round:
    """One round (module docstring). ``rooms``: the ship's undestroyed control rooms."""
    hits_on_defenders = casualties(attackers, attacker_rolls, attacker_mod)
    hits_on_attackers = casualties(defenders, defender_rolls, defender_mod)
    d_lost = min(hits_on_defenders, defenders)
    a_lost = min(hits_on_attackers, attackers)
    spare = hits_on_defenders - d_lost
    left_d = defenders - d_lost
    left_a = attackers - a_lost
    new: list[str] = []
    if left_d == 0 and left_a > 0:
        for room in rooms:
            if spare <= 0:
                break
            if room not in captured_rooms:
                new.append(room)
                spare -= 1
    taken = frozenset(captured_rooms) | frozenset(new)
    captured = bool(rooms) and all(r in taken for r in rooms) and left_a > 0
    return Round(left_a, left_d, taken, captured, a_lost, d_lost, tuple(new))


def security_bonus(race: str, rooms: tuple[str, ...], captured: frozenset[str]) -> int:
    """D7.422: a Klingon defender's security stations (not captured) add 1 each, at most 2."""
    if race != "KLI":
        return 0
    held = sum(1 for r in rooms if r.startswith("security#") and r not in captured)
    return min(held, SECURITY_BONUS_MAX)
