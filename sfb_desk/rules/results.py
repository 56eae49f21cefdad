"""What the rules hand back: a :class:`Refusal` for an illegal order, :class:`Event` for what happened.

DESIGN.md section 3: illegal input from a player returns a result naming the rule, never an
exception (exceptions are for programmer errors). Both types are small frozen records so that
the session can put them in the game log as they are and a save can write them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Refusal:
    """An order the rules do not allow: the rule number and a sentence a player can act on."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules made happen, for the log, the GUI and later issues.

    ``kind`` is a short machine name (``"moved"``, ``"het"``, ``"breakdown"``, ``"impact"`` ...),
    ``unit`` the unit it concerns (or None), ``rule`` the rule applied and ``text`` a sentence.
    ``data`` carries extra facts as sorted ``(name, value)`` pairs of JSON-friendly scalars or
    tuples of them, so an event is hashable and compares by value.
    """

    kind: str
    unit: str | None = None
    rule: str = ""
    text: str = ""
    data: tuple[tuple[str, object], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        for key, value in self.data:
            if key == name:
                return value
        return default


def event(kind: str, unit: str | None, rule: str, text: str, **data: object) -> Event:
    """Build an :class:`Event`; keyword arguments become its sorted ``data`` pairs."""
    return Event(kind, unit, rule, text, tuple(sorted(data.items())))


def first_refusal(*checks: Refusal | None) -> Refusal | None:
    """The first of ``checks`` that is a :class:`Refusal`, else None."""
    for check in checks:
        if check is not None:
            return check
    return None
