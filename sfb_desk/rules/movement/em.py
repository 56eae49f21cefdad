"""Erratic maneuvering (C10) and nimble units (C11), as unit state and its effects.

EM (seed 000 lines 480-682) is paid for in the energy allocation (C10.11: six hexes of movement
energy; three for nimble ships, C10.12; one movement point for shuttles, C10.13) and started or
stopped by an announcement that takes effect at the end of the impulse, after movement and
combat (C10.311, C10.32). The announcement is made in the Announce Movement Changes Step
(decisions.md, C10.34). A unit starts EM at most once a turn (C10.31); stopping forfeits the
rest of the turn (C10.32). An announcement on impulse 32 carries into the next turn and must be
paid for there (C10.312); a unit in EM at the end of impulse 32 that did not announce stopping
must pay for the next turn (C10.313), and its use is continuous (C10.35).

Effects while in force: 4 points of ECM, +2 die-roll shift without full EW (C10.41, C10.42),
on fire at the unit and on its own direct fire (C10.413, C10.414); turn mode +1 and +1 on HET
breakdown rolls unless nimble (C10.55; applied in movement.core and movement.het); no launches
(C10.511) and the systems of C10.521 unusable (:func:`em_forbids`).

Nimble units (C11) pay less for EM (C10.12), ignore C10.55, get two HET bonuses (C11.22) and may
change speed every 6 impulses (C11.28). They lose the status on a breakdown (C11.31).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..game_state import RuleOptions
from ..results import Event, Refusal, event
from ..units import SHUTTLE, Unit

EM_ECM = 4  # C10.41
EM_DIE_SHIFT = 2  # C10.42 (E1.8)

#: Actions a unit under EM may not take (C10.51x, C10.52x, C10.53), with the rule.
EM_FORBIDDEN: dict[str, str] = {
    "launch": "C10.511",
    "guide_seekers": "C10.512",
    "web": "C10.513",
    "mines": "C10.514",
    "satellite_ships": "C10.515",
    "scout": "C10.521",
    "transporter": "C10.521",
    "stasis_field": "C10.521",
    "mauler": "C10.521",
    "lab": "C10.521",
    "esg": "C10.521",
    "tractor": "C10.521",
    "passive_fire_control": "C10.415",
    "lend_ew": "C10.522",
    "dock": "C10.53",
    "separate": "C10.53",
    "pods": "C10.53",
}


def em_cost_hexes(unit: Unit) -> Fraction:
    """Movement energy of one turn of EM, in hexes: 6, nimble 3, shuttles 1 (C10.11-C10.13)."""
    if unit.kind == SHUTTLE:
        return Fraction(1)
    return Fraction(3) if unit.nimble else Fraction(6)


def em_energy(unit: Unit) -> Fraction:
    """Energy of one turn of EM: hexes x movement cost (C10.11); shuttles pay in speed."""
    if unit.kind == SHUTTLE:
        return Fraction(0)
    return em_cost_hexes(unit) * unit.profile.move_cost


def em_ecm(unit: Unit) -> int:
    """ECM points from EM (C10.41): 4 while in force, else 0."""
    return EM_ECM if unit.em.active else 0


def em_forbids(unit: Unit, action: str) -> Refusal | None:
    """Refuse ``action`` (a key of :data:`EM_FORBIDDEN`) for a unit in EM (C10.5x)."""
    if unit.em.active and action in EM_FORBIDDEN:
        return Refusal(EM_FORBIDDEN[action], f"{unit.id} cannot {action.replace('_', ' ')} "
                       "while using erratic maneuvers")
    return None


def em_refusal(unit: Unit, options: RuleOptions) -> Refusal | None:
    """Why this unit can never use EM, or None (C10.15, C10.17, C10.133)."""
    if not options.erratic_maneuvers:
        return Refusal("C10.0", "erratic maneuvering is not in use in this game")
    if unit.is_seeker:
        return Refusal("C10.17", "seeking weapons can never use erratic maneuvers")
    if not unit.profile.can_em:
        return Refusal("C10.15", f"{unit.id} cannot use erratic maneuvers")
    return None


def announce_em(unit: Unit, what: str, impulse: int, options: RuleOptions) -> Unit | Refusal:
    """Announce ``"start"`` or ``"stop"``; it takes effect at the end of the impulse (C10.311)."""
    refusal = em_refusal(unit, options)
    if refusal:
        return refusal
    em = unit.em
    if what == "start":
        if em.active and not em.pending:
            return Refusal("C10.31", f"{unit.id} is already using erratic maneuvers")
        if impulse < 32:  # an impulse-32 announcement is for the next turn (C10.312)
            if em.started_this_turn:
                return Refusal("C10.31", f"{unit.id} has already started EM this turn")
            if em.stopped_this_turn:
                return Refusal(
                    "C10.32", f"{unit.id} stopped EM this turn and cannot resume until next turn"
                )
            if options.require_maneuver_energy and not em.paid:
                return Refusal("C10.11", f"{unit.id} did not pay for erratic maneuvers this turn")
        return replace(unit, em=replace(em, pending="start"))
    if what == "stop":
        if not em.active:
            return Refusal("C10.32", f"{unit.id} is not using erratic maneuvers")
        return replace(unit, em=replace(em, pending="stop"))
    return Refusal("C10.3", f"erratic maneuvering announcements are 'start' or 'stop', not {what!r}")


def end_of_impulse(unit: Unit, impulse: int) -> tuple[Unit, Event | None]:
    """Post-Combat: a pending announcement takes effect (C10.311, C10.32). On impulse 32 a start
    carries into next turn and must be paid there (C10.312)."""
    em = unit.em
    if em.pending == "start":
        em = replace(em, pending="", active=True, started_this_turn=True,
                     must_pay=impulse == 32 or em.must_pay)
        return replace(unit, em=em), event(
            "em_started", unit.id, "C10.311", f"{unit.id} begins erratic maneuvers")
    if em.pending == "stop":
        em = replace(em, pending="", active=False, stopped_this_turn=True)
        return replace(unit, em=em), event(
            "em_stopped", unit.id, "C10.32",
            f"{unit.id} stops erratic maneuvers; it cannot resume until next turn")
    return unit, None


def end_of_turn(unit: Unit) -> Unit:
    """Record keeping: still in EM after impulse 32 means paying for the next turn (C10.313)."""
    em = unit.em
    return replace(unit, em=replace(
        em, must_pay=em.active, started_this_turn=False, stopped_this_turn=False, paid=False))


def pay_em(unit: Unit, paid: bool, options: RuleOptions) -> Unit | Refusal:
    """Energy allocation: record whether EM is paid this turn (C10.11), enforcing C10.312/313.
    A unit continuing EM into the turn uses it without delay and that counts as its one start
    this turn (C10.35)."""
    if paid:
        refusal = em_refusal(unit, options)
        if refusal:
            return refusal
    em = unit.em
    if em.must_pay and not paid:
        return Refusal(
            "C10.313", f"{unit.id} was using erratic maneuvers at the end of last turn (or "
            "announced them on impulse 32) and must pay for them this turn")
    em = replace(em, paid=paid, started_this_turn=em.active, must_pay=False)
    return replace(unit, em=em)
