"""Switches for the energy rules where sources disagree or players choose (decisions.md)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class EnergyOptions:
    """Energy rule options; each names the rule and the decisions.md row behind it."""

    # E4.42: holding an overloaded photon: 2 (TG, chosen) or 1 (SP, E4.22 read literally).
    photon_overload_hold: Fraction = Fraction(2)
    # E7.23 / E7.51: fusion beams may be held (1 a turn) only after the Y168 refit.
    fusion_hold: bool = False
    # C6.34: HETs a ship may pay for in one turn (AM: 4; RuleOptions.het_max_per_turn).
    max_hets: int = 4
    # D22.62 (optional): after damage the ship must slow at once to its new maximum speed.
    d22_strict_max_speed: bool = False
    # D10.411: Andromedan panels transfer 10% of their contents to the batteries (at least 1
    # when they hold 4 or fewer).
    pa_transfer_percent: int = 10


DEFAULT_OPTIONS = EnergyOptions()
