"""Ship systems in the pure rules layer (stdlib only):

* :mod:`.explosions`: explosion strength and zone, self-destruction (D5);
* :mod:`.state`: what a ship keeps for its systems (:class:`SystemsRecord`);
* :mod:`.options`: :class:`SystemsOptions`, the disputed readings as switches;
* :mod:`.mines`: mine warfare (M4-M9), :mod:`.terrain`: terrain (P), :mod:`.monsters`: the
  monsters of the SM scenarios (imported on their own, not re-exported here).
"""

from .explosions import (
    Placed,
    Victim,
    can_self_destruct,
    check_self_destruct,
    explosion_radius,
    explosion_strength,
    victims,
)
from .options import DEFAULT_SYSTEMS_OPTIONS, SystemsOptions
from .state import NO_SYSTEMS, SystemsRecord

__all__ = [
    "DEFAULT_SYSTEMS_OPTIONS", "NO_SYSTEMS", "Placed", "SystemsOptions", "SystemsRecord", "Victim",
    "can_self_destruct", "check_self_destruct", "explosion_radius", "explosion_strength",
    "victims",
]
