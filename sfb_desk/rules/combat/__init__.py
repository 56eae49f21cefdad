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

from ..lazy_package import lazy_exports, names

#: module -> the names it offers at the package's top.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "enveloping": ("EPT", "HELLBORE", "apply_enveloping", "enveloping_shares",
        "remainder_needed"),
    "ew": ("anti_drone_shift", "direct_fire_shift", "total_ecm"),
    "fire": ("FireSituation", "ShotOrder", "check_shot", "fire_shots", "resolve_shot",
        "shot_dice", "situation"),
    "options": ("DEFAULT_COMBAT_OPTIONS", "CombatOptions"),
    "ranges": ("ACTIVE", "LOW_POWER", "OFF", "PASSIVE", "FireControl", "effective_range",
        "lock_on_succeeds", "scanner_factor", "sensor_rating"),
    "rate": ("FiringHistory", "check_rate_of_fire", "record_shot"),
    "resolve": ("ShotResult", "fire_weapon"),
    "shields": ("DOWN", "DROPPED", "UP", "Reinforcement", "ShieldState", "add_specific",
        "apply_to_shields", "choose_shield", "drop_shield", "end_turn", "raise_shield",
        "set_reinforcement"),
    "volley": ("CombatTarget", "FireOutcome", "Hit", "VolleyGroup", "VolleyOutcome",
        "fire_volley", "group_volleys", "hits_from", "resolve_volley", "shield_phase",
        "volley_steps"),
    "weapons": ("DIRECT_FIRE_WEAPONS", "DirectFireWeapon", "direct_fire_weapon"),
}
__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
__all__ = names(_EXPORTS)
