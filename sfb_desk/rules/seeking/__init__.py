"""Seeking weapons (F, FD, FP, E5, J) in the pure rules layer, ready for the sequencer.

* :mod:`.drones`: drone types, speed by year, endurance, warhead, damage to destroy (FD2, FD10,
  FD12, FD13);
* :mod:`.racks`: drone and anti-drone racks, launch rate and spacing, reloads (FD3, FD4, FD2.42,
  E5.52, E5.74);
* :mod:`.records`: :class:`SeekerRecord` (one weapon in play) and :class:`SeekingState` (all of
  them, the racks, plasma launchers and shuttle bays);
* :mod:`.control`: control limits (F3.2);
* :mod:`.launch`: :func:`launch_refusal` and :func:`launch_drone` (6B);
* :mod:`.plasma`: plasma launch, warhead, weakening and removal, bolts' launcher side (FP1,
  FP5, FP6, FP8);
* :mod:`.defense`: damage to drones, plasma and shuttles; anti-drones (FD1.54, FP1.611, E5);
* :mod:`.impact`: impacts at the end of 6A, proximity (D6.36), volleys (FD14.24), expiry;
* :mod:`.shuttles`: administrative, suicide and wild-weasel shuttles, bays, landing (J1-J3);
* :mod:`.options`: :class:`SeekingOptions`, the disputed readings as switches.
"""

from .control import control_limit, control_refusal, is_seeker_armed
from .defense import (
    AddShot,
    SeekerDamage,
    SeekerShot,
    add_refusal,
    apply_shot,
    damage_seeker,
    destroy_value,
    drone_ecm_penalty,
    fire_add,
)
from .drones import DRONE_TYPES, Drone, DroneType, armored_drone, drone_type, speed_for_year
from .impact import (
    SEEKING_STEP,
    Impact,
    ImpactOutcome,
    expire_seekers,
    find_impacts,
    impact_damage,
    impact_shield,
    impact_volleys,
    proximity_damage,
    proximity_purpose,
    resolve_impacts,
    seeker_shift,
)
from .launch import Launched, launch_drone, launch_refusal, launcher_refusal
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions
from .plasma import (
    bolt_refusal,
    impact_warhead,
    launch_plasma,
    plasma_launch_refusal,
    plasma_spent,
    plasma_strength,
    record_bolt,
)
from .racks import (
    ADD_ROUND,
    RACK_TYPES,
    RackState,
    RackType,
    add_round_refusal,
    launch_gap,
    launch_rate,
    make_rack,
    rack_launch_refusal,
    reload_rack,
    reload_refusal,
)
from .records import (
    ADMIN,
    SUICIDE,
    WILD_WEASEL,
    BayState,
    LauncherState,
    SeekerRecord,
    SeekingState,
)
from .shuttles import (
    WeaselLaunch,
    land_refusal,
    land_shuttle,
    launch_shuttle,
    launch_suicide,
    launch_weasel,
    scatter_pack_explosion,
    shuttle_launch_refusal,
    shuttle_max_speed,
    void_weasel,
    weasel_collateral,
    weasel_fire_refusal,
    weasel_void_reason,
)

__all__ = [
    "ADD_ROUND", "ADMIN", "DEFAULT_SEEKING_OPTIONS", "DRONE_TYPES", "RACK_TYPES", "SEEKING_STEP",
    "SUICIDE", "WILD_WEASEL", "AddShot", "BayState", "Drone", "DroneType", "Impact",
    "ImpactOutcome", "LauncherState", "Launched", "RackState", "RackType", "SeekerDamage",
    "SeekerRecord", "SeekerShot", "SeekingOptions", "SeekingState", "WeaselLaunch", "add_refusal",
    "add_round_refusal", "apply_shot", "armored_drone", "bolt_refusal", "control_limit",
    "control_refusal", "damage_seeker", "destroy_value", "drone_ecm_penalty", "drone_type",
    "expire_seekers", "find_impacts", "fire_add", "impact_damage", "impact_shield",
    "impact_volleys", "impact_warhead", "is_seeker_armed", "land_refusal", "land_shuttle",
    "launch_drone", "launch_gap", "launch_plasma", "launch_rate", "launch_refusal",
    "launch_shuttle", "launch_suicide", "launch_weasel", "launcher_refusal", "make_rack",
    "plasma_launch_refusal", "plasma_spent", "plasma_strength", "proximity_damage",
    "proximity_purpose", "rack_launch_refusal", "record_bolt", "reload_rack", "reload_refusal",
    "resolve_impacts", "scatter_pack_explosion", "seeker_shift", "shuttle_launch_refusal",
    "shuttle_max_speed", "speed_for_year", "void_weasel", "weasel_collateral",
    "weasel_fire_refusal", "weasel_void_reason",
]
