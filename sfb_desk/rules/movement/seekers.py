"""Seeking weapons on the map: pursuit on the Impulse Chart and impact (F2, reference 5.8/5.9).

Drones, plasma torpedoes and seeking shuttles move on the same Impulse Chart as ships (C1.4) at
their own speed, seeking weapons with turn mode 1 at every speed and seeking shuttles with the
shuttles' row of the turn-mode chart (C3.31, reference 5.9). They cannot HET, TAC, use EM
(C10.17) or sideslip (decisions.md, F2).

The seeking rule itself (F2) is not in the seeds or the reference. The engine uses a plain
pursuit: a seeker flies straight while its target lies within 30 degrees of dead ahead, and
otherwise turns toward the target's side whenever its turn mode allows (dead astern: right). Seekers move after every
ship and shuttle of the impulse (decisions.md, C1.313), so they chase where the target now is.
Impact is checked at the end of the Movement Segment (reference 5.8: "seeking-weapon impact at
the end of 6A"): a seeker in its target's hex hits it, whichever of them moved in.

:func:`move_seeker` is the sequencer's inner loop (100 seekers x 32 impulses): it builds the
new unit directly and no events; one summary event per impulse is the caller's.
"""

from __future__ import annotations

from ..charts.turn_modes import turn_mode
from ..hexes import hex_range, neighbor
from ..bearing import bearing
from ..results import Event, event
from ..units import Unit, moved_unit

_SEEKING_MODE: dict[tuple[str, int], int] = {}


def _mode(category: str, speed: int) -> int:
    key = (category, speed)
    mode = _SEEKING_MODE.get(key)
    if mode is None:
        mode = _SEEKING_MODE[key] = turn_mode(category, speed)
    return mode


def move_seeker(unit: Unit, target_hex: tuple[int, int, int] | None) -> Unit:
    """Move a seeking weapon its one hex toward ``target_hex`` (None: straight on).

    Within 30 degrees of dead ahead (compass points 23-3, reference G1.2) the seeker flies
    straight; otherwise it turns toward the target's side when its turn mode allows (dead
    astern: right). Next to its target it enters the target's hex if it can this move, and
    otherwise flies straight on to gain room to turn, rather than circling it.
    """
    facing = unit.facing
    here = unit.hex
    travelled = unit.travelled + 1
    if target_hex is not None:
        can_turn = unit.straight >= _mode(unit.profile.turn_mode, unit.speed)
        if hex_range(here, target_hex) == 1:
            if can_turn:
                for f in ((facing + 1) % 6, (facing - 1) % 6):
                    if neighbor(here, f) == target_hex:
                        return moved_unit(unit, target_hex, f, 1, travelled)
        elif can_turn:
            point = bearing(here, facing, target_hex)
            if 4 <= point <= 13:
                f = (facing + 1) % 6
                return moved_unit(unit, neighbor(here, f), f, 1, travelled)
            if 14 <= point <= 22:
                f = (facing - 1) % 6
                return moved_unit(unit, neighbor(here, f), f, 1, travelled)
    return moved_unit(unit, neighbor(here, facing), facing, unit.straight + 1, travelled)


def impact(seeker: Unit, target: Unit) -> Event:
    """The impact of ``seeker`` on ``target`` (end of the Movement Segment, reference 5.8)."""
    return event(
        "impact", seeker.id, "F2.0",
        f"{seeker.kind} {seeker.id} hits {target.id} in {target.hex.label}",
        target=target.id, hex=target.hex.label, seeker=seeker.kind, travelled=seeker.travelled,
    )
