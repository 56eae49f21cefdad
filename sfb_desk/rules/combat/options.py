"""Rule options of direct fire and shields, in one frozen value (DESIGN.md section 3).

Every switch names its rule and the row of ``sfb_desk/rules/decisions.md`` that explains the
default. Where the sources disagree or a rule text was not found, the reading chosen is the
default and the other readings are the other values.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Volley grouping (D4.22). "shield": all damage striking one shield of one target in one step
#: of the Direct-Fire Weapons Fire Stage, from any number of firers, is one volley (seed 002
#: L147, D10.12: "each panel bank ... counts as one 'shield' for purposes of volley
#: definitions"; seed 002 L366). "firer": one volley per firing unit per target per step.
VOLLEY_BY_SHIELD = "shield"
VOLLEY_BY_FIRER = "firer"

#: Where the points left over when enveloping damage is split evenly go (FP5, E10.41).
#: "owner": the target's owner places them, at most one per shield (FP5.31 as SP reads it);
#: "round-up": every share is rounded up (TG), so the shields take slightly more in total.
REMAINDER_OWNER = "owner"
REMAINDER_ROUND_UP = "round-up"

#: Plasma bolt damage (FP8). "half": half the warhead at the true range, fractions dropped
#: (AM only; reference G4.4, Low). "none": the bolt's hit is reported but scores nothing
#: until a source for its damage is found.
BOLT_HALF_WARHEAD = "half"
BOLT_NO_DAMAGE = "none"

#: What low-power fire control (D6.7) allows for direct fire; its text is in neither the
#: seeds nor the reference. "passive": fire as under passive fire control (D19.11 doubled
#: range, D19.12 no ECCM, D19.23 true range at most 5). "none": no direct fire.
LOW_POWER_AS_PASSIVE = "passive"
LOW_POWER_NO_FIRE = "none"


@dataclass(frozen=True, slots=True)
class CombatOptions:
    """How direct fire and shields read the disputed or optional rules.

    * ``volley_grouping`` (D4.22): :data:`VOLLEY_BY_SHIELD` (default) or :data:`VOLLEY_BY_FIRER`.
    * ``enveloping_remainder`` (FP5.31, E10.41): :data:`REMAINDER_OWNER` (default) or
      :data:`REMAINDER_ROUND_UP`.
    * ``plasma_bolt_damage`` (FP8): :data:`BOLT_HALF_WARHEAD` (default) or :data:`BOLT_NO_DAMAGE`.
    * ``low_power_fire`` (D6.7): :data:`LOW_POWER_AS_PASSIVE` (default) or :data:`LOW_POWER_NO_FIRE`.
    * ``down_shield_general_blocks`` (D3.343, SP): general reinforcement still blocks fire at a
      down or dropped shield; False is amarillo's reading (all damage goes through).
    * ``refire_gap`` (E1.50): impulses that must pass before a weapon fires again (8).
    * ``phaser_g_shots`` (E2.151): shots a phaser-G may fire in one turn (4).
    * ``shield_drop_period`` (D3.51): impulses a dropped shield stays down (8).
    """

    volley_grouping: str = VOLLEY_BY_SHIELD
    enveloping_remainder: str = REMAINDER_OWNER
    plasma_bolt_damage: str = BOLT_HALF_WARHEAD
    low_power_fire: str = LOW_POWER_AS_PASSIVE
    down_shield_general_blocks: bool = True
    refire_gap: int = 8
    phaser_g_shots: int = 4
    shield_drop_period: int = 8

    def __post_init__(self) -> None:
        choices = {
            "volley_grouping": (VOLLEY_BY_SHIELD, VOLLEY_BY_FIRER),
            "enveloping_remainder": (REMAINDER_OWNER, REMAINDER_ROUND_UP),
            "plasma_bolt_damage": (BOLT_HALF_WARHEAD, BOLT_NO_DAMAGE),
            "low_power_fire": (LOW_POWER_AS_PASSIVE, LOW_POWER_NO_FIRE),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"CombatOptions.{name} is one of {allowed}, not {getattr(self, name)!r}")
        for name in ("refire_gap", "phaser_g_shots", "shield_drop_period"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"CombatOptions.{name} must be an int >= 0, got {value!r}")


DEFAULT_COMBAT_OPTIONS = CombatOptions()
