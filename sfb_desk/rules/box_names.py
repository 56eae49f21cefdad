"""A box id of the SSD in the words a player reads: ``phaser#1`` -> ``Phaser 1``.

Box ids (:meth:`sfb_desk.rules.ship.ShipSpec.box_ids`) are the program's names: the family and
the designator printed on the SSD, joined by ``#`` (``disruptor#A``, ``ppd#D``, ``dd#C``,
``shield3#5``, ``drone#1.2`` for box 2 of a two-box rack). Forms and order rows show them as
:func:`box_name` words; the id itself stays in their tool tips for a player who checks a
printed SSD. The table-correction event of the engine words a box in the same order, lower case
(:func:`sfb_desk.engine.corrections.box_words`: ``disruptor B``).
"""

from __future__ import annotations

from .weapon_types import WEAPON_TYPES

#: Family (box-id prefix) -> its name on a form, where it is not the family capitalised.
FAMILY_WORDS: dict[str, str] = {
    "ppd": "PPD",
    "webcaster": "Web caster",
    "webfist": "Web fist",
    "dd": "Displacement device",
    "esg": "ESG",
    "sfg": "Stasis field generator",
    "tr": "TR beam",
    "add": "ADD",
    "drone": "Drone rack",
    "rack": "Drone rack",
    "option": "Option mount",
    "apr": "APR",
    "awr": "AWR",
    "uim": "UIM",
    "derfacs": "DERFACS",
    "pa_fwd": "PA panels forward",
    "pa_aft": "PA panels aft",
    "excess_damage": "Excess damage",
    "crew": "Crew unit",
    "boarding": "Boarding party",
    "shuttle": "Shuttle",
}


def family_word(family: str) -> str:
    """``webcaster`` -> ``Web caster``; ``left_warp`` -> ``Left warp``."""
    word = FAMILY_WORDS.get(family)
    if word is not None:
        return word
    text = family.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def box_name(box: str) -> str:
    """``disruptor#A`` -> ``Disruptor A``; ``shield3#5`` -> ``Shield #3 box 5``;
    ``drone#1.2`` -> ``Drone rack 1 box 2``; text without ``#`` is returned as it is."""
    if "#" not in box:
        return box
    family, _, designator = box.partition("#")
    if family.startswith("shield") and family[6:].isdigit():
        return f"Shield #{family[6:]} box {designator}"
    designator, dot, part = designator.partition(".")
    name = f"{family_word(family)} {designator}".strip()
    return f"{name} box {part}" if dot else name


def weapon_name(box: str, type_code: str) -> str:
    """A weapon's box in words with its type where the family does not already say it:
    ``phaser#1``, ``PH-1`` -> ``Phaser 1 (Phaser-1)``; ``photon#A``, ``PHOTON`` ->
    ``Photon A``; ``plasma#A``, ``PLASMA-S`` -> ``Plasma A (Plasma-S torpedo)``."""
    name = box_name(box)
    family = box.partition("#")[0]
    wtype = WEAPON_TYPES.get(type_code.upper())
    type_name = (wtype.name if wtype is not None else type_code).lower()
    word = family_word(family).lower()
    if wtype is None:  # a code outside the catalogue: PROBE, SHUTTLE ...
        same = type_name in ("", word, family.lower())
        return name if same else f"{name} ({type_code})"
    if type_name == word or type_name.startswith(word + " "):
        return name
    return f"{name} ({wtype.name})"
