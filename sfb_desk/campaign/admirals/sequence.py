"""The sequence of play of The Admiral's Edition (004 A0) as a phase tracker.

Ten steps a turn; patrols and raids are resolved before the other combat hexes (I2, I3). The
ledger keeps ``(turn, step)``; :func:`next_step` walks it, Reveal Completed Builds ending the
turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    number: int
    key: str
    title: str
    rule: str


STEPS: tuple[Step, ...] = (
    Step(1, "collect", "Collect EPs", "(D1), (D4)"),
    Step(2, "deficit", "Pay off last turn's deficit spending", "(D3)"),
    Step(3, "order", "Order new construction (written, secret)", "(E3)"),
    Step(4, "supply", "Determine in-supply status of ships and resupply", "(E1), (E2), (E7), (D5)"),
    Step(5, "plot", "Plot operational movement (written, secret)", "(C2)"),
    Step(6, "movement", "Operational movement, pulse by pulse; pinning and screening",
         "(C2)-(C5), (C8)"),
    Step(7, "combat", "Resolve combat hexes: patrols and raids, pinning battles, other battles",
         "(G1)-(G8), (I2), (I3)"),
    Step(8, "retrograde", "Retrograde movement", "(C7)"),
    Step(9, "repair", "Repair ships", "(H1)-(H3)"),
    Step(10, "reveal", "Reveal completed builds; ground-force EPs; free fighters; officers",
         "(E6), (E7), (E2), (I1), (I4)"),
)
BY_KEY = {s.key: s for s in STEPS}


def step(key_or_number: str | int) -> Step:
    if isinstance(key_or_number, int):
        if not 1 <= key_or_number <= len(STEPS):
            raise ValueError(f"the sequence of play has steps 1 to {len(STEPS)} (A0)")
        return STEPS[key_or_number - 1]
    try:
        return BY_KEY[key_or_number]
    except KeyError:
        raise ValueError(f"no step {key_or_number!r}; steps: {', '.join(BY_KEY)} (A0)") from None


def next_step(turn: int, number: int) -> tuple[int, int]:
    """The step after ``number`` of ``turn``: the next turn's step 1 after Reveal (A0)."""
    return (turn + 1, 1) if number >= len(STEPS) else (turn, number + 1)
