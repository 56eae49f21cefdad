"""A box id of the SSD in the words a player reads: ``phaser#1`` -> ``Phaser 1``.

Box ids (:meth:`sfb_desk.rules.ship.ShipSpec.box_ids`) are the program's names: the family and
the designator printed on the SSD, joined by ``#`` (``disruptor#A``, ``ppd#D``, ``dd#C``,
``shield3#5``, ``drone#1.2`` for box 2 of a two-box rack). Forms and order rows show them as
:func:`box_name` words; the id itself stays in their tool tips for a player who checks a
printed SSD. Sentences (the event log, prompts, refusals) word a box in the same order, lower case
(:func:`box_words`: ``disruptor B``, ``drone rack 2``, ``shield #3 box 5``), and
:func:`boxes_in_words` rewrites every box id in a text so (:mod:`sfb_desk.engine.words`).
"""

from __future__ import annotations

import re

from .weapon_types import WEAPON_TYPES

#: A box id inside a sentence: a family in lower case (``left_warp``, ``shield3``), ``#`` and a
#: designator (``1``, ``B``, ``1.2``), standing alone (``weapon:photon#C`` holds one too).
BOX_ID = re.compile(r"(?<![\w#])([a-z][a-z0-9_]*)#([A-Za-z0-9]+(?:\.[0-9]+)?)(?![\w#])")

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


def box_words(box: str) -> str:
    """A box id as a sentence names it, lower case but for initials: ``phaser#1`` ->
    ``phaser 1``, ``drone#2`` -> ``drone rack 2``, ``shield3#5`` -> ``shield #3 box 5``,
    ``ppd#D`` -> ``PPD D``; text without ``#`` is returned as it is."""
    name = box_name(box)
    if name is box or name[1:2].isupper():
        return name
    return name[:1].lower() + name[1:]


def boxes_in_words(text: str) -> str:
    """Every box id in ``text`` as :func:`box_words` says it: ``KLI-D7 disruptor#A at FED-CA``
    -> ``KLI-D7 disruptor A at FED-CA``; every seeking weapon's id as :func:`seekers_in_words`
    says it."""
    text = seekers_in_words(text)
    if "#" not in text:
        return text
    return BOX_ID.sub(lambda m: box_words(m.group(0)), text)


#: A seeking weapon's id as the robots and the replays name it: the launcher, the turn and
#: impulse of launch, the launching box's family and designator (``KLI-D7.T1I1.drone1``,
#: ``ROM-KR.T1I5.plasmaA``), with the words a text may already put before it ("type-I drone",
#: "plasma-S torpedo", "drone", "plasma").
SEEKER_ID = re.compile(
    r"(?<![\w.#-])(?:(?:type-(?P<type>\w+) )?(?P<what>drones?|plasma(?:-(?P<ptype>\w+))?"
    r"(?: torpedo)?|shuttle|seeker) )?"
    r"(?P<ship>[A-Za-z][\w-]*)\.T(?P<turn>\d+)I(?P<impulse>\d+)\.(?P<family>[a-z_]+?)"
    r"(?P<des>[A-Z]|\d+)(?![\w#-]|\.\w)")


def seeker_words(match: re.Match[str]) -> str:
    """One :data:`SEEKER_ID` match in words: ``type-I drone KLI-D7.T1I1.drone1`` ->
    ``KLI-D7's drone 1 (type I, launched turn 1 impulse 1)``; ``ROM-KR.T1I5.plasmaA`` ->
    ``ROM-KR's plasma A (launched turn 1 impulse 5)``."""
    family, des = match["family"], match["des"]
    what = f"drone {des}" if family in ("drone", "rack") else box_words(f"{family}#{des}")
    kind = f"type {match['type']}" if match["type"] else (
        f"plasma-{match['ptype']}" if match["ptype"] else "")
    when = f"launched turn {match['turn']} impulse {match['impulse']}"
    return f"{match['ship']}'s {what} ({kind + ', ' if kind else ''}{when})"


def seekers_in_words(text: str) -> str:
    """Every seeking weapon's id in ``text`` (:data:`SEEKER_ID`) in words (:func:`seeker_words`):
    ``FED-CA fires phaser 1 at KLI-D7.T1I1.drone1`` -> ``FED-CA fires phaser 1 at KLI-D7's
    drone 1 (launched turn 1 impulse 1)``."""
    if ".T" not in text:
        return text
    return SEEKER_ID.sub(seeker_words, text)


def option_words(option: str) -> str:
    """A choice's option as a sentence says it: a box id in words (``drone#1`` -> ``drone rack
    1``), a D22 cut ``weapon:photon#C`` as its weapon (``photon C``), a line of the energy
    allocation ``phaser_capacitor`` as ``phaser capacitor``."""
    kind, colon, rest = option.partition(":")
    if colon and "#" in rest and " " not in kind:
        option = rest
    if "#" in option:
        return boxes_in_words(option)
    return option.replace("_", " ") if " " not in option else option
