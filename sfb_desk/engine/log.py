"""The game log: an append-only list of numbered records of prompts, answers and events.

Every prompt the session asks, every answer it accepts, every answer it refuses (with the
rule) and every event the rules report is a :class:`LogRecord`, numbered from 0 in the order it
happened and stamped with the turn, impulse and step. The accepted answers alone, fed back to
a new session from the initial state, replay the game (:mod:`sfb_desk.engine.replay`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

PROMPT = "prompt"
ANSWER = "answer"
REFUSED = "refused"
EVENT = "event"
RECORD_KINDS = (PROMPT, ANSWER, REFUSED, EVENT)


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One line of the log. ``data`` is the prompt, the answer value, the refused answer and its
    :class:`~sfb_desk.rules.results.Refusal` as a pair, or the event. ``key`` is the prompt key
    (for prompts and answers) and ``source`` names the answer source (``script``, ``default``,
    ``seeded``, ``player`` ...)."""

    seq: int
    kind: str
    turn: int
    impulse: int
    step: str
    key: str
    data: object
    source: str = ""


class GameLog:
    """Append-only; records are never changed or removed (undo replays a shorter answer list)."""

    __slots__ = ("_records",)

    def __init__(self, records: list[LogRecord] | None = None) -> None:
        self._records: list[LogRecord] = list(records or ())

    def append(
        self, kind: str, turn: int, impulse: int, step: str, key: str, data: object, source: str = ""
    ) -> LogRecord:
        record = LogRecord(len(self._records), kind, turn, impulse, step, key, data, source)
        self._records.append(record)
        return record

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[LogRecord]:
        return iter(self._records)

    def __getitem__(self, index: int) -> LogRecord:
        return self._records[index]

    @property
    def records(self) -> tuple[LogRecord, ...]:
        return tuple(self._records)

    def of_kind(self, kind: str) -> list[LogRecord]:
        return [r for r in self._records if r.kind == kind]

    def answers(self) -> list[tuple[object, str]]:
        """The accepted answers in order, with their sources: what a replay feeds back."""
        return [(r.data, r.source) for r in self._records if r.kind == ANSWER]

    def answer_keys(self) -> list[str]:
        """The prompt key of each accepted answer, in the order of :meth:`answers`."""
        return [r.key for r in self._records if r.kind == ANSWER]

    def events(self) -> list[object]:
        return [r.data for r in self._records if r.kind == EVENT]
