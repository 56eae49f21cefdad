"""What the session asks the table for: dice, a choice, or orders (DESIGN.md section 4).

Every prompt has a ``key`` unique within a game (``T2.I17.6A2.move.ENT``): answer sources can
address a prompt by it, the seeded dice derive the roll from it, and the log shows it. A prompt
with a ``default`` may be answered with that default by a source that has nothing to say (no
sideslip this impulse, no launches); a prompt without one needs a real answer (dice, the energy
allocation, the speed plot).

Answers are plain JSON values (ints, strings, lists, dicts) so that the log saves as it is:
dice are a list of ``count`` totals (``[4]`` for one 1d6, ``[7, 9]`` for two 2d6 rolls), a
choice is one of the ``options``, orders are documented per kind in :data:`ORDER_KINDS`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..rules.results import Refusal

DICE_KINDS = {"1d6": (1, 6), "2d6": (2, 12)}

#: Order kinds and the shape of their answers.
ORDER_KINDS: dict[str, str] = {
    "speed_plot": "a speed, or [[impulse, speed], ...] from impulse 1 (C12.12); negative = reverse",
    "energy_allocation": "a dict; movement keys 'hets' (int), 'warp_tacs' (int), 'sublight_tac' "
    "(bool), 'em' (bool) are read now, the rest is kept for the energy issue (B3)",
    "movement": "straight, turn left/right, slip left/right, het A-F, tac left/right, stay "
    "(the prompt's options list the legal ones; 'het' there means any 'het A-F')",
    "announce": "{unit: {'speed': n, 'until': i, 'impulse_reserve': bool} | {'em': 'start'|'stop'}"
    " | {'decel': true}} (C12.36, C10.311, C8)",
    "launches": "{unit: {'seekers': [{'id', 'kind': 'drone'|'plasma', 'speed', 'target'}], ...}}",
    "fire": "{unit: record} (kept for the fire issue)",
    "disengage": "yes or no",
    "anchor_buoys": "{unit: 'drop'}: drop a charged web anchor buoy in the anchored web hex "
    "the ship stands in (G26.32, G26.36)",
    "lay_mines": "{unit: [{'from': 'rack#1' | 'nsm' | 'mls', 'size': 'large' | 'small', "
    "'detection': 1-6, 'zone': 0 | 1, 'sizes': [1..8], 'nth': 0}]} (M9.0)",
    "reserve_reinforcement": "{'general': n (2 reserve power a point), 'specific': n (1 a point "
    "on the shield struck)} (H7.134)",
    "cloak": "{ship: 'cloak' | 'decloak'} (G13.14, G13.15)",
    "self_destruct": "{ship: true} to destroy a ship of your own (D5.5, D5.51)",
    "tractors": "{ship: {'link': [{'box', 'target', 'power'}], 'release': [target]}} (G7.4)",
    "tractor_bid": "{'power': n}: the reserve power added to the link (G7.414)",
    "marines": "{ship: {'drop': [shield], 'raise': [shield], 'guards': [box], 'raids': "
    "[{'target', 'box'}], 'board': [{'target', 'parties'}], 'tbombs': [{'hex'}]}} "
    "(D3.5, D7.8, D7, G8, M3.22)",
    "displacement": "{ship: [{'box', 'target', 'direction': A-F or 'swap': [n, m]}]} (G18.311)",
    "panels": "{ship: {'level': a panel level, 'drop': [bank], 'raise': [bank]}} (D10.25, "
    "D10.26)",
    "sat_ships": "{mothership: {'launch': [{'ship', 'hex', 'facing', 'speed'}], 'recover': "
    "[ship], 'transfer': [{'module', 'from', 'points'}]}} (G19.4, G20.31)",
}


@dataclass(frozen=True, slots=True)
class DiceRequest:
    """Roll ``count`` times ``kind`` (1d6 or 2d6) for ``purpose``; the answer is the totals."""

    key: str
    purpose: str
    kind: str = "1d6"
    count: int = 1
    rule: str = ""
    unit: str | None = None
    default: object = None
    #: one line per roll (what each die is for), shown to the table
    lines: tuple[str, ...] = ()
    #: the key of each roll when one request stands for several (to-hit dice of a volley):
    #: scripted answers and the seeded dice address each roll by it
    parts: tuple[str, ...] = ()
    #: whose dice they are when no one ``unit`` says it (the to-hit dice of a side's volley
    #: from several ships): robots, the seeded dice per side and the table read it
    side: str | None = None

    prompt_type = "dice"


@dataclass(frozen=True, slots=True)
class Choice:
    """Pick one of ``options`` (a boundary shield, a box, yes or no)."""

    key: str
    purpose: str
    options: tuple[str, ...]
    rule: str = ""
    unit: str | None = None
    default: object = None

    prompt_type = "choice"


@dataclass(frozen=True, slots=True)
class Orders:
    """Orders of ``kind`` (see :data:`ORDER_KINDS`) for one ``unit`` or for all units of ``side``.

    ``options`` lists the legal orders where the rules can enumerate them (movement).
    """

    key: str
    kind: str
    purpose: str
    unit: str | None = None
    side: str | None = None
    options: tuple[str, ...] = ()
    rule: str = ""
    default: object = None

    prompt_type = "orders"


Prompt = DiceRequest | Choice | Orders
PROMPT_TYPES: dict[str, type] = {"dice": DiceRequest, "choice": Choice, "orders": Orders}


def check_dice(prompt: DiceRequest, answer: object) -> tuple[int, ...] | Refusal:
    """The totals of a dice answer, or a refusal saying what was expected.

    A bare int is accepted for a single roll. The refusal names the rule the roll is for (the
    prompt's, e.g. C6.5 for a breakdown roll); "dice" only for a request without one.
    """
    rule = prompt.rule or "dice"
    low, high = DICE_KINDS[prompt.kind]
    values = [answer] if isinstance(answer, int) and not isinstance(answer, bool) else answer
    if (
        not isinstance(values, (list, tuple))
        or len(values) != prompt.count
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    ):
        return Refusal(rule, f"{prompt.purpose}: expected {prompt.count} roll(s) of {prompt.kind}")
    for v in values:
        if not low <= v <= high:
            return Refusal(rule, f"{prompt.purpose}: {v} is not a {prompt.kind} roll ({low}-{high})")
    return tuple(values)


def check_choice(prompt: Choice, answer: object) -> str | Refusal:
    if answer in prompt.options:
        return answer  # type: ignore[return-value]
    return Refusal(prompt.rule or "choice", f"{prompt.purpose}: choose one of {', '.join(prompt.options)}")


def canonical(value: object) -> str:
    """A record as canonical JSON (sorted keys, no spaces): stable across save and load."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
