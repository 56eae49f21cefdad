"""What an Andromedan unit keeps between steps for its hangar and displacement device
(Module C2, G18 and G19): :class:`AndroRecord`, frozen, saved with the ship record.

Every ship record carries one (a non-Andromedan ship displaced by a DisDev keeps its fire-control
disruption and the impulse it was last targeted here too). Clocks are absolute impulses
(:func:`sfb_desk.rules.units.clock_of`); :data:`NEVER` is "not yet".
"""

from __future__ import annotations

from dataclasses import dataclass

NEVER = -999
#: The unit status of a satellite ship inside its mothership's hangar (G19.2): off the map,
#: not under orders, back in play when launched (G19.4).
IN_HANGAR = "hangar"


@dataclass(frozen=True, slots=True)
class AndroRecord:
    """``aboard``: the satellite ships in this mothership's hangar (G19.21); ``carrier``: the
    mothership whose hangar holds this satellite ship (empty outside); ``launched_at`` /
    ``recovered_at``: clocks of the last launch and recovery (G19.442, G19.443);
    ``no_launch_until``: no launch before this clock after a failed displacement launch
    (G19.424); ``disdev_user``: this unit has used a displacement device in the scenario
    (G18.81); ``targeted_at``: the last clock a DisDev was used on it (G18.61); ``displaced_at``:
    the last clock a DisDev moved it (G18.61, the 32-impulse rule for Andromedans);
    ``fc_disrupted_until``: its fire control is disrupted before this clock (D6.68, G18.42,
    G18.53, G19.46); ``fc_exempt``: the unit it may still fire at meanwhile (G18.421)."""

    aboard: tuple[str, ...] = ()
    carrier: str = ""
    launched_at: int = NEVER
    recovered_at: int = NEVER
    no_launch_until: int = 0
    disdev_user: bool = False
    targeted_at: int = NEVER
    displaced_at: int = NEVER
    fc_disrupted_until: int = 0
    fc_exempt: str = ""


NO_ANDRO = AndroRecord()
