"""The robot's answers to Choice prompts: the owner's choices the rules leave to the table.

* DAC choices (D4.324 "any weapon", D4.3221 which phaser, "any warp"): the box the ship misses
  least (the weakest weapon: phaser-3 before phaser-1 before a heavy weapon);
* which shield a boundary shot strikes (D3.43) or overload feedback strikes (E4.431): the
  strongest shield left (boxes, specific and general reinforcement);
* continuous damage repair (D9.7): the most valuable box (heavy weapons, then power, then
  phasers), never "none" when a box can be repaired;
* energy balance after damage (D22): the rules' own default (a sensible order of cuts);
* disengagement by separation (C7.2): only a crippled ship of a level that disengages (S2.4);
* asteroid damage asked because the player has not entered the Asteroid Damage Table (P3.2):
  never answered (:class:`~.energy.NoLegalAnswer`: left to the table, or a clear refusal in a
  robot-only game);
* anything else: the prompt's default, else its first option.
"""

from __future__ import annotations

from .energy import NoLegalAnswer
from .levels import Level

#: The robot never makes up the Basic Set's asteroid damage (P3.2): the table is asked.
ASTEROIDS_UNANSWERED = (
    "{unit} entered an asteroid hex and the Asteroid Damage Table (P3.2) is not filled in: a "
    "robot does not guess its numbers. Enter the table once from the Basic Set "
    "(sfb-desk-cli asteroid-table set), or play the asteroid damage at the table")
from .view import ship

#: How much the ship misses a box of each weapon type (higher: keep it).
WEAPON_VALUE = {
    "PH-3": 1.0, "PH-2": 2.0, "PH-G": 2.5, "PH-1": 3.0, "DRONE": 2.0, "ADD": 1.5,
    "DISRUPTOR": 4.0, "FUSION": 4.0, "PHOTON": 5.0, "HELLBORE": 5.0,
}
SYSTEM_VALUE = {
    "left_warp": 6.0, "right_warp": 6.0, "center_warp": 6.0, "impulse": 4.5, "apr": 4.0,
    "awr": 4.0, "bridge": 3.5, "sensor": 3.5, "scanner": 3.5, "battery": 2.5, "tractor": 1.0,
    "transporter": 1.0, "lab": 0.5, "hull": 0.2, "cargo": 0.1,
}


def box_value(spec, box: str) -> float:  # noqa: ANN001
    """How much the ship misses ``box`` (module docstring)."""
    for w in spec.weapons:
        if box in w.box_ids:
            code = w.type.strip().upper()
            if code.startswith("PLASMA"):
                return 5.0
            return WEAPON_VALUE.get(code, 3.0)
    system = box.split("#")[0]
    return SYSTEM_VALUE.get(system, 1.5)


def choice_answer(prompt, session, lv: Level) -> str:  # noqa: ANN001
    options = prompt.options
    fallback = prompt.default if prompt.default in options else options[0]
    key = prompt.key
    rule = prompt.rule or ""
    me = ship(session, prompt.unit) if prompt.unit else None
    if ".disengage." in key or rule == "C7.2":
        if lv.disengage and me is not None and me.crippled and "yes" in options:
            return "yes"
        return "no" if "no" in options else fallback
    if rule == "P3.2" and ".asteroids." in key:
        raise NoLegalAnswer(key, ASTEROIDS_UNANSWERED.format(unit=prompt.unit))
    if me is None:
        return fallback
    if ".web_ew." in key:  # E12.562: naming a ship to jam a cast web costs nothing
        ships = [o for o in options if o != "none"]
        return ships[0] if ships else fallback
    if ".mine_scan." in key:  # M7.2: a known minefield nearby is worth a point of power
        return "yes" if "yes" in options else fallback
    if ".shield." in key:  # D3.43 boundary shot, E4.431 feedback: the strongest shield
        def strength(option: str) -> tuple[int, str]:
            k = int(option.split()[-1])
            return me.shields.strength(k), option
        return max(options, key=strength)
    if ".repair." in key or rule == "D9.7":
        boxes = [o for o in options if o != "none"]
        if not boxes:
            return fallback
        return max(boxes, key=lambda b: (box_value(me.spec, b), b))
    if ".d22." in key or rule.startswith("D22"):
        return fallback
    if ".dac." in key:
        return min(options, key=lambda b: (box_value(me.spec, b), b))
    return fallback
