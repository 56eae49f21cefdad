"""Rule options of the Damage Allocation procedure (D4), in one frozen value.

DESIGN.md section 3: optional or disputed rules are switches in the game's rule set, not
branches scattered through the code. Every switch here names its rule and the row of
``sfb_desk/rules/decisions.md`` that explains the default.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DamageOptions:
    """How the DAC procedure reads the disputed or optional rules.

    * ``phaser_direction`` (D4.321): a "Phaser" hit may only destroy a phaser that bears on
      the struck shield(s) (or that the caller says can fire at the source, D10.151); a row
      whose phasers all face away skips the entry. "Any Weapon" ignores direction.
    * ``rule_of_three`` (D4.3221-D4.3223): in each group of three hits on a weapon group at
      least one must fall on the best type present. Phaser groups restart every volley;
      torpedo and drone groups run through the scenario (kept in :class:`DamageState`).
    * ``protect_last_track_box`` (D4.33): the last (rightmost) box of the sensor, scanner and
      damage-control tracks is never destroyed; a hit that would need it skips the entry.
    * ``flag_bridge_to_security`` (D4.5 worked example as reconstructed by the peers): a
      "Flag Bridge" hit on a ship with no flag bridge box left is scored on a security station.
    * ``hull_to_center`` (D4.351; seed 000 L14760): "F Hull" and "A Hull" hits are scored on
      center hull once the ship has no forward (aft) hull box left.
    * ``cargo_absorbs_excess`` (D4.36 per sfb-player only; off by default): an Excess Damage
      hit finding no excess-damage box left is scored on cargo before the ship is destroyed.
    * ``crew_casualty_interval`` (G9.21): every n-th internal point kills a crew unit;
      10 by default, 30 on a computer ship (G11.24, seed 000 L4154), 0 turns it off.
    * ``boarding_party_interval`` / ``boarding_party_grace`` (D7.21): every n-th internal point
      kills a boarding party, the first ``grace`` such thresholds excepted (so the first is
      the 50th point by default); interval 0 turns it off.
    """

    phaser_direction: bool = True
    rule_of_three: bool = True
    protect_last_track_box: bool = True
    flag_bridge_to_security: bool = True
    hull_to_center: bool = True
    cargo_absorbs_excess: bool = False
    crew_casualty_interval: int = 10
    boarding_party_interval: int = 10
    boarding_party_grace: int = 4

    def __post_init__(self) -> None:
        for name in ("crew_casualty_interval", "boarding_party_interval", "boarding_party_grace"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"DamageOptions.{name} must be an int >= 0, got {value!r}")


DEFAULT_OPTIONS = DamageOptions()
