"""Rule options of seeking weapons, in one frozen value (DESIGN.md section 3).

Every switch names its rule and the row of ``sfb_desk/rules/decisions.md`` that explains the
default. Where the sources disagree, the reading chosen is the default and the others are the
other values.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeekingOptions:
    """How seeking weapons read the disputed rules.

    * ``drone_rack_gap`` (FD4, E1.50): impulses that must pass between two launches from one
      drone rack, counted across the turn boundary (8: AM, SP and the general E1.50 rule; JP's
      audit reads no gap: 0). Racks C and E keep their own, longer spacing (reference G4.2).
    * ``rack_c_launches`` (FD4): drones a type-C rack launches in one turn (2: AM and SP;
      TG: 1).
    * ``type_vi_destroy`` (FD2): damage points that destroy a type-VI drone (3: AM, JP, TG;
      the client data: 2).
    * ``weasel_max_speed`` (J3.131): the protected ship's speed (plus the cost of EM, C10.54)
      may not exceed this while a wild weasel protects it.
    * ``weasel_explosion_impulses`` (J3.211): impulses a wild weasel keeps exploding (and
      drawing its seekers in) after the first hit (AM, Low).
    """

    drone_rack_gap: int = 8
    rack_c_launches: int = 2
    type_vi_destroy: int = 3
    weasel_max_speed: int = 4
    weasel_explosion_impulses: int = 4

    def __post_init__(self) -> None:
        for name in ("drone_rack_gap", "rack_c_launches", "type_vi_destroy", "weasel_max_speed",
                     "weasel_explosion_impulses"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"SeekingOptions.{name} must be an int >= 0, got {value!r}")


DEFAULT_SEEKING_OPTIONS = SeekingOptions()
