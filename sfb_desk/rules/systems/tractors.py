"""Tractor beams (G7), as pure functions over a frozen :class:`TractorState`.

* **Links** (G7.11): one link per undamaged tractor box (``tractor#n``); a link is tied to its
  box (G7.341), so destroying the box loses the link (G7.34).
* **Energy** (G7.15): 1 power per beam from the ship's tractor allocation (EA line 17) or
  reserve power (G7.41B, G7.411). Range 0-1 (G7.31); with the extended-range option (G7.6) 2
  power reaches range 2 and 3 power range 3 (G7.61, G7.62; the D22.56 example holds a fighter
  at range 3 with 3 points), but such a beam has one *effective* point only (G7.63).
* **Contest** (G7.35): each point of the target's negative tractor cancels one effective point;
  the link holds only when the effective power is strictly greater (G7.352: a tie goes to the
  defender). The energy is spent even when the attempt fails. The auction for a contested link
  (G7.414) has no bidding procedure in any source: ``SystemsOptions.tractor_auction``
  (decisions.md G7.414).
* **Once a turn, and 8 impulses** (G7.13): a beam is used once per turn and not again within 8
  impulses of its link being released or broken.
* **Lock-on** (G7.41A, G7.412): a link needs a lock-on to its target.
* **Movement** (G7.32, G7.36): a held unit is towed; two linked ships move the pair, each at
  its pseudo-speed (its speed times its own movement cost over the pair's, :func:`pseudo_speed`).
  A held seeking weapon does not move on its own and does not strike (it is held off, G7.52 for
  friendly ones going inert).
* **Release** (G7.4): voluntary in the Ship Systems Function Stage (6B04.04); involuntary when
  the box is destroyed (G7.34), the target or holder leaves play, the holder starts EM
  (C10.52), either makes an HET (decisions.md), the holder launches a wild weasel (J3.452), or
  the holder does not pay the link again at the next energy allocation (G7.124).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..results import Refusal

TRACTOR = "tractor"
REUSE_IMPULSES = 8  # G7.13
BASE_RANGE = 1  # G7.31
EXTENDED_RANGE = 3  # G7.61, G7.62


@dataclass(frozen=True, slots=True)
class TractorLink:
    """``holder``'s box ``box`` holds ``target`` with ``power`` raw points (``effective`` of
    them count against negative tractor, G7.63), since absolute impulse ``since``."""

    holder: str
    target: str
    box: str
    power: int
    effective: int
    since: int


@dataclass(frozen=True, slots=True)
class TractorState:
    """Every link in play, the beams barred from reuse until a clock (G7.13), the beams used
    this turn (G7.13), and the tractor power each ship has spent this turn (G7.15)."""

    links: tuple[TractorLink, ...] = ()
    lockouts: tuple[tuple[str, str, int], ...] = ()  # (ship, box, first clock it may be used)
    used: tuple[tuple[str, str], ...] = ()  # (ship, box) used this turn
    spent: tuple[tuple[str, int], ...] = ()  # (ship, power spent this turn)

    def of(self, unit: str) -> tuple[TractorLink, ...]:
        """The links ``unit`` holds or is held by."""
        return tuple(k for k in self.links if unit in (k.holder, k.target))

    def holding(self, unit: str) -> tuple[TractorLink, ...]:
        return tuple(k for k in self.links if k.holder == unit)

    def held_by(self, unit: str) -> tuple[TractorLink, ...]:
        return tuple(k for k in self.links if k.target == unit)

    def is_held(self, unit: str) -> bool:
        return any(k.target == unit for k in self.links)

    def spent_by(self, ship: str) -> int:
        return sum(n for s, n in self.spent if s == ship)


NO_TRACTORS = TractorState()


def tractor_boxes(box_ids: tuple[str, ...], destroyed: frozenset[str]) -> tuple[str, ...]:
    """The undamaged tractor boxes of a ship (G7.11)."""
    return tuple(b for b in box_ids if b.split("#")[0] == TRACTOR and b not in destroyed)


def link_cost(rng: int, extended: bool) -> int | Refusal:
    """Power a link at range ``rng`` needs (G7.15, G7.31, G7.6)."""
    if rng <= BASE_RANGE:
        return 1
    if extended and rng <= EXTENDED_RANGE:
        return rng
    reach = EXTENDED_RANGE if extended else BASE_RANGE
    rule = "G7.6" if extended else "G7.31"
    return Refusal(rule, f"a tractor beam reaches range {reach}"
                         f"{' (extended range, G7.6)' if extended else ''}; the target is at "
                         f"range {rng}")


def box_free(state: TractorState, ship: str, box: str, clock: int) -> Refusal | None:
    """May ``ship`` use ``box`` now (G7.13)? None when it may."""
    if any(k.holder == ship and k.box == box for k in state.links):
        return Refusal("G7.11", f"{box} of {ship} already holds a link")
    if (ship, box) in state.used:
        return Refusal("G7.13", f"{box} of {ship} was used this turn (once a turn)")
    for s, b, until in state.lockouts:
        if s == ship and b == box and clock < until:
            return Refusal("G7.13", f"{box} of {ship} was released or broken within 8 impulses "
                                    f"(usable again from impulse clock {until})")
    return None


def check_link(
    state: TractorState,
    holder: str,
    target: str,
    box: str,
    *,
    boxes: tuple[str, ...],
    rng: int,
    power: int,
    energy_left: int,
    clock: int,
    lock_on: bool,
    extended: bool = False,
    cloaked: bool = False,
) -> Refusal | int:
    """Check a link attempt by ``holder``'s ``box`` on ``target`` with ``power`` raw points;
    the effective points when legal. ``boxes``: the holder's undamaged tractor boxes;
    ``energy_left``: tractor power it may still spend this turn (allocation and reserve)."""
    if cloaked:
        return Refusal("G13.51", f"{holder} is cloaked (or fading) and cannot use tractor beams")
    if box not in boxes:
        return Refusal("G7.11", f"{holder} has no working tractor box {box!r}")
    if target == holder:
        return Refusal("G7.4", f"{holder} cannot tractor itself")
    if any(k.holder == holder and k.target == target for k in state.links):
        return Refusal("G7.11", f"{holder} already holds {target}")
    refusal = box_free(state, holder, box, clock)
    if refusal is not None:
        return refusal
    for k in state.held_by(holder):
        if k.holder != target:  # G7.91: a held unit tractors only its captor
            return Refusal("G7.91", f"{holder} is held by {k.holder} and may use its tractors "
                                    f"only on {k.holder}")
    cost = link_cost(rng, extended)
    if isinstance(cost, Refusal):
        return cost
    if not lock_on:
        return Refusal("G7.41", f"{holder} has no lock-on to {target}: a tractor needs one")
    if not isinstance(power, int) or isinstance(power, bool) or power < cost:
        return Refusal("G7.15", f"a link at range {rng} needs at least {cost} power")
    if power > energy_left:
        return Refusal("G7.15", f"{holder} has {energy_left} tractor power left this turn, "
                                f"not {power}")
    return power - (cost - 1)  # G7.63: an extended-range beam has one effective point


def holds(effective: int, negative: int) -> bool:
    """G7.352: a link takes hold only when its effective power beats the negative tractor."""
    return effective > negative


def spend(state: TractorState, ship: str, box: str, power: int) -> TractorState:
    """The beam used this turn and its power spent (spent even when the attempt fails)."""
    return replace(state, used=state.used + ((ship, box),),
                   spent=state.spent + ((ship, power),))


def attach(state: TractorState, link: TractorLink) -> TractorState:
    return replace(state, links=state.links + (link,))


def release(state: TractorState, link: TractorLink, clock: int) -> TractorState:
    """``link`` ends (released or broken); its box waits 8 impulses (G7.13)."""
    links = tuple(k for k in state.links if k != link)
    lockouts = tuple(x for x in state.lockouts if x[:2] != (link.holder, link.box))
    return replace(state, links=links,
                   lockouts=lockouts + ((link.holder, link.box, clock + REUSE_IMPULSES),))


def new_turn(state: TractorState, clock: int) -> TractorState:
    """At the end of a turn: beams may be used again next turn (G7.13), spent power goes, and
    lockouts that have run out are dropped."""
    return replace(state, used=(), spent=(),
                   lockouts=tuple(x for x in state.lockouts if x[2] > clock))


def pseudo_speed(speed: int, own_cost: float, other_cost: float) -> int:
    """G7.36: a ship linked to another moves the pair at its pseudo-speed: the movement its
    energy buys when it moves both (its speed x its movement cost / the pair's), rounded
    down."""
    total = own_cost + other_cost
    if total <= 0:
        return speed
    return int(speed * own_cost / total)


def towing_speed(energy: float, own_cost: float, towed_cost: float) -> int:
    """G7.32: the speed a ship reaches with ``energy`` movement power while towing a unit of
    ``towed_cost`` (SG22.5 counts the cost of towing the freighter)."""
    total = own_cost + towed_cost
    return int(energy / total) if total > 0 else 0
