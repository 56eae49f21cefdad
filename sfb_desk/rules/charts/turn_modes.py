"""The Turn Mode Chart (C3.31): how many hexes a unit must move straight before it may turn.

Each category (C3.3: AA, A..F for ships, shuttles, seeking weapons) is a row of brackets; the
n-th bracket is turn mode n. The data is the upper speed of each bracket, as the reference
prints it (../shared/reference/basic-set-facts.md section 5.9, High: the 2012 Master Rulebook
chart as transcribed by one peer, the SFB Online client's chart and a second peer agree; C3.23's
"D ... three at a speed of nine" checks it). The last bracket is open ("27+").

Cross-check: the turn-mode boxes printed on the Advanced Missions SSDs (ssd_tables.json, "TURN
MODE CHART") give the same brackets for AA and A..E at every speed from 2 up; they start at
speed 2, so speed 1 is read as the first bracket (turn mode 1); F is never printed there. See
sfb_desk/rules/decisions.md (C3.31).

Speed 0: a unit that does not move has no turn mode to satisfy; it changes facing only by a
tactical maneuver (C5) or an HET (C6). ``turn_mode(category, 0)`` returns 0, as pinwheels reset
"all turn modes to zero" at speed zero (C14.15). Speeds above 32 raise ValueError (C1.4).
Modifiers (EM +1, C10.55; docked +1, C13.922; legendary navigator, G22.811) are the caller's.
"""

from __future__ import annotations

from .impulse import MAX_SPEED

#: Upper speed of each turn-mode bracket, for turn mode 1, 2, 3 ...; None = the open bracket.
TURN_MODE_BRACKETS: dict[str, tuple[int | None, ...]] = {
    "AA": (8, 16, 24, None),
    "A": (6, 12, 19, 26, None),
    "B": (5, 10, 15, 21, 28, None),
    "C": (4, 9, 14, 20, 27, None),
    "D": (4, 8, 12, 17, 24, None),
    "E": (3, 6, 10, 14, 20, 29, None),
    "F": (3, 5, 9, 13, 17, 23, 29, None),
    "Shuttle": (11, 23, None),
    "Seeking": (None,),  # seeking weapons: turn mode 1 at all speeds
    "Monster": (None,),  # SM7.467: a Space Dragon has a turn mode of 1 in all cases
}

TURN_MODE_CATEGORIES: tuple[str, ...] = tuple(TURN_MODE_BRACKETS)

_BY_KEY = {k.upper(): k for k in TURN_MODE_BRACKETS}


def _table(brackets: tuple[int | None, ...]) -> tuple[int, ...]:
    modes = [0]  # speed 0
    for speed in range(1, MAX_SPEED + 1):
        mode = next(
            n for n, top in enumerate(brackets, start=1) if top is None or speed <= top
        )
        modes.append(mode)
    return tuple(modes)


# _BY_SPEED[category][speed] for speeds 0..32, precomputed from the brackets.
_BY_SPEED: dict[str, tuple[int, ...]] = {k: _table(v) for k, v in TURN_MODE_BRACKETS.items()}


def category(name: str) -> str:
    """The canonical category name (case-insensitive: "aa" -> "AA", "shuttle" -> "Shuttle")."""
    try:
        return _BY_KEY[name.strip().upper()]
    except (KeyError, AttributeError):
        known = ", ".join(TURN_MODE_CATEGORIES)
        raise ValueError(f"unknown turn-mode category {name!r} (C3.3; known: {known})") from None


def turn_mode(letter: str, speed: int) -> int:
    """Hexes a unit of category ``letter`` at ``speed`` must move straight before turning."""
    table = _BY_SPEED[category(letter)]
    if not isinstance(speed, int) or not 0 <= speed <= MAX_SPEED:
        raise ValueError(f"speed must be 0..{MAX_SPEED} (C1.4, C2.112), not {speed!r}")
    return table[speed]


def speed_brackets(letter: str) -> tuple[tuple[int, int | None], ...]:
    """The brackets as (lowest, highest) speeds, turn mode 1 first; highest None = open."""
    brackets = TURN_MODE_BRACKETS[category(letter)]
    out: list[tuple[int, int | None]] = []
    low = 1
    for top in brackets:
        out.append((low, top))
        if top is not None:
            low = top + 1
    return tuple(out)
