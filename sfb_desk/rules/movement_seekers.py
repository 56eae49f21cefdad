"""Seeking weapons on the map: pursuit on the Impulse Chart and impact (F2, reference 5.8/5.9).

Drones, plasma torpedoes and seeking shuttles move on the same Impulse Chart as ships (C1.4) at
their own speed, seeking weapons with turn mode 1 at every speed and seeking shuttles with the
shuttles' row of the turn-mode chart (C3.31, reference 5.9). They cannot HET, TAC, use EM
(C10.17) or sideslip (decisions.md, F2).

The seeking rule itself (F2) is not in the seeds or the reference. The engine uses a plain
pursuit: on each hex a seeker moves straight, or turns left or right when its turn mode allows,
whichever leaves it nearest its target (ties: straight, then right). Seekers move after every
ship and shuttle of the impulse (decisions.md, C1.313), so they chase where the target now is.
Impact is checked at the end of the Movement Segment (reference 5.8: "seeking-weapon impact at
the end of 6A"): a seeker in its target's hex hits it, whichever of them moved in.

:func:`move_seeker` is the sequencer's inner loop (100 seekers x 32 impulses): it builds the
new unit directly and no events; one summary event per impulse is the caller's.
"""

from __future__ import annotations

from .charts.turn_modes import turn_mode
from .hexes import hex_range, neighbor
from .results import Event, event
from .units import Unit, moved_unit

_SEEKING_MODE: dict[tuple[str, int], int] = {}


def _mode(category: str, speed: int) -> int:
    key = (category, speed)
    mode = _SEEKING_MODE.get(key)
    if mode is None:
        mode = _SEEKING_MODE[key] = turn_mode(category, speed)
    return mode


def move_seeker(unit: Unit, target_hex: tuple[int, int, int] | None) -> Unit:
    """Move a seeking weapon its one hex toward ``target_hex`` (None: straight on)."""
    facing = unit.facing
    here = unit.hex
    ahead = neighbor(here, facing)
    if target_hex is None or unit.straight < _mode(unit.profile.turn_mode, unit.speed):
        return moved_unit(unit, ahead, facing, unit.straight + 1, unit.travelled + 1)
    best, best_range, best_facing = ahead, hex_range(ahead, target_hex), facing
    for turn in (1, -1):  # right first, so a tie between the turns goes right
        f = (facing + turn) % 6
        h = neighbor(here, f)
        r = hex_range(h, target_hex)
        if r < best_range:
            best, best_range, best_facing = h, r, f
    if best_facing == facing:
        return moved_unit(unit, best, facing, unit.straight + 1, unit.travelled + 1)
    return moved_unit(unit, best, best_facing, 1, unit.travelled + 1)


def impact(seeker: Unit, target: Unit) -> Event:
    """The impact of ``seeker`` on ``target`` (end of the Movement Segment, reference 5.8)."""
    return event(
        "impact", seeker.id, "F2.0",
        f"{seeker.kind} {seeker.id} hits {target.id} in {target.hex.label}",
        target=target.id, hex=target.hex.label, seeker=seeker.kind, travelled=seeker.travelled,
    )
