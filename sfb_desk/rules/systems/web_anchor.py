"""The Tholian web anchor buoy (Advanced Missions G26): where it may be laid, when it may be
recovered, what destroys it.

* Charged 2 + 2 on two consecutive turns, held at 1 a turn (G26.21, G26.23): the arming table
  ``ANCHOR-BUOY`` of :mod:`sfb_desk.rules.energy.costs`; begun with reserve power it may not be
  launched for 32 impulses (G26.22).
* A charged buoy is laid only in a web hex (G26.36), never in a free-standing web (G26.32,
  E12.22), and it counts against the shuttle launch rate (G26.30). A web caster may not use a
  buoy as an anchor (E12.211).
* It is recovered only once its web has decayed to strength 0 (G26.351), into an empty shuttle
  box or mech link (no overcrowding).
* On the map it is destroyed by the 16th damage point (G26.112, G26.33) and has 4 points of
  built-in ECM in place of any small-target benefit (G26.331).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..hexes import Hex
from ..results import Refusal
from .webs import WebState

BUOY_DAMAGE = 16  # G26.112
BUOY_ECM = 4  # G26.331
RESERVE_DELAY = 32  # G26.22


@dataclass(frozen=True, slots=True)
class Buoy:
    id: str
    hex: Hex
    web: str
    damage: int = 0

    @property
    def destroyed(self) -> bool:
        return self.damage >= BUOY_DAMAGE


def check_lay(state: WebState, h: Hex, *, charged: bool, reserve_start: int | None = None,
              clock: int = 0) -> Refusal | None:
    """May a buoy be laid in hex ``h`` now? None, or the refusal with its rule."""
    if not charged:
        return Refusal("G26.21", "the anchor buoy is not charged (2 power on each of two "
                                 "consecutive turns)")
    if reserve_start is not None and clock - reserve_start < RESERVE_DELAY:
        return Refusal("G26.22", "a buoy charged from reserve power waits 32 impulses from the "
                                 "start of charging")
    web = state.any_at(h)
    if web is None:
        return Refusal("G26.36", f"a charged anchor buoy is laid only in a web hex, not {h.label}")
    if not web.anchored:
        return Refusal("G26.32", "an anchor buoy cannot be added to a free-standing web (E12.22)")
    return None


def lay(state: WebState, buoy_id: str, h: Hex) -> WebState:
    web = state.any_at(h)
    assert web is not None
    return replace(state, buoys=state.buoys + ((buoy_id, h, web.id),))


def carried(state: WebState, ship: str) -> int:
    """Charged buoys ``ship`` has aboard (G26.10, G26.21)."""
    return next((n for sid, n in state.aboard if sid == ship), 0)


def drop(state: WebState, ship: str, h: Hex) -> tuple[WebState, str]:
    """``ship`` drops one of its charged buoys into the web in hex ``h`` (G26.30, G26.32; the
    caller has checked :func:`check_lay`). Returns the state and the buoy's id."""
    left = carried(state, ship) - 1
    if left < 0:
        raise ValueError(f"{ship} carries no anchor buoy")
    n = 1 + sum(1 for b in state.buoys if b[0].startswith(f"{ship}.buoy"))
    buoy_id = f"{ship}.buoy{n}"
    aboard = tuple((sid, c) for sid, c in state.aboard if sid != ship)
    if left:
        aboard += ((ship, left),)
    return replace(lay(state, buoy_id, h), aboard=aboard), buoy_id


def check_recover(state: WebState, buoy_id: str, *, room: bool) -> Refusal | None:
    """G26.35, G26.351: not while its web holds any strength; only into an empty bay box."""
    found = next((b for b in state.buoys if b[0] == buoy_id), None)
    if found is None:
        return Refusal("G26.351", f"no anchor buoy {buoy_id} on the map")
    if state.strength_at(found[1]) > 0:
        return Refusal("G26.351", f"{buoy_id} anchors a web of strength "
                                  f"{state.strength_at(found[1])}: it is recovered only at 0")
    if not room:
        return Refusal("G26.351", "a buoy is recovered only into an empty shuttle box or mech "
                                  "link (no overcrowding, J1.64)")
    return None


def damage(buoy: Buoy, points: int) -> Buoy:
    """G26.112: 16 points from any source destroy it."""
    return replace(buoy, damage=buoy.damage + max(points, 0))
