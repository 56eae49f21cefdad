"""Direct fire and shields (D1.4, D2, D3, D6, E1-E10, FP8) in the pure rules layer.

* :mod:`.weapons`: the direct-fire weapons, their dice, modes, ranges and refire classes;
* :mod:`.resolve`: :func:`fire_weapon`, one shot on its chart with the rolled die;
* :mod:`.ranges`: effective range (D1.4, D6.123, D6.21, D19.11), fire control, scanners, lock-on;
* :mod:`.ew`: the EW die-roll shift of a shot (D6.34, E1.8, C10.414, E5.15);
* :mod:`.rate`: rate of fire (E1.50, E2.22, E2.151, E5.13);
* :mod:`.fire`: a firer and a target (:class:`FireSituation`), declared shots, legality;
* :mod:`.shields`: shield state, reinforcement and :func:`apply_to_shields` (D3, H7.134);
* :mod:`.enveloping`: hellbore and enveloping plasma damage over all shields (E10.4, FP5);
* :mod:`.volley`: hits, volleys (D4.22), shields and the DAC end to end;
* :mod:`.options`: :class:`CombatOptions`, the disputed readings as switches.
"""

from .enveloping import EPT, HELLBORE, apply_enveloping, enveloping_shares, remainder_needed
from .ew import anti_drone_shift, direct_fire_shift, total_ecm
from .fire import FireSituation, ShotOrder, check_shot, fire_shots, resolve_shot, shot_dice, situation
from .options import DEFAULT_COMBAT_OPTIONS, CombatOptions
from .ranges import (
    ACTIVE,
    LOW_POWER,
    OFF,
    PASSIVE,
    FireControl,
    effective_range,
    lock_on_succeeds,
    scanner_factor,
    sensor_rating,
)
from .rate import FiringHistory, check_rate_of_fire, record_shot
from .resolve import ShotResult, fire_weapon
from .shields import (
    DOWN,
    DROPPED,
    UP,
    Reinforcement,
    ShieldState,
    add_specific,
    apply_to_shields,
    choose_shield,
    drop_shield,
    end_turn,
    raise_shield,
    set_reinforcement,
)
from .volley import (
    CombatTarget,
    FireOutcome,
    Hit,
    VolleyGroup,
    VolleyOutcome,
    fire_volley,
    group_volleys,
    hits_from,
    resolve_volley,
    shield_phase,
    volley_steps,
)
from .weapons import DIRECT_FIRE_WEAPONS, DirectFireWeapon, direct_fire_weapon

__all__ = [
    "ACTIVE", "DEFAULT_COMBAT_OPTIONS", "DIRECT_FIRE_WEAPONS", "DOWN", "DROPPED", "EPT", "HELLBORE",
    "LOW_POWER", "OFF", "PASSIVE", "UP", "CombatOptions", "CombatTarget", "DirectFireWeapon",
    "FireControl", "FireOutcome", "FireSituation", "FiringHistory", "Hit", "Reinforcement",
    "ShieldState", "ShotOrder", "ShotResult", "VolleyGroup", "VolleyOutcome", "add_specific",
    "anti_drone_shift", "apply_enveloping", "apply_to_shields", "check_rate_of_fire", "check_shot",
    "choose_shield", "direct_fire_shift", "direct_fire_weapon", "drop_shield", "effective_range",
    "end_turn", "enveloping_shares", "fire_shots", "fire_volley", "fire_weapon", "group_volleys",
    "hits_from", "lock_on_succeeds", "raise_shield", "record_shot", "remainder_needed",
    "resolve_shot", "resolve_volley", "scanner_factor", "sensor_rating", "set_reinforcement",
    "shield_phase", "shot_dice", "situation", "total_ecm", "volley_steps",
]
