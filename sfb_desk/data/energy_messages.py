"""The words of an energy allocation file's reading problems (:mod:`sfb_desk.data.energy_file`).

pydantic's own messages ("Input should be 'active', 'minimum' or 'off'") name no rule and, inside
a union (a weapon order list or object), fall back to the wrong hint; here each problem says
what the line allows and the rule that sets it.
"""

from __future__ import annotations

from pydantic import ValidationError

from sfb_desk.rules.energy.allocation import (
    ACTIONS,
    FIRE_CONTROL_MODES,
    LIFE_SUPPORT_MODES,
    PA_LEVELS,
    SHIELD_MODES,
)

FORMAT_NAME = "sfb-desk-energy"

HINTS = {
    "speed_plot": "a speed, or [[impulse, speed], ...] from impulse 1",
    "prev_plot": "a speed, or [[impulse, speed], ...] from impulse 1",
    "weapons": "a list of orders {\"box\": ..., \"action\": ...}, or an object keyed by box",
}
ENERGY_HINT = 'an amount of energy: 2, 0.5 or "1/2"'


def _either(words: tuple[str, ...]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1]


#: line -> (what its value is, the words it allows, the rule): the same vocabularies and rule
#: numbers as sfb_desk.rules.energy.allocation and the checks of sfb_desk.rules.energy.
CHOICES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "action": ("a weapon order", ACTIONS, "B3.1"),
    "shields": ("a shield setting", SHIELD_MODES, "D3.32; minimum is D3.33"),
    "life_support": ("a life support setting", LIFE_SUPPORT_MODES, "B3.3"),
    "fire_control": ("a fire control setting", FIRE_CONTROL_MODES, "D6.6; low power is D6.7"),
    "pa_level": ("a power absorber level", PA_LEVELS, "D10.22"),
}


def choice_message(line: str, given: object) -> str:
    """"'up' is not a shield setting: active, minimum or off (D3.32; minimum is D3.33)"."""
    what, words, rule = CHOICES[line]
    return f"{given!r} is not {what}: {_either(words)} ({rule})"


def _is_branch(part: object) -> bool:
    """A union-branch tag pydantic puts in an error location (``int``, ``list[...]``)."""
    return isinstance(part, str) and (part in ("int", "float", "str", "none", "bool")
                                      or "[" in part or part.startswith("function"))


def problems(error: ValidationError) -> list[str]:
    """One line per problem, with its place in the file (``weapons[0].energy``); the branches
    of a union (energy is a number or text) are reported once, the deepest place kept."""
    found: dict[str, str] = {}
    for e in error.errors():
        loc = list(e["loc"])
        union = any(_is_branch(p) for p in loc)
        loc = [p for p in loc if not _is_branch(p)]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        where = where or "file"
        last = next((p for p in reversed(loc) if isinstance(p, str)), "")
        message = e["msg"]
        if e["type"] == "extra_forbidden":
            message = ("unknown line: an energy allocation file has no such line (the README's "
                       "'Energy allocation files' lists every line)")
        elif where == "format" and e["type"] == "literal_error":
            message = (f"not an energy allocation file: format is {e.get('input')!r} "
                       f"(expected {FORMAT_NAME!r})")
        elif e["type"] == "literal_error" and last in CHOICES:
            message = choice_message(last, e.get("input"))
        elif union:
            message = "expected " + HINTS.get(last, ENERGY_HINT)
        found.setdefault(where, message)
    keep = [w for w in found
            if not any(o != w and (o.startswith(w + ".") or o.startswith(w + "[")) for o in found)]
    return [f"{w}: {found[w]}" for w in keep]
