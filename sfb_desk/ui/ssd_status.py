"""Short arming-status texts for the SSD widget, from the energy model's per-weapon state.

The SSD widget draws a mapping ``box_id -> text`` beside the weapons; :func:`arming_texts`
builds it from :class:`~sfb_desk.rules.energy.arming.WeaponArming` values (``EnergyState
.weapons``): ``"2/4"`` energy stored of a standard load, ``"armed"`` a complete load, ``"OL"``
an overload, ``"held"`` a load held from an earlier turn (E4.22, FP2.51), ``"roll"`` a rolling
delay (FP1.221), and nothing for an empty weapon.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from sfb_desk.rules.energy.arming import WeaponArming
from sfb_desk.rules.energy.costs import ARMING


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def arming_text(arming: WeaponArming) -> str:
    """The short text for one weapon's arming state ('' for an empty weapon)."""
    if arming.complete:
        if arming.held:
            return "OL held" if arming.overload else "held"
        return "OL" if arming.overload else "armed"
    if arming.rolling:
        return "roll"
    if not arming.energies:
        return ""
    table = ARMING.get(arming.mode) or ARMING.get(arming.type)
    if table is None:
        return _number(arming.stored)
    return f"{_number(arming.stored)}/{_number(sum(table.turns, Fraction(0)))}"


def arming_texts(weapons: Iterable[WeaponArming]) -> dict[str, str]:
    """``{box id: text}`` of the weapons that hold anything."""
    return {w.box: text for w in weapons if (text := arming_text(w))}
